package dev.periscope.metrics;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import dev.periscope.shared.MarkQueue;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Keeps {@code metric_rollups} in step with the raw records. Database triggers mark every (project, day) whose
 * executions, records, prompts or collection memberships change; {@link #refreshDue} recomputes each marked day from
 * the records, in one transaction per day, and deletes exactly the marks it read, so a mark written while a day is
 * being recomputed survives for the next pass. A transaction-scoped advisory lock per (project, day) keeps two
 * instances from recomputing the same day at once.
 *
 * <p>Scopes of {@code metric_rollups}: 0 all live prompts, 1 one collection, 2 one prompt; 3 and 4 repeat 0 and 1
 * with prompt type, brand kind, country and language collapsed to {@code '*'}, for the many reads that filter on
 * none of them; 5 and 6 keep only the prompt type, or only the brand kind.
 */
@Component
public class Rollups {
    private static final Logger LOG = LoggerFactory.getLogger(Rollups.class);
    private static final String FACT_COLUMNS = "ex.prompt_id, ex.model, ex.prompt_type, ex.brand_kind, ex.country_code, ex.language_code";
    private static final String RECOMPUTE = """
            WITH ex AS (
                SELECT e.id, e.prompt_id, e.model, e.no_result, coalesce(p.prompt_type, '') AS prompt_type,
                       coalesce(p.brand_kind, '') AS brand_kind, e.country_code, e.language_code
                  FROM prompt_executions e JOIN prompts p ON p.id = e.prompt_id
                 WHERE e.project_id = :project AND e.executed_at >= :start AND e.executed_at < :end
                   AND e.success AND p.deleted_at IS NULL
            ), facts AS (
                SELECT %1$s, CAST(-1 AS bigint) AS actor, 1 AS executions, CASE WHEN ex.no_result THEN 0 ELSE 1 END AS responses,
                       0 AS mentions, CAST(0 AS float8) AS inverse_positions, 0 AS mention_positions,
                       0 AS p1, 0 AS p2, 0 AS p3, 0 AS p4, 0 AS p8, 0 AS citations, 0 AS visible, 0 AS citation_positions,
                       0 AS vpos, 0 AS pos, 0 AS neu, 0 AS neg, 0 AS vneg
                  FROM ex
                UNION ALL
                SELECT %1$s, coalesce(m.competitor_id, 0), 0, 0, 1, 1.0 / m.position, m.position,
                       CASE WHEN m.position = 1 THEN 1 ELSE 0 END, CASE WHEN m.position = 2 THEN 1 ELSE 0 END,
                       CASE WHEN m.position = 3 THEN 1 ELSE 0 END, CASE WHEN m.position BETWEEN 4 AND 7 THEN 1 ELSE 0 END,
                       CASE WHEN m.position >= 8 THEN 1 ELSE 0 END, 0, 0, 0, 0, 0, 0, 0, 0
                  FROM ex JOIN mentions m ON m.execution_id = ex.id
                 WHERE NOT ex.no_result
                UNION ALL
                SELECT %1$s, coalesce(s.competitor_id, 0), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
                       CASE WHEN s.position > 0 THEN 1 ELSE 0 END, CASE WHEN s.position > 0 THEN s.position ELSE 0 END,
                       0, 0, 0, 0, 0
                  FROM ex JOIN sources s ON s.execution_id = ex.id
                 WHERE NOT ex.no_result
                   AND (s.source_type = 'owned' OR (s.source_type = 'competitor' AND s.competitor_id IS NOT NULL))
                UNION ALL
                SELECT %1$s, coalesce(t.competitor_id, 0), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                       CASE WHEN t.analysis = 'very_positive' THEN 1 ELSE 0 END, CASE WHEN t.analysis = 'positive' THEN 1 ELSE 0 END,
                       CASE WHEN t.analysis = 'neutral' THEN 1 ELSE 0 END, CASE WHEN t.analysis = 'negative' THEN 1 ELSE 0 END,
                       CASE WHEN t.analysis = 'very_negative' THEN 1 ELSE 0 END
                  FROM ex JOIN sentiments t ON t.execution_id = ex.id
                 WHERE NOT ex.no_result AND NOT t.hidden AND t.analysis IS NOT NULL
            ), scoped AS (
                SELECT CAST(0 AS smallint) AS scope, CAST(0 AS bigint) AS scope_id, f.* FROM facts f
                UNION ALL
                SELECT 1, pc.collection_id, f.* FROM facts f JOIN prompt_collections pc ON pc.prompt_id = f.prompt_id
                UNION ALL
                SELECT 2, f.prompt_id, f.* FROM facts f
                UNION ALL
                SELECT 3, 0, f.prompt_id, f.model, '*', '*', '*', '*', %2$s FROM facts f
                UNION ALL
                SELECT 4, pc.collection_id, f.prompt_id, f.model, '*', '*', '*', '*', %2$s
                  FROM facts f JOIN prompt_collections pc ON pc.prompt_id = f.prompt_id
                UNION ALL
                SELECT 5, 0, f.prompt_id, f.model, f.prompt_type, '*', '*', '*', %2$s FROM facts f
                UNION ALL
                SELECT 6, 0, f.prompt_id, f.model, '*', f.brand_kind, '*', '*', %2$s FROM facts f
            )
            INSERT INTO metric_rollups (project_id, scope, scope_id, day, model, prompt_type, brand_kind, country_code,
                                        language_code, actor, executions, responses, mentions, inverse_positions,
                                        mention_positions, position_1, position_2, position_3, position_4_7, position_8_plus,
                                        citations, visible_citations, citation_positions, very_positive, positive, neutral,
                                        negative, very_negative)
            SELECT :project, scope, scope_id, :day, model, prompt_type, brand_kind, country_code, language_code, actor,
                   sum(executions), sum(responses), sum(mentions), sum(inverse_positions), sum(mention_positions),
                   sum(p1), sum(p2), sum(p3), sum(p4), sum(p8), sum(citations), sum(visible), sum(citation_positions),
                   sum(vpos), sum(pos), sum(neu), sum(neg), sum(vneg)
              FROM scoped
             GROUP BY scope, scope_id, model, prompt_type, brand_kind, country_code, language_code, actor
            """.formatted(FACT_COLUMNS, "f.actor, f.executions, f.responses, f.mentions, f.inverse_positions, f.mention_positions, f.p1, f.p2, f.p3, f.p4, f.p8, f.citations, f.visible, f.citation_positions, f.vpos, f.pos, f.neu, f.neg, f.vneg");

    private final JdbcClient db;
    private final MarkQueue marks;

    public Rollups(JdbcClient db, TransactionTemplate transactions) {
        this.db = db;
        this.marks = new MarkQueue(db, transactions, "metric_rollup_marks", "day");
    }

    /** Recomputes every marked day; returns how many days it recomputed. */
    @Scheduled(fixedDelayString = "${periscope.rollups.interval:PT10S}", initialDelayString = "${periscope.rollups.initial-delay:PT5S}")
    public int refreshDue() {
        // one lock per (project, day): the day number (never negative) is the lock's second key
        int done = marks.drain(mark -> (int) mark.date().toEpochDay(), mark -> recompute(mark.projectId(), mark.date()));
        if (done > 0) {
            LOG.debug("recomputed {} rollup days", done);
        }
        return done;
    }

    /** Replaces the rollup rows of one project day, and its month's prompt rows, with sums of its current records. */
    void recompute(long projectId, LocalDate day) {
        LocalDate month = day.withDayOfMonth(1);
        Map<String, Object> params = Map.of("project", projectId, "day", day, "month", month, "next", month.plusMonths(1),
                "start", day.atStartOfDay().atOffset(ZoneOffset.UTC),
                "end", day.plusDays(1).atStartOfDay().atOffset(ZoneOffset.UTC));
        for (String statement : List.of(
                "DELETE FROM metric_rollups WHERE project_id = :project AND day = :day",
                RECOMPUTE,
                "DELETE FROM prompt_rollups WHERE project_id = :project AND ((NOT month AND day = :day) OR (month AND day = :month))",
                PROMPT_DAY,
                PROMPT_MONTH,
                "DELETE FROM domain_rollups WHERE project_id = :project AND ((NOT month AND day = :day) OR (month AND day = :month))",
                DOMAIN_DAY,
                DOMAIN_MONTH)) {
            db.sql(statement).params(params).update();
        }
    }

    /**
     * The day rows of every domain grain from one read of the day's citing responses: grains 0 to 4 (engine, prompt
     * type, brand kind and their sums), 5 (a collection) and 6 (a collection and an engine).
     */
    private static final String DOMAIN_DAY = """
            WITH cited AS (
                SELECT DISTINCT s.execution_id, e.prompt_id, s.domain, e.model, coalesce(p.prompt_type, '') AS prompt_type,
                       coalesce(p.brand_kind, '') AS brand_kind
                  FROM prompt_executions e JOIN prompts p ON p.id = e.prompt_id
                  JOIN sources s ON s.execution_id = e.id
                 WHERE e.project_id = :project AND e.executed_at >= :start AND e.executed_at < :end
                   AND e.success AND NOT e.no_result AND p.deleted_at IS NULL
            ), counted AS (
                SELECT c.*, m.id AS mention_id, m.position
                  FROM cited c LEFT JOIN mentions m ON m.execution_id = c.execution_id AND m.competitor_id IS NULL
            )
            INSERT INTO domain_rollups (project_id, domain, grain, collection_id, model, prompt_type, brand_kind, month, day,
                                        responses, mentioned, inverse)
            SELECT :project, c.domain,
                   CASE WHEN GROUPING(c.model, c.prompt_type, c.brand_kind) = 0 THEN 0
                        WHEN GROUPING(c.model, c.prompt_type, c.brand_kind) = 7 THEN 1
                        WHEN GROUPING(c.model) = 0 THEN 2 WHEN GROUPING(c.prompt_type) = 0 THEN 3 ELSE 4 END,
                   0, coalesce(c.model, ''), coalesce(c.prompt_type, ''), coalesce(c.brand_kind, ''), false, :day,
                   count(*), count(c.mention_id), coalesce(sum(1.0 / c.position), 0)
              FROM counted c
             GROUP BY GROUPING SETS ((c.domain, c.model, c.prompt_type, c.brand_kind), (c.domain), (c.domain, c.model),
                                     (c.domain, c.prompt_type), (c.domain, c.brand_kind))
            UNION ALL
            SELECT :project, c.domain, CASE WHEN GROUPING(c.model) = 0 THEN 6 ELSE 5 END, pc.collection_id,
                   coalesce(c.model, ''), '', '', false, :day, count(*), count(c.mention_id), coalesce(sum(1.0 / c.position), 0)
              FROM counted c JOIN prompt_collections pc ON pc.prompt_id = c.prompt_id
             GROUP BY GROUPING SETS ((pc.collection_id, c.domain), (pc.collection_id, c.domain, c.model))
            """;

    private static final String DOMAIN_MONTH = """
            INSERT INTO domain_rollups (project_id, domain, grain, collection_id, model, prompt_type, brand_kind, month, day,
                                        responses, mentioned, inverse)
            SELECT project_id, domain, grain, collection_id, model, prompt_type, brand_kind, true, :month, sum(responses),
                   sum(mentioned), sum(inverse)
              FROM domain_rollups
             WHERE project_id = :project AND NOT month AND day >= :month AND day < :next
             GROUP BY project_id, domain, grain, collection_id, model, prompt_type, brand_kind
            """;

    /** The brand's day rows per prompt, per engine and for all engines ('' ), from the scope-2 rollups. */
    private static final String PROMPT_DAY = """
            INSERT INTO prompt_rollups (project_id, prompt_id, model, month, day, country_code, language_code, executions,
                                        responses, mentions, mention_positions, citations, visible_citations, citation_positions)
            SELECT project_id, scope_id, CASE WHEN GROUPING(model) = 1 THEN '' ELSE model END, false, day, country_code,
                   language_code, sum(executions), sum(responses), sum(mentions), sum(mention_positions), sum(citations),
                   sum(visible_citations), sum(citation_positions)
              FROM metric_rollups
             WHERE project_id = :project AND day = :day AND scope = 2 AND actor IN (-1, 0)
             GROUP BY GROUPING SETS ((project_id, scope_id, day, country_code, language_code, model),
                                     (project_id, scope_id, day, country_code, language_code))
            """;

    private static final String PROMPT_MONTH = """
            INSERT INTO prompt_rollups (project_id, prompt_id, model, month, day, country_code, language_code, executions,
                                        responses, mentions, mention_positions, citations, visible_citations, citation_positions)
            SELECT project_id, prompt_id, model, true, :month, country_code, language_code, sum(executions), sum(responses),
                   sum(mentions), sum(mention_positions), sum(citations), sum(visible_citations), sum(citation_positions)
              FROM prompt_rollups
             WHERE project_id = :project AND NOT month AND day >= :month AND day < :next
             GROUP BY project_id, prompt_id, model, country_code, language_code
            """;

    /** Recomputes every day of a project's history now (after a bulk load); returns the number of days. */
    public int rebuildProject(long projectId) {
        db.sql("INSERT INTO metric_rollup_marks (project_id, day) SELECT DISTINCT project_id, "
                        + "CAST(executed_at AT TIME ZONE 'UTC' AS date) FROM prompt_executions WHERE project_id = :project")
                .param("project", projectId).update();
        return refreshDue();
    }
}
