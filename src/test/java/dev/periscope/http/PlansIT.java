package dev.periscope.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.periscope.plans.Plan;
import dev.periscope.support.ApiClient;
import dev.periscope.support.IntegrationTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Spec "What the service does" 6 (feature gates) and the plan quotas of DECISIONS.md. */
class PlansIT extends IntegrationTest {

    @Test
    void annotationsNeedGrowth_specWhatTheServiceDoes6() {
        TestAccount starter = newAccount(Plan.STARTER);
        long projectId = createProject(starter, Map.of());
        ApiClient.Response create = api().post("/api/v1/annotations", starter.key(),
                ApiClient.json(Map.of("project_id", projectId, "title", "Launch")));
        assertThat(create.status()).isEqualTo(403);
        assertThat(create.errorCode()).isEqualTo("ERR_PLAN_REQUIRED");
        assertThat(create.json().path("error").path("meta").path("required_plan").asString()).isEqualTo("growth");
        assertThat(api().get("/api/v1/annotations?project_id=" + projectId, starter.key()).errorCode())
                .isEqualTo("ERR_PLAN_REQUIRED");

        TestAccount growth = newAccount(Plan.GROWTH);
        long growthProject = createProject(growth, Map.of());
        assertThat(api().post("/api/v1/annotations", growth.key(),
                ApiClient.json(Map.of("project_id", growthProject, "title", "Launch"))).status()).isEqualTo(201);
    }

    @Test
    void scaleFeaturesAreGatedBeforeAnythingElse_specWhatTheServiceDoes6() {
        List<String> scaleOnly = List.of("/api/v1/metrics/ai_traffic?project_id=1", "/api/v1/metrics/agent_traffic?project_id=1",
                "/api/v1/dimensions/agent_bots?project_id=1", "/api/v1/webhooks");
        List<String> growthOnly = List.of("/api/v1/search_console/summary?project_id=1",
                "/api/v1/search_console/queries?project_id=1");
        TestAccount starter = newAccount(Plan.STARTER);
        TestAccount growth = newAccount(Plan.GROWTH);
        for (String path : scaleOnly) {
            for (TestAccount account : List.of(starter, growth)) {
                ApiClient.Response response = api().get(path, account.key());
                assertThat(response.status()).as(path).isEqualTo(403);
                assertThat(response.errorCode()).isEqualTo("ERR_PLAN_REQUIRED");
            }
        }
        for (String path : growthOnly) {
            assertThat(api().get(path, starter.key()).errorCode()).as(path).isEqualTo("ERR_PLAN_REQUIRED");
            assertThat(api().get(path, growth.key()).errorCode()).as(path).isNotEqualTo("ERR_PLAN_REQUIRED");
        }
        TestAccount scale = newAccount(Plan.SCALE);
        for (String path : scaleOnly) {
            assertThat(api().get(path, scale.key()).errorCode()).as(path).isNotEqualTo("ERR_PLAN_REQUIRED");
        }
    }

    @Test
    void ownedMediaNeedsGrowth() {
        TestAccount starter = newAccount(Plan.STARTER);
        ApiClient.Response response = api().post("/api/v1/projects", starter.key(), ApiClient.json(Map.of(
                "website_url", "https://acme.example.com", "name", "Acme", "main_country", "US", "main_language", "en",
                "owned_media", Map.of("youtube_channel_url", "https://www.youtube.com/@acme"))));
        assertThat(response.status()).isEqualTo(403);
        assertThat(response.errorCode()).isEqualTo("ERR_PLAN_REQUIRED");
    }

    @Test
    void projectQuotaPerPlan_decisionsPlans() {
        TestAccount starter = newAccount(Plan.STARTER);
        createProject(starter, Map.of());
        ApiClient.Response second = api().post("/api/v1/projects", starter.key(), ApiClient.json(Map.of(
                "website_url", "https://second.example.com", "name", "Second", "main_country", "US", "main_language", "en")));
        assertThat(second.status()).isEqualTo(422);
        assertThat(second.errorCode()).isEqualTo("ERR_QUOTA_EXCEEDED");
        assertThat(second.json().path("error").path("meta").path("limit").asInt()).isEqualTo(1);
        assertThat(api().get("/api/v1/dimensions/projects", starter.key()).json().path("projects")).hasSize(1);
    }

    @Test
    void competitorCapPerPlan_specPostCompetitors() {
        TestAccount starter = newAccount(Plan.STARTER);
        List<Map<String, Object>> five = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            five.add(Map.of("domain", "rival" + i + ".com"));
        }
        long projectId = createProject(starter, Map.of("competitors", five));
        ApiClient.Response sixth = api().post("/api/v1/competitors", starter.key(), ApiClient.json(Map.of(
                "project_id", projectId, "brand_name", "Rival Six", "domain", "rival6.com")));
        assertThat(sixth.status()).isEqualTo(422);
        assertThat(sixth.errorCode()).isEqualTo("ERR_QUOTA_EXCEEDED");

        List<Map<String, Object>> six = new ArrayList<>(five);
        six.add(Map.of("domain", "rival9.com"));
        TestAccount other = newAccount(Plan.STARTER);
        ApiClient.Response tooMany = api().post("/api/v1/projects", other.key(), ApiClient.json(Map.of(
                "website_url", "https://acme.example.com", "name", "Acme", "main_country", "US", "main_language", "en",
                "competitors", six)));
        assertThat(tooMany.errorCode()).isEqualTo("ERR_QUOTA_EXCEEDED");
        assertThat(api().get("/api/v1/dimensions/projects", other.key()).json().path("projects")).as("nothing created").isEmpty();

        // Deleting frees the slot at once.
        long first = db.sql("SELECT min(id) FROM competitors WHERE project_id = :p").param("p", projectId).query(Long.class).single();
        assertThat(api().delete("/api/v1/competitors/" + first + "?project_id=" + projectId, starter.key()).status()).isEqualTo(200);
        assertThat(api().post("/api/v1/competitors", starter.key(), ApiClient.json(Map.of(
                "project_id", projectId, "brand_name", "Rival Six", "domain", "rival6.com"))).status()).isEqualTo(201);
    }

    @Test
    void promptQuotaIsAccountWide_decisionsPlans() {
        TestAccount growth = newAccount(Plan.GROWTH);
        long first = createProject(growth, Map.of());
        long second = createProject(growth, Map.of());
        assertThat(addPrompts(growth, first, 0, 100).status()).isEqualTo(201);
        assertThat(addPrompts(growth, second, 100, 100).status()).isEqualTo(201);
        ApiClient.Response over = addPrompts(growth, second, 200, 1);
        assertThat(over.status()).isEqualTo(422);
        assertThat(over.errorCode()).isEqualTo("ERR_LIMIT_REACHED");
        assertThat(over.json().path("error").path("meta").path("available").asInt()).isZero();
    }

    private ApiClient.Response addPrompts(TestAccount account, long projectId, int start, int count) {
        List<String> texts = new ArrayList<>();
        for (int i = start; i < start + count; i++) {
            texts.add("question number " + i);
        }
        return api().post("/api/v1/prompts", account.key(), ApiClient.json(Map.of("project_id", projectId,
                "prompts", texts, "country_code", "US", "language_code", "en")));
    }
}
