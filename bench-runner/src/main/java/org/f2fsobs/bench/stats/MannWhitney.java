package org.f2fsobs.bench.stats;

import java.util.Arrays;

/**
 * Mann–Whitney U test (Wilcoxon rank-sum), two-sided, of the on sample against the off sample, as asv and
 * Perfherder use it.
 *
 * <p>U is reported for the on sample: U = #{(i, j): on_i &gt; off_j} + ½ #{on_i = off_j}, so U / (n_on n_off) is
 * the probability that an on run beats an off run, and Cliff's delta = 2U/(n_on n_off) − 1.
 *
 * <p><b>Exact</b> when n_on + n_off ≤ {@link #EXACT_MAX_N}: the p-value is the share of all C(N, n_on) equally
 * likely assignments of the pooled values to the two sides (the permutation distribution under H0) whose rank sum
 * is at least as far from its mean as the observed one. Ties get mid-ranks and are handled exactly: the
 * distribution is built by dynamic programming over the tie groups (choosing c of a group's t values contributes
 * C(t, c) ways and c mid-ranks), in doubled ranks so that all arithmetic is on integers. With three runs a side
 * the smallest possible p is 2/20 = 0.1 — one reason to warn below five runs.
 * <b>Normal approximation</b> otherwise, with the tie-corrected variance n_on n_off/12 · ((N + 1) − Σ(t³ − t)/(N(N −
 * 1))) and a continuity correction of ½; when that variance is 0 (every value equal) p = 1.
 */
public final class MannWhitney {
    /** Largest pooled sample size tested exactly. */
    public static final int EXACT_MAX_N = 50;

    private MannWhitney() {}

    /**
     * @param u     U of the on sample (see the class comment)
     * @param p     two-sided p-value
     * @param exact true for the exact permutation distribution, false for the normal approximation
     */
    public record Result(double u, double p, boolean exact) {}

    public static Result test(double[] off, double[] on) {
        Summary.check(off);
        Summary.check(on);
        int n1 = on.length, n2 = off.length, n = n1 + n2;
        double[] pooled = new double[n];
        Integer[] idx = new Integer[n];
        for (int i = 0; i < n; i++) {
            pooled[i] = i < n1 ? on[i] : off[i - n1];
            idx[i] = i;
        }
        Arrays.sort(idx, (a, b) -> Double.compare(pooled[a], pooled[b]));
        // tie groups: sizes and doubled mid-ranks (ranks are 1-based: 2·midrank = 2·start + t + 1)
        int[] tieSize = new int[n];
        long[] rank2 = new long[n];
        int groups = 0;
        long w2 = 0;          // doubled rank sum of the on sample
        long tieTerm = 0;     // Σ (t³ − t)
        for (int start = 0; start < n; ) {
            int end = start;
            while (end + 1 < n && pooled[idx[end + 1]] == pooled[idx[start]]) end++;
            int t = end - start + 1;
            long r2 = 2L * start + t + 1;
            for (int k = start; k <= end; k++) if (idx[k] < n1) w2 += r2;
            tieSize[groups] = t;
            rank2[groups] = r2;
            groups++;
            tieTerm += (long) t * t * t - t;
            start = end + 1;
        }
        double u = w2 / 2.0 - n1 * (n1 + 1) / 2.0;
        if (n <= EXACT_MAX_N) return new Result(u, exactP(n1, n, w2, tieSize, rank2, groups), true);
        double mean = n1 * (double) n2 / 2;
        double var = n1 * (double) n2 / 12 * ((n + 1) - tieTerm / ((double) n * (n - 1)));
        if (var <= 0) return new Result(u, 1, false);
        double z = Math.max(0, Math.abs(u - mean) - 0.5) / StrictMath.sqrt(var);
        return new Result(u, Distributions.normalTwoSidedP(z), false);
    }

    private static double exactP(int n1, int n, long w2, int[] tieSize, long[] rank2, int groups) {
        int maxSum = n * (n + 1);                    // doubled sum of all ranks
        double[][] dp = new double[n1 + 1][maxSum + 1];
        dp[0][0] = 1;
        for (int g = 0; g < groups; g++) {      // in place, like a knapsack: sources k before targets k + c
            int t = tieSize[g];
            long r2 = rank2[g];
            for (int k = n1 - 1; k >= 0; k--) {
                for (int s = maxSum; s >= 0; s--) {
                    double ways = dp[k][s];
                    if (ways == 0) continue;
                    double binom = 1;                // C(t, c), built up incrementally (exact integers)
                    for (int c = 1; c <= t && k + c <= n1; c++) {
                        binom = binom * (t - c + 1) / c;
                        dp[k + c][(int) (s + c * r2)] += ways * binom;
                    }
                }
            }
        }
        long mean2 = (long) n1 * (n + 1);             // doubled expected rank sum
        long observed = Math.abs(w2 - mean2);
        double total = 0, extreme = 0;
        for (int s = 0; s <= maxSum; s++) {
            double ways = dp[n1][s];
            if (ways == 0) continue;
            total += ways;
            if (Math.abs(s - mean2) >= observed) extreme += ways;
        }
        return Math.min(1, extreme / total);
    }
}
