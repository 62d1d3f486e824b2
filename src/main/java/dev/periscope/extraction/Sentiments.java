package dev.periscope.extraction;

import dev.periscope.execution.ExecutionFilter;
import dev.periscope.shared.Json;
import dev.periscope.shared.PageRequest;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/** Sentiment records (spec "Sentiment record"); hidden records and records without an analysis are never returned. */
@Component
public class Sentiments {
    public static final List<String> ANALYSES = List.of("very_positive", "positive", "neutral", "negative", "very_negative");
    public static final List<String> COLUMNS = List.of("id", "prompt_execution_id", "prompt_text", "model", "analysis",
            "score", "comment", "topics", "competitor_id", "competitor_name", "is_brand_sentiment", "executed_at", "created_at");

    private final JdbcClient db;

    public Sentiments(JdbcClient db) {
        this.db = db;
    }

    public record Listing(List<Map<String, Object>> rows, long total) {
    }

    /** {@code competitorId} keeps one competitor; {@code brandOnly} keeps the brand's records; {@code analysis} one bucket. */
    public Listing list(ExecutionFilter filter, Long competitorId, boolean brandOnly, String analysis, PageRequest page) {
        String from = """
                 FROM sentiments st
                 JOIN prompt_executions e ON e.id = st.execution_id
                 JOIN prompts p ON p.id = e.prompt_id
                 LEFT JOIN competitors c ON c.id = st.competitor_id
                WHERE p.deleted_at IS NULL AND NOT st.hidden AND st.analysis IS NOT NULL
                """ + filter.conditions()
                + (competitorId != null ? " AND st.competitor_id = :competitor" : "")
                + (brandOnly ? " AND st.competitor_id IS NULL" : "")
                + (analysis != null ? " AND st.analysis = :analysis" : "");
        var count = filter.bind(db.sql("SELECT count(*)" + from));
        var rows = filter.bind(db.sql("""
                SELECT st.id, st.execution_id, p.prompt_text, e.model, st.analysis, st.score, st.comment, st.topics,
                       st.competitor_id, c.brand_name, st.is_brand_sentiment, e.executed_at, st.created_at
                """ + from + " ORDER BY e.executed_at DESC, st.execution_id DESC, st.is_brand_sentiment DESC, st.id LIMIT :limit OFFSET :offset"));
        if (competitorId != null) {
            count = count.param("competitor", competitorId);
            rows = rows.param("competitor", competitorId);
        }
        if (analysis != null) {
            count = count.param("analysis", analysis);
            rows = rows.param("analysis", analysis);
        }
        long total = count.query(Long.class).single();
        List<Map<String, Object>> result = rows.param("limit", page.perPage()).param("offset", page.offset())
                .query((rs, n) -> Json.object(
                        "id", rs.getLong("id"),
                        "prompt_execution_id", rs.getLong("execution_id"),
                        "prompt_text", rs.getString("prompt_text"),
                        "model", rs.getString("model"),
                        "analysis", rs.getString("analysis"),
                        "score", rs.getDouble("score"),
                        "comment", rs.getString("comment"),
                        "topics", rs.getString("topics"),
                        "competitor_id", (Long) rs.getObject("competitor_id"),
                        "competitor_name", rs.getString("brand_name"),
                        "is_brand_sentiment", rs.getBoolean("is_brand_sentiment"),
                        "executed_at", rs.getObject("executed_at", OffsetDateTime.class),
                        "created_at", rs.getObject("created_at", OffsetDateTime.class)))
                .list();
        return new Listing(result, total);
    }
}
