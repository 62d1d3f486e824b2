package dev.periscope.metrics;

import dev.periscope.execution.ExecutionFilter;
import dev.periscope.shared.DateRange;
import dev.periscope.shared.Json;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.stereotype.Component;

/**
 * Timeseries and summaries of the spec's metrics, per actor and bucket. Day granularity lists the days that have
 * runs; week and month list every bucket of the range, and a bucket without runs carries forward the previous
 * bucket's rates, percentages and averages while its counts are 0 (it is flagged {@code carried}).
 */
@Component
public class Metrics {
    private final MetricsQuery query;
    private final Clock clock;

    public Metrics(MetricsQuery query, Clock clock) {
        this.query = query;
        this.clock = clock;
    }

    /** One bucket: its first day, whether it had runs, and every actor's sums. */
    public record Period(LocalDate date, boolean carried, long responses, Map<Long, Counts> counts) {
    }

    public record Computed(List<Period> periods, List<ActorRef> actors, DateRange range) {
    }

    public Computed compute(ExecutionFilter filter, Granularity granularity, List<ActorRef> actors) {
        MetricsQuery.Sums sums = query.sums(filter, new MetricsQuery.Shape(granularity, false, actors));
        TreeMap<LocalDate, Map<Long, Counts>> buckets = new TreeMap<>();
        TreeMap<LocalDate, Long> responses = new TreeMap<>();
        sums.executions().forEach((key, pair) -> {
            if (pair[1] > 0) {
                Map<Long, Counts> found = sums.counts().getOrDefault(key, Map.of());
                Map<Long, Counts> perActor = new HashMap<>();
                for (ActorRef actor : actors) {
                    perActor.put(actor.key(), found.getOrDefault(actor.key(), Counts.ZERO.withResponses(pair[1])));
                }
                buckets.put(key.bucket(), perActor);
                responses.put(key.bucket(), pair[1]);
            }
        });
        List<Period> periods = new ArrayList<>();
        if (granularity == Granularity.DAY) {
            buckets.forEach((day, counts) -> periods.add(new Period(day, false, responses.get(day), counts)));
        } else if (!buckets.isEmpty() || filter.range().from() != null) {
            LocalDate first = granularity.start(filter.range().from() != null
                    ? LocalDate.ofInstant(filter.range().from(), ZoneOffset.UTC) : buckets.firstKey());
            LocalDate last = granularity.start(filter.range().to() != null
                    ? LocalDate.ofInstant(filter.range().to().minusNanos(1), ZoneOffset.UTC)
                    : LocalDate.now(clock.withZone(ZoneOffset.UTC)));
            for (LocalDate bucket = first; !bucket.isAfter(last); bucket = granularity.next(bucket)) {
                Map<Long, Counts> counts = buckets.get(bucket);
                periods.add(counts == null ? new Period(bucket, true, 0, Map.of())
                        : new Period(bucket, false, responses.get(bucket), counts));
            }
        }
        return new Computed(periods, actors, filter.range());
    }

    /** The value of a metric for an actor in each period, carried forward through buckets without runs. */
    public static List<Double> values(Computed computed, Metric metric, ActorRef actor) {
        List<Double> values = new ArrayList<>();
        Double previous = null;
        for (Period period : computed.periods()) {
            Double value;
            if (period.carried()) {
                value = metric.summed() || metric.kind() == Metric.Kind.NET ? Double.valueOf(0) : previous;
            } else {
                value = period.counts().getOrDefault(actor.key(), Counts.ZERO).value(metric);
                previous = value;
            }
            values.add(value);
        }
        return values;
    }

    public Map<String, Object> series(Computed computed, Map<String, Metric> metrics) {
        Map<String, Object> series = new LinkedHashMap<>();
        metrics.forEach((name, metric) -> {
            List<Map<String, Object>> perActor = new ArrayList<>();
            for (ActorRef actor : computed.actors()) {
                List<Double> values = values(computed, metric, actor);
                List<Map<String, Object>> data = new ArrayList<>();
                for (int i = 0; i < values.size(); i++) {
                    Period period = computed.periods().get(i);
                    Map<String, Object> point = Json.object("date", period.date().toString(), "value", round(values.get(i)));
                    if (period.carried()) {
                        point.put("carried", true);
                    }
                    data.add(point);
                }
                perActor.add(Json.object("actor", actor.json(), "metric", name, "data", data));
            }
            series.put(name, perActor);
        });
        return series;
    }

