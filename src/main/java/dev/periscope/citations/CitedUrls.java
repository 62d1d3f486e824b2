package dev.periscope.citations;

import dev.periscope.metrics.Percentages;
import dev.periscope.shared.ApiException;
import dev.periscope.shared.ErrorCode;
import dev.periscope.shared.Json;
import dev.periscope.shared.PageRequest;
import dev.periscope.shared.SqlArrays;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * One cited URL (spec "GET /citation_intelligence/urls/{url_sha256}", its {@code occurrences} and {@code content}).
 * A URL the project has never cited, whatever the filters, is {@code ERR_NOT_FOUND}; a known URL that the filters
 * leave without citations answers with zero counts or an empty page.
 */
@Component
public class CitedUrls {
    public static final List<String> OCCURRENCE_COLUMNS = List.of("answer_id", "prompt_execution_id", "prompt_id",
            "prompt_text", "model", "executed_at", "citation_position", "source_type", "excerpt", "response_truncated",
            "fan_out_queries");
    /** Longest excerpt of an answer in an occurrence, in characters. */
    static final int EXCERPT_LENGTH = 300;
    /** Characters of the answer an excerpt shows before the URL or host it found. */
    static final int EXCERPT_LEAD = 100;
    /** Most raw forms of a URL listed in {@code url_variants}. */
    static final int MAX_VARIANTS = 50;

    private final JdbcClient db;
    private final CitationTotals totals;

    public CitedUrls(JdbcClient db, CitationTotals totals) {
        this.db = db;
        this.totals = totals;
    }

    /** What the project's whole history says about a URL, whatever the filters. */
    public record Identity(String url, String normalizedUrl, String urlSha256, String domain, String host,
                           List<String> variants) {
    }

    /**
     * The URL as the project has cited it; 404 {@code ERR_NOT_FOUND} when it never has. Its latest row (one entry of
     * the URL's index) gives the current raw form, host and domain; the other raw forms, those of the answers the
     * metrics count, come from the citation rollups (view 3) when they hold the URL, else from its rows.
     */
    public Identity require(long projectId, String urlSha256) {
        Map<String, Object> latest = db.sql("""
                        SELECT url, normalized_url, domain, host FROM sources
                         WHERE project_id = :project AND url_sha256 = :sha
                         ORDER BY executed_at DESC, execution_id DESC LIMIT 1
                        """)
                .param("project", projectId).param("sha", urlSha256)
                .query((rs, n) -> Json.object("url", rs.getString("url"), "normalized_url", rs.getString("normalized_url"),
                        "domain", rs.getString("domain"), "host", rs.getString("host")))
                .optional().orElseThrow(() -> new ApiException(ErrorCode.NOT_FOUND, "This project has never cited that URL",
                        Map.of("param", "url_sha256", "value", urlSha256)));
        String url = (String) latest.get("url");
        List<String> forms = db.sql("""
                        SELECT group_key FROM citation_totals
                         WHERE project_id = :project AND url_sha256 = :sha AND view = 3
                         ORDER BY last_seen DESC, group_key LIMIT :limit
                        """)
                .param("project", projectId).param("sha", urlSha256).param("limit", MAX_VARIANTS)
                .query(String.class).list();
        List<String> variants = new ArrayList<>();
        variants.add(url);
        (forms.isEmpty() ? rawVariants(projectId, urlSha256) : forms).stream()
                .filter(form -> !form.equals(url)).limit(MAX_VARIANTS - 1).forEach(variants::add);
        return new Identity(url, (String) latest.get("normalized_url"), urlSha256, (String) latest.get("domain"),
                (String) latest.get("host"), variants);
    }

