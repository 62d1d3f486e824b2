package dev.periscope.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.periscope.plans.Plan;
import dev.periscope.support.ApiClient;
import dev.periscope.support.IntegrationTest;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * {@code bench seed} on a tiny project (20 prompts, 4 engines, 4 weeks, 3 competitors) through the seeder the command
 * line runs: what it reports is what the tables hold, and the records obey the rules extraction would have kept.
 */
class BenchSeedIT extends IntegrationTest {
    @Autowired
    BenchSeeder seeder;
    /** The project the count queries look at (their {@code :p}). */
    private long projectId;

    @Test
    void aTinySeedIsConsistentAndServedByTheMetrics() {
        TestAccount account = newAccount(Plan.SCALE);
        Map<String, Object> result = seeder.seed(new BenchSeeder.Options(20, 4, 4, 3, account.email(), 7), line -> { });
        projectId = projectOf(result);
        assertThat(result.get("account")).isEqualTo(account.email());

        @SuppressWarnings("unchecked")
        Map<String, Object> counts = (Map<String, Object>) result.get("counts");
        Map<String, Long> expected = new LinkedHashMap<>();
        expected.put("prompts", count("SELECT count(*) FROM prompts WHERE project_id = :p"));
        expected.put("prompt_collections", count("""
                SELECT count(*) FROM prompt_collections pc JOIN prompts p ON p.id = pc.prompt_id WHERE p.project_id = :p
                """));
        expected.put("collections", count("SELECT count(*) FROM collections WHERE project_id = :p"));
        expected.put("competitors", count("SELECT count(*) FROM competitors WHERE project_id = :p"));
        expected.put("executions", count("SELECT count(*) FROM prompt_executions WHERE project_id = :p"));
        expected.put("mentions", count("SELECT count(*) FROM mentions WHERE project_id = :p"));
        expected.put("sentiments", count("SELECT count(*) FROM sentiments WHERE project_id = :p"));
        expected.put("sources", count("SELECT count(*) FROM sources WHERE project_id = :p"));
        expected.forEach((table, rows) -> assertThat(((Number) counts.get(table)).longValue()).as(table).isEqualTo(rows));
        assertThat(expected.get("prompts")).isEqualTo(20);
        assertThat(expected.get("competitors")).isEqualTo(3);
        assertThat(expected.get("executions")).isEqualTo(20 * 4 * 4);
        assertThat(expected.get("mentions")).isPositive().isEqualTo(expected.get("sentiments"));
        assertThat(expected.get("sources")).isPositive();

        // one execution per prompt, engine and Monday cycle, executed that Monday (UTC)
        assertThat(count("""
                SELECT count(*) FROM prompt_executions
                 WHERE project_id = :p AND (extract(isodow FROM cycle) <> 1
                    OR CAST(executed_at AT TIME ZONE 'UTC' AS date) <> cycle)
                """)).isZero();
        assertThat(count("SELECT count(DISTINCT cycle) FROM prompt_executions WHERE project_id = :p")).isEqualTo(4);
        assertThat(count("SELECT count(DISTINCT model) FROM prompt_executions WHERE project_id = :p")).isEqualTo(4);

        // mention positions are 1..k without gaps or repeats, each actor at most once per execution
        assertThat(count("""
                SELECT count(*) FROM (SELECT execution_id FROM mentions WHERE project_id = :p GROUP BY execution_id
                                      HAVING min(position) <> 1 OR max(position) <> count(*)
                                          OR count(DISTINCT position) <> count(*)
                                          OR count(DISTINCT coalesce(competitor_id, 0)) <> count(*)) bad
                """)).isZero();
        // visible sources are 1..n likewise; background ones are 0; no URL twice in an execution
        assertThat(count("""
                SELECT count(*) FROM (SELECT execution_id FROM sources WHERE project_id = :p AND position > 0
                                       GROUP BY execution_id
                                      HAVING min(position) <> 1 OR max(position) <> count(*)
                                          OR count(DISTINCT position) <> count(*)) bad
                """)).isZero();
        assertThat(count("SELECT count(*) FROM sources WHERE project_id = :p AND position = 0")).isPositive();
        assertThat(count("""
                SELECT count(*) FROM sources
                 WHERE project_id = :p AND url_sha256 <> encode(sha256(convert_to(normalized_url, 'UTF8')), 'hex')
                """)).isZero();
        assertThat(count("""
                SELECT count(*) FROM sources s LEFT JOIN competitors c ON c.id = s.competitor_id
                 WHERE s.project_id = :p AND NOT (
                       (s.source_type = 'owned' AND s.domain = 'brightline-analytics.example' AND s.competitor_id IS NULL)
                    OR (s.source_type = 'competitor' AND s.domain = c.domain)
                    OR (s.source_type = 'third_party' AND s.competitor_id IS NULL))
                """)).isZero();

        // every mention has its sentiment, and nothing else does
        assertThat(count("""
                SELECT count(*) FROM mentions m
                 WHERE m.project_id = :p AND NOT EXISTS (
                       SELECT 1 FROM sentiments s WHERE s.execution_id = m.execution_id
                          AND s.competitor_id IS NOT DISTINCT FROM m.competitor_id
                          AND s.is_brand_sentiment = (m.competitor_id IS NULL) AND s.analyzer = 'bench')
                """)).isZero();

        // AI Overview SERPs without one, and failed runs, have no records
        assertThat(count("SELECT count(*) FROM prompt_executions WHERE project_id = :p AND no_result")).isPositive();
        assertThat(count("""
                SELECT count(*) FROM prompt_executions e
                 WHERE e.project_id = :p AND (e.no_result OR NOT e.success)
                   AND (EXISTS (SELECT 1 FROM mentions x WHERE x.execution_id = e.id)
                     OR EXISTS (SELECT 1 FROM sources x WHERE x.execution_id = e.id)
                     OR EXISTS (SELECT 1 FROM sentiments x WHERE x.execution_id = e.id))
                """)).isZero();
        assertThat(count("""
                SELECT count(*) FROM prompt_executions WHERE project_id = :p AND no_result AND model <> 'ai_overview'
                """)).isZero();

        // the execution's own counters agree with its records, as extraction leaves them
        assertThat(count("""
                SELECT count(*) FROM prompt_executions e
                 WHERE e.project_id = :p AND (
                       e.mentions_count <> (SELECT count(*) FROM mentions x WHERE x.execution_id = e.id)
                    OR e.citations_count <> (SELECT count(*) FROM sources x WHERE x.execution_id = e.id)
                    OR e.has_mention <> EXISTS (SELECT 1 FROM mentions x WHERE x.execution_id = e.id AND x.competitor_id IS NULL)
                    OR e.has_citation <> EXISTS (SELECT 1 FROM sources x WHERE x.execution_id = e.id AND x.source_type = 'owned')
                    OR (e.extracted_at IS NULL) = e.success)
                """)).isZero();
        // answers name the actors they mention
        assertThat(count("""
                SELECT count(*) FROM mentions m JOIN prompt_executions e ON e.id = m.execution_id
                 WHERE m.project_id = :p AND strpos(e.response, m.keywords[1]) = 0
                """)).isZero();

        String key = (String) result.get("api_key");
        ApiClient.Response summary = api().get("/api/v1/metrics/summary?granularity=week&range=28&metrics=mentions&project_id="
                + projectId, key);
        assertThat(summary.status()).as(summary.text()).isEqualTo(200);
        long mentions = 0;
        for (JsonNode actor : summary.json().path("summary").path("mentions")) {
            mentions += actor.path("total").asLong();
        }
        assertThat(mentions).isPositive();
    }

    @Test
    void theSameSeedDrawsTheSameProject() {
        TestAccount account = newAccount(Plan.SCALE);
        long first = projectOf(seeder.seed(new BenchSeeder.Options(6, 2, 2, 2, account.email(), 11), line -> { }));
        long second = projectOf(seeder.seed(new BenchSeeder.Options(6, 2, 2, 2, account.email(), 11), line -> { }));
        String fingerprint = """
                SELECT string_agg(concat_ws('|', p.prompt_text, e.model, e.cycle, e.success, e.no_result, e.response,
                                            e.mentions_count, e.citations_count), ';' ORDER BY p.prompt_text, e.model, e.cycle)
                  FROM prompt_executions e JOIN prompts p ON p.id = e.prompt_id WHERE e.project_id = :p
                """;
        assertThat(db.sql(fingerprint).param("p", second).query(String.class).single())
                .isEqualTo(db.sql(fingerprint).param("p", first).query(String.class).single());
    }

    private static long projectOf(Map<String, Object> result) {
        return ((Number) result.get("project_id")).longValue();
    }

    private long count(String sql) {
        return db.sql(sql).param("p", projectId).query(Long.class).single();
    }
}
