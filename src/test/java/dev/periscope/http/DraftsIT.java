package dev.periscope.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.periscope.plans.Plan;
import dev.periscope.support.ApiClient;
import dev.periscope.support.IntegrationTest;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Spec "States and transitions", Project draft, and "Projects and drafts". */
class DraftsIT extends IntegrationTest {

    private String startDraft(TestAccount account) {
        ApiClient.Response response = api().post("/api/v1/project_drafts", account.key(), ApiClient.json(Map.of(
                "website_url", "https://acme.example.com", "main_country", "US", "main_language", "en",
                "suggest", false)));
        assertThat(response.status()).as(response.text()).isEqualTo(201);
        return response.json().path("draft").path("id").asString();
    }

    private ApiClient.Response step(TestAccount account, String draftId, Map<String, Object> body) {
        return api().patch("/api/v1/project_drafts/" + draftId, account.key(), ApiClient.json(body));
    }

    @Test
    void theWizardGatesForwardAllowsResubmissionAndFinalizesOnce_specStatesProjectDraft() {
        TestAccount account = newAccount(Plan.GROWTH);
        String draftId = startDraft(account);
        assertThat(draftId).matches("draft_[A-Za-z0-9]+");

        ApiClient.Response early = step(account, draftId, Map.of("step", "prompts", "prompts", List.of("best crm")));
        assertThat(early.status()).isEqualTo(422);
        assertThat(early.errorCode()).isEqualTo("ERR_DRAFT_STATE");
        assertThat(early.json().path("error").path("meta").path("missing_steps").get(0).asString()).isEqualTo("details");

        ApiClient.Response details = step(account, draftId, Map.of("step", "details", "name", "Acme",
                "matching_names", List.of("Acme Inc"), "industry", List.of("SAAS")));
        assertThat(details.status()).isEqualTo(200);
        assertThat(details.json().path("draft").path("next_step").asString()).isEqualTo("prompts");
        assertThat(details.json().path("suggestions").path("step").asString()).isEqualTo("prompts");

        assertThat(step(account, draftId, Map.of("step", "competitors", "competitors", List.of())).errorCode())
                .isEqualTo("ERR_DRAFT_STATE");
        ApiClient.Response resubmitted = step(account, draftId, Map.of("step", "details", "name", "Acme Corp"));
        assertThat(resubmitted.status()).isEqualTo(200);
        assertThat(resubmitted.json().path("draft").path("steps").path("details").path("data").path("name").asString())
                .isEqualTo("Acme Corp");

        assertThat(step(account, draftId, Map.of("step", "prompts", "prompts", List.of("best crm", "what is acme"))).status())
                .isEqualTo(200);
        assertThat(step(account, draftId, Map.of("step", "competitors", "competitors",
                List.of(Map.of("domain", "https://www.globex.com", "brand_name", "Globex")))).status()).isEqualTo(200);
        ApiClient.Response media = step(account, draftId, Map.of("step", "owned_media",
                "youtube_channel_url", "https://www.youtube.com/@acme"));
        assertThat(media.status()).isEqualTo(200);
        assertThat(media.json().path("draft").path("next_step").isNull()).isTrue();

        ApiClient.Response finalized = api().post("/api/v1/project_drafts/" + draftId + "/finalize", account.key(), "{}");
        assertThat(finalized.status()).isEqualTo(201);
        JsonNode project = finalized.json().path("project");
        assertThat(project.path("name").asString()).isEqualTo("Acme Corp");
        assertThat(project.path("stats").path("prompts_count").asInt()).isEqualTo(2);
        assertThat(project.path("stats").path("competitors_count").asInt()).isEqualTo(1);
        assertThat(project.path("owned_media").path("youtube_channel_url").asString()).isEqualTo("https://www.youtube.com/@acme");

        ApiClient.Response again = api().post("/api/v1/project_drafts/" + draftId + "/finalize", account.key(), null);
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.json().path("project").path("id").asLong()).isEqualTo(project.path("id").asLong());
        assertThat(api().get("/api/v1/dimensions/projects", account.key()).json().path("projects")).hasSize(1);

