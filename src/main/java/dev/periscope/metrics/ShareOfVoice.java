package dev.periscope.metrics;

import dev.periscope.shared.Json;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Share of Voice (spec "GET /metrics/sov"): in each bucket, an actor's share is its mentions over the mentions of all
 * the actors compared, × 100; shares of a bucket with mentions add up to exactly 100 (largest remainder on
 * hundredths). Buckets without mentions carry the previous shares forward and are flagged.
 */
public final class ShareOfVoice {
    private static final int TOP = 4;

    private ShareOfVoice() {
    }

    /**
     * Shares of one bucket in hundredths of a percent, summing to 10,000 when there are mentions; a tied hundredth
     * goes to the smaller actor key. Keeps the order of {@code mentions}.
     */
    static Map<Long, Long> shares(Map<Long, Long> mentions) {
        Map<Long, Long> byKey = Percentages.hundredths(new java.util.TreeMap<>(mentions));
        Map<Long, Long> shares = new LinkedHashMap<>();
        mentions.keySet().forEach(key -> shares.put(key, byKey.get(key)));
        return shares;
    }

    public static Map<String, Object> compute(Metrics.Computed computed, Granularity granularity, Clock clock) {
        List<ActorRef> actors = computed.actors();
        List<Map<Long, Long>> perPeriod = new ArrayList<>();
        List<Long> totals = new ArrayList<>();
        List<Boolean> partial = new ArrayList<>();
        LocalDate today = LocalDate.now(clock.withZone(ZoneOffset.UTC));
        LocalDate rangeStart = computed.range().from() == null ? null : LocalDate.ofInstant(computed.range().from(), ZoneOffset.UTC);
        LocalDate rangeEnd = computed.range().to() == null ? today
                : LocalDate.ofInstant(computed.range().to().minusNanos(1), ZoneOffset.UTC);
        Map<Long, Long> whole = new LinkedHashMap<>();
        actors.forEach(actor -> whole.put(actor.key(), 0L));
        for (Metrics.Period period : computed.periods()) {
            Map<Long, Long> mentions = new LinkedHashMap<>();
            for (ActorRef actor : actors) {
                long count = period.counts().getOrDefault(actor.key(), Counts.ZERO).mentions();
                mentions.put(actor.key(), count);
                whole.merge(actor.key(), count, Long::sum);
            }
            perPeriod.add(mentions);
            totals.add(mentions.values().stream().mapToLong(Long::longValue).sum());
            LocalDate end = granularity.next(period.date()).minusDays(1);
            partial.add(!end.isBefore(today) || end.isAfter(rangeEnd) || rangeStart != null && period.date().isBefore(rangeStart));
        }

        List<Map<String, Object>> periods = new ArrayList<>();
        List<Map<Long, Double>> shareRows = new ArrayList<>();
        Map<Long, Double> previous = null;
        for (int i = 0; i < perPeriod.size(); i++) {
            boolean carried = totals.get(i) == 0;
            Map<Long, Double> row;
            if (carried) {
                row = previous;
            } else {
                row = new LinkedHashMap<>();
                for (Map.Entry<Long, Long> share : shares(perPeriod.get(i)).entrySet()) {
                    row.put(share.getKey(), share.getValue() / 100.0);
                }
                previous = row;
            }
            shareRows.add(row);
            periods.add(Json.object("date", computed.periods().get(i).date().toString(), "mentions", totals.get(i),
                    "partial", partial.get(i), "carried", carried));
        }

        List<Map<String, Object>> overTime = new ArrayList<>();
        for (ActorRef actor : actors) {
            List<Map<String, Object>> data = new ArrayList<>();
            for (int i = 0; i < shareRows.size(); i++) {
                Map<Long, Double> row = shareRows.get(i);
                data.add(Json.object("date", computed.periods().get(i).date().toString(),
                        "value", row == null ? null : row.get(actor.key())));
            }
            overTime.add(Json.object("actor", actor.json(), "data", data));
        }

        int current = -1;
        for (int i = perPeriod.size() - 1; i >= 0; i--) {
            if (totals.get(i) > 0) {
                current = i;
                break;
            }
        }
        List<Map<String, Object>> currentShares = new ArrayList<>();
        if (current >= 0) {
            int previousComplete = -1;
            for (int i = current - 1; i >= 0; i--) {
                if (totals.get(i) > 0 && !partial.get(i)) {
                    previousComplete = i;
                    break;
                }
            }
            for (ActorRef actor : actors) {
                Double share = shareRows.get(current).get(actor.key());
                Double before = previousComplete < 0 ? null : shareRows.get(previousComplete).get(actor.key());
                double sum = 0;
                int complete = 0;
                for (int i = 0; i < perPeriod.size(); i++) {
                    if (totals.get(i) > 0 && !partial.get(i)) {
                        sum += shareRows.get(i).get(actor.key());
                        complete++;
                    }
                }
                currentShares.add(Json.object("actor", actor.json(), "share", share, "previous_share", before,
                        "avg_share", complete == 0 ? null : Metrics.round(sum / complete)));
            }
            currentShares.sort(Comparator.comparing((Map<String, Object> row) -> -(Double) row.get("share")));
        }

        Map<Long, Long> wholeShares = shares(whole);
        List<ActorRef> ranked = new ArrayList<>(actors);
        ranked.sort(Comparator.comparing((ActorRef actor) -> -whole.get(actor.key())).thenComparing(ActorRef::name));
        List<Map<String, Object>> breakdown = new ArrayList<>();
        List<Map<String, Object>> others = new ArrayList<>();
        long othersShare = 0;
        for (int rank = 1; rank <= ranked.size(); rank++) {
            ActorRef actor = ranked.get(rank - 1);
            double share = wholeShares.get(actor.key()) / 100.0;
            if (rank <= TOP) {
                breakdown.add(Json.object("rank", rank, "actor", actor.json(), "share", share, "others", false));
            } else {
                others.add(Json.object("rank", rank, "actor", actor.json(), "share", share));
                othersShare += wholeShares.get(actor.key());
            }
        }
        if (!others.isEmpty()) {
            breakdown.add(Json.object("rank", TOP + 1, "actor", Json.object("type", "others", "id", null,
                    "competitor_id", null, "name", "Others", "domain", null), "share", othersShare / 100.0, "others", true));
        }
        return Json.object("periods", periods, "over_time", overTime, "current", currentShares, "breakdown", breakdown,
                "others", others);
    }
}
