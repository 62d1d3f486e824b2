package dev.periscope.execution;

import static org.assertj.core.api.Assertions.assertThat;

import dev.periscope.plans.Plan;
import dev.periscope.support.ApiClient;
import dev.periscope.support.FakeProviderServer;
import dev.periscope.support.IntegrationTest;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/** Issue "Engines": every prompt on every engine each cycle, never lost, never doubled. */
class ExecutionPipelineIT extends IntegrationTest {
    private static final int ENGINES = 7;

    @Autowired
    RunQueue runQueue;
    @Autowired
    ExecutionRecorder recorder;
    @Autowired
    Engines engines;
    @Autowired
    MeterRegistry meters;

    @BeforeEach
    void happyProviders() {
        resetProviders();
        runRuns();
    }

    private long executions(long projectId) {
        return db.sql("SELECT count(*) FROM prompt_executions WHERE project_id = :p").param("p", projectId).query(Long.class).single();
    }

    @Test
    void aNewProjectRunsEveryPromptOnEveryEngineAtOnce() {
        TestAccount account = newAccount(Plan.SCALE);
        long projectId = createProject(account, Map.of("prompts", List.of("best project tools", "Acme reviews")));
        long queued = db.sql("SELECT count(*) FROM prompt_runs WHERE project_id = :p AND status = 'queued'")
                .param("p", projectId).query(Long.class).single();
        assertThat(queued).isEqualTo(2L * ENGINES);
        runRuns();
        assertThat(executions(projectId)).isEqualTo(2L * ENGINES);

        JsonNode page = api().get("/api/v1/dimensions/prompt_executions?per_page=100&project_id=" + projectId, account.key()).json();
        assertThat(page.path("total").asInt()).isEqualTo(2 * ENGINES);
        List<String> models = new ArrayList<>();
        page.path("data").forEach(item -> models.add(item.path("model").asString()));
        assertThat(models).containsOnly("chatgpt", "perplexity", "gemini", "ai_overview", "ai_mode", "claude", "demo");
        page.path("data").forEach(item -> assertThat(item.path("success").asBoolean()).as(item.toString()).isTrue());

        JsonNode chatgpt = api().get("/api/v1/dimensions/prompt_executions?model=chatgpt&prompt=best%20project&project_id="
                + projectId, account.key()).json().path("data").get(0);
        assertThat(chatgpt.path("engine_adapter").asString()).isEqualTo("openai-responses");
        assertThat(chatgpt.path("model_version").asString()).isEqualTo("gpt-4.1-2025-04-14");
        assertThat(chatgpt.path("fan_out_queries").toString()).isEqualTo("[\"best project management software for small agencies 2025\","
                + "\"Asana vs Trello vs monday.com pricing\",\"Trello free plan limits\"]");
        assertThat(chatgpt.path("input_tokens").asLong()).isEqualTo(8921);
        assertThat(chatgpt.path("citations_count").asInt()).isEqualTo(7);
        assertThat(chatgpt.path("has_citation").asBoolean()).isTrue();
        long executionId = chatgpt.path("id").asLong();
        String citations = db.sql("SELECT engine_citations::text FROM prompt_executions WHERE id = :id").param("id", executionId)
                .query(String.class).single();
        JsonNode cited = tools.jackson.databind.json.JsonMapper.builder().build().readTree(citations);
        List<String> order = new ArrayList<>();
        cited.forEach(c -> order.add(c.path("position").asInt() + " " + c.path("url").asString()));
        assertThat(order).containsExactly(
                "1 https://zapier.com/blog/best-project-management-software/?utm_source=openai",
                "2 https://trello.com/pricing?utm_source=openai",
                "3 https://monday.com/pricing?utm_source=openai",
                "4 https://www.g2.com/compare/asana-vs-trello?utm_source=openai",
                "0 https://www.pcmag.com/picks/the-best-project-management-software",
                "0 https://www.techradar.com/best/best-project-management-software",
                "0 https://asana.com/pricing");
        byte[] raw = db.sql("SELECT raw_response FROM prompt_executions WHERE id = :id").param("id", executionId)
                .query(byte[].class).single();
        assertThat(Gzip.decompress(raw)).isEqualTo(fixture("openai/response-web-search.json"));

        assertThat(OPENAI.requests()).hasSize(2).allSatisfy(request -> {
            assertThat(request.header("Authorization")).isEqualTo("Bearer sk-test-openai");
            assertThat(request.path()).isEqualTo("/v1/responses");
            assertThat(request.body()).contains("\"web_search\"");
        });
        assertThat(OPENAI.requests()).anySatisfy(request -> assertThat(request.body()).contains("best project tools"));
        assertThat(meters.counter("periscope.engine.runs", "model", "chatgpt", "outcome", "succeeded").count()).isGreaterThanOrEqualTo(2);

        JsonNode prompt = api().get("/api/v1/dimensions/prompts?project_id=" + projectId, account.key()).json().path("data").get(0);
        assertThat(prompt.path("last_executed_at").isNull()).isFalse();
        JsonNode coverage = api().get("/api/v1/dimensions/projects/" + projectId, account.key()).json().path("data_coverage");
        assertThat(coverage.path("models")).hasSize(ENGINES);
    }

