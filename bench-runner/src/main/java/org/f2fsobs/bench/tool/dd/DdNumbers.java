package org.f2fsobs.bench.tool.dd;

import org.f2fsobs.bench.tool.ToolUsageException;

/**
 * dd's number syntax. GNU: dd.c parse_integer() over gnulib xstrtoumax() with the suffixes "bcEGkKMPTwYZ0" — c=1,
 * w=2, b=512, K/k=1024 and K=KiB, kB/KB=1000, M=MiB, MB=1000², G, T, P, E, Z, Y — case-sensitive (GNU rejects
 * {@code 1m}), an optional trailing B marking a byte count, and one {@code NxM} product. toybox: lib.c atolx() — base
 * 0 (0x hex, leading 0 octal), one case-insensitive suffix of "cwbkmgtpe" (k and up: powers of 1024, or of 1000 with a
 * following d), and argxarg()'s {@code NxMxK} products.
 */
final class DdNumbers {

    private DdNumbers() {}

    private static final String GNU_SUFFIXES = "bcEGkKMPTwYZ0";

    /** GNU dd.c parse_integer(); {@code min} is 1 for block sizes, 0 for counts. */
    static long gnu(String operand, String val, long min) {
        Parsed r = xstrtoumax(val, 0);
        int end = r.end;
        boolean bad = r.bad;
        boolean overflow = r.overflow;
        long n = r.value;
        if (bad && r.suffixProblem && end > 0 && end < val.length() && val.charAt(end - 1) != 'B'
                && val.charAt(end) == 'B') {
            end++;
            if (end == val.length()) bad = false;
        }
        if (bad && r.suffixProblem && end < val.length() && val.charAt(end) == 'x'
                && !(end > 0 && val.charAt(end - 1) == 'B' && val.indexOf('B', end + 1) >= 0)) {
            Parsed f = xstrtoumax(val, end + 1);
            if (f.bad || f.end != val.length()) throw invalid(operand, val);
            try {
                n = Math.multiplyExact(n, f.value);
                bad = false;
                overflow = overflow || f.overflow;
            } catch (ArithmeticException e) {
                overflow = true;
                bad = false;
            }
        }
        if (bad || overflow || n < min) throw invalid(operand, val);
        return n;
    }

    private record Parsed(long value, int end, boolean bad, boolean suffixProblem, boolean overflow) {}

    /** gnulib xstrtoumax(s + from, &end, 10, &val, "bcEGkKMPTwYZ0"). */
    private static Parsed xstrtoumax(String s, int from) {
        int p = from;
        while (p < s.length() && Character.isWhitespace(s.charAt(p))) p++;
        if (p < s.length() && s.charAt(p) == '-') return new Parsed(0, p, true, false, false);
        if (p < s.length() && s.charAt(p) == '+') p++;
        int digits = p;
        long v = 0;
        boolean overflow = false;
        while (p < s.length() && Character.isDigit(s.charAt(p))) {
            int d = s.charAt(p++) - '0';
            if (v > (Long.MAX_VALUE - d) / 10) overflow = true;
            else v = v * 10 + d;
        }
        if (p == digits) {
            if (p < s.length() && GNU_SUFFIXES.indexOf(s.charAt(p)) >= 0) v = 1;
            else return new Parsed(0, p, true, false, false);
        }
        if (p == s.length()) return new Parsed(v, p, false, false, overflow);
        char c = s.charAt(p);
        if (GNU_SUFFIXES.indexOf(c) < 0 || c == '0') return new Parsed(v, p, true, true, overflow);
        int base = 1024;
        int consumed = 1;
        if ("EGgkKMmPTtYZ".indexOf(c) >= 0 && p + 1 < s.length()) {
            char n1 = s.charAt(p + 1);
            if (n1 == 'i' && p + 2 < s.length() && s.charAt(p + 2) == 'B') consumed += 2;
            else if (n1 == 'B' || n1 == 'D') {
                base = 1000;
                consumed++;
            }
        }
        int pow = switch (c) {
            case 'b' -> -512;
            case 'c' -> 0;
            case 'w' -> -2;
            case 'k', 'K' -> 1;
            case 'M' -> 2;
            case 'G' -> 3;
            case 'T' -> 4;
            case 'P' -> 5;
            case 'E' -> 6;
            case 'Z' -> 7;
            case 'Y' -> 8;
            default -> Integer.MIN_VALUE;
        };
        if (pow == Integer.MIN_VALUE) return new Parsed(v, p, true, true, overflow);
        try {
            if (pow < 0) v = Math.multiplyExact(v, -pow);
            for (int k = 0; k < pow; k++) v = Math.multiplyExact(v, base);
        } catch (ArithmeticException e) {
            overflow = true;
        }
        p += consumed;
        boolean trailing = p != s.length();
        return new Parsed(v, p, trailing, trailing, overflow);
    }

