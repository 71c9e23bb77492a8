package org.f2fsobs.bench.tool.fio;

import java.util.ArrayList;
import java.util.List;
import org.f2fsobs.bench.tool.CFormat;

/**
 * fio's own JSON writer (json.c): insertion-ordered objects, {@code "key" : value} pairs, two-space indentation per
 * level, integers with {@code %lld}, floats with {@code %f}, strings escaping only backslash and double quote.
 */
final class FioJson {

    /** An ordered JSON object. */
    static final class Obj {
        private final List<String> keys = new ArrayList<>();
        private final List<Object> values = new ArrayList<>();

        Obj put(String key, Object value) {
            keys.add(key);
            values.add(value);
            return this;
        }

        /** A float value, printed with %f. */
        Obj putFloat(String key, double value) {
            return put(key, new Flt(value));
        }

        Obj putObj(String key) {
            Obj o = new Obj();
            put(key, o);
            return o;
        }

        boolean isEmpty() {
            return keys.isEmpty();
        }
    }

    /** A float (as opposed to an integer: json.c keeps the two types apart). */
    record Flt(double value) {}

    private FioJson() {}

    static String print(Obj root) {
        StringBuilder out = new StringBuilder();
        printObj(out, root, 0);
        return out.toString();
    }

    private static void printObj(StringBuilder out, Obj o, int level) {
        out.append("{\n");
        for (int i = 0; i < o.keys.size(); i++) {
            if (i > 0) out.append(",\n");
            indent(out, level + 1);
            out.append('"').append(o.keys.get(i)).append("\" : ");
            printValue(out, o.values.get(i), level + 1);
        }
        out.append('\n');
        indent(out, level);
        out.append('}');
    }

    private static void printValue(StringBuilder out, Object v, int level) {
        switch (v) {
            case Obj o -> printObj(out, o, level);
            case List<?> list -> {
                out.append("[\n");
                for (int i = 0; i < list.size(); i++) {
                    if (i > 0) out.append(",\n");
                    indent(out, level + 1);
                    printValue(out, list.get(i), level + 1);
                }
                out.append('\n');
                indent(out, level);
                out.append(']');
            }
            case Flt f -> out.append(CFormat.fixed(f.value(), 6));
            case Number n -> out.append(n.longValue());
            default -> out.append('"').append(v.toString().replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
        }
    }

    private static void indent(StringBuilder out, int level) {
        out.append("  ".repeat(level));
    }
}
