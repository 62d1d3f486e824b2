package dev.periscope.citations;

import static org.assertj.core.api.Assertions.assertThat;

import dev.periscope.execution.ExecutionFilter;
import dev.periscope.metrics.ActorRef;
import dev.periscope.plans.Plan;
import dev.periscope.shared.DateRange;
import dev.periscope.shared.PageRequest;
import dev.periscope.support.IntegrationTest;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The citation rollups ({@code citation_totals}) against the reference (the raw citation rows grouped on every call):
 * on a random project spanning three months, for random views, orders, pages and filters the totals hold, groups and
 * URL details, raw forms, occurrence counts and mentions by domain are the same, and they stay the same after changes
 * that move history (deleted citations and executions, moved positions, a purged competitor, collection membership,
 * deleted prompts, an earlier sighting).
 */
class CitationRollupCorrectnessIT extends IntegrationTest {
    private static final List<String> MODELS = List.of("chatgpt", "perplexity", "gemini", "ai_overview");
    private static final List<String> HOSTS = List.of("www.random.example", "blog.random.example", "www.site1.example",
            "docs.site1.example", "site2.example", "www.reddit.com", "old.reddit.com", "www.youtube.com", "m.youtube.com",
            "news.site3.example");
    private static final List<String> SOURCE_TYPES = java.util.Arrays.asList(null, null, "social_media", "ugc", "own_domain");
    private static final List<String> ORDERS = CitationGroups.ORDERS;
    private static final LocalDate FIRST_DAY = LocalDate.parse("2026-01-20");
    private static final int DAYS = 60;

    @Autowired
    CitationGroups groups;
    @Autowired
    CitationTotals totals;
    @Autowired
    CitedUrls urls;
    @Autowired
    MentionsByDomain mentionsByDomain;
    @Autowired
    dev.periscope.projects.Competitors competitorList;

    private final SplittableRandom random = new SplittableRandom(20261122);
    private long projectId;
    private final List<Long> prompts = new ArrayList<>();
    private final List<Long> collections = new ArrayList<>();
    private final List<Long> competitors = new ArrayList<>();

    @BeforeEach
    void randomProject() {
        TestAccount account = newAccount(Plan.SCALE);
        projectId = createProject(account, Map.of("name", "Random", "website_url", "https://www.random.example",
                "competitors", List.of(Map.of("domain", "site1.example", "brand_name", "One"),
                        Map.of("domain", "site2.example", "brand_name", "Two"))));
        competitors.addAll(db.sql("SELECT id FROM competitors WHERE project_id = :p ORDER BY id").param("p", projectId)
                .query(Long.class).list());
        db.sql("DELETE FROM prompt_runs WHERE project_id = :p").param("p", projectId).update();
        for (int c = 0; c < 2; c++) {
            collections.add(db.sql("INSERT INTO collections (project_id, name) VALUES (:p, :n) RETURNING id")
                    .param("p", projectId).param("n", "tag " + c).query(Long.class).single());
        }
        for (int i = 0; i < 6; i++) {
            long prompt = db.sql("""
                            INSERT INTO prompts (project_id, prompt_text, text_key, country_code, language_code)
                            VALUES (:p, :t, :t, 'US', 'en') RETURNING id
                            """)
                    .param("p", projectId).param("t", "prompt number " + i).query(Long.class).single();
            prompts.add(prompt);
            for (long collection : collections) {
                if (random.nextInt(2) == 0) {
                    db.sql("INSERT INTO prompt_collections (prompt_id, collection_id) VALUES (:p, :c)")
                            .param("p", prompt).param("c", collection).update();
                }
            }
        }
        for (int day = 0; day < DAYS; day += 1 + random.nextInt(3)) {
            for (long prompt : prompts) {
                for (String model : MODELS) {
                    if (random.nextInt(3) != 0) {
                        execution(prompt, model, FIRST_DAY.plusDays(day).atStartOfDay(ZoneOffset.UTC)
                                .plusSeconds(random.nextInt(86_400)).toOffsetDateTime());
                    }
                }
            }
        }
        refreshRollups();
    }

