package dev.periscope.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.periscope.execution.ExecutionFilter;
import dev.periscope.plans.Plan;
import dev.periscope.shared.DateRange;
import dev.periscope.support.IntegrationTest;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The fast path (rollups) against the reference (grouped queries over the raw records): on a random project, for
 * random combinations of filters, ranges, granularities and actors, both give the same sums, and they still do after
 * the changes that move history between rollup rows (prompt type, collection membership, deleted prompts and
 * competitors, re-extraction).
 */
class RollupCorrectnessIT extends IntegrationTest {
    private static final List<String> MODELS = List.of("chatgpt", "perplexity", "gemini", "ai_overview");
    private static final List<String> TYPES = List.of("informational", "navigational", "commercial", "transactional");
    private static final List<String> KINDS = List.of("brand", "brand_other", "non_brand");
    private static final LocalDate FIRST_DAY = LocalDate.parse("2026-01-26");
    private static final int DAYS = 45;

    @Autowired
    MetricsQuery query;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    PromptSummary promptSummary;
    @Autowired
    TopSources topSources;
    @Autowired
    ModelInsights insights;

    private final SplittableRandom random = new SplittableRandom(20261122);
    private long projectId;
    private final List<Long> prompts = new ArrayList<>();
    private final List<Long> competitors = new ArrayList<>();
    private final List<Long> collections = new ArrayList<>();

    @BeforeEach
    void randomProject() {
        TestAccount account = newAccount(Plan.SCALE);
        projectId = createProject(account, Map.of("name", "Random", "website_url", "https://random.example",
                "competitors", List.of(Map.of("domain", "one.example", "brand_name", "One"),
                        Map.of("domain", "two.example", "brand_name", "Two"),
                        Map.of("domain", "three.example", "brand_name", "Three"))));
        db.sql("DELETE FROM prompt_runs WHERE project_id = :p").param("p", projectId).update();
        competitors.addAll(db.sql("SELECT id FROM competitors WHERE project_id = :p ORDER BY id").param("p", projectId)
                .query(Long.class).list());
        for (int c = 0; c < 2; c++) {
            collections.add(db.sql("INSERT INTO collections (project_id, name) VALUES (:p, :n) RETURNING id")
                    .param("p", projectId).param("n", "tag " + c).query(Long.class).single());
        }
        for (int i = 0; i < 7; i++) {
            String country = i % 3 == 2 ? "FR" : "US";
            long prompt = db.sql("""
                            INSERT INTO prompts (project_id, prompt_text, text_key, country_code, language_code, prompt_type, brand_kind)
                            VALUES (:p, :t, :t, :c, :l, :type, :kind) RETURNING id
                            """)
                    .param("p", projectId).param("t", "prompt number " + i + (i % 2 == 0 ? " crm" : " erp"))
                    .param("c", country).param("l", country.equals("FR") ? "fr" : "en")
                    .param("type", i == 6 ? null : TYPES.get(i % TYPES.size())).param("kind", KINDS.get(i % KINDS.size()))
                    .query(Long.class).single();
            prompts.add(prompt);
            for (long collection : collections) {
                if (random.nextInt(3) == 0) {
                    db.sql("INSERT INTO prompt_collections (prompt_id, collection_id) VALUES (:p, :c)")
                            .param("p", prompt).param("c", collection).update();
                }
            }
        }
        for (int day = 0; day < DAYS; day++) {
            for (long prompt : prompts) {
                for (String model : MODELS) {
                    if (random.nextInt(4) == 0) {
                        continue;
                    }
                    execution(prompt, model, FIRST_DAY.plusDays(day).atStartOfDay(ZoneOffset.UTC).plusSeconds(random.nextInt(86_400)));
                }
            }
        }
        rollups.refreshDue();
    }

