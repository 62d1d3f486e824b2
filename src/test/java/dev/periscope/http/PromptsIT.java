package dev.periscope.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.periscope.plans.Plan;
import dev.periscope.support.ApiClient;
import dev.periscope.support.IntegrationTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Spec "Prompts, collections, competitors, annotations": POST /prompts, DELETE /prompts/{id}, assign_tags. */
class PromptsIT extends IntegrationTest {

    private ApiClient.Response add(TestAccount account, long projectId, List<String> texts, String country) {
        return api().post("/api/v1/prompts", account.key(), ApiClient.json(Map.of("project_id", projectId,
                "prompts", texts, "country_code", country, "language_code", "en")));
    }

    @Test
    void sameTextAndLocaleCountsAsExisting_specPostPrompts() {
        TestAccount account = newAccount(Plan.GROWTH);
        long projectId = createProject(account, Map.of("prompts", List.of("Best CRM for startups")));
        ApiClient.Response response = add(account, projectId,
                List.of("best  crm for STARTUPS", "What is Acme?", "what is acme?", "Acme pricing"), "US");
        assertThat(response.status()).isEqualTo(201);
        JsonNode json = response.json();
        assertThat(json.path("created").asInt()).isEqualTo(2);
        assertThat(json.path("skipped").asInt()).isEqualTo(2);
        assertThat(json.path("total_after").asInt()).isEqualTo(3);
        assertThat(json.path("prompts_available").asInt()).isEqualTo(200 - 3);
        List<String> statuses = new ArrayList<>();
        json.path("data").forEach(item -> statuses.add(item.path("status").asString()));
        assertThat(statuses).containsExactly("exists", "created", "exists", "created");
        assertThat(json.path("data").get(1).path("id").asLong()).isEqualTo(json.path("data").get(2).path("id").asLong());
        assertThat(json.path("data").get(0).path("raw_input").asString()).isEqualTo("best  crm for STARTUPS");

        ApiClient.Response otherLocale = add(account, projectId, List.of("Best CRM for startups"), "GB");
        assertThat(otherLocale.json().path("created").asInt()).isEqualTo(1);
    }

    @Test
    void promptsAreCategorised_specPromptTable() {
        TestAccount account = newAccount(Plan.GROWTH);
        long projectId = createProject(account, Map.of("competitors", List.of(Map.of("domain", "globex.com", "brand_name", "Globex"))));
        add(account, projectId, List.of("Is Acme worth it?", "Globex reviews", "how to plan a sprint"), "US");
        JsonNode data = api().get("/api/v1/dimensions/prompts?project_id=" + projectId, account.key()).json().path("data");
        assertThat(data.get(0).path("brand_kind").asString()).isEqualTo("brand");
        assertThat(data.get(0).path("prompt_type").asString()).isEqualTo("commercial");
        assertThat(data.get(1).path("brand_kind").asString()).isEqualTo("brand_other");
        assertThat(data.get(2).path("brand_kind").asString()).isEqualTo("non_brand");
        assertThat(data.get(2).path("prompt_type").asString()).isEqualTo("informational");
    }

