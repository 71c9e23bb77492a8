package org.f2fsobs.bench.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One cell of a matrix: a scenario run with every optimization flag set and every parameter given, with one seed.
 * Maps are sorted so that a cell prints, hashes and orders the same way everywhere.
 *
 * @param scenario         catalog id (contracts.md §1)
 * @param profile          profile name; null = the scenario's own
 * @param optimizations    flag name → on/off for the flag under study; flags not given take the scenario's era values
 * @param params           parameter name → value (numbers as Long/Double, strings as String), {@code scale} included
 * @param seed             the run's seed (repetition i of a matrix uses matrix seed + i)
 * @param repetition       index of the repetition within its matrix point (0-based)
 * @param profileOverrides profile constant (dotted key, as {@code profiles --format json} names it) → the value this
 *                         cell runs with instead of the profile's (contracts.md §6; {@code --profile-set KEY=VALUE});
 *                         empty for an ordinary cell, and then not written
 */
public record CellSpec(String scenario, String profile, SortedMap<String, Boolean> optimizations,
                       SortedMap<String, Object> params, long seed, int repetition,
                       @JsonInclude(JsonInclude.Include.NON_EMPTY) SortedMap<String, Long> profileOverrides) {

    public CellSpec {
        optimizations = Collections.unmodifiableSortedMap(new TreeMap<>(optimizations));
        params = Collections.unmodifiableSortedMap(new TreeMap<>(params));
        profileOverrides = Collections.unmodifiableSortedMap(profileOverrides == null ? new TreeMap<>() : new TreeMap<>(profileOverrides));
    }

    /** A cell on the profile's own constants. */
    public CellSpec(String scenario, String profile, SortedMap<String, Boolean> optimizations, SortedMap<String, Object> params,
                    long seed, int repetition) {
        this(scenario, profile, optimizations, params, seed, repetition, null);
    }

    public static CellSpec of(String scenario, Map<String, Boolean> optimizations, Map<String, Object> params, long seed) {
        return new CellSpec(scenario, null, new TreeMap<>(optimizations), new TreeMap<>(params), seed, 0);
    }

    /** This cell with these profile constants overridden (replacing any it had). */
    public CellSpec withProfileOverrides(Map<String, Long> overrides) {
        return new CellSpec(scenario, profile, optimizations, params, seed, repetition, new TreeMap<>(overrides));
    }
}
