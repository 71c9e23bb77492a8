package org.f2fsobs.bench.band;

import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One point of a band: the swept constants it sets (the others stay nominal; calibrated constants are re-solved for
 * it), and what it is for.
 *
 * @param id        {@code nominal}, {@code low:KEY}, {@code high:KEY}, {@code corner-lo:COMPARISON},
 *                  {@code corner-hi:COMPARISON}, {@code lhs:I}
 * @param kind      nominal, one_at_a_time, corner, hypercube
 * @param overrides constant → value at this point (swept constants only)
 */
record BandPoint(String id, Kind kind, SortedMap<String, Long> overrides) {
    enum Kind { NOMINAL, ONE_AT_A_TIME, CORNER, HYPERCUBE }

    BandPoint {
        overrides = Collections.unmodifiableSortedMap(new TreeMap<>(overrides));
    }
}
