package dev.periscope.execution.engines;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
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
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.json.JsonMapper;

/** A configured OpenAI-compatible engine against a local stand-in for OpenRouter, LiteLLM and Ollama. */
class OpenAiCompatibleChatClientTest {
    private static final String KEY = "sk-or-v1-test-3b7e1d9a5c2f8e4b6d0a";
    private static final String PROMPT = "What is the best project management tool for a small agency?";
    private static final EngineRequest REQUEST = new EngineRequest(PROMPT, "DE", "de", null, "seed-1");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final FakeProviderServer server = new FakeProviderServer();
    private final RecordingSleeper sleeper = new RecordingSleeper();
    private final EngineHttp http = new EngineHttp("chatgpt", new EngineHttp.Settings(Duration.ofSeconds(2),
            Duration.ofMillis(500), 3, Duration.ofMillis(10), Duration.ofSeconds(30), 2), sleeper);
    private final OpenAiCompatibleChatClient client = new OpenAiCompatibleChatClient(
            new OpenAiCompatibleChatClient.Config("gpt4o_mini", KEY, server.baseUrl() + "/api/v1",
                    "openai/gpt-4o-mini:online"), http);

    @AfterEach
    void stopServer() {
        server.close();
    }

    @Test
    void readsOpenRouterAnnotationsAndCost() throws Exception {
        String body = fixture("openrouter-web-annotations.json");
        server.reply(Reply.json(body));

        EngineAnswer answer = client.ask(REQUEST);

        assertThat(answer.text()).isEqualTo("For a small agency, **Asana** is the most common recommendation for "
                + "structured client projects [zapier.com](https://zapier.com/blog/best-project-management-software/)."
                + " **Trello** is the easiest to start with thanks to its free plan "
                + "[trello.com](https://trello.com/pricing), while **monday.com** sells seats in bundles starting at "
                + "three [monday.com](https://monday.com/pricing). If cost is the deciding factor, Trello's free tier "
                + "is the usual starting point [trello.com](https://trello.com/pricing).");
        assertThat(answer.citations()).containsExactly(
                new Citation("https://zapier.com/blog/best-project-management-software/",
                        "The best project management software in 2025 | Zapier", 1),
                new Citation("https://trello.com/pricing", "Trello Pricing | Trello", 2),
                new Citation("https://monday.com/pricing", "Plans & Pricing | monday.com", 3));
        assertThat(answer.fanOutQueries()).isEmpty();
        assertThat(answer.usage()).isEqualTo(new Usage(4312L, 187L, new BigDecimal("0.0213847")));
        assertThat(answer.modelVersion()).isEqualTo("openai/gpt-4o-mini");
        assertThat(answer.rawResponse()).isEqualTo(body);
        assertThat(answer.noResult()).isFalse();
    }

    @Test
    void readsTopLevelCitationsInTheirOrder() throws Exception {
        server.reply(Reply.json(fixture("litellm-top-level-citations.json")));

        EngineAnswer answer = client.ask(REQUEST);

        assertThat(answer.text()).startsWith("Most comparisons recommend **Asana**").endsWith("place to start [2].");
        assertThat(answer.citations()).containsExactly(
                new Citation("https://zapier.com/blog/best-project-management-software/", null, 1),
                new Citation("https://trello.com/pricing", null, 2),
                new Citation("https://www.g2.com/compare/asana-vs-trello", null, 3),
                new Citation("https://monday.com/pricing", null, 4));
        assertThat(answer.usage()).isEqualTo(new Usage(14L, 64L, null));
        assertThat(answer.modelVersion()).isEqualTo("sonar");
    }

    @Test
    void localModelWithoutCitationsKeepsItsText() throws Exception {
        OpenAiCompatibleChatClient ollama = new OpenAiCompatibleChatClient(
                new OpenAiCompatibleChatClient.Config("llama", null, server.baseUrl() + "/v1", "llama3.1:8b"), http);
        server.reply(Reply.json(fixture("ollama-plain.json")));

        EngineAnswer answer = ollama.ask(REQUEST);

        assertThat(answer.text()).contains("See https://asana.com and https://trello.com for current pricing.");
        assertThat(answer.citations()).isEmpty();
        assertThat(answer.usage()).isEqualTo(new Usage(27L, 58L, null));
        assertThat(answer.modelVersion()).isEqualTo("llama3.1:8b");
        assertThat(ollama.model()).isEqualTo("llama");
        Recorded sent = server.requests().get(0);
        assertThat(sent.path()).isEqualTo("/v1/chat/completions");
        assertThat(sent.header("Authorization")).as("no key, no bearer header").isNull();
    }

    @Test
    void sendsAPlainChatCompletionRequest() throws Exception {
        server.reply(Reply.json(fixture("openrouter-web-annotations.json")));

        client.ask(REQUEST);

        assertThat(server.requests()).hasSize(1);
        Recorded sent = server.requests().get(0);
        assertThat(sent.method()).isEqualTo("POST");
        assertThat(sent.path()).isEqualTo("/api/v1/chat/completions");
        assertThat(sent.header("Authorization")).isEqualTo("Bearer " + KEY);
        assertThat(JSON.readTree(sent.body())).isEqualTo(JSON.readTree("""
                {
                  "model": "openai/gpt-4o-mini:online",
                  "messages": [{"role": "user",
                                "content": "What is the best project management tool for a small agency?"}]
                }"""));
        assertThat(client.model()).isEqualTo("gpt4o_mini");
        assertThat(client.adapter()).isEqualTo("openai-chat");
    }

