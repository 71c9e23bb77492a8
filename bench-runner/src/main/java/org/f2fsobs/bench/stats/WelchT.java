package org.f2fsobs.bench.stats;

import java.util.Optional;

/**
 * Welch's unequal-variance t test, two-sided, on the means of the on and off samples (mmtests and Perfherder show
 * it next to Mann–Whitney). t = (mean_on − mean_off) / √(s²_on/n_on + s²_off/n_off), degrees of freedom by
 * Welch–Satterthwaite, p from Student's t distribution.
 *
 * <p>Undefined (empty) when either side has fewer than 2 runs, or when both sides have zero variance (identical
 * repetitions, as a deterministic profile without jitter gives): then there is no noise to test against, and the
 * ranges in the summary say all there is to say.
 */
public final class WelchT {
    private WelchT() {}

    public record Result(double t, double df, double p) {}

    public static Optional<Result> test(double[] off, double[] on) {
        Summary.check(off);
        Summary.check(on);
        if (off.length < 2 || on.length < 2) return Optional.empty();
        double vOn = Summary.variance(on) / on.length;
        double vOff = Summary.variance(off) / off.length;
        double se2 = vOn + vOff;
        if (se2 == 0) return Optional.empty();
        double t = (Summary.mean(on) - Summary.mean(off)) / StrictMath.sqrt(se2);
        double df = se2 * se2 / (vOn * vOn / (on.length - 1) + vOff * vOff / (off.length - 1));
        return Optional.of(new Result(t, df, Distributions.studentTwoSidedP(t, df)));
    }
}
