package dev.periscope.execution;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.temporal.TemporalAdjusters;

/** Tracking cycles: a weekly cycle starts on Monday (UTC), a daily one at midnight UTC. */
public final class Cycles {
    private Cycles() {
    }

    public static LocalDate weekly(LocalDate today) {
        return today.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
    }

    public static LocalDate start(String trackingFrequency, LocalDate today) {
        return "daily".equals(trackingFrequency) ? today : weekly(today);
    }
}