    @Test
    void atMostOneHundredPerRequest_specLimits() {
        TestAccount account = newAccount(Plan.SCALE);
        long projectId = createProject(account, Map.of());
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < 101; i++) {
            texts.add("prompt " + i);
        }
        ApiClient.Response response = add(account, projectId, texts, "US");
        assertThat(response.status()).isEqualTo(422);
        assertThat(response.json().path("error").path("meta").path("max_items").asInt()).isEqualTo(100);
    }

    @Test
    void notEnoughSlotsAddsNothing_specPostPrompts() {
        TestAccount account = newAccount(Plan.STARTER);
        long projectId = createProject(account, Map.of());
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < 45; i++) {
            texts.add("prompt " + i);
        }
        assertThat(add(account, projectId, texts, "US").status()).isEqualTo(201);
        ApiClient.Response over = add(account, projectId, List.of("a", "b", "c", "d", "e", "f"), "US");
        assertThat(over.status()).isEqualTo(422);
        assertThat(over.errorCode()).isEqualTo("ERR_LIMIT_REACHED");
        assertThat(over.json().path("error").path("meta").path("available").asInt()).isEqualTo(5);
        assertThat(over.json().path("error").path("meta").path("requested").asInt()).isEqualTo(6);
        assertThat(api().get("/api/v1/dimensions/prompts?project_id=" + projectId, account.key()).json().path("total").asInt())
                .isEqualTo(45);
        // Existing prompts take no slot, so a request of only known texts passes even at the edge.
        assertThat(add(account, projectId, List.of("prompt 1", "a", "b", "c", "d", "e"), "US").status()).isEqualTo(201);
        assertThat(add(account, projectId, List.of("prompt 2"), "US").json().path("skipped").asInt()).isEqualTo(1);
    }

    @Test
    void concurrentRequestsNeverExceedTheQuota_specPostPrompts() throws Exception {
        TestAccount account = newAccount(Plan.STARTER);
        long projectId = createProject(account, Map.of());
        int requests = 12;
        List<Callable<ApiClient.Response>> calls = new ArrayList<>();
        for (int r = 0; r < requests; r++) {
            List<String> texts = new ArrayList<>();
            for (int i = 0; i < 7; i++) {
                texts.add("request " + r + " prompt " + i);
            }
            calls.add(() -> add(account, projectId, texts, "US"));
        }
        int created = 0;
        int refused = 0;
        try (ExecutorService pool = Executors.newFixedThreadPool(requests)) {
            for (Future<ApiClient.Response> future : pool.invokeAll(calls)) {
                ApiClient.Response response = future.get();
                if (response.status() == 201) {
                    created += response.json().path("created").asInt();
                } else {
                    assertThat(response.errorCode()).isEqualTo("ERR_LIMIT_REACHED");
                    refused++;
                }
            }
        }
        long live = db.sql("SELECT count(*) FROM prompts WHERE project_id = :p AND deleted_at IS NULL")
                .param("p", projectId).query(Long.class).single();
        assertThat(live).isEqualTo(created).isEqualTo(49);
        assertThat(refused).isEqualTo(5);
    }

    @Test
    void deletingFreesTheSlotAtOnceAndPurgesInTheBackground_specDeletePrompt() {
        TestAccount account = newAccount(Plan.STARTER);
        long projectId = createProject(account, Map.of());
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            texts.add("prompt " + i);
        }
        JsonNode created = add(account, projectId, texts, "US").json();
        long promptId = created.path("data").get(0).path("id").asLong();
        assertThat(add(account, projectId, List.of("one more"), "US").errorCode()).isEqualTo("ERR_LIMIT_REACHED");

        ApiClient.Response deleted = api().delete("/api/v1/prompts/" + promptId + "?project_id=" + projectId, account.key());
        assertThat(deleted.status()).isEqualTo(200);
        assertThat(api().get("/api/v1/dimensions/prompts?project_id=" + projectId + "&per_page=100", account.key())
                .json().path("total").asInt()).isEqualTo(49);
        assertThat(add(account, projectId, List.of("one more"), "US").status()).isEqualTo(201);
        ApiClient.Response again = api().delete("/api/v1/prompts/" + promptId + "?project_id=" + projectId, account.key());
        assertThat(again.status()).isEqualTo(404);
        assertThat(again.errorCode()).isEqualTo("ERR_NOT_FOUND");

        runJobs();
        assertThat(db.sql("SELECT count(*) FROM prompts WHERE id = :id").param("id", promptId).query(Long.class).single()).isZero();
    }

    @Test
    void assignTagsIsIdempotent_specAssignTags() {
        TestAccount account = newAccount(Plan.GROWTH);
        long projectId = createProject(account, Map.of("prompts", List.of("alpha", "beta")));
        List<Long> promptIds = db.sql("SELECT id FROM prompts WHERE project_id = :p ORDER BY id").param("p", projectId)
                .query(Long.class).list();
        long existing = api().post("/api/v1/collections", account.key(),
                ApiClient.json(Map.of("project_id", projectId, "name", "Brand"))).json().path("collection").path("id").asLong();

        String body = ApiClient.json(Map.of("project_id", projectId, "prompt_ids", List.of(promptIds.get(0), promptIds.get(1), 987654321L),
                "tag_ids", List.of(existing), "tag_names", List.of("brand", "Pricing", "Later")));
        JsonNode first = api().post("/api/v1/prompts/assign_tags", account.key(), body).json();
        assertThat(first.path("prompts_targeted").asInt()).isEqualTo(2);
        assertThat(first.path("new_links_created").asInt()).isEqualTo(2);
        assertThat(first.path("skipped_already_linked").asInt()).isZero();
        assertThat(first.path("missing_tag_names").toString()).isEqualTo("[\"Pricing\",\"Later\"]");
        assertThat(first.path("ignored_prompt_ids").toString()).isEqualTo("[987654321]");

        String creating = ApiClient.json(Map.of("project_id", projectId, "prompt_ids", promptIds,
                "tag_names", List.of("BRAND", "Pricing"), "create_missing", true));
        JsonNode second = api().post("/api/v1/prompts/assign_tags", account.key(), creating).json();
        assertThat(second.path("tags_attached")).hasSize(2);
        assertThat(second.path("new_links_created").asInt()).isEqualTo(2);
        assertThat(second.path("skipped_already_linked").asInt()).isEqualTo(2);
        JsonNode replay = api().post("/api/v1/prompts/assign_tags", account.key(), creating).json();
        assertThat(replay.path("new_links_created").asInt()).isZero();
        assertThat(replay.path("skipped_already_linked").asInt()).isEqualTo(4);

        JsonNode prompt = api().get("/api/v1/dimensions/prompts?project_id=" + projectId, account.key()).json().path("data").get(0);
        assertThat(prompt.path("collection_id").asLong()).isEqualTo(existing);
        assertThat(prompt.path("collection_ids")).hasSize(2);
        JsonNode byTag = api().get("/api/v1/dimensions/prompts?project_id=" + projectId + "&collection_id=" + existing,
                account.key()).json();
        assertThat(byTag.path("total").asInt()).isEqualTo(2);

        ApiClient.Response neither = api().post("/api/v1/prompts/assign_tags", account.key(),
                ApiClient.json(Map.of("project_id", projectId, "prompt_ids", promptIds)));
        assertThat(neither.status()).isEqualTo(422);
    }
}
