package dev.periscope.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PercentagesTest {

    private static Map<String, Long> counts(long... values) {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (int i = 0; i < values.length; i++) {
            counts.put("a" + i, values[i]);
        }
        return counts;
    }

    @Test
    void sharesAddUpToExactly100ByLargestRemainder_specCitationIntelligenceMentionsByDomain() {
        // 1/3 each: 33.33 + 33.33 + 33.33 = 99.99; the last hundredth goes to the earliest tied actor
        assertThat(Percentages.shares(counts(1, 1, 1)).values()).containsExactly(33.34, 33.33, 33.33);
        // 3/6, 2/6, 1/6: remainders 0, 2, 4 (of 6): Initech's 16.666.. rounds up, Globex's 33.333.. does not
        assertThat(Percentages.shares(counts(3, 2, 1)).values()).containsExactly(50.0, 33.33, 16.67);
        assertThat(Percentages.shares(counts(1, 2, 0)).values()).containsExactly(33.33, 66.67, 0.0);
        for (long[] sample : List.of(new long[] {7, 11, 13}, new long[] {1, 1, 1, 1, 1, 1, 1}, new long[] {999, 1, 0, 2})) {
            long hundredths = Percentages.shares(counts(sample)).values().stream()
                    .mapToLong(share -> Math.round(share * 100)).sum();
            assertThat(hundredths).isEqualTo(10_000);
        }
    }

    @Test
    void noMentionsMeansEveryShareIsZero() {
        assertThat(Percentages.shares(counts(0, 0)).values()).containsExactly(0.0, 0.0);
        assertThat(Percentages.shares(new LinkedHashMap<String, Long>())).isEmpty();
    }

    @Test
    void ratesRoundHalfUpToTwoDecimalsAndAreUndefinedWithoutADenominator() {
        assertThat(Percentages.rate(2, 3)).isEqualTo(66.67);
        assertThat(Percentages.rate(1, 8)).isEqualTo(12.5);
        assertThat(Percentages.rate(1, 200)).isEqualTo(0.5);
        assertThat(Percentages.rate(0, 0)).isNull();
    }
}
