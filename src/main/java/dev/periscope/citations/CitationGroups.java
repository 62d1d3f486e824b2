package dev.periscope.citations;

import dev.periscope.metrics.Percentages;
import dev.periscope.shared.Json;
import dev.periscope.shared.PageRequest;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Spec "GET /citation_intelligence/groups": the citations in scope grouped by URL, host or registrable domain. Per
 * group: the responses citing it, its citation rows (visible and background), the citation rate over the responses
 * in scope, the average visible position, a split by model, and the first and last execution time citing it.
 *
 * <p>One statement: the responses in scope once, their citation rows grouped once into (group, model) cells, the
 * cells rolled up per group, one page of groups taken, and only that page's cells re-read for {@code by_model}. The
 * scope is materialised on purpose: it is read twice (join and denominator), and a materialised scope keeps the
 * planner on one hash join instead of millions of index probes into the executions.
 */
@Component
public class CitationGroups {
    public static final List<String> VIEWS = List.of("url", "domain", "host");
    public static final List<String> ORDERS = List.of("group_key", "total_responses", "total_citations", "citation_rate",
            "avg_citation_position", "first_seen_at", "last_seen_at");
    /** Flat and CSV columns; {@code by_model} and the page-cache fields stay in nested JSON. */
    public static final List<String> URL_COLUMNS = List.of("group_key", "url", "url_sha256", "domain", "host",
            "total_responses", "total_citations", "visible_citations", "background_citations", "citation_rate",
            "avg_citation_position", "first_seen_at", "last_seen_at");
    public static final List<String> ROLLUP_COLUMNS = List.of("group_key", "total_responses", "total_citations",
            "visible_citations", "background_citations", "citation_rate", "avg_citation_position", "first_seen_at",
            "last_seen_at", "url_count", "cached_page_count");

    private static final String GROUPS = """
            WITH scope AS MATERIALIZED (
                SELECT e.id, e.model, e.executed_at {responses}),
            cells AS (
                SELECT {key} AS group_key, {cell_url} scope.model,
                       {cell_responses} AS responses, count(*) AS citations,
                       count(*) FILTER (WHERE s.position > 0) AS visible,
                       coalesce(sum(s.position) FILTER (WHERE s.position > 0), 0) AS positions,
                       min(scope.executed_at) AS first_seen_at, max(scope.executed_at) AS last_seen_at
                  FROM sources s JOIN scope ON scope.id = s.execution_id
                 WHERE TRUE {citations} {query}
                 GROUP BY {key}, {cell_url} scope.model),
            groups AS (
                SELECT group_key, {group_url} sum(responses)::bigint AS total_responses,
                       sum(citations)::bigint AS total_citations, sum(visible)::bigint AS visible,
                       sum(positions)::bigint AS positions, min(first_seen_at) AS first_seen_at,
                       max(last_seen_at) AS last_seen_at
                  FROM cells GROUP BY group_key {group_by_url}),
            page AS (
                SELECT g.*, row_number() OVER (ORDER BY {order}) AS rank FROM groups g
                 ORDER BY {order} LIMIT :ci_limit OFFSET :ci_offset),
            models AS (
                SELECT group_key, array_agg(model ORDER BY model) AS models,
                       array_agg(responses ORDER BY model) AS model_responses,
                       array_agg(citations ORDER BY model) AS model_citations
                  FROM cells WHERE group_key IN (SELECT group_key FROM page) GROUP BY group_key),
            details AS ({details}),
            rows AS (
                SELECT g.*, m.models, m.model_responses, m.model_citations, d.*
                  FROM page g JOIN models m USING (group_key) JOIN details d ON d.detail_key = g.group_key)
            SELECT t.total, t.scope_responses, r.*
              FROM (SELECT (SELECT count(*) FROM groups) AS total, (SELECT count(*) FROM scope) AS scope_responses) t
              LEFT JOIN rows r ON TRUE
             ORDER BY r.rank
            """;
    /**
     * Per URL of the page: its latest raw form, host and domain, from the project's whole history (one entry of the
     * URL's index; the hash is compared as {@code character(64)}, the column's type, so that index applies).
     */
    static final String URL_DETAILS = """
            SELECT g.group_key AS detail_key, latest.url, latest.domain, latest.host, 0::bigint AS url_count
              FROM page g CROSS JOIN LATERAL (
                   SELECT x.url, x.domain, x.host FROM sources x
                    WHERE x.project_id = :f_project AND x.url_sha256 = CAST(g.url_sha256 AS character(64))
                    ORDER BY x.executed_at DESC, x.execution_id DESC LIMIT 1) latest""";
    /** Per host or domain of the page: its distinct cited URLs in scope. */
    private static final String ROLLUP_DETAILS = """
            SELECT {key} AS detail_key, NULL::text AS url, NULL::text AS domain, NULL::text AS host,
                   count(DISTINCT s.url_sha256) AS url_count
              FROM sources s JOIN scope ON scope.id = s.execution_id
             WHERE {key} IN (SELECT group_key FROM page) {citations} {query}
             GROUP BY {key}""";

    private final JdbcClient db;
    private final CitationTotals totals;

    public CitationGroups(JdbcClient db, CitationTotals totals) {
        this.db = db;
        this.totals = totals;
    }

    /** One page of groups; {@code responses} is the number of responses in scope, the citation rate's denominator. */
    public record Listing(List<Map<String, Object>> rows, long total, long responses) {
    }

