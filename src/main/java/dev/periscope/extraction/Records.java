package dev.periscope.extraction;

import dev.periscope.execution.ExecutionFilter;
import dev.periscope.shared.Json;
import dev.periscope.shared.PageRequest;
import dev.periscope.shared.SqlArrays;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Reads of extracted records (spec "Mention, citation, source records"), newest execution first, filtered like every
 * other execution read. Brand citations are the owned sources, competitor citations the competitor sources.
 */
@Component
public class Records {
    private static final String FROM_SOURCES = """
             FROM sources s
             JOIN prompt_executions e ON e.id = s.execution_id
             JOIN prompts p ON p.id = e.prompt_id
             LEFT JOIN competitors c ON c.id = s.competitor_id
             JOIN projects pr ON pr.id = e.project_id
            WHERE p.deleted_at IS NULL
            """;
    private static final String FROM_MENTIONS = """
             FROM mentions m
             JOIN prompt_executions e ON e.id = m.execution_id
             JOIN prompts p ON p.id = e.prompt_id
             LEFT JOIN competitors c ON c.id = m.competitor_id
             JOIN projects pr ON pr.id = e.project_id
            WHERE p.deleted_at IS NULL
            """;

    private final JdbcClient db;

    public Records(JdbcClient db) {
        this.db = db;
    }

    public record Listing(List<Map<String, Object>> rows, long total) {
    }

    /** Which actors a mention or citation list covers. */
    public enum Side { BRAND, COMPETITORS, ALL }

    public static final List<String> SOURCE_COLUMNS = List.of("id", "prompt_execution_id", "prompt_id", "domain", "url",
            "normalized_url", "url_sha256", "position", "source_type", "competitor_id", "is_play_store_link",
            "is_app_store_link", "title", "model", "executed_at");

    public Listing sources(ExecutionFilter filter, String sourceType, PageRequest page) {
        String extra = sourceType == null ? "" : " AND s.source_type = :sourceType";
        return list(FROM_SOURCES + filter.conditions() + extra, filter, page, sourceType,
                """
                        SELECT s.id, s.execution_id, s.prompt_id, s.domain, s.url, s.normalized_url, s.url_sha256,
                               s.position, s.source_type, s.competitor_id, s.is_play_store_link, s.is_app_store_link,
                               s.title, e.model, e.executed_at
                        """, " ORDER BY e.executed_at DESC, s.execution_id DESC, s.position = 0, s.position, s.id",
                (rs, n) -> Json.object(
                        "id", rs.getLong("id"),
                        "prompt_execution_id", rs.getLong("execution_id"),
                        "prompt_id", rs.getLong("prompt_id"),
                        "domain", rs.getString("domain"),
                        "url", rs.getString("url"),
                        "normalized_url", rs.getString("normalized_url"),
                        "url_sha256", rs.getString("url_sha256"),
                        "position", rs.getInt("position"),
                        "source_type", rs.getString("source_type"),
                        "competitor_id", (Long) rs.getObject("competitor_id"),
                        "is_play_store_link", rs.getBoolean("is_play_store_link"),
                        "is_app_store_link", rs.getBoolean("is_app_store_link"),
                        "title", rs.getString("title"),
                        "model", rs.getString("model"),
                        "executed_at", rs.getObject("executed_at", OffsetDateTime.class)));
    }

    public static List<String> mentionColumns(Side side) {
        return switch (side) {
            case BRAND -> List.of("id", "name", "prompt_id", "prompt_execution_id", "keywords", "position", "model",
                    "executed_at", "created_at");
            case COMPETITORS -> List.of("id", "competitor_id", "name", "domain", "prompt_id", "prompt_execution_id",
                    "keywords", "position", "model", "executed_at", "created_at");
            case ALL -> List.of("id", "actor_type", "competitor_id", "name", "domain", "prompt_id", "prompt_execution_id",
                    "keywords", "position", "model", "executed_at", "created_at");
        };
    }

    /** {@code competitors} narrows only the competitor part (spec: all_mentions). */
    public Listing mentions(ExecutionFilter filter, Side side, List<Long> competitors, PageRequest page) {
        String scope = scope("m", side, competitors);
        return list(FROM_MENTIONS + filter.conditions() + scope, filter, page, competitors,
                """
                        SELECT m.id, m.competitor_id, m.execution_id, m.prompt_id, m.keywords, m.position, e.model,
                               e.executed_at, m.created_at, coalesce(c.brand_name, pr.brand_name) AS name,
                               coalesce(c.domain, pr.domain) AS domain
                        """, " ORDER BY e.executed_at DESC, m.execution_id DESC, m.position, m.id",
                (rs, n) -> {
                    Long competitorId = (Long) rs.getObject("competitor_id");
                    Map<String, Object> row = Json.object("id", rs.getLong("id"));
                    if (side == Side.ALL) {
                        row.put("actor_type", competitorId == null ? "project" : "competitor");
                    }
                    if (side != Side.BRAND) {
                        row.put("competitor_id", competitorId);
                    }
                    row.put("name", rs.getString("name"));
                    if (side != Side.BRAND) {
                        row.put("domain", rs.getString("domain"));
                    }
                    row.put("prompt_id", rs.getLong("prompt_id"));
                    row.put("prompt_execution_id", rs.getLong("execution_id"));
                    row.put("keywords", SqlArrays.strings(rs.getArray("keywords")));
                    row.put("position", rs.getInt("position"));
                    row.put("model", rs.getString("model"));
                    row.put("executed_at", rs.getObject("executed_at", OffsetDateTime.class));
                    row.put("created_at", rs.getObject("created_at", OffsetDateTime.class));
                    return row;
                });
    }

