package dev.periscope.metrics;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Percentages as every endpoint shows them: 2 decimals half up, and shares that add up to exactly 100. */
public final class Percentages {
    private Percentages() {
    }

    /** 100 × part / whole, half-up to 2 decimals; null when whole is 0. */
    public static Double rate(long part, long whole) {
        return whole == 0 ? null : round(part * 100.0 / whole);
    }

    public static Double round(double value) {
        return BigDecimal.valueOf(value).setScale(2, RoundingMode.HALF_UP).doubleValue();
    }

    /**
     * Each count's share of the total in percent with 2 decimals, by largest remainder on hundredths so the shares
     * sum to exactly 100 (ties go to the earlier key); all 0 when the total is 0. Keeps the order of {@code counts}.
     */
    public static <K> Map<K, Double> shares(Map<K, Long> counts) {
        Map<K, Double> shares = new LinkedHashMap<>();
        hundredths(counts).forEach((key, value) -> shares.put(key, BigDecimal.valueOf(value, 2).doubleValue()));
        return shares;
    }

    /** The same shares in hundredths of a percent, summing to 10,000 when there are counts. */
    public static <K> Map<K, Long> hundredths(Map<K, Long> counts) {
        long total = counts.values().stream().mapToLong(Long::longValue).sum();
        Map<K, Long> hundredths = new LinkedHashMap<>();
        if (total == 0) {
            counts.keySet().forEach(key -> hundredths.put(key, 0L));
            return hundredths;
        }
        record Remainder<K>(K key, int order, long remainder) {
        }
        List<Remainder<K>> remainders = new ArrayList<>();
        long assigned = 0;
        for (Map.Entry<K, Long> entry : counts.entrySet()) {
            long scaled = entry.getValue() * 10_000;
            hundredths.put(entry.getKey(), scaled / total);
            assigned += scaled / total;
            remainders.add(new Remainder<>(entry.getKey(), remainders.size(), scaled % total));
        }
        remainders.sort(Comparator.comparingLong((Remainder<K> r) -> -r.remainder()).thenComparingInt(Remainder::order));
        for (int i = 0; assigned < 10_000; i++, assigned++) {
            hundredths.merge(remainders.get(i % remainders.size()).key(), 1L, Long::sum);
        }
        return hundredths;
    }
}
