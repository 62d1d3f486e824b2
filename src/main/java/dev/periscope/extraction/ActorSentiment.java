package dev.periscope.extraction;

/**
 * The sentiment of an answer towards one mentioned actor: {@code analysis} in the spec's five buckets with its
 * score (very_positive 1.0, positive 0.5, neutral 0.0, negative -0.5, very_negative -1.0), the sentence it was
 * judged on ({@code comment}) and a few comma-separated {@code topics}.
 */
public record ActorSentiment(Actor actor, String analysis, double score, String comment, String topics) {
    public static double scoreOf(String analysis) {
        return switch (analysis) {
            case "very_positive" -> 1.0;
            case "positive" -> 0.5;
            case "neutral" -> 0.0;
            case "negative" -> -0.5;
            case "very_negative" -> -1.0;
            default -> throw new IllegalArgumentException("unknown analysis " + analysis);
        };
    }
}
