package dev.periscope.projects;

import dev.periscope.jobs.JobHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;

/** Removes a deleted prompt for good; its executions and everything extracted from them cascade with it. */
@Component
class PromptPurge implements JobHandler {
    private final JdbcClient db;

    PromptPurge(JdbcClient db) {
        this.db = db;
    }

    @Override
    public String kind() {
        return Prompts.PURGE_JOB;
    }

    @Override
    public void handle(JsonNode payload) {
        db.sql("DELETE FROM prompts WHERE id = :id AND deleted_at IS NOT NULL")
                .param("id", payload.get("prompt_id").longValue()).update();
    }
}
