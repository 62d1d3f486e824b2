package dev.periscope.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.periscope.plans.Plan;
import dev.periscope.support.ApiClient;
import dev.periscope.support.IntegrationTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The spec's Metrics section on a fixture small enough to check by hand. Brand Acme; competitors Globex (G) and
 * Initech (I); prompts p1 (commercial) and p2 (informational). Weeks start Monday 2026-03-02, 03-09 and 03-16.
 *
 * <pre>
 * e1 2026-03-02 chatgpt    p1  mentions Acme@1 Globex@2   sources owned@1, G@2, owned@0   sentiment Acme positive, Globex negative
 * e2 2026-03-02 perplexity p2  mentions Globex@1          sources G@0                     sentiment Globex neutral
 * e3 2026-03-04 chatgpt    p2  mentions Initech@1 Acme@2  sources owned@3                 sentiment Acme very_positive, Initech negative
 *    (week of 03-09: no runs: carried forward)
 * e4 2026-03-17 chatgpt    p1  nothing
 * e5 2026-03-18 gemini     p1  mentions Acme@1                                            sentiment Acme negative
 * e6 2026-03-18 chatgpt    p2  failed: not a response
 * e7 2026-03-18 ai_overview p1 no AI Overview (no_result): not a response
 * </pre>
 */
class MetricsIT extends IntegrationTest {
    private TestAccount account;
    private long projectId;
    private long globex;
    private long initech;
    private long p1;
    private long p2;

    @BeforeEach
    void fixture() {
        account = newAccount(Plan.SCALE);
        projectId = createProject(account, Map.of("name", "Acme", "website_url", "https://acme.example",
                "prompts", List.of("best crm tools", "what is a crm"),
                "competitors", List.of(Map.of("domain", "globex.example", "brand_name", "Globex"),
                        Map.of("domain", "initech.example", "brand_name", "Initech"))));
        // The fixture is the whole truth: no engine runs, no extraction.
        db.sql("DELETE FROM prompt_runs WHERE project_id = :p").param("p", projectId).update();
        globex = id("SELECT id FROM competitors WHERE project_id = :p AND domain = 'globex.example'");
        initech = id("SELECT id FROM competitors WHERE project_id = :p AND domain = 'initech.example'");
        p1 = id("SELECT id FROM prompts WHERE project_id = :p AND prompt_text = 'best crm tools'");
        p2 = id("SELECT id FROM prompts WHERE project_id = :p AND prompt_text = 'what is a crm'");
        db.sql("UPDATE prompts SET prompt_type = CASE WHEN id = :p1 THEN 'commercial' ELSE 'informational' END WHERE project_id = :p")
                .param("p1", p1).param("p", projectId).update();

        long e1 = execution(p1, "chatgpt", "2026-03-02T10:00:00Z", true, false);
        mention(e1, null, 1);
        mention(e1, globex, 2);
        source(e1, "owned", null, 1, "https://acme.example/a");
        source(e1, "competitor", globex, 2, "https://globex.example/b");
        source(e1, "owned", null, 0, "https://acme.example/c");
        sentiment(e1, null, "positive");
        sentiment(e1, globex, "negative");
        long e2 = execution(p2, "perplexity", "2026-03-02T11:00:00Z", true, false);
        mention(e2, globex, 1);
        source(e2, "competitor", globex, 0, "https://globex.example/d");
        sentiment(e2, globex, "neutral");
        long e3 = execution(p2, "chatgpt", "2026-03-04T09:00:00Z", true, false);
        mention(e3, initech, 1);
        mention(e3, null, 2);
        source(e3, "owned", null, 3, "https://acme.example/e");
        sentiment(e3, null, "very_positive");
        sentiment(e3, initech, "negative");
        execution(p1, "chatgpt", "2026-03-17T09:00:00Z", true, false);
        long e5 = execution(p1, "gemini", "2026-03-18T09:00:00Z", true, false);
        mention(e5, null, 1);
        sentiment(e5, null, "negative");
        execution(p2, "chatgpt", "2026-03-18T10:00:00Z", false, false);
        execution(p1, "ai_overview", "2026-03-18T11:00:00Z", true, true);
        // What the scheduled refresher does within seconds in the running service.
        rollups.refreshDue();
    }