    /**
     * The raw forms of the URL in the answers the metrics count (successful, with an answer, live prompt), most
     * recently cited first: the reference for the rollups' forms.
     */
    List<String> rawVariants(long projectId, String urlSha256) {
        return db.sql("""
                        SELECT url FROM (
                            SELECT DISTINCT ON (s.url) s.url, s.executed_at
                              FROM sources s JOIN prompt_executions e ON e.id = s.execution_id
                              JOIN prompts p ON p.id = e.prompt_id
                             WHERE s.project_id = :project AND s.url_sha256 = :sha
                               AND e.success AND NOT e.no_result AND p.deleted_at IS NULL
                             ORDER BY s.url, s.executed_at DESC) latest
                         ORDER BY executed_at DESC, url LIMIT :limit
                        """)
                .param("project", projectId).param("sha", urlSha256).param("limit", MAX_VARIANTS)
                .query(String.class).list();
    }

    /** Counts over the URL's citations in scope, and the responses in scope (the citation rate's denominator). */
    public Map<String, Object> detail(CitationScope scope, Identity url) {
        return totals.answers(scope) ? totals.detail(scope, url) : rawDetail(scope, url);
    }

    /** The reference: the URL's citation rows in scope counted on every call. */
    Map<String, Object> rawDetail(CitationScope scope, Identity url) {
        // the URL's rows first (an index finds them), then the executions they belong to; the denominator apart
        return scope.bind(db.sql("""
                        WITH cited AS (
                            SELECT s.position, s.source_type, e.model, e.executed_at
                              FROM sources s JOIN prompt_executions e ON e.id = s.execution_id
                              JOIN prompts p ON p.id = e.prompt_id
                             WHERE s.url_sha256 = :ci_sha""" + scope.responseConditions() + scope.citations() + """
                        ),
                        models AS (
                            SELECT model, count(*) AS citations FROM cited GROUP BY model)
                        SELECT CAST(""" + totals.responses(scope) + " AS bigint) AS scope_responses," + """

                               count(*) AS citations,
                               count(*) FILTER (WHERE position > 0) AS visible,
                               coalesce(sum(position) FILTER (WHERE position > 0), 0) AS positions,
                               count(*) FILTER (WHERE source_type = 'owned') AS owned,
                               count(*) FILTER (WHERE source_type = 'competitor') AS competitor,
                               count(*) FILTER (WHERE source_type = 'third_party') AS third_party,
                               min(executed_at) AS first_seen_at, max(executed_at) AS last_seen_at,
                               (SELECT array_agg(model ORDER BY model) FROM models) AS models,
                               -- a URL is cited at most once per answer: per model, citations are responses
                               (SELECT array_agg(citations ORDER BY model) FROM models) AS model_responses,
                               (SELECT array_agg(citations ORDER BY model) FROM models) AS model_citations
                          FROM cited
                        """))
                .param("ci_sha", url.urlSha256())
                .query((rs, n) -> new UrlCounts(rs.getLong("citations"), rs.getLong("visible"), rs.getLong("positions"),
                        rs.getLong("owned"), rs.getLong("competitor"), rs.getLong("third_party"),
                        rs.getObject("first_seen_at", OffsetDateTime.class), rs.getObject("last_seen_at", OffsetDateTime.class))
                        .json(rs.getLong("scope_responses"), CitationGroups.byModel(rs)))
                .single();
    }

    /** A URL's citation counts in scope; a URL is cited at most once per answer, so its citations are its responses. */
    record UrlCounts(long citations, long visible, long positions, long owned, long competitor, long thirdParty,
                     OffsetDateTime firstSeen, OffsetDateTime lastSeen) {
        /** No citation: sightings null. */
        static final UrlCounts NONE = new UrlCounts(0, 0, 0, 0, 0, 0, null, null);

        /** Both together: counts add up, sightings are the earlier first and the later last. */
        UrlCounts plus(UrlCounts other) {
            return new UrlCounts(citations + other.citations, visible + other.visible, positions + other.positions,
                    owned + other.owned, competitor + other.competitor, thirdParty + other.thirdParty,
                    firstSeen == null || (other.firstSeen != null && other.firstSeen.isBefore(firstSeen)) ? other.firstSeen : firstSeen,
                    lastSeen == null || (other.lastSeen != null && other.lastSeen.isAfter(lastSeen)) ? other.lastSeen : lastSeen);
        }

        /** The detail's {@code stats}, {@code responses}, {@code by_source_type} and {@code by_model}. */
        Map<String, Object> json(long responses, List<Map<String, Object>> byModel) {
            return Json.object(
                    "stats", Json.object(
                            "total_responses", citations,
                            "total_citations", citations,
                            "visible_citations", visible,
                            "background_citations", citations - visible,
                            "citation_rate", Percentages.rate(citations, responses),
                            "avg_citation_position", visible == 0 ? null : Percentages.round(positions / (double) visible),
                            "first_seen_at", firstSeen,
                            "last_seen_at", lastSeen),
                    "responses", responses,
                    "by_source_type", Json.object("owned", owned, "competitor", competitor, "third_party", thirdParty),
                    "by_model", byModel);
        }
    }

