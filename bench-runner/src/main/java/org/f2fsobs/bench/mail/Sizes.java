package org.f2fsobs.bench.mail;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Sizes as the tools write them, in bytes: fio ({@code 1536M}, binary), dd ({@code 1m}, {@code 512k}, {@code 1MB}), iozone ({@code 100m}, KiB). */
final class Sizes {
    private Sizes() {}

    private static final Pattern SIZE = Pattern.compile("(\\d+)([kKmMgGtT]?)([iI]?[bB]?)");

    /** fio's size: a number with an optional binary suffix (kb_base=1024). */
    static Long fio(String s) {
        Matcher m = SIZE.matcher(s);
        if (!m.matches()) return null;
        return Long.parseLong(m.group(1)) * mult(m.group(2), 1024);
    }

    /** dd's size: k, M/m, G binary; kB, MB, GB decimal; bare bytes. */
    static Long dd(String s) {
        Matcher m = SIZE.matcher(s);
        if (!m.matches()) return null;
        boolean decimal = m.group(3).equalsIgnoreCase("b") && !m.group(2).isEmpty();
        return Long.parseLong(m.group(1)) * mult(m.group(2), decimal ? 1000 : 1024);
    }

    /** iozone's -s and -r: KiB without a suffix, k, m, g. */
    static Long iozone(String s) {
        Matcher m = SIZE.matcher(s);
        if (!m.matches()) return null;
        long n = Long.parseLong(m.group(1));
        return m.group(2).isEmpty() ? n * 1024 : n * mult(m.group(2), 1024);
    }

    private static long mult(String suffix, long base) {
        return switch (suffix.toLowerCase(Locale.ROOT)) {
            case "k" -> base;
            case "m" -> base * base;
            case "g" -> base * base * base;
            case "t" -> base * base * base * base;
            default -> 1;
        };
    }

    /** The value of option {@code name} in a split command ({@code --size=1M}, {@code -s 100m}, {@code count=1000}). */
    static String option(java.util.List<String> words, String name) {
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            if (name.endsWith("=") && w.startsWith(name)) return w.substring(name.length());
            if (w.equals(name) && i + 1 < words.size()) return words.get(i + 1);
        }
        return null;
    }
}
