package org.f2fsobs.bench.scenario;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.f2fsobs.bench.matrix.ParamValues;

/**
 * One parameter of a scenario: its name, the values it accepts, its default (the mail's value) and what it drives.
 * Values are checked after {@link ParamValues#normalize} (Long, Double, String, Boolean); {@link #canonical} then
 * gives the one form cells carry: integers as Long (an integral 128.0 becomes 128), {@code scale} as Double,
 * words as String.
 *
 * @param name        the key in {@code params} (snake_case)
 * @param kind        which values it takes
 * @param min         smallest number allowed (POWER_OF_TWO, INTEGER); unused otherwise
 * @param max         largest number allowed (POWER_OF_TWO, INTEGER, FRACTION)
 * @param words       the allowed strings: the choices of a CHOICE, or the extra words of a number
 *                    ({@code reclen_kb}: "auto")
 * @param unsupported strings that look plausible but are refused, each with the reason given to the user
 * @param defaultValue the value when the request does not give one (the mail's), in canonical form
 * @param mailValues  the values the mail itself measured, for the catalog's display
 * @param drives      what the value changes in the run ("mkfs -s", "tiotest -t"), for the catalog's display
 * @param description one sentence for the catalog
 */
public record ParamSpec(String name, Kind kind, long min, long max, List<String> words, Map<String, String> unsupported,
                        Object defaultValue, List<Object> mailValues, String drives, String description) {

    /** The kinds of value a parameter takes. */
    public enum Kind {
        /** A power of two in [min, max], optionally also one of {@code words}. */
        POWER_OF_TWO,
        /** An integer in [min, max]. */
        INTEGER,
        /** One of {@code words}. */
        CHOICE,
        /** A number in (0, max]: {@code scale}. */
        FRACTION;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The parameter every scenario has: the fraction of the mail's data size to run (contracts.md §1). */
    public static final String SCALE = "scale";
    /** Not a parameter but a field of every run and matrix; listed with the parameters in the catalog. */
    public static final String SEED = "seed";

    public ParamSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        words = List.copyOf(words == null ? List.of() : words);
        unsupported = Collections.unmodifiableMap(new LinkedHashMap<>(unsupported == null ? Map.of() : unsupported));
        mailValues = List.copyOf(mailValues == null ? List.of() : mailValues);
        if (kind == Kind.POWER_OF_TWO && (Long.bitCount(min) != 1 || Long.bitCount(max) != 1 || min > max)) {
            throw new IllegalArgumentException(name + ": bounds of a power of two must be powers of two, min ≤ max");
        }
        if (kind == Kind.INTEGER && min > max) throw new IllegalArgumentException(name + ": min > max");
        if (kind == Kind.CHOICE && words.isEmpty()) throw new IllegalArgumentException(name + ": a choice needs values");
        Objects.requireNonNull(defaultValue, name + ": default");
    }

    /** The common {@code scale} parameter: 0 < scale ≤ 1, default 1 (the mail's full size). */
    public static ParamSpec scale() {
        return new ParamSpec(SCALE, Kind.FRACTION, 0, 1, List.of(), Map.of(), 1.0, List.of(1.0),
                "the size dimension named by the scenario's scale rule",
                "fraction of the mail's data size to run; sizes are rounded down to whole blocks of the tool's block size");
    }

    /**
     * Why {@code value} (already {@link ParamValues#normalize normalized}) is not allowed, naming the allowed
     * values or range; empty when it is fine.
     */
    public Optional<String> check(Object value) {
        if (value instanceof String s) return checkWord(s);
        if (value instanceof Boolean) return Optional.of("must be " + allowed() + ", not a boolean");
        if (!(value instanceof Number n)) return Optional.of("must be " + allowed());
        return switch (kind) {
            case CHOICE -> Optional.of("must be " + allowed() + ", not the number " + ParamValues.canonical(n));
            case FRACTION -> {
                double d = n.doubleValue();
                yield d > 0 && d <= max ? Optional.empty()
                        : Optional.of("out of range: must be " + allowed());
            }
            case INTEGER, POWER_OF_TWO -> {
                Long l = integral(n);
                if (l == null) yield Optional.of("must be an integer: " + allowed());
                if (l < min || l > max || (kind == Kind.POWER_OF_TWO && Long.bitCount(l) != 1)) {
                    yield Optional.of((l < min || l > max ? "out of range" : "not a power of two") + ": must be " + allowed());
                }
                yield Optional.empty();
            }
        };
    }

    private Optional<String> checkWord(String s) {
        if (words.contains(s)) return Optional.empty();
        String reason = unsupported.get(s);
        if (reason != null) return Optional.of(reason + "; allowed: " + allowed());
        if (kind == Kind.FRACTION || kind == Kind.INTEGER || (kind == Kind.POWER_OF_TWO && words.isEmpty())) {
            return Optional.of("must be " + allowed() + ", not the string \"" + s + "\"");
        }
        return Optional.of("must be " + allowed());
    }

    /**
     * The form a cell carries: integral numbers of an integer kind as Long, a FRACTION as Double, strings as given.
     * Call only on a value {@link #check} accepted.
     */
    public Object canonical(Object value) {
        if (value instanceof Number n) {
            if (kind == Kind.FRACTION) return n.doubleValue();
            Long l = integral(n);
            if (l != null) return l;     // not a ?: — that would promote the Long to double
            return n.doubleValue();
        }
        return value;
    }

    /** The allowed values in words, e.g. "a power of two 1…512", "one of none, lz4, lzo, zstd", "0 < scale ≤ 1". */
    public String allowed() {
        String numbers = switch (kind) {
            case POWER_OF_TWO -> "a power of two " + min + "…" + max;
            case INTEGER -> "an integer " + min + "…" + max;
            case FRACTION -> "a number with 0 < " + name + " ≤ " + ParamValues.canonical((double) max);
            case CHOICE -> "one of " + String.join(", ", words);
        };
        if (kind != Kind.CHOICE && !words.isEmpty()) return String.join(" or ", words) + " or " + numbers;
        return numbers;
    }

    /** Every allowed value when the set is small (powers of two, choices), else empty. */
    public List<Object> enumerate() {
        List<Object> out = new ArrayList<>(words);
        if (kind == Kind.POWER_OF_TWO) for (long v = min; v <= max; v <<= 1) out.add(v);
        if (kind == Kind.INTEGER || kind == Kind.FRACTION) return List.of();
        return List.copyOf(out);
    }

    private static Long integral(Number n) {
        if (n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte) return n.longValue();
        double d = n.doubleValue();
        if (Double.isFinite(d) && d == Math.rint(d) && Math.abs(d) < 0x1p62) return (long) d;
        return null;
    }
}
