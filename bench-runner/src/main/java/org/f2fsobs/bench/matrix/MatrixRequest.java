package org.f2fsobs.bench.matrix;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A matrix as the user asks for it (CLI {@code matrix}, REST {@code POST /api/matrices}): one scenario, lists of
 * flag values and parameter values, repetitions and a seed. Nothing is validated here — {@link MatrixExpansion}
 * does that and names every offending field — so lists may hold nulls and duplicates; they are copied as given.
 *
 * @param scenario      catalog id
 * @param optimizations flag → values to try (in the given order); null = none
 * @param params        parameter → values to try (in the given order); null = none (every parameter at its default)
 * @param repetitions   runs per point; null = {@link #DEFAULT_REPETITIONS}
 * @param seed          seed of repetition 0 (repetition i uses seed + i); null = {@link #DEFAULT_SEED}
 * @param profileOverrides profile constant → value every cell runs with ({@code --profile-set}); null = none
 */
public record MatrixRequest(String scenario, Map<String, List<Boolean>> optimizations, Map<String, List<Object>> params,
                            Integer repetitions, Long seed, Map<String, Long> profileOverrides) {
    public static final int DEFAULT_REPETITIONS = 3;
    public static final long DEFAULT_SEED = 1;

    public MatrixRequest {
        optimizations = copy(optimizations);
        params = copy(params);
        if (repetitions == null) repetitions = DEFAULT_REPETITIONS;
        if (seed == null) seed = DEFAULT_SEED;
        profileOverrides = profileOverrides == null ? Map.of() : Collections.unmodifiableMap(new java.util.TreeMap<>(profileOverrides));
    }

    /** A matrix on the profile's own constants. */
    public MatrixRequest(String scenario, Map<String, List<Boolean>> optimizations, Map<String, List<Object>> params,
                         Integer repetitions, Long seed) {
        this(scenario, optimizations, params, repetitions, seed, null);
    }

    /** Defaults for repetitions and seed. */
    public static MatrixRequest of(String scenario, Map<String, List<Boolean>> optimizations, Map<String, List<Object>> params) {
        return new MatrixRequest(scenario, optimizations, params, null, null);
    }

    private static <T> Map<String, List<T>> copy(Map<String, List<T>> m) {
        if (m == null) return Map.of();
        LinkedHashMap<String, List<T>> out = new LinkedHashMap<>();
        m.forEach((k, v) -> out.put(k, v == null ? null : Collections.unmodifiableList(new ArrayList<>(v))));
        return Collections.unmodifiableMap(out);
    }
}
