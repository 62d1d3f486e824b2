package dev.periscope.metrics;

import dev.periscope.shared.ApiException;
import dev.periscope.shared.ErrorCode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The metrics of the spec's Metrics table. Counts sum over periods; rates, percentages and averages are averaged
 * across periods and never summed. Aliases ({@code visibility}, {@code ai_visibility_score}) live here only.
 */
public enum Metric {
    MENTIONS("mentions", Kind.COUNT),
    CITATIONS("citations", Kind.COUNT),
    RESPONSES("responses", Kind.COUNT),
    MENTION_RATE("mention_rate", Kind.RATE, "visibility"),
    WEIGHTED_VISIBILITY("weighted_visibility", Kind.RATE, "ai_visibility_score"),
    AVG_POSITION("avg_position", Kind.AVERAGE),
    AVG_MENTION_POSITION("avg_mention_position", Kind.AVERAGE),
    CITATION_RATE("citation_rate", Kind.RATE),
    NET_SENTIMENT("net_sentiment", Kind.NET),
    SENTIMENT_VERY_POSITIVE("sentiment_very_positive", Kind.PERCENTAGE),
    SENTIMENT_POSITIVE("sentiment_positive", Kind.PERCENTAGE),
    SENTIMENT_NEUTRAL("sentiment_neutral", Kind.PERCENTAGE),
    SENTIMENT_NEGATIVE("sentiment_negative", Kind.PERCENTAGE),
    SENTIMENT_VERY_NEGATIVE("sentiment_very_negative", Kind.PERCENTAGE);

    /** How a metric behaves over periods: counts are summed, the rest averaged; NET is a count difference. */
    public enum Kind { COUNT, RATE, AVERAGE, PERCENTAGE, NET }

    private final String wireName;
    private final Kind kind;
    private final String alias;

    Metric(String wireName, Kind kind) {
        this(wireName, kind, null);
    }

    Metric(String wireName, Kind kind, String alias) {
        this.wireName = wireName;
        this.kind = kind;
        this.alias = alias;
    }

    public String wireName() {
        return wireName;
    }

    public Kind kind() {
        return kind;
    }

    /** Summed over periods (counts); everything else is averaged. */
    public boolean summed() {
        return kind == Kind.COUNT;
    }

    /** Every accepted name, aliases included. */
    public static List<String> names() {
        List<String> names = new ArrayList<>();
        for (Metric metric : values()) {
            names.add(metric.wireName);
            if (metric.alias != null) {
                names.add(metric.alias);
            }
        }
        return names;
    }

    /**
     * Parses {@code metrics} (CSV); the result maps the name the caller asked for (alias or not) to its metric, in
     * the caller's order.
     */
    public static Map<String, Metric> parse(String csv) {
        Map<String, Metric> requested = new LinkedHashMap<>();
        for (String part : csv.split(",")) {
            String name = part.strip().toLowerCase(Locale.ROOT);
            if (name.isEmpty()) {
                continue;
            }
            Metric metric = byName(name);
            if (metric == null) {
                throw new ApiException(ErrorCode.INVALID_PARAM, "Unknown metric: " + name,
                        Map.of("param", "metrics", "value", name, "allowed", names()));
            }
            requested.put(name, metric);
        }
        if (requested.isEmpty()) {
            requested.put("mentions", MENTIONS);
        }
        return requested;
    }

    private static Metric byName(String name) {
        for (Metric metric : values()) {
            if (metric.wireName.equals(name) || name.equals(metric.alias)) {
                return metric;
            }
        }
        return null;
    }
}
