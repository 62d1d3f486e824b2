package dev.periscope.execution.engines;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.periscope.execution.engines.DataForSeoClient.Config;
import dev.periscope.execution.engines.DataForSeoClient.Mode;
import dev.periscope.execution.engines.EngineAnswer.Citation;
import dev.periscope.support.FakeProviderServer;
import dev.periscope.support.FakeProviderServer.Reply;
import dev.periscope.support.RecordingSleeper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class DataForSeoClientTest {
    private static final String LOGIN = "team@periscope.test";
    private static final String PASSWORD = "s3cret-Pa55word-xyz";
    private static final EngineRequest REQUEST = new EngineRequest("best crm for startups", "US", "en", null, null);

    private FakeProviderServer server;
    private RecordingSleeper sleeper;

    @BeforeEach
    void start() {
        server = new FakeProviderServer();
        sleeper = new RecordingSleeper();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private DataForSeoClient client(Mode mode) {
        return client(mode, new Config(LOGIN, PASSWORD, server.baseUrl(), null));
    }

    private DataForSeoClient client(Mode mode, Config config) {
        EngineHttp http = new EngineHttp("ai_overview", new EngineHttp.Settings(Duration.ofSeconds(2),
                Duration.ofMillis(500), 3, Duration.ofMillis(10), Duration.ofSeconds(30), 2), sleeper);
        return new DataForSeoClient(mode, config, http);
    }

    private static String fixture(String name) {
        try (InputStream in = DataForSeoClientTest.class.getResourceAsStream("/engines/dataforseo/" + name)) {
            assertThat(in).as("fixture %s", name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private EngineException failure(DataForSeoClient client) {
        EngineException failure = catchThrowableOfType(EngineException.class, () -> client.ask(REQUEST));
        assertThat(failure).as("the call should fail").isNotNull();
        assertNoSecrets(failure);
        return failure;
    }

    private static void assertNoSecrets(Throwable failure) {
        String basic = Base64.getEncoder().encodeToString((LOGIN + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8));
        List<String> messages = new ArrayList<>();
        for (Throwable t = failure; t != null; t = t.getCause()) {
            messages.add(String.valueOf(t.getMessage()));
            messages.add(t.toString());
        }
        assertThat(messages).allSatisfy(message -> {
            assertThat(message).doesNotContain(PASSWORD);
            assertThat(message).doesNotContain(basic);
        });
    }

    // ---- answers ----------------------------------------------------------------------------------------------

    @Test
    void readsTheAiOverviewTextReferencesAndCost() throws Exception {
        String body = fixture("organic-ai-overview.json");
        server.reply(Reply.json(body));
        DataForSeoClient client = client(Mode.AI_OVERVIEW);

        EngineAnswer answer = client.ask(REQUEST);

        assertThat(client.model()).isEqualTo("ai_overview");
        assertThat(client.adapter()).isEqualTo("dataforseo-serp");
        assertThat(answer.noResult()).isFalse();
        assertThat(answer.text()).isEqualTo("""
                Startups usually pick a CRM that is cheap to start with and easy to grow into.

                * **HubSpot CRM** has a generous free plan.
                * **Pipedrive** is built around a visual sales pipeline.

                Zoho CRM is often the most affordable.""");
        // Elements' references in order of first appearance (the Forbes page is cited twice), then the
        // top-level reference no element uses as a background source.
        assertThat(answer.citations()).containsExactly(
                new Citation("https://www.forbes.com/advisor/business/software/best-crm-small-business/",
                        "Best CRM Software Of 2025", 1),
                new Citation("https://www.hubspot.com/products/crm", "Free CRM Software", 2),
                new Citation("https://www.g2.com/categories/crm", "Best CRM Software in 2025: Compare Reviews", 3),
                new Citation("https://www.reddit.com/r/startups/comments/1b2c3d/which_crm_do_you_use/",
                        "Which CRM do you use? : r/startups", 0));
        assertThat(answer.fanOutQueries()).isEmpty();
        assertThat(answer.modelVersion()).isNull();
        assertThat(answer.usage()).isEqualTo(new EngineAnswer.Usage(null, null, new BigDecimal("0.0025")));
        assertThat(answer.rawResponse()).isEqualTo(body);
        assertThat(answer.structured()).isEmpty();
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void sendsTheDocumentedOrganicRequest() throws Exception {
        server.reply(Reply.json(fixture("organic-ai-overview.json")));

        client(Mode.AI_OVERVIEW).ask(REQUEST);

        FakeProviderServer.Recorded sent = server.requests().get(0);
        assertThat(sent.method()).isEqualTo("POST");
        assertThat(sent.path()).isEqualTo("/v3/serp/google/organic/live/advanced");
        assertThat(sent.header("Authorization")).isEqualTo("Basic " + Base64.getEncoder()
                .encodeToString((LOGIN + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8)));
        assertThat(sent.header("Content-Type")).startsWith("application/json");
        JsonNode body = JsonMapper.builder().build().readTree(sent.body());
        assertThat(body.isArray()).isTrue();
        assertThat(body.size()).isEqualTo(1);
        JsonNode task = body.get(0);
        assertThat(task.path("keyword").asString()).isEqualTo("best crm for startups");
        assertThat(task.path("location_name").asString()).isEqualTo("United States");
        assertThat(task.path("language_code").asString()).isEqualTo("en");
        assertThat(task.path("device").asString()).isEqualTo("desktop");
        assertThat(task.path("load_async_ai_overview").asBoolean()).isTrue();
    }

    @Test
    void readsAnAiModeAnswerWithTheOverviewsMarkdownOnTheItem() throws Exception {
        server.reply(Reply.json(fixture("ai-mode.json")));
        DataForSeoClient client = client(Mode.AI_MODE, new Config(LOGIN, PASSWORD, server.baseUrl() + "/", "mobile"));

        EngineAnswer answer = client.ask(new EngineRequest("best crm for startups", "de", "de", null, "seed"));

        assertThat(client.model()).isEqualTo("ai_mode");
        assertThat(answer.noResult()).isFalse();
        assertThat(answer.text()).isEqualTo("For an early-stage startup, **HubSpot CRM** and **Pipedrive** are the"
                + " usual shortlist.\n\nHubSpot wins on its free tier; Pipedrive on pipeline clarity.");
        // No element carries references, so every top-level reference is visible, in order, without repeats.
        assertThat(answer.citations()).containsExactly(
                new Citation("https://www.pipedrive.com/en/blog/best-crm-for-startups", "The best CRM for startups", 1),
                new Citation("https://www.hubspot.com/products/crm", "Free CRM Software", 2));
        assertThat(answer.usage().costUsd()).isEqualByComparingTo("0.004");

        FakeProviderServer.Recorded sent = server.requests().get(0);
        assertThat(sent.path()).isEqualTo("/v3/serp/google/ai_mode/live/advanced");
        JsonNode task = JsonMapper.builder().build().readTree(sent.body()).get(0);
        assertThat(task.path("location_name").asString()).isEqualTo("Germany");
        assertThat(task.path("language_code").asString()).isEqualTo("de");
        assertThat(task.path("device").asString()).isEqualTo("mobile");
        assertThat(task.has("load_async_ai_overview")).isFalse();
    }

    @Test
    void aSerpWithoutAnAiOverviewIsASuccessfulEmptyAnswer() throws Exception {
        server.reply(Reply.json(fixture("organic-no-ai-overview.json")));

        EngineAnswer answer = client(Mode.AI_OVERVIEW).ask(REQUEST);

        assertThat(answer.noResult()).isTrue();
        assertThat(answer.text()).isEmpty();
        assertThat(answer.citations()).isEmpty();
        assertThat(answer.fanOutQueries()).isEmpty();
        assertThat(answer.usage().costUsd()).isEqualByComparingTo("0.002");
        assertThat(answer.rawResponse()).contains("\"organic\"");
    }

    @Test
    void anAiModeResultWithoutContentIsASuccessfulEmptyAnswer() throws Exception {
        server.reply(Reply.json(fixture("ai-mode-empty.json")));

        EngineAnswer answer = client(Mode.AI_MODE).ask(REQUEST);

        assertThat(answer.noResult()).isTrue();
        assertThat(answer.text()).isEmpty();
        assertThat(answer.citations()).isEmpty();
    }

    @Test
    void keepsShoppingProductsAsStructuredData() throws Exception {
        server.reply(Reply.json(fixture("organic-shopping.json")));

        EngineAnswer answer = client(Mode.AI_OVERVIEW).ask(REQUEST);

        assertThat(answer.noResult()).isTrue();
        List<Map<String, Object>> products = answer.structured().get("shopping_products");
        assertThat(products).hasSize(2);
        Map<String, Object> sony = products.get(0);
        assertThat(sony).containsEntry("product_id_external", "4485466949985702538")
                .containsEntry("title", "Sony WH-1000XM5")
                .containsEntry("url", "https://www.bestbuy.com/site/sony-wh-1000xm5/6505727.p")
                .containsEntry("domain", "www.bestbuy.com")
                .containsEntry("currency", "USD")
                .containsEntry("rating_votes_count", 18421L)
                .containsEntry("images", List.of("https://encrypted-tbn0.gstatic.com/shopping?q=tbn:sony-xm5"))
                .containsEntry("rank_group", 1L);
        assertThat((BigDecimal) sony.get("price")).isEqualByComparingTo("329.99");
        assertThat((BigDecimal) sony.get("rating_value")).isEqualByComparingTo("4.6");
        assertThat((BigDecimal) sony.get("rating_max")).isEqualByComparingTo("5");
        // Missing fields are left out rather than guessed.
        assertThat(products.get(1)).containsOnlyKeys("title", "rank_group")
                .containsEntry("title", "Bose QuietComfort Ultra");
    }

    // ---- DataForSEO status codes inside HTTP 200 --------------------------------------------------------------

    @Test
    void aTaskErrorIsABadRequest() {
        server.reply(Reply.json(fixture("task-error-40501.json")));

        EngineException failure = failure(client(Mode.AI_OVERVIEW));

        assertThat(failure.kind()).isEqualTo(EngineException.Kind.BAD_REQUEST);
        assertThat(failure.retryable()).isFalse();
        assertThat(failure.getMessage()).contains("40501").contains("Invalid Field");
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void anAuthenticationStatusInsideHttp200IsAnAuthenticationFailure() {
        server.reply(Reply.json(fixture("auth-error-40100.json")));

        EngineException failure = failure(client(Mode.AI_OVERVIEW));

        assertThat(failure.kind()).isEqualTo(EngineException.Kind.AUTHENTICATION);
        assertThat(failure.retryable()).isFalse();
        assertThat(failure.getMessage()).contains("40100");
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void aPaymentStatusIsAnAuthenticationFailure() {
        server.reply(Reply.json("""
                {"version":"0.1.20250526","status_code":40200,"status_message":"Payment Required.",
                 "time":"0.0013 sec.","cost":0,"tasks_count":0,"tasks_error":0,"tasks":null}"""));

        assertThat(failure(client(Mode.AI_MODE)).kind()).isEqualTo(EngineException.Kind.AUTHENTICATION);
    }

    @Test
    void aServerStatusInsideHttp200FailsThisCallAsRetryable() {
        server.reply(Reply.json("""
                {"version":"0.1.20250526","status_code":20000,"status_message":"Ok.","time":"0.2 sec.","cost":0,
                 "tasks_count":1,"tasks_error":1,"tasks":[{"id":"06011206-1111-0066-0000-000000000007",
                 "status_code":50000,"status_message":"Internal Error.","time":"0.1 sec.","cost":0,
                 "result_count":0,"path":["v3","serp","google","organic","live","advanced"],"data":{},
                 "result":null}]}"""));

        EngineException failure = failure(client(Mode.AI_OVERVIEW));

        assertThat(failure.kind()).isEqualTo(EngineException.Kind.SERVER_ERROR);
        assertThat(failure.retryable()).isTrue();
        assertThat(server.requests()).hasSize(1);
    }

    // ---- HTTP failures ----------------------------------------------------------------------------------------

    @Test
    void http401IsAnAuthenticationFailureWithoutRetry() {
        server.reply(Reply.status(401, """
                {"status_code":40100,"status_message":"You are not authorized to access this resource."}"""));

        EngineException failure = failure(client(Mode.AI_OVERVIEW));

        assertThat(failure.kind()).isEqualTo(EngineException.Kind.AUTHENTICATION);
        assertThat(failure.httpStatus()).isEqualTo(401);
        assertThat(server.requests()).hasSize(1);
        assertThat(sleeper.waits()).isEmpty();
    }

    @Test
    void http429HonoursRetryAfterThenSucceeds() throws Exception {
        server.reply(Reply.status(429, "{\"status_code\":42900}").withHeader("Retry-After", "7"),
                Reply.json(fixture("organic-ai-overview.json")));

        EngineAnswer answer = client(Mode.AI_OVERVIEW).ask(REQUEST);

        assertThat(answer.noResult()).isFalse();
        assertThat(answer.citations()).hasSize(4);
        assertThat(sleeper.waits()).containsExactly(Duration.ofSeconds(7));
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void http500IsRetriedThenFailsAsServerError() {
        server.reply(Reply.status(500, "{\"status_code\":50000,\"status_message\":\"Internal Server Error.\"}"));

        EngineException failure = failure(client(Mode.AI_OVERVIEW));

        assertThat(failure.kind()).isEqualTo(EngineException.Kind.SERVER_ERROR);
        assertThat(failure.retryable()).isTrue();
        assertThat(server.requests()).hasSize(3);
        assertThat(sleeper.waits()).hasSize(2);
    }

    @Test
    void aReplyThatTakesTooLongIsATimeout() {
        server.reply(Reply.json(fixture("organic-ai-overview.json")).delayedBy(Duration.ofSeconds(2)));

        EngineException failure = failure(client(Mode.AI_OVERVIEW));

        assertThat(failure.kind()).isEqualTo(EngineException.Kind.TIMEOUT);
        assertThat(failure.retryable()).isTrue();
    }

    @Test
    void aTruncatedBodyIsABadResponse() {
        String body = fixture("organic-ai-overview.json");
        server.reply(Reply.json(body.substring(0, body.length() / 2)));

        EngineException failure = failure(client(Mode.AI_OVERVIEW));

        assertThat(failure.kind()).isEqualTo(EngineException.Kind.BAD_RESPONSE);
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void aMalformedBodyIsABadResponse() {
        server.reply(Reply.json("<html><body>502 Bad Gateway</body></html>"));

        assertThat(failure(client(Mode.AI_OVERVIEW)).kind()).isEqualTo(EngineException.Kind.BAD_RESPONSE);
    }

    @Test
    void aBodyWithoutTasksIsABadResponse() {
        server.reply(Reply.json("{\"status_code\":20000,\"status_message\":\"Ok.\",\"tasks\":[]}"));

        assertThat(failure(client(Mode.AI_OVERVIEW)).kind()).isEqualTo(EngineException.Kind.BAD_RESPONSE);
    }

    // ---- configuration ----------------------------------------------------------------------------------------

    @Test
    void withoutCredentialsNothingIsSent() {
        EngineException failure = failure(client(Mode.AI_OVERVIEW, new Config(LOGIN, " ", server.baseUrl(), null)));

        assertThat(failure.kind()).isEqualTo(EngineException.Kind.NOT_CONFIGURED);
        assertThat(server.requests()).isEmpty();
    }

    @Test
    void configDefaultsAndNeverPrintsThePassword() {
        Config config = new Config(LOGIN, PASSWORD, null, "");

        assertThat(config.baseUrl()).isEqualTo("https://api.dataforseo.com");
        assertThat(config.device()).isEqualTo("desktop");
        assertThat(config.toString()).doesNotContain(PASSWORD).contains(LOGIN);
    }

    @Test
    void anUnknownCountryCodeIsABadRequestWithoutACall() {
        DataForSeoClient client = client(Mode.AI_OVERVIEW);

        EngineException failure = catchThrowableOfType(EngineException.class,
                () -> client.ask(new EngineRequest("best crm", "QQ", "en", null, null)));

        assertThat(failure.kind()).isEqualTo(EngineException.Kind.BAD_REQUEST);
        assertThat(server.requests()).isEmpty();
    }
}
