package dev.periscope.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.periscope.access.Scope;
import dev.periscope.plans.Plan;
import dev.periscope.support.ApiClient;
import dev.periscope.support.IntegrationTest;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Projects, collections, competitors and annotations as the spec's endpoint tables describe them. */
class WriteModelIT extends IntegrationTest {

    @Test
    void externalIdentifierMakesCreationIdempotent_specPostProjects() {
        TestAccount account = newAccount(Plan.GROWTH);
        String body = ApiClient.json(Map.of("website_url", "https://www.acme.example.com/home?utm_source=x",
                "name", "Acme", "brand_name", "Acme Cloud", "main_country", "de", "main_language", "DE",
                "matching_names", List.of("acme cloud", "AcmeCloud"), "prompts", List.of("Was ist Acme Cloud?"),
                "competitors", List.of(Map.of("domain", "globex.com", "matching_names", List.of("Globex Corp"))),
                "external_identifier", "crm-42"));
        ApiClient.Response created = api().post("/api/v1/projects", account.key(), body);
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.json().has("idempotent")).isFalse();
        JsonNode project = created.json().path("project");
        assertThat(project.path("domain").asString()).isEqualTo("acme.example.com");
        assertThat(project.path("country_code").asString()).isEqualTo("DE");
        assertThat(project.path("language_code").asString()).isEqualTo("de");
        assertThat(project.path("matching_names").toString()).isEqualTo("[\"Acme Cloud\",\"AcmeCloud\"]");
        assertThat(project.path("locale").path("country_code").asString()).isEqualTo("DE");
        assertThat(project.path("stats").path("prompts_by_brand_kind").path("brand").asInt()).isEqualTo(1);
        assertThat(created.json().path("prompts").path("execution").asString()).isEqualTo("immediate");
        assertThat(created.json().path("limits").path("projects_remaining").asInt()).isEqualTo(2);
        assertThat(created.json().path("limits").path("competitors_remaining").asInt()).isEqualTo(9);

        ApiClient.Response replay = api().post("/api/v1/projects", account.key(), body);
        assertThat(replay.status()).isEqualTo(200);
        assertThat(replay.json().path("idempotent").asBoolean()).isTrue();
        assertThat(replay.json().path("project").path("id").asLong()).isEqualTo(project.path("id").asLong());
        assertThat(api().get("/api/v1/dimensions/projects", account.key()).json().path("projects")).hasSize(1);

