package dev.periscope.citations;

import static org.assertj.core.api.Assertions.assertThat;

import dev.periscope.execution.ExecutionFilter;
import dev.periscope.extraction.UrlNormalizer;
import dev.periscope.plans.Plan;
import dev.periscope.support.ApiClient;
import dev.periscope.support.IntegrationTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The spec's "Citation intelligence" section on a fixture small enough to check by hand. Brand Acme
 * (acme-widgets.com); live competitors Globex and Initech; Oldco is a deleted competitor. Prompts p1, p2; p3 is
 * deleted. All times 2026-03, 10:00 UTC.
 *
 * <pre>
 * URLs: A  https://www.acme-widgets.com/pricing  (cited once as ...pricing?utm_source=chatgpt, same normalised URL)
 *       B  https://blog.acme-widgets.com/post      own subdomain, stored as third_party (exact-subdomain project)
 *       G  https://globex.com/compare              R1 https://www.reddit.com/r/widgets/1   R2 https://old.reddit.com/r/widgets/2
 *       Y  https://www.youtube.com/watch?v=abc     Y2 https://www.youtube.com/watch?v=xyz
 *
 * e1 03-02 chatgpt    p1  A owned@1, R1@2, G competitor@0   mentions Acme, Globex    Acme sentiment negative
 * e2 03-03 chatgpt    p2  R1@1, Y@2, B@3                    mentions Globex          Globex sentiment negative (not the brand's)
 * e3 03-05 gemini     p1  A(utm) owned@2, R1@0              mentions Acme, Initech   Acme sentiment very_negative
 * e4 03-09 perplexity p2  R2@1                              mentions Acme            Acme sentiment negative but hidden
 * e8 03-13 perplexity p2  Y2@1                              mentions Oldco (deleted)
 * not responses, though they cite R1: e5 03-10 failed; e6 03-11 deleted prompt p3; e7 03-12 ai_overview no_result
 * </pre>
 * Responses in scope without filters: e1, e2, e3, e4, e8 = 5, the denominator of every citation rate below.
 */
class CitationIntelligenceIT extends IntegrationTest {
    private static final String A = "https://www.acme-widgets.com/pricing";
    private static final String A_UTM = "https://www.acme-widgets.com/pricing?utm_source=chatgpt";
    private static final String B = "https://blog.acme-widgets.com/post";
    private static final String G = "https://globex.com/compare";
    private static final String R1 = "https://www.reddit.com/r/widgets/1";
    private static final String R2 = "https://old.reddit.com/r/widgets/2";
    private static final String Y = "https://www.youtube.com/watch?v=abc";
    private static final String Y2 = "https://www.youtube.com/watch?v=xyz";
    /** e2's answer: the cited URL sits deep inside a long text. */
    private static final String E2_ANSWER = "x".repeat(400) + " see " + R1 + " today. " + "y".repeat(400);

    private TestAccount account;
    private long projectId;
    private long globex;
    private long initech;
    private long p2;

    @BeforeEach
    void fixture() {
        account = newAccount(Plan.SCALE);
        projectId = createProject(account, Map.of("name", "Acme", "website_url", "https://www.acme-widgets.com",
                "prompts", List.of("best widget makers", "widget reviews", "old question"),
                "competitors", List.of(Map.of("domain", "globex.com", "brand_name", "Globex"),
                        Map.of("domain", "initech.com", "brand_name", "Initech"))));
        db.sql("DELETE FROM prompt_runs WHERE project_id = :p").param("p", projectId).update();
        globex = id("SELECT id FROM competitors WHERE project_id = :p AND domain = 'globex.com'");
        initech = id("SELECT id FROM competitors WHERE project_id = :p AND domain = 'initech.com'");
        long oldco = id("""
                INSERT INTO competitors (project_id, brand_name, domain, color, deleted_at)
                VALUES (:p, 'Oldco', 'oldco.com', '#000000', now()) RETURNING id""");
        long p1 = id("SELECT id FROM prompts WHERE project_id = :p AND prompt_text = 'best widget makers'");
        p2 = id("SELECT id FROM prompts WHERE project_id = :p AND prompt_text = 'widget reviews'");
        long p3 = id("SELECT id FROM prompts WHERE project_id = :p AND prompt_text = 'old question'");
        db.sql("UPDATE prompts SET deleted_at = now() WHERE id = :id").param("id", p3).update();

        long e1 = execution(p1, "chatgpt", "2026-03-02T10:00:00Z", true, false, "Acme leads; Globex follows.", List.of());
        source(e1, A, "owned", null, 1);
        source(e1, R1, "third_party", null, 2);
        source(e1, G, "competitor", globex, 0);
        mention(e1, null, 1);
        mention(e1, globex, 2);
        sentiment(e1, null, "negative", false);
        long e2 = execution(p2, "chatgpt", "2026-03-03T10:00:00Z", true, false, E2_ANSWER,
                List.of("widget forums", "reddit widgets"));
        source(e2, R1, "third_party", null, 1);
        source(e2, Y, "third_party", null, 2);
        source(e2, B, "third_party", null, 3);
        mention(e2, globex, 1);
        sentiment(e2, globex, "negative", false);
        long e3 = execution(p1, "gemini", "2026-03-05T10:00:00Z", true, false, "Threads on WWW.REDDIT.COM discuss it.",
                List.of());
        source(e3, A_UTM, "owned", null, 2);
        source(e3, R1, "third_party", null, 0);
        mention(e3, null, 1);
        mention(e3, initech, 2);
        sentiment(e3, null, "very_negative", false);
        long e4 = execution(p2, "perplexity", "2026-03-09T10:00:00Z", true, false, "Acme.", List.of());
        source(e4, R2, "third_party", null, 1);
        mention(e4, null, 1);
        sentiment(e4, null, "negative", true);
        long e8 = execution(p2, "perplexity", "2026-03-13T10:00:00Z", true, false, "Oldco.", List.of());
        source(e8, Y2, "third_party", null, 1);
        mention(e8, oldco, 1);

        source(execution(p1, "chatgpt", "2026-03-10T10:00:00Z", false, false, "", List.of()), R1, "third_party", null, 1);
        source(execution(p3, "chatgpt", "2026-03-11T10:00:00Z", true, false, "", List.of()), R1, "third_party", null, 1);
        source(execution(p1, "ai_overview", "2026-03-12T10:00:00Z", true, true, "", List.of()), R1, "third_party", null, 1);
        // What the scheduled refresher does within seconds in the running service (the rate denominators).
        refreshRollups();
    }

    private long id(String sql) {
        return db.sql(sql).param("p", projectId).query(Long.class).single();
    }

    private long execution(long prompt, String model, String at, boolean success, boolean noResult, String response,
                           List<String> fanOut) {
        return db.sql("""
                        INSERT INTO prompt_executions (project_id, prompt_id, model, executed_at, success, no_result,
                                                       country_code, language_code, cycle, response, fan_out_queries)
                        VALUES (:p, :prompt, :model, CAST(:at AS timestamptz), :success, :noResult, 'US', 'en',
                                CAST(:at AS date), :response, :fanOut) RETURNING id
                        """)
                .param("p", projectId).param("prompt", prompt).param("model", model).param("at", at)
                .param("success", success).param("noResult", noResult).param("response", response)
                .param("fanOut", fanOut.toArray(String[]::new)).query(Long.class).single();
    }

    /** A source as extraction stores it: normalised URL, its hash, host and registrable domain. */
    private void source(long execution, String raw, String type, Long competitor, int position) {
        UrlNormalizer.NormalizedUrl url = UrlNormalizer.normalize(raw).orElseThrow();
        db.sql("""
                INSERT INTO sources (execution_id, project_id, prompt_id, url, normalized_url, url_sha256, host, domain,
                                     position, source_type, competitor_id, model, executed_at)
                SELECT id, project_id, prompt_id, :raw, :normalized, :sha, :host, :domain, :position, :type, :competitor,
                       model, executed_at FROM prompt_executions WHERE id = :e
                """).param("e", execution).param("raw", raw).param("normalized", url.url()).param("sha", url.sha256())
                .param("host", url.host()).param("domain", url.domain()).param("position", position)
                .param("type", type).param("competitor", competitor).update();
    }

    private void mention(long execution, Long competitor, int position) {
        db.sql("""
                INSERT INTO mentions (execution_id, project_id, prompt_id, competitor_id, keywords, position, model, executed_at)
                SELECT id, project_id, prompt_id, :competitor, '{x}', :position, model, executed_at FROM prompt_executions WHERE id = :e
                """).param("e", execution).param("competitor", competitor).param("position", position).update();
    }

    private void sentiment(long execution, Long competitor, String analysis, boolean hidden) {
        db.sql("""
                INSERT INTO sentiments (execution_id, project_id, prompt_id, competitor_id, is_brand_sentiment, analysis,
                                        score, comment, hidden, analyzer, model, executed_at)
                SELECT id, project_id, prompt_id, :competitor, :brand, :analysis, 0, 'c', :hidden, 'fixture', model,
                       executed_at FROM prompt_executions WHERE id = :e
                """).param("e", execution).param("competitor", competitor).param("brand", competitor == null)
                .param("analysis", analysis).param("hidden", hidden).update();
    }

    private static String sha(String raw) {
        return UrlNormalizer.normalize(raw).orElseThrow().sha256();
    }

    private ApiClient.Response call(String path) {
        return api().get("/api/v1/citation_intelligence/" + path + (path.contains("?") ? "&" : "?")
                + "project_id=" + projectId, account.key());
    }

    private JsonNode get(String path) {
        ApiClient.Response response = call(path);
        assertThat(response.status()).as(response.text()).isEqualTo(200);
        return response.json();
    }

    private static List<String> keys(JsonNode body) {
        List<String> keys = new ArrayList<>();
        body.path("data").forEach(row -> keys.add(row.path("group_key").asString()));
        return keys;
    }

    private static JsonNode row(JsonNode body, String key) {
        for (JsonNode row : body.path("data")) {
            if (row.path("group_key").asString().equals(key)) {
                return row;
            }
        }
        throw new AssertionError("no group " + key + " in " + body);
    }

    private static List<String> byModel(JsonNode row) {
        List<String> models = new ArrayList<>();
        row.path("by_model").forEach(m -> models.add(m.path("model").asString() + " " + m.path("total_responses").asLong()
                + "/" + m.path("total_citations").asLong()));
        return models;
    }

    private void assertInvalid(ApiClient.Response response, String param) {
        assertThat(response.status()).as(response.text()).isEqualTo(422);
        assertThat(response.errorCode()).isEqualTo("ERR_INVALID_PARAM");
        assertThat(response.json().path("error").path("meta").path("param").asString()).isEqualTo(param);
    }

    @Test
    void urlGroupsCountResponsesCitationsAndRates_specCitationIntelligenceGroups() {
        JsonNode body = get("groups");
        assertThat(body.path("view").asString()).isEqualTo("url");
        assertThat(body.path("order").asString()).isEqualTo("total_responses");
        assertThat(body.path("direction").asString()).isEqualTo("desc");
        assertThat(body.path("from").isNull()).as("no default date range").isTrue();
        assertThat(body.path("to").isNull()).isTrue();
        assertThat(body.path("responses").asLong()).isEqualTo(5);                        // e1 e2 e3 e4 e8
        assertThat(body.path("total").asLong()).isEqualTo(7);
        // R1 3 responses, A 2; the rest 1 each, ties broken by the group key (the normalised URL)
        assertThat(keys(body)).containsExactly(R1, A, B, G, R2, Y, Y2);

        JsonNode r1 = row(body, R1);                   // e1@2, e2@1, e3@0; e5, e6, e7 are not responses
        assertThat(r1.path("url_sha256").asString()).isEqualTo(sha(R1));
        assertThat(r1.path("host").asString()).isEqualTo("www.reddit.com");
        assertThat(r1.path("domain").asString()).isEqualTo("reddit.com");
        assertThat(r1.path("total_responses").asLong()).isEqualTo(3);
        assertThat(r1.path("total_citations").asLong()).isEqualTo(3);
        assertThat(r1.path("visible_citations").asLong()).isEqualTo(2);
        assertThat(r1.path("background_citations").asLong()).isEqualTo(1);
        assertThat(r1.path("citation_rate").asDouble()).isEqualTo(60.0);                  // 3 / 5
        assertThat(r1.path("avg_citation_position").asDouble()).isEqualTo(1.5);          // (2 + 1) / 2, position 0 ignored
        assertThat(byModel(r1)).containsExactly("chatgpt 2/2", "gemini 1/1");
        assertThat(r1.path("first_seen_at").asString()).isEqualTo("2026-03-02T10:00:00Z");
        assertThat(r1.path("last_seen_at").asString()).isEqualTo("2026-03-05T10:00:00Z");
        assertThat(r1.path("page").path("title").isNull()).isTrue();
        assertThat(r1.path("page").path("fetched_at").isNull()).isTrue();
        assertThat(r1.path("page_mentions").isNull()).isTrue();

        JsonNode a = row(body, A);                     // e1@1 and, as ?utm_source=chatgpt, e3@2
        assertThat(a.path("url").asString()).as("the most recent raw form").isEqualTo(A_UTM);
        assertThat(a.path("citation_rate").asDouble()).isEqualTo(40.0);
        assertThat(a.path("avg_citation_position").asDouble()).isEqualTo(1.5);
        assertThat(row(body, G).path("avg_citation_position").isNull()).as("background only").isTrue();
        assertThat(row(body, G).path("background_citations").asLong()).isEqualTo(1);
        assertThat(row(body, B).path("citation_rate").asDouble()).isEqualTo(20.0);
    }

    @Test
    void domainAndHostViewsRollUpUrls_specCitationIntelligenceGroups() {
        JsonNode domains = get("groups?view=domain");
        assertThat(domains.path("total").asLong()).isEqualTo(4);
        assertThat(keys(domains)).containsExactly("reddit.com", "acme-widgets.com", "youtube.com", "globex.com");
        JsonNode reddit = row(domains, "reddit.com");  // R1 in e1, e2, e3 and R2 in e4
        assertThat(reddit.path("total_responses").asLong()).isEqualTo(4);
        assertThat(reddit.path("total_citations").asLong()).isEqualTo(4);
        assertThat(reddit.path("visible_citations").asLong()).isEqualTo(3);
        assertThat(reddit.path("citation_rate").asDouble()).isEqualTo(80.0);
        assertThat(reddit.path("avg_citation_position").asDouble()).isEqualTo(1.33);     // (2 + 1 + 1) / 3
        assertThat(reddit.path("url_count").asLong()).isEqualTo(2);
        assertThat(reddit.path("cached_page_count").asLong()).isZero();
        assertThat(reddit.has("url_sha256")).isFalse();
        assertThat(byModel(reddit)).containsExactly("chatgpt 2/2", "gemini 1/1", "perplexity 1/1");
        JsonNode acme = row(domains, "acme-widgets.com");   // A in e1, e3 and B in e2: 3 responses, positions 1 3 2
        assertThat(acme.path("total_responses").asLong()).isEqualTo(3);
        assertThat(acme.path("avg_citation_position").asDouble()).isEqualTo(2.0);
        assertThat(acme.path("url_count").asLong()).isEqualTo(2);

        JsonNode hosts = get("groups?view=host");
        assertThat(keys(hosts)).containsExactly("www.reddit.com", "www.acme-widgets.com", "www.youtube.com",
                "blog.acme-widgets.com", "globex.com", "old.reddit.com");
        assertThat(row(hosts, "www.youtube.com").path("url_count").asLong()).isEqualTo(2);
    }

    @Test
    void everyOrderInBothDirections_specCitationIntelligenceGroups() {
        // Domains: reddit 4 responses (avg 1.33, first 03-02, last 03-09), acme-widgets 3 (2.0, 03-02, 03-05),
        // youtube 2 (1.5, 03-03, 03-13), globex 1 (background only: no average; 03-02, 03-02).
        Map<String, List<String>> expected = Map.ofEntries(
                Map.entry("group_key&direction=asc", List.of("acme-widgets.com", "globex.com", "reddit.com", "youtube.com")),
                Map.entry("group_key&direction=desc", List.of("youtube.com", "reddit.com", "globex.com", "acme-widgets.com")),
                Map.entry("total_responses&direction=asc", List.of("globex.com", "youtube.com", "acme-widgets.com", "reddit.com")),
                Map.entry("total_citations&direction=desc", List.of("reddit.com", "acme-widgets.com", "youtube.com", "globex.com")),
                Map.entry("citation_rate&direction=asc", List.of("globex.com", "youtube.com", "acme-widgets.com", "reddit.com")),
                Map.entry("citation_rate&direction=desc", List.of("reddit.com", "acme-widgets.com", "youtube.com", "globex.com")),
                // no average (background only) sorts last either way
                Map.entry("avg_citation_position&direction=asc", List.of("reddit.com", "youtube.com", "acme-widgets.com", "globex.com")),
                Map.entry("avg_citation_position&direction=desc", List.of("acme-widgets.com", "youtube.com", "reddit.com", "globex.com")),
                // three domains are first seen in e1: the group key breaks the tie
                Map.entry("first_seen_at&direction=asc", List.of("acme-widgets.com", "globex.com", "reddit.com", "youtube.com")),
                Map.entry("first_seen_at&direction=desc", List.of("youtube.com", "acme-widgets.com", "globex.com", "reddit.com")),
                Map.entry("last_seen_at&direction=asc", List.of("globex.com", "acme-widgets.com", "reddit.com", "youtube.com")),
                Map.entry("last_seen_at&direction=desc", List.of("youtube.com", "reddit.com", "acme-widgets.com", "globex.com")));
        expected.forEach((order, keys) -> {
            JsonNode body = get("groups?view=domain&order=" + order);
            assertThat(keys(body)).as(order).containsExactlyElementsOf(keys);
        });
        assertThat(get("groups?view=domain&order=last_seen_at").path("direction").asString()).isEqualTo("desc");
    }

    @Test
    void sourceTypeKeepsOnlyMatchingCitations_specCitationIntelligenceDefinitions() {
        JsonNode owned = get("groups?source_type=owned");
        assertThat(keys(owned)).containsExactly(A);
        assertThat(owned.path("responses").asLong()).as("source_type never narrows the responses").isEqualTo(5);
        assertThat(keys(get("groups?source_type=competitor"))).containsExactly(G);
        JsonNode thirdParty = get("groups?view=domain&source_type=third_party");
        assertThat(keys(thirdParty)).containsExactly("reddit.com", "youtube.com", "acme-widgets.com");
        assertThat(row(thirdParty, "acme-widgets.com").path("total_responses").asLong()).as("B only").isEqualTo(1);

        JsonNode background = get("groups?source_type=background");   // G in e1, R1 in e3
        assertThat(keys(background)).containsExactly(G, R1);
        assertThat(row(background, R1).path("total_citations").asLong()).isEqualTo(1);
        assertThat(row(background, R1).path("visible_citations").asLong()).isZero();
        assertThat(row(background, R1).path("avg_citation_position").isNull()).isTrue();

        // own_domain: any subdomain of acme-widgets.com, owned or not (B is stored as third_party)
        JsonNode ownDomain = get("groups?view=domain&source_type=own_domain");
        assertThat(keys(ownDomain)).containsExactly("acme-widgets.com");
        assertThat(row(ownDomain, "acme-widgets.com").path("total_responses").asLong()).isEqualTo(3);
        assertThat(keys(get("groups?source_type=own_domain"))).containsExactly(A, B);

        assertThat(keys(get("groups?view=domain&source_type=social_media"))).containsExactly("youtube.com");
        JsonNode ugc = get("groups?view=host&source_type=ugc");
        assertThat(keys(ugc)).containsExactly("www.reddit.com", "old.reddit.com");
        assertThat(ugc.path("filters").path("source_type").asString()).isEqualTo("ugc");
    }

    @Test
    void socialAndUgcListsMatchOnTheRegistrableDomain_specCitationIntelligenceDefinitions() {
        Map<String, Boolean> social = Map.of("youtube.com", true, "x.com", true, "linkedin.com", true,
                "reddit.com", false, "notyoutube.com", false, "youtube.com.evil.net", false);
        Map<String, Boolean> ugc = Map.of("reddit.com", true, "stackexchange.com", true, "g2.com", true,
                "tripadvisor.co.uk", true, "tripadvisor.de", true, "yelp.ca", true, "foo.blogspot.com", true,
                "youtube.com", false, "trip-advisor.com", false, "myreddit.com", false);
        social.forEach((domain, expected) -> assertThat(inCategory(SourceCategories.SOCIAL_MEDIA, domain)).as(domain)
                .isEqualTo(expected));
        ugc.forEach((domain, expected) -> assertThat(inCategory(SourceCategories.UGC, domain)).as(domain)
                .isEqualTo(expected));
    }

    /** The category's SQL test on one registrable domain, bound the way the endpoints bind it. */
    private boolean inCategory(SourceCategories.Category category, String domain) {
        CitationScope scope = new CitationScope(ExecutionFilter.project(projectId),
                category.name(), null, null, null);
        return scope.bind(db.sql("SELECT " + category.condition("CAST(:domain AS text)")))
                .param("domain", domain).query(Boolean.class).single();
    }

    @Test
    void sentimentAndContentGapNarrowTheResponses_specCitationIntelligenceDefinitions() {
        // Brand sentiment negative or very negative, not hidden: e1 and e3 (e2's is Globex's, e4's is hidden)
        JsonNode negative = get("groups?sentiment=negative");
        assertThat(negative.path("responses").asLong()).isEqualTo(2);
        assertThat(keys(negative)).containsExactly(A, R1, G);
        assertThat(row(negative, A).path("citation_rate").asDouble()).isEqualTo(100.0);
        assertThat(row(negative, G).path("citation_rate").asDouble()).isEqualTo(50.0);

        // mentioned: e1, e3, e4 name the brand
        JsonNode mentioned = get("groups?view=domain&content_gap=mentioned");
        assertThat(mentioned.path("responses").asLong()).isEqualTo(3);
        assertThat(keys(mentioned)).containsExactly("reddit.com", "acme-widgets.com", "globex.com");
        assertThat(row(mentioned, "reddit.com").path("total_responses").asLong()).isEqualTo(3);

        // gap: a live competitor but not the brand: e2 only (e8 names only Oldco, a deleted competitor)
        JsonNode gap = get("groups?view=domain&content_gap=gap");
        assertThat(gap.path("responses").asLong()).isEqualTo(1);
        assertThat(keys(gap)).containsExactly("acme-widgets.com", "reddit.com", "youtube.com");
        assertThat(row(gap, "youtube.com").path("citation_rate").asDouble()).isEqualTo(100.0);
        assertThat(gap.path("filters").path("content_gap").asString()).isEqualTo("gap");
    }

    @Test
    void commonFiltersAndAllHistoryByDefault_specCitationIntelligenceGroups() {
        JsonNode gemini = get("groups?model=gemini");
        assertThat(gemini.path("responses").asLong()).isEqualTo(1);
        assertThat(keys(gemini)).containsExactly(A, R1);
        // a bare-date `to` covers that whole day: e3 (03-05) and e4 (03-09 10:00)
        JsonNode window = get("groups?from=2026-03-04&to=2026-03-09");
        assertThat(window.path("responses").asLong()).isEqualTo(2);
        assertThat(keys(window)).containsExactly(R2, A, R1);                               // one response each
        assertThat(window.path("from").asString()).isEqualTo("2026-03-04T00:00:00Z");
        JsonNode prompt = get("groups?view=domain&prompt=" + p2);                // e2, e4, e8
        assertThat(prompt.path("responses").asLong()).isEqualTo(3);
        assertThat(keys(prompt)).containsExactly("reddit.com", "youtube.com", "acme-widgets.com");
        assertThat(get("groups?country_code=us&language_code=EN").path("responses").asLong()).isEqualTo(5);
    }

    @Test
    void queryIsALiteralCaseInsensitiveSubstringOfTheKey_specCitationIntelligenceGroups() {
        JsonNode reddit = get("groups?query=REDDIT");
        assertThat(keys(reddit)).containsExactly(R1, R2);
        assertThat(reddit.path("total").asLong()).isEqualTo(2);
        assertThat(reddit.path("filters").path("query").asString()).isEqualTo("REDDIT");
        assertThat(get("groups?query=%25").path("total").asLong()).as("% is literal").isZero();
        assertThat(get("groups?query=_").path("total").asLong()).as("_ is literal").isZero();
        assertThat(keys(get("groups?view=domain&query=.COM"))).hasSize(4);
    }

    @Test
    void pagesAndCsv_decisionsListsFiltersOutput() {
        JsonNode second = get("groups?per_page=2&page=2");
        assertThat(keys(second)).containsExactly(B, G);
        assertThat(second.path("total").asLong()).isEqualTo(7);
        assertThat(second.path("page").asInt()).isEqualTo(2);
        assertThat(second.path("per_page").asInt()).isEqualTo(2);
        JsonNode beyond = get("groups?per_page=2&page=5");
        assertThat(keys(beyond)).isEmpty();
        assertThat(beyond.path("total").asLong()).isEqualTo(7);
        assertThat(beyond.path("responses").asLong()).isEqualTo(5);
        assertThat(get("groups").path("per_page").asInt()).isEqualTo(20);

        ApiClient.Response csv = call("groups?output=csv&view=domain");
        assertThat(csv.status()).isEqualTo(200);
        assertThat(csv.header("Content-Type")).startsWith("text/csv");
        List<String> lines = csv.text().lines().toList();
        assertThat(lines.get(0)).isEqualTo("group_key,total_responses,total_citations,visible_citations,"
                + "background_citations,citation_rate,avg_citation_position,first_seen_at,last_seen_at,url_count,"
                + "cached_page_count");
        assertThat(lines.get(1)).isEqualTo("reddit.com,4,4,3,1,80.0,1.33,2026-03-02T10:00Z,2026-03-09T10:00Z,2,0");
        assertThat(lines).hasSize(5);
        JsonNode flat = get("groups?output=flat");
        assertThat(flat.path("columns").get(0).asString()).isEqualTo("group_key");
        assertThat(flat.path("rows").size()).isEqualTo(7);
        assertThat(flat.path("total").asLong()).isEqualTo(7);
    }

    @Test
    void urlDetailCountsWithinFiltersAndDescribesTheUrlAcrossHistory_specCitationIntelligenceUrls() {
        JsonNode detail = get("urls/" + sha(A));
        assertThat(detail.path("url").asString()).isEqualTo(A_UTM);
        assertThat(detail.path("normalized_url").asString()).isEqualTo(A);
        assertThat(detail.path("url_sha256").asString()).isEqualTo(sha(A));
        assertThat(detail.path("domain").asString()).isEqualTo("acme-widgets.com");
        assertThat(detail.path("host").asString()).isEqualTo("www.acme-widgets.com");
        JsonNode stats = detail.path("stats");
        assertThat(stats.path("total_responses").asLong()).isEqualTo(2);
        assertThat(stats.path("total_citations").asLong()).isEqualTo(2);
        assertThat(stats.path("visible_citations").asLong()).isEqualTo(2);
        assertThat(stats.path("background_citations").asLong()).isZero();
        assertThat(stats.path("citation_rate").asDouble()).isEqualTo(40.0);
        assertThat(stats.path("avg_citation_position").asDouble()).isEqualTo(1.5);
        assertThat(stats.path("first_seen_at").asString()).isEqualTo("2026-03-02T10:00:00Z");
        assertThat(stats.path("last_seen_at").asString()).isEqualTo("2026-03-05T10:00:00Z");
        assertThat(detail.path("responses").asLong()).isEqualTo(5);
        assertThat(detail.path("by_source_type").path("owned").asLong()).isEqualTo(2);
        assertThat(detail.path("by_source_type").path("third_party").asLong()).isZero();
        assertThat(byModel(detail)).containsExactly("chatgpt 1/1", "gemini 1/1");
        List<String> variants = new ArrayList<>();
        detail.path("url_variants").forEach(v -> variants.add(v.asString()));
        assertThat(variants).containsExactly(A_UTM, A);
        assertThat(detail.path("page").path("http_status").isNull()).isTrue();
        assertThat(detail.path("mention_evidence").isNull()).isTrue();
        assertThat(detail.path("page_cache_status").asString()).isEqualTo("not_cached");

        JsonNode r1 = get("urls/" + sha(R1) + "?source_type=background");
        assertThat(r1.path("stats").path("total_citations").asLong()).isEqualTo(1);
        assertThat(r1.path("stats").path("avg_citation_position").isNull()).isTrue();
        assertThat(r1.path("by_source_type").path("third_party").asLong()).isEqualTo(1);
        assertThat(get("urls/" + sha(R1).toUpperCase(Locale.ROOT)).path("url_sha256").asString())
                .as("upper-case hex is accepted").isEqualTo(sha(R1));
    }

    @Test
    void notFoundOnlyWhenNeverCited_specCitationIntelligenceRules() {
        // Filters that match nothing: 200 with zero counts (perplexity answered twice, never citing A)
        JsonNode none = get("urls/" + sha(A) + "?model=perplexity");
        assertThat(none.path("stats").path("total_responses").asLong()).isZero();
        assertThat(none.path("stats").path("total_citations").asLong()).isZero();
        assertThat(none.path("stats").path("citation_rate").asDouble()).isEqualTo(0.0);
        assertThat(none.path("stats").path("avg_citation_position").isNull()).isTrue();
        assertThat(none.path("stats").path("first_seen_at").isNull()).isTrue();
        assertThat(none.path("by_model").size()).isZero();
        assertThat(none.path("url").asString()).isEqualTo(A_UTM);
        // no responses at all in the window: the rate is undefined
        assertThat(get("urls/" + sha(A) + "?from=2030-01-01").path("stats").path("citation_rate").isNull()).isTrue();
        JsonNode noOccurrences = get("urls/" + sha(A) + "/occurrences?model=perplexity");
        assertThat(noOccurrences.path("total").asLong()).isZero();
        assertThat(noOccurrences.path("data").size()).isZero();

        String never = sha("https://never-cited.example.org/");
        for (String path : List.of("urls/" + never, "urls/" + never + "/occurrences", "urls/" + never + "/content")) {
            ApiClient.Response response = call(path);
            assertThat(response.status()).as(path).isEqualTo(404);
            assertThat(response.errorCode()).isEqualTo("ERR_NOT_FOUND");
        }
        // cited by another project only: still never cited by this one
        TestAccount other = newAccount(Plan.SCALE);
        long otherProject = createProject(other, Map.of("prompts", List.of("q")));
        ApiClient.Response foreign = api().get("/api/v1/citation_intelligence/urls/" + sha(A) + "?project_id="
                + otherProject, other.key());
        assertThat(foreign.status()).isEqualTo(404);
        assertThat(foreign.errorCode()).isEqualTo("ERR_NOT_FOUND");
    }

    @Test
    void occurrencesListCitingAnswersNewestFirstWithExcerpts_specCitationIntelligenceUrls() {
        JsonNode body = get("urls/" + sha(R1) + "/occurrences");
        assertThat(body.path("total").asLong()).isEqualTo(3);                             // e3, e2, e1; not e5 e6 e7
        JsonNode data = body.path("data");
        assertThat(data.get(0).path("model").asString()).isEqualTo("gemini");
        assertThat(data.get(0).path("citation_position").asInt()).isZero();
        assertThat(data.get(0).path("excerpt").asString()).as("found by host, case-insensitively; a short answer whole")
                .isEqualTo("Threads on WWW.REDDIT.COM discuss it.");
        assertThat(data.get(0).path("response_truncated").asBoolean()).isFalse();

        JsonNode e2 = data.get(1);
        assertThat(e2.path("answer_id").asLong()).isEqualTo(e2.path("prompt_execution_id").asLong());
        assertThat(e2.path("prompt_id").asLong()).isEqualTo(p2);
        assertThat(e2.path("prompt_text").asString()).isEqualTo("widget reviews");
        assertThat(e2.path("executed_at").asString()).isEqualTo("2026-03-03T10:00:00Z");
        assertThat(e2.path("citation_position").asInt()).isEqualTo(1);
        assertThat(e2.path("source_type").asString()).isEqualTo("third_party");
        int at = E2_ANSWER.indexOf(R1);                                                    // 100 characters before, 300 in all
        assertThat(e2.path("excerpt").asString()).isEqualTo(E2_ANSWER.substring(at - 100, at + 200));
        assertThat(e2.path("response_truncated").asBoolean()).isTrue();
        assertThat(e2.path("fan_out_queries").get(1).asString()).isEqualTo("reddit widgets");
        assertThat(data.get(2).path("excerpt").asString()).as("not found: the start").isEqualTo("Acme leads; Globex follows.");

        JsonNode page = get("urls/" + sha(R1) + "/occurrences?per_page=1&page=2");
        assertThat(page.path("data").get(0).path("answer_id").asLong()).isEqualTo(e2.path("answer_id").asLong());
        assertThat(page.path("total").asLong()).isEqualTo(3);
        ApiClient.Response csv = call("urls/" + sha(R1) + "/occurrences?output=csv");
        assertThat(csv.header("Content-Type")).startsWith("text/csv");
        assertThat(csv.text().lines().findFirst().orElseThrow()).isEqualTo("answer_id,prompt_execution_id,prompt_id,"
                + "prompt_text,model,executed_at,citation_position,source_type,excerpt,response_truncated,fan_out_queries");
        assertThat(get("urls/" + sha(R1) + "/occurrences?sentiment=negative").path("total").asLong()).isEqualTo(2);
    }

    @Test
    void contentIsNotCachedYet_specCitationIntelligenceUrls() {
        JsonNode content = get("urls/" + sha(A) + "/content");
        assertThat(content.path("page_cache_status").asString()).isEqualTo("not_cached");
        assertThat(content.path("page").path("title").isNull()).isTrue();
        assertThat(content.path("text").isNull()).isTrue();
        assertThat(content.path("html").isNull()).isTrue();
        assertThat(content.path("mention_evidence").isNull()).isTrue();
    }

    @Test
    void mentionSharesPerCitingDomainSumTo100_specCitationIntelligenceMentionsByDomain() {
        JsonNode body = get("mentions_by_domain?domains%5B%5D=reddit.com&domains%5B%5D=https://www.acme-widgets.com/x"
                + "&domains%5B%5D=old.reddit.com&domains%5B%5D=YouTube.com&domains%5B%5D=never.example.org&domains%5B%5D=reddit.com");
        List<String> domains = new ArrayList<>();
        body.path("domains").forEach(d -> domains.add(d.asString()));
        assertThat(domains).containsExactly("reddit.com", "acme-widgets.com", "old.reddit.com", "youtube.com",
                "never.example.org");
        JsonNode data = body.path("data");
        // reddit.com is cited by e1, e2, e3, e4; they mention Acme 3 times, Globex 2, Initech 1: 3/6, 2/6, 1/6
        assertShares(data.get(0), "reddit.com", 4, 0, List.of(3L, 2L, 1L), List.of(50.0, 33.33, 16.67));
        // acme-widgets.com (A in e1 e3, B in e2): Acme 2, Globex 2, Initech 1
        assertShares(data.get(1), "acme-widgets.com", 3, 0, List.of(2L, 2L, 1L), List.of(40.0, 40.0, 20.0));
        // a host: only R2, in e4, which names Acme
        assertShares(data.get(2), "old.reddit.com", 1, 0, List.of(1L, 0L, 0L), List.of(100.0, 0.0, 0.0));
        // youtube.com: e2 names Globex; e8 names only a deleted competitor, so no actor
        assertShares(data.get(3), "youtube.com", 2, 1, List.of(0L, 1L, 0L), List.of(0.0, 100.0, 0.0));
        assertShares(data.get(4), "never.example.org", 0, 0, List.of(0L, 0L, 0L), List.of(0.0, 0.0, 0.0));
        JsonNode brand = data.get(0).path("actors").get(0).path("actor");
        assertThat(brand.path("type").asString()).isEqualTo("project");
        assertThat(brand.path("id").asLong()).isEqualTo(projectId);
        assertThat(brand.path("name").asString()).isEqualTo("Acme");
        assertThat(data.get(0).path("actors").get(1).path("actor").path("competitor_id").asLong()).isEqualTo(globex);
        assertThat(data.get(0).path("actors").get(2).path("actor").path("id").asLong()).isEqualTo(initech);

        // `domains` repeated works too, and the common filters apply: chatgpt answers are e1 and e2
        JsonNode chatgpt = get("mentions_by_domain?domains=reddit.com&domains=youtube.com&model=chatgpt");
        assertShares(chatgpt.path("data").get(0), "reddit.com", 2, 0, List.of(1L, 2L, 0L), List.of(33.33, 66.67, 0.0));
    }

    private static void assertShares(JsonNode row, String domain, long responses, long without, List<Long> mentions,
                                     List<Double> shares) {
        assertThat(row.path("domain").asString()).isEqualTo(domain);
        assertThat(row.path("total_responses").asLong()).as(domain).isEqualTo(responses);
        assertThat(row.path("responses_without_mentions").asLong()).as(domain).isEqualTo(without);
        List<Long> actualMentions = new ArrayList<>();
        List<Double> actualShares = new ArrayList<>();
        row.path("actors").forEach(actor -> {
            actualMentions.add(actor.path("responses").asLong());
            actualShares.add(actor.path("share").asDouble());
        });
        assertThat(actualMentions).as(domain).containsExactlyElementsOf(mentions);
        assertThat(actualShares).as(domain).containsExactlyElementsOf(shares);
        double sum = actualShares.stream().mapToDouble(Double::doubleValue).sum();
        if (responses > without) {
            assertThat(Math.round(sum * 100)).as(domain + " shares add up to exactly 100").isEqualTo(10_000L);
        }
    }

    @Test
    void invalidInputIsRefusedNamingTheParameter_decisionsListsFiltersOutput() {
        for (String[] bad : new String[][] {{"groups?view=list", "view"}, {"groups?order=responses", "order"},
                {"groups?direction=up", "direction"}, {"groups?source_type=blog", "source_type"},
                {"groups?sentiment=positive", "sentiment"}, {"groups?content_gap=all", "content_gap"},
                {"groups?per_page=101", "per_page"}, {"groups?output=xml", "output"}, {"groups?model=gpt", "model"},
                {"groups?sort=total_responses", "sort"}, {"urls/" + sha(A) + "?view=domain", "view"},
                {"urls/" + sha(A) + "/content?model=chatgpt", "model"},
                {"mentions_by_domain", "domains"}, {"mentions_by_domain?domains%5B%5D=not%20a%20domain", "domains"},
                {"mentions_by_domain?domains%5B%5D=reddit.com&source_type=ugc", "source_type"}}) {
            assertInvalid(call(bad[0]), bad[1]);
        }
        ApiClient.Response unknown = call("groups?sort=total_responses");
        assertThat(unknown.json().path("error").path("meta").path("allowed").toString()).contains("\"order\"");
        ApiClient.Response badEnum = call("groups?source_type=blog");
        assertThat(badEnum.json().path("error").path("meta").path("allowed").size()).isEqualTo(7);
        StringBuilder many = new StringBuilder("mentions_by_domain?");
        for (int i = 0; i < 21; i++) {
            many.append("domains%5B%5D=site").append(i).append(".com&");
        }
        assertInvalid(call(many.toString()), "domains");
        for (String path : List.of("urls/abc", "urls/" + sha(A) + "x", "urls/" + "g".repeat(64) + "/occurrences",
                "urls/" + "z".repeat(64) + "/content")) {
            assertInvalid(call(path), "url_sha256");
        }
    }

    @Test
    void anotherAccountsProjectIsNotFound_specAuthentication2() {
        TestAccount stranger = newAccount(Plan.SCALE);
        for (String path : List.of("groups", "mentions_by_domain?domains%5B%5D=reddit.com", "urls/" + sha(A),
                "urls/" + sha(A) + "/occurrences", "urls/" + sha(A) + "/content")) {
            ApiClient.Response response = api().get("/api/v1/citation_intelligence/" + path
                    + (path.contains("?") ? "&" : "?") + "project_id=" + projectId, stranger.key());
            assertThat(response.status()).as(path).isEqualTo(404);
            assertThat(response.errorCode()).isEqualTo("ERR_PROJECT_NOT_FOUND");
        }
    }
}
