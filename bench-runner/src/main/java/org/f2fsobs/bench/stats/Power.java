package org.f2fsobs.bench.stats;

import java.util.OptionalInt;

/**
 * "Runs needed" planning (observatory-features.md, idea 9): how many repetitions per side would detect the
 * <em>claimed</em> effect, given the noise we observe.
 *
 * <p>Formula (two-sample z approximation on relative values, two-sided α = 0.05, power 0.80):
 * <pre>
 *   n per side = ⌈ 2 (z₀.₉₇₅ + z₀.₈₀)² · CV² / δ² ⌉ = ⌈ 15.70 · CV² / δ² ⌉,   at least 2
 *   CV = √((CV_off² + CV_on²) / 2)     the pooled coefficient of variation (stddev / mean of each side)
 *   δ  = |m − 1|                        the mail's claimed relative effect
 * </pre>
 * It is a planning figure, not a guarantee: it assumes roughly normal noise and a test on means (a test on
 * medians needs about π/2 ≈ 1.57 times as many runs under normal noise). The minimum is 2 because one run per side
 * gives no estimate of the noise; with CV = 0 (a jitter-free, deterministic profile) 2 is the answer. Results are
 * capped at {@link #CAP}.
 */
public final class Power {
    static final double Z_975 = 1.959963984540054;
    static final double Z_80 = 0.8416212335729143;
    /** 2 (z₀.₉₇₅ + z₀.₈₀)². */
    public static final double FACTOR = 2 * (Z_975 + Z_80) * (Z_975 + Z_80);
    public static final int CAP = 1_000_000;

    private Power() {}

    /**
     * @param cvOff         coefficient of variation of the off side (a fraction)
     * @param cvOn          coefficient of variation of the on side
     * @param claimedEffect δ = |m − 1|
     * @return runs per side, or empty when δ is 0 or an input is not a finite non-negative number
     */
    public static OptionalInt repetitionsNeeded(double cvOff, double cvOn, double claimedEffect) {
        double delta = Math.abs(claimedEffect);
        if (!(delta > 0) || !Double.isFinite(delta) || !Double.isFinite(cvOff) || !Double.isFinite(cvOn)
                || cvOff < 0 || cvOn < 0) {
            return OptionalInt.empty();
        }
        double cv2 = (cvOff * cvOff + cvOn * cvOn) / 2;
        double n = Math.ceil(FACTOR * cv2 / (delta * delta));
        return OptionalInt.of((int) Math.max(2, Math.min(CAP, n)));
    }
}
