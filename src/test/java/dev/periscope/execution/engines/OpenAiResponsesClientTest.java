package dev.periscope.execution.engines;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.periscope.execution.engines.EngineAnswer.Citation;
import dev.periscope.execution.engines.EngineAnswer.Usage;
import dev.periscope.execution.engines.EngineException.Kind;
import dev.periscope.support.FakeProviderServer;
import dev.periscope.support.FakeProviderServer.Recorded;
import dev.periscope.support.FakeProviderServer.Reply;
import dev.periscope.support.RecordingSleeper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.json.JsonMapper;

/** The {@code chatgpt} client against a local stand-in for the OpenAI Responses API. */
class OpenAiResponsesClientTest {
    private static final String KEY = "sk-proj-test-4f8a2c9e1b7d3a5f6c0e";
    private static final String PROMPT = "What is the best project management tool for a small agency?";
    private static final EngineRequest REQUEST = new EngineRequest(PROMPT, "us", "en", null, "seed-1");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final FakeProviderServer server = new FakeProviderServer();
    private final RecordingSleeper sleeper = new RecordingSleeper();
    private final EngineHttp http = new EngineHttp("chatgpt", new EngineHttp.Settings(Duration.ofSeconds(2),
            Duration.ofMillis(500), 3, Duration.ofMillis(10), Duration.ofSeconds(30), 2), sleeper);
    private final OpenAiResponsesClient client = new OpenAiResponsesClient(
            new OpenAiResponsesClient.Config(KEY, server.baseUrl() + "/v1/", "gpt-4.1"), http);

    @AfterEach
    void stopServer() {
        server.close();
    }

    @Test
    void readsTheAnswerItsCitationsSearchesAndUsage() throws Exception {
        String body = fixture("response-web-search.json");
        server.reply(Reply.json(body));

        EngineAnswer answer = client.ask(REQUEST);

        assertThat(answer.text()).isEqualTo("""
                For a small agency, three tools come up in almost every recent comparison:

                1. **Asana** – strongest for structured projects, timelines and workload views \
                ([zapier.com](https://zapier.com/blog/best-project-management-software/?utm_source=openai)).
                2. **Trello** – the simplest Kanban boards, with a free plan that suits teams just starting out \
                ([trello.com](https://trello.com/pricing?utm_source=openai)).
                3. **monday.com** – flexible boards and automations; its paid plans are sold in seat bundles starting \
                at three seats ([monday.com](https://monday.com/pricing?utm_source=openai)).

                If budget matters most, start with Trello’s free tier \
                ([trello.com](https://trello.com/pricing?utm_source=openai)); if you need client-facing reporting, \
                reviewers rate Asana highest ([g2.com](https://www.g2.com/compare/asana-vs-trello?utm_source=openai)).""");
        assertThat(answer.citations()).containsExactly(
                new Citation("https://zapier.com/blog/best-project-management-software/?utm_source=openai",
                        "The best project management software in 2025 | Zapier", 1),
                new Citation("https://trello.com/pricing?utm_source=openai", "Trello Pricing | Trello", 2),
                new Citation("https://monday.com/pricing?utm_source=openai", "Plans & Pricing | monday.com", 3),
                new Citation("https://www.g2.com/compare/asana-vs-trello?utm_source=openai",
                        "Compare Asana vs. Trello | G2", 4),
                new Citation("https://www.pcmag.com/picks/the-best-project-management-software", null, 0),
                new Citation("https://www.techradar.com/best/best-project-management-software", null, 0),
                new Citation("https://asana.com/pricing", null, 0));
        assertThat(answer.fanOutQueries()).containsExactly("best project management software for small agencies 2025",
                "Asana vs Trello vs monday.com pricing", "Trello free plan limits");
        assertThat(answer.usage()).isEqualTo(new Usage(8921L, 312L, null));
        assertThat(answer.modelVersion()).isEqualTo("gpt-4.1-2025-04-14");
        assertThat(answer.rawResponse()).isEqualTo(body);
        assertThat(answer.noResult()).isFalse();
        assertThat(answer.structured()).isEmpty();
        assertThat(sleeper.waits()).isEmpty();
    }

