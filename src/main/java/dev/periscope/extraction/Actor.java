package dev.periscope.extraction;

import java.util.List;

/**
 * Someone an answer may mention: the project's own brand ({@code PROJECT}, id = project id) or a competitor
 * ({@code COMPETITOR}, id = competitor id). {@code matchingNames} always contains the brand name.
 */
public record Actor(Type type, long id, String name, String domain, List<String> matchingNames) {
    public enum Type { PROJECT, COMPETITOR }

    public Actor {
        matchingNames = List.copyOf(matchingNames);
    }

    public boolean isProject() {
        return type == Type.PROJECT;
    }

    /** The competitor id, or null for the project's brand (the spec's {@code competitor_id}). */
    public Long competitorId() {
        return type == Type.COMPETITOR ? id : null;
    }
}
