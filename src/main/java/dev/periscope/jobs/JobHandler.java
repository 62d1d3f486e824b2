package dev.periscope.jobs;

import tools.jackson.databind.JsonNode;

/** Runs one kind of job. Handlers must be idempotent: a job may run again after a crash mid-way. */
public interface JobHandler {
    String kind();

    void handle(JsonNode payload) throws Exception;
}
