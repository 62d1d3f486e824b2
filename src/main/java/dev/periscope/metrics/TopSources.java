package dev.periscope.metrics;

import dev.periscope.execution.ExecutionFilter;
import dev.periscope.shared.Json;
import dev.periscope.shared.PageRequest;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * The registrable domains cited most (spec "GET /metrics/top_sources"), visible citations and background references
 * alike. Per domain: {@code total_responses} = responses citing it; among those responses, {@code avg_mention_rate}
 * = the share that mention the brand and {@code avg_visibility} = the brand's weighted visibility
 * (100 × Σ 1/position over them).
 */
@Component
public class TopSources {
    public static final List<String> SORTS = List.of("total_responses", "avg_mention_rate", "avg_visibility");
    public static final List<String> COLUMNS = List.of("domain", "total_responses", "avg_visibility", "avg_mention_rate");

    private final JdbcClient db;

    public TopSources(JdbcClient db) {
        this.db = db;
    }

    public record Listing(List<Map<String, Object>> rows, long total) {
    }

    public Listing list(ExecutionFilter filter, String query, String sort, PageRequest page) {
        String grouped = """
                SELECT d.domain, count(*) AS responses, count(m.id) AS mentioned,
                       coalesce(sum(1.0 / m.position), 0) AS inverse
                  FROM (SELECT DISTINCT s.execution_id, s.domain
                          FROM sources s JOIN prompt_executions e ON e.id = s.execution_id
                          JOIN prompts p ON p.id = e.prompt_id
                         WHERE p.deleted_at IS NULL AND e.success AND NOT e.no_result
                """ + filter.conditions() + (query == null ? "" : " AND s.domain ILIKE :query") + """
                       ) d
                  LEFT JOIN mentions m ON m.execution_id = d.execution_id AND m.competitor_id IS NULL
                 GROUP BY d.domain
                """;
        var count = filter.bind(db.sql("SELECT count(*) FROM (" + grouped + ") g"));
        String order = switch (sort) {
            case "avg_mention_rate" -> "g.mentioned::numeric / g.responses DESC, g.responses DESC";
            case "avg_visibility" -> "g.inverse / g.responses DESC, g.responses DESC";
            default -> "g.responses DESC";
        };
        var select = filter.bind(db.sql("SELECT g.* FROM (" + grouped + ") g ORDER BY " + order
                + ", g.domain LIMIT :limit OFFSET :offset"));
        if (query != null) {
            String pattern = "%" + query.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
            count = count.param("query", pattern);
            select = select.param("query", pattern);
        }
        long total = count.query(Long.class).single();
        List<Map<String, Object>> rows = select.param("limit", page.perPage()).param("offset", page.offset())
                .query((rs, n) -> {
                    long responses = rs.getLong("responses");
                    return Json.object("domain", rs.getString("domain"), "total_responses", responses,
                            "avg_visibility", Metrics.round(rs.getDouble("inverse") * 100 / responses),
                            "avg_mention_rate", Metrics.round(rs.getLong("mentioned") * 100.0 / responses));
                }).list();
        return new Listing(rows, total);
    }
}