    @Test
    void theCycleIsQueuedOnceWhateverHowOftenTheSchedulerRuns() {
        TestAccount account = newAccount(Plan.SCALE);
        long projectId = createProject(account, Map.of("prompts", List.of("one", "two", "three"), "runs_per_prompt", 2));
        runQueue.enqueueCurrentCycle();
        runQueue.enqueueCurrentCycle();
        runQueue.enqueueProject(projectId);
        assertThat(db.sql("SELECT count(*) FROM prompt_runs WHERE project_id = :p").param("p", projectId)
                .query(Long.class).single()).isEqualTo(3L * ENGINES * 2);
        runRuns();
        assertThat(executions(projectId)).isEqualTo(3L * ENGINES * 2);
        runQueue.enqueueCurrentCycle();
        runRuns();
        assertThat(executions(projectId)).as("nothing new within the cycle").isEqualTo(3L * ENGINES * 2);

        clock.advance(Duration.ofDays(7));
        runQueue.enqueueCurrentCycle();
        runRuns();
        assertThat(executions(projectId)).as("the next weekly cycle").isEqualTo(2L * 3 * ENGINES * 2);
    }

    @Test
    void dailyTrackingRunsEveryDay() {
        TestAccount account = newAccount(Plan.SCALE);
        db.sql("UPDATE accounts SET tracking_frequency = 'daily' WHERE id = :a").param("a", account.accountId()).update();
        long projectId = createProject(account, Map.of("prompts", List.of("daily prompt")));
        runRuns();
        assertThat(executions(projectId)).isEqualTo(ENGINES);
        clock.advance(Duration.ofDays(1));
        runQueue.enqueueCurrentCycle();
        runRuns();
        assertThat(executions(projectId)).isEqualTo(2L * ENGINES);
        assertThat(db.sql("SELECT count(DISTINCT cycle) FROM prompt_executions WHERE project_id = :p").param("p", projectId)
                .query(Long.class).single()).isEqualTo(2);
    }

    @Test
    void pausedProjectsAreSkippedAndDeferredPromptsWaitForTheNextCycle() {
        TestAccount account = newAccount(Plan.SCALE);
        long paused = createProject(account, Map.of("prompts", List.of("paused prompt"), "execute_prompts_immediately", false));
        long deferred = createProject(account, Map.of("prompts", List.of("deferred prompt"), "execute_prompts_immediately", false));
        db.sql("UPDATE projects SET paused = true WHERE id = :p").param("p", paused).update();
        runQueue.enqueueCurrentCycle();
        runRuns();
        assertThat(executions(paused)).isZero();
        assertThat(executions(deferred)).isZero();
        clock.advance(Duration.ofDays(7));
        runQueue.enqueueCurrentCycle();
        runRuns();
        assertThat(executions(paused)).isZero();
        assertThat(executions(deferred)).isEqualTo(ENGINES);
    }

