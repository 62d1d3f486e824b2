package dev.periscope.metrics;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.temporal.TemporalAdjusters;
import java.util.List;

/** Buckets of time: UTC days, weeks starting Monday, calendar months. */
public enum Granularity {
    DAY("day"), WEEK("week"), MONTH("month");

    public static final List<String> WIRE_NAMES = List.of("day", "week", "month");
    private final String unit;

    Granularity(String unit) {
        this.unit = unit;
    }

    public String unit() {
        return unit;
    }

    public static Granularity of(String wire) {
        return wire == null ? DAY : valueOf(wire.toUpperCase(java.util.Locale.ROOT));
    }

    /** The first day of the bucket holding {@code day}. */
    public LocalDate start(LocalDate day) {
        return switch (this) {
            case DAY -> day;
            case WEEK -> day.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
            case MONTH -> day.withDayOfMonth(1);
        };
    }

    public LocalDate next(LocalDate bucketStart) {
        return switch (this) {
            case DAY -> bucketStart.plusDays(1);
            case WEEK -> bucketStart.plusWeeks(1);
            case MONTH -> bucketStart.plusMonths(1);
        };
    }
}
