package dev.periscope.extraction;

import dev.periscope.jobs.JobHandler;
import dev.periscope.projects.Competitors;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;

/** Background extraction: one execution as it lands; a project's history when its competitors change. */
final class ExtractionJobs {
    private ExtractionJobs() {
    }

    @Component
    static final class OneExecution implements JobHandler {
        private final Extractions extractions;

        OneExecution(Extractions extractions) {
            this.extractions = extractions;
        }

        @Override
        public String kind() {
            return Extractions.EXECUTION_JOB;
        }

        @Override
        public void handle(JsonNode payload) {
            extractions.extractExecution(payload.get("execution_id").longValue());
        }
    }

    /**
     * Re-matches the project's stored answers after a competitor was added or renamed, then clears the competitor's
     * {@code processing} flag (spec "States and transitions", Competitor).
     */
    @Component
    static final class Rematch implements JobHandler {
        private final Extractions extractions;
        private final JdbcClient db;

        Rematch(Extractions extractions, JdbcClient db) {
            this.extractions = extractions;
            this.db = db;
        }

        @Override
        public String kind() {
            return Competitors.REMATCH_JOB;
        }

        @Override
        public void handle(JsonNode payload) {
            extractions.extractProject(payload.get("project_id").longValue());
            db.sql("UPDATE competitors SET processing = false WHERE id = :id")
                    .param("id", payload.get("competitor_id").longValue()).update();
        }
    }

    /**
     * Removes a deleted competitor for good, then re-extracts the project's history so the sources it owned become
     * third-party sources again and nothing refers to it.
     */
    @Component
    static final class Purge implements JobHandler {
        private final Extractions extractions;
        private final JdbcClient db;

        Purge(Extractions extractions, JdbcClient db) {
            this.extractions = extractions;
            this.db = db;
        }

        @Override
        public String kind() {
            return Competitors.PURGE_JOB;
        }

        @Override
        public void handle(JsonNode payload) {
            long competitorId = payload.get("competitor_id").longValue();
            Long projectId = db.sql("DELETE FROM competitors WHERE id = :id AND deleted_at IS NOT NULL RETURNING project_id")
                    .param("id", competitorId).query(Long.class).optional().orElse(null);
            if (projectId != null) {
                extractions.extractProject(projectId);
            }
        }
    }
}