    private long id(String sql) {
        return db.sql(sql).param("p", projectId).query(Long.class).single();
    }

    private long execution(long prompt, String model, String at, boolean success, boolean noResult) {
        return db.sql("""
                        INSERT INTO prompt_executions (project_id, prompt_id, model, executed_at, success, no_result,
                                                       country_code, language_code, cycle, response)
                        VALUES (:p, :prompt, :model, CAST(:at AS timestamptz), :success, :noResult, 'US', 'en',
                                CAST(:at AS date), 'an answer') RETURNING id
                        """)
                .param("p", projectId).param("prompt", prompt).param("model", model).param("at", at)
                .param("success", success).param("noResult", noResult).query(Long.class).single();
    }

    private void mention(long execution, Long competitor, int position) {
        db.sql("""
                INSERT INTO mentions (execution_id, project_id, prompt_id, competitor_id, keywords, position, model, executed_at)
                SELECT id, project_id, prompt_id, :competitor, '{x}', :position, model, executed_at FROM prompt_executions WHERE id = :e
                """).param("e", execution).param("competitor", competitor).param("position", position).update();
    }

    private void source(long execution, String type, Long competitor, int position, String url) {
        db.sql("""
                INSERT INTO sources (execution_id, project_id, prompt_id, url, normalized_url, url_sha256, host, domain,
                                     position, source_type, competitor_id, model, executed_at)
                SELECT id, project_id, prompt_id, :url, :url, encode(sha256(convert_to(:url, 'UTF8')), 'hex'),
                       split_part(split_part(:url, '//', 2), '/', 1), split_part(split_part(:url, '//', 2), '/', 1),
                       :position, :type, :competitor, model, executed_at FROM prompt_executions WHERE id = :e
                """).param("e", execution).param("url", url).param("position", position).param("type", type)
                .param("competitor", competitor).update();
    }

    private void sentiment(long execution, Long competitor, String analysis) {
        db.sql("""
                INSERT INTO sentiments (execution_id, project_id, prompt_id, competitor_id, is_brand_sentiment, analysis,
                                        score, comment, analyzer, model, executed_at)
                SELECT id, project_id, prompt_id, :competitor, :brand, :analysis, 0, 'c', 'fixture', model, executed_at
                  FROM prompt_executions WHERE id = :e
                """).param("e", execution).param("competitor", competitor).param("brand", competitor == null)
                .param("analysis", analysis).update();
    }

    private JsonNode get(String query) {
        ApiClient.Response response = api().get("/api/v1/metrics/" + query + "&project_id=" + projectId, account.key());
        assertThat(response.status()).as(response.text()).isEqualTo(200);
        return response.json();
    }

    /** The values of one metric for one actor (id = project id for the brand), in period order. */
    private static List<Double> values(JsonNode body, String metric, long actorId, String type) {
        for (JsonNode series : body.path("series").path(metric)) {
            if (series.path("actor").path("id").asLong() == actorId && series.path("actor").path("type").asString().equals(type)) {
                List<Double> values = new ArrayList<>();
                series.path("data").forEach(point -> values.add(point.path("value").isNull() ? null : point.path("value").asDouble()));
                return values;
            }
        }
        throw new AssertionError("no series " + metric + " for " + type + " " + actorId);
    }

    private List<Double> brand(JsonNode body, String metric) {
        return values(body, metric, projectId, "project");
    }

    private static final String WEEKS = "timeseries?granularity=week&from=2026-03-02&to=2026-03-22&metrics=";

