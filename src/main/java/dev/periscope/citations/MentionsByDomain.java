package dev.periscope.citations;

import dev.periscope.metrics.ActorRef;
import dev.periscope.metrics.Percentages;
import dev.periscope.shared.Json;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Spec "GET /citation_intelligence/mentions_by_domain": among the responses in scope that cite a domain (its
 * registrable domain or its exact host), which tracked brands they mention. An actor's share is its mentions over the
 * mentions of all actors in those responses, × 100; a mention counts once per response and actor, so an actor's
 * mentions are the responses mentioning it. Shares are rounded by largest remainder so they add up to exactly 100.
 */
@Component
public class MentionsByDomain {
    public static final int MAX_DOMAINS = 20;
    /** Actor keys of the per-domain counts (and of the rollups' view 4): every citing response, and those naming none. */
    static final long CITING = -1;
    static final long NONE = -2;

    /**
     * The values a requested domain matches on a source row {@code alias}: its registrable domain, its host, and its
     * host without {@code www.}; the raw query and the rollups (view 4) both match through this one list.
     */
    static String requestedKeys(String alias) {
        return "(VALUES (" + alias + ".domain), (" + alias + ".host), (CASE WHEN " + alias + ".host LIKE 'www.%' THEN substr("
                + alias + ".host, 5) END))";
    }

    private final JdbcClient db;
    private final CitationTotals totals;

    public MentionsByDomain(JdbcClient db, CitationTotals totals) {
        this.db = db;
        this.totals = totals;
    }

    /**
     * @param domains bare lower-case domains or hosts, without repeats
     * @param actors  the brand first, then the live competitors
     */
    public List<Map<String, Object>> compute(CitationScope scope, List<String> domains, List<ActorRef> actors) {
        // the rollups (view 4) keep every scope but a collection and an engine together
        boolean rollups = totals.answers(scope)
                && (scope.executions().collectionId() == null || scope.executions().model() == null);
        return rollups ? fromRollups(scope, domains, actors) : raw(scope, domains, actors);
    }

    /** From {@code citation_totals} view 4, whose actor keys are those of {@link #rows}. */
    private List<Map<String, Object>> fromRollups(CitationScope scope, List<String> domains, List<ActorRef> actors) {
        Map<String, Map<Long, Long>> counts = new HashMap<>();
        scope.bind(db.sql("""
                        SELECT t.group_key, t.actor, t.responses FROM citation_totals t
                         WHERE t.project_id = :f_project AND t.view = 4 AND t.group_key = ANY (CAST(:ci_domains AS text[]))
                           AND t.collection_id = :ci_collection AND t.model = :ci_model
                        """))
                .param("ci_domains", domains.toArray(String[]::new))
                .param("ci_collection", scope.executions().collectionId() == null ? 0 : scope.executions().collectionId())
                .param("ci_model", scope.executions().model() == null ? "" : scope.executions().model())
                .query((ResultSet rs) -> {
                    counts.computeIfAbsent(rs.getString("group_key"), d -> new HashMap<>())
                            .put(rs.getLong("actor"), rs.getLong("responses"));
                });
        return rows(domains, actors, counts);
    }

    /** The reference: the requested domains' citation rows in scope and their answers' mentions, on every call. */
    List<Map<String, Object>> raw(CitationScope scope, List<String> domains, List<ActorRef> actors) {
        Long[] competitorIds = actors.stream().filter(actor -> !actor.isProject()).map(ActorRef::competitorId)
                .toArray(Long[]::new);
        Map<String, Map<Long, Long>> counts = new HashMap<>();
        // The scope is materialised so that even a generic (prepared) plan joins it by hash: without it, a generic
        // plan estimates one row per step and probes executions and prompts once per citation row.
        // GROUPING SETS: per domain the citing responses (actor rolled up), and per domain and actor the citing
        // responses that mention it; actor NULL in the second set is "mentions no actor"
        boolean onePrompt = scope.executions().prompt() != null;
        String sources = onePrompt
                // one prompt's few responses: their own rows, found by execution
                ? "scope CROSS JOIN LATERAL (SELECT * FROM sources x WHERE x.execution_id = scope.id) s"
                // many responses: the requested domains' rows (domain and host indexes) joined to them
                : "sources s JOIN scope ON scope.id = s.execution_id";
        // one prompt's citing responses look their mentions up one by one (OFFSET 0 keeps the lookup a nested loop:
        // the planner overestimates them and would otherwise hash every mention of the database)
        String probe = onePrompt ? "OFFSET 0" : "";
        scope.bind(db.sql("""
                        WITH scope AS MATERIALIZED (SELECT e.id""" + scope.responses() + """
                        ),
                        cited AS (
                            SELECT DISTINCT requested.domain, s.execution_id
                              FROM""" + " " + sources + """

                             CROSS JOIN LATERAL""" + " " + requestedKeys("s") + """
                             AS requested (domain)
                             WHERE (s.domain = ANY (CAST(:ci_domains AS text[])) OR s.host = ANY (CAST(:ci_hosts AS text[])))
                               AND requested.domain = ANY (CAST(:ci_domains AS text[]))
                        """ + scope.citations() + """
                        )
                        SELECT c.domain, mentioned.actor, GROUPING(mentioned.actor) AS rolled_up,
                               count(DISTINCT c.execution_id) AS responses
                          FROM cited c
                          LEFT JOIN LATERAL (
                               SELECT coalesce(m.competitor_id, 0) AS actor FROM mentions m
                                WHERE m.execution_id = c.execution_id
                                  AND (m.competitor_id IS NULL OR m.competitor_id = ANY (CAST(:ci_competitors AS bigint[])))""" + " "
                        + probe + """

                               ) mentioned ON TRUE
                         GROUP BY GROUPING SETS ((c.domain), (c.domain, mentioned.actor))
                        """))
                .param("ci_domains", domains.toArray(String[]::new))
                .param("ci_hosts", domains.stream().flatMap(domain -> Stream.of(domain, "www." + domain))
                        .toArray(String[]::new))
                .param("ci_competitors", competitorIds)
                .query((ResultSet rs) -> {
                    long actor = rs.getInt("rolled_up") == 1 ? CITING : rs.getObject("actor") == null ? NONE : rs.getLong("actor");
                    counts.computeIfAbsent(rs.getString("domain"), d -> new HashMap<>()).put(actor, rs.getLong("responses"));
                });
        return rows(domains, actors, counts);
    }

    /**
     * The response rows from the counts per domain: its citing responses ({@link #CITING}), those naming no actor
     * ({@link #NONE}) and, per actor key, the citing responses mentioning it.
     */
    private static List<Map<String, Object>> rows(List<String> domains, List<ActorRef> actors,
                                                  Map<String, Map<Long, Long>> countsByDomain) {
        List<Map<String, Object>> data = new ArrayList<>();
        for (String domain : domains) {
            Map<Long, Long> counts = countsByDomain.getOrDefault(domain, Map.of());
            Map<ActorRef, Long> mentions = new LinkedHashMap<>();
            actors.forEach(actor -> mentions.put(actor, counts.getOrDefault(actor.key(), 0L)));
            Map<ActorRef, Double> shares = Percentages.shares(mentions);
            List<Map<String, Object>> rows = new ArrayList<>();
            actors.forEach(actor -> rows.add(Json.object("actor", actor.json(), "responses", mentions.get(actor),
                    "share", shares.get(actor))));
            data.add(Json.object("domain", domain, "total_responses", counts.getOrDefault(CITING, 0L),
                    "responses_without_mentions", counts.getOrDefault(NONE, 0L), "actors", rows));
        }
        return data;
    }
}
