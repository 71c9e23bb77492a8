package org.f2fsobs.bench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Optional;
import org.f2fsobs.engine.sim.Prng;
import org.junit.jupiter.api.Test;

/** Mann–Whitney, Welch, Cliff's delta, power, and the special functions, against SciPy 1.17 reference values. */
class SignificanceTests {

    @Test
    void mannWhitneyExactSmallSamples() {
        MannWhitney.Result r = MannWhitney.test(new double[] {1, 2, 3}, new double[] {4, 5, 6});
        assertThat(r.u()).isEqualTo(9);
        assertThat(r.exact()).isTrue();
        assertThat(r.p()).isCloseTo(0.1, within(1e-15));             // 2 / C(6, 3): the best three runs can do
        assertThat(MannWhitney.test(new double[] {1, 2, 3, 4, 5}, new double[] {6, 7, 8, 9, 10}).p())
                .isCloseTo(0.007936507936507936, within(1e-15));
        MannWhitney.Result mixed = MannWhitney.test(new double[] {2.0, 2.5, 3.0, 5.5, 8.1, 9.0},
                new double[] {1.5, 3.2, 4.4, 6.1, 7.0});
        assertThat(mixed.u()).isEqualTo(14);
        assertThat(mixed.p()).isCloseTo(0.9307359307359306, within(1e-12));
    }

    @Test
    void mannWhitneyIsSymmetricInDirection() {
        MannWhitney.Result up = MannWhitney.test(new double[] {1, 2, 3, 4}, new double[] {5, 6, 7});
        MannWhitney.Result down = MannWhitney.test(new double[] {5, 6, 7}, new double[] {1, 2, 3, 4});
        assertThat(up.u()).isEqualTo(12);
        assertThat(down.u()).isZero();
        assertThat(up.p()).isEqualTo(down.p());
    }

    @Test
    void mannWhitneyExactWithTiesMatchesBruteForceEnumeration() {
        Prng prng = new Prng(11);
        for (int trial = 0; trial < 40; trial++) {
            int n1 = 1 + prng.nextInt(6), n2 = 1 + prng.nextInt(6);
            double[] off = new double[n2], on = new double[n1];
            for (int i = 0; i < n2; i++) off[i] = prng.nextInt(4);   // few distinct values: many ties
            for (int i = 0; i < n1; i++) on[i] = prng.nextInt(4);
            assertThat(MannWhitney.test(off, on).p()).as("trial %d", trial).isCloseTo(bruteForceP(off, on), within(1e-12));
        }
    }

    /** Two-sided permutation p-value of the rank sum, by enumerating every subset. */
    private static double bruteForceP(double[] off, double[] on) {
        int n1 = on.length, n = n1 + off.length;
        double[] pooled = new double[n];
        System.arraycopy(on, 0, pooled, 0, n1);
        System.arraycopy(off, 0, pooled, n1, off.length);
        double[] rank = new double[n];
        for (int i = 0; i < n; i++) {
            int less = 0, equal = 0;
            for (double x : pooled) {
                if (x < pooled[i]) less++;
                else if (x == pooled[i]) equal++;
            }
            rank[i] = less + (equal + 1) / 2.0;
        }
        double observed = 0;
        for (int i = 0; i < n1; i++) observed += rank[i];
        double mean = n1 * (n + 1) / 2.0;
        long total = 0, extreme = 0;
        for (int mask = 0; mask < (1 << n); mask++) {
            if (Integer.bitCount(mask) != n1) continue;
            double w = 0;
            for (int i = 0; i < n; i++) if ((mask & (1 << i)) != 0) w += rank[i];
            total++;
            if (Math.abs(w - mean) >= Math.abs(observed - mean) - 1e-9) extreme++;
        }
        return (double) extreme / total;
    }

    @Test
    void allEqualValuesGivePOne() {
        MannWhitney.Result r = MannWhitney.test(new double[] {5, 5, 5}, new double[] {5, 5, 5});
        assertThat(r.p()).isEqualTo(1.0);
        assertThat(r.u()).isEqualTo(4.5);
    }

    @Test
    void mannWhitneyNormalApproximationForLargeSamples() {
        double[] off = new double[30], on = new double[30];
        for (int i = 0; i < 30; i++) {
            off[i] = i + 1;
            on[i] = i + 31;
        }
        MannWhitney.Result r = MannWhitney.test(off, on);
        assertThat(r.exact()).isFalse();
        assertThat(r.u()).isEqualTo(900);
        assertThat(r.p()).isCloseTo(3.019859359162157e-11, within(1e-18));
    }

    @Test
    void mannWhitneyNormalApproximationCorrectsForTies() {
        double[] on = new double[30], off = new double[30];
        double[] onBase = {1, 2, 2, 3, 3, 3, 4, 4, 5, 6}, offBase = {2, 3, 3, 4, 4, 4, 5, 5, 6, 7};
        for (int i = 0; i < 30; i++) {
            on[i] = onBase[i % 10];
            off[i] = offBase[i % 10];
        }
        MannWhitney.Result r = MannWhitney.test(off, on);
        assertThat(r.exact()).isFalse();
        assertThat(r.u()).isEqualTo(283.5);
        assertThat(r.p()).isCloseTo(0.012297284331001444, within(1e-12));
    }

