package dev.periscope.bench;

import java.util.List;
import java.util.Set;

/**
 * What {@code bench run} measures: each analytics endpoint with the parameters it is called with, the filters it
 * accepts (spec sections Metrics, AI Model Insights reports, Citation intelligence), and the same question written
 * naively as one plain GROUP BY over the raw records, the baseline its timing is compared with.
 *
 * <p>Naive queries use {@code :project}, {@code :from}, {@code :to}, {@code :domains}, {@code :url_sha256} and
 * {@code {filters}}, which the runner replaces by the conditions of the filter set over {@code e} (executions) and
 * {@code p} (prompts).
 */
final class BenchEndpoints {
    static final String MODEL = "model";
    static final String COLLECTION = "collection_id";
    static final String PROMPT_TYPE = "prompt_type";
    static final String PROMPT = "prompt";

    private static final Set<String> ALL_FILTERS = Set.of(MODEL, COLLECTION, PROMPT_TYPE, PROMPT);
    private static final Set<String> INSIGHT_FILTERS = Set.of(COLLECTION, PROMPT_TYPE);
    private static final Set<String> CITATION_FILTERS = Set.of(MODEL, COLLECTION, PROMPT);
    static final String METRICS = "mentions,mention_rate,citations,citation_rate,avg_position,weighted_visibility,net_sentiment";

    /**
     * @param family  metrics, insights or citation_intelligence (the summary's grouping)
     * @param label   the path as reported: {@code {url_sha256}} stays a placeholder there
     * @param path    the path called, under the API prefix
     * @param params  fixed parameters, name then value, in order (a name may repeat, e.g. {@code domains[]})
     * @param naive   the baseline query, or null when there is no sensible one
     */
    record Endpoint(String family, String label, String path, List<String> params, Set<String> accepts, String naive) {
        Endpoint(String family, String path, List<String> params, Set<String> accepts, String naive) {
            this(family, path, path, params, accepts, naive);
        }
    }

    private static final String RECORDS_OF_RANGE = """
              JOIN prompt_executions e ON e.id = x.execution_id
              JOIN prompts p ON p.id = e.prompt_id
             WHERE e.project_id = :project AND e.executed_at >= :from AND e.executed_at < :to {filters}
            """;

    private static final String WEEKLY_ACTOR_FIGURES = """
            SELECT date_trunc('week', e.executed_at AT TIME ZONE 'UTC') AS week, x.competitor_id,
                   count(*) AS mentions, avg(x.position) AS avg_mention_position, sum(1.0 / x.position) AS inverse_positions,
                   count(*) FILTER (WHERE s.analysis IN ('very_positive', 'positive'))
                     - count(*) FILTER (WHERE s.analysis IN ('negative', 'very_negative')) AS net_sentiment
              FROM mentions x
              LEFT JOIN sentiments s ON s.execution_id = x.execution_id AND s.competitor_id IS NOT DISTINCT FROM x.competitor_id
            """ + RECORDS_OF_RANGE + " GROUP BY 1, 2";

    private static final String WEEKLY_ACTOR_MENTIONS = """
            SELECT date_trunc('week', e.executed_at AT TIME ZONE 'UTC') AS week, x.competitor_id, count(*) AS mentions
              FROM mentions x
            """ + RECORDS_OF_RANGE + " GROUP BY 1, 2";

    private static final String BRAND_BY_PROMPT = """
            SELECT e.prompt_id, count(DISTINCT e.id) AS responses, count(x.id) AS mentions,
                   avg(x.position) AS avg_mention_position
              FROM prompt_executions e
              JOIN prompts p ON p.id = e.prompt_id
              LEFT JOIN mentions x ON x.execution_id = e.id AND x.competitor_id IS NULL
             WHERE e.project_id = :project AND e.executed_at >= :from AND e.executed_at < :to
               AND e.success AND NOT e.no_result {filters}
             GROUP BY e.prompt_id
             ORDER BY responses DESC
             LIMIT 50
            """;

    private static final String CITED_DOMAINS = """
            SELECT x.domain, count(DISTINCT x.execution_id) AS responses,
                   count(DISTINCT x.execution_id) FILTER (WHERE e.has_mention) AS mentioning_brand
              FROM sources x
            """ + RECORDS_OF_RANGE + " GROUP BY x.domain ORDER BY responses DESC LIMIT 50";

    private static final String MODEL_ACTOR_MENTIONS = """
            SELECT e.model, x.competitor_id, count(*) AS mentions, sum(1.0 / x.position) AS inverse_positions
              FROM mentions x
            """ + RECORDS_OF_RANGE + " GROUP BY 1, 2";

    private static final String BRAND_POSITION_BUCKETS = """
            SELECT date_trunc('week', e.executed_at AT TIME ZONE 'UTC') AS week,
                   CASE WHEN x.position = 1 THEN 'Position 1' WHEN x.position <= 3 THEN 'Position 2-3'
                        WHEN x.position <= 7 THEN 'Position 4-7' ELSE 'Position 8+' END AS bucket,
                   count(*) AS mentions
              FROM mentions x
            """ + RECORDS_OF_RANGE + " AND x.competitor_id IS NULL GROUP BY 1, 2";