    @Test
    void weeksStartMondayAndEmptyWeeksCarryForward_specMetrics() {
        JsonNode body = get(WEEKS + "mentions,responses,mention_rate,weighted_visibility,avg_mention_position,citations,citation_rate,avg_position,net_sentiment");
        List<String> dates = new ArrayList<>();
        body.path("periods").forEach(p -> dates.add(p.path("date").asString() + (p.path("carried").asBoolean() ? " carried" : "")));
        assertThat(dates).containsExactly("2026-03-02", "2026-03-09 carried", "2026-03-16");
        // Week 1: e1, e2, e3 respond; Acme is named in e1 (1st) and e3 (2nd).
        assertThat(brand(body, "responses")).containsExactly(3.0, 0.0, 2.0);
        assertThat(brand(body, "mentions")).containsExactly(2.0, 0.0, 1.0);
        assertThat(brand(body, "mention_rate")).containsExactly(66.67, 66.67, 50.0);             // 2/3, carried, 1/2
        assertThat(brand(body, "weighted_visibility")).containsExactly(50.0, 50.0, 50.0);      // 100(1+1/2)/3, carried, 100(1)/2
        assertThat(brand(body, "avg_mention_position")).containsExactly(1.5, 1.5, 1.0);
        // Citations include background references; average positions do not (spec: position 0).
        assertThat(brand(body, "citations")).containsExactly(3.0, 0.0, 0.0);
        assertThat(brand(body, "citation_rate")).containsExactly(100.0, 100.0, 0.0);
        assertThat(brand(body, "avg_position")).containsExactly(2.0, 2.0, null);                // (1+3)/2, carried, none
        assertThat(brand(body, "net_sentiment")).containsExactly(2.0, 0.0, -1.0);
        assertThat(values(body, "mention_rate", globex, "competitor")).containsExactly(66.67, 66.67, 0.0);
        assertThat(values(body, "weighted_visibility", globex, "competitor")).containsExactly(50.0, 50.0, 0.0);
        assertThat(values(body, "citation_rate", globex, "competitor")).containsExactly(66.67, 66.67, 0.0);
        assertThat(values(body, "avg_position", globex, "competitor")).containsExactly(2.0, 2.0, null);
        assertThat(values(body, "mention_rate", initech, "competitor")).containsExactly(33.33, 33.33, 0.0);
    }

    @Test
    void sentimentPercentagesAreSharesOfTheActorsRecords_specMetrics() {
        JsonNode body = get(WEEKS + "sentiment_very_positive,sentiment_positive,sentiment_neutral,sentiment_negative,sentiment_very_negative");
        assertThat(brand(body, "sentiment_very_positive")).containsExactly(50.0, 50.0, 0.0);
        assertThat(brand(body, "sentiment_positive")).containsExactly(50.0, 50.0, 0.0);
        assertThat(brand(body, "sentiment_negative")).containsExactly(0.0, 0.0, 100.0);
        assertThat(values(body, "sentiment_neutral", globex, "competitor")).containsExactly(50.0, 50.0, null);
        assertThat(values(body, "sentiment_negative", globex, "competitor")).containsExactly(50.0, 50.0, null);
    }

    @Test
    void dayGranularityListsOnlyDaysWithRuns() {
        JsonNode body = get("timeseries?from=2026-03-01&to=2026-03-31&metrics=mention_rate");
        List<String> dates = new ArrayList<>();
        body.path("periods").forEach(p -> dates.add(p.path("date").asString()));
        assertThat(dates).containsExactly("2026-03-02", "2026-03-04", "2026-03-17", "2026-03-18");
        assertThat(brand(body, "mention_rate")).containsExactly(50.0, 100.0, 0.0, 100.0);
    }

    @Test
    void monthsAndFilters() {
        assertThat(brand(get("timeseries?granularity=month&from=2026-03-01&to=2026-03-31&metrics=mention_rate"), "mention_rate"))
                .containsExactly(60.0);                                                            // 3 mentions / 5 responses
        assertThat(brand(get(WEEKS + "mention_rate&model=chatgpt"), "mention_rate"))
                .containsExactly(100.0, 100.0, 0.0);                                               // e1, e3 | carried | e4
        assertThat(brand(get(WEEKS + "mention_rate&prompt_type=informational"), "mention_rate"))
                .containsExactly(50.0, 50.0, 50.0);                                                // e2, e3 | carried | carried (only e6, failed)
        assertThat(brand(get(WEEKS + "mention_rate&prompt=" + p1), "mention_rate")).containsExactly(100.0, 100.0, 50.0);
    }

