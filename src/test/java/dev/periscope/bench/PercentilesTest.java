package dev.periscope.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class PercentilesTest {

    @Test
    void nearestRankIsTheSampleOfRankCeilingOfPTimesN() {
        double[] samples = {35, 20, 50, 15, 40};
        // sorted: 15 20 35 40 50
        assertThat(Percentiles.nearestRank(samples, 5)).isEqualTo(15);
        assertThat(Percentiles.nearestRank(samples, 30)).isEqualTo(20);
        assertThat(Percentiles.nearestRank(samples, 40)).isEqualTo(20);
        assertThat(Percentiles.nearestRank(samples, 50)).isEqualTo(35);
        assertThat(Percentiles.nearestRank(samples, 100)).isEqualTo(50);
        assertThat(samples).containsExactly(35, 20, 50, 15, 40);
    }

    @Test
    void thirtyIterationsAsTheBenchmarkTakesThem() {
        double[] samples = IntStream.rangeClosed(1, 30).mapToDouble(i -> 31 - i).toArray();
        assertThat(Percentiles.nearestRank(samples, 50)).isEqualTo(15);
        assertThat(Percentiles.nearestRank(samples, 95)).isEqualTo(29);
        assertThat(Percentiles.nearestRank(samples, 99)).isEqualTo(30);
    }

    @Test
    void wholePercentilesHitTheirRankExactly() {
        double[] twenty = IntStream.rangeClosed(1, 20).mapToDouble(i -> i).toArray();
        assertThat(Percentiles.nearestRank(twenty, 95)).isEqualTo(19);
        double[] hundred = IntStream.rangeClosed(1, 100).mapToDouble(i -> i).toArray();
        assertThat(Percentiles.nearestRank(hundred, 99)).isEqualTo(99);
        assertThat(Percentiles.nearestRank(hundred, 1)).isEqualTo(1);
    }

    @Test
    void oneSampleIsEveryPercentileAndTheMedianOfThreeIsTheMiddleOne() {
        assertThat(Percentiles.nearestRank(new double[] {7.5}, 1)).isEqualTo(7.5);
        assertThat(Percentiles.nearestRank(new double[] {7.5}, 99)).isEqualTo(7.5);
        assertThat(Percentiles.median(new double[] {900, 12, 30})).isEqualTo(30);
    }

    @Test
    void noSamplesOrAPercentileOutsideTheRangeIsAMistake() {
        assertThatThrownBy(() -> Percentiles.nearestRank(new double[0], 50)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Percentiles.nearestRank(new double[] {1}, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Percentiles.nearestRank(new double[] {1}, 101)).isInstanceOf(IllegalArgumentException.class);
    }
}
