package dev.periscope.support;

import dev.periscope.access.Accounts;
import dev.periscope.access.ApiKeys;
import dev.periscope.access.Scope;
import dev.periscope.jobs.JobWorker;
import dev.periscope.plans.Plan;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The one shape of full-application test: the service on a random port over a throwaway embedded PostgreSQL, or
 * over {@code PERISCOPE_DATABASE_URL} in a fresh schema. Every test class extends this, so Spring starts once.
 * Background jobs and runs happen only when a test calls {@link #runJobs()} or {@link #runRuns()}, so what a test
 * sees never races a worker. Every engine points at a local fake provider that answers with documented shapes.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "periscope.database.embedded.ephemeral=true",
        "periscope.bootstrap.enabled=false",
        "periscope.allow-loopback-targets=true",
        "periscope.jobs.poll-interval=PT1H",
        "periscope.jobs.initial-delay=PT1H",
        "periscope.runs.poll-interval=PT1H",
        "periscope.runs.initial-delay=PT1H",
        "periscope.runs.schedule-interval=PT1H",
        "periscope.runs.schedule-initial-delay=PT1H",
        "periscope.rollups.interval=PT1H",
        "periscope.rollups.initial-delay=PT1H",
        "periscope.engines.base-backoff=PT0.01S",
        "periscope.engines.max-backoff=PT0.05S",
        "periscope.engines.read-timeout=PT2S",
        "periscope.engines.max-attempts=2",
        "logging.level.dev.periscope=INFO"
})
@Import(IntegrationTest.TestBeans.class)
public abstract class IntegrationTest {
    private static final String SCHEMA = "test_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    @LocalServerPort
    protected int port;
    @Autowired
    protected JdbcClient db;
    @Autowired
    protected Accounts accounts;
    @Autowired
    protected ApiKeys apiKeys;
    @Autowired
    protected MutableClock clock;
    @Autowired
    protected JobWorker jobWorker;

    private ApiClient api;

    /** One fake per provider, shared by every test of the run (the Spring context is shared too). */
    protected static final FakeProviderServer OPENAI = new FakeProviderServer();
    protected static final FakeProviderServer PERPLEXITY = new FakeProviderServer();
    protected static final FakeProviderServer GEMINI = new FakeProviderServer();
    protected static final FakeProviderServer DATAFORSEO = new FakeProviderServer();
    protected static final FakeProviderServer ANTHROPIC = new FakeProviderServer();

    static {
        resetProviders();
        String external = System.getenv("PERISCOPE_DATABASE_URL");
        if (external != null && !external.isBlank()) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> ExternalDatabase.dropSchema(SCHEMA)));
        }
    }

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        String external = System.getenv("PERISCOPE_DATABASE_URL");
        registry.add("periscope.database.schema", () -> external == null || external.isBlank() ? "" : SCHEMA);
        registry.add("OPENAI_API_KEY", () -> "sk-test-openai");
        registry.add("OPENAI_BASE_URL", () -> OPENAI.baseUrl() + "/v1");
        registry.add("PERPLEXITY_API_KEY", () -> "pplx-test");
        registry.add("PERPLEXITY_BASE_URL", PERPLEXITY::baseUrl);
        registry.add("GEMINI_API_KEY", () -> "gemini-test");
        registry.add("GEMINI_BASE_URL", GEMINI::baseUrl);
        registry.add("DATAFORSEO_LOGIN", () -> "login@example.com");
        registry.add("DATAFORSEO_PASSWORD", () -> "dfs-test-password");
        registry.add("DATAFORSEO_BASE_URL", DATAFORSEO::baseUrl);
        registry.add("ANTHROPIC_API_KEY", () -> "sk-ant-test");
        registry.add("ANTHROPIC_BASE_URL", ANTHROPIC::baseUrl);
        registry.add("PERISCOPE_ENGINES", () -> "chatgpt,perplexity,gemini,ai_overview,ai_mode,claude,demo");
    }

    /** Every fake provider back to its documented happy answer. */
    protected static void resetProviders() {
        OPENAI.reset(FakeProviderServer.Reply.json(fixture("openai/response-web-search.json")));
        PERPLEXITY.reset(FakeProviderServer.Reply.json(fixture("perplexity/sonar-search-results.json")));
        GEMINI.reset(FakeProviderServer.Reply.json(fixture("gemini/grounded-answer.json")));
        DATAFORSEO.reset(FakeProviderServer.Reply.json(fixture("dataforseo/organic-ai-overview.json")));
        ANTHROPIC.reset(FakeProviderServer.Reply.json(fixture("anthropic/message-web-search.json")));
    }

    public static String fixture(String path) {
        try (var in = IntegrationTest.class.getResourceAsStream("/engines/" + path)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture " + path);
            }
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @TestConfiguration(proxyBeanMethods = false)
    static class TestBeans {
        @Bean
        @Primary
        MutableClock mutableClock() {
            return new MutableClock();
        }
    }

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    protected ApiClient api() {
        if (api == null) {
            api = new ApiClient(port);
        }
        return api;
    }

    /** A fresh account with a read_write key and a read key. */
    protected TestAccount newAccount(Plan plan) {
        String email = "user" + SEQUENCE.incrementAndGet() + "-" + UUID.randomUUID().toString().substring(0, 6) + "@example.com";
        Accounts.Account account = accounts.create(email, plan);
        String writeKey = apiKeys.create(account.ownerUserId(), Scope.READ_WRITE, "test").key();
        String readKey = apiKeys.create(account.ownerUserId(), Scope.READ, "test read").key();
        return new TestAccount(account.id(), account.ownerUserId(), email, writeKey, readKey);
    }

    public record TestAccount(long accountId, long userId, String email, String key, String readKey) {
    }

    /** Creates a project through the API and returns its id. */
    protected long createProject(TestAccount account, Map<String, Object> extra) {
        Map<String, Object> body = new java.util.LinkedHashMap<>(Map.of(
                "website_url", "https://acme-" + SEQUENCE.incrementAndGet() + ".example.com",
                "name", "Acme",
                "main_country", "US",
                "main_language", "en"));
        body.putAll(extra);
        ApiClient.Response response = api().post("/api/v1/projects", account.key(), ApiClient.json(body));
        if (response.status() != 201) {
            throw new AssertionError("project creation failed: " + response.status() + " " + response.text());
        }
        return response.json().path("project").path("id").asLong();
    }

    @Autowired
    protected dev.periscope.execution.RunWorker runWorker;

    /** Drains the run queue of everything due now. */
    protected void runRuns() {
        while (runWorker.runDue() > 0) {
            // keep going until nothing is due
        }
    }

    @Autowired
    protected dev.periscope.metrics.Rollups rollups;
    @Autowired
    protected dev.periscope.citations.CitationRollups citationRollups;

    /** Runs due jobs, then brings the metric and citation rollups up to date, as the scheduled refreshers would. */
    protected void runJobs() {
        while (jobWorker.runDue() > 0) {
            // keep going until nothing is due
        }
        refreshRollups();
    }

    /** Brings the metric rollups, then the citation rollups built on their marks, up to date. */
    protected void refreshRollups() {
        rollups.refreshDue();
        citationRollups.refreshDue();
    }
}