    @Test
    void aliasesKeyTheSeriesByTheNameAsked_specVersioning2() {
        JsonNode body = get(WEEKS + "visibility,ai_visibility_score");
        assertThat(brand(body, "visibility")).containsExactly(66.67, 66.67, 50.0);
        assertThat(brand(body, "ai_visibility_score")).containsExactly(50.0, 50.0, 50.0);
        assertThat(body.path("series").has("mention_rate")).isFalse();
        ApiClient.Response unknown = api().get("/api/v1/metrics/timeseries?metrics=mentions,reach&project_id=" + projectId, account.key());
        assertThat(unknown.status()).isEqualTo(422);
        assertThat(unknown.json().path("error").path("meta").path("param").asString()).isEqualTo("metrics");
    }

    @Test
    void actorsFollowCompetitorsAndIncludeProject() {
        JsonNode narrowed = get(WEEKS + "mentions&competitors=" + globex);
        assertThat(narrowed.path("series").path("mentions")).hasSize(2);
        JsonNode first = narrowed.path("series").path("mentions").get(0).path("actor");
        assertThat(first.path("type").asString()).isEqualTo("project");
        assertThat(first.path("competitor_id").isNull()).isTrue();
        assertThat(first.path("domain").asString()).isEqualTo("acme.example");
        JsonNode withoutBrand = get(WEEKS + "mentions&include_project=false");
        assertThat(withoutBrand.path("series").path("mentions")).hasSize(2);
        assertThat(withoutBrand.path("series").path("mentions").get(0).path("actor").path("competitor_id").asLong()).isEqualTo(globex);
        assertThat(api().get("/api/v1/metrics/timeseries?competitors=99999&project_id=" + projectId, account.key()).status())
                .isEqualTo(422);
    }

    @Test
    void summaryAveragesRatesAndSumsCounts_specMetricsSummary() {
        JsonNode body = get("summary?granularity=week&from=2026-03-02&to=2026-03-22&metrics=mentions,mention_rate,avg_position");
        JsonNode mentions = body.path("summary").path("mentions").get(0);
        assertThat(mentions.path("aggregation").asString()).isEqualTo("sum");
        assertThat(mentions.path("total").asDouble()).isEqualTo(3.0);
        assertThat(mentions.path("min").asDouble()).isEqualTo(1.0);
        assertThat(mentions.path("max").asDouble()).isEqualTo(2.0);
        assertThat(mentions.path("last").asDouble()).isEqualTo(1.0);
        JsonNode rate = body.path("summary").path("mention_rate").get(0);
        assertThat(rate.path("aggregation").asString()).isEqualTo("average");
        assertThat(rate.path("total").asDouble()).isEqualTo(58.33);                               // (66.67 + 50) / 2, never summed
        assertThat(rate.path("min").asDouble()).isEqualTo(50.0);
        assertThat(rate.path("max").asDouble()).isEqualTo(66.67);
        assertThat(rate.path("last").asDouble()).isEqualTo(50.0);
        assertThat(rate.path("numerator").asDouble()).isEqualTo(3.0);
        assertThat(rate.path("denominator").asDouble()).isEqualTo(5.0);
        assertThat(rate.path("ci_low").asDouble()).isCloseTo(23.07, within(0.01));               // Wilson 95% of 3/5
        assertThat(rate.path("ci_high").asDouble()).isCloseTo(88.24, within(0.01));
        JsonNode position = body.path("summary").path("avg_position").get(0);
        assertThat(position.path("total").asDouble()).isEqualTo(2.0);
        assertThat(position.path("ci_low").isNull()).isTrue();
        JsonNode distribution = body.path("position_distribution");
        assertThat(distribution.path("position_1_count").asInt()).isEqualTo(2);                  // e1, e5
        assertThat(distribution.path("position_2_count").asInt()).isEqualTo(1);                  // e3
        assertThat(distribution.path("position_3_plus_count").asInt()).isZero();
        assertThat(distribution.path("total_mentions").asInt()).isEqualTo(3);
        assertThat(distribution.path("percentages").path("position_1").asDouble()).isEqualTo(66.67);
    }

    @Test
    void flatAndCsvOutput() {
        ApiClient.Response flat = api().get("/api/v1/metrics/" + WEEKS + "mention_rate&output=flat&project_id=" + projectId, account.key());
        JsonNode body = flat.json();
        assertThat(body.path("columns").toString()).contains("carried");
        assertThat(body.path("rows")).hasSize(3 * 3);
        assertThat(body.path("rows").get(1).get(6).asBoolean()).isTrue();
        ApiClient.Response csv = api().get("/api/v1/metrics/" + WEEKS + "mention_rate&output=csv&project_id=" + projectId, account.key());
        assertThat(csv.header("Content-Type")).startsWith("text/csv");
        assertThat(csv.text()).startsWith("date,metric,actor_type,actor_id,actor_name,value,carried");
    }

