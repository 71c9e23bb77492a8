package org.f2fsobs.bench.matrix;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeSet;

/**
 * One meaning for parameter values wherever they are compared: in a matrix request (duplicates), in results read
 * back from JSON (where 128 may come back as Integer, Long or even 128.0) and in comparisons (grouping, ordering,
 * matching references).
 *
 * <p>Numbers are equal when their values are equal (128 = 128L = 128.0) and are ordered by value; numbers sort
 * before booleans, booleans (false, true) before strings, strings by {@link String#compareTo}.
 */
public final class ParamValues {
    private ParamValues() {}

    /**
     * The value CellSpec wants: integral numbers as Long, other numbers as Double, strings and booleans as they are.
     *
     * @throws IllegalArgumentException for null, non-finite numbers and other types
     */
    public static Object normalize(Object v) {
        if (v == null) throw new IllegalArgumentException("value is null");
        if (v instanceof Long || v instanceof String || v instanceof Boolean) return v;
        if (v instanceof Integer || v instanceof Short || v instanceof Byte) return ((Number) v).longValue();
        if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            if (!Double.isFinite(d)) throw new IllegalArgumentException("value is not a finite number: " + v);
            return d;
        }
        if (v instanceof BigInteger b) {
            return b.bitLength() < 64 ? (Object) b.longValue() : (Object) finite(b.doubleValue(), v);
        }
        if (v instanceof BigDecimal b) {
            try {
                return b.longValueExact();
            } catch (ArithmeticException notIntegral) {
                return finite(b.doubleValue(), v);
            }
        }
        String what = v instanceof Map<?, ?> ? "an object" : v instanceof java.util.Collection<?> ? "a list"
                : "a value of type " + v.getClass().getSimpleName();
        throw new IllegalArgumentException("must be a number, a string or a boolean, not " + what);
    }

    /**
     * A value typed on a command line ({@code --set segs_per_sec=128,1}): an integer that fits a long → Long
     * ("128", "-3"), a finite decimal → Double ("0.5", "1e-3", "1.0"), anything else the string itself ("lz4",
     * "auto"), stripped of surrounding blanks.
     */
    public static Object parse(String text) {
        String t = text.strip();
        if (t.matches("[+-]?\\d+")) {
            try {
                return Long.parseLong(t);
            } catch (NumberFormatException tooLong) {
                return t;
            }
        }
        if (t.matches("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?")) {
            double d = Double.parseDouble(t);
            if (Double.isFinite(d)) return d;
        }
        return t;
    }

    private static double finite(double d, Object original) {
        if (!Double.isFinite(d)) throw new IllegalArgumentException("value is not a finite number: " + original);
        return d;
    }

    /** Total order described in the class comment. */
    public static int compare(Object a, Object b) {
        int ra = rank(a), rb = rank(b);
        if (ra != rb) return Integer.compare(ra, rb);
        return switch (ra) {
            case 0 -> decimal((Number) a).compareTo(decimal((Number) b));
            case 1 -> Boolean.compare((Boolean) a, (Boolean) b);
            default -> String.valueOf(a).compareTo(String.valueOf(b));
        };
    }

    public static boolean same(Object a, Object b) {
        return compare(a, b) == 0;
    }

    /**
     * Orders two parameter maps: over the union of their keys in sorted order, a missing key sorts first, then
     * values by {@link #compare}.
     */
    public static int compareMaps(Map<String, ?> a, Map<String, ?> b) {
        TreeSet<String> keys = new TreeSet<>(a.keySet());
        keys.addAll(b.keySet());
        for (String k : keys) {
            boolean ha = a.containsKey(k), hb = b.containsKey(k);
            if (ha != hb) return ha ? 1 : -1;
            int c = compare(a.get(k), b.get(k));
            if (c != 0) return c;
        }
        return 0;
    }

    /** Stable text for a value: numbers in plain decimal without trailing zeros (128.0 → 128), strings quoted. */
    public static String canonical(Object v) {
        return switch (rank(v)) {
            case 0 -> decimal((Number) v).stripTrailingZeros().toPlainString();
            case 1 -> v.toString();
            case 2 -> '"' + v.toString().replace("\\", "\\\\").replace("\"", "\\\"") + '"';
            default -> String.valueOf(v);
        };
    }

    /** {@code k=v,k=v} over the sorted keys, values {@link #canonical}. */
    public static String canonical(Map<String, ?> map) {
        StringBuilder sb = new StringBuilder();
        Iterator<String> it = new TreeSet<>(map.keySet()).iterator();
        while (it.hasNext()) {
            String k = it.next();
            sb.append(k).append('=').append(canonical(map.get(k)));
            if (it.hasNext()) sb.append(',');
        }
        return sb.toString();
    }

    private static int rank(Object v) {
        if (v instanceof Number) return 0;
        if (v instanceof Boolean) return 1;
        if (v instanceof String) return 2;
        return 3;
    }

    private static BigDecimal decimal(Number n) {
        if (n instanceof BigDecimal b) return b;
        if (n instanceof BigInteger b) return new BigDecimal(b);
        if (n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte) return BigDecimal.valueOf(n.longValue());
        double d = n.doubleValue();
        if (!Double.isFinite(d)) return d > 0 ? BigDecimal.valueOf(Double.MAX_VALUE) : BigDecimal.valueOf(-Double.MAX_VALUE);
        return BigDecimal.valueOf(d);
    }
}
