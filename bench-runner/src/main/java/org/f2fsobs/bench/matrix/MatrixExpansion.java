package org.f2fsobs.bench.matrix;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.FieldError;

/**
 * Expands a {@link MatrixRequest} into its cells, or explains why it cannot.
 *
 * <p><b>Order</b> (nested loops, the last one fastest): each parameter in sorted key order (the first key varies
 * slowest) over its values in the given order; then each flag in sorted name order over its values in the given
 * order; then the repetitions 0 … R − 1. Keys are sorted, not taken in request order, because a JSON object has no
 * order; values keep the order the user gave. Repetition i has seed {@code seed + i} and {@code repetition = i}.
 * Parameter values are normalized by {@link ParamValues#normalize} (integral numbers → Long, others → Double).
 * A request with no parameters has one point (every parameter at its default); with no flags, every cell runs the
 * scenario's era flag values.
 *
 * <p><b>Errors</b> ({@link FieldError}, all of them; scenario, repetitions, seed, then parameters and flags in
 * key order, then the size limit): a blank scenario; repetitions
 * below 1; a seed for which seed + R − 1 overflows; an empty flag or parameter name; a flag or parameter with no
 * values; a null value; a duplicate value (numbers by value: 128 and 128.0 are the same); a value of an unsupported
 * type; {@code seed} given as a parameter; whatever the {@link ParamValidator} rejects. When every list is usable,
 * the cell count (points × flag settings × repetitions, saturating at Long.MAX_VALUE) is checked against
 * {@link MatrixLimits#maxCells()}: above it, an error of kind {@link FieldError.Kind#OVER_LIMIT} on field
 * {@code cells} naming the limit. No cell is produced when there is any error.
 */
public final class MatrixExpansion {
    private MatrixExpansion() {}

    /**
     * @param cells  the cells in order, or empty when there are errors
     * @param errors every problem found, or empty
     */
    public record Expansion(List<CellSpec> cells, List<FieldError> errors) {
        public Expansion {
            cells = List.copyOf(cells);
            errors = List.copyOf(errors);
        }

        public boolean ok() {
            return errors.isEmpty();
        }

        /** Some field is invalid (the app answers 400). */
        public boolean invalid() {
            return errors.stream().anyMatch(e -> e.kind() == FieldError.Kind.INVALID);
        }

        /** A scale below the scenario's smallest meaningful one (the app answers 422 when nothing is {@link #invalid()}). */
        public boolean belowMinScale() {
            return errors.stream().anyMatch(FieldError::belowMinScale);
        }

        /** The matrix is too large (the app answers 422 when nothing is {@link #invalid()}). */
        public boolean overLimit() {
            return errors.stream().anyMatch(FieldError::overLimit);
        }
    }

    public static Expansion expand(MatrixRequest request, MatrixLimits limits) {
        return expand(request, limits, ParamValidator.ANY);
    }