    /** The summary block: per metric and actor, total (sum or average across periods), min, max, last. */
    public Map<String, Object> summary(Computed computed, Map<String, Metric> metrics) {
        Map<String, Object> summary = new LinkedHashMap<>();
        metrics.forEach((name, metric) -> {
            List<Map<String, Object>> rows = new ArrayList<>();
            for (ActorRef actor : computed.actors()) {
                List<Double> values = values(computed, metric, actor);
                List<Double> measured = new ArrayList<>();
                for (int i = 0; i < values.size(); i++) {
                    if (!computed.periods().get(i).carried() && values.get(i) != null) {
                        measured.add(values.get(i));
                    }
                }
                Double total;
                if (measured.isEmpty()) {
                    total = metric.summed() ? Double.valueOf(0) : null;
                } else if (metric.summed()) {
                    total = measured.stream().mapToDouble(Double::doubleValue).sum();
                } else {
                    total = measured.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
                }
                Map<String, Object> row = Json.object(
                        "actor", actor.json(),
                        "total", round(total),
                        "min", round(measured.stream().min(Double::compare).orElse(null)),
                        "max", round(measured.stream().max(Double::compare).orElse(null)),
                        "last", round(values.isEmpty() ? null : values.get(values.size() - 1)),
                        "aggregation", metric.summed() ? "sum" : "average");
                Counts whole = computed.periods().stream().filter(p -> !p.carried())
                        .map(p -> p.counts().getOrDefault(actor.key(), Counts.ZERO)).reduce(Counts.ZERO, Counts::plus);
                double[] fraction = whole.fraction(metric);
                if (fraction != null) {
                    row.put("numerator", round(fraction[0]));
                    row.put("denominator", round(fraction[1]));
                    boolean proportion = metric == Metric.MENTION_RATE || metric.kind() == Metric.Kind.PERCENTAGE;
                    double[] interval = proportion && fraction[1] > 0 ? Wilson.interval(fraction[0], fraction[1]) : null;
                    row.put("ci_low", interval == null ? null : round(interval[0] * 100));
                    row.put("ci_high", interval == null ? null : round(interval[1] * 100));
                }
                rows.add(row);
            }
            summary.put(name, rows);
        });
        return summary;
    }

    /** Brand mention positions 1, 2 and 3+ over the range (the computed periods' sums when they hold the brand). */
    public Map<String, Object> positionDistribution(ExecutionFilter filter, Computed computed) {
        ActorRef brand = new ActorRef(null, filter.projectId(), null, null);
        // The brand's sums are already in the computed periods unless include_project left it out.
        Counts whole = computed.actors().stream().anyMatch(ActorRef::isProject)
                ? computed.periods().stream().map(p -> p.counts().getOrDefault(brand.key(), Counts.ZERO)).reduce(Counts.ZERO, Counts::plus)
                : query.sums(filter, new MetricsQuery.Shape(null, false, List.of(brand))).counts().values().stream()
                        .map(perActor -> perActor.getOrDefault(brand.key(), Counts.ZERO)).reduce(Counts.ZERO, Counts::plus);
        long[] counts = {whole.position1(), whole.position2(), whole.position3() + whole.position4To7() + whole.position8Plus()};
        long total = counts[0] + counts[1] + counts[2];
        return Json.object(
                "position_1_count", counts[0],
                "position_2_count", counts[1],
                "position_3_plus_count", counts[2],
                "total_mentions", total,
                "percentages", Json.object(
                        "position_1", round(total == 0 ? 0.0 : counts[0] * 100.0 / total),
                        "position_2", round(total == 0 ? 0.0 : counts[1] * 100.0 / total),
                        "position_3_plus", round(total == 0 ? 0.0 : counts[2] * 100.0 / total)));
    }

    /** Two decimals, half up; null stays null. */
    static Double round(Double value) {
        if (value == null || value.isNaN() || value.isInfinite()) {
            return null;
        }
        return Percentages.round(value);
    }

}