    public static List<String> citationColumns(Side side) {
        return switch (side) {
            case BRAND -> List.of("id", "name", "domain", "prompt_id", "prompt_execution_id", "url", "position", "model",
                    "executed_at", "created_at");
            case COMPETITORS -> List.of("id", "competitor_id", "name", "domain", "prompt_id", "prompt_execution_id", "url",
                    "position", "model", "executed_at", "created_at");
            case ALL -> List.of("id", "actor_type", "competitor_id", "name", "domain", "prompt_id", "prompt_execution_id",
                    "url", "position", "model", "executed_at", "created_at");
        };
    }

    public Listing citations(ExecutionFilter filter, Side side, List<Long> competitors, PageRequest page) {
        String scope = switch (side) {
            case BRAND -> " AND s.source_type = 'owned'";
            case COMPETITORS -> " AND s.source_type = 'competitor'" + (competitors.isEmpty() ? "" : " AND s.competitor_id = ANY (CAST(:scope AS bigint[]))");
            case ALL -> " AND (s.source_type = 'owned' OR (s.source_type = 'competitor'"
                    + (competitors.isEmpty() ? "" : " AND s.competitor_id = ANY (CAST(:scope AS bigint[]))") + "))";
        };
        return list(FROM_SOURCES + filter.conditions() + scope, filter, page, competitors,
                """
                        SELECT s.id, s.competitor_id, s.execution_id, s.prompt_id, s.url, s.position, e.model,
                               e.executed_at, s.created_at, coalesce(c.brand_name, pr.brand_name) AS name, s.domain
                        """, " ORDER BY e.executed_at DESC, s.execution_id DESC, s.position = 0, s.position, s.id",
                (rs, n) -> {
                    Long competitorId = (Long) rs.getObject("competitor_id");
                    Map<String, Object> row = Json.object("id", rs.getLong("id"));
                    if (side == Side.ALL) {
                        row.put("actor_type", competitorId == null ? "project" : "competitor");
                    }
                    if (side != Side.BRAND) {
                        row.put("competitor_id", competitorId);
                    }
                    row.put("name", rs.getString("name"));
                    row.put("domain", rs.getString("domain"));
                    row.put("prompt_id", rs.getLong("prompt_id"));
                    row.put("prompt_execution_id", rs.getLong("execution_id"));
                    row.put("url", rs.getString("url"));
                    row.put("position", rs.getInt("position"));
                    row.put("model", rs.getString("model"));
                    row.put("executed_at", rs.getObject("executed_at", OffsetDateTime.class));
                    row.put("created_at", rs.getObject("created_at", OffsetDateTime.class));
                    return row;
                });
    }

    private static String scope(String alias, Side side, List<Long> competitors) {
        String narrowed = competitors.isEmpty() ? "" : " AND " + alias + ".competitor_id = ANY (CAST(:scope AS bigint[]))";
        return switch (side) {
            case BRAND -> " AND " + alias + ".competitor_id IS NULL";
            case COMPETITORS -> " AND " + alias + ".competitor_id IS NOT NULL" + narrowed;
            case ALL -> competitors.isEmpty() ? ""
                    : " AND (" + alias + ".competitor_id IS NULL OR " + alias + ".competitor_id = ANY (CAST(:scope AS bigint[])))";
        };
    }

    private Listing list(String from, ExecutionFilter filter, PageRequest page, Object scopeParam, String select,
                         String order, org.springframework.jdbc.core.RowMapper<Map<String, Object>> mapper) {
        var count = filter.bind(db.sql("SELECT count(*)" + from));
        var rows = filter.bind(db.sql(select + from + order + " LIMIT :limit OFFSET :offset"));
        if (scopeParam instanceof String sourceType) {
            count = count.param("sourceType", sourceType);
            rows = rows.param("sourceType", sourceType);
        } else if (scopeParam instanceof List<?> ids && !ids.isEmpty() && from.contains(":scope")) {
            Long[] array = ids.stream().map(Long.class::cast).toArray(Long[]::new);
            count = count.param("scope", array);
            rows = rows.param("scope", array);
        }
        long total = count.query(Long.class).single();
        List<Map<String, Object>> result = rows.param("limit", page.perPage()).param("offset", page.offset())
                .query(mapper).list();
        return new Listing(result, total);
    }


}
