package org.f2fsobs.bench.stats;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.f2fsobs.engine.sim.Prng;

/**
 * Percentile-bootstrap confidence interval of the ratio of medians, median(on) / median(off) (Efron's percentile
 * method, as asv and Perfherder's compare view use).
 *
 * <p>Procedure: a {@link Prng} is seeded with the given seed; it forks one stream for the off side, then one for
 * the on side. Each of the B resamples draws n_off values of off with replacement ({@code nextInt(n_off)}) and n_on
 * values of on likewise, and records {@link #ratio(double, double) ratio}(median of the on draw, median of the off
 * draw). The B ratios are sorted and the interval is their (1 − level)/2 and (1 + level)/2 quantiles, by linear
 * interpolation between order statistics (Hyndman–Fan type 7, R's default): q(p) = x[⌊h⌋] + (h − ⌊h⌋)(x[⌊h⌋+1] −
 * x[⌊h⌋]) with h = (B − 1)p. Only integer PRNG output, sorting and + − × ÷ are used, so the interval is
 * bit-identical for the same inputs and seed on every JVM.
 *
 * <p>Degenerate cases, by definition:
 * <ul>
 * <li><b>n &lt; 2 on either side</b>: a single run has no spread to resample, and resampling only the other side
 *     would present half the uncertainty as all of it; the interval collapses to [r, r] (r = the point ratio) and
 *     {@link Interval#degenerate()} is true with a note. Callers should show that no interval could be formed,
 *     not that it is exact.</li>
 * <li><b>Zero medians</b>: {@link #ratio(double, double)} is 1 when both medians are 0 (nothing measured on
 *     either side: no change) and {@link Double#MAX_VALUE} when only the off median is 0 ("unbounded"; a finite
 *     stand-in for +∞ so that no NaN or Infinity reaches JSON). Values must be finite and ≥ 0 (headlines and
 *     bandwidths), so every ratio, and therefore every interval end, is finite and ≥ 0. A resample whose off
 *     median is 0 contributes MAX_VALUE, which can make the upper end MAX_VALUE: an honestly unbounded interval.
 *     {@link Interval#degenerate()} is set and noted when the point off median is 0.</li>
 * </ul>
 */
public final class Bootstrap {
    public static final int DEFAULT_RESAMPLES = 10_000;
    public static final double DEFAULT_LEVEL = 0.95;

    private Bootstrap() {}

    /**
     * @param ratio      the point ratio median(on) / median(off)
     * @param lo         lower end of the interval
     * @param hi         upper end of the interval
     * @param resamples  B, the number of bootstrap resamples drawn (0 when the interval collapsed without drawing)
     * @param level      the confidence level, e.g. 0.95
     * @param degenerate true when the interval could not be formed normally (see the class comment)
     * @param note       why it is degenerate, or null
     */
    public record Interval(double ratio, double lo, double hi, int resamples, double level, boolean degenerate,
                           String note) {
        /** [lo, hi], as {@code Comparison.ratioCi} wants it. */
        public double[] toArray() {
            return new double[] {lo, hi};
        }

        public boolean contains(double x) {
            return lo <= x && x <= hi;
        }
    }

    /** B = 10 000 resamples at level 0.95. */
    public static Interval ratioOfMedians(double[] off, double[] on, long seed) {
        return ratioOfMedians(off, on, seed, DEFAULT_RESAMPLES, DEFAULT_LEVEL);
    }

    public static Interval ratioOfMedians(double[] off, double[] on, long seed, int resamples, double level) {
        checkSide("off", off);
        checkSide("on", on);
        if (resamples < 1) throw new IllegalArgumentException("resamples must be at least 1: " + resamples);
        if (!(level > 0 && level < 1)) throw new IllegalArgumentException("level must be in (0, 1): " + level);
        double offMedian = Summary.median(off);
        double onMedian = Summary.median(on);
        double r = ratio(onMedian, offMedian);
        if (off.length < 2 || on.length < 2) {
            String side = off.length < 2 && on.length < 2 ? "both sides" : off.length < 2 ? "the off side" : "the on side";
            return new Interval(r, r, r, 0, level, true,
                    "n = 1 on " + side + ": no spread to resample, the interval collapses to the point ratio");
        }
        Prng root = new Prng(seed);
        Prng offStream = root.fork();
        Prng onStream = root.fork();
        double[] offDraw = new double[off.length];
        double[] onDraw = new double[on.length];
        double[] ratios = new double[resamples];
        for (int b = 0; b < resamples; b++) {
            double offM = resampledMedian(off, offDraw, offStream);
            double onM = resampledMedian(on, onDraw, onStream);
            ratios[b] = ratio(onM, offM);
        }
        Arrays.sort(ratios);
        double alpha = 1 - level;
        double lo = quantileOfSorted(ratios, alpha / 2);
        double hi = quantileOfSorted(ratios, 1 - alpha / 2);
        boolean zeroOff = offMedian == 0;
        return new Interval(r, lo, hi, resamples, level, zeroOff,
                zeroOff ? (onMedian == 0 ? "both medians are 0: ratio taken as 1"
                        : "off median is 0: ratio unbounded, reported as Double.MAX_VALUE") : null);
    }

    /**
     * The ratio num / den for values ≥ 0, always finite: 1 when both are 0, {@link Double#MAX_VALUE} when only
     * {@code den} is 0, and MAX_VALUE also when the quotient overflows.
     */
    public static double ratio(double num, double den) {
        if (den == 0) return num == 0 ? 1.0 : Double.MAX_VALUE;
        double r = num / den;
        return Double.isFinite(r) ? r : Double.MAX_VALUE;
    }

    /**
     * A seed for one comparison, derived from the matrix seed and a stable key naming the comparison (its
     * parameter point and row): SplitMix-style mixing of the seed with the 64-bit FNV-1a hash of the key's UTF-8
     * bytes. Keyed rather than drawn in order, so adding a parameter value to a matrix does not shift the streams
     * (and so the intervals) of the other comparisons.
     */
    public static long seedFor(long matrixSeed, String key) {
        long h = 0xcbf29ce484222325L;
        for (byte b : key.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        long z = matrixSeed ^ Long.rotateLeft(h, 29);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Type-7 quantile of a sorted, non-empty array, p in [0, 1]. */
    static double quantileOfSorted(double[] s, double p) {
        double h = (s.length - 1) * p;
        int i = (int) Math.floor(h);
        if (i >= s.length - 1) return s[s.length - 1];
        double frac = h - i;
        return frac == 0 ? s[i] : s[i] + frac * (s[i + 1] - s[i]);
    }

    private static double resampledMedian(double[] values, double[] draw, Prng prng) {
        int n = values.length;
        for (int i = 0; i < n; i++) draw[i] = values[prng.nextInt(n)];
        Arrays.sort(draw);
        return Summary.medianOfSorted(draw, n);
    }

    private static void checkSide(String side, double[] values) {
        if (values == null || values.length == 0) throw new IllegalArgumentException("no " + side + " values");
        for (int i = 0; i < values.length; i++) {
            double v = values[i];
            if (!Double.isFinite(v) || v < 0) {
                throw new IllegalArgumentException(side + " value " + i + " must be finite and >= 0: " + v);
            }
        }
    }
}
