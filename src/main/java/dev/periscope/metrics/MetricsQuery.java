package dev.periscope.metrics;

import dev.periscope.execution.ExecutionFilter;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * The sums behind every metric, by bucket (UTC day, Monday week or month) and actor, in four grouped queries over
 * the records of the filtered executions. Responses are the successful executions with an answer.
 */
@Component
public class MetricsQuery {
    private static final String EXECUTIONS = """
             FROM prompt_executions e JOIN prompts p ON p.id = e.prompt_id
            WHERE p.deleted_at IS NULL AND e.success AND NOT e.no_result
            """;

    private final JdbcClient db;

    public MetricsQuery(JdbcClient db) {
        this.db = db;
    }

    /** Sums per bucket and actor key (0 = the brand); buckets without responses are absent. */
    public record Result(TreeMap<LocalDate, Map<Long, Counts>> buckets, TreeMap<LocalDate, Long> responses) {
    }

    public Result sums(ExecutionFilter filter, Granularity granularity, List<ActorRef> actors) {
        String bucket = "CAST(date_trunc('" + granularity.unit() + "', e.executed_at AT TIME ZONE 'UTC') AS date)";
        Long[] competitorIds = actors.stream().filter(a -> !a.isProject()).map(ActorRef::competitorId).toArray(Long[]::new);
        boolean brand = actors.stream().anyMatch(ActorRef::isProject);
        String actorScope = " AND (" + (brand ? "x.competitor_id IS NULL OR " : "") + "x.competitor_id = ANY (CAST(:actors AS bigint[])))";

        TreeMap<LocalDate, Long> responses = new TreeMap<>();
        filter.bind(db.sql("SELECT " + bucket + " AS bucket, count(*) AS n" + EXECUTIONS + filter.conditions() + " GROUP BY 1"))
                .query((rs, n) -> responses.put(rs.getObject("bucket", LocalDate.class), rs.getLong("n"))).list();

        Map<LocalDate, Map<Long, Counts>> sums = new HashMap<>();
        filter.bind(db.sql("SELECT " + bucket + """
                         AS bucket, coalesce(x.competitor_id, 0) AS actor, count(*) AS n,
                               sum(1.0 / x.position) AS inverse, sum(x.position) AS positions
                          FROM mentions x JOIN prompt_executions e ON e.id = x.execution_id
                          JOIN prompts p ON p.id = e.prompt_id
                         WHERE p.deleted_at IS NULL AND e.success AND NOT e.no_result
                        """ + filter.conditions() + actorScope + " GROUP BY 1, 2"))
                .param("actors", competitorIds)
                .query((rs, n) -> add(sums, rs.getObject("bucket", LocalDate.class), rs.getLong("actor"),
                        new Counts(0, rs.getLong("n"), rs.getDouble("inverse"), rs.getLong("positions"), 0, 0, 0, 0, 0, 0, 0, 0)))
                .list();
        filter.bind(db.sql("SELECT " + bucket + """
                         AS bucket, coalesce(x.competitor_id, 0) AS actor, count(*) AS n,
                               count(*) FILTER (WHERE x.position > 0) AS visible,
                               coalesce(sum(x.position) FILTER (WHERE x.position > 0), 0) AS positions
                          FROM sources x JOIN prompt_executions e ON e.id = x.execution_id
                          JOIN prompts p ON p.id = e.prompt_id
                         WHERE p.deleted_at IS NULL AND e.success AND NOT e.no_result
                           AND (x.source_type = 'owned' OR (x.source_type = 'competitor' AND x.competitor_id IS NOT NULL))
                        """ + filter.conditions() + actorScope.replace("x.competitor_id IS NULL", "x.source_type = 'owned'")
                        + " GROUP BY 1, 2"))
                .param("actors", competitorIds)
                .query((rs, n) -> add(sums, rs.getObject("bucket", LocalDate.class), rs.getLong("actor"),
                        new Counts(0, 0, 0, 0, rs.getLong("n"), rs.getLong("visible"), rs.getLong("positions"), 0, 0, 0, 0, 0)))
                .list();
        filter.bind(db.sql("SELECT " + bucket + """
                         AS bucket, coalesce(x.competitor_id, 0) AS actor,
                               count(*) FILTER (WHERE x.analysis = 'very_positive') AS very_positive,
                               count(*) FILTER (WHERE x.analysis = 'positive') AS positive,
                               count(*) FILTER (WHERE x.analysis = 'neutral') AS neutral,
                               count(*) FILTER (WHERE x.analysis = 'negative') AS negative,
                               count(*) FILTER (WHERE x.analysis = 'very_negative') AS very_negative
                          FROM sentiments x JOIN prompt_executions e ON e.id = x.execution_id
                          JOIN prompts p ON p.id = e.prompt_id
                         WHERE p.deleted_at IS NULL AND e.success AND NOT e.no_result AND NOT x.hidden
                           AND x.analysis IS NOT NULL
                        """ + filter.conditions() + actorScope + " GROUP BY 1, 2"))
                .param("actors", competitorIds)
                .query((rs, n) -> add(sums, rs.getObject("bucket", LocalDate.class), rs.getLong("actor"),
                        new Counts(0, 0, 0, 0, 0, 0, 0, rs.getLong("very_positive"), rs.getLong("positive"),
                                rs.getLong("neutral"), rs.getLong("negative"), rs.getLong("very_negative"))))
                .list();

        TreeMap<LocalDate, Map<Long, Counts>> buckets = new TreeMap<>();
        responses.forEach((day, count) -> {
            Map<Long, Counts> perActor = new HashMap<>();
            for (ActorRef actor : actors) {
                Counts counts = sums.getOrDefault(day, Map.of()).getOrDefault(actor.key(), Counts.ZERO);
                perActor.put(actor.key(), counts.withResponses(count));
            }
            buckets.put(day, perActor);
        });
        return new Result(buckets, responses);
    }

    /** Brand mention positions over the range: 1, 2, 3 and more. */
    public long[] brandPositions(ExecutionFilter filter) {
        return filter.bind(db.sql("""
                        SELECT count(*) FILTER (WHERE x.position = 1) AS first,
                               count(*) FILTER (WHERE x.position = 2) AS second,
                               count(*) FILTER (WHERE x.position >= 3) AS later
                          FROM mentions x JOIN prompt_executions e ON e.id = x.execution_id
                          JOIN prompts p ON p.id = e.prompt_id
                         WHERE p.deleted_at IS NULL AND e.success AND NOT e.no_result AND x.competitor_id IS NULL
                        """ + filter.conditions()))
                .query((rs, n) -> new long[] {rs.getLong("first"), rs.getLong("second"), rs.getLong("later")})
                .single();
    }

    private static Object add(Map<LocalDate, Map<Long, Counts>> sums, LocalDate bucket, long actor, Counts counts) {
        sums.computeIfAbsent(bucket, day -> new HashMap<>()).merge(actor, counts, Counts::plus);
        return null;
    }
}
