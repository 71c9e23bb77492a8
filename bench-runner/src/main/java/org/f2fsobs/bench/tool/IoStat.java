package org.f2fsobs.bench.tool;

/**
 * Running min/max/mean/variance of unsigned samples. Mirrors fio's {@code struct io_stat} with
 * {@code add_stat_sample()} (Welford), {@code __sum_stat()} (parallel merge) and the "pure sum" used for bw/iops.
 */
public final class IoStat {

    private long samples;
    private long min = -1L; // ULONG_MAX: compared unsigned, as fio does
    private long max;
    private double mean;
    private double s;       // sum of squared deviations (fio's S)

    /** stat.c add_stat_sample(): one sample. */
    public void add(long value) {
        double val = value;
        if (Long.compareUnsigned(value, max) > 0) max = value;
        if (Long.compareUnsigned(value, min) < 0) min = value;
        double delta = val - mean;
        if (delta != 0) {
            mean += delta / (samples + 1.0);
            s += delta * (val - mean);
        }
        samples++;
    }

    /** stat.c __sum_stat(): merge another stream as if its samples had been added here. */
    public void merge(IoStat src) {
        if (src.samples == 0) return;
        boolean first = samples == 0;
        min = Long.compareUnsigned(min, src.min) <= 0 ? min : src.min;
        max = Long.compareUnsigned(max, src.max) >= 0 ? max : src.max;
        if (first) {
            mean = src.mean;
            s = src.s;
        } else {
            double delta = src.mean - mean;
            double m = (src.mean * src.samples + mean * samples) / (samples + src.samples);
            s = src.s + s + Math.pow(delta, 2.0) * ((double) samples * src.samples) / (samples + src.samples);
            mean = m;
        }
        samples += src.samples;
    }

    /** stat.c sum_stat(pure_sum=true): bw/iops stats of a group add up (min+min, mean+mean, ...). */
    public void pureSum(IoStat src) {
        if (src.samples == 0) return;
        if (samples == 0) {
            min = src.min;
            max = src.max;
            samples = src.samples;
            mean = src.mean;
            s = src.s;
        } else {
            min += src.min;
            max += src.max;
            samples += src.samples;
            mean += src.mean;
            s += src.s;
        }
    }

    /** Sets the summary directly (for results measured elsewhere or read back from a real tool's report). */
    public static IoStat restore(long samples, long min, long max, double mean, double stddev) {
        IoStat st = new IoStat();
        st.samples = samples;
        st.min = samples == 0 ? -1L : min;
        st.max = max;
        st.mean = mean;
        st.s = samples > 1 ? stddev * stddev * (samples - 1.0) : 0;
        return st;
    }

    public long samples() {
        return samples;
    }

    /** Smallest sample (0 when empty). */
    public long min() {
        return samples == 0 ? 0 : min;
    }

    public long max() {
        return max;
    }

    public double mean() {
        return samples == 0 ? 0 : mean;
    }

    /** stat.c calc_lat(): sqrt(S / (n - 1)), 0 for fewer than two samples. */
    public double stddev() {
        return samples > 1 ? Math.sqrt(s / (samples - 1.0)) : 0;
    }

    /** A copy. */
    public IoStat copy() {
        IoStat c = new IoStat();
        c.samples = samples;
        c.min = min;
        c.max = max;
        c.mean = mean;
        c.s = s;
        return c;
    }
}
