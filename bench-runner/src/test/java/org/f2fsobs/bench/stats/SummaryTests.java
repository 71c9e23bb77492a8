package org.f2fsobs.bench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.f2fsobs.bench.api.Comparison;
import org.junit.jupiter.api.Test;

class SummaryTests {

    @Test
    void medianOfOddCountIsTheMiddleValue() {
        assertThat(Summary.median(new double[] {9, 1, 5})).isEqualTo(5);
    }

    @Test
    void medianOfEvenCountIsTheMeanOfTheMiddleTwo() {
        assertThat(Summary.median(new double[] {4, 1, 3, 2})).isEqualTo(2.5);
        assertThat(Summary.median(new double[] {7, 3})).isEqualTo(5);
    }

    @Test
    void medianDoesNotOverflowNearMaxValue() {
        assertThat(Summary.median(new double[] {Double.MAX_VALUE, Double.MAX_VALUE})).isEqualTo(Double.MAX_VALUE);
    }

    @Test
    void medianLeavesTheInputUnsorted() {
        double[] v = {3, 1, 2};
        Summary.median(v);
        assertThat(v).containsExactly(3, 1, 2);
    }

    @Test
    void minMaxMeanOfAKnownSample() {
        double[] v = {2, 4, 4, 4, 5, 5, 7, 9};
        assertThat(Summary.n(v)).isEqualTo(8);
        assertThat(Summary.min(v)).isEqualTo(2);
        assertThat(Summary.max(v)).isEqualTo(9);
        assertThat(Summary.mean(v)).isEqualTo(5);
    }

    @Test
    void sampleStddevUsesNMinusOne() {
        double[] v = {2, 4, 4, 4, 5, 5, 7, 9};      // Σ(x − 5)² = 32
        assertThat(Summary.variance(v)).isCloseTo(32.0 / 7, within(1e-12));
        assertThat(Summary.stddev(v)).isCloseTo(Math.sqrt(32.0 / 7), within(1e-12));
        assertThat(Summary.cv(v)).isCloseTo(Math.sqrt(32.0 / 7) / 5, within(1e-12));
    }

    @Test
    void singleValueHasNoSpread() {
        assertThat(Summary.stddev(new double[] {42})).isZero();
        assertThat(Summary.cv(new double[] {42})).isZero();
    }

    @Test
    void cvOfAllZerosIsZeroAndOfZeroMeanWithSpreadIsNaN() {
        assertThat(Summary.cv(new double[] {0, 0, 0})).isZero();
        assertThat(Summary.cv(new double[] {-1, 1})).isNaN();
    }

    @Test
    void rejectsEmptyAndNonFiniteInput() {
        assertThatThrownBy(() -> Summary.median(new double[0])).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Summary.mean(null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Summary.max(new double[] {1, Double.NaN}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("value 1");
        assertThatThrownBy(() -> Summary.min(new double[] {Double.POSITIVE_INFINITY}))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void toComparisonSummaryCarriesMedianMinMaxN() {
        assertThat(Summary.toComparisonSummary(new double[] {3, 1, 2, 10}))
                .isEqualTo(new Comparison.Summary(2.5, 1, 10, 4));
    }
}