        ApiClient.Response read = api().get("/api/v1/project_drafts/" + draftId, account.key());
        assertThat(read.json().path("draft").path("status").asString()).isEqualTo("finalized");
        assertThat(read.json().has("suggestions")).as("only with include_suggestions").isFalse();
    }

    @Test
    void finalizeNeedsTheDetailsStep() {
        TestAccount account = newAccount(Plan.GROWTH);
        String draftId = startDraft(account);
        ApiClient.Response response = api().post("/api/v1/project_drafts/" + draftId + "/finalize", account.key(), "{}");
        assertThat(response.status()).isEqualTo(422);
        assertThat(response.errorCode()).isEqualTo("ERR_DRAFT_STATE");
    }

    @Test
    void draftsExpireAfter24Hours_specLimits() {
        TestAccount account = newAccount(Plan.GROWTH);
        String draftId = startDraft(account);
        clock.advance(Duration.ofHours(23));
        assertThat(api().get("/api/v1/project_drafts/" + draftId, account.key()).status()).isEqualTo(200);
        clock.advance(Duration.ofHours(2));
        ApiClient.Response expired = api().get("/api/v1/project_drafts/" + draftId, account.key());
        assertThat(expired.status()).isEqualTo(404);
        assertThat(expired.errorCode()).isEqualTo("ERR_DRAFT_NOT_FOUND");
        assertThat(step(account, draftId, Map.of("step", "details", "name", "Acme")).errorCode()).isEqualTo("ERR_DRAFT_NOT_FOUND");
    }

    @Test
    void anotherAccountsDraftIsNotFound() {
        TestAccount owner = newAccount(Plan.GROWTH);
        TestAccount stranger = newAccount(Plan.GROWTH);
        String draftId = startDraft(owner);
        assertThat(api().get("/api/v1/project_drafts/" + draftId, stranger.key()).errorCode()).isEqualTo("ERR_DRAFT_NOT_FOUND");
        assertThat(step(stranger, draftId, Map.of("step", "details", "name", "X")).errorCode()).isEqualTo("ERR_DRAFT_NOT_FOUND");
        assertThat(api().post("/api/v1/project_drafts/" + draftId + "/finalize", stranger.key(), "{}").errorCode())
                .isEqualTo("ERR_DRAFT_NOT_FOUND");
        assertThat(api().get("/api/v1/project_drafts/draft_doesnotexist", owner.key()).status()).isEqualTo(404);
        assertThat(api().get("/api/v1/project_drafts/../../etc", owner.key()).status()).isEqualTo(404);
    }

    @Test
    void websiteUrlRules_specProjectsAndDrafts() {
        TestAccount account = newAccount(Plan.GROWTH);
        for (String url : List.of("https://user:secret@acme.example.com", "ftp://acme.example.com", "http://10.0.0.5/",
                "http://169.254.169.254/latest/meta-data", "http://192.168.1.1", "http://[::ffff:10.0.0.1]/",
                "https://intranet.corp", "https://printer.local", "not a url", "javascript:alert(1)")) {
            ApiClient.Response response = api().post("/api/v1/project_drafts", account.key(), ApiClient.json(Map.of(
                    "website_url", url, "main_country", "US", "main_language", "en", "suggest", false)));
            assertThat(response.status()).as(url).isEqualTo(422);
            assertThat(response.errorCode()).isEqualTo("ERR_INVALID_PARAM");
            assertThat(response.json().path("error").path("meta").path("param").asString()).isEqualTo("website_url");
        }
    }

    @Test
    void suggestReadsTheSiteForName_specProjectsAndDrafts() throws Exception {
        HttpServer site = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        byte[] html = """
                <html><head><title>Acme Analytics | Dashboards for growing teams</title>
                <meta name="description" content="Acme Analytics is SaaS software for product analytics dashboards.">
                <meta property="og:site_name" content="Acme Analytics"></head><body><h1>Analytics software</h1></body></html>
                """.getBytes(StandardCharsets.UTF_8);
        site.createContext("/", exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, html.length);
            exchange.getResponseBody().write(html);
            exchange.close();
        });
        site.start();
        try {
            TestAccount account = newAccount(Plan.GROWTH);
            ApiClient.Response response = api().post("/api/v1/project_drafts", account.key(), ApiClient.json(Map.of(
                    "website_url", "http://127.0.0.1:" + site.getAddress().getPort() + "/", "main_country", "US",
                    "main_language", "en")));
            assertThat(response.status()).as(response.text()).isEqualTo(201);
            JsonNode suggestions = response.json().path("suggestions");
            assertThat(suggestions.path("step").asString()).isEqualTo("details");
            assertThat(suggestions.path("name").asString()).isEqualTo("Acme Analytics");
            assertThat(suggestions.path("description").asString()).contains("product analytics");
            assertThat(suggestions.path("source").asString()).isEqualTo("website");
            assertThat(suggestions.path("brand_aliases").toString()).contains("Acme Analytics");
            String draftId = response.json().path("draft").path("id").asString();
            ApiClient.Response cached = api().get("/api/v1/project_drafts/" + draftId + "?include_suggestions=true", account.key());
            assertThat(cached.json().path("suggestions").path("name").asString()).isEqualTo("Acme Analytics");
        } finally {
            site.stop(0);
        }
    }

    @Test
    void anUnreachableSiteStillGivesADraftWithDomainSuggestions() {
        TestAccount account = newAccount(Plan.GROWTH);
        ApiClient.Response response = api().post("/api/v1/project_drafts", account.key(), ApiClient.json(Map.of(
                "website_url", "https://acme-tools.example.com", "main_country", "US", "main_language", "en")));
        assertThat(response.status()).isEqualTo(201);
        assertThat(response.json().path("suggestions").path("source").asString()).isEqualTo("domain");
        assertThat(response.json().path("suggestions").path("error").path("reason").asString()).isNotBlank();
    }
}
