package dev.periscope.execution;

import dev.periscope.shared.Json;
import dev.periscope.shared.PageRequest;
import dev.periscope.shared.SqlArrays;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/** Reads of executions for {@code /dimensions/prompt_executions}: newest first, with the shared filters. */
@Component
public class ExecutionListing {
    public static final List<String> COLUMNS = List.of("id", "prompt_id", "prompt_text", "executed_at", "duration_ms",
            "success", "model", "fan_out_queries", "has_mention", "has_citation", "mentions_count", "citations_count",
            "no_result", "error", "engine_adapter", "model_version", "cycle", "sample", "attempts", "country_code",
            "language_code", "input_tokens", "output_tokens", "cost_usd");

    private final JdbcClient db;

    public ExecutionListing(JdbcClient db) {
        this.db = db;
    }

    public record Listing(List<Map<String, Object>> rows, long total) {
    }

    public Listing list(ExecutionFilter filter, PageRequest page) {
        String from = " FROM prompt_executions e JOIN prompts p ON p.id = e.prompt_id WHERE p.deleted_at IS NULL";
        long total = filter.bind(db.sql("SELECT count(*)" + from + filter.conditions())).query(Long.class).single();
        List<Map<String, Object>> rows = filter.bind(db.sql("""
                        SELECT e.id, e.prompt_id, p.prompt_text, e.executed_at, e.duration_ms, e.success, e.model,
                               e.fan_out_queries, e.has_mention, e.has_citation, e.mentions_count, e.citations_count,
                               e.no_result, e.error, e.engine_adapter, e.model_version, e.cycle, e.sample, e.attempts,
                               e.country_code, e.language_code, e.input_tokens, e.output_tokens, e.cost_usd
                        """ + from + filter.conditions() + " ORDER BY e.executed_at DESC, e.id DESC LIMIT :limit OFFSET :offset"))
                .param("limit", page.perPage()).param("offset", page.offset())
                .query(ExecutionListing::row).list();
        return new Listing(rows, total);
    }

    private static Map<String, Object> row(ResultSet rs, int n) throws SQLException {
        return Json.object(
                "id", rs.getLong("id"),
                "prompt_id", rs.getLong("prompt_id"),
                "prompt_text", rs.getString("prompt_text"),
                "executed_at", rs.getObject("executed_at", OffsetDateTime.class),
                "duration_ms", rs.getInt("duration_ms"),
                "success", rs.getBoolean("success"),
                "model", rs.getString("model"),
                "fan_out_queries", SqlArrays.strings(rs.getArray("fan_out_queries")),
                "has_mention", rs.getBoolean("has_mention"),
                "has_citation", rs.getBoolean("has_citation"),
                "mentions_count", rs.getInt("mentions_count"),
                "citations_count", rs.getInt("citations_count"),
                "no_result", rs.getBoolean("no_result"),
                "error", rs.getString("error"),
                "engine_adapter", rs.getString("engine_adapter"),
                "model_version", rs.getString("model_version"),
                "cycle", rs.getObject("cycle", LocalDate.class).toString(),
                "sample", rs.getInt("sample"),
                "attempts", rs.getInt("attempts"),
                "country_code", rs.getString("country_code"),
                "language_code", rs.getString("language_code"),
                "input_tokens", (Long) rs.getObject("input_tokens"),
                "output_tokens", (Long) rs.getObject("output_tokens"),
                "cost_usd", rs.getBigDecimal("cost_usd"));
    }
}
