package org.f2fsobs.bench.band;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * How a band is made (contracts.md §6). The defaults are the issue's: every constant the runs read, one at a time at
 * both ends, the two corners per comparison, and a Latin hypercube of {@link #DEFAULT_LHS_POINTS} points over the
 * constants whose swing is at least {@link #DEFAULT_LHS_SHARE} of the largest.
 *
 * @param lhsPoints   points of the Latin hypercube (0: none, for tests of the one-at-a-time part only)
 * @param lhsShare    a constant enters the hypercube when its swing is at least this share of the largest swing of
 *                    some comparison
 * @param reuseUnread a cell whose nominal run read none of the constants a point changes gives the nominal result
 *                    (exact: it reads the same values throughout); false runs every cell of every point
 * @param sweepAll    sweep every constant with a range, read or not (with {@code reuseUnread} false, a check that an
 *                    unread constant has no swing)
 * @param only        sweep only these constants (null: all that qualify)
 * @param ranges      constant → [low, high] replacing its sourced range (what-ifs and tests; null: none)
 */
public record BandOptions(int lhsPoints, double lhsShare, boolean reuseUnread, boolean sweepAll, Set<String> only,
                          Map<String, long[]> ranges) {
    public static final int DEFAULT_LHS_POINTS = 32;
    public static final double DEFAULT_LHS_SHARE = 0.05;
    public static final BandOptions DEFAULT = new BandOptions(DEFAULT_LHS_POINTS, DEFAULT_LHS_SHARE, true, false, null, null);

    public BandOptions {
        if (lhsPoints < 0) throw new IllegalArgumentException("lhsPoints must be >= 0");
        only = only == null ? null : new TreeSet<>(only);
        ranges = ranges == null ? Map.of() : new TreeMap<>(ranges);
    }

    public BandOptions withLhsPoints(int n) {
        return new BandOptions(n, lhsShare, reuseUnread, sweepAll, only, ranges);
    }

    public BandOptions withOnly(Set<String> keys) {
        return new BandOptions(lhsPoints, lhsShare, reuseUnread, sweepAll, keys, ranges);
    }

    public BandOptions withRange(String key, long low, long high) {
        Map<String, long[]> r = new TreeMap<>(ranges);
        r.put(key, new long[] {low, high});
        return new BandOptions(lhsPoints, lhsShare, reuseUnread, sweepAll, only, r);
    }

    public BandOptions sweepingAll(boolean reuse) {
        return new BandOptions(lhsPoints, lhsShare, reuse, true, only, ranges);
    }
}
