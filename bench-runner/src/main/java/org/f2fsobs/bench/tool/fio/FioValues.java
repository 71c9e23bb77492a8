package org.f2fsobs.bench.tool.fio;

import java.util.Locale;
import org.f2fsobs.bench.tool.ToolUsageException;

/**
 * Value syntax of fio options. Mirrors parse.c: {@code str_to_decimal()} with {@code __get_mult_bytes()} (sizes: k, m,
 * g, t, p with an optional b; with the default {@code kb_base=1024} "k"/"kb" mean 1024 and the IEC spellings "kib"
 * mean 1000, fio's compatibility mode), {@code get_mult_time()} (times: us, ms, s, m, h, d; plain numbers are
 * seconds for runtime-like options), {@code check_int()} for integers and bools.
 */
final class FioValues {

    private FioValues() {}

    /** A size in bytes: {@code 512k}, {@code 1536M}, {@code 1g}, {@code 4ki}, {@code 0x1000}, plain bytes. */
    static long size(String option, String value, int kbBase) {
        String v = value.trim();
        if (v.endsWith("%")) {
            throw usage(option, value, "percentage sizes (" + value + ") are not supported by the simulation; give bytes");
        }
        int i = 0;
        boolean hex = v.startsWith("0x") || v.startsWith("0X");
        if (hex) i = 2;
        int start = i;
        while (i < v.length() && (hex ? Character.digit(v.charAt(i), 16) >= 0 : Character.isDigit(v.charAt(i)))) i++;
        if (i == start) {
            if (v.startsWith("-")) throw usage(option, value, "negative sizes are not allowed");
            throw usage(option, value, "expected a size such as 4096, 4k, 512k, 1536M or 1g");
        }
        long n;
        try {
            n = Long.parseLong(v.substring(start, i), hex ? 16 : 10);
        } catch (NumberFormatException e) {
            throw usage(option, value, "the number is too large");
        }
        String suffix = v.substring(i).toLowerCase(Locale.ROOT);
        long mult = multiplier(option, value, suffix, kbBase);
        try {
            return Math.multiplyExact(n, mult);
        } catch (ArithmeticException e) {
            throw usage(option, value, "the size overflows 64 bits");
        }
    }

    private static long multiplier(String option, String value, String suffix, int kbBase) {
        if (suffix.isEmpty()) return 1;
        String units = "kmgtp";
        int pow = units.indexOf(suffix.charAt(0)) + 1;
        String rest = suffix.substring(1);
        long mult = kbBase;
        if (pow == 0 || !(rest.isEmpty() || rest.equals("b") || rest.equals("i") || rest.equals("ib"))) {
            throw usage(option, value, "unknown size suffix '" + suffix + "'; use k, m, g, t or p (optionally with b or ib)");
        }
        if (rest.equals("ib")) mult = kbBase == 1000 ? 1024 : 1000; // parse.c: "opposite units" for kb_base=1024
        long r = 1;
        for (int k = 0; k < pow; k++) r *= mult;
        return r;
    }

    /** A time in nanoseconds; a plain number is seconds when {@code plainIsSeconds}, else microseconds. */
    static long timeNs(String option, String value, boolean plainIsSeconds) {
        String v = value.trim();
        int i = 0;
        while (i < v.length() && Character.isDigit(v.charAt(i))) i++;
        if (i == 0) {
            if (v.startsWith("-")) throw usage(option, value, "negative times are not allowed");
            throw usage(option, value, "expected a time such as 60, 60s, 500ms, 2m or 1h");
        }
        long n = Long.parseLong(v.substring(0, i));
        String unit = v.substring(i).toLowerCase(Locale.ROOT);
        long usec = switch (unit) {
            case "" -> plainIsSeconds ? 1_000_000L : 1L;
            case "us", "usec" -> 1L;
            case "ms", "msec" -> 1_000L;
            case "s", "sec" -> 1_000_000L;
            case "m", "min" -> 60_000_000L;
            case "h" -> 3_600_000_000L;
            case "d" -> 86_400_000_000L;
            default -> throw usage(option, value, "unknown time unit '" + unit + "'; use us, ms, s, m, h or d");
        };
        try {
            return Math.multiplyExact(Math.multiplyExact(n, usec), 1000L);
        } catch (ArithmeticException e) {
            throw usage(option, value, "the time is too large");
        }
    }

    /** A non-negative integer (parse.c check_int, which scans with %u). */
    static long integer(String option, String value) {
        String v = value.trim();
        try {
            long n = v.startsWith("0x") || v.startsWith("0X") ? Long.parseLong(v.substring(2), 16) : Long.parseLong(v);
            if (n < 0) throw usage(option, value, "must not be negative");
            return n;
        } catch (NumberFormatException e) {
            throw usage(option, value, "expected a non-negative integer");
        }
    }

    /** A bool: 0 or 1 (FIO_OPT_BOOL has maxval 1). */
    static boolean bool(String option, String value) {
        if (value == null) {
            throw new ToolUsageException("fio", option,
                    "fio: failed parsing " + option + ": option '" + option + "' needs a value, 0 or 1");
        }
        long n = integer(option, value);
        if (n > 1) throw usage(option, value, "max value out of range: " + n + " (1 max); use 0 or 1");
        return n == 1;
    }

