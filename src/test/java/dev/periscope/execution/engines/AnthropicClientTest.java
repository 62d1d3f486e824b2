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

/** The {@code claude} client against a local stand-in for Anthropic's Messages API. */
class AnthropicClientTest {
    private static final String KEY = "sk-ant-api03-test-9d2e7b4a1c6f3e8d0b5a";
    private static final String PROMPT = "What is the best project management tool for a small agency?";
    private static final EngineRequest REQUEST = new EngineRequest(PROMPT, "GB", "en", null, "seed-1");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final FakeProviderServer server = new FakeProviderServer();
    private final RecordingSleeper sleeper = new RecordingSleeper();
    private final EngineHttp http = new EngineHttp("chatgpt", new EngineHttp.Settings(Duration.ofSeconds(2),
            Duration.ofMillis(500), 3, Duration.ofMillis(10), Duration.ofSeconds(30), 2), sleeper);
    private final AnthropicClient client = new AnthropicClient(
            new AnthropicClient.Config(KEY, server.baseUrl(), "claude-sonnet-4-5"), http);

    @AfterEach
    void stopServer() {
        server.close();
    }

    @Test
    void readsTheAnswerItsCitationsSearchesAndUsage() throws Exception {
        String body = fixture("message-web-search.json");
        server.reply(Reply.json(body));

        EngineAnswer answer = client.ask(REQUEST);

        // The sentence before the searches and the answer after them are kept apart by a paragraph break.
        assertThat(answer.text()).isEqualTo("""
                I'll look up recent comparisons of project management tools for small agencies.

                For a small agency, three tools come up in almost every recent comparison:

                1. **Asana** – strongest for structured projects, timelines and workload views
                2. **Trello** – the simplest Kanban boards, with a free plan that suits teams just starting out
                3. **monday.com** – flexible boards and automations, sold in seat bundles starting at three seats

                If budget matters most, start with Trello's free tier; if you need client-facing reporting, \
                reviewers rate Asana highest.""");
        assertThat(answer.citations()).containsExactly(
                new Citation("https://zapier.com/blog/best-project-management-software/",
                        "The best project management software in 2025 | Zapier", 1),
                new Citation("https://trello.com/pricing", "Trello Pricing | Trello", 2),
                new Citation("https://monday.com/pricing", "Plans & Pricing | monday.com", 3),
                new Citation("https://www.g2.com/compare/asana-vs-trello", "Compare Asana vs. Trello | G2", 4),
                new Citation("https://www.pcmag.com/picks/the-best-project-management-software",
                        "The Best Project Management Software for 2025 | PCMag", 0),
                new Citation("https://asana.com/pricing", "Compare Plans & Pricing • Asana", 0));
        assertThat(answer.fanOutQueries()).containsExactly("best project management software small agency 2025",
                "Asana vs Trello vs monday.com pricing");
        assertThat(answer.usage()).isEqualTo(new Usage(11734L, 389L, null));
        assertThat(answer.modelVersion()).isEqualTo("claude-sonnet-4-5-20250929");
        assertThat(answer.rawResponse()).isEqualTo(body);
        assertThat(answer.noResult()).isFalse();
        assertThat(sleeper.waits()).isEmpty();
    }

    @Test
    void sendsWhatTheMessagesApiExpects() throws Exception {
        server.reply(Reply.json(fixture("message-web-search.json")));

        client.ask(REQUEST);

        assertThat(server.requests()).hasSize(1);
        Recorded sent = server.requests().get(0);
        assertThat(sent.method()).isEqualTo("POST");
        assertThat(sent.path()).isEqualTo("/v1/messages");
        assertThat(sent.header("x-api-key")).isEqualTo(KEY);
        assertThat(sent.header("anthropic-version")).isEqualTo("2023-06-01");
        assertThat(sent.header("Authorization")).isNull();
        assertThat(JSON.readTree(sent.body())).isEqualTo(JSON.readTree("""
                {
                  "model": "claude-sonnet-4-5",
                  "max_tokens": 2048,
                  "messages": [{"role": "user",
                                "content": "What is the best project management tool for a small agency?"}],
                  "tools": [{"type": "web_search_20250305", "name": "web_search", "max_uses": 5,
                             "user_location": {"type": "approximate", "country": "GB"}}]
                }"""));
        assertThat(client.model()).isEqualTo("claude");
        assertThat(client.adapter()).isEqualTo("anthropic-messages");
    }

