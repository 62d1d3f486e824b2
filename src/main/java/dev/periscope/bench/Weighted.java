package dev.periscope.bench;

import java.util.Arrays;
import java.util.SplittableRandom;

/** Weighted random choices for the synthetic data: small weight lists, and large tables drawn by binary search. */
final class Weighted {
    private final double[] cumulative;

    /** A table over {@code weights} (any non-negative numbers, not all zero). */
    Weighted(double[] weights) {
        cumulative = new double[weights.length];
        double sum = 0;
        for (int i = 0; i < weights.length; i++) {
            sum += weights[i];
            cumulative[i] = sum;
        }
        if (!(sum > 0)) {
            throw new IllegalArgumentException("weights must not all be zero");
        }
    }

    int size() {
        return cumulative.length;
    }

    int next(SplittableRandom random) {
        double target = random.nextDouble() * cumulative[cumulative.length - 1];
        int found = Arrays.binarySearch(cumulative, target);
        int index = found >= 0 ? found + 1 : -found - 1;
        return Math.min(index, cumulative.length - 1);
    }

    /** Index i with probability weights[i] / sum, by a linear scan (for a handful of weights). */
    static int pick(SplittableRandom random, double[] weights) {
        double sum = 0;
        for (double weight : weights) {
            sum += weight;
        }
        double target = random.nextDouble() * sum;
        for (int i = 0; i < weights.length; i++) {
            target -= weights[i];
            if (target < 0) {
                return i;
            }
        }
        return weights.length - 1;
    }

    /** An index in [0, n) where lower ones come up more often (weights 1 / (i + 1)). */
    static int zipfIndex(SplittableRandom random, int n) {
        double[] weights = new double[n];
        for (int i = 0; i < n; i++) {
            weights[i] = 1.0 / (i + 1);
        }
        return pick(random, weights);
    }

    /** Weights 1 / (rank + 1)^exponent for ranks 0..n-1: the usual long-tailed popularity. */
    static double[] zipf(int n, double exponent) {
        double[] weights = new double[n];
        for (int i = 0; i < n; i++) {
            weights[i] = 1.0 / Math.pow(i + 1, exponent);
        }
        return weights;
    }
}