    /**
     * @param view  one of {@link #VIEWS}
     * @param query case-insensitive literal substring of the group key, or null
     * @param order one of {@link #ORDERS}
     */
    public Listing list(CitationScope scope, String view, String query, String order, boolean descending,
                        PageRequest page) {
        return totals.answers(scope) ? totals.groups(scope, view, query, order, descending, page)
                : raw(scope, view, query, order, descending, page);
    }

    /** The reference: the citation rows in scope grouped on every call. */
    Listing raw(CitationScope scope, String view, String query, String order, boolean descending, PageRequest page) {
        boolean byUrl = view.equals("url");
        String key = switch (view) {
            case "url" -> "s.normalized_url";
            case "host" -> "s.host";
            default -> "s.domain";
        };
        String sort = orderBy(order, descending);
        String sql = GROUPS
                .replace("{details}", byUrl ? URL_DETAILS : ROLLUP_DETAILS)
                .replace("{responses}", scope.responses())
                .replace("{citations}", scope.citationsInWindow())
                .replace("{query}", query == null ? "" : "AND " + key + " ILIKE :ci_query")
                .replace("{key}", key)
                .replace("{cell_url}", byUrl ? "s.url_sha256," : "")
                .replace("{group_url}", byUrl ? "url_sha256," : "")
                .replace("{group_by_url}", byUrl ? ", url_sha256" : "")
                // a URL is cited at most once per answer (sources are unique per execution and URL), so the rows of
                // a URL's cell are its responses; hosts and domains count distinct executions
                .replace("{cell_responses}", byUrl ? "count(*)" : "count(DISTINCT s.execution_id)")
                .replace("{order}", sort);
        var statement = scope.bind(db.sql(sql)).param("ci_limit", page.perPage()).param("ci_offset", page.offset());
        if (query != null) {
            statement = statement.param("ci_query", likePattern(query));
        }
        long[] totals = new long[2];
        List<Map<String, Object>> rows = new ArrayList<>();
        statement.query((ResultSet rs) -> {
            totals[0] = rs.getLong("total");
            totals[1] = rs.getLong("scope_responses");
            if (rs.getString("group_key") != null) {
                rows.add(row(rs, byUrl, totals[1]));
            }
        });
        return new Listing(rows, totals[0], totals[1]);
    }

    /**
     * The order of groups {@code g} with columns {@code group_key}, {@code total_responses}, {@code total_citations},
     * {@code visible}, {@code positions}, {@code first_seen_at}, {@code last_seen_at}; ties end on the key.
     */
    static String orderBy(String order, boolean descending) {
        String direction = descending ? " DESC" : " ASC";
        return switch (order) {
            case "group_key" -> "g.group_key" + direction;
            case "total_citations" -> "g.total_citations" + direction + ", g.total_responses" + direction;
            case "avg_citation_position" -> "g.positions::numeric / nullif(g.visible, 0)" + direction + " NULLS LAST";
            case "first_seen_at" -> "g.first_seen_at" + direction;
            case "last_seen_at" -> "g.last_seen_at" + direction;
            // every group shares the citation rate's denominator, so the rate orders like the responses
            default -> "g.total_responses" + direction + ", g.total_citations" + direction;
        } + ", g.group_key ASC";
    }

    /** {@code text} as a case-insensitive LIKE pattern matching it anywhere, {@code %} and {@code _} taken literally. */
    static String likePattern(String text) {
        return "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
    }

    static Map<String, Object> row(ResultSet rs, boolean byUrl, long scopeResponses) throws SQLException {
        long responses = rs.getLong("total_responses");
        long citations = rs.getLong("total_citations");
        long visible = rs.getLong("visible");
        Map<String, Object> row = Json.object("group_key", rs.getString("group_key"));
        if (byUrl) {
            row.put("url", rs.getString("url"));
            row.put("url_sha256", rs.getString("url_sha256"));
            row.put("domain", rs.getString("domain"));
            row.put("host", rs.getString("host"));
        }
        row.put("total_responses", responses);
        row.put("total_citations", citations);
        row.put("visible_citations", visible);
        row.put("background_citations", citations - visible);
        row.put("citation_rate", Percentages.rate(responses, scopeResponses));
        row.put("avg_citation_position", visible == 0 ? null : Percentages.round(rs.getLong("positions") / (double) visible));
        row.put("by_model", byModel(rs));
        row.put("first_seen_at", rs.getObject("first_seen_at", OffsetDateTime.class));
        row.put("last_seen_at", rs.getObject("last_seen_at", OffsetDateTime.class));
        if (byUrl) {
            row.put("page", CitedUrls.uncachedPage());
            row.put("page_mentions", null);
        } else {
            row.put("url_count", rs.getLong("url_count"));
            row.put("cached_page_count", 0L);
        }
        return row;
    }

    /** {@code by_model} from the parallel arrays {@code models}, {@code model_responses}, {@code model_citations}. */
    static List<Map<String, Object>> byModel(ResultSet rs) throws SQLException {
        Object[] models = array(rs.getArray("models"));
        Object[] responses = array(rs.getArray("model_responses"));
        Object[] citations = array(rs.getArray("model_citations"));
        List<Map<String, Object>> byModel = new ArrayList<>();
        for (int i = 0; i < models.length; i++) {
            byModel.add(Json.object("model", models[i], "total_responses", ((Number) responses[i]).longValue(),
                    "total_citations", ((Number) citations[i]).longValue()));
        }
        return byModel;
    }

    private static Object[] array(Array array) throws SQLException {
        return array == null ? new Object[0] : (Object[]) array.getArray();
    }
}
