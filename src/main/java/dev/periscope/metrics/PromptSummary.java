package dev.periscope.metrics;

import dev.periscope.execution.ExecutionFilter;
import dev.periscope.shared.Json;
import dev.periscope.shared.PageRequest;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Brand metrics per prompt (spec "GET /metrics/prompt_summary"), optionally per prompt and model. {@code total}
 * counts distinct prompts, or distinct (prompt, model) pairs with the breakdown.
 */
@Component
public class PromptSummary {
    public static final List<String> SORTS = List.of("responses", "mentions", "citations", "mention_rate", "visibility",
            "citation_rate", "avg_mention_position", "avg_position");
    public static final List<String> COLUMNS = List.of("prompt_id", "prompt_text", "model", "responses", "mentions",
            "citations", "visibility", "mention_rate", "citation_rate", "avg_mention_position", "avg_position");

    private final JdbcClient db;

    public PromptSummary(JdbcClient db) {
        this.db = db;
    }

    public record Listing(List<Map<String, Object>> rows, long total) {
    }

    public Listing list(ExecutionFilter filter, boolean byModel, String sort, boolean descending, PageRequest page) {
        return MetricsQuery.rollupAnswers(filter) ? rollup(filter, byModel, sort, descending, page)
                : raw(filter, byModel, sort, descending, page);
    }

    /**
     * From {@code prompt_rollups}: whole calendar months inside the range from month rows, the days at its edges from
     * day rows; one row per prompt (or prompt and engine) with responses.
     */
    public Listing rollup(ExecutionFilter filter, boolean byModel, String sort, boolean descending, PageRequest page) {
        MonthWindow window = MonthWindow.of(filter);
        String keys = byModel ? "r.prompt_id, r.model" : "r.prompt_id";
        StringBuilder where = new StringBuilder("""
                 WHERE p.deleted_at IS NULL
                """);
        if (filter.model() != null) {
            where.append(" AND r.model = :f_model");
        } else {
            where.append(byModel ? " AND r.model <> ''" : " AND r.model = ''");
        }
        if (filter.countryCode() != null) {
            where.append(" AND r.country_code = :f_country");
        }
        if (filter.languageCode() != null) {
            where.append(" AND r.language_code = :f_language");
        }
        where.append(filter.promptConditions());
        String grouped = "SELECT " + keys + """
                , sum(r.responses) AS responses, sum(r.mentions) AS mentions, sum(r.citations) AS citations,
                       sum(r.mention_positions)::numeric / nullif(sum(r.mentions), 0) AS avg_mention_position,
                       sum(r.citation_positions)::numeric / nullif(sum(r.visible_citations), 0) AS avg_position
                  FROM""" + " " + MonthWindow.rows("prompt_rollups") + """
                   JOIN prompts p ON p.id = r.prompt_id
                """ + where + " GROUP BY " + keys + " HAVING sum(r.responses) > 0";
        return page(filter, grouped, byModel, sort, descending, page, window::bind);
    }

    /** The reference: grouped over the raw executions and records. */
    public Listing raw(ExecutionFilter filter, boolean byModel, String sort, boolean descending, PageRequest page) {
        String keys = byModel ? "e.prompt_id, e.model" : "e.prompt_id";
        String grouped = """
                SELECT %s, count(*) AS responses,
                       count(m.id) AS mentions,
                       coalesce(sum(c.cited), 0) AS citations,
                       avg(m.position) AS avg_mention_position,
                       sum(c.visible_positions)::numeric / nullif(sum(c.visible), 0) AS avg_position
                  FROM prompt_executions e
                  JOIN prompts p ON p.id = e.prompt_id
                  LEFT JOIN mentions m ON m.execution_id = e.id AND m.competitor_id IS NULL
                  LEFT JOIN LATERAL (SELECT count(*) AS cited, count(*) FILTER (WHERE s.position > 0) AS visible,
                                            coalesce(sum(s.position) FILTER (WHERE s.position > 0), 0) AS visible_positions
                                       FROM sources s WHERE s.execution_id = e.id AND s.source_type = 'owned') c ON true
                 WHERE p.deleted_at IS NULL AND e.success AND NOT e.no_result
                """.formatted(keys) + filter.conditions() + " GROUP BY " + keys;
        return page(filter, grouped, byModel, sort, descending, page, spec -> spec);
    }

    private Listing page(ExecutionFilter filter, String grouped, boolean byModel, String sort, boolean descending,
                         PageRequest page, java.util.function.UnaryOperator<JdbcClient.StatementSpec> extra) {
        String order = switch (sort) {
            case "mentions" -> "g.mentions";
            case "citations" -> "g.citations";
            case "mention_rate", "visibility" -> "g.mentions::numeric / g.responses";
            case "citation_rate" -> "g.citations::numeric / g.responses";
            case "avg_mention_position" -> "g.avg_mention_position";
            case "avg_position" -> "g.avg_position";
            default -> "g.responses";
        };
        PagedQuery result = PagedQuery.run(db, grouped, "g.*, pr.prompt_text", "JOIN prompts pr ON pr.id = g.prompt_id"
                        + " ORDER BY " + order + (descending ? " DESC" : " ASC") + " NULLS LAST, g.prompt_id"
                        + (byModel ? ", g.model" : ""), page, spec -> extra.apply(filter.bind(spec)),
                (rs, n) -> {
                    long responses = rs.getLong("responses");
                    long mentions = rs.getLong("mentions");
                    long citations = rs.getLong("citations");
                    Double rate = Metrics.round(mentions * 100.0 / responses);
                    Map<String, Object> row = Json.object("prompt_id", rs.getLong("prompt_id"),
                            "prompt_text", rs.getString("prompt_text"));
                    if (byModel) {
                        row.put("model", rs.getString("model"));
                    }
                    row.put("responses", responses);
                    row.put("mentions", mentions);
                    row.put("citations", citations);
                    row.put("visibility", rate);
                    row.put("mention_rate", rate);
                    row.put("citation_rate", Metrics.round(citations * 100.0 / responses));
                    row.put("avg_mention_position", Metrics.round(rs.getObject("avg_mention_position") == null ? null
                            : rs.getDouble("avg_mention_position")));
                    row.put("avg_position", Metrics.round(rs.getObject("avg_position") == null ? null
                            : rs.getDouble("avg_position")));
                    return row;
                });
        return new Listing(result.rows(), result.total());
    }
}