    @Test
    void searchErrorsAndOtherBlocksAddNothing() throws Exception {
        server.reply(Reply.json("""
                {"type": "message", "role": "assistant", "model": "claude-sonnet-4-5-20250929", "content": [
                  {"type": "thinking", "thinking": "The user wants...", "signature": "EqQBCgIYAhIM"},
                  {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {"query": "a"}},
                  {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_1",
                   "content": {"type": "web_search_tool_result_error", "error_code": "max_uses_exceeded"}},
                  {"type": "server_tool_use", "id": "srvtoolu_2", "name": "web_search", "input": {"query": "a"}},
                  {"type": "text", "text": "From what I know, ", "citations": null},
                  {"type": "text", "text": "Asana fits.", "citations": [
                    {"type": "char_location", "cited_text": "x", "document_index": 0, "start_char_index": 0},
                    {"type": "web_search_result_location", "url": "https://asana.com/", "title": "Asana",
                     "cited_text": "Asana", "encrypted_index": "Eo8B"}]}],
                 "stop_reason": "end_turn", "usage": {"input_tokens": 10, "output_tokens": "many"}}"""));

        EngineAnswer answer = client.ask(REQUEST);

        assertThat(answer.text()).isEqualTo("From what I know, Asana fits.");
        assertThat(answer.citations()).containsExactly(new Citation("https://asana.com/", "Asana", 1));
        assertThat(answer.fanOutQueries()).containsExactly("a");
        assertThat(answer.usage()).isEqualTo(new Usage(10L, null, null));
    }

    @Test
    void rejectedKeyIsAnAuthenticationFailureAndNotRetried() {
        server.reply(Reply.status(401, """
                {"type": "error", "error": {"type": "authentication_error", "message": "invalid x-api-key %s"}, \
                "request_id": "req_011CSHoEeqs5C35K2UUqR7Fy"}""".formatted(KEY)));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.AUTHENTICATION);
        assertThat(failure.retryable()).isFalse();
        assertThat(failure.getMessage()).contains("[redacted]");
        assertThat(server.requests()).hasSize(1);
        assertThat(sleeper.waits()).isEmpty();
    }

    @Test
    void rateLimitWaitsAsToldThenSucceeds() throws Exception {
        server.reply(Reply.status(429, """
                        {"type": "error", "error": {"type": "rate_limit_error", "message": "Number of request tokens \
                        has exceeded your per-minute rate limit"}}""").withHeader("Retry-After", "7"),
                Reply.json(fixture("message-web-search.json")));

        EngineAnswer answer = client.ask(REQUEST);

        assertThat(answer.citations()).hasSize(6);
        assertThat(sleeper.waits()).containsExactly(Duration.ofSeconds(7));
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void serverErrorsGiveUpAfterThreeAttempts() {
        server.reply(Reply.status(500, """
                {"type": "error", "error": {"type": "api_error", "message": "Internal server error"}}"""));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.SERVER_ERROR);
        assertThat(failure.httpStatus()).isEqualTo(500);
        assertThat(server.requests()).hasSize(3);
        assertThat(sleeper.waits()).hasSize(2);
    }

    @Test
    void replyPastTheReadTimeoutIsRetriedThenTimesOut() {
        server.reply(Reply.json(fixture("message-web-search.json")).delayedBy(Duration.ofMillis(1500)));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.TIMEOUT);
        assertThat(server.requests()).hasSize(3);
        assertThat(sleeper.waits()).hasSize(2);
    }

    @Test
    void truncatedBodyIsABadResponse() {
        String whole = fixture("message-web-search.json");
        server.reply(Reply.json(whole.substring(0, whole.length() / 2)));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.BAD_RESPONSE);
        assertThat(failure.getMessage()).contains("not valid JSON");
        assertThat(server.requests()).hasSize(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"content\": [", "<html><body><h1>502 Bad Gateway</h1></body></html>", "[]", "{}",
            "{\"type\": \"message\", \"content\": \"text\"}", ""})
    void malformedOrShapelessBodiesAreBadResponses(String body) {
        server.reply(Reply.json(body));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.BAD_RESPONSE);
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void errorObjectInASuccessfulReplyIsABadResponse() {
        server.reply(Reply.json("""
                {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}"""));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.BAD_RESPONSE);
        assertThat(failure.getMessage()).isEqualTo("claude: the provider reported an error: Overloaded");
    }

    @Test
    void emptyAnswerIsABadResponse() {
        server.reply(Reply.json(fixture("message-empty.json")));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.BAD_RESPONSE);
        assertThat(failure.getMessage()).isEqualTo("claude: empty answer (stop_reason end_turn)");
    }

    @Test
    void missingKeyIsNotConfiguredAndSendsNothing() {
        AnthropicClient unconfigured = new AnthropicClient(new AnthropicClient.Config(null, server.baseUrl(), null),
                http);

        EngineException failure = catchThrowableOfType(EngineException.class, () -> unconfigured.ask(REQUEST));

        assertThat(failure.kind()).isEqualTo(Kind.NOT_CONFIGURED);
        assertThat(server.requests()).isEmpty();
    }

    @Test
    void configDefaultsAndNeverShowsTheKey() {
        AnthropicClient.Config config = new AnthropicClient.Config(KEY, " ", null);

        assertThat(config.baseUrl()).isEqualTo("https://api.anthropic.com");
        assertThat(config.providerModel()).isEqualTo("claude-sonnet-4-5");
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
        try (InputStream in = AnthropicClientTest.class.getResourceAsStream("/engines/anthropic/" + name)) {
            return new String(Objects.requireNonNull(in, name).readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
