package dev.periscope.bench;

import java.util.Arrays;

/** Percentiles by the nearest-rank method: the smallest sample with at least p% of the samples at or below it. */
public final class Percentiles {
    private Percentiles() {
    }

    /**
     * @param samples    at least one value, in any order (not modified)
     * @param percentile in (0, 100]
     * @return the sample of rank ⌈p/100 × n⌉ in ascending order, so always one of the samples
     */
    public static double nearestRank(double[] samples, double percentile) {
        if (samples.length == 0) {
            throw new IllegalArgumentException("no samples");
        }
        if (!(percentile > 0 && percentile <= 100)) {
            throw new IllegalArgumentException("percentile must be in (0, 100], not " + percentile);
        }
        double[] sorted = samples.clone();
        Arrays.sort(sorted);
        // p x n first: for whole percentiles that product is exact, so 95% of 20 samples is rank 19, not 20
        int rank = (int) Math.ceil(percentile * sorted.length / 100);
        return sorted[Math.clamp(rank, 1, sorted.length) - 1];
    }

    /** The middle sample (the lower one of an even count); for the naive-SQL timing of three runs. */
    public static double median(double[] samples) {
        return nearestRank(samples, 50);
    }
}
