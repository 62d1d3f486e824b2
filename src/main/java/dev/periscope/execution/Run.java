package dev.periscope.execution;

import java.time.LocalDate;

/** A claimed run: one prompt on one engine in one cycle, sample number {@code sample}, attempt {@code attempts}. */
public record Run(long id, long projectId, long promptId, String model, LocalDate cycle, int sample, int attempts,
                  int maxAttempts) {
    /** Stable per run, so the demo engine answers the same run the same way. */
    public String seed() {
        return promptId + ":" + model + ":" + cycle + ":" + sample;
    }
}
