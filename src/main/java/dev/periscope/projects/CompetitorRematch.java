package dev.periscope.projects;

import dev.periscope.jobs.JobHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;

/**
 * Re-matches a competitor's names over the project's stored answers, then clears {@code processing}. Matching
 * belongs to extraction, which does not exist yet; until it does there is nothing to match and the job only
 * clears the flag.
 */
@Component
class CompetitorRematch implements JobHandler {
    private final JdbcClient db;

    CompetitorRematch(JdbcClient db) {
        this.db = db;
    }

    @Override
    public String kind() {
        return Competitors.REMATCH_JOB;
    }

    @Override
    public void handle(JsonNode payload) {
        db.sql("UPDATE competitors SET processing = false WHERE id = :id")
                .param("id", payload.get("competitor_id").longValue()).update();
    }
}
