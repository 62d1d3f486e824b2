package dev.periscope.shared;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Map;

/**
 * A half-open UTC interval [from, to) over execution time. {@code to} given as a bare date covers that whole day;
 * {@code range=N} is the last N days including today. Either bound may be open (null).
 */
public record DateRange(Instant from, Instant to) {
    public static final DateRange ALL = new DateRange(null, null);

    /** Reads range/from/to; {@code defaultDays} applies when none is given (null = all history). */
    public static DateRange from(QueryParams params, Clock clock, Integer defaultDays) {
        Long range = params.optionalLong("range", 1, 3_650);
        String fromText = params.raw("from");
        String toText = params.raw("to");
        if (range != null && (fromText != null || toText != null)) {
            throw new ApiException(ErrorCode.INVALID_RANGE, "Give either range or from/to, not both",
                    Map.of("param", "range"));
        }
        if (range == null && fromText == null && toText == null) {
            return defaultDays == null ? ALL : lastDays(defaultDays, clock);
        }
        if (range != null) {
            return lastDays(range.intValue(), clock);
        }
        Instant from = fromText == null ? null : parse("from", fromText, false);
        Instant to = toText == null ? null : parse("to", toText, true);
        if (from != null && to != null && !from.isBefore(to)) {
            throw new ApiException(ErrorCode.INVALID_RANGE, "from must be before to",
                    Map.of("param", "from", "from", fromText, "to", toText));
        }
        return new DateRange(from, to);
    }

    public static DateRange lastDays(int days, Clock clock) {
        LocalDate today = LocalDate.now(clock.withZone(ZoneOffset.UTC));
        return new DateRange(today.minusDays(days - 1L).atStartOfDay().toInstant(ZoneOffset.UTC),
                today.plusDays(1).atStartOfDay().toInstant(ZoneOffset.UTC));
    }

    private static Instant parse(String param, String text, boolean endOfDay) {
        try {
            if (text.length() == 10) {
                LocalDate date = LocalDate.parse(text);
                return (endOfDay ? date.plusDays(1) : date).atStartOfDay().toInstant(ZoneOffset.UTC);
            }
            if (text.endsWith("Z") || text.matches(".*[+-]\\d\\d:?\\d\\d$")) {
                return OffsetDateTime.parse(text).toInstant();
            }
            return java.time.LocalDateTime.parse(text).toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            throw new ApiException(ErrorCode.INVALID_PARAM,
                    param + " must be an ISO 8601 date (YYYY-MM-DD) or date-time",
                    Map.of("param", param, "value", text));
        }
    }
}