    private long execution(long prompt, String model, OffsetDateTime at) {
        boolean success = random.nextInt(15) != 0;
        boolean noResult = random.nextInt(12) == 0;
        long id = db.sql("""
                        INSERT INTO prompt_executions (project_id, prompt_id, model, executed_at, success, no_result,
                                                       country_code, language_code, cycle, sample, response)
                        VALUES (:p, :prompt, :model, :at, :success, :noResult, 'US', 'en', CAST(:at AS date), :sample, 'x')
                        RETURNING id
                        """)
                .param("p", projectId).param("prompt", prompt).param("model", model).param("at", at)
                .param("success", success).param("noResult", noResult).param("sample", random.nextInt(1_000_000))
                .query(Long.class).single();
        if (success) {
            // the brand (null) and each competitor are mentioned or not
            List<Long> actors = new ArrayList<>(competitors);
            actors.add(0, null);
            int position = 1;
            for (Long actor : actors) {
                if (random.nextBoolean()) {
                    db.sql("""
                                    INSERT INTO mentions (execution_id, project_id, prompt_id, competitor_id, keywords, position,
                                                          model, executed_at)
                                    SELECT id, project_id, prompt_id, :competitor, '{x}', :position, model, executed_at
                                      FROM prompt_executions WHERE id = :e
                                    """)
                            .param("competitor", actor).param("position", position++).param("e", id).update();
                }
            }
            int count = random.nextInt(5);
            for (int s = 0; s < count; s++) {
                String host = HOSTS.get(random.nextInt(HOSTS.size()));
                String normalized = "https://" + host + "/page" + random.nextInt(4);
                // raw forms differ by a tracking parameter; the normalised form (and its hash) does not
                String url = random.nextInt(3) == 0 ? normalized + "?ref=" + random.nextInt(2) : normalized;
                String domain = host.substring(host.indexOf('.') + 1).contains(".")
                        ? host.substring(host.indexOf('.') + 1) : host;
                db.sql("""
                                INSERT INTO sources (execution_id, project_id, prompt_id, url, normalized_url, url_sha256, host,
                                                     domain, position, source_type, model, executed_at)
                                SELECT id, project_id, prompt_id, :url, :normalized,
                                       encode(sha256(convert_to(:normalized, 'UTF8')), 'hex'),
                                       :host, :domain, :position, :type, model, executed_at
                                  FROM prompt_executions WHERE id = :e
                                ON CONFLICT DO NOTHING
                                """)
                        .param("url", url).param("normalized", normalized).param("host", host).param("domain", domain)
                        .param("position", random.nextInt(4) == 0 ? 0 : s + 1)
                        .param("type", List.of("owned", "competitor", "third_party").get(random.nextInt(3)))
                        .param("e", id).update();
            }
        }
        return id;
    }

    @Test
    void totalsEqualTheRawCitationsOnRandomFilters() {
        compare(150);
    }

    @Test
    void totalsFollowChangesThatMoveHistory() {
        compare(20);
        // re-extraction drops one execution's citations; another execution is deleted; positions move
        db.sql("DELETE FROM sources WHERE execution_id = (SELECT min(execution_id) FROM sources WHERE project_id = :p)")
                .param("p", projectId).update();
        db.sql("DELETE FROM prompt_executions WHERE id = (SELECT max(execution_id) FROM sources WHERE project_id = :p)")
                .param("p", projectId).update();
        db.sql("UPDATE sources SET position = 0 WHERE id IN (SELECT id FROM sources WHERE project_id = :p AND position > 0 LIMIT 5)")
                .param("p", projectId).update();
        // every execution of the last day goes: the last sighting of its URLs moves to an earlier month or disappears
        db.sql("""
                        DELETE FROM prompt_executions WHERE project_id = :p
                           AND CAST(executed_at AT TIME ZONE 'UTC' AS date) = (
                               SELECT max(CAST(executed_at AT TIME ZONE 'UTC' AS date)) FROM prompt_executions WHERE project_id = :p)
                        """)
                .param("p", projectId).update();
        // a competitor is deleted and purged: its mentions go, so answers naming only it now name no actor
        db.sql("UPDATE competitors SET deleted_at = now() WHERE id = :c").param("c", competitors.get(1)).update();
        db.sql("DELETE FROM mentions WHERE competitor_id = :c").param("c", competitors.get(1)).update();
        // collection membership and a deleted prompt move history between scopes
        db.sql("DELETE FROM prompt_collections WHERE prompt_id = :id").param("id", prompts.get(0)).update();
        db.sql("INSERT INTO prompt_collections (prompt_id, collection_id) VALUES (:p, :c) ON CONFLICT DO NOTHING")
                .param("p", prompts.get(1)).param("c", collections.get(1)).update();
        db.sql("UPDATE prompts SET deleted_at = now() WHERE id = :id").param("id", prompts.get(2)).update();
        // an answer before every other one: new first sightings, in a month that had none
        long early = execution(prompts.get(3), "chatgpt", FIRST_DAY.minusMonths(2).atStartOfDay(ZoneOffset.UTC).toOffsetDateTime());
        db.sql("UPDATE prompt_executions SET success = true, no_result = false WHERE id = :e").param("e", early).update();
        db.sql("""
                        INSERT INTO sources (execution_id, project_id, prompt_id, url, normalized_url, url_sha256, host, domain,
                                             position, source_type, model, executed_at)
                        SELECT id, project_id, prompt_id, 'https://site2.example/page1', 'https://site2.example/page1',
                               encode(sha256(convert_to('https://site2.example/page1', 'UTF8')), 'hex'), 'site2.example',
                               'site2.example', 2, 'third_party', model, executed_at
                          FROM prompt_executions WHERE id = :e
                        ON CONFLICT DO NOTHING
                        """)
                .param("e", early).update();

        refreshRollups();
        assertThat(db.sql("SELECT count(*) FROM citation_rollup_marks WHERE project_id = :p").param("p", projectId)
                .query(Long.class).single()).as("every month rebuilt").isZero();
        assertThat(db.sql("""
                        SELECT count(*) FROM citation_totals
                         WHERE project_id = :p AND (first_seen IS NULL OR last_seen IS NULL OR citations <= 0)
                        """)
                .param("p", projectId).query(Long.class).single()).as("no unsettled or empty totals").isZero();
        compare(100);
    }

