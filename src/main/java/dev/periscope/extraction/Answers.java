package dev.periscope.extraction;

import dev.periscope.execution.ExecutionFilter;
import dev.periscope.shared.Json;
import dev.periscope.shared.PageRequest;
import dev.periscope.shared.SqlArrays;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Answers (spec "Answers and sentiments"): successful executions with their text, searchable case-insensitively
 * with an exact total, and one answer in full with every extracted array.
 */
@Component
public class Answers {
    public static final int LIST_TEXT_LIMIT = 10_000;
    private static final int SNIPPET_BEFORE = 80;
    private static final int SNIPPET_AFTER = 160;
    private static final String FROM = """
             FROM prompt_executions e JOIN prompts p ON p.id = e.prompt_id
            WHERE p.deleted_at IS NULL AND e.success AND NOT e.no_result
            """;

    private final JdbcClient db;

    public Answers(JdbcClient db) {
        this.db = db;
    }

    public record Listing(List<Map<String, Object>> rows, long total) {
    }

    public Listing list(ExecutionFilter filter, String query, PageRequest page) {
        // Backslash is the default LIKE escape in PostgreSQL; the pattern escapes %, _ and backslash with it.
        String search = query == null ? "" : " AND e.response ILIKE :pattern";
        var count = filter.bind(db.sql("SELECT count(*)" + FROM + filter.conditions() + search));
        var select = filter.bind(db.sql("""
                        SELECT e.id, e.prompt_id, p.prompt_text, e.model, e.response, e.executed_at, e.duration_ms,
                               e.mentions_count, e.citations_count
                        """ + FROM + filter.conditions() + search + " ORDER BY e.executed_at DESC, e.id DESC LIMIT :limit OFFSET :offset"));
        if (query != null) {
            String pattern = "%" + query.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
            count = count.param("pattern", pattern);
            select = select.param("pattern", pattern);
        }
        long total = count.query(Long.class).single();
        List<Map<String, Object>> rows = select.param("limit", page.perPage()).param("offset", page.offset())
                .query((rs, n) -> {
                    String response = rs.getString("response");
                    Map<String, Object> row = Json.object(
                            "id", rs.getLong("id"),
                            "prompt_id", rs.getLong("prompt_id"),
                            "prompt_text", rs.getString("prompt_text"),
                            "model", rs.getString("model"));
                    if (query == null) {
                        boolean truncated = response.length() > LIST_TEXT_LIMIT;
                        row.put("response", truncated ? response.substring(0, LIST_TEXT_LIMIT) : response);
                        row.put("response_truncated", truncated);
                    } else {
                        row.put("snippet", snippet(response, query));
                        row.put("match_count", matchCount(response, query));
                    }
                    row.put("executed_at", rs.getObject("executed_at", OffsetDateTime.class));
                    row.put("duration_ms", rs.getInt("duration_ms"));
                    row.put("mentions_count", rs.getInt("mentions_count"));
                    row.put("citations_count", rs.getInt("citations_count"));
                    return row;
                }).list();
        return new Listing(rows, total);
    }