    @Test
    void welchAgainstScipy() {
        WelchT.Result a = WelchT.test(new double[] {1, 2, 3}, new double[] {4, 5, 6}).orElseThrow();
        assertThat(a.t()).isCloseTo(3.6742346141747673, within(1e-12));
        assertThat(a.df()).isCloseTo(4.0, within(1e-12));
        assertThat(a.p()).isCloseTo(0.021311641128756713, within(1e-12));
        WelchT.Result b = WelchT.test(new double[] {11.5, 12.9, 10.7, 13.8}, new double[] {10.1, 10.4, 9.8, 10.0, 10.3}).orElseThrow();
        assertThat(b.t()).isCloseTo(-2.995878538877246, within(1e-12));
        assertThat(b.df()).isCloseTo(3.1421823507398443, within(1e-12));
        assertThat(b.p()).isCloseTo(0.054554115671386384, within(1e-12));
        WelchT.Result c = WelchT.test(new double[] {100.5, 99.8, 101.2, 100.1, 100.9, 99.9}, new double[] {100, 101, 102, 99}).orElseThrow();
        assertThat(c.p()).isCloseTo(0.891472816978787, within(1e-12));
    }

    @Test
    void welchIsUndefinedWithoutNoise() {
        assertThat(WelchT.test(new double[] {1}, new double[] {2, 3})).isEmpty();
        assertThat(WelchT.test(new double[] {1, 1, 1}, new double[] {2, 2, 2})).isEmpty();
        Optional<WelchT.Result> oneSided = WelchT.test(new double[] {1, 1, 1}, new double[] {2, 3, 4});
        assertThat(oneSided).isPresent();
        assertThat(oneSided.get().df()).isCloseTo(2, within(1e-12));
    }

    @Test
    void specialFunctionsAgainstScipy() {
        assertThat(Distributions.normalTwoSidedP(1.5)).isCloseTo(0.13361440253771614, within(1e-14));
        assertThat(Distributions.normalTwoSidedP(3.0)).isCloseTo(0.0026997960632601866, within(1e-15));
        assertThat(Distributions.normalTwoSidedP(0)).isEqualTo(1.0);
        assertThat(Distributions.studentTwoSidedP(2.0, 3.7)).isCloseTo(0.12181720190523398, within(1e-12));
        assertThat(Distributions.lnGamma(10)).isCloseTo(Math.log(362880), within(1e-12));
        assertThat(Distributions.lnGamma(0.5)).isCloseTo(0.5 * Math.log(Math.PI), within(1e-12));
    }

    @Test
    void cliffsDeltaCountsDominance() {
        assertThat(CliffsDelta.of(new double[] {1, 2, 3}, new double[] {4, 5, 6})).isEqualTo(1.0);
        assertThat(CliffsDelta.of(new double[] {4, 5, 6}, new double[] {1, 2, 3})).isEqualTo(-1.0);
        assertThat(CliffsDelta.of(new double[] {1, 3}, new double[] {2, 3})).isEqualTo(0.25);   // (2 − 1)/4
        assertThat(CliffsDelta.magnitude(0.1)).isEqualTo("negligible");
        assertThat(CliffsDelta.magnitude(-0.2)).isEqualTo("small");
        assertThat(CliffsDelta.magnitude(0.4)).isEqualTo("medium");
        assertThat(CliffsDelta.magnitude(1)).isEqualTo("large");
    }

    @Test
    void repetitionsNeededFollowsTheDocumentedFormula() {
        assertThat(Power.FACTOR).isCloseTo(15.6977, within(1e-4));
        // CV 5 %, claimed +10 %: 15.70 × 0.0025 / 0.01 = 3.92 → 4
        assertThat(Power.repetitionsNeeded(0.05, 0.05, 0.1)).hasValue(4);
        // CV 3.5 % (PTS's limit), claimed 5 %: 15.70 × 0.001225 / 0.0025 = 7.69 → 8
        assertThat(Power.repetitionsNeeded(0.035, 0.035, -0.05)).hasValue(8);
        // pooled: √((0.02² + 0.1²)/2) = 0.0721; claimed 2 %: 15.70 × 0.0052 / 0.0004 = 204.1 → 205
        assertThat(Power.repetitionsNeeded(0.02, 0.1, 0.02)).hasValue(205);
        assertThat(Power.repetitionsNeeded(0, 0, 0.2)).hasValue(2);
        assertThat(Power.repetitionsNeeded(0.5, 0.5, 1e-6)).hasValue(Power.CAP);
        assertThat(Power.repetitionsNeeded(0.05, 0.05, 0)).isEmpty();
        assertThat(Power.repetitionsNeeded(Double.NaN, 0.05, 0.1)).isEmpty();
    }
}
