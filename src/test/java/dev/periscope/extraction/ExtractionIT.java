package dev.periscope.extraction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.periscope.plans.Plan;
import dev.periscope.support.ApiClient;
import dev.periscope.support.IntegrationTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * Issue "Extraction", end to end: executions from the fake engines become mentions, sources, citations and
 * sentiments on every record endpoint; a competitor change re-matches history and clears {@code processing}.
 * The chatgpt fixture names Asana, Trello and monday.com in that order and cites seven sources.
 */
class ExtractionIT extends IntegrationTest {
    @Autowired
    Extractions extractions;

    private TestAccount account;
    private long projectId;
    private long trelloId;
    private long mondayId;

    @BeforeEach
    void projectWithAnswers() {
        resetProviders();
        account = newAccount(Plan.SCALE);
        projectId = createProject(account, Map.of("website_url", "https://asana.com", "name", "Asana",
                "prompts", List.of("best project management software for agencies"),
                "competitors", List.of(Map.of("domain", "trello.com", "brand_name", "Trello"),
                        Map.of("domain", "monday.com", "brand_name", "monday.com"))));
        trelloId = competitorId("trello.com");
        mondayId = competitorId("monday.com");
        runRuns();
        runJobs();
    }

    private long competitorId(String domain) {
        return db.sql("SELECT id FROM competitors WHERE project_id = :p AND domain = :d").param("p", projectId)
                .param("d", domain).query(Long.class).single();
    }

    private JsonNode get(String path) {
        ApiClient.Response response = api().get("/api/v1" + path + (path.contains("?") ? "&" : "?") + "project_id=" + projectId,
                account.key());
        assertThat(response.status()).as(response.text()).isEqualTo(200);
        return response.json();
    }

    private static List<String> column(JsonNode data, String... fields) {
        List<String> values = new ArrayList<>();
        data.forEach(item -> {
            StringBuilder value = new StringBuilder();
            for (String field : fields) {
                value.append(value.isEmpty() ? "" : " ").append(item.path(field).isContainer()
                        ? item.path(field).toString() : item.path(field).asString());
            }
            values.add(value.toString());
        });
        return values;
    }

    @Test
    void mentionsInTheOrderTheAnswerNamesThem_specMentionRecords() {
        assertThat(column(get("/dimensions/mentions?model=chatgpt").path("data"), "name", "position", "keywords"))
                .containsExactly("Asana 1 [\"Asana\"]");
        assertThat(column(get("/dimensions/competitor_mentions?model=chatgpt").path("data"), "name", "position", "competitor_id"))
                .containsExactly("Trello 2 " + trelloId, "monday.com 3 " + mondayId);
        JsonNode all = get("/dimensions/all_mentions?model=chatgpt").path("data");
        assertThat(column(all, "actor_type", "name")).containsExactly("project Asana", "competitor Trello", "competitor monday.com");
        assertThat(column(get("/dimensions/all_mentions?model=chatgpt&competitors=" + mondayId).path("data"), "name"))
                .as("competitors narrows only the competitor part").containsExactly("Asana", "monday.com");
    }

    @Test
    void sourcesInVisibleOrderWithBackgroundLast_specSourceRecord() {
        JsonNode sources = get("/dimensions/sources?model=chatgpt&per_page=100").path("data");
        assertThat(column(sources, "position", "normalized_url", "source_type")).containsExactly(
                "1 https://zapier.com/blog/best-project-management-software/ third_party",
                "2 https://trello.com/pricing competitor",
                "3 https://monday.com/pricing competitor",
                "4 https://www.g2.com/compare/asana-vs-trello third_party",
                "0 https://www.pcmag.com/picks/the-best-project-management-software third_party",
                "0 https://www.techradar.com/best/best-project-management-software third_party",
                "0 https://asana.com/pricing owned");
        assertThat(sources.get(0).path("url_sha256").asString()).matches("[0-9a-f]{64}");
        assertThat(sources.get(3).path("domain").asString()).isEqualTo("g2.com");
        assertThat(column(get("/dimensions/sources?model=chatgpt&source_type=competitor").path("data"), "competitor_id"))
                .containsExactly(String.valueOf(trelloId), String.valueOf(mondayId));
        assertThat(column(get("/dimensions/citations?model=chatgpt").path("data"), "url", "position"))
                .containsExactly("https://asana.com/pricing 0");
        assertThat(column(get("/dimensions/competitor_citations?model=chatgpt").path("data"), "name", "position"))
                .containsExactly("Trello 2", "monday.com 3");
        assertThat(get("/dimensions/all_citations?model=chatgpt").path("total").asInt()).isEqualTo(3);
    }