    private void execution(long prompt, String model, java.time.ZonedDateTime at) {
        boolean success = random.nextInt(20) != 0;
        boolean noResult = model.equals("ai_overview") && random.nextInt(5) == 0;
        long id = db.sql("""
                        INSERT INTO prompt_executions (project_id, prompt_id, model, executed_at, success, no_result,
                                                       country_code, language_code, cycle, response)
                        SELECT :p, :prompt, :model, :at, :success, :noResult, country_code, language_code, CAST(:at AS date), 'x'
                          FROM prompts WHERE id = :prompt RETURNING id
                        """)
                .param("p", projectId).param("prompt", prompt).param("model", model).param("at", at.toOffsetDateTime())
                .param("success", success).param("noResult", noResult).query(Long.class).single();
        if (!success || noResult) {
            return;
        }
        List<Long> actors = new ArrayList<>();
        actors.add(null);
        actors.addAll(competitors);
        java.util.Collections.shuffle(actors, new java.util.Random(random.nextLong()));
        int mentioned = random.nextInt(actors.size() + 1);
        String[] analyses = {"very_positive", "positive", "neutral", "negative", "very_negative", null};
        for (int position = 1; position <= mentioned; position++) {
            Long actor = actors.get(position - 1);
            jdbc.update("""
                    INSERT INTO mentions (execution_id, project_id, prompt_id, competitor_id, keywords, position, model, executed_at)
                    SELECT id, project_id, prompt_id, ?, '{x}', ?, model, executed_at FROM prompt_executions WHERE id = ?
                    """, actor, position + (random.nextInt(6) == 0 ? 6 : 0), id);
            jdbc.update("""
                    INSERT INTO sentiments (execution_id, project_id, prompt_id, competitor_id, is_brand_sentiment, analysis,
                                            analyzer, model, executed_at, hidden)
                    SELECT id, project_id, prompt_id, ?, ?, ?, 'fixture', model, executed_at, ? FROM prompt_executions WHERE id = ?
                    """, actor, actor == null, analyses[random.nextInt(analyses.length)], random.nextInt(10) == 0, id);
        }
        int sources = random.nextInt(6);
        for (int s = 0; s < sources; s++) {
            int pick = random.nextInt(5);
            Long competitor = pick < 3 ? competitors.get(pick) : null;
            String type = pick < 3 ? "competitor" : pick == 3 ? "owned" : "third_party";
            String url = "https://site" + pick + ".example/page" + s;
            jdbc.update("""
                    INSERT INTO sources (execution_id, project_id, prompt_id, url, normalized_url, url_sha256, host, domain,
                                         position, source_type, competitor_id, model, executed_at)
                    SELECT id, project_id, prompt_id, ?, ?, encode(sha256(convert_to(?, 'UTF8')), 'hex'), ?, ?, ?, ?, ?,
                           model, executed_at FROM prompt_executions WHERE id = ?
                    """, url, url, url, "www.site" + pick + ".example", "site" + pick + ".example",
                    random.nextInt(4) == 0 ? 0 : s + 1, type, competitor, id);
        }
    }

    @Test
    void rollupsEqualTheRawRecordsOnRandomFilters() {
        compareOnRandomFilters(150);
    }