    @Test
    void aWorkerKilledMidBatchLosesNothingAndDoublesNothing() throws Exception {
        TestAccount account = newAccount(Plan.SCALE);
        List<String> prompts = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            prompts.add("crash prompt " + i);
        }
        long projectId = createProject(account, Map.of("prompts", prompts));
        // The first worker claims the whole batch and dies before finishing anything (its lease stays behind).
        RunWorker doomed = new RunWorker(db, engines, recorder, clock, meters, Duration.ofMinutes(10), 100, Duration.ofMinutes(1));
        List<Run> claimedByTheDead = doomed.claim();
        assertThat(claimedByTheDead).hasSize(6 * ENGINES);
        runRuns();
        assertThat(executions(projectId)).as("leases still held").isZero();

        clock.advance(Duration.ofMinutes(11));
        runRuns();
        assertThat(executions(projectId)).isEqualTo(6L * ENGINES);

        // The dead worker comes back to life and finishes its stale claims: nothing is recorded twice.
        for (Run run : claimedByTheDead.subList(0, 5)) {
            doomed.execute(run);
        }
        assertThat(executions(projectId)).isEqualTo(6L * ENGINES);
        assertThat(db.sql("SELECT count(*) FROM prompt_runs WHERE project_id = :p AND status <> 'succeeded'")
                .param("p", projectId).query(Long.class).single()).isZero();
    }

    @Test
    void twoInstancesOnOneDatabaseNeverRunTheSameRun() throws Exception {
        TestAccount account = newAccount(Plan.SCALE);
        List<String> prompts = new ArrayList<>();
        for (int i = 0; i < 15; i++) {
            prompts.add("parallel prompt " + i);
        }
        long projectId = createProject(account, Map.of("prompts", prompts));
        int before = OPENAI.requests().size();
        RunWorker first = new RunWorker(db, engines, recorder, clock, meters, Duration.ofMinutes(10), 4, Duration.ofMinutes(1));
        RunWorker second = new RunWorker(db, engines, recorder, clock, meters, Duration.ofMinutes(10), 4, Duration.ofMinutes(1));
        CountDownLatch start = new CountDownLatch(1);
        try (ExecutorService pool = Executors.newFixedThreadPool(2)) {
            List<Future<Integer>> drained = new ArrayList<>();
            for (RunWorker worker : List.of(first, second)) {
                drained.add(pool.submit(() -> {
                    start.await();
                    int total = 0;
                    int claimed;
                    while ((claimed = worker.runDue()) > 0) {
                        total += claimed;
                    }
                    return total;
                }));
            }
            start.countDown();
            int total = drained.get(0).get() + drained.get(1).get();
            assertThat(total).isEqualTo(15 * ENGINES);
            assertThat(drained.get(0).get()).as("both instances worked").isPositive();
            assertThat(drained.get(1).get()).as("both instances worked").isPositive();
        }
        assertThat(executions(projectId)).isEqualTo(15L * ENGINES);
        assertThat(OPENAI.requests().size() - before).as("each run asked the engine once").isEqualTo(15);
        assertThat(db.sql("""
                SELECT count(*) FROM (SELECT prompt_id, model, cycle, sample FROM prompt_executions WHERE project_id = :p
                                       GROUP BY 1, 2, 3, 4 HAVING count(*) > 1) doubles
                """).param("p", projectId).query(Long.class).single()).isZero();
    }

    @Test
    void engineFailuresNeverStopTheBatchAndNeverLoseAPrompt() {
        TestAccount account = newAccount(Plan.SCALE);
        OPENAI.reset(FakeProviderServer.Reply.status(429, "{\"error\":{\"message\":\"Rate limit\"}}").withHeader("Retry-After", "1"));
        PERPLEXITY.reset(FakeProviderServer.Reply.status(500, "{\"error\":\"boom\"}"));
        GEMINI.reset(FakeProviderServer.Reply.json("{\"candidates\": [ {\"content\": "));
        ANTHROPIC.reset(FakeProviderServer.Reply.json(fixture("anthropic/message-web-search.json")).delayedBy(Duration.ofSeconds(3)));
        clock.freezeAt(Instant.parse("2031-03-03T09:00:00Z"));
        long projectId = createProject(account, Map.of("prompts", List.of("storm prompt one", "storm prompt two")));
        runRuns();
        // The healthy engines answered at once; the failing ones are queued again with backoff.
        assertThat(db.sql("SELECT count(*) FROM prompt_executions WHERE project_id = :p AND success").param("p", projectId)
                .query(Long.class).single()).isEqualTo(2L * 3);
        assertThat(db.sql("SELECT count(*) FROM prompt_runs WHERE project_id = :p AND status = 'queued' AND attempts = 1")
                .param("p", projectId).query(Long.class).single()).isEqualTo(2L * 4);

        OPENAI.reset(FakeProviderServer.Reply.json(fixture("openai/response-web-search.json")));
        clock.advance(Duration.ofMinutes(2));
        runRuns();
        assertThat(db.sql("SELECT count(*) FROM prompt_executions WHERE project_id = :p AND model = 'chatgpt' AND success")
                .param("p", projectId).query(Long.class).single()).as("recovered on retry").isEqualTo(2);

        clock.advance(Duration.ofMinutes(10));
        runRuns();
        JsonNode failed = api().get("/api/v1/dimensions/prompt_executions?model=perplexity&project_id=" + projectId,
                account.key()).json();
        assertThat(failed.path("total").asInt()).isEqualTo(2);
        assertThat(failed.path("data").get(0).path("success").asBoolean()).isFalse();
        assertThat(failed.path("data").get(0).path("error").asString()).contains("HTTP 500");
        assertThat(failed.path("data").get(0).path("attempts").asInt()).isEqualTo(3);
        assertThat(failed.path("data").get(0).path("error").asString()).doesNotContain("pplx-test");
        assertThat(executions(projectId)).as("every prompt on every engine is accounted for").isEqualTo(2L * ENGINES);
        assertThat(db.sql("SELECT count(*) FROM prompt_runs WHERE project_id = :p AND status IN ('queued', 'running')")
                .param("p", projectId).query(Long.class).single()).isZero();
    }

    @Test
    void deletedPromptsAreNotRun() {
        TestAccount account = newAccount(Plan.SCALE);
        long projectId = createProject(account, Map.of("prompts", List.of("to be deleted")));
        long promptId = db.sql("SELECT id FROM prompts WHERE project_id = :p").param("p", projectId).query(Long.class).single();
        assertThat(api().delete("/api/v1/prompts/" + promptId + "?project_id=" + projectId, account.key()).status()).isEqualTo(200);
        runRuns();
        assertThat(executions(projectId)).isZero();
        assertThat(db.sql("SELECT count(*) FROM prompt_runs WHERE project_id = :p AND status = 'cancelled'").param("p", projectId)
                .query(Long.class).single()).isEqualTo(ENGINES);
    }

    @Test
    void theDemoEngineIsLabelledAsSuch() {
        TestAccount account = newAccount(Plan.SCALE);
        long projectId = createProject(account, Map.of("prompts", List.of("best analytics tools"),
                "competitors", List.of(Map.of("domain", "globex.example", "brand_name", "Globex"))));
        runRuns();
        JsonNode demo = api().get("/api/v1/dimensions/prompt_executions?model=demo&project_id=" + projectId, account.key())
                .json().path("data").get(0);
        assertThat(demo.path("engine_adapter").asString()).isEqualTo("demo-offline");
        String response = db.sql("SELECT response FROM prompt_executions WHERE id = :id").param("id", demo.path("id").asLong())
                .query(String.class).single();
        assertThat(response).isNotBlank();
        ApiClient.Response csv = api().get("/api/v1/dimensions/prompt_executions?output=csv&project_id=" + projectId, account.key());
        assertThat(csv.text().lines().count()).isEqualTo(1 + ENGINES);
    }
}