    /**
     * A per-direction value {@code R[,W[,T]]} (parse.c: a comma separates read, write and trim; one value applies
     * to all; an empty part keeps that direction's value).
     */
    static FioBlockSizes[] perDdir(String option, String value, FioBlockSizes[] current,
                                   java.util.function.Function<String, FioBlockSizes> parse) {
        String[] parts = value.split(",", -1);
        FioBlockSizes[] out = current.clone();
        if (parts.length == 1) {
            FioBlockSizes v = parse.apply(parts[0]);
            out[0] = v;
            out[1] = v;
            return out;
        }
        for (int d = 0; d < Math.min(2, parts.length); d++) {
            if (!parts[d].isBlank()) out[d] = parse.apply(parts[d]);
        }
        if (parts.length > 3) throw usage(option, value, "at most three comma-separated values (read, write, trim)");
        return out;
    }

    /** As {@link #perDdir} for numbers, into {@code target} (read, write). */
    static void perDdirLong(String option, String value, long[] target, java.util.function.Function<String, Long> parse) {
        String[] parts = value.split(",", -1);
        if (parts.length > 3) throw usage(option, value, "at most three comma-separated values (read, write, trim)");
        if (parts.length == 1) {
            long v = parse.apply(parts[0]);
            target[0] = v;
            target[1] = v;
            return;
        }
        for (int d = 0; d < Math.min(2, parts.length); d++) if (!parts[d].isBlank()) target[d] = parse.apply(parts[d]);
    }

    /** {@code bsrange} {@code MIN-MAX} (FIO_OPT_RANGE; ':' also separates). */
    static FioBlockSizes range(String option, String value, int kbBase) {
        String v = value.trim();
        int dash = v.indexOf('-') > 0 ? v.indexOf('-') : v.indexOf(':');
        if (dash <= 0) throw usage(option, value, "expected MIN-MAX, e.g. 4k-64k");
        long a = size(option, v.substring(0, dash), kbBase), b = size(option, v.substring(dash + 1), kbBase);
        if (a <= 0 || b <= 0) throw usage(option, value, "block sizes must be positive");
        return new FioBlockSizes(Math.min(a, b), Math.max(a, b), java.util.List.of());
    }

    /**
     * {@code bssplit} for one direction: {@code bs/pct:bs/pct…}; entries without a percentage share what is left
     * (options.c bssplit_ddir()), and the sum must be 100.
     */
    static FioBlockSizes bssplit(String value, int kbBase) {
        java.util.List<long[]> out = new java.util.ArrayList<>();
        long sum = 0;
        int open = 0;
        for (String part : value.trim().split(":")) {
            if (part.isBlank()) continue;
            int slash = part.indexOf('/');
            long bs = size("bssplit", slash < 0 ? part : part.substring(0, slash), kbBase);
            long pct = slash < 0 || part.substring(slash + 1).isBlank() ? -1 : integer("bssplit", part.substring(slash + 1));
            if (bs <= 0) throw usage("bssplit", value, "block sizes must be positive");
            if (pct < 0) open++;
            else sum += pct;
            out.add(new long[] {bs, pct});
        }
        if (out.isEmpty()) throw usage("bssplit", value, "expected bs/percent entries, e.g. 4k/50:64k/50");
        if (sum > 100) throw usage("bssplit", value, "the percentages add up to " + sum + " (more than 100)");
        long left = 100 - sum;
        for (long[] e : out) if (e[1] < 0) e[1] = left / open;
        long total = out.stream().mapToLong(e -> e[1]).sum();
        if (total != 100 && open == 0) throw usage("bssplit", value, "the percentages add up to " + total + ", not 100");
        if (total != 100) out.get(out.size() - 1)[1] += 100 - total;
        long min = out.stream().mapToLong(e -> e[0]).min().orElseThrow();
        long max = out.stream().mapToLong(e -> e[0]).max().orElseThrow();
        return new FioBlockSizes(min, max, out);
    }

    /** A buffer pattern (lib/pattern.c): {@code 0x…} hex bytes, or a quoted string; several parts concatenate. */
    static byte[] pattern(String option, String value) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        String v = value.trim();
        int i = 0;
        while (i < v.length()) {
            char c = v.charAt(i);
            if (c == ' ' || c == ',') {
                i++;
            } else if (c == '"' || c == '\'') {
                int end = v.indexOf(c, i + 1);
                if (end < 0) throw usage(option, value, "unterminated string");
                out.writeBytes(v.substring(i + 1, end).getBytes(java.nio.charset.StandardCharsets.UTF_8));
                i = end + 1;
            } else if (v.startsWith("0x", i) || v.startsWith("0X", i)) {
                int j = i + 2;
                while (j < v.length() && Character.digit(v.charAt(j), 16) >= 0) j++;
                String hex = v.substring(i + 2, j);
                if (hex.isEmpty()) throw usage(option, value, "0x needs hex digits");
                if (hex.length() % 2 == 1) hex = "0" + hex;
                for (int k = 0; k < hex.length(); k += 2) out.write(Integer.parseInt(hex.substring(k, k + 2), 16));
                i = j;
            } else {
                throw usage(option, value, "the simulation reads hex (0xdeadbeef) and quoted-string patterns; "
                        + "decimal numbers and %o/%t format specifiers are not simulated");
            }
        }
        if (out.size() == 0) throw usage(option, value, "empty pattern");
        return out.toByteArray();
    }

    static ToolUsageException usage(String option, String value, String why) {
        return new ToolUsageException("fio", option + "=" + value,
                "fio: failed parsing " + option + "=" + value + ": " + why);
    }
}
