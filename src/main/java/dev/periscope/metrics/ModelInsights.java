package dev.periscope.metrics;

import dev.periscope.execution.ExecutionFilter;
import dev.periscope.shared.Json;
import dev.periscope.shared.Models;
import dev.periscope.shared.PageRequest;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Spec "AI Model Insights reports": the brand compared across engines, position buckets of one or two brands, and
 * how often Google answers with an AI Overview at all. Shares within an engine are an actor's part of what all the
 * compared actors got there (largest remainder, exactly 100); weighted visibility is DECISIONS' 100 × Σ(1/position)
 * / responses, and its share the actor's Σ(1/position) over all actors' (reference "product and spec gaps" 2.10).
 */
@Component
public class ModelInsights {
    public static final List<String> POSITION_BUCKETS = List.of("Position 1", "Position 2-3", "Position 4-7", "Position 8+");
    /** The engine whose answers may come without an AI Overview ({@code no_result}). */
    public static final String AI_OVERVIEW = "ai_overview";

    private final MetricsQuery query;
    private final Metrics metrics;
    private final JdbcClient db;

    public ModelInsights(MetricsQuery query, Metrics metrics, JdbcClient db) {
        this.query = query;
        this.metrics = metrics;
        this.db = db;
    }

    /** One matrix metric: a cell's value, and the share numerator it adds up across actors. */
    private record Measure(String name, ToDoubleFunction<Counts> value, ToDoubleFunction<Counts> shareOf, boolean perResponse) {
    }

    private static final List<Measure> MEASURES = List.of(
            new Measure("mentions", Counts::mentions, Counts::mentions, false),
            new Measure("citations", Counts::citations, Counts::citations, false),
            new Measure("sentiment", c -> c.veryPositive() + c.positive() - c.negative() - c.veryNegative(),
                    c -> c.veryPositive() + c.positive(), false),
            new Measure("weighted_visibility", Counts::inversePositions, Counts::inversePositions, true));

    public Map<String, Object> summary(ExecutionFilter filter, Granularity granularity, List<ActorRef> actors) {
        MetricsQuery.Sums trend = query.sums(filter, new MetricsQuery.Shape(granularity, true, actors));
        MetricsQuery.Sums whole = trend.wholeRange();
        TreeSet<String> models = new TreeSet<>();
        whole.executions().forEach((key, pair) -> {
            if (pair[1] > 0) {
                models.add(key.model());
            }
        });
        ActorRef brand = actors.stream().filter(ActorRef::isProject).findFirst().orElseThrow();

        List<Map<String, Object>> perModel = new ArrayList<>();
        Counts brandTotal = Counts.ZERO;
        long responses = 0;
        for (String model : models) {
            MetricsQuery.Key key = new MetricsQuery.Key(null, model);
            Map<Long, Counts> counts = whole.counts().getOrDefault(key, Map.of());
            long modelResponses = whole.responses(key);
            Counts own = counts.getOrDefault(brand.key(), Counts.ZERO.withResponses(modelResponses));
            brandTotal = brandTotal.plus(own);
            responses += modelResponses;
            Map<Long, Long> mentionShares = ShareOfVoice.shares(column(actors, counts, Counts::mentions));
            Map<Long, Long> citationShares = ShareOfVoice.shares(column(actors, counts, Counts::citations));
            Map<Long, Long> weightShares = ShareOfVoice.shares(column(actors, counts, Counts::inversePositions));
            perModel.add(Json.object(
                    "model", model,
                    "responses", modelResponses,
                    "mentions", own.mentions(),
                    "mention_share", hundredths(mentionShares.get(brand.key())),
                    "citations", own.citations(),
                    "citation_share", hundredths(citationShares.get(brand.key())),
                    "net_sentiment", own.veryPositive() + own.positive() - own.negative() - own.veryNegative(),
                    "positive_count", own.veryPositive() + own.positive(),
                    "negative_count", own.negative() + own.veryNegative(),
                    "neutral_count", own.neutral(),
                    "weighted_visibility", Metrics.round(modelResponses == 0 ? null : own.inversePositions() * 100 / modelResponses),
                    "weighted_visibility_sum", Metrics.round(own.inversePositions()),
                    "weighted_visibility_share", hundredths(weightShares.get(brand.key()))));
        }

        Map<String, Object> matrices = new LinkedHashMap<>();
        for (Measure measure : MEASURES) {
            matrices.put(measure.name(), matrix(measure, whole, models, actors));
        }

        TreeMap<LocalDate, Map<String, Object>> byDate = new TreeMap<>();
        trend.executions().forEach((key, pair) -> {
            if (pair[1] == 0) {
                return;
            }
            Map<Long, Counts> counts = trend.counts().getOrDefault(key, Map.of());
            Counts own = counts.getOrDefault(brand.key(), Counts.ZERO.withResponses(pair[1]));
            Map<Long, Long> shares = ShareOfVoice.shares(column(actors, counts, Counts::mentions));
            @SuppressWarnings("unchecked")
            Map<String, Object> modelsOfDate = (Map<String, Object>) byDate
                    .computeIfAbsent(key.bucket(), date -> Json.object("date", date.toString(), "models", new TreeMap<String, Object>()))
                    .get("models");
            modelsOfDate.put(key.model(), Json.object("responses", pair[1], "mentions", own.mentions(),
                    "mention_share", hundredths(shares.get(brand.key())), "citations", own.citations(),
                    "weighted_visibility", Metrics.round(own.inversePositions() * 100 / pair[1])));
        });

        return Json.object(
                "models", perModel,
                "totals", Json.object(
                        "responses", responses,
                        "mentions", brandTotal.mentions(),
                        "citations", brandTotal.citations(),
                        "net_sentiment", brandTotal.veryPositive() + brandTotal.positive() - brandTotal.negative() - brandTotal.veryNegative(),
                        "positive_count", brandTotal.veryPositive() + brandTotal.positive(),
                        "negative_count", brandTotal.negative() + brandTotal.veryNegative(),
                        "weighted_visibility", Metrics.round(responses == 0 ? null : brandTotal.inversePositions() * 100 / responses)),
                "matrices", matrices,
                "trend", new ArrayList<>(byDate.values()));
    }