    /** Non-overlapping, case-insensitive occurrences of the query. */
    static int matchCount(String text, String query) {
        String haystack = text.toLowerCase(Locale.ROOT);
        String needle = query.toLowerCase(Locale.ROOT);
        int count = 0;
        for (int at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length())) {
            count++;
        }
        return count;
    }

    /** The text around the first match, on one line, with … where it was cut. */
    static String snippet(String text, String query) {
        int at = text.toLowerCase(Locale.ROOT).indexOf(query.toLowerCase(Locale.ROOT));
        if (at < 0) {
            at = 0;
        }
        int start = Math.max(0, at - SNIPPET_BEFORE);
        int end = Math.min(text.length(), at + query.length() + SNIPPET_AFTER);
        while (start > 0 && !Character.isWhitespace(text.charAt(start - 1)) && at - start < SNIPPET_BEFORE + 20) {
            start--;
        }
        while (end < text.length() && !Character.isWhitespace(text.charAt(end)) && end - at < SNIPPET_AFTER + 40) {
            end++;
        }
        String window = text.substring(start, end).replaceAll("\\s+", " ").strip();
        return (start > 0 ? "…" : "") + window + (end < text.length() ? "…" : "");
    }

    /** One answer of the project with every array of the spec's detail table; empty when unknown. */
    public Optional<Map<String, Object>> detail(long projectId, long executionId, boolean includePageDetails) {
        Optional<Map<String, Object>> answer = db.sql("""
                        SELECT e.id, e.prompt_id, p.prompt_text, e.model, e.response, e.executed_at, e.duration_ms,
                               e.success, e.fan_out_queries, e.country_code, e.language_code, e.no_result, e.cycle, e.sample
                          FROM prompt_executions e JOIN prompts p ON p.id = e.prompt_id
                         WHERE e.id = :id AND e.project_id = :project AND p.deleted_at IS NULL
                        """)
                .param("id", executionId).param("project", projectId)
                .query((rs, n) -> Json.object(
                        "id", rs.getLong("id"),
                        "prompt_id", rs.getLong("prompt_id"),
                        "prompt_text", rs.getString("prompt_text"),
                        "model", rs.getString("model"),
                        "response", rs.getString("response"),
                        "executed_at", rs.getObject("executed_at", OffsetDateTime.class),
                        "duration_ms", rs.getInt("duration_ms"),
                        "success", rs.getBoolean("success"),
                        "no_result", rs.getBoolean("no_result"),
                        "fan_out_queries", SqlArrays.strings(rs.getArray("fan_out_queries")),
                        "locale", Json.object("country_code", rs.getString("country_code"),
                                "language_code", rs.getString("language_code")),
                        "cycle", rs.getObject("cycle", LocalDate.class).toString(),
                        "sample", rs.getInt("sample")))
                .optional();
        answer.ifPresent(row -> addArrays(row, executionId, includePageDetails));
        return answer;
    }

    private void addArrays(Map<String, Object> row, long executionId, boolean includePageDetails) {
        List<Map<String, Object>> mentions = new ArrayList<>();
        List<Map<String, Object>> competitorMentions = new ArrayList<>();
        db.sql("""
                        SELECT m.id, m.competitor_id, c.brand_name, m.keywords, m.position
                          FROM mentions m LEFT JOIN competitors c ON c.id = m.competitor_id
                         WHERE m.execution_id = :id ORDER BY m.position
                        """)
                .param("id", executionId)
                .query((rs, n) -> {
                    Long competitorId = (Long) rs.getObject("competitor_id");
                    if (competitorId == null) {
                        mentions.add(Json.object("id", rs.getLong("id"), "keywords", SqlArrays.strings(rs.getArray("keywords")),
                                "position", rs.getInt("position")));
                    } else {
                        competitorMentions.add(Json.object("id", rs.getLong("id"), "competitor_id", competitorId,
                                "competitor_name", rs.getString("brand_name"), "keywords", SqlArrays.strings(rs.getArray("keywords")),
                                "position", rs.getInt("position")));
                    }
                    return null;
                }).list();
        List<Map<String, Object>> citations = new ArrayList<>();
        List<Map<String, Object>> competitorCitations = new ArrayList<>();
        List<Map<String, Object>> sources = new ArrayList<>();
        db.sql("""
                        SELECT s.id, s.url, s.url_sha256, s.normalized_url, s.domain, s.position, s.source_type,
                               s.competitor_id, c.brand_name, s.title
                          FROM sources s LEFT JOIN competitors c ON c.id = s.competitor_id
                         WHERE s.execution_id = :id ORDER BY s.position = 0, s.position, s.id
                        """)
                .param("id", executionId)
                .query((rs, n) -> {
                    String type = rs.getString("source_type");
                    Map<String, Object> source = Json.object("id", rs.getLong("id"), "url", rs.getString("url"),
                            "url_sha256", rs.getString("url_sha256"), "normalized_url", rs.getString("normalized_url"),
                            "domain", rs.getString("domain"), "position", rs.getInt("position"),
                            "is_owned", type.equals("owned"), "is_competitor", type.equals("competitor"),
                            "title", rs.getString("title"));
                    if (includePageDetails) {
                        // The page cache (crawled page metadata and mention evidence) is not built yet.
                        source.put("page_details", null);
                    }
                    sources.add(source);
                    if (type.equals("owned")) {
                        citations.add(Json.object("id", rs.getLong("id"), "url", rs.getString("url"),
                                "position", rs.getInt("position")));
                    } else if (type.equals("competitor")) {
                        competitorCitations.add(Json.object("id", rs.getLong("id"),
                                "competitor_id", (Long) rs.getObject("competitor_id"),
                                "competitor_name", rs.getString("brand_name"), "url", rs.getString("url"),
                                "position", rs.getInt("position")));
                    }
                    return null;
                }).list();
        List<Map<String, Object>> sentiments = db.sql("""
                        SELECT st.id, st.analysis, st.score, st.comment, st.topics, st.competitor_id, st.is_brand_sentiment
                          FROM sentiments st
                         WHERE st.execution_id = :id AND NOT st.hidden AND st.analysis IS NOT NULL
                         ORDER BY st.is_brand_sentiment DESC, st.competitor_id
                        """)
                .param("id", executionId)
                .query((rs, n) -> Json.object("id", rs.getLong("id"), "analysis", rs.getString("analysis"),
                        "score", rs.getDouble("score"), "comment", rs.getString("comment"),
                        "topics", rs.getString("topics"), "competitor_id", (Long) rs.getObject("competitor_id"),
                        "is_brand_sentiment", rs.getBoolean("is_brand_sentiment")))
                .list();
        List<Map<String, Object>> products = db.sql("""
                        SELECT sp.id, sp.competitor_id, c.brand_name, sp.model, sp.product_id_external, sp.title, sp.url,
                               sp.domain, sp.price, sp.currency, sp.rating_value, sp.rating_max, sp.rating_votes_count,
                               sp.images, sp.tag, sp.rank_group, sp.is_owned
                          FROM shopping_products sp LEFT JOIN competitors c ON c.id = sp.competitor_id
                         WHERE sp.execution_id = :id ORDER BY sp.rank_group NULLS LAST, sp.id
                        """)
                .param("id", executionId)
                .query((rs, n) -> Json.object("id", rs.getLong("id"), "competitor_id", (Long) rs.getObject("competitor_id"),
                        "competitor_name", rs.getString("brand_name"), "model", rs.getString("model"),
                        "product_id_external", rs.getString("product_id_external"), "title", rs.getString("title"),
                        "url", rs.getString("url"), "domain", rs.getString("domain"), "price", rs.getBigDecimal("price"),
                        "currency", rs.getString("currency"), "rating_value", rs.getBigDecimal("rating_value"),
                        "rating_max", rs.getBigDecimal("rating_max"), "rating_votes_count", (Integer) rs.getObject("rating_votes_count"),
                        "images", SqlArrays.strings(rs.getArray("images")), "tag", rs.getString("tag"),
                        "rank_group", (Integer) rs.getObject("rank_group"), "is_owned", rs.getBoolean("is_owned")))
                .list();
        List<Map<String, Object>> entities = db.sql("""
                        SELECT b.id, b.competitor_id, c.brand_name, b.model, b.title, b.category, b.markdown, b.urls,
                               b.domain, b.is_owned
                          FROM brand_entities b LEFT JOIN competitors c ON c.id = b.competitor_id
                         WHERE b.execution_id = :id ORDER BY b.id
                        """)
                .param("id", executionId)
                .query((rs, n) -> Json.object("id", rs.getLong("id"), "competitor_id", (Long) rs.getObject("competitor_id"),
                        "competitor_name", rs.getString("brand_name"), "model", rs.getString("model"),
                        "title", rs.getString("title"), "category", rs.getString("category"),
                        "markdown", rs.getString("markdown"), "urls", SqlArrays.strings(rs.getArray("urls")),
                        "domain", rs.getString("domain"), "is_owned", rs.getBoolean("is_owned")))
                .list();
        row.put("mentions", mentions);
        row.put("citations", citations);
        row.put("competitor_mentions", competitorMentions);
        row.put("competitor_citations", competitorCitations);
        row.put("sentiments", sentiments);
        row.put("sources", sources);
        row.put("shopping_products", products);
        row.put("brand_entities", entities);
    }

}
