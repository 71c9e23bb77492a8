package org.f2fsobs.bench.band;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.function.Function;
import org.f2fsobs.engine.sim.Prng;

/**
 * A seeded Latin hypercube over constants' ranges: {@code n} points; along each constant the range is cut into
 * {@code n} equal strata and every stratum holds exactly one point, at a uniformly drawn place inside it; the strata
 * are paired across constants by one seeded permutation per constant. Values are rounded half up, and a key with a
 * granularity ({@link #step}) is snapped to it inside the range.
 */
final class Hypercube {
    private Hypercube() {}

    static List<BandPoint> points(List<String> keys, Function<String, long[]> range, int n, long seed) {
        List<BandPoint> out = new ArrayList<>();
        if (keys.isEmpty() || n == 0) return out;
        Prng prng = new Prng(seed * 0x9E3779B97F4A7C15L + 0x4C48_5300L);     // "LHS": its own stream, from the matrix seed
        long[][] values = new long[keys.size()][n];
        for (int d = 0; d < keys.size(); d++) {
            int[] perm = new int[n];
            for (int i = 0; i < n; i++) perm[i] = i;
            for (int i = n - 1; i > 0; i--) {                        // Fisher–Yates
                int j = prng.nextInt(i + 1);
                int t = perm[i];
                perm[i] = perm[j];
                perm[j] = t;
            }
            long[] r = range.apply(keys.get(d));
            for (int i = 0; i < n; i++) {
                double u = (perm[i] + prng.nextDouble()) / n;
                values[d][i] = snap(keys.get(d), (long) Math.floor(r[0] + u * (r[1] - r[0]) + 0.5), r);
            }
        }
        for (int i = 0; i < n; i++) {
            TreeMap<String, Long> o = new TreeMap<>();
            for (int d = 0; d < keys.size(); d++) o.put(keys.get(d), values[d][i]);
            out.add(new BandPoint("lhs:" + i, BandPoint.Kind.HYPERCUBE, o));
        }
        return out;
    }

    /** The granularity a key's values must keep (the profile loader refuses others): max_sectors_kb in 4 KiB. */
    static long step(String key) {
        return key.equals("device.max_sectors_kb") ? 4 : 1;
    }

    static long snap(String key, long v, long[] range) {
        long s = step(key);
        if (s == 1) return v;
        long x = Math.floorDiv(v + s / 2, s) * s;
        while (x < range[0]) x += s;
        while (x > range[1]) x -= s;
        return x;
    }
}
