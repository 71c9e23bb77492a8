package org.f2fsobs.bench.tool.fio;

import org.f2fsobs.bench.tool.LatencyStats;

/**
 * Rebuilds fio latency histograms from the numbers a real fio run printed, so a formatter can be fed exactly what
 * that run measured: summary statistics are given, and the io_u_plat buckets are chosen so that
 * calc_clat_percentiles() yields the printed percentiles (each printed value identifies its bucket).
 */
final class FioSampleStats {

    private FioSampleStats() {}

    /**
     * @param printed  the printed percentile values, in the unit of {@code divisor} (1 = nsec, 1000 = usec)
     * @param ranges   io_u_mark_latency() range counts by index (see {@link LatencyStats#rangeIdx}), or null
     */
    static LatencyStats stats(long n, long min, long max, double mean, double stddev, long[] printed, long divisor,
                              long[] ranges) {
        double[] p = LatencyStats.DEFAULT_PERCENTILES;
        long[] plat = new long[LatencyStats.PLAT_NR];
        if (printed != null) {
            long cumulative = 0;
            int lastIdx = -1;
            for (int j = 0; j < p.length; j++) {
                int idx = bucketFor(printed[j], divisor);
                if (idx < lastIdx) throw new IllegalArgumentException("percentiles not ascending at " + p[j]);
                long need = (long) Math.ceil(p[j] * n / 100.0);
                if (j == p.length - 1) need = n;
                if (need > cumulative) {
                    plat[idx] += need - cumulative;
                    cumulative = need;
                }
                lastIdx = idx;
            }
        }
        return LatencyStats.restore(n, min, max, mean, stddev, plat, ranges);
    }

    private static int bucketFor(long printed, long divisor) {
        for (int i = 0; i < LatencyStats.PLAT_NR; i++) {
            long v = LatencyStats.platIdxToVal(i);
            long shown = divisor == 1 ? v : (v + divisor - 1) / divisor;
            if (divisor == 1000 && shown == printed) return i;
            if (divisor == 1 && v == printed) return i;
        }
        throw new IllegalArgumentException("no io_u_plat bucket prints as " + printed);
    }

    /** A range-count array with {@code counts[k]} at index {@code idx[k]}. */
    static long[] ranges(int[] idx, long[] counts) {
        long[] r = new long[LatencyStats.RANGE_NR];
        for (int k = 0; k < idx.length; k++) r[idx[k]] = counts[k];
        return r;
    }
}