    @Test
    void rollupsFollowChangesThatMoveHistory() {
        compareOnRandomFilters(20);
        // A prompt changes type and brand kind, one leaves a collection, one joins, one is deleted.
        db.sql("UPDATE prompts SET prompt_type = 'commercial', brand_kind = 'non_brand' WHERE id = :id")
                .param("id", prompts.get(0)).update();
        db.sql("DELETE FROM prompt_collections WHERE prompt_id = :id").param("id", prompts.get(1)).update();
        db.sql("INSERT INTO prompt_collections (prompt_id, collection_id) VALUES (:p, :c) ON CONFLICT DO NOTHING")
                .param("p", prompts.get(2)).param("c", collections.get(0)).update();
        db.sql("UPDATE prompts SET deleted_at = now() WHERE id = :id").param("id", prompts.get(3)).update();
        // A competitor is purged (its mentions go), a sentiment is hidden, an execution is re-extracted.
        db.sql("DELETE FROM mentions WHERE competitor_id = :c").param("c", competitors.get(2)).update();
        db.sql("UPDATE sentiments SET hidden = true WHERE id = (SELECT min(id) FROM sentiments WHERE project_id = :p AND NOT hidden)")
                .param("p", projectId).update();
        db.sql("UPDATE sources SET competitor_id = NULL WHERE competitor_id = :c").param("c", competitors.get(1)).update();
        long reextracted = db.sql("SELECT min(execution_id) FROM mentions WHERE project_id = :p").param("p", projectId)
                .query(Long.class).single();
        db.sql("DELETE FROM mentions WHERE execution_id = :e").param("e", reextracted).update();
        db.sql("UPDATE prompt_executions SET extracted_at = now() WHERE id = :e").param("e", reextracted).update();

        assertThat(db.sql("SELECT count(*) FROM metric_rollup_marks WHERE project_id = :p").param("p", projectId)
                .query(Long.class).single()).as("every change left a mark").isPositive();
        rollups.refreshDue();
        assertThat(db.sql("SELECT count(*) FROM metric_rollup_marks WHERE project_id = :p").param("p", projectId)
                .query(Long.class).single()).isZero();
        compareOnRandomFilters(80);
    }

    private void compareOnRandomFilters(int rounds) {
        for (int round = 0; round < rounds; round++) {
            ExecutionFilter filter = randomFilter();
            Granularity granularity = switch (random.nextInt(4)) {
                case 0 -> null;
                case 1 -> Granularity.DAY;
                case 2 -> Granularity.WEEK;
                default -> Granularity.MONTH;
            };
            List<ActorRef> actors = new ArrayList<>();
            if (random.nextBoolean()) {
                actors.add(new ActorRef(null, projectId, "brand", null));
            }
            for (long competitor : competitors) {
                if (random.nextBoolean()) {
                    actors.add(new ActorRef(competitor, competitor, "c", null));
                }
            }
            MetricsQuery.Shape shape = new MetricsQuery.Shape(granularity, random.nextBoolean(), actors);
            assertThat(MetricsQuery.rollupAnswers(filter)).isTrue();
            assertSame(query.rollup(filter, shape), query.raw(filter, shape), filter + " " + shape);

            boolean byModel = random.nextBoolean();
            String sort = PromptSummary.SORTS.get(random.nextInt(PromptSummary.SORTS.size()));
            boolean descending = random.nextBoolean();
            dev.periscope.shared.PageRequest page = new dev.periscope.shared.PageRequest(random.nextInt(1, 3), random.nextInt(1, 30));
            PromptSummary.Listing fast = promptSummary.rollup(filter, byModel, sort, descending, page);
            PromptSummary.Listing reference = promptSummary.raw(filter, byModel, sort, descending, page);
            assertThat(fast.total()).as("prompt summary total " + filter).isEqualTo(reference.total());
            assertThat(fast.rows()).as("prompt summary " + filter + " " + sort + " " + page).isEqualTo(reference.rows());

            boolean byCollection = filter.promptType() == null && filter.brandKind() == null;
            ExecutionFilter domains = new ExecutionFilter(projectId, filter.range(), filter.model(),
                    byCollection ? filter.collectionId() : null, null, null, null, filter.promptType(), filter.brandKind(),
                    null, null, List.of());
            assertThat(TopSources.rollupAnswers(domains)).isTrue();
            String domainSort = TopSources.SORTS.get(random.nextInt(TopSources.SORTS.size()));
            String query = random.nextInt(4) == 0 ? "SITE1" : null;
            TopSources.Listing fastDomains = topSources.rollup(domains, query, domainSort, page);
            TopSources.Listing referenceDomains = topSources.raw(domains, query, domainSort, page);
            assertThat(fastDomains.total()).as("top sources total " + domains).isEqualTo(referenceDomains.total());
            assertThat(fastDomains.rows()).as("top sources " + domains + " " + domainSort).isEqualTo(referenceDomains.rows());

            if (filter.range().from() != null) {
                // One millisecond earlier selects the same executions (they run on whole seconds) but not the rollups.
                ExecutionFilter shifted = new ExecutionFilter(projectId,
                        new DateRange(filter.range().from().minusMillis(1), filter.range().to()), filter.model(),
                        filter.collectionId(), filter.countryCode(), filter.languageCode(), filter.prompt(),
                        filter.promptType(), filter.brandKind(), null, null, List.of());
                assertThat(MetricsQuery.rollupAnswers(shifted)).isFalse();
                Map<String, Object> fastOverview = insights.aiOverviewResults(filter, Granularity.WEEK, page);
                Map<String, Object> rawOverview = insights.aiOverviewResults(shifted, Granularity.WEEK, page);
                for (String field : List.of("total_responses", "responses_with_results", "total", "data")) {
                    assertThat(fastOverview.get(field)).as("ai overview " + field + " " + filter).isEqualTo(rawOverview.get(field));
                }
            }
        }
    }