    public static Expansion expand(MatrixRequest request, MatrixLimits limits, ParamValidator validator) {
        List<FieldError> errors = new ArrayList<>();
        if (request.scenario() == null || request.scenario().isBlank()) errors.add(new FieldError("scenario", "is required"));
        int reps = request.repetitions();
        if (reps < 1) errors.add(new FieldError("repetitions", "must be at least 1, got " + reps));
        long seed = request.seed();
        if (reps >= 1 && seed > Long.MAX_VALUE - (reps - 1)) {
            errors.add(new FieldError("seed", "seed + repetitions - 1 exceeds " + Long.MAX_VALUE + " (repetition i runs with seed + i)"));
        }
        boolean countable = reps >= 1;
        TreeMap<String, List<Object>> params = new TreeMap<>();
        for (Map.Entry<String, List<Object>> e : sortedByKey(request.params())) {
            String key = e.getKey();
            if (key == null || key.isBlank()) {
                errors.add(new FieldError("params", "parameter name is empty"));
                countable = false;
                continue;
            }
            String field = "params." + key;
            if (key.equals("seed")) {
                errors.add(new FieldError(field, "the seed is not a parameter: use the seed field (repetition i runs with seed + i)"));
                countable = false;
                continue;
            }
            Optional<String> bad = validator.checkKey(key);
            List<Object> values = checkList(field, e.getValue(), errors);
            if (values == null) countable = false;
            if (bad.isPresent()) {
                errors.add(new FieldError(field, bad.get()));
                continue;
            }
            if (values == null) continue;
            List<Object> normalized = new ArrayList<>();
            for (int i = 0; i < values.size(); i++) {
                Object v = values.get(i);
                String at = field + "[" + i + "]";
                if (v == null) {
                    errors.add(new FieldError(at, "is null"));
                    continue;
                }
                Object n;
                try {
                    n = ParamValues.normalize(v);
                } catch (IllegalArgumentException ex) {
                    errors.add(new FieldError(at, ex.getMessage()));
                    continue;
                }
                int dup = indexOfSame(values, i, n);
                if (dup >= 0) {
                    errors.add(new FieldError(at, "duplicate value " + ParamValues.canonical(n) + " (also at [" + dup + "])"));
                    continue;
                }
                Optional<String> msg = validator.checkValue(key, n);
                if (msg.isPresent()) {
                    errors.add(new FieldError(at, "value " + ParamValues.canonical(n) + ": " + msg.get()));
                    continue;
                }
                normalized.add(n);
            }
            params.put(key, normalized);
        }
        TreeMap<String, List<Boolean>> flags = new TreeMap<>();
        for (Map.Entry<String, List<Boolean>> e : sortedByKey(request.optimizations())) {
            String flag = e.getKey();
            if (flag == null || flag.isBlank()) {
                errors.add(new FieldError("optimizations", "flag name is empty"));
                countable = false;
                continue;
            }
            String field = "optimizations." + flag;
            validator.checkFlag(flag).ifPresent(msg -> errors.add(new FieldError(field, msg)));
            List<Boolean> values = checkList(field, e.getValue(), errors);
            if (values == null) {
                countable = false;
                continue;
            }
            for (int i = 0; i < values.size(); i++) {
                Boolean v = values.get(i);
                if (v == null) errors.add(new FieldError(field + "[" + i + "]", "must be true or false"));
                else if (values.indexOf(v) < i) {
                    errors.add(new FieldError(field + "[" + i + "]", "duplicate value " + v + " (also at [" + values.indexOf(v) + "])"));
                }
            }
            flags.put(flag, values);
        }
        if (countable) {
            long points = 1, settings = 1;
            for (String k : request.params().keySet()) points = saturatingMultiply(points, request.params().get(k).size());
            for (String f : request.optimizations().keySet()) settings = saturatingMultiply(settings, request.optimizations().get(f).size());
            long cells = saturatingMultiply(saturatingMultiply(points, settings), reps);
            if (cells > limits.maxCells()) {
                errors.add(new FieldError("cells", String.format(Locale.ROOT, "%d cells requested (%d parameter points × %d "
                        + "flag settings × %d repetitions), over the limit %s = %d", cells, points, settings, reps,
                        MatrixLimits.MAX_CELLS, limits.maxCells()), FieldError.Kind.OVER_LIMIT));
            }
        }
        if (!errors.isEmpty()) return new Expansion(List.of(), errors);
        return new Expansion(cells(request.scenario(), params, flags, reps, seed), List.of());
    }

    private static List<CellSpec> cells(String scenario, TreeMap<String, List<Object>> params,
                                        TreeMap<String, List<Boolean>> flags, int reps, long seed) {
        List<String> paramKeys = new ArrayList<>(params.keySet());
        List<String> flagKeys = new ArrayList<>(flags.keySet());
        int dims = paramKeys.size() + flagKeys.size();
        int[] size = new int[dims];
        for (int d = 0; d < dims; d++) {
            size[d] = d < paramKeys.size() ? params.get(paramKeys.get(d)).size() : flags.get(flagKeys.get(d - paramKeys.size())).size();
        }
        int[] at = new int[dims];                    // odometer: the last dimension turns fastest
        List<CellSpec> out = new ArrayList<>();
        while (true) {
            TreeMap<String, Object> p = new TreeMap<>();
            TreeMap<String, Boolean> o = new TreeMap<>();
            for (int d = 0; d < paramKeys.size(); d++) p.put(paramKeys.get(d), params.get(paramKeys.get(d)).get(at[d]));
            for (int d = 0; d < flagKeys.size(); d++) {
                o.put(flagKeys.get(d), flags.get(flagKeys.get(d)).get(at[paramKeys.size() + d]));
            }
            for (int i = 0; i < reps; i++) out.add(new CellSpec(scenario, null, o, p, seed + i, i));
            int d = dims - 1;
            while (d >= 0 && ++at[d] == size[d]) at[d--] = 0;
            if (d < 0) return out;
        }
    }

    /** Entries in key order (a null key first), so errors come out in the same order whatever the map's order. */
    private static <T> List<Map.Entry<String, T>> sortedByKey(Map<String, T> map) {
        List<Map.Entry<String, T>> entries = new ArrayList<>(map.entrySet());
        entries.sort(Map.Entry.comparingByKey(Comparator.nullsFirst(Comparator.naturalOrder())));
        return entries;
    }

    private static <T> List<T> checkList(String field, List<T> values, List<FieldError> errors) {
        if (values == null || values.isEmpty()) {
            errors.add(new FieldError(field, "needs at least one value"));
            return null;
        }
        return values;
    }

    /** Index of an earlier value equal to {@code n} (by {@link ParamValues#same}), or −1. */
    private static int indexOfSame(List<Object> values, int before, Object n) {
        for (int j = 0; j < before; j++) {
            Object w = values.get(j);
            if (w == null) continue;
            try {
                if (ParamValues.same(ParamValues.normalize(w), n)) return j;
            } catch (IllegalArgumentException unsupported) {
                // reported at its own index
            }
        }
        return -1;
    }

    private static long saturatingMultiply(long a, long b) {
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        return (hi == 0 && lo >= 0) ? lo : Long.MAX_VALUE;
    }
}