    /** toybox argxarg(): {@code N[xM...]} of atolx() numbers, at least {@code cap}. */
    static long toybox(String operand, String val, long cap) {
        long product = 1;
        int start = 0;
        while (true) {
            int search = val.startsWith("0x", start) ? start + 2 : start;
            int x = val.indexOf('x', search);
            String part = x < 0 ? val.substring(start) : val.substring(start, x);
            try {
                product = Math.multiplyExact(product, atolx(operand, val, part));
            } catch (ArithmeticException e) {
                throw new ToolUsageException("dd", operand + "=" + val, "dd: overflow in " + operand + "=" + val);
            }
            if (x < 0) break;
            start = x + 1;
        }
        if (product < cap) {
            throw new ToolUsageException("dd", operand + "=" + val, "dd: bad " + val + " in " + operand + "=" + val
                    + ": must be at least " + cap);
        }
        return product;
    }

    private static long atolx(String operand, String whole, String s) {
        int p = 0;
        int radix = 10;
        if (s.startsWith("0x") || s.startsWith("0X")) {
            radix = 16;
            p = 2;
        } else if (s.length() > 1 && s.charAt(0) == '0') {
            radix = 8;
            p = 1;
        }
        int digits = p;
        while (p < s.length() && Character.digit(s.charAt(p), radix) >= 0) p++;
        if (p == digits && radix != 8) throw notInteger(operand, whole);
        long v = p == digits ? 0 : Long.parseLong(s.substring(digits, p), radix);
        if (p < s.length()) {
            int idx = "cwbkmgtpe".indexOf(Character.toLowerCase(s.charAt(p)));
            if (idx >= 0) {
                p++;
                int shift = idx - 2;
                if (shift == -1) v *= 2;
                else if (shift == 0) v *= 512;
                else if (shift > 0) {
                    boolean decimal = p < s.length() && Character.toLowerCase(s.charAt(p)) == 'd';
                    if (decimal) p++;
                    for (int k = 0; k < shift; k++) v = Math.multiplyExact(v, decimal ? 1000 : 1024);
                }
            }
        }
        if (p != s.length()) throw notInteger(operand, whole);
        return v;
    }

    private static ToolUsageException invalid(String operand, String val) {
        String hint = val.matches("\\d+[mgt]") ? " (GNU dd suffixes are case-sensitive: use " + val.toUpperCase()
                + "; toybox dd accepts " + val + ")" : "";
        return new ToolUsageException("dd", operand + "=" + val, "dd: invalid number: '" + val + "' in " + operand + "="
                + val + hint + "; use a positive number with an optional suffix c, w, b, kB, K, MB, M, GB, G, ...");
    }

    private static ToolUsageException notInteger(String operand, String val) {
        return new ToolUsageException("dd", operand + "=" + val, "dd: not integer: " + val + " in " + operand + "=" + val
                + "; use a number with an optional suffix c, w, b, k, m, g (kd, md, gd: powers of 1000)");
    }
}
