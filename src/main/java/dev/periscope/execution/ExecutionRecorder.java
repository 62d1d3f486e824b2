package dev.periscope.execution;

import dev.periscope.execution.engines.EngineAnswer;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.json.JsonMapper;

/**
 * Records the outcome of a run as its execution, in one transaction with the run's new status. The execution's
 * unique key (prompt, model, cycle, sample) makes a second recording of the same run a no-op, so a worker that
 * lost its lease and finishes late cannot double a run.
 */
@Component
public class ExecutionRecorder {
    private static final String INSERT = """
            INSERT INTO prompt_executions (project_id, prompt_id, model, executed_at, success, country_code,
                                           language_code, cycle, sample, engine_adapter, model_version, response,
                                           no_result, error, duration_ms, attempts, fan_out_queries, engine_citations,
                                           structured, input_tokens, output_tokens, cost_usd, raw_response,
                                           has_citation, citations_count)
            SELECT :project, p.id, :model, :executedAt, :success, p.country_code, p.language_code, :cycle, :sample,
                   :adapter, :modelVersion, :response, :noResult, :error, :duration, :attempts, :fanOut,
                   CAST(:citations AS jsonb), CAST(:structured AS jsonb), :inputTokens, :outputTokens, :cost, :raw,
                   :hasCitation, :citationsCount
              FROM prompts p WHERE p.id = :prompt
            ON CONFLICT (prompt_id, model, cycle, sample) DO NOTHING
            RETURNING id
            """;

    private final JdbcClient db;
    private final JsonMapper json;
    private final ApplicationEventPublisher events;

    public ExecutionRecorder(JdbcClient db, JsonMapper json, ApplicationEventPublisher events) {
        this.db = db;
        this.json = json;
        this.events = events;
    }

    @Transactional
    public long succeeded(Run run, String adapter, EngineAnswer answer, Instant executedAt, long durationMs) {
        List<Map<String, Object>> citations = answer.citations().stream().map(citation -> {
            Map<String, Object> item = new java.util.LinkedHashMap<>();
            item.put("url", citation.url());
            item.put("title", citation.title());
            item.put("position", citation.position());
            if (citation.domain() != null) {
                item.put("domain", citation.domain());
            }
            return item;
        }).toList();
        Long id = db.sql(INSERT)
                .param("project", run.projectId()).param("prompt", run.promptId()).param("model", run.model())
                .param("executedAt", OffsetDateTime.ofInstant(executedAt, ZoneOffset.UTC)).param("success", true)
                .param("cycle", run.cycle()).param("sample", run.sample()).param("adapter", adapter)
                .param("modelVersion", answer.modelVersion()).param("response", answer.text())
                .param("noResult", answer.noResult()).param("error", null)
                .param("duration", (int) Math.min(Integer.MAX_VALUE, durationMs)).param("attempts", run.attempts())
                .param("fanOut", answer.fanOutQueries().toArray(String[]::new))
                .param("citations", json.writeValueAsString(citations))
                .param("structured", json.writeValueAsString(answer.structured()))
                .param("inputTokens", answer.usage() == null ? null : answer.usage().inputTokens())
                .param("outputTokens", answer.usage() == null ? null : answer.usage().outputTokens())
                .param("cost", answer.usage() == null ? null : answer.usage().costUsd())
                .param("raw", Gzip.compress(answer.rawResponse()))
                .param("hasCitation", !citations.isEmpty()).param("citationsCount", citations.size())
                .query(Long.class).optional().orElse(null);
        return finish(run, id, "succeeded", null, executedAt, true);
    }

    @Transactional
    public long failed(Run run, String adapter, String error, Instant executedAt, long durationMs) {
        Long id = db.sql(INSERT)
                .param("project", run.projectId()).param("prompt", run.promptId()).param("model", run.model())
                .param("executedAt", OffsetDateTime.ofInstant(executedAt, ZoneOffset.UTC)).param("success", false)
                .param("cycle", run.cycle()).param("sample", run.sample()).param("adapter", adapter)
                .param("modelVersion", null).param("response", "").param("noResult", false).param("error", error)
                .param("duration", (int) Math.min(Integer.MAX_VALUE, durationMs)).param("attempts", run.attempts())
                .param("fanOut", new String[0]).param("citations", "[]").param("structured", "{}")
                .param("inputTokens", null).param("outputTokens", null).param("cost", null).param("raw", null)
                .param("hasCitation", false).param("citationsCount", 0)
                .query(Long.class).optional().orElse(null);
        return finish(run, id, "failed", error, executedAt, false);
    }

    private long finish(Run run, Long insertedId, String status, String error, Instant executedAt, boolean success) {
        long executionId = insertedId != null ? insertedId : db.sql("""
                        SELECT id FROM prompt_executions
                         WHERE prompt_id = :prompt AND model = :model AND cycle = :cycle AND sample = :sample
                        """)
                .param("prompt", run.promptId()).param("model", run.model()).param("cycle", run.cycle())
                .param("sample", run.sample()).query(Long.class).single();
        db.sql("""
                        UPDATE prompt_runs SET status = :status, execution_id = :execution, last_error = :error,
                                               finished_at = :now, locked_by = NULL, locked_until = NULL
                         WHERE id = :id
                        """)
                .param("status", status).param("execution", executionId).param("error", error)
                .param("now", OffsetDateTime.ofInstant(executedAt, ZoneOffset.UTC)).param("id", run.id()).update();
        if (insertedId != null) {
            db.sql("UPDATE prompts SET last_executed_at = greatest(last_executed_at, :at) WHERE id = :id")
                    .param("at", OffsetDateTime.ofInstant(executedAt, ZoneOffset.UTC)).param("id", run.promptId()).update();
            events.publishEvent(new ExecutionEvents.ExecutionCompleted(executionId, run.projectId(), success));
        }
        return executionId;
    }
}