    @Test
    void contentAsTextPartsAndCitationsWithoutTextAreAccepted() throws Exception {
        server.reply(Reply.json("""
                {"model": "m", "choices": [{"index": 0, "message": {"role": "assistant", "content": [
                  {"type": "text", "text": "Asana "}, {"type": "image_url", "image_url": {"url": "x"}},
                  {"type": "text", "text": "fits."}]}}]}"""),
                Reply.json("""
                {"model": "m", "choices": [{"index": 0, "message": {"role": "assistant", "content": null}}],
                 "citations": ["https://asana.com/", 42, ""]}"""));

        assertThat(client.ask(REQUEST).text()).isEqualTo("Asana fits.");
        EngineAnswer sourcesOnly = client.ask(REQUEST);
        assertThat(sourcesOnly.text()).isEmpty();
        assertThat(sourcesOnly.citations()).containsExactly(new Citation("https://asana.com/", null, 1));
        assertThat(sourcesOnly.usage()).isEqualTo(Usage.UNKNOWN);
    }

    @Test
    void rejectedKeyIsAnAuthenticationFailureAndNotRetried() {
        server.reply(Reply.status(401, """
                {"error": {"message": "No auth credentials found for key %s", "code": 401}}""".formatted(KEY)));

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
                        {"error": {"message": "Rate limit exceeded: free-models-per-min.", "code": 429}}""")
                        .withHeader("Retry-After", "7"),
                Reply.json(fixture("openrouter-web-annotations.json")));

        EngineAnswer answer = client.ask(REQUEST);

        assertThat(answer.citations()).hasSize(3);
        assertThat(sleeper.waits()).containsExactly(Duration.ofSeconds(7));
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void serverErrorsGiveUpAfterThreeAttempts() {
        server.reply(Reply.status(500, """
                {"error": {"message": "Internal Server Error", "code": 500}}"""));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.SERVER_ERROR);
        assertThat(failure.httpStatus()).isEqualTo(500);
        assertThat(server.requests()).hasSize(3);
        assertThat(sleeper.waits()).hasSize(2);
    }

    @Test
    void replyPastTheReadTimeoutIsRetriedThenTimesOut() {
        server.reply(Reply.json(fixture("openrouter-web-annotations.json")).delayedBy(Duration.ofMillis(1500)));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.TIMEOUT);
        assertThat(server.requests()).hasSize(3);
        assertThat(sleeper.waits()).hasSize(2);
    }

    @Test
    void truncatedBodyIsABadResponse() {
        String whole = fixture("openrouter-web-annotations.json");
        server.reply(Reply.json(whole.substring(0, whole.length() / 2)));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.BAD_RESPONSE);
        assertThat(failure.getMessage()).startsWith("gpt4o_mini: ").contains("not valid JSON");
        assertThat(server.requests()).hasSize(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"choices\": [", "<html><body><h1>502 Bad Gateway</h1></body></html>", "[]", "{}",
            "{\"choices\": []}", "{\"choices\": [{\"index\": 0}]}",
            "{\"choices\": [{\"message\": {\"content\": 42}}]}", "\"text\""})
    void malformedOrShapelessBodiesAreBadResponses(String body) {
        server.reply(Reply.json(body));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.BAD_RESPONSE);
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void gatewayErrorInASuccessfulReplyIsABadResponse() {
        server.reply(Reply.json("""
                {"error": {"message": "Provider returned error", "code": 502}, "user_id": "user_2x"}"""));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.BAD_RESPONSE);
        assertThat(failure.getMessage()).isEqualTo("gpt4o_mini: the response has no choices: Provider returned error");
    }

    @Test
    void emptyAnswerIsABadResponse() {
        server.reply(Reply.json(fixture("ollama-empty.json")));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.BAD_RESPONSE);
        assertThat(failure.getMessage()).isEqualTo("gpt4o_mini: empty answer");
    }

    @Test
    void configNeedsIdBaseUrlAndModelAndNeverShowsTheKey() {
        assertThatIllegalArgumentException().isThrownBy(
                () -> new OpenAiCompatibleChatClient.Config(" ", KEY, "http://localhost:11434/v1", "llama3.1:8b"));
        assertThatIllegalArgumentException().isThrownBy(
                () -> new OpenAiCompatibleChatClient.Config("llama", KEY, null, "llama3.1:8b"));
        assertThatIllegalArgumentException().isThrownBy(
                () -> new OpenAiCompatibleChatClient.Config("llama", KEY, "http://localhost:11434/v1", ""));

        OpenAiCompatibleChatClient.Config config =
                new OpenAiCompatibleChatClient.Config("llama", KEY, "http://localhost:11434/v1/", "llama3.1:8b");
        assertThat(config.baseUrl()).isEqualTo("http://localhost:11434/v1");
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
        try (InputStream in = OpenAiCompatibleChatClientTest.class.getResourceAsStream(
                "/engines/openai-compatible/" + name)) {
            return new String(Objects.requireNonNull(in, name).readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
