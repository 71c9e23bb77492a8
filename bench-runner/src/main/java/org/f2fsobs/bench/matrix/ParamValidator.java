package org.f2fsobs.bench.matrix;

import java.util.Optional;

/**
 * The scenario catalog's say on a matrix request: which parameters and flags a scenario has and which values
 * they take. {@link MatrixExpansion} does the structural checks (non-empty lists, duplicates, types, limits) and
 * asks this hook about meaning. Each method returns a message for the user (naming the allowed values or range),
 * or empty when the input is fine.
 */
@FunctionalInterface
public interface ParamValidator {
    /** Accepts every key, value and flag: for tests and for callers that validate elsewhere. */
    ParamValidator ANY = (key, value) -> Optional.empty();

    /**
     * One value of a known parameter, already normalized ({@link ParamValues#normalize}: Long, Double, String or
     * Boolean). Example: "must be a power of two 1…512".
     */
    Optional<String> checkValue(String key, Object value);

    /** A parameter name. Example: "unknown parameter; known: segs_per_sec, scale". Values of a rejected key are not checked. */
    default Optional<String> checkKey(String key) {
        return Optional.empty();
    }

    /** A flag name. Example: "unknown flag; known: sec_ckpt_valid_blocks, vm_map_ram, …". */
    default Optional<String> checkFlag(String flag) {
        return Optional.empty();
    }
}
