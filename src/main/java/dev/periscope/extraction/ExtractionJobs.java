package dev.periscope.extraction;

import dev.periscope.jobs.JobHandler;
import dev.periscope.projects.Competitors;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;

/** Background extraction: one execution as it lands; a project's history when a competitor or its names change. */
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
}