    @Test
    void executionsCarryTheirCountsAndTheFiltersUseThem_decisionsMentionFilter() {
        JsonNode execution = get("/dimensions/prompt_executions?model=chatgpt").path("data").get(0);
        assertThat(execution.path("has_mention").asBoolean()).isTrue();
        assertThat(execution.path("mentions_count").asInt()).isEqualTo(3);
        assertThat(execution.path("has_citation").asBoolean()).as("asana.com is cited in the background").isTrue();
        assertThat(execution.path("citations_count").asInt()).isEqualTo(7);
        assertThat(get("/dimensions/prompt_executions?model=chatgpt&mention_filter=mentions_you").path("total").asInt()).isEqualTo(1);
        assertThat(get("/dimensions/prompt_executions?model=chatgpt&mention_filter=competitor_not_you").path("total").asInt()).isZero();
        assertThat(get("/dimensions/prompt_executions?model=chatgpt&mention_filter=competitors_only").path("total").asInt()).isZero();
        assertThat(get("/dimensions/prompt_executions?model=chatgpt&mention_filter=you_and_competitor&competitors=" + trelloId)
                .path("total").asInt()).isEqualTo(1);
        assertThat(get("/dimensions/prompt_executions?model=chatgpt&citation_filter=cites_competitor&competitors=" + mondayId)
                .path("total").asInt()).isEqualTo(1);
        assertThat(get("/dimensions/prompt_executions?model=chatgpt&citation_filter=cites_no_brands").path("total").asInt()).isZero();
        int all = get("/dimensions/prompt_executions").path("total").asInt();
        int you = get("/dimensions/prompt_executions?mention_filter=mentions_you").path("total").asInt();
        int notYou = get("/dimensions/prompt_executions?mention_filter=not_mentions_you").path("total").asInt();
        assertThat(you + notYou).as("a filter and its negation split the executions").isEqualTo(all);
        ApiClient.Response bad = api().get("/api/v1/dimensions/prompt_executions?mention_filter=mentions_me&project_id=" + projectId,
                account.key());
        assertThat(bad.status()).isEqualTo(422);
        assertThat(bad.json().path("error").path("meta").path("allowed").toString()).contains("mentions_you");
    }