    private ExecutionFilter randomFilter() {
        DateRange range = DateRange.ALL;
        if (random.nextInt(3) > 0) {
            LocalDate from = FIRST_DAY.plusDays(random.nextInt(-3, DAYS));
            LocalDate to = from.plusDays(random.nextInt(1, 40));
            range = new DateRange(random.nextInt(4) == 0 ? null : from.atStartOfDay().toInstant(ZoneOffset.UTC),
                    random.nextInt(4) == 0 ? null : to.atStartOfDay().toInstant(ZoneOffset.UTC));
        }
        String prompt = switch (random.nextInt(5)) {
            case 0 -> String.valueOf(prompts.get(random.nextInt(prompts.size())));
            case 1 -> random.nextBoolean() ? "CRM" : "number 1";
            default -> null;
        };
        return new ExecutionFilter(projectId, range,
                random.nextInt(3) == 0 ? MODELS.get(random.nextInt(MODELS.size())) : null,
                random.nextInt(3) == 0 ? collections.get(random.nextInt(collections.size())) : null,
                random.nextInt(5) == 0 ? (random.nextBoolean() ? "US" : "FR") : null,
                random.nextInt(6) == 0 ? (random.nextBoolean() ? "en" : "fr") : null,
                prompt,
                random.nextInt(4) == 0 ? TYPES.get(random.nextInt(TYPES.size())) : null,
                random.nextInt(4) == 0 ? KINDS.get(random.nextInt(KINDS.size())) : null,
                null, null, List.of());
    }

    private static void assertSame(MetricsQuery.Sums fast, MetricsQuery.Sums reference, String description) {
        assertThat(fast.executions().keySet()).as(description).isEqualTo(reference.executions().keySet());
        reference.executions().forEach((key, pair) ->
                assertThat(fast.executions().get(key)).as(description + " " + key).containsExactly(pair));
        assertThat(fast.counts().keySet()).as(description).isEqualTo(reference.counts().keySet());
        reference.counts().forEach((key, perActor) -> {
            Map<Long, Counts> other = fast.counts().get(key);
            assertThat(other.keySet()).as(description + " " + key).isEqualTo(perActor.keySet());
            perActor.forEach((actor, counts) -> {
                Counts mine = other.get(actor);
                assertThat(mine.inversePositions()).as(description).isCloseTo(counts.inversePositions(), within(1e-9));
                assertThat(withoutInverse(mine)).as(description + " " + key + " actor " + actor).isEqualTo(withoutInverse(counts));
            });
        });
    }

    private static Counts withoutInverse(Counts c) {
        return new Counts(c.responses(), c.mentions(), 0, c.mentionPositions(), c.citations(), c.visibleCitations(),
                c.visibleCitationPositions(), c.veryPositive(), c.positive(), c.neutral(), c.negative(), c.veryNegative(),
                c.position1(), c.position2(), c.position3(), c.position4To7(), c.position8Plus());
    }
}
