package dev.periscope.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.periscope.plans.Plan;
import dev.periscope.support.ApiClient;
import dev.periscope.support.IntegrationTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Spec "Authentication" 2: another account's project is exactly an unknown project, on every endpoint; nested
 * resources of another project are exactly unknown resources.
 */
class TenancyIT extends IntegrationTest {

    @Test
    void anotherAccountsProjectIsNotFoundEverywhere_specAuthentication2() {
        TestAccount owner = newAccount(Plan.SCALE);
        TestAccount stranger = newAccount(Plan.SCALE);
        long projectId = createProject(owner, Map.of("prompts", List.of("best crm"),
                "competitors", List.of(Map.of("domain", "globex.com", "brand_name", "Globex"))));
        long unknownId = 9_000_000_000L;
        long promptId = db.sql("SELECT id FROM prompts WHERE project_id = :p").param("p", projectId).query(Long.class).single();
        long competitorId = db.sql("SELECT id FROM competitors WHERE project_id = :p").param("p", projectId).query(Long.class).single();
        long collectionId = api().post("/api/v1/collections", owner.key(),
                ApiClient.json(Map.of("project_id", projectId, "name", "Core"))).json().path("collection").path("id").asLong();
        long annotationId = api().post("/api/v1/annotations", owner.key(),
                ApiClient.json(Map.of("project_id", projectId, "title", "Launch"))).json().path("annotation").path("id").asLong();

        for (long id : new long[] {projectId, unknownId}) {
            List<ApiClient.Response> responses = List.of(
                    api().get("/api/v1/ping?project_id=" + id, stranger.key()),
                    api().get("/api/v1/dimensions/projects/" + id, stranger.key()),
                    api().get("/api/v1/dimensions/competitors?project_id=" + id, stranger.key()),
                    api().get("/api/v1/dimensions/competitors/" + competitorId + "?project_id=" + id, stranger.key()),
                    api().get("/api/v1/dimensions/collections?project_id=" + id, stranger.key()),
                    api().get("/api/v1/dimensions/tags?project_id=" + id, stranger.key()),
                    api().get("/api/v1/dimensions/models?project_id=" + id, stranger.key()),
                    api().get("/api/v1/dimensions/locales?project_id=" + id, stranger.key()),
                    api().get("/api/v1/dimensions/sentiments?project_id=" + id, stranger.key()),
                    api().get("/api/v1/dimensions/prompts?project_id=" + id, stranger.key()),
                    api().get("/api/v1/annotations?project_id=" + id, stranger.key()),
                    api().get("/api/v1/dimensions/prompt_executions?project_id=" + id, stranger.key()),
                    api().get("/api/v1/dimensions/sources?project_id=" + id, stranger.key()),
                    api().get("/api/v1/dimensions/mentions?project_id=" + id, stranger.key()),
                    api().get("/api/v1/dimensions/citations?project_id=" + id, stranger.key()),
                    api().get("/api/v1/dimensions/competitor_mentions?project_id=" + id, stranger.key()),
                    api().get("/api/v1/dimensions/competitor_citations?project_id=" + id, stranger.key()),
                    api().get("/api/v1/dimensions/all_mentions?project_id=" + id, stranger.key()),
                    api().get("/api/v1/dimensions/all_citations?project_id=" + id, stranger.key()),
                    api().get("/api/v1/answers?project_id=" + id, stranger.key()),
                    api().get("/api/v1/answers/1?project_id=" + id, stranger.key()),
                    api().get("/api/v1/sentiments?project_id=" + id, stranger.key()),
                    api().get("/api/v1/metrics/timeseries?project_id=" + id, stranger.key()),
                    api().get("/api/v1/metrics/summary?project_id=" + id, stranger.key()),
                    api().get("/api/v1/metrics/sov?project_id=" + id, stranger.key()),
                    api().get("/api/v1/metrics/prompt_summary?project_id=" + id, stranger.key()),
                    api().get("/api/v1/metrics/top_sources?project_id=" + id, stranger.key()),
                    api().post("/api/v1/prompts", stranger.key(), ApiClient.json(Map.of("project_id", id,
                            "prompts", List.of("x"), "country_code", "US", "language_code", "en"))),
                    api().delete("/api/v1/prompts/" + promptId + "?project_id=" + id, stranger.key()),
                    api().post("/api/v1/prompts/assign_tags", stranger.key(), ApiClient.json(Map.of("project_id", id,
                            "prompt_ids", List.of(promptId), "tag_ids", List.of(collectionId)))),
                    api().post("/api/v1/collections", stranger.key(), ApiClient.json(Map.of("project_id", id, "name", "X"))),
                    api().patch("/api/v1/collections/" + collectionId, stranger.key(), ApiClient.json(Map.of("project_id", id, "name", "Y"))),
                    api().delete("/api/v1/collections/" + collectionId + "?project_id=" + id, stranger.key()),
                    api().post("/api/v1/competitors", stranger.key(), ApiClient.json(Map.of("project_id", id,
                            "brand_name", "Initech", "domain", "initech.com"))),
                    api().patch("/api/v1/competitors/" + competitorId, stranger.key(), ApiClient.json(Map.of("project_id", id, "color", "#000000"))),
                    api().delete("/api/v1/competitors/" + competitorId + "?project_id=" + id, stranger.key()),
                    api().post("/api/v1/annotations", stranger.key(), ApiClient.json(Map.of("project_id", id, "title", "T"))),
                    api().patch("/api/v1/annotations/" + annotationId, stranger.key(), ApiClient.json(Map.of("project_id", id, "title", "T"))),
                    api().delete("/api/v1/annotations/" + annotationId + "?project_id=" + id, stranger.key()));
            for (ApiClient.Response response : responses) {
                assertThat(response.status()).as(response.text()).isEqualTo(404);
                assertThat(response.errorCode()).isEqualTo("ERR_PROJECT_NOT_FOUND");
                assertThat(response.json().path("error").path("message").asString())
                        .isEqualTo("Project not found or not accessible");
            }
        }
        assertThat(api().get("/api/v1/dimensions/projects", stranger.key()).json().path("projects")).isEmpty();
        // Another project's answer is an unknown answer, even with the stranger's own project.
        long strangersProject = createProject(stranger, Map.of());
        runRuns();
        long ownersAnswer = db.sql("SELECT id FROM prompt_executions WHERE project_id = :p LIMIT 1").param("p", projectId)
                .query(Long.class).single();
        ApiClient.Response foreignAnswer = api().get("/api/v1/answers/" + ownersAnswer + "?project_id=" + strangersProject,
                stranger.key());
        assertThat(foreignAnswer.status()).isEqualTo(404);
        assertThat(foreignAnswer.errorCode()).isEqualTo("ERR_NOT_FOUND");
        // Nothing of the owner's changed.
        assertThat(api().get("/api/v1/dimensions/prompts?project_id=" + projectId, owner.key()).json().path("total").asInt()).isEqualTo(1);
        assertThat(api().get("/api/v1/dimensions/competitors?project_id=" + projectId, owner.key()).json().path("competitors")).hasSize(1);
    }

