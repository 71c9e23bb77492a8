package org.f2fsobs.bench.stats;

import java.util.List;
import java.util.Map;

/**
 * What a {@link org.f2fsobs.bench.api.Comparison} leaves out: the LKP / asv / Perfherder figures behind it. One
 * detail per comparison, in the same order ({@link Comparisons.Analysis}); {@code Comparison} itself stays as the
 * contract fixes it. No field is ever NaN or infinite: an undefined figure is null.
 *
 * @param params                the parameter point (as in the comparison)
 * @param row                   iozone record length (KiB), or null
 * @param otherFlags            values of the flags not under study at this point (fixed per scenario)
 * @param unit                  unit of the summaries: the headline's unit, or "bytes/s" for iozone rows (write_kbps × 1024)
 * @param offValues             the off values, ascending
 * @param onValues              the on values, ascending
 * @param changePercent         LKP's %change: (median on / median off − 1) × 100; null when the off median is 0
 * @param offStddevPercent      LKP's %stddev of the off side: sample stddev / mean × 100; null when n &lt; 2 or undefined
 * @param onStddevPercent       the same for the on side
 * @param spreadWiderThanEffect max − min of either side exceeds |median on − median off|: the ranges do not separate
 * @param mannWhitneyU          U of the on sample ({@link MannWhitney})
 * @param mannWhitneyP          two-sided p-value of Mann–Whitney U
 * @param mannWhitneyExact      true when that p-value is exact, false for the normal approximation
 * @param welchT                Welch's t, or null when undefined ({@link WelchT})
 * @param welchDf               Welch–Satterthwaite degrees of freedom, or null
 * @param welchP                two-sided p-value of Welch's t test, or null
 * @param cliffsDelta           Cliff's delta of on vs off, in [−1, 1]
 * @param cliffsMagnitude       negligible / small / medium / large
 * @param ciLevel               confidence level of the comparison's ratio_ci
 * @param ciResamples           bootstrap resamples drawn (0 when the interval collapsed)
 * @param ciDegenerate          the interval could not be formed normally (n = 1 on a side, zero off median)
 * @param effectShare           q = (r − 1)/(m − 1), the share of the claimed effect reproduced; null without a reference
 * @param repetitionsNeeded     runs per side to detect the claimed effect at the observed noise ({@link Power}); null
 *                              without a reference, or with n &lt; 2 on a side
 * @param mechanismOutcomes     each expectation, checked
 * @param warnings              plain-language cautions (few runs, high CV, degenerate interval, …)
 */
public record ComparisonDetail(
        Map<String, Object> params,
        Integer row,
        Map<String, Boolean> otherFlags,
        String unit,
        List<Double> offValues,
        List<Double> onValues,
        Double changePercent,
        Double offStddevPercent,
        Double onStddevPercent,
        boolean spreadWiderThanEffect,
        double mannWhitneyU,
        double mannWhitneyP,
        boolean mannWhitneyExact,
        Double welchT,
        Double welchDf,
        Double welchP,
        double cliffsDelta,
        String cliffsMagnitude,
        double ciLevel,
        int ciResamples,
        boolean ciDegenerate,
        Double effectShare,
        Integer repetitionsNeeded,
        List<MechanismCheck.Outcome> mechanismOutcomes,
        List<String> warnings) {

    /** Fewer runs than this on a side draws a warning (Perfherder). */
    public static final int MIN_RUNS = 5;
    /** A coefficient of variation above this (in %) draws a rerun warning (Phoronix Test Suite). */
    public static final double MAX_CV_PERCENT = 3.5;

    public ComparisonDetail {
        offValues = List.copyOf(offValues);
        onValues = List.copyOf(onValues);
        mechanismOutcomes = List.copyOf(mechanismOutcomes);
        warnings = List.copyOf(warnings);
    }
}
