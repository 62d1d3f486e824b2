package dev.periscope.citations;

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
 * Keeps {@code citation_months} and {@code citation_totals} in step with the raw records. Every (project, day) mark of
 * the metric rollups also marks its month in {@code citation_rollup_marks} (a trigger, in the writer's transaction),
 * so this refresher works alongside the metric one; {@link #refreshDue} rebuilds each marked month from the records and adds the month's difference (new rows minus the rows they replace) to the whole-history
 * totals. A first or last sighting that may have moved out of the month is recomputed from the months.
 *
 * <p>One transaction per (project, month), under a per-project advisory lock (the totals are shared by all months
 * of a project), deleting exactly the marks it read, so a mark written meanwhile survives for the next pass.
 */
@Component
public class CitationRollups {
    private static final Logger LOG = LoggerFactory.getLogger(CitationRollups.class);
    /** Second key of the per-project advisory lock; the metric rollups use day numbers (never negative) there. */
    private static final int LOCK_CLASS = -1;

    private static final String AGGREGATES = """
            count(DISTINCT k.execution_id) AS responses, count(*) AS citations,
            count(*) FILTER (WHERE k.position > 0) AS visible,
            coalesce(sum(k.position) FILTER (WHERE k.position > 0), 0) AS positions,
            count(*) FILTER (WHERE k.source_type = 'owned') AS owned,
            count(*) FILTER (WHERE k.source_type = 'competitor') AS competitor,
            count(*) FILTER (WHERE k.source_type = 'third_party') AS third_party,
            min(k.executed_at) AS first_seen, max(k.executed_at) AS last_seen""";
    private static final String COLUMNS = "view, collection_id, model, group_key, actor, url_sha256, host, domain, "
            + "responses, citations, visible, positions, owned, competitor, third_party, first_seen, last_seen";
    private static final String KEY = "view, collection_id, model, group_key, actor";
    private static final String SUMMED = "responses, citations, visible, positions, owned, competitor, third_party";

    /**
     * Rebuilds one month and applies its difference to the totals. The month's citing responses are those of the
     * metrics (successful, with an answer, live prompt); every source row counts (visible or background).
     */
    private static final String REBUILD_MONTH = """
            WITH cited AS (
                SELECT s.execution_id, s.url, s.normalized_url, s.url_sha256, s.host, s.domain, s.position,
                       s.source_type, e.model, e.prompt_id, e.executed_at
                  FROM prompt_executions e JOIN prompts p ON p.id = e.prompt_id JOIN sources s ON s.execution_id = e.id
                 WHERE e.project_id = :project AND e.executed_at >= :start AND e.executed_at < :end
                   AND e.success AND NOT e.no_result AND p.deleted_at IS NULL
            ), keyed AS (
                SELECT CAST(0 AS smallint) AS view, c.normalized_url AS group_key, CAST(c.url_sha256 AS text) AS url_sha256,
                       c.host, c.domain, c.execution_id, c.position, c.source_type, c.model, c.prompt_id, c.executed_at
                  FROM cited c
                UNION ALL
                SELECT 1, c.host, NULL, c.host, c.domain, c.execution_id, c.position, c.source_type, c.model, c.prompt_id,
                       c.executed_at
                  FROM cited c
                UNION ALL
                SELECT 2, c.domain, NULL, NULL, c.domain, c.execution_id, c.position, c.source_type, c.model, c.prompt_id,
                       c.executed_at
                  FROM cited c
            ), citing AS (
                -- a response cites a requested domain through a source's registrable domain, host or host without www.
                SELECT DISTINCT r.requested AS group_key, c.execution_id, c.model, c.prompt_id, c.executed_at
                  FROM cited c CROSS JOIN LATERAL {requested_keys} AS r (requested)
                 WHERE r.requested IS NOT NULL
            ), actors AS (
                -- per citing response: the brand (0) and live competitors it mentions, or -2 when it names none
                SELECT x.execution_id, coalesce(a.actor, -2) AS actor
                  FROM (SELECT DISTINCT execution_id FROM cited) x
                  LEFT JOIN LATERAL (
                       SELECT DISTINCT coalesce(m.competitor_id, 0) AS actor
                         FROM mentions m LEFT JOIN competitors co ON co.id = m.competitor_id
                        WHERE m.execution_id = x.execution_id AND (m.competitor_id IS NULL OR co.deleted_at IS NULL)) a ON TRUE
            ), by_actor AS (
                SELECT g.group_key, g.execution_id, g.model, g.prompt_id, g.executed_at, CAST(-1 AS bigint) AS actor
                  FROM citing g
                UNION ALL
                SELECT g.group_key, g.execution_id, g.model, g.prompt_id, g.executed_at, a.actor
                  FROM citing g JOIN actors a ON a.execution_id = g.execution_id
            ), fresh AS MATERIALIZED (
                SELECT k.view, CAST(0 AS bigint) AS collection_id, coalesce(k.model, '') AS model, k.group_key,
                       CAST(-1 AS bigint) AS actor, max(k.url_sha256) AS url_sha256, max(k.host) AS host, max(k.domain) AS domain, {aggregates}
                  FROM keyed k
                 GROUP BY GROUPING SETS ((k.view, k.group_key, k.model), (k.view, k.group_key))
                UNION ALL
                SELECT k.view, pc.collection_id, coalesce(k.model, ''), k.group_key, -1,
                       max(k.url_sha256), max(k.host), max(k.domain), {aggregates}
                  FROM keyed k JOIN prompt_collections pc ON pc.prompt_id = k.prompt_id
                 GROUP BY GROUPING SETS ((k.view, pc.collection_id, k.group_key, k.model),
                                         (k.view, pc.collection_id, k.group_key))
                UNION ALL
                -- view 3: the raw forms of each URL (every prompt and engine only), for its latest form and variants
                SELECT CAST(3 AS smallint), CAST(0 AS bigint), '', k.url, -1, max(CAST(k.url_sha256 AS text)),
                       max(k.host), max(k.domain), {aggregates}
                  FROM cited k
                 GROUP BY k.url
                UNION ALL
                -- view 4: per cited domain or host, the citing responses (-1) and those mentioning each actor
                SELECT CAST(4 AS smallint), CAST(0 AS bigint), coalesce(x.model, ''), x.group_key, x.actor, NULL, NULL,
                       x.group_key, {actor_aggregates}
                  FROM by_actor x
                 GROUP BY GROUPING SETS ((x.group_key, x.actor, x.model), (x.group_key, x.actor))
                UNION ALL
                SELECT CAST(4 AS smallint), pc.collection_id, '', x.group_key, x.actor, NULL, NULL, x.group_key,
                       {actor_aggregates}
                  FROM by_actor x JOIN prompt_collections pc ON pc.prompt_id = x.prompt_id
                 GROUP BY pc.collection_id, x.group_key, x.actor
            ), old AS (
                DELETE FROM citation_months WHERE project_id = :project AND month = :month RETURNING {columns}
            ), stored AS (
                INSERT INTO citation_months (project_id, month, {columns}) SELECT :project, :month, {columns} FROM fresh
            ), delta AS (
                SELECT {key}, coalesce(n.url_sha256, o.url_sha256) AS url_sha256, coalesce(n.host, o.host) AS host,
                       coalesce(n.domain, o.domain) AS domain,
                       {differences},
                       o.first_seen AS old_first, n.first_seen AS new_first, o.last_seen AS old_last, n.last_seen AS new_last
                  FROM fresh n FULL JOIN old o USING ({key})
                 WHERE o.group_key IS NULL OR n.group_key IS NULL
                    OR ({new_values}, n.first_seen, n.last_seen) IS DISTINCT FROM ({old_values}, o.first_seen, o.last_seen)
            ), updated AS (
                UPDATE citation_totals t
                   SET {increments},
                       first_seen = CASE WHEN d.new_first IS NOT NULL AND (d.old_first IS NULL OR d.new_first <= d.old_first)
                                         THEN least(t.first_seen, d.new_first)
                                         WHEN d.old_first > t.first_seen THEN t.first_seen END,
                       last_seen = CASE WHEN d.new_last IS NOT NULL AND (d.old_last IS NULL OR d.new_last >= d.old_last)
                                        THEN greatest(t.last_seen, d.new_last)
                                        WHEN d.old_last < t.last_seen THEN t.last_seen END
                  FROM delta d
                 WHERE t.project_id = :project AND t.view = d.view AND t.collection_id = d.collection_id
                   AND t.model = d.model AND t.group_key = d.group_key AND t.actor = d.actor
                RETURNING t.view, t.collection_id, t.model, t.group_key, t.actor
            )
            INSERT INTO citation_totals (project_id, {columns})
            SELECT :project, {key}, d.url_sha256, d.host, d.domain, {summed}, d.new_first, d.new_last
              FROM delta d
             WHERE NOT EXISTS (SELECT 1 FROM updated u WHERE u.view = d.view AND u.collection_id = d.collection_id
                                 AND u.model = d.model AND u.group_key = d.group_key AND u.actor = d.actor)
            """
            .replace("{aggregates}", AGGREGATES.replace("\n", "\n" + " ".repeat(23)))
            // one row per (group, response, actor): its responses are its rows, and so are its "citations", which
            // keeps a row of view 4 non-empty exactly while it counts a response
            .replace("{actor_aggregates}", "count(*), count(*), 0, 0, 0, 0, 0, min(x.executed_at), max(x.executed_at)")
            .replace("{requested_keys}", MentionsByDomain.requestedKeys("c"))
            .replace("{columns}", COLUMNS)
            .replace("{key}", KEY)
            .replace("{summed}", SUMMED)
            .replace("{differences}", columns("coalesce(n.%1$s, 0) - coalesce(o.%1$s, 0) AS %1$s"))
            .replace("{new_values}", columns("n.%s"))
            .replace("{old_values}", columns("o.%s"))
            .replace("{increments}", columns("%1$s = t.%1$s + d.%1$s"));

    /** Groups the months no longer cite (all their rows were in the rebuilt month). */
    private static final String DROP_EMPTY = """
            DELETE FROM citation_totals
             WHERE project_id = :project AND (first_seen IS NULL OR last_seen IS NULL) AND citations <= 0
            """;

    /** First and last sightings the rebuilt month may have held, recomputed from every month. */
    private static final String SETTLE = """
            UPDATE citation_totals t SET first_seen = m.first_seen, last_seen = m.last_seen
              FROM (SELECT m.view, m.collection_id, m.model, m.group_key, m.actor, min(m.first_seen) AS first_seen,
                           max(m.last_seen) AS last_seen
                      FROM citation_totals u JOIN citation_months m
                        ON m.project_id = u.project_id AND m.view = u.view AND m.collection_id = u.collection_id
                       AND m.model = u.model AND m.group_key = u.group_key AND m.actor = u.actor
                     WHERE u.project_id = :project AND (u.first_seen IS NULL OR u.last_seen IS NULL)
                     GROUP BY m.view, m.collection_id, m.model, m.group_key, m.actor) m
             WHERE t.project_id = :project AND t.view = m.view AND t.collection_id = m.collection_id
               AND t.model = m.model AND t.group_key = m.group_key AND t.actor = m.actor
            """;

    private final JdbcClient db;
    private final MarkQueue marks;

    public CitationRollups(JdbcClient db, TransactionTemplate transactions) {
        this.db = db;
        this.marks = new MarkQueue(db, transactions, "citation_rollup_marks", "month");
    }

    private static String columns(String format) {
        return String.join(", ", List.of(SUMMED.split(", ")).stream().map(format::formatted).toList());
    }

    /** Rebuilds every marked month; returns how many it rebuilt. */
    @Scheduled(fixedDelayString = "${periscope.rollups.interval:PT10S}", initialDelayString = "${periscope.rollups.initial-delay:PT5S}")
    public int refreshDue() {
        // one lock per project: its months share the totals
        int done = marks.drain(mark -> LOCK_CLASS, mark -> rebuild(mark.projectId(), mark.date()));
        if (done > 0) {
            LOG.debug("rebuilt {} citation rollup months", done);
        }
        return done;
    }

    /** Inside a transaction holding the project's lock: one month rebuilt, its difference added to the totals. */
    void rebuild(long projectId, LocalDate month) {
        Map<String, Object> params = Map.of("project", projectId, "month", month,
                "start", month.atStartOfDay().atOffset(ZoneOffset.UTC),
                "end", month.plusMonths(1).atStartOfDay().atOffset(ZoneOffset.UTC));
        db.sql(REBUILD_MONTH).params(params).update();
        db.sql(DROP_EMPTY).param("project", projectId).update();
        db.sql(SETTLE).param("project", projectId).update();
    }
}
