package dev.periscope.execution.engines;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.periscope.execution.engines.EngineAnswer.Citation;
import dev.periscope.execution.engines.EngineException.Kind;
import dev.periscope.support.FakeProviderServer;
import dev.periscope.support.FakeProviderServer.Reply;
import dev.periscope.support.RecordingSleeper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class PerplexityClientTest {
    private static final String KEY = "pplx-test-3f9a1c7e5b2d4680";
    private static final EngineRequest REQUEST = new EngineRequest(
            "What is the best project management tool for a small team?", "de", "en", null, "seed");

    private FakeProviderServer server;
    private RecordingSleeper sleeper;
    private PerplexityClient client;

    @BeforeEach
    void start() {
        server = new FakeProviderServer();
        sleeper = new RecordingSleeper();
        client = clientFor(server.baseUrl() + "/");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private PerplexityClient clientFor(String baseUrl) {
        EngineHttp http = new EngineHttp("perplexity", new EngineHttp.Settings(Duration.ofSeconds(2),
                Duration.ofMillis(500), 3, Duration.ofMillis(10), Duration.ofSeconds(30), 2), sleeper);
        return new PerplexityClient(new PerplexityClient.Config(KEY, baseUrl, null), http);
    }

    static String fixture(String name) {
        try (InputStream in = PerplexityClientTest.class.getResourceAsStream("/engines/perplexity/" + name)) {
            assertThat(in).as(name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private EngineException failure() {
        EngineException failure = catchThrowableOfType(EngineException.class, () -> client.ask(REQUEST));
        assertThat(failure).as("the call should fail").isNotNull();
        assertThat(failure.getMessage()).doesNotContain(KEY);
        assertThat(String.valueOf(failure.getCause())).doesNotContain(KEY);
        return failure;
    }

    @Test
    void readsTheAnswerItsSourcesInMarkerOrderAndTheUsage() throws Exception {
        String body = fixture("sonar-search-results.json");
        server.reply(Reply.json(body));

        EngineAnswer answer = client.ask(REQUEST);

        assertThat(client.model()).isEqualTo("perplexity");
        assertThat(client.adapter()).isEqualTo("perplexity-sonar");
        assertThat(answer.text()).startsWith("For a small team, the most recommended project management tools")
                .contains("**ClickUp** packs the most features into its free tier, though new users find it busier"
                        + " to learn[9].")
                .endsWith("if you plan projects with deadlines and dependencies, Asana fits better[2].");
        assertThat(answer.citations()).containsExactly(
                new Citation("https://www.forbes.com/advisor/business/software/best-project-management-software/",
                        "Best Project Management Software Of 2025 – Forbes Advisor", 1),
                new Citation("https://zapier.com/blog/best-project-management-software/",
                        "The best project management software in 2025 | Zapier", 2),
                new Citation("https://blog.trello.com/trello-for-small-teams",
                        "How small teams use Trello boards to stay on track", 3),
                new Citation("https://www.g2.com/categories/project-management",
                        "Best Project Management Software: User Reviews from 2025", 0),
                new Citation("https://www.reddit.com/r/projectmanagement/comments/1b2x3yz/"
                        + "what_pm_tool_does_your_small_team_use/",
                        "What PM tool does your small team use? : r/projectmanagement", 0));
        assertThat(answer.fanOutQueries()).isEmpty();
        assertThat(answer.noResult()).isFalse();
        assertThat(answer.modelVersion()).isEqualTo("sonar");
        assertThat(answer.usage()).isEqualTo(new EngineAnswer.Usage(16L, 231L, new BigDecimal("0.005247")));
        assertThat(answer.rawResponse()).isEqualTo(body);
        assertThat(answer.structured()).isEmpty();
        assertThat(sleeper.waits()).isEmpty();
    }

    @Test
    void sendsTheChatCompletionSonarExpects() throws Exception {
        server.reply(Reply.json(fixture("sonar-search-results.json")));

        client.ask(REQUEST);

        assertThat(server.requests()).hasSize(1);
        FakeProviderServer.Recorded sent = server.requests().get(0);
        assertThat(sent.method()).isEqualTo("POST");
        assertThat(sent.path()).isEqualTo("/chat/completions");
        assertThat(sent.query()).isNull();
        assertThat(sent.header("Authorization")).isEqualTo("Bearer " + KEY);
        assertThat(sent.header("Content-Type")).isEqualTo("application/json");
        JsonNode body = JsonMapper.builder().build().readTree(sent.body());
        assertThat(body.path("model").asString()).isEqualTo("sonar");
        assertThat(body.path("messages").size()).isEqualTo(1);
        assertThat(body.path("messages").get(0).path("role").asString()).isEqualTo("user");
        assertThat(body.path("messages").get(0).path("content").asString()).isEqualTo(REQUEST.prompt());
        assertThat(body.path("web_search_options").path("user_location").path("country").asString()).isEqualTo("DE");
    }

    @Test
    void usesTheConfiguredModelAndLeavesOutTheLocationWhenThereIsNoCountry() throws Exception {
        server.reply(Reply.json(fixture("sonar-search-results.json")));
        EngineHttp http = new EngineHttp("perplexity", EngineHttp.Settings.defaults(), sleeper);
        PerplexityClient pro = new PerplexityClient(
                new PerplexityClient.Config(KEY, server.baseUrl(), "sonar-pro"), http);

        pro.ask(new EngineRequest("best crm", null, "en", null, "seed"));

        JsonNode body = JsonMapper.builder().build().readTree(server.requests().get(0).body());
        assertThat(body.path("model").asString()).isEqualTo("sonar-pro");
        assertThat(body.has("web_search_options")).isFalse();
    }

    @Test
    void fallsBackToTheCitationsListAndDedupesRepeatedUrls() throws Exception {
        server.reply(Reply.json(fixture("sonar-citations-only.json")));

        EngineAnswer answer = client.ask(REQUEST);

        assertThat(answer.citations()).containsExactly(
                new Citation("https://quickbooks.intuit.com/accounting/", null, 1),
                new Citation("https://www.nerdwallet.com/article/small-business/best-accounting-software", null, 2),
                new Citation("https://www.xero.com/us/", null, 3));
        assertThat(answer.usage()).isEqualTo(new EngineAnswer.Usage(11L, 74L, null));
    }

    @Test
    void readsTheSearchesFromReasoningStepsWhenTheModelReportsThem() throws Exception {
        server.reply(Reply.json(fixture("sonar-pro-reasoning-steps.json")));

        EngineAnswer answer = client.ask(REQUEST);

        assertThat(answer.fanOutQueries())
                .containsExactly("best CRM for startups 2025", "HubSpot vs Pipedrive", "Pipedrive pricing");
        assertThat(answer.citations()).extracting(Citation::position).containsExactly(1, 2);
        assertThat(answer.modelVersion()).isEqualTo("sonar-pro");
        assertThat(answer.usage().costUsd()).isEqualByComparingTo("0.011497");
    }

    @Test
    void handlesGroupedMarkersAndIgnoresOnesPastTheList() throws Exception {
        server.reply(Reply.json("""
                {"id":"x","model":"sonar","object":"chat.completion",
                 "citations":["https://a.example/","https://b.example/","https://c.example/"],
                 "choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant",
                   "content":"Alpha [0][4] and gamma [3, 2] then beta again [2,3][1]."}}]}"""));

        EngineAnswer answer = client.ask(REQUEST);

        assertThat(answer.citations()).containsExactly(
                new Citation("https://c.example/", null, 1),
                new Citation("https://b.example/", null, 2),
                new Citation("https://a.example/", null, 3));
        assertThat(answer.usage()).isEqualTo(EngineAnswer.Usage.UNKNOWN);
        assertThat(answer.modelVersion()).isEqualTo("sonar");
    }

    @Test
    void anAnswerWithoutSourcesHasNoCitations() throws Exception {
        server.reply(Reply.json("""
                {"id":"x","model":"sonar","choices":[{"index":0,"message":{"role":"assistant",
                 "content":"Paris is the capital of France."}}]}"""));

        EngineAnswer answer = client.ask(REQUEST);

        assertThat(answer.text()).isEqualTo("Paris is the capital of France.");
        assertThat(answer.citations()).isEmpty();
    }

    @Test
    void contentGivenAsTextPartsIsJoined() throws Exception {
        server.reply(Reply.json("""
                {"id":"x","model":"sonar","citations":["https://a.example/"],
                 "choices":[{"index":0,"message":{"role":"assistant",
                   "content":[{"type":"text","text":"Alpha is good [1]."},{"type":"text","text":" Really."}]}}]}"""));

        EngineAnswer answer = client.ask(REQUEST);

        assertThat(answer.text()).isEqualTo("Alpha is good [1]. Really.");
        assertThat(answer.citations()).containsExactly(new Citation("https://a.example/", null, 1));
    }

    @Test
    void rejectedKeyFailsAtOnceWithoutRetrying() {
        server.reply(Reply.status(401, """
                {"error":{"message":"Invalid API key provided: %s","type":"invalid_api_key","code":401}}"""
                .formatted(KEY)));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.AUTHENTICATION);
        assertThat(failure.retryable()).isFalse();
        assertThat(failure.httpStatus()).isEqualTo(401);
        assertThat(server.requests()).hasSize(1);
        assertThat(sleeper.waits()).isEmpty();
    }

    @Test
    void rateLimitWaitsAsLongAsRetryAfterSaysThenSucceeds() throws Exception {
        server.reply(Reply.status(429, "{\"error\":{\"message\":\"Too many requests\",\"type\":\"rate_limit\"}}")
                        .withHeader("Retry-After", "7"),
                Reply.json(fixture("sonar-search-results.json")));

        EngineAnswer answer = client.ask(REQUEST);

        assertThat(answer.citations()).hasSize(5);
        assertThat(sleeper.waits()).containsExactly(Duration.ofSeconds(7));
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void serverErrorsGiveUpAfterTheLastAttempt() {
        server.reply(Reply.status(500, "{\"error\":{\"message\":\"internal error\"}}"));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.SERVER_ERROR);
        assertThat(failure.retryable()).isTrue();
        assertThat(server.requests()).hasSize(3);
        assertThat(sleeper.waits()).hasSize(2);
    }

    @Test
    void aReplyThatTakesTooLongTimesOut() {
        server.reply(Reply.json(fixture("sonar-search-results.json")).delayedBy(Duration.ofSeconds(2)));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.TIMEOUT);
        assertThat(server.requests()).hasSize(3);
    }

    @Test
    void aTruncatedBodyIsABadResponse() {
        String body = fixture("sonar-search-results.json");
        server.reply(Reply.json(body.substring(0, body.length() / 2)));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.BAD_RESPONSE);
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void malformedJsonIsABadResponse() {
        server.reply(Reply.json("{\"id\": \"x\", \"choices\": [ {\"message\": } ] }"));

        assertThat(failure().kind()).isEqualTo(Kind.BAD_RESPONSE);
    }

    @Test
    void anHtmlPageOrTrailingGarbageIsABadResponse() {
        server.reply(Reply.json("<html><body>Bad gateway</body></html>"),
                Reply.json(fixture("sonar-citations-only.json") + "}"));

        assertThat(failure().kind()).isEqualTo(Kind.BAD_RESPONSE);
        assertThat(failure().kind()).isEqualTo(Kind.BAD_RESPONSE);
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void aBodyWithoutChoicesIsABadResponse() {
        server.reply(Reply.json("{\"id\":\"x\",\"model\":\"sonar\",\"citations\":[\"https://a.example/\"]}"));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.BAD_RESPONSE);
        assertThat(failure.getMessage()).contains("no choices");
    }

    @Test
    void anEmptyAnswerIsABadResponse() {
        server.reply(Reply.json(fixture("empty-answer.json")));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.BAD_RESPONSE);
        assertThat(failure.getMessage()).contains("empty answer");
    }

    @Test
    void withoutAKeyNothingIsSent() {
        EngineHttp http = new EngineHttp("perplexity", EngineHttp.Settings.defaults(), sleeper);
        PerplexityClient unconfigured = new PerplexityClient(
                new PerplexityClient.Config(" ", server.baseUrl(), null), http);

        EngineException failure = catchThrowableOfType(EngineException.class, () -> unconfigured.ask(REQUEST));

        assertThat(failure.kind()).isEqualTo(Kind.NOT_CONFIGURED);
        assertThat(server.requests()).isEmpty();
    }

    @Test
    void theConfigFillsDefaultsAndNeverPrintsTheKey() {
        PerplexityClient.Config config = new PerplexityClient.Config(KEY, null, "");

        assertThat(config.baseUrl()).isEqualTo("https://api.perplexity.ai");
        assertThat(config.providerModel()).isEqualTo("sonar");
        assertThat(config.toString()).doesNotContain(KEY);
        assertThat(List.of(config).toString()).doesNotContain(KEY);
    }
}
