package dev.periscope.metrics;

/**
 * The raw sums one actor has in one bucket; every metric is a function of these, so buckets and whole ranges are
 * computed the same way (a range is the sum of its buckets).
 */
public record Counts(long responses, long mentions, double inversePositions, long mentionPositions, long citations,
                     long visibleCitations, long visibleCitationPositions, long veryPositive, long positive, long neutral,
                     long negative, long veryNegative, long position1, long position2, long position3,
                     long position4To7, long position8Plus) {
    public static final Counts ZERO = new Counts(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    public Counts plus(Counts other) {
        return new Counts(responses + other.responses, mentions + other.mentions,
                inversePositions + other.inversePositions, mentionPositions + other.mentionPositions,
                citations + other.citations, visibleCitations + other.visibleCitations,
                visibleCitationPositions + other.visibleCitationPositions, veryPositive + other.veryPositive,
                positive + other.positive, neutral + other.neutral, negative + other.negative,
                veryNegative + other.veryNegative, position1 + other.position1, position2 + other.position2,
                position3 + other.position3, position4To7 + other.position4To7, position8Plus + other.position8Plus);
    }

    public Counts withResponses(long value) {
        return new Counts(value, mentions, inversePositions, mentionPositions, citations, visibleCitations,
                visibleCitationPositions, veryPositive, positive, neutral, negative, veryNegative, position1, position2,
                position3, position4To7, position8Plus);
    }

    public long sentiments() {
        return veryPositive + positive + neutral + negative + veryNegative;
    }

    /** The metric's value, or null where it is undefined (no responses, no mentions, no sentiment). */
    public Double value(Metric metric) {
        return switch (metric) {
            case MENTIONS -> (double) mentions;
            case CITATIONS -> (double) citations;
            case RESPONSES -> (double) responses;
            case MENTION_RATE -> ratio(mentions * 100.0, responses);
            case WEIGHTED_VISIBILITY -> ratio(inversePositions * 100.0, responses);
            case CITATION_RATE -> ratio(citations * 100.0, responses);
            case AVG_POSITION -> ratio(visibleCitationPositions, visibleCitations);
            case AVG_MENTION_POSITION -> ratio(mentionPositions, mentions);
            case NET_SENTIMENT -> (double) (veryPositive + positive - negative - veryNegative);
            case SENTIMENT_VERY_POSITIVE -> ratio(veryPositive * 100.0, sentiments());
            case SENTIMENT_POSITIVE -> ratio(positive * 100.0, sentiments());
            case SENTIMENT_NEUTRAL -> ratio(neutral * 100.0, sentiments());
            case SENTIMENT_NEGATIVE -> ratio(negative * 100.0, sentiments());
            case SENTIMENT_VERY_NEGATIVE -> ratio(veryNegative * 100.0, sentiments());
        };
    }

    /** Numerator and denominator of a non-count metric over these sums (rates without the ×100). */
    public double[] fraction(Metric metric) {
        return switch (metric) {
            case MENTION_RATE -> new double[] {mentions, responses};
            case WEIGHTED_VISIBILITY -> new double[] {inversePositions, responses};
            case CITATION_RATE -> new double[] {citations, responses};
            case AVG_POSITION -> new double[] {visibleCitationPositions, visibleCitations};
            case AVG_MENTION_POSITION -> new double[] {mentionPositions, mentions};
            case SENTIMENT_VERY_POSITIVE -> new double[] {veryPositive, sentiments()};
            case SENTIMENT_POSITIVE -> new double[] {positive, sentiments()};
            case SENTIMENT_NEUTRAL -> new double[] {neutral, sentiments()};
            case SENTIMENT_NEGATIVE -> new double[] {negative, sentiments()};
            case SENTIMENT_VERY_NEGATIVE -> new double[] {veryNegative, sentiments()};
            default -> null;
        };
    }

    private static Double ratio(double numerator, double denominator) {
        return denominator == 0 ? null : numerator / denominator;
    }
}
