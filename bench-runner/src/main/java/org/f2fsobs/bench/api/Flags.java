package org.f2fsobs.bench.api;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.f2fsobs.engine.f2fs.Optimizations;

/**
 * The optimization flags a run can set ({@link ExecSpec#optimizations}, a cell's {@code optimizations}), as the
 * engine knows them: their names in the engine's order, and the values of Linux 6.14, which a flag not given takes.
 */
public final class Flags {
    private Flags() {}

    /** Every flag's name, in the engine's order. */
    public static final List<String> NAMES = Optimizations.NAMES;

    /** Flag → value on Linux 6.14 (in {@link #NAMES} order; a new map each call). */
    public static Map<String, Boolean> linux614() {
        return new LinkedHashMap<>(Optimizations.linux614().toMap());
    }
}