    /** Actors × engines for one measure; each cell carries its numerator and denominator. */
    private static List<Map<String, Object>> matrix(Measure measure, MetricsQuery.Sums whole, TreeSet<String> models,
                                                    List<ActorRef> actors) {
        Map<String, Map<Long, Long>> sharesByModel = new LinkedHashMap<>();
        Map<String, Double> shareDenominators = new LinkedHashMap<>();
        for (String model : models) {
            Map<Long, Counts> counts = whole.counts().getOrDefault(new MetricsQuery.Key(null, model), Map.of());
            sharesByModel.put(model, ShareOfVoice.shares(column(actors, counts, measure.shareOf())));
            shareDenominators.put(model, actors.stream()
                    .mapToDouble(a -> measure.shareOf().applyAsDouble(counts.getOrDefault(a.key(), Counts.ZERO))).sum());
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        for (ActorRef actor : actors) {
            List<Map<String, Object>> cells = new ArrayList<>();
            Counts total = Counts.ZERO;
            long responses = 0;
            for (String model : models) {
                MetricsQuery.Key key = new MetricsQuery.Key(null, model);
                long modelResponses = whole.responses(key);
                Counts counts = whole.counts().getOrDefault(key, Map.of()).getOrDefault(actor.key(), Counts.ZERO);
                total = total.plus(counts);
                responses += modelResponses;
                cells.add(cell(measure, model, counts, modelResponses, sharesByModel.get(model).get(actor.key()),
                        shareDenominators.get(model)));
            }
            Map<String, Object> row = Json.object("actor", actor.json(), "models", cells);
            row.put("total", Metrics.round(measure.perResponse() ? perResponse(measure.value().applyAsDouble(total), responses)
                    : Double.valueOf(measure.value().applyAsDouble(total))));
            if (measure.name().equals("sentiment")) {
                row.put("positive_count", total.veryPositive() + total.positive());
                row.put("negative_count", total.negative() + total.veryNegative());
            }
            rows.add(row);
        }
        return rows;
    }

    private static Map<String, Object> cell(Measure measure, String model, Counts counts, long responses, Long share,
                                            double shareDenominator) {
        double value = measure.value().applyAsDouble(counts);
        Map<String, Object> cell = Json.object("model", model,
                "value", Metrics.round(measure.perResponse() ? perResponse(value, responses) : Double.valueOf(value)),
                "share", hundredths(share),
                "numerator", Metrics.round(measure.shareOf().applyAsDouble(counts)),
                "denominator", Metrics.round(shareDenominator));
        if (measure.perResponse()) {
            cell.put("responses", responses);
        }
        if (measure.name().equals("sentiment")) {
            cell.put("positive_count", counts.veryPositive() + counts.positive());
            cell.put("negative_count", counts.negative() + counts.veryNegative());
            cell.put("neutral_count", counts.neutral());
        }
        return cell;
    }

    /** Per actor, a share numerator in integer units (weights in millionths), in the actors' order. */
    private static Map<Long, Long> column(List<ActorRef> actors, Map<Long, Counts> counts, ToDoubleFunction<Counts> of) {
        Map<Long, Long> column = new LinkedHashMap<>();
        for (ActorRef actor : actors) {
            column.put(actor.key(), Math.round(of.applyAsDouble(counts.getOrDefault(actor.key(), Counts.ZERO)) * 1_000_000));
        }
        return column;
    }

    private static Double perResponse(double sum, long responses) {
        return responses == 0 ? null : sum * 100 / responses;
    }

    private static Double hundredths(Long share) {
        return share == null ? null : share / 100.0;
    }

    /** Position buckets of one or two actors over the range and per period. */
    public Map<String, Object> positionDistribution(ExecutionFilter filter, Granularity granularity, List<ActorRef> brands) {
        // The periods of the metrics: day lists the days with responses, week and month every bucket of the window.
        List<Metrics.Period> periods = metrics.compute(filter, granularity, brands).periods();
        long maxStacked = 0;
        List<Map<String, Object>> series = new ArrayList<>();
        for (ActorRef brand : brands) {
            long[] totals = new long[POSITION_BUCKETS.size()];
            List<List<Map<String, Object>>> perBucket = new ArrayList<>();
            POSITION_BUCKETS.forEach(b -> perBucket.add(new ArrayList<>()));
            for (Metrics.Period period : periods) {
                String date = period.date().toString();
                Counts counts = period.counts().getOrDefault(brand.key(), Counts.ZERO);
                long[] values = buckets(counts);
                long stacked = 0;
                for (int i = 0; i < values.length; i++) {
                    totals[i] += values[i];
                    stacked += values[i];
                    perBucket.get(i).add(Json.object("date", date, "value", values[i]));
                }
                maxStacked = Math.max(maxStacked, stacked);
            }
            long total = java.util.Arrays.stream(totals).sum();
            Map<String, Object> totalsJson = new LinkedHashMap<>();
            Map<String, Object> percentages = new LinkedHashMap<>();
            Map<Long, Long> shares = new LinkedHashMap<>();
            for (int i = 0; i < totals.length; i++) {
                totalsJson.put(POSITION_BUCKETS.get(i), totals[i]);
                shares.put((long) i, totals[i]);
            }
            Map<Long, Long> hundredths = ShareOfVoice.shares(shares);
            for (int i = 0; i < totals.length; i++) {
                percentages.put(POSITION_BUCKETS.get(i), hundredths(hundredths.get((long) i)));
            }
            List<Map<String, Object>> bucketSeries = new ArrayList<>();
            for (int i = 0; i < POSITION_BUCKETS.size(); i++) {
                bucketSeries.add(Json.object("bucket", POSITION_BUCKETS.get(i), "data", perBucket.get(i)));
            }
            series.add(Json.object("actor", brand.json(), "totals", totalsJson, "total_mentions", total,
                    "percentages", percentages, "series", bucketSeries));
        }
        return Json.object("buckets", POSITION_BUCKETS, "brands", series, "max_stacked_value", maxStacked);
    }

    private static long[] buckets(Counts counts) {
        return new long[] {counts.position1(), counts.position2() + counts.position3(), counts.position4To7(),
                counts.position8Plus()};
    }

    /**
     * The engine the AI Overview report reads: {@code ai_overview}, or the offline demo's stand-in
     * ({@code demo_ai_overview}) for a project that only has demo answers of that kind, so the report is labelled
     * with the model whose data it shows.
     */
    private String overviewModel(long projectId) {
        Boolean demoOnly = db.sql("""
                        SELECT NOT EXISTS (SELECT 1 FROM prompt_rollups WHERE project_id = :project AND model = :real)
                               AND EXISTS (SELECT 1 FROM prompt_rollups WHERE project_id = :project AND model = :demo)
                        """)
                .param("project", projectId).param("real", AI_OVERVIEW).param("demo", Models.DEMO_AI_OVERVIEW)
                .query(Boolean.class).single();
        return Boolean.TRUE.equals(demoOnly) ? Models.DEMO_AI_OVERVIEW : AI_OVERVIEW;
    }

    /** AI Overview availability: totals, trend, and a page of the per-prompt table. */
    public Map<String, Object> aiOverviewResults(ExecutionFilter filter, Granularity granularity, PageRequest page) {
        String model = overviewModel(filter.projectId());
        ExecutionFilter overview = new ExecutionFilter(filter.projectId(), filter.range(), model, filter.collectionId(),
                filter.countryCode(), filter.languageCode(), filter.prompt(), filter.promptType(), filter.brandKind(),
                null, null, List.of());
        MetricsQuery.Sums sums = query.sums(overview, new MetricsQuery.Shape(granularity, false, List.of()));
        long total = 0;
        long withResults = 0;
        List<Map<String, Object>> trend = new ArrayList<>();
        for (LocalDate date : new TreeSet<>(sums.executions().keySet().stream().map(MetricsQuery.Key::bucket).toList())) {
            long[] pair = sums.executions().get(new MetricsQuery.Key(date, null));
            total += pair[0];
            withResults += pair[1];
            trend.add(Json.object("date", date.toString(), "responses", pair[0], "responses_with_results", pair[1],
                    "result_rate", Percentages.rate(pair[1], pair[0])));
        }
        String grouped;
        MonthWindow window = MetricsQuery.rollupAnswers(overview) ? MonthWindow.of(overview) : null;
        if (window != null) {
            // From prompt_rollups: whole months from month rows, the edges from day rows (as the prompt summary).
            grouped = """
                    SELECT r.prompt_id, min(p.prompt_text) AS prompt_text, sum(r.executions) AS responses,
                           sum(r.responses) AS with_results
                      FROM""" + " " + MonthWindow.rows("prompt_rollups") + """
                       JOIN prompts p ON p.id = r.prompt_id
                     WHERE r.model = :f_model AND p.deleted_at IS NULL
                    """ + overview.promptConditions()
                    + (overview.countryCode() == null ? "" : " AND r.country_code = :f_country")
                    + (overview.languageCode() == null ? "" : " AND r.language_code = :f_language")
                    + " GROUP BY r.prompt_id HAVING sum(r.executions) > 0";
        } else {
            grouped = """
                    SELECT e.prompt_id, min(p.prompt_text) AS prompt_text, count(*) AS responses,
                           count(*) FILTER (WHERE NOT e.no_result) AS with_results
                      FROM prompt_executions e JOIN prompts p ON p.id = e.prompt_id
                     WHERE p.deleted_at IS NULL AND e.success
                    """ + overview.conditions() + " GROUP BY e.prompt_id";
        }
        PagedQuery prompts = PagedQuery.run(db, grouped, "g.*",
                "ORDER BY g.with_results * 1.0 / g.responses DESC, g.responses DESC, g.prompt_id", page,
                spec -> window == null ? overview.bind(spec) : window.bind(overview.bind(spec)),
                (rs, n) -> Json.object("prompt_id", rs.getLong("prompt_id"), "prompt_text", rs.getString("prompt_text"),
                        "responses", rs.getLong("responses"), "responses_with_results", rs.getLong("with_results"),
                        "result_rate", Percentages.rate(rs.getLong("with_results"), rs.getLong("responses"))));
        return Json.object(
                "model", model,
                "total_responses", total,
                "responses_with_results", withResults,
                "result_rate", Percentages.rate(withResults, total),
                "trend", trend,
                "page", page.page(),
                "per_page", page.perPage(),
                "total", prompts.total(),
                "data", prompts.rows());
    }
}