    @Test
    void shareOfVoiceSharesAddUpTo100_specSov() {
        JsonNode body = get("sov?granularity=week&from=2026-03-02&to=2026-03-22");
        // Week 1: Acme 2, Globex 2, Initech 1 mentions of 5; week 2 carried; week 3: Acme 1 of 1.
        assertThat(values(body.path("over_time"), projectId, "project")).containsExactly(40.0, 40.0, 100.0);
        assertThat(values(body.path("over_time"), globex, "competitor")).containsExactly(40.0, 40.0, 0.0);
        assertThat(values(body.path("over_time"), initech, "competitor")).containsExactly(20.0, 20.0, 0.0);
        List<String> periods = new ArrayList<>();
        body.path("periods").forEach(p -> periods.add(p.path("mentions").asInt() + " " + p.path("partial").asBoolean()));
        assertThat(periods).containsExactly("5 false", "0 false", "1 false");
        JsonNode current = body.path("current");
        assertThat(current.get(0).path("actor").path("type").asString()).isEqualTo("project");
        assertThat(current.get(0).path("share").asDouble()).isEqualTo(100.0);
        assertThat(current.get(0).path("previous_share").asDouble()).isEqualTo(40.0);
        assertThat(current.get(0).path("avg_share").asDouble()).isEqualTo(70.0);                 // (40 + 100) / 2
        // Over the range: 3, 2 and 1 mentions of 6; largest remainder keeps the sum at exactly 100.
        List<String> breakdown = new ArrayList<>();
        double sum = 0;
        for (JsonNode row : body.path("breakdown")) {
            breakdown.add(row.path("rank").asInt() + " " + row.path("actor").path("name").asString() + " " + row.path("share").asDouble());
            sum += row.path("share").asDouble();
        }
        assertThat(breakdown).containsExactly("1 Acme 50.0", "2 Globex 33.33", "3 Initech 16.67");
        assertThat(sum).isCloseTo(100.0, within(1e-9));
        assertThat(body.path("others")).isEmpty();
        ApiClient.Response flat = api().get("/api/v1/metrics/sov?granularity=week&from=2026-03-02&to=2026-03-22&view=breakdown"
                + "&output=flat&project_id=" + projectId, account.key());
        assertThat(flat.json().path("rows")).hasSize(3);
        assertThat(api().get("/api/v1/metrics/sov?view=pie&project_id=" + projectId, account.key()).status()).isEqualTo(422);
    }

    private static List<Double> values(JsonNode overTime, long actorId, String type) {
        for (JsonNode series : overTime) {
            if (series.path("actor").path("id").asLong() == actorId && series.path("actor").path("type").asString().equals(type)) {
                List<Double> values = new ArrayList<>();
                series.path("data").forEach(point -> values.add(point.path("value").isNull() ? null : point.path("value").asDouble()));
                return values;
            }
        }
        throw new AssertionError("no series for " + type + " " + actorId);
    }

