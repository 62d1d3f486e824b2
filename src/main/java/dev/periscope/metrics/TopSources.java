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
        boolean rollup = MetricsQuery.rollupAnswers(filter) && filter.collectionId() == null && filter.prompt() == null
                && filter.countryCode() == null && filter.languageCode() == null;
        return rollup ? rollup(filter, query, sort, page) : raw(filter, query, sort, page);
    }

    /** From {@code domain_rollups}: the grain that holds exactly the engine, prompt type and brand kind filters. */
    public Listing rollup(ExecutionFilter filter, String query, String sort, PageRequest page) {
        int set = (filter.model() != null ? 1 : 0) + (filter.promptType() != null ? 1 : 0) + (filter.brandKind() != null ? 1 : 0);
        int grain = set == 0 ? 1 : set > 1 ? 0 : filter.model() != null ? 2 : filter.promptType() != null ? 3 : 4;
        StringBuilder where = new StringBuilder(" WHERE r.project_id = :f_project AND r.grain = " + grain + " AND " + MonthWindow.CONDITION);
        if (filter.model() != null) {
            where.append(" AND r.model = :f_model");
        }
        if (filter.promptType() != null) {
            where.append(" AND r.prompt_type = :f_prompt_type");
        }
        if (filter.brandKind() != null) {
            where.append(" AND r.brand_kind = :f_brand_kind");
        }
        if (query != null) {
            where.append(" AND r.domain ILIKE :query");
        }
        String grouped = "SELECT r.domain, sum(r.responses) AS responses, sum(r.mentioned) AS mentioned, sum(r.inverse) AS inverse"
                + " FROM domain_rollups r" + where + " GROUP BY r.domain";
        MonthWindow window = MonthWindow.of(filter);
        return page(grouped, query, sort, page, spec -> window.bind(filter.bind(spec)));
    }

    /** The reference: distinct (execution, domain) pairs of the raw sources, joined to the brand's mentions. */
    public Listing raw(ExecutionFilter filter, String query, String sort, PageRequest page) {
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
        return page(grouped, query, sort, page, filter::bind);
    }

    private Listing page(String grouped, String query, String sort, PageRequest page,
                         java.util.function.UnaryOperator<JdbcClient.StatementSpec> bind) {
        var count = bind.apply(db.sql("SELECT count(*) FROM (" + grouped + ") g"));
        String order = switch (sort) {
            case "avg_mention_rate" -> "g.mentioned::numeric / g.responses DESC, g.responses DESC";
            case "avg_visibility" -> "g.inverse / g.responses DESC, g.responses DESC";
            default -> "g.responses DESC";
        };
        var select = bind.apply(db.sql("SELECT g.* FROM (" + grouped + ") g ORDER BY " + order
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