    @Test
    void answersListSearchAndDetail_specAnswers() {
        JsonNode list = get("/answers?model=chatgpt");
        assertThat(list.path("total").asInt()).isEqualTo(1);
        JsonNode item = list.path("data").get(0);
        assertThat(item.path("response").asString()).startsWith("For a small agency");
        assertThat(item.path("response_truncated").asBoolean()).isFalse();
        assertThat(item.has("snippet")).isFalse();

        JsonNode search = get("/answers?query=KANBAN");
        assertThat(search.path("total").asInt()).isGreaterThanOrEqualTo(1);
        JsonNode hit = get("/answers?query=kanban%20boards&model=chatgpt").path("data").get(0);
        assertThat(hit.path("snippet").asString()).containsIgnoringCase("kanban boards");
        assertThat(hit.path("match_count").asInt()).isEqualTo(1);
        assertThat(hit.has("response")).isFalse();
        assertThat(get("/answers?query=no%20such%20phrase%20anywhere").path("total").asInt()).isZero();
        assertThat(get("/answers?query=%25").path("total").asInt()).as("% is a character, not a wildcard").isZero();
        assertThat(get("/answers?query=monday.com&model=chatgpt").path("total").asInt()).isEqualTo(1);
        assertThat(get("/answers?query=monday_com&model=chatgpt").path("total").asInt())
                .as("_ is a character, not a wildcard that would match monday.com").isZero();

        long id = item.path("id").asLong();
        JsonNode detail = get("/answers/" + id + "?include_source_page_details=true");
        assertThat(detail.path("fan_out_queries")).hasSize(3);
        assertThat(detail.path("locale").path("country_code").asString()).isEqualTo("US");
        assertThat(column(detail.path("mentions"), "position")).containsExactly("1");
        assertThat(column(detail.path("competitor_mentions"), "competitor_name", "position"))
                .containsExactly("Trello 2", "monday.com 3");
        assertThat(column(detail.path("citations"), "url")).containsExactly("https://asana.com/pricing");
        assertThat(detail.path("competitor_citations")).hasSize(2);
        assertThat(detail.path("sources")).hasSize(7);
        assertThat(detail.path("sources").get(6).path("is_owned").asBoolean()).isTrue();
        assertThat(detail.path("sources").get(0).has("page_details")).isTrue();
        assertThat(detail.path("sentiments")).hasSize(3);
        assertThat(detail.path("shopping_products").isArray()).isTrue();
        assertThat(detail.path("brand_entities").isArray()).isTrue();
        ApiClient.Response unknown = api().get("/api/v1/answers/999999999?project_id=" + projectId, account.key());
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.errorCode()).isEqualTo("ERR_NOT_FOUND");
    }

    @Test
    void sentimentRecordsPerMentionedActor_specSentimentRecord() {
        JsonNode sentiments = get("/sentiments?model=chatgpt").path("data");
        assertThat(sentiments).hasSize(3);
        sentiments.forEach(s -> {
            assertThat(s.path("analysis").asString()).isIn("very_positive", "positive", "neutral", "negative", "very_negative");
            assertThat(s.path("comment").asString()).isNotBlank();
        });
        JsonNode brand = get("/sentiments?model=chatgpt&brand_only=true").path("data");
        assertThat(brand).hasSize(1);
        assertThat(brand.get(0).path("is_brand_sentiment").asBoolean()).isTrue();
        assertThat(brand.get(0).path("analysis").asString()).isIn("positive", "very_positive");
        assertThat(get("/sentiments?model=chatgpt&competitor_id=" + trelloId).path("data")).hasSize(1);
        db.sql("UPDATE sentiments SET hidden = true WHERE project_id = :p AND competitor_id = :c").param("p", projectId)
                .param("c", trelloId).update();
        assertThat(get("/sentiments?model=chatgpt").path("data")).as("hidden records are never returned").hasSize(2);
        ApiClient.Response badBucket = api().get("/api/v1/sentiments?analysis=great&project_id=" + projectId, account.key());
        assertThat(badBucket.status()).isEqualTo(422);
    }

    @Test
    void aNewCompetitorReMatchesHistory_specPostCompetitors() {
        ApiClient.Response added = api().post("/api/v1/competitors", account.key(), ApiClient.json(Map.of(
                "project_id", projectId, "brand_name", "Zapier", "domain", "zapier.com")));
        assertThat(added.status()).isEqualTo(201);
        long zapierId = added.json().path("competitor").path("id").asLong();
        runJobs();
        JsonNode first = get("/dimensions/sources?model=chatgpt").path("data").get(0);
        assertThat(first.path("source_type").asString()).isEqualTo("competitor");
        assertThat(first.path("competitor_id").asLong()).isEqualTo(zapierId);
    }

    @Test
    void aNameChangeReMatchesHistoryAndClearsProcessing_specStatesCompetitor() {
        ApiClient.Response renamed = api().patch("/api/v1/competitors/" + trelloId, account.key(), ApiClient.json(Map.of(
                "project_id", projectId, "matching_names", List.of("Kanban boards"))));
        assertThat(renamed.json().path("processing").asBoolean()).isTrue();
        runJobs();
        assertThat(get("/dimensions/competitors/" + trelloId).path("processing").asBoolean()).isFalse();
        assertThat(column(get("/dimensions/competitor_mentions?model=chatgpt&competitors=" + trelloId).path("data"), "keywords"))
                .containsExactly("[\"Trello\",\"Kanban boards\"]");
    }

    @Test
    void extractionIsIdempotent() {
        long executionId = get("/dimensions/prompt_executions?model=chatgpt").path("data").get(0).path("id").asLong();
        long before = db.sql("SELECT (SELECT count(*) FROM mentions) + (SELECT count(*) FROM sources) + (SELECT count(*) FROM sentiments)")
                .query(Long.class).single();
        extractions.extractExecution(executionId);
        extractions.extractExecution(executionId);
        extractions.extractProject(projectId);
        long after = db.sql("SELECT (SELECT count(*) FROM mentions) + (SELECT count(*) FROM sources) + (SELECT count(*) FROM sentiments)")
                .query(Long.class).single();
        assertThat(after).isEqualTo(before);
    }

    @Test
    void aDeletedCompetitorsSourcesBecomeThirdPartyOnceItIsPurged() {
        assertThat(api().delete("/api/v1/competitors/" + mondayId + "?project_id=" + projectId, account.key()).status()).isEqualTo(200);
        runJobs();
        assertThat(column(get("/dimensions/sources?model=chatgpt&source_type=competitor").path("data"), "competitor_id"))
                .containsExactly(String.valueOf(trelloId));
        assertThat(column(get("/dimensions/all_mentions?model=chatgpt").path("data"), "name")).containsExactly("Asana", "Trello");
    }
}
