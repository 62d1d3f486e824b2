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
        return rollupAnswers(filter) ? rollup(filter, query, sort, page) : raw(filter, query, sort, page);
    }

    /**
     * What {@code domain_rollups} holds: the engine, prompt type and brand kind in any combination, or a collection
     * with or without an engine; whole UTC days.
     */
    public static boolean rollupAnswers(ExecutionFilter filter) {
        return MetricsQuery.rollupAnswers(filter) && filter.prompt() == null && filter.countryCode() == null
                && filter.languageCode() == null
                && (filter.collectionId() == null || filter.promptType() == null && filter.brandKind() == null);
    }

    /**
     * From {@code domain_rollups}: the grain that holds exactly the filters. Grains 1 to 6 store '' for the columns
     * they sum over, so every read matches all three columns; grain 0 (two or more of them) matches the given ones.
     */
    public Listing rollup(ExecutionFilter filter, String query, String sort, PageRequest page) {
        int set = (filter.model() != null ? 1 : 0) + (filter.promptType() != null ? 1 : 0) + (filter.brandKind() != null ? 1 : 0);
        int grain;
        if (filter.collectionId() != null) {
            grain = filter.model() != null ? 6 : 5;
        } else {
            grain = set == 0 ? 1 : set > 1 ? 0 : filter.model() != null ? 2 : filter.promptType() != null ? 3 : 4;
        }
        StringBuilder where = new StringBuilder(" WHERE r.grain = " + grain + " AND r.collection_id = :collection");
        Map<String, Object> params = new java.util.HashMap<>();
        params.put("collection", filter.collectionId() == null ? 0L : filter.collectionId());
        for (String[] column : new String[][] {{"model", filter.model()}, {"prompt_type", filter.promptType()},
                {"brand_kind", filter.brandKind()}}) {
            if (column[1] != null || grain != 0) {
                where.append(" AND r.").append(column[0]).append(" = :c_").append(column[0]);
                params.put("c_" + column[0], column[1] == null ? "" : column[1]);
            }
        }
        if (query != null) {
            where.append(" AND r.domain ILIKE :query");
        }
        String grouped = "SELECT r.domain, sum(r.responses) AS responses, sum(r.mentioned) AS mentioned, sum(r.inverse) AS inverse"
                + " FROM " + MonthWindow.rows("domain_rollups") + where + " GROUP BY r.domain";
        MonthWindow window = MonthWindow.of(filter);
        return page(grouped, query, sort, page, spec -> window.bind(filter.bind(spec)).params(params));
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
        String order = switch (sort) {
            case "avg_mention_rate" -> "g.mentioned::numeric / g.responses DESC, g.responses DESC";
            case "avg_visibility" -> "g.inverse / g.responses DESC, g.responses DESC";
            default -> "g.responses DESC";
        };
        String pattern = query == null ? null
                : "%" + query.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
        PagedQuery result = PagedQuery.run(db, grouped, "g.*", "ORDER BY " + order + ", g.domain", page,
                spec -> pattern == null ? bind.apply(spec) : bind.apply(spec).param("query", pattern),
                (rs, n) -> {
                    long responses = rs.getLong("responses");
                    return Json.object("domain", rs.getString("domain"), "total_responses", responses,
                            "avg_visibility", Metrics.round(rs.getDouble("inverse") * 100 / responses),
                            "avg_mention_rate", Metrics.round(rs.getLong("mentioned") * 100.0 / responses));
                });
        return new Listing(result.rows(), result.total());
    }
}
