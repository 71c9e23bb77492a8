package org.f2fsobs.bench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.f2fsobs.bench.stats.MechanismStatus.DID_NOT_MOVE;
import static org.f2fsobs.bench.stats.MechanismStatus.MOVED;
import static org.f2fsobs.bench.stats.MechanismStatus.NA;
import static org.f2fsobs.bench.stats.Verdict.NOT_REPRODUCED;
import static org.f2fsobs.bench.stats.Verdict.OPPOSITE;
import static org.f2fsobs.bench.stats.Verdict.PARTLY;
import static org.f2fsobs.bench.stats.Verdict.REPRODUCED;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class VerdictsTests {

    private static Verdict v(double r, Double m, MechanismStatus mech) {
        return Verdicts.verdict(r, m, mech);
    }

    @Test
    void labelsAreTheContractStrings() {
        assertThat(REPRODUCED.label()).isEqualTo("reproduced");
        assertThat(PARTLY.label()).isEqualTo("partly");
        assertThat(NOT_REPRODUCED.label()).isEqualTo("not_reproduced");
        assertThat(OPPOSITE.label()).isEqualTo("opposite");
        assertThat(Verdict.NA.label()).isEqualTo("n/a");
        assertThat(MOVED.label()).isEqualTo("moved as expected");
        assertThat(DID_NOT_MOVE.label()).isEqualTo("did not move");
        assertThat(NA.label()).isEqualTo("n/a");
    }

    @Test
    void fullEffectWithMovedCountersIsReproduced() {
        assertThat(v(2556.0 / 2145, 2556.0 / 2145, MOVED)).isEqualTo(REPRODUCED);
    }

    @Test
    void effectInRangeButCountersStillIsPartly() {
        assertThat(v(1.2, 1.2, DID_NOT_MOVE)).isEqualTo(PARTLY);
    }

    @Test
    void noDeclaredExpectationCountsAsMoved() {
        assertThat(v(1.2, 1.2, NA)).isEqualTo(REPRODUCED);
    }

    @ParameterizedTest(name = "m = 1.2, r = {0} → {1}")
    @CsvSource({
            // the ±25 % band is inclusive at both ends, despite binary rounding of 1.15 − 1 and 1.25 − 1
            "1.15,    REPRODUCED",
            "1.25,    REPRODUCED",
            "1.1499,  PARTLY",
            "1.2501,  PARTLY",
            // the ±50 % band, inclusive
            "1.10,    PARTLY",
            "1.30,    PARTLY",
            "1.0999,  NOT_REPRODUCED",
            "1.3001,  NOT_REPRODUCED",
            // no effect at all, and the other direction
            "1.0,     NOT_REPRODUCED",
            "0.98,    OPPOSITE",
            "0.5,     OPPOSITE",
            // far more than claimed
            "2.0,     NOT_REPRODUCED"})
    void boundariesOfTheBandsForAClaimedGain(double r, Verdict expected) {
        assertThat(v(r, 1.2, MOVED)).isEqualTo(expected);
    }

    @Test
    void partlyBandIgnoresTheMechanism() {
        assertThat(v(1.1, 1.2, MOVED)).isEqualTo(PARTLY);
        assertThat(v(1.1, 1.2, DID_NOT_MOVE)).isEqualTo(PARTLY);
        assertThat(v(1.1, 1.2, NA)).isEqualTo(PARTLY);
    }

    @Test
    void claimedSlowdownIsJudgedTheSameWay() {
        assertThat(v(0.55, 0.5, MOVED)).isEqualTo(REPRODUCED);   // q = 0.9
        assertThat(v(0.75, 0.5, MOVED)).isEqualTo(PARTLY);       // q = 0.5
        assertThat(v(1.1, 0.5, MOVED)).isEqualTo(OPPOSITE);
        assertThat(v(0.95, 0.5, MOVED)).isEqualTo(NOT_REPRODUCED); // q = 0.1
    }

    @Test
    void iozoneSizedEffectIsReproducedWithinAQuarter() {
        double m = 14658.0 / 1314;                                 // 11.2×, the mail's 4 KiB row
        assertThat(v(10.0, m, MOVED)).isEqualTo(REPRODUCED);      // q = 0.88
        assertThat(v(7.0, m, MOVED)).isEqualTo(PARTLY);           // q = 0.59
        assertThat(v(6.0, m, MOVED)).isEqualTo(NOT_REPRODUCED);   // q = 0.49
    }

    @Test
    void aTenPercentClaimIsInTheLargeBranchEvenWhenBinaryRoundingSaysOtherwise() {
        // 1 − 0.9 = 0.09999999999999998 in binary; the rule must treat m = 0.9 as |m − 1| = 0.10.
        // Large branch: q = (0.94 − 1)/(0.9 − 1) = 0.6 → partly (the small branch would say reproduced).
        assertThat(v(0.94, 0.9, MOVED)).isEqualTo(PARTLY);
        assertThat(v(1.14, 1.1, MOVED)).isEqualTo(PARTLY);        // q = 1.4
        assertThat(v(1.1, 1.1, DID_NOT_MOVE)).isEqualTo(PARTLY);  // large branch consults the mechanism
    }

    @ParameterizedTest(name = "m = {1}, r = {0} → {2}")
    @CsvSource({
            "1.03,  1.0,  REPRODUCED",
            "1.05,  1.0,  REPRODUCED",       // |r − m| = 0.05 exactly
            "0.95,  1.0,  REPRODUCED",
            "1.08,  1.0,  NOT_REPRODUCED",
            "0.90,  1.0,  NOT_REPRODUCED",   // m − 1 = 0 has no sign: never opposite
            "1.00,  1.05, REPRODUCED",       // the mail's P2 uncompressed-vs-compressed 1.05×
            "0.97,  1.05, OPPOSITE",         // both effects ≥ 2 %, different signs, |r − m| = 0.08
            "0.99,  1.05, NOT_REPRODUCED",   // our effect below 2 %
            "0.95,  1.01, NOT_REPRODUCED",   // the claimed effect below 2 %
            "1.12,  1.05, NOT_REPRODUCED"})
    void smallClaimedEffectNeedsRWithinFivePointsOfM(double r, double m, Verdict expected) {
        assertThat(v(r, m, MOVED)).isEqualTo(expected);
    }

    @Test
    void smallBranchDoesNotConsultTheMechanism() {
        assertThat(v(1.0, 1.0, DID_NOT_MOVE)).isEqualTo(REPRODUCED);
    }

    @Test
    void noOrUnusableReferenceIsNA() {
        assertThat(v(1.2, null, MOVED)).isEqualTo(Verdict.NA);
        assertThat(v(1.2, 0.0, MOVED)).isEqualTo(Verdict.NA);
        assertThat(v(1.2, -1.0, MOVED)).isEqualTo(Verdict.NA);
        assertThat(v(1.2, Double.NaN, MOVED)).isEqualTo(Verdict.NA);
        assertThat(v(Double.NaN, 1.2, MOVED)).isEqualTo(Verdict.NA);
        assertThat(v(Double.POSITIVE_INFINITY, 1.2, MOVED)).isEqualTo(Verdict.NA);
    }

    @Test
    void effectShareIsOursOverClaimed() {
        assertThat(Verdicts.effectShare(1.1, 1.2)).isCloseTo(0.5, within(1e-12));
        assertThat(Verdicts.effectShare(1.1, null)).isNull();
        assertThat(Verdicts.effectShare(1.1, 1.0)).isNull();
    }
}
