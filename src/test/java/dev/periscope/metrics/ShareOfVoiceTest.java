package dev.periscope.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.periscope.shared.DateRange;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Spec "GET /metrics/sov": shares add to 100; the top 4 by rank, then Others. */
class ShareOfVoiceTest {
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-22T12:00:00Z"), ZoneOffset.UTC);

    @Test
    void sharesOfABucketAlwaysAddUpToExactly100() {
        Map<Long, Long> mentions = new LinkedHashMap<>();
        mentions.put(0L, 1L);
        mentions.put(1L, 1L);
        mentions.put(2L, 1L);
        Map<Long, Long> shares = ShareOfVoice.shares(mentions);
        assertThat(shares.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(10_000);
        assertThat(shares).containsEntry(0L, 3334L).containsEntry(1L, 3333L).containsEntry(2L, 3333L);
        Map<Long, Long> none = new LinkedHashMap<>();
        none.put(0L, 0L);
        assertThat(ShareOfVoice.shares(none)).containsEntry(0L, 0L);
        for (int seed = 1; seed < 200; seed++) {
            Map<Long, Long> random = new LinkedHashMap<>();
            for (long actor = 0; actor < 1 + seed % 9; actor++) {
                random.put(actor, (seed * 31 + actor * 17) % 13);
            }
            long total = random.values().stream().mapToLong(Long::longValue).sum();
            long sum = ShareOfVoice.shares(random).values().stream().mapToLong(Long::longValue).sum();
            assertThat(sum).isEqualTo(total == 0 ? 0 : 10_000);
        }
    }

    @Test
    void theTopFourAreRankedAndTheRestAreOthers() {
        List<ActorRef> actors = new ArrayList<>();
        actors.add(new ActorRef(null, 1, "Brand", "brand.example"));
        Map<Long, Counts> counts = new LinkedHashMap<>();
        counts.put(0L, mentions(5));
        long[] mentions = {9, 4, 3, 2, 1};
        for (int i = 0; i < mentions.length; i++) {
            long id = 10 + i;
            actors.add(new ActorRef(id, id, "Rival " + i, "rival" + i + ".example"));
            counts.put(id, mentions(mentions[i]));
        }
        Metrics.Computed computed = new Metrics.Computed(
                List.of(new Metrics.Period(LocalDate.of(2026, 11, 16), false, 30, counts)), actors,
                new DateRange(Instant.parse("2026-11-16T00:00:00Z"), Instant.parse("2026-11-23T00:00:00Z")));
        Map<String, Object> sov = ShareOfVoice.compute(computed, Granularity.WEEK, CLOCK);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> breakdown = (List<Map<String, Object>>) sov.get("breakdown");
        List<String> rows = new ArrayList<>();
        double sum = 0;
        for (Map<String, Object> row : breakdown) {
            @SuppressWarnings("unchecked")
            Map<String, Object> actor = (Map<String, Object>) row.get("actor");
            rows.add(row.get("rank") + " " + actor.get("name") + " " + row.get("share") + (Boolean.TRUE.equals(row.get("others")) ? " others" : ""));
            sum += (Double) row.get("share");
        }
        // 24 mentions: 9, 5, 4, 3 are the top four; 2 + 1 are Others.
        assertThat(rows).containsExactly("1 Rival 0 37.5", "2 Brand 20.83", "3 Rival 1 16.67", "4 Rival 2 12.5",
                "5 Others 12.5 others");
        assertThat(sum).isEqualTo(100.0);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> others = (List<Map<String, Object>>) sov.get("others");
        assertThat(others).hasSize(2);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> periods = (List<Map<String, Object>>) sov.get("periods");
        assertThat(periods.get(0)).containsEntry("partial", true).containsEntry("mentions", 24L);
    }

    private static Counts mentions(long count) {
        return new Counts(30, count, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }
}
