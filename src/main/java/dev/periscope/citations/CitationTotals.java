package dev.periscope.citations;

import dev.periscope.execution.ExecutionFilter;
import dev.periscope.metrics.MetricsQuery;
import dev.periscope.metrics.Percentages;
import dev.periscope.shared.Json;
import dev.periscope.shared.PageRequest;
import java.sql.ResultSet;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * The fast path of citation intelligence: {@code citation_totals} ({@link CitationRollups}) holds every group's
 * counts over the project's whole history, for all prompts or one collection, all engines or one: one row per group
 * and scope, so a page of the default order comes straight from an index. It answers a read whose window
 * holds the whole history (the spec's default: no window) and whose filters are among {@code model},
 * {@code collection_id}, {@code query} and the source types that are properties of the domain ({@code social_media},
 * {@code ugc}, {@code own_domain}). Anything else is read from the raw records.
 */
@Component
public class CitationTotals {
    /** The {@code view} codes of the citation rollups (migration V010): 0 url, 1 host, 2 domain. */
    private static final List<String> VIEW_CODES = List.of("url", "host", "domain");
    private static final String GROUPS = """
            WITH groups AS NOT MATERIALIZED (
                SELECT t.group_key, t.url_sha256, t.responses AS total_responses, t.citations AS total_citations, t.visible,
                       t.positions, t.first_seen AS first_seen_at, t.last_seen AS last_seen_at
                  FROM citation_totals t WHERE {where}),
            page AS (
                SELECT g.*, row_number() OVER (ORDER BY {order}) AS rank FROM groups g
                 ORDER BY {order} LIMIT :ci_limit OFFSET :ci_offset),
            models AS (
                SELECT t.group_key, array_agg(t.model ORDER BY t.model) AS models,
                       array_agg(t.responses ORDER BY t.model) AS model_responses,
                       array_agg(t.citations ORDER BY t.model) AS model_citations
                  FROM citation_totals t
                 WHERE t.project_id = :f_project AND t.view = :ci_view AND t.collection_id = :ci_collection
                   AND {engines} AND t.group_key IN (SELECT group_key FROM page)
                 GROUP BY t.group_key),
            details AS ({details}),
            rows AS (
                SELECT g.*, m.models, m.model_responses, m.model_citations, d.*
                  FROM page g JOIN models m USING (group_key) JOIN details d ON d.detail_key = g.group_key)
            SELECT t.total, r.*
              FROM (SELECT count(*) AS total FROM groups) t
              LEFT JOIN rows r ON TRUE
             ORDER BY r.rank
            """;
    /** Distinct URLs of each host or domain of the page, from the URL rows of the same scope. */
    private static final String URL_COUNTS = """
            SELECT g.group_key AS detail_key, NULL::text AS url, NULL::text AS domain, NULL::text AS host,
                   (SELECT count(DISTINCT u.group_key) FROM citation_totals u
                     WHERE u.project_id = :f_project AND u.view = 0 AND u.collection_id = :ci_collection
                       AND {url_engines} AND u.{column} = g.group_key {url_category}) AS url_count
              FROM page g""";

    private final JdbcClient db;
    private final MetricsQuery metrics;

    public CitationTotals(JdbcClient db, MetricsQuery metrics) {
        this.db = db;
        this.metrics = metrics;
    }

    /** Whether the totals hold this scope: whole history, filters the totals keep. */
    public boolean answers(CitationScope scope) {
        ExecutionFilter filter = scope.executions();
        if (scope.sentiment() != null || scope.contentGap() != null || scope.domainCondition("t.domain") == null
                || filter.countryCode() != null || filter.languageCode() != null || filter.prompt() != null
                || filter.promptType() != null || filter.brandKind() != null || filter.mentionFilter() != null
                || filter.citationFilter() != null || !filter.competitors().isEmpty()) {
            return false;
        }
        Instant from = filter.range().from();
        Instant to = filter.range().to();
        if (from == null && to == null) {
            return true;
        }
        // a window that holds every execution of the project answers like no window at all
        Map<String, Object> extent = db.sql("""
                        SELECT min(executed_at) AS first, max(executed_at) AS last
                          FROM prompt_executions WHERE project_id = :project
                        """)
                .param("project", filter.projectId())
                .query((rs, n) -> Json.object("first", rs.getObject("first", OffsetDateTime.class),
                        "last", rs.getObject("last", OffsetDateTime.class)))
                .single();
        OffsetDateTime first = (OffsetDateTime) extent.get("first");
        OffsetDateTime last = (OffsetDateTime) extent.get("last");
        return first == null || ((from == null || !from.isAfter(first.toInstant()))
                && (to == null || to.isAfter(last.toInstant())));
    }

    /**
     * The responses in scope, the citation rates' denominator: from the metric rollups when they hold the filter (no
     * answer-level filter, whole days), else counted over the executions.
     */
    long responses(CitationScope scope) {
        if (scope.sentiment() == null && scope.contentGap() == null && MetricsQuery.rollupAnswers(scope.executions())) {
            return metrics.sums(scope.executions(), new MetricsQuery.Shape(null, false, List.of()))
                    .responses(new MetricsQuery.Key(null, null));
        }
        return scope.bind(db.sql("SELECT count(*)" + scope.responses())).query(Long.class).single();
    }

    /** {@link CitationGroups#list} when {@link #answers} holds. */
    CitationGroups.Listing groups(CitationScope scope, String view, String query, String order, boolean descending,
                                  PageRequest page) {
        boolean byUrl = view.equals("url");
        ExecutionFilter filter = scope.executions();
        long collection = filter.collectionId() == null ? 0 : filter.collectionId();
        String where = "t.project_id = :f_project AND t.view = :ci_view AND t.collection_id = :ci_collection AND "
                + engine("t", filter) + scope.domainCondition("t.domain")
                + (query == null ? "" : " AND t.group_key ILIKE :ci_query");
        String details = byUrl ? CitationGroups.URL_DETAILS : URL_COUNTS
                .replace("{url_engines}", engine("u", filter))
                .replace("{column}", view)
                .replace("{url_category}", scope.domainCondition("u.domain"));
        String sql = GROUPS
                .replace("{where}", where)
                .replace("{details}", details)
                .replace("{engines}", filter.model() == null ? "t.model <> ''" : "t.model = :f_model")
                .replace("{order}", CitationGroups.orderBy(order, descending));
        long responses = responses(scope);
        var statement = scope.bind(db.sql(sql))
                .param("ci_view", VIEW_CODES.indexOf(view))
                .param("ci_collection", collection)
                .param("ci_limit", page.perPage()).param("ci_offset", page.offset());
        if (query != null) {
            statement = statement.param("ci_query", CitationGroups.likePattern(query));
        }
        long[] total = new long[1];
        List<Map<String, Object>> rows = new ArrayList<>();
        statement.query((ResultSet rs) -> {
            total[0] = rs.getLong("total");
            if (rs.getString("group_key") != null) {
                rows.add(CitationGroups.row(rs, byUrl, responses));
            }
        });
        return new CitationGroups.Listing(rows, total[0], responses);
    }

    /** The rows of one engine, or of every engine ({@code ''}). */
    private static String engine(String alias, ExecutionFilter filter) {
        return alias + (filter.model() == null ? ".model = ''" : ".model = :f_model");
    }

    /** The URL's citations in scope (one per citing response) when {@link #answers} holds. */
    long citations(CitationScope scope, CitedUrls.Identity url) {
        return engineRows(scope, url).stream().mapToLong(row -> row.counts().citations()).sum();
    }

    /** {@link CitedUrls#detail} when {@link #answers} holds. */
    Map<String, Object> detail(CitationScope scope, CitedUrls.Identity url) {
        List<EngineCounts> rows = engineRows(scope, url);
        // a URL is cited at most once per answer: per model, citations are responses
        List<Map<String, Object>> byModel = rows.stream()
                .map(row -> Json.object("model", row.model(), "total_responses", row.counts().citations(),
                        "total_citations", row.counts().citations()))
                .toList();
        CitedUrls.UrlCounts total = rows.stream().map(EngineCounts::counts)
                .reduce(CitedUrls.UrlCounts.NONE, CitedUrls.UrlCounts::plus);
        return total.json(responses(scope), byModel);
    }

    private record EngineCounts(String model, CitedUrls.UrlCounts counts) {
    }

    /** The URL's totals per engine in scope (every engine, or the one filtered), by model. */
    private List<EngineCounts> engineRows(CitationScope scope, CitedUrls.Identity url) {
        ExecutionFilter filter = scope.executions();
        return scope.bind(db.sql("""
                        SELECT t.model, t.citations, t.visible, t.positions, t.owned, t.competitor, t.third_party,
                               t.first_seen, t.last_seen
                          FROM citation_totals t
                         WHERE t.project_id = :f_project AND t.url_sha256 = :ci_sha AND t.view = 0
                           AND t.collection_id = :ci_collection AND t.model <> ''""" + " "
                        + (filter.model() == null ? "" : "AND t.model = :f_model ") + scope.domainCondition("t.domain") + """

                         ORDER BY t.model
                        """))
                .param("ci_sha", url.urlSha256())
                .param("ci_collection", filter.collectionId() == null ? 0 : filter.collectionId())
                .query((rs, n) -> new EngineCounts(rs.getString("model"), new CitedUrls.UrlCounts(rs.getLong("citations"),
                        rs.getLong("visible"), rs.getLong("positions"), rs.getLong("owned"), rs.getLong("competitor"),
                        rs.getLong("third_party"), rs.getObject("first_seen", OffsetDateTime.class),
                        rs.getObject("last_seen", OffsetDateTime.class))))
                .list();
    }
}
