package dev.periscope.metrics;

/**
 * The 95% Wilson score interval of a proportion: honest at small samples and near 0 or 1, where the normal
 * approximation is not. Answers from AI models are noisy; the interval shows whether a change is signal.
 */
public final class Wilson {
    private static final double Z = 1.959963984540054;

    private Wilson() {
    }

    /** Lower and upper bound of successes / trials, as fractions in [0, 1]. */
    public static double[] interval(double successes, double trials) {
        if (trials <= 0) {
            throw new IllegalArgumentException("no trials");
        }
        double p = Math.min(1, Math.max(0, successes / trials));
        double z2 = Z * Z;
        double centre = (p + z2 / (2 * trials)) / (1 + z2 / trials);
        double margin = Z * Math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials);
        return new double[] {Math.max(0, centre - margin), Math.min(1, centre + margin)};
    }
}