    @Test
    void promptSummaryIsBrandOnlyPerPrompt_specPromptSummary() {
        JsonNode body = get("prompt_summary?from=2026-03-02&to=2026-03-22");
        assertThat(body.path("total").asInt()).isEqualTo(2);
        assertThat(body.path("sort").asString()).isEqualTo("responses");
        assertThat(body.path("per_page").asInt()).isEqualTo(50);
        JsonNode first = body.path("data").get(0);
        // p1: e1, e4, e5 respond (e7 had no result); Acme in e1@1 and e5@1; owned sources on e1 at 1 and 0.
        assertThat(first.path("prompt_id").asLong()).isEqualTo(p1);
        assertThat(first.path("responses").asInt()).isEqualTo(3);
        assertThat(first.path("mentions").asInt()).isEqualTo(2);
        assertThat(first.path("citations").asInt()).isEqualTo(2);
        assertThat(first.path("mention_rate").asDouble()).isEqualTo(66.67);
        assertThat(first.path("visibility").asDouble()).isEqualTo(66.67);
        assertThat(first.path("citation_rate").asDouble()).isEqualTo(66.67);
        assertThat(first.path("avg_mention_position").asDouble()).isEqualTo(1.0);
        assertThat(first.path("avg_position").asDouble()).isEqualTo(1.0);
        JsonNode second = body.path("data").get(1);
        // p2: e2, e3 respond (e6 failed); Acme in e3@2; owned source on e3 at 3.
        assertThat(second.path("mention_rate").asDouble()).isEqualTo(50.0);
        assertThat(second.path("avg_mention_position").asDouble()).isEqualTo(2.0);
        assertThat(second.path("avg_position").asDouble()).isEqualTo(3.0);
        JsonNode byModel = get("prompt_summary?from=2026-03-02&to=2026-03-22&breakdown=model&sort=responses");
        assertThat(byModel.path("total").asInt()).as("distinct (prompt, model) pairs").isEqualTo(4);
        assertThat(byModel.path("data").get(0).path("model").asString()).isEqualTo("chatgpt");
        JsonNode ascending = get("prompt_summary?from=2026-03-02&to=2026-03-22&sort=avg_position&sort_dir=asc");
        assertThat(ascending.path("data").get(0).path("prompt_id").asLong()).isEqualTo(p1);
        assertThat(api().get("/api/v1/metrics/prompt_summary?per_page=101&project_id=" + projectId, account.key()).status())
                .isEqualTo(422);
    }

    @Test
    void topSourcesRollUpByDomain_specTopSources() {
        JsonNode body = get("top_sources?from=2026-03-02&to=2026-03-22");
        List<String> rows = new ArrayList<>();
        body.path("data").forEach(row -> rows.add(row.path("domain").asString() + " " + row.path("total_responses").asInt()
                + " " + row.path("avg_mention_rate").asDouble() + " " + row.path("avg_visibility").asDouble()));
        // acme.example cited in e1 (twice: one response) and e3, both mention Acme (@1, @2): 100% and 100(1 + 1/2)/2.
        // globex.example cited in e1 and e2; Acme only in e1 (@1): 50% and 100(1)/2.
        assertThat(rows).containsExactly("acme.example 2 100.0 75.0", "globex.example 2 50.0 50.0");
        assertThat(get("top_sources?from=2026-03-02&to=2026-03-22&query=GLOB").path("total").asInt()).isEqualTo(1);
        assertThat(get("top_sources?from=2026-03-02&to=2026-03-22&sort=avg_visibility").path("data").get(0).path("domain")
                .asString()).isEqualTo("acme.example");
    }

    // ---- Spec "AI Model Insights reports" on the same fixture (from 2026-03-01 to 2026-03-31: everything) ----

    private JsonNode insights(String path, String query) {
        ApiClient.Response response = api().get("/api/v1/reports/ai_model_insights/" + path + "?project_id=" + projectId
                + "&from=2026-03-01&to=2026-03-31" + query, account.key());
        assertThat(response.status()).as(response.text()).isEqualTo(200);
        return response.json();
    }

    private static JsonNode find(JsonNode list, String field, String value) {
        for (JsonNode item : list) {
            if (item.path(field).asString().equals(value)) {
                return item;
            }
        }
        throw new AssertionError("no " + field + " = " + value + " in " + list);
    }

