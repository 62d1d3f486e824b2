package dev.periscope.metrics;

import dev.periscope.execution.ExecutionFilter;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * The sums behind every metric, per bucket (UTC day, Monday week, month, or the whole range), optionally per engine,
 * and per actor. Two ways to the same numbers: {@link #raw} groups the records of the filtered executions (the
 * reference, and the way for filters the rollups cannot answer), {@link #rollup} reads {@code metric_rollups}, which
 * {@link Rollups} keeps in step with the records. Responses are successful executions with an answer
 * ({@code no_result} false); executions also count answers without a result.
 */
@Component
public class MetricsQuery {
    /** A bucket's first day (null for the whole range) and engine (null for all engines). */
    public record Key(LocalDate bucket, String model) {
    }

    /** Sums per key: per actor key (0 = the brand), plus the executions and responses of the key. */
    public record Sums(Map<Key, Map<Long, Counts>> counts, Map<Key, long[]> executions) {
        public long responses(Key key) {
            long[] pair = executions.get(key);
            return pair == null ? 0 : pair[1];
        }

        /** The same sums over the whole range: buckets merged, engines kept apart. */
        public Sums wholeRange() {
            Map<Key, long[]> merged = new HashMap<>();
            executions.forEach((key, pair) -> merged.merge(new Key(null, key.model()), pair.clone(),
                    (a, b) -> new long[] {a[0] + b[0], a[1] + b[1]}));
            Map<Key, Map<Long, Counts>> sums = new HashMap<>();
            counts.forEach((key, perActor) -> perActor.forEach((actor, value) -> add(sums, new Key(null, key.model()), actor, value)));
            return complete(sums, merged);
        }
    }

    /** What to group by and for which actors. */
    public record Shape(Granularity granularity, boolean byModel, List<ActorRef> actors) {
        Long[] competitorIds() {
            return actors.stream().filter(a -> !a.isProject()).map(ActorRef::competitorId).toArray(Long[]::new);
        }

        boolean brand() {
            return actors.stream().anyMatch(ActorRef::isProject);
        }
    }

    private final JdbcClient db;

    public MetricsQuery(JdbcClient db) {
        this.db = db;
    }

    public Sums sums(ExecutionFilter filter, Shape shape) {
        return rollupAnswers(filter) ? rollup(filter, shape) : raw(filter, shape);
    }

    /**
     * Rollups hold whole UTC days and no per-execution record filters: they answer any filter except the mention and
     * citation filters and bounds inside a day.
     */
    public static boolean rollupAnswers(ExecutionFilter filter) {
        return filter.mentionFilter() == null && filter.citationFilter() == null
                && midnight(filter.range().from()) && midnight(filter.range().to());
    }

    private static boolean midnight(Instant instant) {
        return instant == null || instant.atOffset(ZoneOffset.UTC).toLocalTime().equals(LocalTime.MIDNIGHT);
    }

    /** From {@code metric_rollups}: the scope that holds the filter's prompts, then columns for the rest. */
    public Sums rollup(ExecutionFilter filter, Shape shape) {
        String bucket = shape.granularity() == null ? "CAST(NULL AS date)"
                : "CAST(date_trunc('" + shape.granularity().unit() + "', r.day) AS date)";
        String model = shape.byModel() ? "r.model" : "CAST(NULL AS text)";
        StringBuilder where = new StringBuilder(" WHERE r.project_id = :project");
        Map<String, Object> params = new HashMap<>();
        params.put("project", filter.projectId());
        if (filter.prompt() != null) {
            Long[] prompts = filter.bind(db.sql("SELECT p.id FROM prompts p WHERE p.deleted_at IS NULL AND p.project_id = :f_project"
                    + filter.promptConditions())).query(Long.class).list().toArray(Long[]::new);
            where.append(" AND r.scope = 2 AND r.scope_id = ANY (CAST(:scopes AS bigint[]))");
            params.put("scopes", prompts);
        } else {
            // Scopes 3 and 4 repeat 0 and 1 with prompt type, brand kind and locale collapsed ('*'): far fewer rows.
            // Scopes 5 and 6 keep only the prompt type or only the brand kind.
            boolean noLocale = filter.countryCode() == null && filter.languageCode() == null;
            boolean collapsed = noLocale && filter.promptType() == null && filter.brandKind() == null;
            if (filter.collectionId() != null) {
                where.append(" AND r.scope = ").append(collapsed ? 4 : 1).append(" AND r.scope_id = :scope");
                params.put("scope", filter.collectionId());
            } else {
                int scope = collapsed ? 3 : !noLocale ? 0 : filter.brandKind() == null ? 5 : filter.promptType() == null ? 6 : 0;
                where.append(" AND r.scope = ").append(scope).append(" AND r.scope_id = 0");
            }
        }
        if (filter.range().from() != null) {
            where.append(" AND r.day >= :from");
            params.put("from", LocalDate.ofInstant(filter.range().from(), ZoneOffset.UTC));
        }
        if (filter.range().to() != null) {
            where.append(" AND r.day < :to");
            params.put("to", LocalDate.ofInstant(filter.range().to(), ZoneOffset.UTC));
        }
        column(where, params, "model", filter.model());
        column(where, params, "country_code", filter.countryCode());
        column(where, params, "language_code", filter.languageCode());
        if (filter.prompt() == null) {
            column(where, params, "prompt_type", filter.promptType());
            column(where, params, "brand_kind", filter.brandKind());
        }
        where.append(" AND (r.actor = -1").append(shape.brand() ? " OR r.actor = 0" : "")
                .append(" OR r.actor = ANY (CAST(:actors AS bigint[])))");
        params.put("actors", shape.competitorIds());

        Map<Key, Map<Long, Counts>> counts = new HashMap<>();
        Map<Key, long[]> executions = new HashMap<>();
        db.sql("SELECT " + bucket + " AS bucket, " + model + """
                         AS model, r.actor,
                               sum(r.executions) AS executions, sum(r.responses) AS responses, sum(r.mentions) AS mentions,
                               sum(r.inverse_positions) AS inverse, sum(r.mention_positions) AS mention_positions,
                               sum(r.position_1) AS p1, sum(r.position_2) AS p2, sum(r.position_3) AS p3,
                               sum(r.position_4_7) AS p4, sum(r.position_8_plus) AS p8,
                               sum(r.citations) AS citations, sum(r.visible_citations) AS visible,
                               sum(r.citation_positions) AS citation_positions,
                               sum(r.very_positive) AS very_positive, sum(r.positive) AS positive, sum(r.neutral) AS neutral,
                               sum(r.negative) AS negative, sum(r.very_negative) AS very_negative
                          FROM metric_rollups r
                        """ + where + " GROUP BY 1, 2, 3")
                .params(params)
                .query((rs, n) -> {
                    Key key = new Key(rs.getObject("bucket", LocalDate.class), rs.getString("model"));
                    long actor = rs.getLong("actor");
                    if (actor == -1) {
                        executions.merge(key, new long[] {rs.getLong("executions"), rs.getLong("responses")},
                                (a, b) -> new long[] {a[0] + b[0], a[1] + b[1]});
                    } else {
                        add(counts, key, actor, new Counts(0, rs.getLong("mentions"), rs.getDouble("inverse"),
                                rs.getLong("mention_positions"), rs.getLong("citations"), rs.getLong("visible"),
                                rs.getLong("citation_positions"), rs.getLong("very_positive"), rs.getLong("positive"),
                                rs.getLong("neutral"), rs.getLong("negative"), rs.getLong("very_negative"),
                                rs.getLong("p1"), rs.getLong("p2"), rs.getLong("p3"), rs.getLong("p4"), rs.getLong("p8")));
                    }
                    return null;
                })
                .list();
        return complete(counts, executions);
    }

    private static void column(StringBuilder where, Map<String, Object> params, String column, String value) {
        if (value != null) {
            where.append(" AND r.").append(column).append(" = :").append(column);
            params.put(column, value);
        }
    }

    /** The reference: grouped queries over the raw records of the filtered executions. */
    public Sums raw(ExecutionFilter filter, Shape shape) {
        String bucket = shape.granularity() == null ? "CAST(NULL AS date)"
                : "CAST(date_trunc('" + shape.granularity().unit() + "', e.executed_at AT TIME ZONE 'UTC') AS date)";
        String model = shape.byModel() ? "e.model" : "CAST(NULL AS text)";
        String select = "SELECT " + bucket + " AS bucket, " + model + " AS model, ";
        String joined = """
                  JOIN prompt_executions e ON e.id = x.execution_id
                  JOIN prompts p ON p.id = e.prompt_id
                 WHERE p.deleted_at IS NULL AND e.success AND NOT e.no_result
                """ + filter.conditions();
        String actorScope = " AND (" + (shape.brand() ? "x.competitor_id IS NULL OR " : "")
                + "x.competitor_id = ANY (CAST(:actors AS bigint[])))";
        Long[] competitorIds = shape.competitorIds();

        Map<Key, long[]> executions = new HashMap<>();
        filter.bind(db.sql(select + """
                        count(*) AS executions, count(*) FILTER (WHERE NOT e.no_result) AS responses
                          FROM prompt_executions e JOIN prompts p ON p.id = e.prompt_id
                         WHERE p.deleted_at IS NULL AND e.success
                        """ + filter.conditions() + " GROUP BY 1, 2"))
                .query((rs, n) -> executions.put(key(rs), new long[] {rs.getLong("executions"), rs.getLong("responses")}))
                .list();

        Map<Key, Map<Long, Counts>> counts = new HashMap<>();
        filter.bind(db.sql(select + """
                        coalesce(x.competitor_id, 0) AS actor, count(*) AS n,
                               sum(1.0 / x.position) AS inverse, sum(x.position) AS positions,
                               count(*) FILTER (WHERE x.position = 1) AS p1, count(*) FILTER (WHERE x.position = 2) AS p2,
                               count(*) FILTER (WHERE x.position = 3) AS p3,
                               count(*) FILTER (WHERE x.position BETWEEN 4 AND 7) AS p4,
                               count(*) FILTER (WHERE x.position >= 8) AS p8
                          FROM mentions x
                        """ + joined + actorScope + " GROUP BY 1, 2, 3"))
                .param("actors", competitorIds)
                .query((rs, n) -> add(counts, key(rs), rs.getLong("actor"), new Counts(0, rs.getLong("n"),
                        rs.getDouble("inverse"), rs.getLong("positions"), 0, 0, 0, 0, 0, 0, 0, 0,
                        rs.getLong("p1"), rs.getLong("p2"), rs.getLong("p3"), rs.getLong("p4"), rs.getLong("p8"))))
                .list();
        filter.bind(db.sql(select + """
                        coalesce(x.competitor_id, 0) AS actor, count(*) AS n,
                               count(*) FILTER (WHERE x.position > 0) AS visible,
                               coalesce(sum(x.position) FILTER (WHERE x.position > 0), 0) AS positions
                          FROM sources x
                        """ + joined + """
                           AND (x.source_type = 'owned' OR (x.source_type = 'competitor' AND x.competitor_id IS NOT NULL))
                        """ + actorScope.replace("x.competitor_id IS NULL", "x.source_type = 'owned'") + " GROUP BY 1, 2, 3"))
                .param("actors", competitorIds)
                .query((rs, n) -> add(counts, key(rs), rs.getLong("actor"), new Counts(0, 0, 0, 0, rs.getLong("n"),
                        rs.getLong("visible"), rs.getLong("positions"), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
                .list();
        filter.bind(db.sql(select + """
                        coalesce(x.competitor_id, 0) AS actor,
                               count(*) FILTER (WHERE x.analysis = 'very_positive') AS very_positive,
                               count(*) FILTER (WHERE x.analysis = 'positive') AS positive,
                               count(*) FILTER (WHERE x.analysis = 'neutral') AS neutral,
                               count(*) FILTER (WHERE x.analysis = 'negative') AS negative,
                               count(*) FILTER (WHERE x.analysis = 'very_negative') AS very_negative
                          FROM sentiments x
                        """ + joined + " AND NOT x.hidden AND x.analysis IS NOT NULL" + actorScope + " GROUP BY 1, 2, 3"))
                .param("actors", competitorIds)
                .query((rs, n) -> add(counts, key(rs), rs.getLong("actor"), new Counts(0, 0, 0, 0, 0, 0, 0,
                        rs.getLong("very_positive"), rs.getLong("positive"), rs.getLong("neutral"), rs.getLong("negative"),
                        rs.getLong("very_negative"), 0, 0, 0, 0, 0)))
                .list();
        return complete(counts, executions);
    }

    private static Key key(ResultSet rs) throws SQLException {
        return new Key(rs.getObject("bucket", LocalDate.class), rs.getString("model"));
    }

    /** Keys without responses keep their executions but no actor sums; every actor sum carries its key's responses. */
    private static Sums complete(Map<Key, Map<Long, Counts>> counts, Map<Key, long[]> executions) {
        Map<Key, Map<Long, Counts>> withResponses = new HashMap<>();
        executions.forEach((key, pair) -> {
            Map<Long, Counts> perActor = new HashMap<>();
            counts.getOrDefault(key, Map.of()).forEach((actor, sums) -> perActor.put(actor, sums.withResponses(pair[1])));
            withResponses.put(key, perActor);
        });
        return new Sums(withResponses, executions);
    }

    private static Object add(Map<Key, Map<Long, Counts>> sums, Key key, long actor, Counts counts) {
        sums.computeIfAbsent(key, k -> new HashMap<>()).merge(actor, counts, Counts::plus);
        return null;
    }
}
