package dev.periscope.execution.engines;

import java.util.List;

/**
 * One prompt to ask, in a locale. {@code subject} describes the tracked brand; real engines ignore it, the offline
 * demo engine writes its answers from it. {@code seed} makes the demo engine repeatable per run.
 */
public record EngineRequest(String prompt, String countryCode, String languageCode, Subject subject, String seed) {

    public record Subject(String brandName, String domain, List<Rival> rivals) {
    }

    public record Rival(String brandName, String domain) {
    }
}
