package org.f2fsobs.bench.script;

import java.math.BigDecimal;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Sizes as truncate/fallocate read them and durations as sleep reads them. */
final class Sizes {
    private static final Pattern SIZE = Pattern.compile("([0-9]+)([KMGTPE]?)(iB|B)?", Pattern.CASE_INSENSITIVE);
    private static final Pattern DURATION = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)([smhd]?)");
    private static final String UNITS = "KMGTPE";

    private Sizes() {}

    /**
     * coreutils/util-linux sizes: a number with an optional unit, K M G T P E (powers of 1024, also KiB …) or KB MB …
     * (powers of 1000). Relative sizes (+, -, &lt;, &gt;, /, %) are refused: they depend on the file's current size.
     */
    static long bytes(String option, String text) {
        if (!text.isEmpty() && "+-<>/%".indexOf(text.charAt(0)) >= 0) {
            throw new ScriptException.Why(option + " " + text + ": relative sizes are not modelled (give the size in bytes or with K, M, G …)");
        }
        Matcher m = SIZE.matcher(text);
        if (!m.matches()) throw new ScriptException.Why(option + " " + text + ": not a size (a number with K, M, G, T, KB, MB, KiB …)");
        BigDecimal n = new BigDecimal(m.group(1));
        if (!m.group(2).isEmpty()) {
            int power = UNITS.indexOf(Character.toUpperCase(m.group(2).charAt(0))) + 1;
            boolean decimal = "B".equalsIgnoreCase(m.group(3));
            n = n.multiply(BigDecimal.valueOf(decimal ? 1000 : 1024).pow(power));
        } else if (m.group(3) != null && !m.group(3).equalsIgnoreCase("B")) {
            throw new ScriptException.Why(option + " " + text + ": not a size");
        }
        if (n.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) throw new ScriptException.Why(option + " " + text + ": too large");
        return n.longValueExact();
    }

    /** GNU sleep: a (decimal) number with s, m, h or d; several arguments add up. Returns nanoseconds. */
    static long durationNs(String text) {
        Matcher m = DURATION.matcher(text);
        if (!m.matches()) throw new ScriptException.Why("sleep " + text + ": not a duration (seconds, or a number with s, m, h, d)");
        long unit = switch (m.group(2)) {
            case "m" -> 60;
            case "h" -> 3600;
            case "d" -> 86_400;
            default -> 1;
        };
        BigDecimal ns = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(unit * 1_000_000_000L));
        if (ns.compareTo(BigDecimal.valueOf(Long.MAX_VALUE / 4)) > 0) throw new ScriptException.Why("sleep " + text + ": too long");
        return ns.longValue();
    }
}