    private static final String AI_OVERVIEW_BY_PROMPT = """
            SELECT e.prompt_id, count(*) AS responses, count(*) FILTER (WHERE NOT e.no_result) AS with_result
              FROM prompt_executions e
              JOIN prompts p ON p.id = e.prompt_id
             WHERE e.project_id = :project AND e.executed_at >= :from AND e.executed_at < :to
               AND e.model = 'ai_overview' AND e.success {filters}
             GROUP BY e.prompt_id
            """;

    private static String citationGroups(String key) {
        return "SELECT x." + key + """
                , count(DISTINCT x.execution_id) AS responses, count(*) AS citations,
                       avg(x.position) FILTER (WHERE x.position > 0) AS avg_citation_position,
                       min(e.executed_at) AS first_seen_at, max(e.executed_at) AS last_seen_at
                  FROM sources x
                """ + RECORDS_OF_RANGE + " GROUP BY 1 ORDER BY responses DESC LIMIT 50";
    }

    private static final String ACTORS_BY_CITED_DOMAIN = """
            SELECT x.domain, m.competitor_id, count(DISTINCT x.execution_id) AS responses
              FROM sources x
              JOIN mentions m ON m.execution_id = x.execution_id
            """ + RECORDS_OF_RANGE + " AND x.domain IN (:domains) GROUP BY 1, 2";

    private static final String URL_BY_MODEL_AND_TYPE = """
            SELECT e.model, x.source_type, count(*) AS citations,
                   avg(x.position) FILTER (WHERE x.position > 0) AS avg_citation_position
              FROM sources x
            """ + RECORDS_OF_RANGE + " AND x.url_sha256 = :url_sha256 GROUP BY 1, 2";

    /** Every endpoint measured, for a project whose top cited domains and URL are known. */
    static List<Endpoint> all(List<String> topDomains, String topUrl) {
        List<String> domains = new java.util.ArrayList<>();
        for (String domain : topDomains) {
            domains.add("domains[]");
            domains.add(domain);
        }
        String url = "/citation_intelligence/urls/" + topUrl;
        String urlLabel = "/citation_intelligence/urls/{url_sha256}";
        return List.of(
                new Endpoint("metrics", "/metrics/timeseries", List.of("metrics", METRICS, "granularity", "week"),
                        ALL_FILTERS, WEEKLY_ACTOR_FIGURES),
                new Endpoint("metrics", "/metrics/summary", List.of("metrics", METRICS, "granularity", "week"),
                        ALL_FILTERS, WEEKLY_ACTOR_FIGURES),
                new Endpoint("metrics", "/metrics/sov", List.of("granularity", "week"), ALL_FILTERS,
                        WEEKLY_ACTOR_MENTIONS),
                new Endpoint("metrics", "/metrics/prompt_summary", List.of(), ALL_FILTERS, BRAND_BY_PROMPT),
                new Endpoint("metrics", "/metrics/top_sources", List.of(), ALL_FILTERS, CITED_DOMAINS),
                new Endpoint("insights", "/reports/ai_model_insights/summary", List.of("granularity", "week"),
                        INSIGHT_FILTERS, MODEL_ACTOR_MENTIONS),
                new Endpoint("insights", "/reports/ai_model_insights/position_distribution",
                        List.of("granularity", "week"), Set.of(MODEL, COLLECTION, PROMPT_TYPE), BRAND_POSITION_BUCKETS),
                new Endpoint("insights", "/reports/ai_model_insights/ai_overview_results",
                        List.of("granularity", "week"), INSIGHT_FILTERS, AI_OVERVIEW_BY_PROMPT),
                new Endpoint("citation_intelligence", "/citation_intelligence/groups", List.of("view", "url"),
                        CITATION_FILTERS, citationGroups("url_sha256")),
                new Endpoint("citation_intelligence", "/citation_intelligence/groups", List.of("view", "domain"),
                        CITATION_FILTERS, citationGroups("domain")),
                new Endpoint("citation_intelligence", "/citation_intelligence/mentions_by_domain", List.copyOf(domains),
                        CITATION_FILTERS, ACTORS_BY_CITED_DOMAIN),
                new Endpoint("citation_intelligence", urlLabel, url, List.of(), CITATION_FILTERS, URL_BY_MODEL_AND_TYPE),
                new Endpoint("citation_intelligence", urlLabel + "/occurrences", url + "/occurrences", List.of(),
                        CITATION_FILTERS, null));
    }

    /** The conditions a filter set adds to a naive query, over executions {@code e} and prompts {@code p}. */
    static String conditions(Set<String> filters) {
        StringBuilder sql = new StringBuilder();
        if (filters.contains(MODEL)) {
            sql.append(" AND e.model = :model");
        }
        if (filters.contains(COLLECTION)) {
            sql.append(" AND e.prompt_id IN (SELECT prompt_id FROM prompt_collections WHERE collection_id = :collection_id)");
        }
        if (filters.contains(PROMPT_TYPE)) {
            sql.append(" AND p.prompt_type = :prompt_type");
        }
        if (filters.contains(PROMPT)) {
            sql.append(" AND e.prompt_id = :prompt");
        }
        return sql.toString();
    }

    private BenchEndpoints() {
    }
}