        JsonNode detail = api().get("/api/v1/dimensions/projects/" + project.path("id").asLong(), account.key()).json();
        assertThat(detail.path("name").asString()).isEqualTo("Acme");
        assertThat(detail.path("stats").path("competitors_count").asInt()).isEqualTo(1);
        assertThat(detail.path("data_coverage").path("models")).isEmpty();
        assertThat(detail.path("request_id").asString()).startsWith("req_");
    }

    @Test
    void dataCoverageListsWhatHasExecutions_specProjectTable() {
        TestAccount account = newAccount(Plan.GROWTH);
        long projectId = createProject(account, Map.of("prompts", List.of("a question")));
        long promptId = db.sql("SELECT id FROM prompts WHERE project_id = :p").param("p", projectId).query(Long.class).single();
        db.sql("""
                INSERT INTO prompt_executions (project_id, prompt_id, model, executed_at, success, country_code, language_code, cycle)
                VALUES (:p, :prompt, 'chatgpt', now(), true, 'US', 'en', current_date),
                       (:p, :prompt, 'gemini', now(), false, 'FR', 'fr', current_date)
                """).param("p", projectId).param("prompt", promptId).update();
        JsonNode coverage = api().get("/api/v1/dimensions/projects/" + projectId, account.key()).json().path("data_coverage");
        assertThat(coverage.path("models").toString()).isEqualTo("[\"chatgpt\"]");
        assertThat(coverage.path("countries").toString()).isEqualTo("[\"US\"]");
        assertThat(api().get("/api/v1/dimensions/models?project_id=" + projectId, account.key()).json().path("models").toString())
                .isEqualTo("[\"chatgpt\"]");
        assertThat(api().get("/api/v1/dimensions/locales?project_id=" + projectId, account.key()).json().path("languages").toString())
                .isEqualTo("[\"en\"]");
        JsonNode byModel = api().get("/api/v1/dimensions/prompts?project_id=" + projectId + "&model=chatgpt", account.key()).json();
        assertThat(byModel.path("total").asInt()).isEqualTo(1);
        assertThat(api().get("/api/v1/dimensions/prompts?project_id=" + projectId + "&model=perplexity", account.key())
                .json().path("total").asInt()).isZero();
        assertThat(api().get("/api/v1/dimensions/prompts?project_id=" + projectId + "&model=chatgpt&to=2001-01-01", account.key())
                .json().path("total").asInt()).isZero();
    }

    @Test
    void collectionsHaveCaseInsensitiveUniqueNames_specCollection() {
        TestAccount account = newAccount(Plan.GROWTH);
        long projectId = createProject(account, Map.of("prompts", List.of("alpha")));
        long promptId = db.sql("SELECT id FROM prompts WHERE project_id = :p").param("p", projectId).query(Long.class).single();
        ApiClient.Response created = api().post("/api/v1/collections", account.key(), ApiClient.json(Map.of(
                "project_id", projectId, "name", "Pricing", "description", "Money questions", "prompt_ids", List.of(promptId))));
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.json().path("prompts_attached").asInt()).isEqualTo(1);
        assertThat(created.json().path("total_collections").asInt()).isEqualTo(1);
        long collectionId = created.json().path("collection").path("id").asLong();

        ApiClient.Response duplicate = api().post("/api/v1/collections", account.key(),
                ApiClient.json(Map.of("project_id", projectId, "name", "PRICING")));
        assertThat(duplicate.status()).isEqualTo(422);
        assertThat(duplicate.errorCode()).isEqualTo("ERR_INVALID_PARAM");
        ApiClient.Response foreignPrompt = api().post("/api/v1/collections", account.key(),
                ApiClient.json(Map.of("project_id", projectId, "name", "Other", "prompt_ids", List.of(123456789L))));
        assertThat(foreignPrompt.json().path("error").path("meta").path("param").asString()).isEqualTo("prompt_ids");

        ApiClient.Response renamed = api().patch("/api/v1/collections/" + collectionId, account.key(),
                ApiClient.json(Map.of("project_id", projectId, "name", "Price")));
        assertThat(renamed.json().path("collection").path("name").asString()).isEqualTo("Price");
        assertThat(renamed.json().path("collection").path("description").asString()).isEqualTo("Money questions");

        JsonNode tags = api().get("/api/v1/dimensions/tags?project_id=" + projectId, account.key()).json();
        assertThat(tags.path("collections").get(0).path("name").asString()).isEqualTo("Price");

        assertThat(api().delete("/api/v1/collections/" + collectionId + "?project_id=" + projectId, account.key()).status())
                .isEqualTo(200);
        assertThat(api().get("/api/v1/dimensions/prompts?project_id=" + projectId, account.key()).json().path("total").asInt())
                .as("prompts stay").isEqualTo(1);
        assertThat(api().delete("/api/v1/collections/" + collectionId + "?project_id=" + projectId, account.key()).status())
                .isEqualTo(404);
    }

    @Test
    void competitorsNormaliseDomainsAndRefuseDuplicates_specPostCompetitors() {
        TestAccount account = newAccount(Plan.GROWTH);
        long projectId = createProject(account, Map.of("website_url", "https://acme.io"));
        ApiClient.Response created = api().post("/api/v1/competitors", account.key(), ApiClient.json(Map.of(
                "project_id", projectId, "brand_name", "OpenAI", "domain", "https://www.openai.com/research",
                "matching_names", List.of("ChatGPT", "openai"))));
        assertThat(created.status()).isEqualTo(201);
        JsonNode competitor = created.json().path("competitor");
        assertThat(competitor.path("domain").asString()).isEqualTo("openai.com");
        assertThat(competitor.path("matching_names").toString()).isEqualTo("[\"OpenAI\",\"ChatGPT\"]");
        assertThat(competitor.path("color").asString()).matches("#[0-9a-f]{6}");
        assertThat(created.json().path("competitors_remaining").asInt()).isEqualTo(9);
        assertThat(created.json().path("total_competitors").asInt()).isEqualTo(1);

        ApiClient.Response duplicate = api().post("/api/v1/competitors", account.key(), ApiClient.json(Map.of(
                "project_id", projectId, "brand_name", "Open AI", "domain", "openai.com")));
        assertThat(duplicate.status()).isEqualTo(422);
        assertThat(duplicate.errorCode()).isEqualTo("ERR_INVALID_PARAM");
        ApiClient.Response own = api().post("/api/v1/competitors", account.key(), ApiClient.json(Map.of(
                "project_id", projectId, "brand_name", "Us", "domain", "acme.io")));
        assertThat(own.errorCode()).isEqualTo("ERR_INVALID_PARAM");
        ApiClient.Response missingName = api().post("/api/v1/competitors", account.key(), ApiClient.json(Map.of(
                "project_id", projectId, "domain", "initech.com")));
        assertThat(missingName.json().path("error").path("meta").path("param").asString()).isEqualTo("brand_name");
    }

    @Test
    void aNameChangeHoldsEditsUntilReMatchingEnds_specStatesCompetitor() {
        TestAccount account = newAccount(Plan.GROWTH);
        long projectId = createProject(account, Map.of("competitors", List.of(Map.of("domain", "globex.com", "brand_name", "Globex"))));
        long competitorId = db.sql("SELECT id FROM competitors WHERE project_id = :p").param("p", projectId).query(Long.class).single();
        runJobs();

        ApiClient.Response colour = api().patch("/api/v1/competitors/" + competitorId, account.key(),
                ApiClient.json(Map.of("project_id", projectId, "color", "#00AA11")));
        assertThat(colour.json().path("color").asString()).isEqualTo("#00aa11");
        assertThat(colour.json().path("processing").asBoolean()).as("colour alone needs no re-match").isFalse();

        ApiClient.Response renamed = api().patch("/api/v1/competitors/" + competitorId, account.key(),
                ApiClient.json(Map.of("project_id", projectId, "brand_name", "Globex Corporation",
                        "matching_names", List.of("Globex", "GBX"))));
        assertThat(renamed.status()).isEqualTo(200);
        assertThat(renamed.json().path("processing").asBoolean()).isTrue();
        assertThat(renamed.json().path("matching_names").toString()).isEqualTo("[\"Globex Corporation\",\"Globex\",\"GBX\"]");

        ApiClient.Response held = api().patch("/api/v1/competitors/" + competitorId, account.key(),
                ApiClient.json(Map.of("project_id", projectId, "color", "#112233")));
        assertThat(held.status()).isEqualTo(422);
        assertThat(held.json().path("error").path("meta").path("reason").asString()).isEqualTo("processing");

        runJobs();
        JsonNode after = api().get("/api/v1/dimensions/competitors/" + competitorId + "?project_id=" + projectId, account.key()).json();
        assertThat(after.path("processing").asBoolean()).isFalse();
        assertThat(after.path("brand_name").asString()).isEqualTo("Globex Corporation");
        assertThat(api().patch("/api/v1/competitors/" + competitorId, account.key(),
                ApiClient.json(Map.of("project_id", projectId, "color", "#112233"))).status()).isEqualTo(200);

        ApiClient.Response domain = api().patch("/api/v1/competitors/" + competitorId, account.key(),
                ApiClient.json(Map.of("project_id", projectId, "domain", "globex.net")));
        assertThat(domain.status()).isEqualTo(422);
        assertThat(domain.json().path("error").path("meta").path("param").asString()).isEqualTo("domain");
        assertThat(api().patch("/api/v1/competitors/" + competitorId, account.key(),
                ApiClient.json(Map.of("project_id", projectId, "color", "red"))).status()).isEqualTo(422);
    }

    @Test
    void competitorListsCanPrependTheProjectBrand_specDimensionsCompetitors() {
        TestAccount account = newAccount(Plan.GROWTH);
        long projectId = createProject(account, Map.of("website_url", "https://acme.io",
                "competitors", List.of(Map.of("domain", "globex.com"))));
        JsonNode plain = api().get("/api/v1/dimensions/competitors?project_id=" + projectId, account.key()).json();
        assertThat(plain.path("competitors")).hasSize(1);
        assertThat(plain.path("competitors").get(0).has("actor_type")).isFalse();
        assertThat(plain.path("competitors").get(0).path("name").asString()).isEqualTo("Globex");
        JsonNode withBrand = api().get("/api/v1/dimensions/competitors?project_id=" + projectId + "&include_project_brand=true",
                account.key()).json().path("competitors");
        assertThat(withBrand).hasSize(2);
        assertThat(withBrand.get(0).path("actor_type").asString()).isEqualTo("project");
        assertThat(withBrand.get(0).path("is_own").asBoolean()).isTrue();
        assertThat(withBrand.get(0).path("domain").asString()).isEqualTo("acme.io");
        assertThat(withBrand.get(1).path("is_own").asBoolean()).isFalse();
        ApiClient.Response csv = api().get("/api/v1/dimensions/competitors?project_id=" + projectId + "&output=csv", account.key());
        assertThat(csv.header("Content-Type")).startsWith("text/csv");
        assertThat(csv.text()).startsWith("id,name,domain,color,matching_names,processing\r\n");
    }

    @Test
    void annotationsBelongToTheirAuthor_specPostAnnotations() {
        TestAccount account = newAccount(Plan.GROWTH);
        long projectId = createProject(account, Map.of());
        JsonNode categories = api().get("/api/v1/annotations?project_id=" + projectId, account.key()).json().path("categories");
        long categoryId = categories.get(0).path("id").asLong();
        ApiClient.Response created = api().post("/api/v1/annotations", account.key(), ApiClient.json(Map.of(
                "project_id", projectId, "title", "Launched v2", "color", "#2563EB", "annotation_category_id", categoryId)));
        assertThat(created.status()).isEqualTo(201);
        JsonNode annotation = created.json().path("annotation");
        assertThat(annotation.path("annotation_date").asString()).isEqualTo(LocalDate.now(ZoneOffset.UTC).toString());
        assertThat(annotation.path("editable").asBoolean()).isTrue();
        long annotationId = annotation.path("id").asLong();

        ApiClient.Response foreignCategory = api().post("/api/v1/annotations", account.key(), ApiClient.json(Map.of(
                "project_id", projectId, "title", "x", "annotation_category_id", 99999999L)));
        assertThat(foreignCategory.json().path("error").path("meta").path("param").asString()).isEqualTo("annotation_category_id");
        assertThat(api().post("/api/v1/annotations", account.key(), ApiClient.json(Map.of(
                "project_id", projectId, "title", "x", "annotation_date", "2026-13-01"))).status()).isEqualTo(422);

        // A team mate of the same account sees it but may not change it.
        long mate = db.sql("INSERT INTO users (account_id, email, role) VALUES (:a, :e, 'member') RETURNING id")
                .param("a", account.accountId()).param("e", "mate-" + annotationId + "@example.com").query(Long.class).single();
        String mateKey = apiKeys.create(mate, Scope.READ_WRITE, "mate").key();
        ApiClient.Response forbidden = api().patch("/api/v1/annotations/" + annotationId, mateKey,
                ApiClient.json(Map.of("project_id", projectId, "title", "Mine now")));
        assertThat(forbidden.status()).isEqualTo(403);
        assertThat(forbidden.errorCode()).isEqualTo("ERR_INSUFFICIENT_PERMISSION");
        assertThat(api().get("/api/v1/annotations?project_id=" + projectId, mateKey).json().path("data").get(0)
                .path("editable").asBoolean()).isFalse();

        long system = db.sql("INSERT INTO annotations (project_id, title, annotation_date) VALUES (:p, 'Model update', '2026-01-05') RETURNING id")
                .param("p", projectId).query(Long.class).single();
        assertThat(api().delete("/api/v1/annotations/" + system + "?project_id=" + projectId, account.key()).errorCode())
                .isEqualTo("ERR_INSUFFICIENT_PERMISSION");

        ApiClient.Response updated = api().patch("/api/v1/annotations/" + annotationId, account.key(),
                ApiClient.json(Map.of("project_id", projectId, "annotation_date", "2026-02-01")));
        assertThat(updated.json().path("annotation").path("title").asString()).isEqualTo("Launched v2");
        assertThat(updated.json().path("annotation").path("annotation_date").asString()).isEqualTo("2026-02-01");

        JsonNode listed = api().get("/api/v1/annotations?project_id=" + projectId + "&from=2026-01-01&to=2026-01-31", account.key()).json();
        assertThat(listed.path("total").asInt()).isEqualTo(1);
        assertThat(listed.path("data").get(0).path("id").asLong()).isEqualTo(system);

        assertThat(api().delete("/api/v1/annotations/" + annotationId + "?project_id=" + projectId, account.key()).status()).isEqualTo(200);
        assertThat(api().get("/api/v1/annotations?project_id=" + projectId, account.key()).json().path("total").asInt()).isEqualTo(1);
    }
}
