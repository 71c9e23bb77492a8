package org.f2fsobs.bench.stats;

import java.util.Arrays;
import org.f2fsobs.bench.api.Comparison;

/**
 * Descriptive statistics of one side of a comparison (the repetitions of one matrix point), on {@code double[]}.
 *
 * <p>Every method rejects an empty array and non-finite values with {@link IllegalArgumentException}: a NaN in a
 * headline is an engine bug and must not be averaged away. Inputs are never modified. Sums run in index order, so
 * the same array gives the same bits on every JVM.
 */
public final class Summary {
    private Summary() {}

    /** Number of values (after the same checks as the other methods). */
    public static int n(double[] values) {
        return check(values).length;
    }

    /** Median; for an even count, the mean of the two middle values. */
    public static double median(double[] values) {
        double[] s = sorted(values);
        return medianOfSorted(s, s.length);
    }

    /** Median of the first {@code n} entries of an already sorted array (no checks; used by the bootstrap). */
    static double medianOfSorted(double[] s, int n) {
        int mid = n >>> 1;
        if ((n & 1) == 1) return s[mid];
        double a = s[mid - 1], b = s[mid];
        double m = (a + b) / 2;
        return Double.isInfinite(m) ? a / 2 + b / 2 : m;
    }

    public static double min(double[] values) {
        double m = Double.POSITIVE_INFINITY;
        for (double v : check(values)) m = Math.min(m, v);
        return m;
    }

    public static double max(double[] values) {
        double m = Double.NEGATIVE_INFINITY;
        for (double v : check(values)) m = Math.max(m, v);
        return m;
    }

    /** Arithmetic mean. */
    public static double mean(double[] values) {
        check(values);
        double sum = 0;
        for (double v : values) sum += v;
        return sum / values.length;
    }

    /** Sample variance (divisor n − 1, two-pass); 0 for a single value. */
    public static double variance(double[] values) {
        double mean = mean(values);
        if (values.length < 2) return 0;
        double ss = 0;
        for (double v : values) {
            double d = v - mean;
            ss += d * d;
        }
        return ss / (values.length - 1);
    }

    /** Sample standard deviation (divisor n − 1); 0 for a single value. */
    public static double stddev(double[] values) {
        return StrictMath.sqrt(variance(values));
    }

    /**
     * Coefficient of variation: sample stddev / |mean| (a fraction, not a percentage). 0 when every value is the
     * same (including all zeros); NaN when the mean is 0 but the values differ (only possible with negative values).
     */
    public static double cv(double[] values) {
        double sd = stddev(values);
        if (sd == 0) return 0;
        double mean = Math.abs(mean(values));
        return mean == 0 ? Double.NaN : sd / mean;
    }

    /** The contract's per-side summary: median, min, max, n. */
    public static Comparison.Summary toComparisonSummary(double[] values) {
        return new Comparison.Summary(median(values), min(values), max(values), values.length);
    }

    /** A sorted copy. */
    static double[] sorted(double[] values) {
        double[] s = check(values).clone();
        Arrays.sort(s);
        return s;
    }

    static double[] check(double[] values) {
        if (values == null || values.length == 0) throw new IllegalArgumentException("no values");
        for (int i = 0; i < values.length; i++) {
            if (!Double.isFinite(values[i])) throw new IllegalArgumentException("value " + i + " is not finite: " + values[i]);
        }
        return values;
    }
}
