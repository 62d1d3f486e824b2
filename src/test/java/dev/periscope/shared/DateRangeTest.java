package dev.periscope.shared;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DateRangeTest {
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-22T15:30:00Z"), ZoneOffset.UTC);

    private static QueryParams params(String... pairs) {
        Map<String, String[]> map = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put(pairs[i], new String[] {pairs[i + 1]});
        }
        return new QueryParams(map);
    }

    @Test
    void bareToDateCoversTheWholeDay_decisionsListsFiltersOutput() {
        DateRange range = DateRange.from(params("from", "2026-11-01", "to", "2026-11-10"), CLOCK, null);
        assertThat(range.from()).isEqualTo(Instant.parse("2026-11-01T00:00:00Z"));
        assertThat(range.to()).isEqualTo(Instant.parse("2026-11-11T00:00:00Z"));
    }

    @Test
    void rangeIsTheLastNDaysIncludingToday() {
        DateRange range = DateRange.from(params("range", "7"), CLOCK, null);
        assertThat(range.from()).isEqualTo(Instant.parse("2026-11-16T00:00:00Z"));
        assertThat(range.to()).isEqualTo(Instant.parse("2026-11-23T00:00:00Z"));
    }

    @Test
    void dateTimesWithOffsetsAreReadAsInstants() {
        DateRange range = DateRange.from(params("from", "2026-11-01T10:00:00+02:00"), CLOCK, null);
        assertThat(range.from()).isEqualTo(Instant.parse("2026-11-01T08:00:00Z"));
        assertThat(range.to()).isNull();
    }

    @Test
    void noParametersMeansTheDefault() {
        assertThat(DateRange.from(params(), CLOCK, null)).isEqualTo(DateRange.ALL);
        assertThat(DateRange.from(params(), CLOCK, 28).from()).isEqualTo(Instant.parse("2026-10-26T00:00:00Z"));
    }

    @Test
    void contradictionsAreInvalidRanges() {
        assertThatThrownBy(() -> DateRange.from(params("range", "7", "from", "2026-11-01"), CLOCK, null))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_RANGE));
        assertThatThrownBy(() -> DateRange.from(params("from", "2026-11-10", "to", "2026-11-01"), CLOCK, null))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_RANGE));
        assertThatThrownBy(() -> DateRange.from(params("from", "yesterday"), CLOCK, null))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.meta()).containsEntry("param", "from"));
        assertThatThrownBy(() -> DateRange.from(params("range", "0"), CLOCK, null))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.meta()).containsEntry("param", "range"));
    }
}
