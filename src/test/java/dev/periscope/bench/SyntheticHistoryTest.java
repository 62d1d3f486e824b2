package dev.periscope.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The synthetic history without a database: deterministic, and shaped the way extraction would have left it. */
class SyntheticHistoryTest {
    private static final List<String> MODELS = List.of("chatgpt", "perplexity", "gemini", "ai_overview");
    private static final List<LocalDate> CYCLES = List.of(LocalDate.of(2026, 3, 2), LocalDate.of(2026, 3, 9));

    private static SyntheticHistory history(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        SyntheticProject project = new SyntheticProject(random.split(), 40, 5);
        UrlPool pool = new UrlPool(random.split(), project.rivals(), List.of(11L, 12L, 13L, 14L, 15L), 200, 2_000);
        long now = LocalDate.of(2026, 3, 12).atStartOfDay().toEpochSecond(ZoneOffset.UTC);
        return new SyntheticHistory(seed, project, pool, MODELS, CYCLES, now);
    }

    @Test
    void anExecutionDrawnTwiceComesOutTheSame() {
        SyntheticHistory one = history(3);
        SyntheticHistory other = history(3);
        SyntheticHistory.Draw a = one.newDraw();
        SyntheticHistory.Draw b = other.newDraw();
        for (long i = one.size() - 1; i >= 0; i--) {
            one.draw(i, a);
            other.draw(i, b);
            assertThat(one.answer(i, a)).isEqualTo(other.answer(i, b));
            assertThat(a.executedAt).isEqualTo(b.executedAt);
            assertThat(a.sources).isEqualTo(b.sources);
        }
    }

    @Test
    void answersNameTheirActorsInPositionOrderAndCiteDistinctPages() {
        SyntheticHistory history = history(5);
        SyntheticHistory.Draw d = history.newDraw();
        int mentions = 0;
        int sources = 0;
        for (long i = 0; i < history.size(); i++) {
            history.draw(i, d);
            if (!d.hasRecords()) {
                assertThat(d.mentions).isZero();
                assertThat(d.sources).isZero();
                continue;
            }
            String answer = history.answer(i, d);
            int last = -1;
            Set<Integer> actors = new HashSet<>();
            for (int m = 0; m < d.mentions; m++) {
                int at = answer.indexOf(history.actorName(d, m));
                assertThat(at).isGreaterThan(last);
                last = at;
                assertThat(actors.add(d.actor[m])).isTrue();
            }
            Set<Integer> pages = new HashSet<>();
            int visible = 0;
            for (int s = 0; s < d.sources; s++) {
                assertThat(pages.add(d.page[s])).isTrue();
                if (d.position[s] > 0) {
                    assertThat(d.position[s]).isEqualTo(++visible);
                }
            }
            mentions += d.mentions;
            sources += d.sources;
            LocalDate day = LocalDate.ofEpochDay(Math.floorDiv(d.executedAt, 86_400));
            assertThat(day).isEqualTo(CYCLES.get(d.cycle));
        }
        long executions = history.size();
        assertThat((double) mentions / executions).isBetween(2.5, 4.0);
        assertThat((double) sources / executions).isBetween(6.5, 9.5);
    }
}
