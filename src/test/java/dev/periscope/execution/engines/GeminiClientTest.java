package dev.periscope.execution.engines;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.periscope.execution.engines.EngineAnswer.Citation;
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
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class GeminiClientTest {
    private static final String KEY = "AIzaSyTest-7c1e9b3f5d2a4e6081";
    private static final EngineRequest REQUEST = new EngineRequest(
            "What is the best project management tool for a small team?", "us", "en", null, "seed");
    private static final Pattern REDIRECT = Pattern.compile(
            "https://vertexaisearch\\.cloud\\.google\\.com(/grounding-api-redirect/[A-Za-z0-9_-]+)");
    private static final String ZAPIER = "https://zapier.com/blog/best-project-management-software/";
    private static final String FORBES = "https://www.forbes.com/advisor/business/software/best-project-management-software/";
    private static final String G2 = "https://www.g2.com/categories/project-management";
    private static final String REDDIT = "https://www.reddit.com/r/smallbusiness/comments/1c4d5ef/project_management_tools/";
    private static final String TECHRADAR = "https://www.techradar.com/best/best-project-management-software";

    private FakeProviderServer server;
    private final List<FakeProviderServer> redirectServers = new ArrayList<>();
    private RecordingSleeper sleeper;
    private GroundingRedirects redirects;
    private GeminiClient client;

    @BeforeEach
    void start() {
        server = new FakeProviderServer();
        sleeper = new RecordingSleeper();
        redirects = new GroundingRedirects(new GroundingRedirects.Settings(Duration.ofMillis(300), 8,
                Duration.ofSeconds(5), 100));
        EngineHttp http = new EngineHttp("gemini", new EngineHttp.Settings(Duration.ofSeconds(2),
                Duration.ofMillis(500), 3, Duration.ofMillis(10), Duration.ofSeconds(30), 2), sleeper);
        client = new GeminiClient(new GeminiClient.Config(KEY, server.baseUrl(), null), http, redirects);
    }

    @AfterEach
    void stop() {
        server.close();
        redirectServers.forEach(FakeProviderServer::close);
    }

    static String fixture(String name) {
        try (InputStream in = GeminiClientTest.class.getResourceAsStream("/engines/gemini/" + name)) {
            assertThat(in).as(name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A stand-in for the grounding redirect endpoint of one chunk. */
    private FakeProviderServer redirectEndpoint(Reply... replies) {
        FakeProviderServer endpoint = new FakeProviderServer().reply(replies);
        redirectServers.add(endpoint);
        return endpoint;
    }

    private static Reply redirectTo(String location) {
        return Reply.status(302, "").withHeader("Location", location);
    }

    /** The fixture with the redirect link of chunk i pointing at endpoints[i]. */
    private static String withRedirectsAt(String body, List<FakeProviderServer> endpoints) {
        Matcher link = REDIRECT.matcher(body);
        StringBuilder out = new StringBuilder();
        int chunk = 0;
        while (link.find()) {
            link.appendReplacement(out, Matcher.quoteReplacement(endpoints.get(chunk++).baseUrl() + link.group(1)));
        }
        link.appendTail(out);
        assertThat(chunk).isEqualTo(endpoints.size());
        return out.toString();
    }

    private static String redirectPath(String body, int chunk) {
        Matcher link = REDIRECT.matcher(body);
        for (int i = 0; i <= chunk; i++) {
            assertThat(link.find()).isTrue();
        }
        return link.group(1);
    }

    private EngineException failure() {
        EngineException failure = catchThrowableOfType(EngineException.class, () -> client.ask(REQUEST));
        assertThat(failure).as("the call should fail").isNotNull();
        assertThat(failure.getMessage()).doesNotContain(KEY);
        assertThat(String.valueOf(failure.getCause())).doesNotContain(KEY);
        return failure;
    }

    private List<FakeProviderServer> allRedirectsResolve() {
        return List.of(redirectEndpoint(redirectTo(ZAPIER)), redirectEndpoint(redirectTo(FORBES)),
                redirectEndpoint(redirectTo(G2)), redirectEndpoint(redirectTo(REDDIT)),
                redirectEndpoint(redirectTo(TECHRADAR)));
    }

    @Test
    void readsTheAnswerGroundingOrderRealUrlsFanOutAndUsage() throws Exception {
        String fixture = fixture("grounded-answer.json");
        List<FakeProviderServer> endpoints = allRedirectsResolve();
        String body = withRedirectsAt(fixture, endpoints);
        server.reply(Reply.json(body));

        EngineAnswer answer = client.ask(REQUEST);

        assertThat(client.model()).isEqualTo("gemini");
        assertThat(client.adapter()).isEqualTo("gemini-generate-content");
        assertThat(answer.text()).isEqualTo("For a small team in 2025, the tools reviewers recommend most are Asana,"
                + " Trello and ClickUp. Asana is the pick for teams that plan projects with deadlines and"
                + " dependencies. Trello is the simplest to start with: a kanban board is ready in minutes. Small"
                + " teams on Reddit often mention moving from spreadsheets to Trello or ClickUp. ClickUp has the most"
                + " generous free plan, though it takes longer to learn.");
        assertThat(answer.citations()).containsExactly(
                new Citation(FORBES, "forbes.com", 1),
                new Citation(ZAPIER, "zapier.com", 2),
                new Citation(REDDIT, "reddit.com", 3),
                new Citation(G2, "g2.com", 0),
                new Citation(TECHRADAR, "techradar.com", 0));
        assertThat(answer.fanOutQueries()).containsExactly("best project management tools for small teams 2025",
                "asana vs trello vs clickup", "clickup free plan limits");
        assertThat(answer.noResult()).isFalse();
        assertThat(answer.modelVersion()).isEqualTo("gemini-2.5-flash");
        assertThat(answer.usage()).isEqualTo(new EngineAnswer.Usage(14L, 118L, null));
        assertThat(answer.rawResponse()).isEqualTo(body);
        assertThat(sleeper.waits()).isEmpty();

        for (int chunk = 0; chunk < endpoints.size(); chunk++) {
            List<Recorded> asked = endpoints.get(chunk).requests();
            assertThat(asked).as("chunk %d", chunk).hasSize(1);
            assertThat(asked.get(0).method()).isEqualTo("HEAD");
            assertThat(asked.get(0).path()).isEqualTo(redirectPath(fixture, chunk));
            assertThat(asked.get(0).header("x-goog-api-key")).isNull();
        }
    }

    @Test
    void sendsTheGenerateContentRequestWithGoogleSearch() throws Exception {
        server.reply(Reply.json(withRedirectsAt(fixture("grounded-answer.json"), allRedirectsResolve())));

        client.ask(REQUEST);

        assertThat(server.requests()).hasSize(1);
        Recorded sent = server.requests().get(0);
        assertThat(sent.method()).isEqualTo("POST");
        assertThat(sent.path()).isEqualTo("/v1beta/models/gemini-2.5-flash:generateContent");
        assertThat(sent.query()).isNull();
        assertThat(sent.header("x-goog-api-key")).isEqualTo(KEY);
        assertThat(sent.header("Authorization")).isNull();
        JsonNode body = JsonMapper.builder().build().readTree(sent.body());
        assertThat(body.path("contents").size()).isEqualTo(1);
        assertThat(body.path("contents").get(0).path("role").asString()).isEqualTo("user");
        assertThat(body.path("contents").get(0).path("parts").get(0).path("text").asString())
                .isEqualTo(REQUEST.prompt());
        assertThat(body.path("tools").size()).isEqualTo(1);
        assertThat(body.path("tools").get(0).path("google_search").isObject()).isTrue();
        assertThat(body.path("tools").get(0).path("google_search").size()).isZero();
    }

    @Test
    void redirectsThatDoNotResolveKeepTheLinkWithTheTitleAsDomain() throws Exception {
        String fixture = fixture("grounded-answer.json");
        FakeProviderServer zapier = redirectEndpoint(Reply.status(500, ""));
        FakeProviderServer forbes = redirectEndpoint(Reply.status(405, ""), redirectTo(FORBES));
        FakeProviderServer g2 = redirectEndpoint(redirectTo("/categories/project-management"));
        FakeProviderServer reddit = redirectEndpoint(redirectTo(REDDIT).delayedBy(Duration.ofSeconds(2)));
        FakeProviderServer techradar = redirectEndpoint(redirectTo(TECHRADAR));
        server.reply(Reply.json(withRedirectsAt(fixture, List.of(zapier, forbes, g2, reddit, techradar))));

        EngineAnswer answer = client.ask(REQUEST);

        assertThat(answer.citations()).containsExactly(
                new Citation(FORBES, "forbes.com", 1),
                new Citation(zapier.baseUrl() + redirectPath(fixture, 0), "zapier.com", 2, "zapier.com"),
                new Citation(reddit.baseUrl() + redirectPath(fixture, 3), "reddit.com", 3, "reddit.com"),
                new Citation(g2.baseUrl() + redirectPath(fixture, 2), "g2.com", 0, "g2.com"),
                new Citation(TECHRADAR, "techradar.com", 0));
        assertThat(forbes.requests()).extracting(Recorded::method).containsExactly("HEAD", "GET");
        assertThat(zapier.requests()).hasSize(1);
    }

    @Test
    void resolvedRedirectsAreCachedAcrossAnswers() throws Exception {
        List<FakeProviderServer> endpoints = allRedirectsResolve();
        server.reply(Reply.json(withRedirectsAt(fixture("grounded-answer.json"), endpoints)));

        EngineAnswer first = client.ask(REQUEST);
        EngineAnswer second = client.ask(REQUEST);

        assertThat(second.citations()).isEqualTo(first.citations());
        assertThat(second.citations()).extracting(Citation::url).containsExactly(FORBES, ZAPIER, REDDIT, G2, TECHRADAR);
        assertThat(server.requests()).hasSize(2);
        for (FakeProviderServer endpoint : endpoints) {
            assertThat(endpoint.requests()).hasSize(1);
        }
        assertThat(redirects.cached()).isEqualTo(5);
    }

    @Test
    void directLinksRepeatedQueriesThoughtsAndStrayIndicesAreHandled() throws Exception {
        server.reply(Reply.json("""
                {"candidates":[{"content":{"parts":[{"text":"Thinking it over.","thought":true},
                   {"text":"Answer one."},{"text":" Answer two."}],"role":"model"},"finishReason":"STOP",
                  "groundingMetadata":{
                    "groundingChunks":[{"web":{"uri":"https://direct.example/a","title":"direct.example"}},
                                       {"web":{"uri":"https://direct.example/b","title":"direct.example"}},
                                       {"web":{"uri":"https://direct.example/a","title":"direct.example"}},
                                       {"web":{"uri":"https://direct.example/c","title":"direct.example"}}],
                    "groundingSupports":[{"segment":{"endIndex":11,"text":"Answer one."},"groundingChunkIndices":[7,2]},
                                         {"segment":{"startIndex":12,"endIndex":23,"text":"Answer two."},
                                          "groundingChunkIndices":[1,0,-1]}],
                    "webSearchQueries":["q one","q two","q one"]},"index":0}],
                 "modelVersion":"gemini-2.5-pro"}"""));

        EngineAnswer answer = client.ask(REQUEST);

        assertThat(answer.text()).isEqualTo("Answer one. Answer two.");
        assertThat(answer.citations()).containsExactly(
                new Citation("https://direct.example/a", "direct.example", 1),
                new Citation("https://direct.example/b", "direct.example", 2),
                new Citation("https://direct.example/c", "direct.example", 0));
        assertThat(answer.fanOutQueries()).containsExactly("q one", "q two");
        assertThat(answer.usage()).isEqualTo(EngineAnswer.Usage.UNKNOWN);
        assertThat(answer.modelVersion()).isEqualTo("gemini-2.5-pro");
        assertThat(redirects.cached()).isZero();
    }

    @Test
    void anAnswerWithoutGroundingHasNoCitations() throws Exception {
        server.reply(Reply.json("""
                {"candidates":[{"content":{"parts":[{"text":"Paris is the capital of France."}],"role":"model"},
                  "finishReason":"STOP","index":0}],
                 "usageMetadata":{"promptTokenCount":8,"candidatesTokenCount":7,"totalTokenCount":15},
                 "modelVersion":"gemini-2.5-flash"}"""));

        EngineAnswer answer = client.ask(REQUEST);

        assertThat(answer.text()).isEqualTo("Paris is the capital of France.");
        assertThat(answer.citations()).isEmpty();
        assertThat(answer.fanOutQueries()).isEmpty();
        assertThat(answer.usage()).isEqualTo(new EngineAnswer.Usage(8L, 7L, null));
    }

    @Test
    void aSafetyStopWithoutTextIsABadResponseNamingTheReason() {
        server.reply(Reply.json(fixture("safety-blocked.json")));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.BAD_RESPONSE);
        assertThat(failure.getMessage()).contains("SAFETY");
    }

    @Test
    void aRecitationStopWithoutTextIsABadResponseNamingTheReason() {
        server.reply(Reply.json("""
                {"candidates":[{"content":{"parts":[{"text":""}],"role":"model"},"finishReason":"RECITATION",
                  "groundingMetadata":{"groundingChunks":[{"web":{"uri":"https://direct.example/a","title":"direct.example"}}],
                    "groundingSupports":[]},"index":0}],"modelVersion":"gemini-2.5-flash"}"""));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.BAD_RESPONSE);
        assertThat(failure.getMessage()).contains("RECITATION");
    }

    @Test
    void aBlockedPromptIsABadResponse() {
        server.reply(Reply.json("""
                {"promptFeedback":{"blockReason":"PROHIBITED_CONTENT"},
                 "usageMetadata":{"promptTokenCount":9,"totalTokenCount":9},"modelVersion":"gemini-2.5-flash"}"""));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.BAD_RESPONSE);
        assertThat(failure.getMessage()).contains("PROHIBITED_CONTENT");
    }

    @Test
    void anEmptyAnswerIsABadResponse() {
        server.reply(Reply.json(fixture("empty-answer.json")));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.BAD_RESPONSE);
        assertThat(failure.getMessage()).contains("empty answer");
    }

    @Test
    void rejectedKeyFailsAtOnceWithoutRetrying() {
        server.reply(Reply.status(401, """
                {"error":{"code":401,"message":"API key %s is not valid.","status":"UNAUTHENTICATED"}}"""
                .formatted(KEY)));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.AUTHENTICATION);
        assertThat(failure.httpStatus()).isEqualTo(401);
        assertThat(server.requests()).hasSize(1);
        assertThat(sleeper.waits()).isEmpty();
    }

    @Test
    void rateLimitWaitsAsLongAsRetryAfterSaysThenSucceeds() throws Exception {
        server.reply(Reply.status(429, """
                        {"error":{"code":429,"message":"Resource has been exhausted.","status":"RESOURCE_EXHAUSTED"}}""")
                        .withHeader("Retry-After", "7"),
                Reply.json(withRedirectsAt(fixture("grounded-answer.json"), allRedirectsResolve())));

        EngineAnswer answer = client.ask(REQUEST);

        assertThat(answer.citations()).hasSize(5);
        assertThat(sleeper.waits()).containsExactly(Duration.ofSeconds(7));
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void serverErrorsGiveUpAfterTheLastAttempt() {
        server.reply(Reply.status(500, """
                {"error":{"code":500,"message":"An internal error has occurred.","status":"INTERNAL"}}"""));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.SERVER_ERROR);
        assertThat(server.requests()).hasSize(3);
        assertThat(sleeper.waits()).hasSize(2);
    }

    @Test
    void aReplyThatTakesTooLongTimesOut() {
        server.reply(Reply.json(fixture("empty-answer.json")).delayedBy(Duration.ofSeconds(2)));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.TIMEOUT);
        assertThat(server.requests()).hasSize(3);
    }

    @Test
    void aTruncatedBodyIsABadResponse() {
        String body = fixture("grounded-answer.json");
        server.reply(Reply.json(body.substring(0, body.length() - 40)));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.BAD_RESPONSE);
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void malformedJsonIsABadResponse() {
        server.reply(Reply.json("{\"candidates\": [{\"content\": {\"parts\": [{\"text\": \"Hi\"}]}},,]}"));

        assertThat(failure().kind()).isEqualTo(Kind.BAD_RESPONSE);
    }

    @Test
    void aBodyWithoutCandidatesIsABadResponse() {
        server.reply(Reply.json("{\"usageMetadata\":{\"promptTokenCount\":3},\"modelVersion\":\"gemini-2.5-flash\"}"));

        EngineException failure = failure();

        assertThat(failure.kind()).isEqualTo(Kind.BAD_RESPONSE);
        assertThat(failure.getMessage()).contains("no candidates");
    }

    @Test
    void theConfigFillsDefaultsAndNeverPrintsTheKey() {
        GeminiClient.Config defaults = new GeminiClient.Config(KEY, " ", null);
        GeminiClient.Config named = new GeminiClient.Config(KEY, "https://gateway.example/gemini/", "models/gemini-2.5-pro");

        assertThat(defaults.baseUrl()).isEqualTo("https://generativelanguage.googleapis.com");
        assertThat(defaults.providerModel()).isEqualTo("gemini-2.5-flash");
        assertThat(named.baseUrl()).isEqualTo("https://gateway.example/gemini");
        assertThat(named.providerModel()).isEqualTo("gemini-2.5-pro");
        assertThat(defaults.toString()).doesNotContain(KEY);
    }

    @Test
    void onlyTitlesThatLookLikeDomainsBecomeTheDomain() {
        assertThat(GeminiClient.domainOf("Zapier.com")).isEqualTo("zapier.com");
        assertThat(GeminiClient.domainOf("en.wikipedia.org")).isEqualTo("en.wikipedia.org");
        assertThat(GeminiClient.domainOf("The best project management software | Zapier")).isNull();
        assertThat(GeminiClient.domainOf("localhost")).isNull();
        assertThat(GeminiClient.domainOf(null)).isNull();
    }
}