    @Test
    void insightsSummaryComparesTheBrandAcrossEngines_specAiModelInsights() {
        JsonNode body = insights("summary", "");
        // Engines with responses: chatgpt (e1, e3, e4), gemini (e5), perplexity (e2); ai_overview only answered no_result.
        List<String> models = new ArrayList<>();
        body.path("models").forEach(m -> models.add(m.path("model").asString()));
        assertThat(models).containsExactly("chatgpt", "gemini", "perplexity");
        JsonNode chatgpt = find(body.path("models"), "model", "chatgpt");
        assertThat(chatgpt.path("responses").asLong()).isEqualTo(3);
        // ChatGPT mentions: Acme 2 (e1, e3), Globex 1, Initech 1 -> Acme 2/4 = 50 %.
        assertThat(chatgpt.path("mentions").asLong()).isEqualTo(2);
        assertThat(chatgpt.path("mention_share").asDouble()).isEqualTo(50.0);
        // ChatGPT citations: Acme owned@1, owned@0 (e1), owned@3 (e3) = 3; Globex G@2 = 1 -> 75 %.
        assertThat(chatgpt.path("citations").asLong()).isEqualTo(3);
        assertThat(chatgpt.path("citation_share").asDouble()).isEqualTo(75.0);
        // Sentiment: positive (e1) + very_positive (e3).
        assertThat(chatgpt.path("net_sentiment").asLong()).isEqualTo(2);
        assertThat(chatgpt.path("positive_count").asLong()).isEqualTo(2);
        assertThat(chatgpt.path("negative_count").asLong()).isEqualTo(0);
        // Weighted visibility: 100 x (1/1 + 1/2) / 3 = 50; share 1.5 / (1.5 + 0.5 Globex + 1 Initech) = 50 %.
        assertThat(chatgpt.path("weighted_visibility").asDouble()).isEqualTo(50.0);
        assertThat(chatgpt.path("weighted_visibility_share").asDouble()).isEqualTo(50.0);
        JsonNode gemini = find(body.path("models"), "model", "gemini");
        assertThat(gemini.path("mention_share").asDouble()).isEqualTo(100.0);
        assertThat(gemini.path("net_sentiment").asLong()).isEqualTo(-1);
        assertThat(gemini.path("weighted_visibility").asDouble()).isEqualTo(100.0);
        JsonNode perplexity = find(body.path("models"), "model", "perplexity");
        assertThat(perplexity.path("mention_share").asDouble()).isEqualTo(0.0);
        // Totals: 5 responses, 3 mentions, 3 citations, net 2 - 1, weighted 100 x 2.5 / 5.
        JsonNode totals = body.path("totals");
        assertThat(totals.path("responses").asLong()).isEqualTo(5);
        assertThat(totals.path("mentions").asLong()).isEqualTo(3);
        assertThat(totals.path("citations").asLong()).isEqualTo(3);
        assertThat(totals.path("net_sentiment").asLong()).isEqualTo(1);
        assertThat(totals.path("weighted_visibility").asDouble()).isEqualTo(50.0);
        // Matrices: the weighted-visibility shares of one engine sum to exactly 100 (50 + 16.67 + 33.33).
        double sum = 0;
        for (JsonNode row : body.path("matrices").path("weighted_visibility")) {
            JsonNode cell = find(row.path("models"), "model", "chatgpt");
            sum += cell.path("share").asDouble();
            if (row.path("actor").path("id").asLong() == globex) {
                assertThat(cell.path("value").asDouble()).isEqualTo(16.67);                      // 100 x 0.5 / 3
                assertThat(cell.path("numerator").asDouble()).isEqualTo(0.5);
                assertThat(cell.path("denominator").asDouble()).isEqualTo(3.0);
                assertThat(cell.path("share").asDouble()).isEqualTo(16.67);
            }
        }
        assertThat(sum).isCloseTo(100.0, within(1e-9));
        JsonNode globexMentions = body.path("matrices").path("mentions").get(1);
        assertThat(globexMentions.path("actor").path("id").asLong()).isEqualTo(globex);
        assertThat(globexMentions.path("total").asDouble()).isEqualTo(2.0);                       // e1 (chatgpt), e2 (perplexity)
        // competitors narrows the actors; an unknown id is an error, not an empty matrix.
        assertThat(insights("summary", "&competitors=" + initech).path("matrices").path("mentions")).hasSize(2);
        ApiClient.Response unknown = api().get("/api/v1/reports/ai_model_insights/summary?project_id=" + projectId
                + "&competitors=999999", account.key());
        assertThat(unknown.status()).isEqualTo(422);
        assertThat(unknown.json().path("error").path("code").asString()).isEqualTo("ERR_INVALID_PARAM");
    }

