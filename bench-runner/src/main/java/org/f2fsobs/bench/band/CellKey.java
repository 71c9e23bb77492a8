package org.f2fsobs.bench.band;

import java.util.Map;
import java.util.TreeMap;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.matrix.ParamValues;

/**
 * The identity of a run inside a band: scenario, profile, effective parameters, every flag, seed and profile
 * overrides, in canonical form, so that a cell and the result it produced have the same key and a result found in a
 * store (the app's, after a restart) is recognised as the cell's.
 */
final class CellKey {
    private CellKey() {}

    static String of(CellSpec c) {
        return key(c.scenario(), c.profile(), c.params(), c.optimizations(), c.seed(), c.profileOverrides());
    }

    static String of(RunResult r) {
        return key(r.scenario(), r.profile(), r.params(), r.optimizations(), r.seed(), r.profileOverrides());
    }

    private static String key(String scenario, String profile, Map<String, Object> params, Map<String, Boolean> flags, long seed,
                              Map<String, Long> overrides) {
        TreeMap<String, Object> p = new TreeMap<>(params);
        p.remove("seed");
        p.remove("repetition");
        return scenario + "|" + profile + "|" + ParamValues.canonical(p) + "|" + ParamValues.canonical(new TreeMap<>(flags)) + "|"
                + seed + "|" + ParamValues.canonical(new TreeMap<>(overrides == null ? Map.of() : overrides));
    }
}
