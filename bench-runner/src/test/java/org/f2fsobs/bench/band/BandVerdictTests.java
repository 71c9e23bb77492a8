package org.f2fsobs.bench.band;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.api.Comparison;
import org.junit.jupiter.api.Test;

/** The band verdict of contracts.md §6, case by case: the first that applies of excluded, inconclusive, robust, consistent. */
class BandVerdictTests {
    static Comparison comparison(double r, Double m, String verdict) {
        Comparison.Summary s = new Comparison.Summary(1, 1, 1, 1);
        return new Comparison(Map.of(), null, s, s, r, new double[] {r, r}, m, "moved as expected", verdict, Map.of());
    }

    static BandResult.Band band(double lo, double hi, double assumptionShare) {
        return new BandResult.Band(lo, hi, (lo + hi) / 2, List.of(), lo, hi, 0, List.of(), assumptionShare, Map.of(), Map.of());
    }

    static String verdict(double r, Double m, String v, double lo, double hi, double share) {
        BandResult.Band b = band(lo, hi, share);
        return BandResult.verdict(comparison(r, m, v), b, BandResult.effect(b, m));
    }

    @Test
    void effectRows() {
        // m = 2: E = r − 1
        assertThat(verdict(2.0, 2.0, "reproduced", 1.6, 2.3, 0)).isEqualTo("robust");          // E in [0.6, 1.3]
        assertThat(verdict(2.0, 2.0, "partly", 1.6, 2.3, 0)).isEqualTo("consistent");          // not reproduced at the nominal
        assertThat(verdict(2.0, 2.0, "reproduced", 1.3, 2.2, 0)).isEqualTo("consistent");      // E_lo 0.3 < 0.5
        assertThat(verdict(2.0, 2.0, "reproduced", 1.05, 2.3, 0)).isEqualTo("inconclusive");   // E_lo 0.05 ≤ 0.1: reaches no effect
        assertThat(verdict(2.0, 2.0, "reproduced", 1.5, 2.6, 0)).isEqualTo("inconclusive");    // width 1.1 > 1.0
        assertThat(verdict(2.0, 2.0, "reproduced", 1.6, 2.3, 0.6)).isEqualTo("inconclusive");  // most swing from assumptions
        assertThat(verdict(1.3, 2.0, "not_reproduced", 1.2, 1.5, 0)).isEqualTo("excluded");    // 1 ∉ [0.2, 0.5]
        assertThat(verdict(2.0, 2.0, "reproduced", 2.5, 3.8, 0.9)).isEqualTo("excluded");      // excluded comes first
        // a claimed slowdown (m < 1): E = (r − 1)/(m − 1) flips the ends
        assertThat(verdict(0.5, 0.5, "reproduced", 0.4, 0.65, 0)).isEqualTo("robust");         // E in [0.7, 1.2]
    }

    @Test
    void noEffectRows() {
        assertThat(verdict(1.0, 1.0, "reproduced", 0.98, 1.04, 0.9)).isEqualTo("robust");
        assertThat(verdict(1.0, 1.0, "reproduced", 0.98, 1.2, 0)).isEqualTo("consistent");
        assertThat(verdict(1.2, 1.0, "not_reproduced", 1.1, 1.3, 0)).isEqualTo("excluded");
        assertThat(verdict(1.0, null, "n/a", 0.9, 1.1, 0)).isEqualTo("n/a");
    }

    @Test
    void effectIsAscendingAndAbsentWithoutAUsableRatio() {
        assertThat(BandResult.effect(band(1.2, 1.5, 0), 2.0)).containsExactly(new double[] {0.2, 0.5}, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(BandResult.effect(band(0.4, 0.65, 0), 0.5)).containsExactly(new double[] {0.7, 1.2}, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(BandResult.effect(band(1, 1, 0), 1.0)).isNull();
        assertThat(BandResult.effect(band(1, 1, 0), null)).isNull();
    }
}
