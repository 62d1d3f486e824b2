package dev.periscope.projects;

import dev.periscope.jobs.JobHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;

/** Removes a deleted competitor for good, with the data tracked for it. */
@Component
class CompetitorPurge implements JobHandler {
    private final JdbcClient db;

    CompetitorPurge(JdbcClient db) {
        this.db = db;
    }

    @Override
    public String kind() {
        return Competitors.PURGE_JOB;
    }

    @Override
    public void handle(JsonNode payload) {
        db.sql("DELETE FROM competitors WHERE id = :id AND deleted_at IS NOT NULL")
                .param("id", payload.get("competitor_id").longValue()).update();
    }
}
