package org.f2fsobs.bench.tool;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LatencyStatsTests {

    @Test
    void shouldMapValuesToFiosLogLinearBuckets() {
        assertThat(LatencyStats.platValToIdx(0)).isZero();
        assertThat(LatencyStats.platValToIdx(127)).isEqualTo(127);
        assertThat(LatencyStats.platValToIdx(128)).isEqualTo(128);
        assertThat(LatencyStats.platIdxToVal(127)).isEqualTo(127);
        // values printed by real fio 3.33 runs are bucket middles: 4512 = 4096 + 6.5 * 64
        for (long printed : new long[] {4512, 4832, 8896, 168960, 280576, 12910592, 17536, 509952}) {
            assertThat(LatencyStats.platIdxToVal(LatencyStats.platValToIdx(printed))).isEqualTo(printed);
        }
        assertThat(LatencyStats.platValToIdx(Long.MAX_VALUE)).isEqualTo(LatencyStats.PLAT_NR - 1);
    }

    @Test
    void shouldComputeCountMinMaxMeanAndSampleStddev() {
        LatencyStats st = new LatencyStats();
        for (long v : new long[] {1000, 2000, 3000, 4000}) st.add(v);

        assertThat(st.count()).isEqualTo(4);
        assertThat(st.min()).isEqualTo(1000);
        assertThat(st.max()).isEqualTo(4000);
        assertThat(st.mean()).isEqualTo(2500.0);
        assertThat(st.stddev()).isCloseTo(1290.994, org.assertj.core.data.Offset.offset(0.001));
    }

    @Test
    void shouldComputePercentilesLikeCalcClatPercentiles() {
        LatencyStats st = new LatencyStats();
        for (int i = 1; i <= 100; i++) st.add(i); // below 128: one exact bucket per value
        long[] p = st.percentiles(new double[] {50, 1, 99.5, 100});

        assertThat(p).containsExactly(1, 50, 100, 100);
    }

    @Test
    void shouldMergeAsIfAllSamplesWereAddedToOne() {
        LatencyStats a = new LatencyStats(), b = new LatencyStats(), all = new LatencyStats();
        for (int i = 0; i < 500; i++) {
            long v = 1000 + (i * 7919L) % 100_000;
            (i % 3 == 0 ? a : b).add(v);
            all.add(v);
        }
        a.merge(b);

        assertThat(a.count()).isEqualTo(all.count());
        assertThat(a.min()).isEqualTo(all.min());
        assertThat(a.max()).isEqualTo(all.max());
        assertThat(a.mean()).isCloseTo(all.mean(), org.assertj.core.data.Offset.offset(1e-6));
        assertThat(a.stddev()).isCloseTo(all.stddev(), org.assertj.core.data.Offset.offset(1e-6));
        assertThat(a.percentiles(LatencyStats.DEFAULT_PERCENTILES)).containsExactly(all.percentiles(LatencyStats.DEFAULT_PERCENTILES));
    }

    @Test
    void shouldCountFiosLatencyRanges() {
        assertThat(LatencyStats.rangeIdx(999)).isEqualTo(9);        // nsec 750..999 -> "1000="
        assertThat(LatencyStats.rangeIdx(10_000)).isEqualTo(13);    // usec 10..19 -> "20="
        assertThat(LatencyStats.rangeIdx(1_999_999_999L)).isEqualTo(30); // msec 1000..1999 -> "2000="
        assertThat(LatencyStats.rangeIdx(5_000_000_000L)).isEqualTo(31); // ">=2000="
    }
}