    /** The brand, then the live competitors, as the endpoint compares them. */
    private List<ActorRef> actors() {
        List<ActorRef> actors = new ArrayList<>();
        actors.add(new ActorRef(null, projectId, "Random", "random.example"));
        competitorList.list(projectId).forEach(competitor -> actors.add(ActorRef.of(competitor)));
        return actors;
    }

    private void compare(int rounds) {
        List<String> shas = db.sql("SELECT DISTINCT url_sha256 FROM sources WHERE project_id = :p ORDER BY 1")
                .param("p", projectId).query(String.class).list();
        assertThat(shas).isNotEmpty();
        OffsetDateTime first = db.sql("SELECT min(executed_at) FROM prompt_executions WHERE project_id = :p")
                .param("p", projectId).query(OffsetDateTime.class).single();
        for (int round = 0; round < rounds; round++) {
            String model = random.nextInt(3) == 0 ? MODELS.get(random.nextInt(MODELS.size())) : null;
            Long collection = random.nextInt(3) == 0 ? collections.get(random.nextInt(collections.size())) : null;
            // no window, or one that holds the whole history (from the first execution's day to tomorrow)
            DateRange range = random.nextBoolean() ? DateRange.ALL
                    : new DateRange(first.toLocalDate().atStartOfDay().toInstant(ZoneOffset.UTC),
                    Instant.now().plusSeconds(86_400 * 2));
            ExecutionFilter filter = new ExecutionFilter(projectId, range, model, collection, null, null, null, null,
                    null, null, null, List.of());
            CitationScope scope = CitationScope.of(filter, SOURCE_TYPES.get(random.nextInt(SOURCE_TYPES.size())),
                    null, null, "www.random.example");
            String view = CitationGroups.VIEWS.get(random.nextInt(3));
            String query = random.nextInt(4) == 0 ? List.of("reddit", "PAGE1", "site", "_x%").get(random.nextInt(4)) : null;
            String order = ORDERS.get(random.nextInt(ORDERS.size()));
            boolean descending = random.nextBoolean();
            PageRequest page = new PageRequest(1 + random.nextInt(3), 2 + random.nextInt(6));
            String description = "view=" + view + " model=" + model + " collection=" + collection + " range=" + range
                    + " source_type=" + scope.sourceType() + " query=" + query + " order=" + order + " desc=" + descending
                    + " page=" + page;

            assertThat(totals.answers(scope)).as(description).isTrue();
            CitationGroups.Listing fast = groups.list(scope, view, query, order, descending, page);
            CitationGroups.Listing raw = groups.raw(scope, view, query, order, descending, page);
            assertThat(fast.total()).as(description).isEqualTo(raw.total());
            assertThat(fast.responses()).as(description).isEqualTo(raw.responses());
            assertThat(fast.rows()).as(description).isEqualTo(raw.rows());

            if (scope.sourceType() == null && !(collection != null && model != null)) {
                List<String> domains = new ArrayList<>(List.of("random.example", "reddit.com", "site1.example",
                        "docs.site1.example", "youtube.com", "site2.example", "nowhere.example"));
                java.util.Collections.shuffle(domains, new java.util.Random(random.nextLong()));
                List<String> requested = domains.subList(0, 1 + random.nextInt(domains.size()));
                List<ActorRef> actors = actors();
                assertThat(mentionsByDomain.compute(scope, requested, actors)).as(description + " domains=" + requested)
                        .isEqualTo(mentionsByDomain.raw(scope, requested, actors));
            }

            String sha = shas.get(random.nextInt(shas.size()));
            CitedUrls.Identity url = urls.require(projectId, sha);
            List<String> forms = urls.rawVariants(projectId, sha);
            if (!forms.isEmpty() && forms.get(0).equals(url.url())) {
                assertThat(url.variants()).as("variants of " + sha).isEqualTo(forms);
            }
            Map<String, Object> reference = urls.rawDetail(scope, url);
            assertThat(urls.detail(scope, url)).as(description + " url=" + sha).isEqualTo(reference);
            assertThat(urls.occurrences(scope, url, new PageRequest(1, 5)).total()).as(description + " occurrences")
                    .isEqualTo(((Map<?, ?>) reference.get("stats")).get("total_citations"));
        }
    }
}