    @Test
    void sendsWhatTheResponsesApiExpects() throws Exception {
        server.reply(Reply.json(fixture("response-web-search.json")));

        client.ask(REQUEST);

        assertThat(server.requests()).hasSize(1);
        Recorded sent = server.requests().get(0);
        assertThat(sent.method()).isEqualTo("POST");
        assertThat(sent.path()).isEqualTo("/v1/responses");
        assertThat(sent.header("Authorization")).isEqualTo("Bearer " + KEY);
        assertThat(sent.header("Content-Type")).isEqualTo("application/json");
        assertThat(JSON.readTree(sent.body())).isEqualTo(JSON.readTree("""
                {
                  "model": "gpt-4.1",
                  "input": "What is the best project management tool for a small agency?",
                  "tools": [{"type": "web_search", "user_location": {"type": "approximate", "country": "US"}}],
                  "include": ["web_search_call.action.sources"]
                }"""));
        assertThat(client.model()).isEqualTo("chatgpt");
        assertThat(client.adapter()).isEqualTo("openai-responses");
    }

    @Test
    void leavesTheLocationOutWhenTheCountryIsUnusable() throws Exception {
        server.reply(Reply.json(fixture("response-web-search.json")));

        client.ask(new EngineRequest(PROMPT, "worldwide", "en", null, "seed-1"));

        assertThat(JSON.readTree(server.requests().get(0).body()).path("tools"))
                .isEqualTo(JSON.readTree("[{\"type\": \"web_search\"}]"));
    }

    @Test
    void numbersCitationsByWhereTheyAppearAcrossParts() throws Exception {
        // Annotations listed out of order, two text parts, and one annotation without a position.
        server.reply(Reply.json("""
                {"status": "completed", "model": "gpt-4.1-2025-04-14", "output": [
                  {"type": "message", "role": "assistant", "content": [
                    {"type": "output_text", "text": "Alpha beta gamma. ", "annotations": [
                      {"type": "url_citation", "start_index": 11, "end_index": 16, "url": "https://b.example/", "title": "B"},
                      {"type": "url_citation", "start_index": 0, "end_index": 5, "url": "https://a.example/", "title": "A"}]},
                    {"type": "refusal", "refusal": "not part of the answer"},
                    {"type": "output_text", "text": "Delta.", "annotations": [
                      {"type": "url_citation", "url": "https://d.example/", "title": "D"},
                      {"type": "url_citation", "start_index": 0, "end_index": 5, "url": "https://c.example/"},
                      {"type": "url_citation", "start_index": 1, "end_index": 5, "url": "https://a.example/", "title": "A again"},
                      {"type": "file_citation", "file_id": "file-1", "index": 0}]}]}]}"""));

        EngineAnswer answer = client.ask(REQUEST);

        assertThat(answer.text()).isEqualTo("Alpha beta gamma. Delta.");
        assertThat(answer.citations()).containsExactly(new Citation("https://a.example/", "A", 1),
                new Citation("https://b.example/", "B", 2), new Citation("https://c.example/", null, 3),
                new Citation("https://d.example/", "D", 4));
        assertThat(answer.fanOutQueries()).isEmpty();
        assertThat(answer.usage()).isEqualTo(Usage.UNKNOWN);
    }

