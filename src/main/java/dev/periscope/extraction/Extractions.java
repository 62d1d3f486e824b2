package dev.periscope.extraction;

import dev.periscope.execution.ExecutionEvents;
import dev.periscope.jobs.Jobs;
import dev.periscope.shared.SqlArrays;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Runs extraction where it is needed: for each execution as it lands (through a durable job enqueued in the
 * recording transaction), and over a project's whole history when its actors change (a new competitor, new names).
 */
@Component
public class Extractions {
    public static final String EXECUTION_JOB = "extraction.execution";
    private static final Logger log = LoggerFactory.getLogger(Extractions.class);
    private static final int BATCH = 500;
    private static final TypeReference<List<Map<String, Object>>> LIST_OF_MAPS = new TypeReference<>() {
    };

    private final JdbcClient db;
    private final JsonMapper json;
    private final Jobs jobs;
    private final ExtractionStore store;
    private final SentimentAnalyzers analyzers;

    public Extractions(JdbcClient db, JsonMapper json, Jobs jobs, ExtractionStore store, SentimentAnalyzers analyzers) {
        this.db = db;
        this.json = json;
        this.jobs = jobs;
        this.store = store;
        this.analyzers = analyzers;
    }

    /** Outbox: the job is written in the transaction that records the execution, so it can never be lost. */
    @EventListener
    public void onExecutionCompleted(ExecutionEvents.ExecutionCompleted event) {
        if (event.success()) {
            jobs.enqueue(EXECUTION_JOB, Map.of("execution_id", event.executionId()), EXECUTION_JOB + ":" + event.executionId());
        }
    }

    /** The project's actors as they are now: the brand and every live competitor. */
    public Subject subject(long projectId) {
        Map<String, Object> project = db.sql("SELECT id, brand_name, domain, matching_names, use_subdomain FROM projects WHERE id = :id")
                .param("id", projectId)
                .query((rs, n) -> Map.<String, Object>of("brand", rs.getString("brand_name"), "domain", rs.getString("domain"),
                        "names", SqlArrays.strings(rs.getArray("matching_names")), "exact", rs.getBoolean("use_subdomain")))
                .single();
        @SuppressWarnings("unchecked")
        List<String> brandNames = (List<String>) project.get("names");
        Actor brand = new Actor(Actor.Type.PROJECT, projectId, (String) project.get("brand"), (String) project.get("domain"),
                brandNames);
        List<Actor> competitors = db.sql("""
                        SELECT id, brand_name, domain, matching_names FROM competitors
                         WHERE project_id = :id AND deleted_at IS NULL ORDER BY id
                        """)
                .param("id", projectId)
                .query((rs, n) -> new Actor(Actor.Type.COMPETITOR, rs.getLong("id"), rs.getString("brand_name"),
                        rs.getString("domain"), SqlArrays.strings(rs.getArray("matching_names"))))
                .list();
        return new Subject(brand, competitors, (Boolean) project.get("exact"));
    }

    /** Extracts one execution (idempotent: its earlier records are replaced). */
    public void extractExecution(long executionId) {
        List<Answer> answers = db.sql(SELECT_ANSWERS + " WHERE e.id = :id AND e.success").param("id", executionId)
                .query(this::answer).list();
        if (answers.isEmpty()) {
            return;
        }
        Extractor extractor = new Extractor(subject(answers.get(0).target().projectId()), analyzers.current());
        store.replace(List.of(extract(extractor, answers.get(0))));
    }

    /** Re-extracts every successful execution of a project, in batches; returns how many. */
    public int extractProject(long projectId) {
        Extractor extractor = new Extractor(subject(projectId), analyzers.current());
        long after = 0;
        int done = 0;
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
        try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            while (true) {
                List<Answer> batch = db.sql(SELECT_ANSWERS + " WHERE e.project_id = :project AND e.success AND e.id > :after ORDER BY e.id LIMIT :limit")
                        .param("project", projectId).param("after", after).param("limit", BATCH)
                        .query(this::answer).list();
                if (batch.isEmpty()) {
                    break;
                }
                List<Future<ExtractionStore.Result>> futures = new ArrayList<>();
                for (Answer answer : batch) {
                    futures.add(pool.submit(() -> extract(extractor, answer)));
                }
                List<ExtractionStore.Result> results = new ArrayList<>();
                for (Future<ExtractionStore.Result> future : futures) {
                    try {
                        results.add(future.get());
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException("interrupted while re-extracting project " + projectId, e);
                    } catch (java.util.concurrent.ExecutionException e) {
                        throw new IllegalStateException("extraction failed", e.getCause());
                    }
                }
                store.replace(results);
                done += batch.size();
                after = batch.get(batch.size() - 1).target().executionId();
            }
        }
        log.info("Re-extracted {} executions of project {}", done, projectId);
        return done;
    }

    private ExtractionStore.Result extract(Extractor extractor, Answer answer) {
        return new ExtractionStore.Result(answer.target(), extractor.extract(answer.text(), answer.citations(),
                answer.products()), analyzers.current().name());
    }

    private static final String SELECT_ANSWERS = """
            SELECT e.id, e.project_id, e.prompt_id, e.model, e.executed_at, e.response,
                   e.engine_citations::text AS citations, e.structured::text AS structured
              FROM prompt_executions e
            """;

    private Answer answer(ResultSet rs, int n) throws SQLException {
        ExtractionStore.Target target = new ExtractionStore.Target(rs.getLong("id"), rs.getLong("project_id"),
                rs.getLong("prompt_id"), rs.getString("model"), rs.getObject("executed_at", OffsetDateTime.class));
        List<EngineCitation> citations = new ArrayList<>();
        for (JsonNode citation : json.readTree(rs.getString("citations"))) {
            citations.add(new EngineCitation(citation.path("url").asString(null), citation.path("title").asString(null),
                    citation.path("position").asInt(0), citation.path("domain").asString(null)));
        }
        JsonNode structured = json.readTree(rs.getString("structured"));
        List<Map<String, Object>> products = structured.has("shopping_products")
                ? json.readValue(structured.get("shopping_products").toString(), LIST_OF_MAPS) : List.of();
        return new Answer(target, rs.getString("response"), citations, products);
    }


    private record Answer(ExtractionStore.Target target, String text, List<EngineCitation> citations,
                          List<Map<String, Object>> products) {
    }
}