    @Test
    void nestedResourcesOfAnotherProjectAreNotFound() {
        TestAccount owner = newAccount(Plan.SCALE);
        TestAccount stranger = newAccount(Plan.SCALE);
        long ownersProject = createProject(owner, Map.of("prompts", List.of("best crm"),
                "competitors", List.of(Map.of("domain", "globex.com"))));
        long strangersProject = createProject(stranger, Map.of());
        long promptId = db.sql("SELECT id FROM prompts WHERE project_id = :p").param("p", ownersProject).query(Long.class).single();
        long competitorId = db.sql("SELECT id FROM competitors WHERE project_id = :p").param("p", ownersProject).query(Long.class).single();
        long collectionId = api().post("/api/v1/collections", owner.key(),
                ApiClient.json(Map.of("project_id", ownersProject, "name", "Core"))).json().path("collection").path("id").asLong();
        long annotationId = api().post("/api/v1/annotations", owner.key(),
                ApiClient.json(Map.of("project_id", ownersProject, "title", "Launch"))).json().path("annotation").path("id").asLong();

        List<ApiClient.Response> responses = List.of(
                api().get("/api/v1/dimensions/competitors/" + competitorId + "?project_id=" + strangersProject, stranger.key()),
                api().patch("/api/v1/competitors/" + competitorId, stranger.key(),
                        ApiClient.json(Map.of("project_id", strangersProject, "color", "#000000"))),
                api().delete("/api/v1/competitors/" + competitorId + "?project_id=" + strangersProject, stranger.key()),
                api().delete("/api/v1/prompts/" + promptId + "?project_id=" + strangersProject, stranger.key()),
                api().patch("/api/v1/collections/" + collectionId, stranger.key(),
                        ApiClient.json(Map.of("project_id", strangersProject, "name", "Y"))),
                api().delete("/api/v1/collections/" + collectionId + "?project_id=" + strangersProject, stranger.key()),
                api().patch("/api/v1/annotations/" + annotationId, stranger.key(),
                        ApiClient.json(Map.of("project_id", strangersProject, "title", "T"))),
                api().delete("/api/v1/annotations/" + annotationId + "?project_id=" + strangersProject, stranger.key()));
        for (ApiClient.Response response : responses) {
            assertThat(response.status()).as(response.text()).isEqualTo(404);
            assertThat(response.errorCode()).isEqualTo("ERR_NOT_FOUND");
        }
        // Ids of another project are unknown ids in filters and bodies too.
        ApiClient.Response tagging = api().post("/api/v1/prompts/assign_tags", stranger.key(), ApiClient.json(Map.of(
                "project_id", strangersProject, "prompt_ids", List.of(promptId), "tag_ids", List.of(collectionId))));
        assertThat(tagging.status()).isEqualTo(422);
        assertThat(tagging.errorCode()).isEqualTo("ERR_INVALID_PARAM");
        ApiClient.Response filter = api().get("/api/v1/dimensions/prompts?project_id=" + strangersProject
                + "&collection_id=" + collectionId, stranger.key());
        assertThat(filter.status()).isEqualTo(422);
        assertThat(filter.json().path("error").path("meta").path("param").asString()).isEqualTo("collection_id");
    }
}