    @Test
    void rejectedKeyIsAnAuthenticationFailureAndNotRetried() {
        server.reply(Reply.status(401, """
                {"error": {"message": "Incorrect API key provided: %s. You can find your API key at \
                https://platform.openai.com/account/api-keys.", "type": "invalid_request_error", \
                "param": null, "code": "invalid_api_key"}}""".formatted(KEY)));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.AUTHENTICATION);
        assertThat(failure.retryable()).isFalse();
        assertThat(failure.httpStatus()).isEqualTo(401);
        assertThat(failure.getMessage()).contains("[redacted]");
        assertThat(server.requests()).hasSize(1);
        assertThat(sleeper.waits()).isEmpty();
    }

    @Test
    void rateLimitWaitsAsToldThenSucceeds() throws Exception {
        server.reply(Reply.status(429, """
                        {"error": {"message": "Rate limit reached for gpt-4.1 on requests per min (RPM).", \
                        "type": "requests", "param": null, "code": "rate_limit_exceeded"}}""")
                        .withHeader("Retry-After", "7"),
                Reply.json(fixture("response-web-search.json")));

        EngineAnswer answer = client.ask(REQUEST);

        assertThat(answer.citations()).hasSize(7);
        assertThat(sleeper.waits()).containsExactly(Duration.ofSeconds(7));
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void serverErrorsGiveUpAfterThreeAttempts() {
        server.reply(Reply.status(500, """
                {"error": {"message": "The server had an error while processing your request. Sorry about that!", \
                "type": "server_error", "param": null, "code": null}}"""));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.SERVER_ERROR);
        assertThat(failure.httpStatus()).isEqualTo(500);
        assertThat(server.requests()).hasSize(3);
        assertThat(sleeper.waits()).hasSize(2);
    }

    @Test
    void replyPastTheReadTimeoutIsRetriedThenTimesOut() {
        server.reply(Reply.json(fixture("response-web-search.json")).delayedBy(Duration.ofMillis(1500)));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.TIMEOUT);
        assertThat(server.requests()).hasSize(3);
        assertThat(sleeper.waits()).hasSize(2);
    }

    @Test
    void truncatedBodyIsABadResponse() {
        String whole = fixture("response-web-search.json");
        server.reply(Reply.json(whole.substring(0, whole.length() / 2)));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.BAD_RESPONSE);
        assertThat(failure.getMessage()).contains("not valid JSON");
        assertThat(server.requests()).hasSize(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"output\": [", "<html><body><h1>502 Bad Gateway</h1></body></html>",
            "{\"output\": []} trailing", "[]", "\"just text\"", "{}", "{\"status\": \"completed\", \"output\": {}}", " "})
    void malformedOrShapelessBodiesAreBadResponses(String body) {
        server.reply(Reply.json(body));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.BAD_RESPONSE);
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void emptyAnswerIsABadResponse() {
        server.reply(Reply.json(fixture("response-empty.json")));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.BAD_RESPONSE);
        assertThat(failure.getMessage()).isEqualTo("chatgpt: empty answer");
    }

    @Test
    void failedResponseCarriesTheProvidersReason() {
        server.reply(Reply.json(fixture("response-failed.json")));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.BAD_RESPONSE);
        assertThat(failure.getMessage())
                .isEqualTo("chatgpt: the response is failed: The model failed to generate a response. Please try again.");
    }

    @Test
    void incompleteResponseWithoutTextNamesTheReason() {
        server.reply(Reply.json("""
                {"status": "incomplete", "incomplete_details": {"reason": "max_output_tokens"}, "output": [
                  {"type": "web_search_call", "status": "completed", "action": {"type": "search", "query": "q"}}]}"""));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.BAD_RESPONSE);
        assertThat(failure.getMessage()).isEqualTo("chatgpt: the response is incomplete: max_output_tokens");
    }

    @Test
    void missingKeyIsNotConfiguredAndSendsNothing() {
        OpenAiResponsesClient unconfigured = new OpenAiResponsesClient(
                new OpenAiResponsesClient.Config(" ", server.baseUrl() + "/v1", null), http);

        EngineException failure = catchThrowableOfType(EngineException.class, () -> unconfigured.ask(REQUEST));

        assertThat(failure.kind()).isEqualTo(Kind.NOT_CONFIGURED);
        assertThat(server.requests()).isEmpty();
    }

    @Test
    void configDefaultsAndNeverShowsTheKey() {
        OpenAiResponsesClient.Config config = new OpenAiResponsesClient.Config(KEY, null, "");

        assertThat(config.baseUrl()).isEqualTo("https://api.openai.com/v1");
        assertThat(config.providerModel()).isEqualTo("gpt-4.1");
        assertThat(config.toString()).doesNotContain(KEY).contains("(set)");
    }

    /** Asks, expects a failure, and checks that its message never gives the key away. */
    private EngineException failure() {
        EngineException failure = catchThrowableOfType(EngineException.class, () -> client.ask(REQUEST));
        assertThat(failure).as("the call should fail").isNotNull();
        assertThat(failure.getMessage()).doesNotContain(KEY);
        return failure;
    }

    private static String fixture(String name) {
        try (InputStream in = OpenAiResponsesClientTest.class.getResourceAsStream("/engines/openai/" + name)) {
            return new String(Objects.requireNonNull(in, name).readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