    @Test
    void positionDistributionBucketsOneOrTwoBrands_specAiModelInsights() {
        JsonNode body = insights("position_distribution", "&granularity=week");
        JsonNode acme = body.path("brands").get(0);
        assertThat(acme.path("actor").path("type").asString()).isEqualTo("project");
        // Acme positions: e1 @1, e3 @2, e5 @1.
        assertThat(acme.path("totals").path("Position 1").asLong()).isEqualTo(2);
        assertThat(acme.path("totals").path("Position 2-3").asLong()).isEqualTo(1);
        assertThat(acme.path("totals").path("Position 4-7").asLong()).isZero();
        assertThat(acme.path("totals").path("Position 8+").asLong()).isZero();
        assertThat(acme.path("percentages").path("Position 1").asDouble()).isEqualTo(66.67);
        assertThat(acme.path("percentages").path("Position 2-3").asDouble()).isEqualTo(33.33);
        // Weeks of March from Monday 02-23 (holding 03-01) to 03-30: week 03-02 stacks e1 and e3 = the maximum, 2.
        List<String> dates = new ArrayList<>();
        acme.path("series").get(0).path("data").forEach(p -> dates.add(p.path("date").asString() + "=" + p.path("value").asLong()));
        assertThat(dates).containsExactly("2026-02-23=0", "2026-03-02=1", "2026-03-09=0", "2026-03-16=1", "2026-03-23=0",
                "2026-03-30=0");
        assertThat(body.path("max_stacked_value").asLong()).isEqualTo(2);

        JsonNode two = insights("position_distribution", "&brand1=" + globex + "&brand2=" + initech);
        assertThat(two.path("brands")).hasSize(2);
        assertThat(two.path("brands").get(0).path("totals").path("Position 1").asLong()).isEqualTo(1);   // e2
        assertThat(two.path("brands").get(0).path("totals").path("Position 2-3").asLong()).isEqualTo(1); // e1
        assertThat(two.path("brands").get(1).path("totals").path("Position 1").asLong()).isEqualTo(1);   // e3
        JsonNode chatgptOnly = insights("position_distribution", "&model=chatgpt&brand2=" + globex);
        assertThat(chatgptOnly.path("brands").get(0).path("total_mentions").asLong()).isEqualTo(2);      // e1, e3
        assertThat(chatgptOnly.path("brands").get(1).path("total_mentions").asLong()).isEqualTo(1);      // e1
        ApiClient.Response unknown = api().get("/api/v1/reports/ai_model_insights/position_distribution?project_id="
                + projectId + "&brand1=999999", account.key());
        assertThat(unknown.status()).isEqualTo(422);
        assertThat(unknown.json().path("error").path("meta").path("param").asString()).isEqualTo("brand1");
    }

    @Test
    void aiOverviewResultsCountAnswersWithoutAnOverview_specAiModelInsights() {
        JsonNode body = insights("ai_overview_results", "");
        // e7 is the only AI Overview run, and it came back without an overview (no_result).
        assertThat(body.path("total_responses").asLong()).isEqualTo(1);
        assertThat(body.path("responses_with_results").asLong()).isZero();
        assertThat(body.path("result_rate").asDouble()).isEqualTo(0.0);
        assertThat(body.path("trend")).hasSize(1);
        assertThat(body.path("total").asLong()).isEqualTo(1);
        assertThat(body.path("data").get(0).path("prompt_id").asLong()).isEqualTo(p1);
        assertThat(body.path("data").get(0).path("responses").asLong()).isEqualTo(1);
    }

    @Test
    void insightsDefaultTo28DaysAndRejectABadGranularity_specAiModelInsights() {
        ApiClient.Response response = api().get("/api/v1/reports/ai_model_insights/summary?project_id=" + projectId, account.key());
        assertThat(response.status()).isEqualTo(200);
        java.time.Instant from = java.time.Instant.parse(response.json().path("from").asString());
        java.time.Instant to = java.time.Instant.parse(response.json().path("to").asString());
        assertThat(java.time.Duration.between(from, to).toDays()).isEqualTo(28);
        for (String path : List.of("summary", "position_distribution", "ai_overview_results")) {
            ApiClient.Response bad = api().get("/api/v1/reports/ai_model_insights/" + path + "?project_id=" + projectId
                    + "&granularity=year", account.key());
            assertThat(bad.status()).as(path).isEqualTo(422);
            assertThat(bad.json().path("error").path("code").asString()).isEqualTo("ERR_INVALID_PARAM");
        }
    }
}
