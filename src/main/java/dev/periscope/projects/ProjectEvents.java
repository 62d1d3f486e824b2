package dev.periscope.projects;

import java.util.List;

/** What the write model announces, published inside the writing transaction. */
public final class ProjectEvents {
    private ProjectEvents() {
    }

    /** New prompts that should run now (when the project executes prompts immediately) or at the next cycle. */
    public record PromptsCreated(long projectId, List<Long> promptIds, boolean runNow) {
    }

    public record ProjectCreated(long projectId, long accountId) {
    }
}
