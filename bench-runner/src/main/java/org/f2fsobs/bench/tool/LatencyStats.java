package org.f2fsobs.bench.tool;

import java.math.BigDecimal;
import java.util.Arrays;

/**
 * Latency recorder in nanoseconds with bounded memory. Mirrors fio's per-direction latency accounting: an
 * {@link IoStat} (count, min, max, mean, stddev), the log-linear {@code io_u_plat} histogram of stat.c
 * ({@code FIO_IO_U_PLAT_BITS} = 6: 64 buckets per power of two, 29 groups, values ≥ 2^34 ns in the last bucket) from
 * which percentiles are computed exactly as {@code calc_clat_percentiles()} does, and the coarse
 * {@code io_u_lat_n/u/m} range counters of io_u.c {@code io_u_mark_latency()} ("lat (usec) : 20=94.27%").
 */
public final class LatencyStats {

    public static final int PLAT_BITS = 6;
    public static final int PLAT_VAL = 1 << PLAT_BITS;
    public static final int PLAT_GROUP_NR = 29;
    public static final int PLAT_NR = PLAT_GROUP_NR * PLAT_VAL;
    /** Ranges of io_u_mark_latency(): 10 nsec, 10 usec and 12 msec buckets; the label is the exclusive upper bound. */
    public static final int RANGE_NR = 32;
    /** fio's default percentile_list. */
    public static final double[] DEFAULT_PERCENTILES =
            {1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99, 99.5, 99.9, 99.95, 99.99};

    private static final long[] RANGE_BOUNDS = {2, 4, 10, 20, 50, 100, 250, 500, 750, 1000, 2000};

    private final IoStat stat;
    private final long[] plat;
    private final long[] ranges;

    public LatencyStats() {
        this(new IoStat(), new long[PLAT_NR], new long[RANGE_NR]);
    }

    private LatencyStats(IoStat stat, long[] plat, long[] ranges) {
        this.stat = stat;
        this.plat = plat;
        this.ranges = ranges;
    }

    /**
     * A recorder whose summary and histograms are given rather than accumulated, e.g. the numbers printed by a real
     * fio run. {@code platCounts} has {@link #PLAT_NR} entries (or is null), {@code rangeCounts} {@link #RANGE_NR}.
     */
    public static LatencyStats restore(long samples, long minNs, long maxNs, double mean, double stddev,
                                       long[] platCounts, long[] rangeCounts) {
        long[] p = platCounts == null ? new long[PLAT_NR] : Arrays.copyOf(platCounts, PLAT_NR);
        long[] r = rangeCounts == null ? new long[RANGE_NR] : Arrays.copyOf(rangeCounts, RANGE_NR);
        return new LatencyStats(IoStat.restore(samples, minNs, maxNs, mean, stddev), p, r);
    }

    /** Records one latency sample. */
    public void add(long ns) {
        if (ns < 0) throw new IllegalArgumentException("negative latency " + ns);
        stat.add(ns);
        plat[platValToIdx(ns)]++;
        ranges[rangeIdx(ns)]++;
    }

    /** Adds another recorder's samples (stat.c __sum_stat plus bucket sums, as group_reporting does). */
    public void merge(LatencyStats other) {
        stat.merge(other.stat);
        for (int i = 0; i < PLAT_NR; i++) plat[i] += other.plat[i];
        for (int i = 0; i < RANGE_NR; i++) ranges[i] += other.ranges[i];
    }

    public long count() {
        return stat.samples();
    }

    public long min() {
        return stat.min();
    }

    public long max() {
        return stat.max();
    }

    public double mean() {
        return stat.mean();
    }

    public double stddev() {
        return stat.stddev();
    }

    /** Count of samples in the {@code io_u_plat} bucket {@code idx}. */
    public long platCount(int idx) {
        return plat[idx];
    }

    /** Count of samples in the io_u_mark_latency() range {@code idx} (0–9 nsec, 10–19 usec, 20–31 msec). */
    public long rangeCount(int idx) {
        return ranges[idx];
    }

    /** A deep copy. */
    public LatencyStats copy() {
        return new LatencyStats(stat.copy(), plat.clone(), ranges.clone());
    }

    /**
     * Percentile values (ns, each the middle of its bucket) for {@code list}, sorted ascending, exactly as stat.c
     * calc_clat_percentiles(); empty when there are no samples.
     */
    public long[] percentiles(double[] list) {
        long n = stat.samples();
        if (n == 0 || list.length == 0) return new long[0];
        double[] p = list.clone();
        Arrays.sort(p);
        long[] out = new long[p.length];
        BigDecimal nr = BigDecimal.valueOf(n);
        long sum = 0;
        int j = 0;
        for (int i = 0; i < PLAT_NR && j < p.length; i++) {
            sum += plat[i];
            BigDecimal s100 = BigDecimal.valueOf(sum).multiply(BigDecimal.valueOf(100));
            // sum >= p/100 * nr, in exact arithmetic (fio uses long double)
            while (j < p.length && s100.compareTo(new BigDecimal(p[j]).multiply(nr)) >= 0) {
                out[j++] = platIdxToVal(i);
            }
        }
        for (; j < p.length; j++) out[j] = platIdxToVal(PLAT_NR - 1); // fio logs an error and leaves them unset
        return out;
    }

    /** stat.c plat_val_to_idx(). */
    public static int platValToIdx(long val) {
        int msb = val == 0 ? 0 : 63 - Long.numberOfLeadingZeros(val);
        if (msb <= PLAT_BITS) return (int) val;
        int errorBits = msb - PLAT_BITS;
        int base = (errorBits + 1) << PLAT_BITS;
        int offset = (int) ((PLAT_VAL - 1) & (val >>> errorBits));
        return Math.min(base + offset, PLAT_NR - 1);
    }

    /** stat.c plat_idx_to_val(): the middle of the bucket's range. */
    public static long platIdxToVal(int idx) {
        if (idx < (PLAT_VAL << 1)) return idx;
        int errorBits = (idx >> PLAT_BITS) - 1;
        long base = 1L << (errorBits + PLAT_BITS);
        int k = idx % PLAT_VAL;
        return base + (long) ((k + 0.5) * (1L << errorBits));
    }

    /** io_u.c io_u_mark_latency(): the range counter a latency falls into. */
    public static int rangeIdx(long ns) {
        if (ns < 1000) return bound(ns, 10);
        if (ns < 1_000_000) return 10 + bound(ns / 1000, 10);
        return 20 + bound(ns / 1_000_000, 11);
    }

    private static int bound(long v, int n) {
        for (int k = 0; k < n; k++) if (v < RANGE_BOUNDS[k]) return k;
        return n;
    }
}