    /** One page of the answers citing the URL in scope, newest first. */
    public record Occurrences(List<Map<String, Object>> rows, long total) {
    }

    public Occurrences occurrences(CitationScope scope, Identity url, PageRequest page) {
        String cited = """
                 FROM sources s JOIN prompt_executions e ON e.id = s.execution_id JOIN prompts p ON p.id = e.prompt_id
                WHERE s.url_sha256 = :ci_sha""" + scope.responseConditions() + scope.citations();
        long total = totals.answers(scope) ? totals.citations(scope, url)
                : scope.bind(db.sql("SELECT count(*)" + cited)).param("ci_sha", url.urlSha256()).query(Long.class).single();
        // the page first, then the answer texts of that page only, for the excerpts
        List<Map<String, Object>> rows = scope.bind(db.sql("""
                        SELECT o.*, char_length(r.response) AS response_length,
                               substr(r.response, greatest(1, found.at - :ci_lead), :ci_length) AS excerpt
                          FROM (SELECT e.id, e.prompt_id, p.prompt_text, e.model, e.executed_at, e.fan_out_queries,
                                       s.position, s.source_type, s.url, s.normalized_url, s.host
                        """ + cited + """

                                 -- s.execution_id is e.id: the order of the URL's index, so a page stops early
                                 ORDER BY s.executed_at DESC, s.execution_id DESC LIMIT :ci_limit OFFSET :ci_offset) o
                          JOIN prompt_executions r ON r.id = o.id
                         CROSS JOIN LATERAL (
                               SELECT coalesce(nullif(strpos(r.response, o.url), 0),
                                               nullif(strpos(r.response, o.normalized_url), 0),
                                               nullif(strpos(lower(r.response), o.host), 0), 1) AS at) found
                         ORDER BY o.executed_at DESC, o.id DESC
                        """))
                .param("ci_sha", url.urlSha256())
                .param("ci_lead", EXCERPT_LEAD).param("ci_length", EXCERPT_LENGTH)
                .param("ci_limit", page.perPage()).param("ci_offset", page.offset())
                .query(CitedUrls::occurrence).list();
        return new Occurrences(rows, total);
    }

    private static Map<String, Object> occurrence(ResultSet rs, int n) throws SQLException {
        String excerpt = rs.getString("excerpt");
        return Json.object(
                "answer_id", rs.getLong("id"),
                "prompt_execution_id", rs.getLong("id"),
                "prompt_id", rs.getLong("prompt_id"),
                "prompt_text", rs.getString("prompt_text"),
                "model", rs.getString("model"),
                "executed_at", rs.getObject("executed_at", OffsetDateTime.class),
                "citation_position", rs.getInt("position"),
                "source_type", rs.getString("source_type"),
                "excerpt", excerpt,
                "response_truncated", excerpt.codePointCount(0, excerpt.length()) < rs.getInt("response_length"),
                "fan_out_queries", SqlArrays.strings(rs.getArray("fan_out_queries")));
    }

    /** Page-cache metadata: nothing is cached yet, so every field is null. */
    public static Map<String, Object> uncachedPage() {
        return Json.object("title", null, "description", null, "language", null, "fetched_at", null,
                "http_status", null);
    }
}
