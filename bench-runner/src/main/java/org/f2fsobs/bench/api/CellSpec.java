package org.f2fsobs.bench.api;

import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One cell of a matrix: a scenario run with every optimization flag set and every parameter given, with one seed.
 * Maps are sorted so that a cell prints, hashes and orders the same way everywhere.
 *
 * @param scenario      catalog id (contracts.md §1)
 * @param profile       profile name; null = the scenario's own
 * @param optimizations flag name → on/off for the flag under study; flags not given take the scenario's era values
 * @param params        parameter name → value (numbers as Long/Double, strings as String), {@code scale} included
 * @param seed          the run's seed (repetition i of a matrix uses matrix seed + i)
 * @param repetition    index of the repetition within its matrix point (0-based)
 */
public record CellSpec(String scenario, String profile, SortedMap<String, Boolean> optimizations,
                       SortedMap<String, Object> params, long seed, int repetition) {

    public CellSpec {
        optimizations = Collections.unmodifiableSortedMap(new TreeMap<>(optimizations));
        params = Collections.unmodifiableSortedMap(new TreeMap<>(params));
    }

    public static CellSpec of(String scenario, Map<String, Boolean> optimizations, Map<String, Object> params, long seed) {
        return new CellSpec(scenario, null, new TreeMap<>(optimizations), new TreeMap<>(params), seed, 0);
    }
}
