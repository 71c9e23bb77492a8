package org.f2fsobs.bench.tool;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * A small C {@code printf} as glibc implements it, so formatters can keep the real tools' format strings verbatim.
 *
 * <p>Supports {@code %[-+ 0#][width|*][.prec|*][hh|h|l|ll|L|z|j]conv} with conversions {@code d i u x X f F e E g G
 * s c %}. Floating point is rounded from the exact binary value of the double with round-half-even, as glibc does
 * (Java's {@link String#format} rounds the shortest decimal string half-up instead: {@code %.2f} of 0.125 is "0.12" in
 * C and "0.13" in Java). {@code %u}/{@code %llu}/{@code %x} print a long as unsigned.
 */
public final class CFormat {

    private CFormat() {}

    /** {@code sprintf(fmt, args...)}. */
    public static String sprintf(String fmt, Object... args) {
        StringBuilder out = new StringBuilder(fmt.length() + 16);
        int argi = 0;
        int i = 0;
        int n = fmt.length();
        while (i < n) {
            char c = fmt.charAt(i++);
            if (c != '%') {
                out.append(c);
                continue;
            }
            if (i < n && fmt.charAt(i) == '%') {
                out.append('%');
                i++;
                continue;
            }
            boolean left = false, plus = false, space = false, zero = false, alt = false;
            for (; i < n; i++) {
                char f = fmt.charAt(i);
                if (f == '-') left = true;
                else if (f == '+') plus = true;
                else if (f == ' ') space = true;
                else if (f == '0') zero = true;
                else if (f == '#') alt = true;
                else break;
            }
            int width = 0;
            if (i < n && fmt.charAt(i) == '*') {
                width = ((Number) args[argi++]).intValue();
                if (width < 0) {
                    left = true;
                    width = -width;
                }
                i++;
            } else {
                while (i < n && Character.isDigit(fmt.charAt(i))) width = width * 10 + (fmt.charAt(i++) - '0');
            }
            int prec = -1;
            if (i < n && fmt.charAt(i) == '.') {
                i++;
                prec = 0;
                if (i < n && fmt.charAt(i) == '*') {
                    prec = ((Number) args[argi++]).intValue();
                    i++;
                } else {
                    while (i < n && Character.isDigit(fmt.charAt(i))) prec = prec * 10 + (fmt.charAt(i++) - '0');
                }
            }
            while (i < n && "hlLqjzt".indexOf(fmt.charAt(i)) >= 0) i++;
            if (i >= n) throw new IllegalArgumentException("truncated conversion in " + fmt);
            char conv = fmt.charAt(i++);
            Object arg = argi < args.length ? args[argi++] : null;
            if (arg == null) throw new IllegalArgumentException("missing argument for %" + conv + " in " + fmt);
            String body;
            String sign = "";
            boolean numeric = true;
            switch (conv) {
                case 'd', 'i' -> {
                    long v = ((Number) arg).longValue();
                    if (v < 0) {
                        sign = "-";
                        body = v == Long.MIN_VALUE ? "9223372036854775808" : Long.toString(-v);
                    } else {
                        sign = plus ? "+" : space ? " " : "";
                        body = Long.toString(v);
                    }
                }
                case 'u' -> body = Long.toUnsignedString(((Number) arg).longValue());
                case 'x' -> body = Long.toHexString(((Number) arg).longValue());
                case 'X' -> body = Long.toHexString(((Number) arg).longValue()).toUpperCase();
                case 'f', 'F', 'e', 'E', 'g', 'G' -> {
                    double v = ((Number) arg).doubleValue();
                    boolean neg = v < 0 || (v == 0 && 1 / v < 0);
                    sign = neg ? "-" : plus ? "+" : space ? " " : "";
                    body = floating(Math.abs(v), conv, prec < 0 ? 6 : prec, alt);
                    if (Double.isNaN(v) || Double.isInfinite(v)) zero = false;
                }
                case 's' -> {
                    numeric = false;
                    String s = arg.toString();
                    body = prec >= 0 && s.length() > prec ? s.substring(0, prec) : s;
                }
                case 'c' -> {
                    numeric = false;
                    body = arg instanceof Character ch ? String.valueOf(ch) : String.valueOf((char) ((Number) arg).intValue());
                }
                default -> throw new IllegalArgumentException("unsupported conversion %" + conv + " in " + fmt);
            }
            int len = sign.length() + body.length();
            if (len >= width) {
                out.append(sign).append(body);
            } else if (left) {
                out.append(sign).append(body).append(" ".repeat(width - len));
            } else if (zero && numeric) {
                out.append(sign).append("0".repeat(width - len)).append(body);
            } else {
                out.append(" ".repeat(width - len)).append(sign).append(body);
            }
        }
        return out.toString();
    }

    /** {@code %.{prec}f} of a finite double, rounded half-even from its exact value (glibc). */
    public static String fixed(double v, int prec) {
        return sprintf("%." + prec + "f", v);
    }

    /** {@code %g} (six significant digits, trailing zeros removed), as GNU dd prints elapsed seconds. */
    public static String g(double v) {
        return sprintf("%g", v);
    }

    private static String floating(double v, char conv, int prec, boolean alt) {
        if (Double.isNaN(v)) return Character.isUpperCase(conv) ? "NAN" : "nan";
        if (Double.isInfinite(v)) return Character.isUpperCase(conv) ? "INF" : "inf";
        BigDecimal exact = new BigDecimal(v);
        String s = switch (Character.toLowerCase(conv)) {
            case 'f' -> plain(exact, prec, alt);
            case 'e' -> exponent(exact, prec, alt);
            default -> general(exact, prec == 0 ? 1 : prec, alt);
        };
        return Character.isUpperCase(conv) ? s.toUpperCase() : s;
    }

    private static String plain(BigDecimal exact, int prec, boolean alt) {
        String s = exact.setScale(prec, RoundingMode.HALF_EVEN).toPlainString();
        return prec == 0 && alt ? s + "." : s;
    }

    private static String exponent(BigDecimal exact, int prec, boolean alt) {
        int exp;
        String digits;
        if (exact.signum() == 0) {
            exp = 0;
            digits = "0".repeat(prec + 1);
        } else {
            BigDecimal r = exact.round(new MathContext(prec + 1, RoundingMode.HALF_EVEN));
            exp = r.precision() - r.scale() - 1;
            digits = r.unscaledValue().abs().toString();
            if (digits.length() < prec + 1) digits = digits + "0".repeat(prec + 1 - digits.length());
            digits = digits.substring(0, prec + 1);
        }
        StringBuilder b = new StringBuilder();
        b.append(digits.charAt(0));
        if (prec > 0 || alt) b.append('.');
        b.append(digits, 1, digits.length());
        b.append('e').append(exp < 0 ? '-' : '+');
        int a = Math.abs(exp);
        if (a < 10) b.append('0');
        b.append(a);
        return b.toString();
    }

    private static String general(BigDecimal exact, int p, boolean alt) {
        int x;
        if (exact.signum() == 0) {
            x = 0;
        } else {
            BigDecimal r = exact.round(new MathContext(p, RoundingMode.HALF_EVEN));
            x = r.precision() - r.scale() - 1;
        }
        String s = (p > x && x >= -4) ? plain(exact, p - 1 - x, alt) : exponent(exact, p - 1, alt);
        if (alt) return s;
        int e = s.indexOf('e');
        String mant = e < 0 ? s : s.substring(0, e);
        String tail = e < 0 ? "" : s.substring(e);
        if (mant.indexOf('.') >= 0) {
            int end = mant.length();
            while (mant.charAt(end - 1) == '0') end--;
            if (mant.charAt(end - 1) == '.') end--;
            mant = mant.substring(0, end);
        }
        return mant + tail;
    }
}
