package org.f2fsobs.bench.scenario;

import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.matrix.ParamValues;

/**
 * The {@code when} of a scenario file: parameter → list of values. A parameter point matches when every named
 * parameter is present with one of its listed values (numbers by value, {@link ParamValues#same}); an empty
 * {@code when} matches every point.
 */
final class Conditions {
    private Conditions() {}

    static boolean matches(Map<String, List<Object>> when, Map<String, Object> params) {
        for (Map.Entry<String, List<Object>> e : when.entrySet()) {
            Object v = params.get(e.getKey());
            if (v == null || e.getValue().stream().noneMatch(w -> ParamValues.same(w, v))) return false;
        }
        return true;
    }
}
