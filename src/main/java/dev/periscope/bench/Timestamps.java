package dev.periscope.bench;

import java.time.LocalDate;

/** UTC timestamps in the form COPY reads for timestamptz ({@code 2026-03-02 13:45:07+00}), built without a formatter. */
final class Timestamps {
    private Timestamps() {
    }

    static String format(long epochSecond) {
        long day = Math.floorDiv(epochSecond, 86_400);
        int second = Math.floorMod(epochSecond, 86_400);
        StringBuilder text = new StringBuilder(22).append(LocalDate.ofEpochDay(day)).append(' ');
        two(text, second / 3_600).append(':');
        two(text, second / 60 % 60).append(':');
        return two(text, second % 60).append("+00").toString();
    }

    private static StringBuilder two(StringBuilder text, int value) {
        return text.append((char) ('0' + value / 10)).append((char) ('0' + value % 10));
    }
}
