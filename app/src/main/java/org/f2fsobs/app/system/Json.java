package org.f2fsobs.app.system;

import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.matrix.ParamValues;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.SerializationFeature;

/** Compact JSON with the one mapping of results ({@link ResultJson}: snake_case), for what the store keeps. */
public final class Json {
    private static final ObjectWriter COMPACT = ResultJson.mapper().writer().without(SerializationFeature.INDENT_OUTPUT);

    private Json() {}

    public static String compact(Object value) {
        return COMPACT.writeValueAsString(value);
    }

    /**
     * A stored cell back as the runner wants it: parameters canonical again (integers as Long, others as Double), its
     * profile overrides kept (a band cell's, contracts.md §6).
     */
    public static CellSpec cell(String json) {
        CellSpec raw = ResultJson.read(json, CellSpec.class);
        SortedMap<String, Object> params = new TreeMap<>();
        for (Map.Entry<String, Object> e : raw.params().entrySet()) params.put(e.getKey(), ParamValues.normalize(e.getValue()));
        return new CellSpec(raw.scenario(), raw.profile(), new TreeMap<>(raw.optimizations()), params, raw.seed(), raw.repetition(),
                raw.profileOverrides());
    }

    /** {@code flag=true,flag=false,…} in name order: the {@code FLAGS} column. */
    public static String flags(Map<String, Boolean> optimizations) {
        if (optimizations == null) return null;
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, Boolean> e : new TreeMap<>(optimizations).entrySet()) {
            if (!b.isEmpty()) b.append(',');
            b.append(e.getKey()).append('=').append(e.getValue());
        }
        return b.toString();
    }

    /** The {@code FLAGS} column back as a map. */
    public static Map<String, Boolean> flags(String column) {
        Map<String, Boolean> m = new java.util.LinkedHashMap<>();
        if (column == null || column.isEmpty()) return m;
        for (String kv : column.split(",")) {
            int eq = kv.indexOf('=');
            if (eq > 0) m.put(kv.substring(0, eq), Boolean.parseBoolean(kv.substring(eq + 1)));
        }
        return m;
    }

    public static String truncate(String s, int max) {
        if (s == null || s.length() <= max) return s;
        return s.substring(0, max - 1) + "…";
    }
}
