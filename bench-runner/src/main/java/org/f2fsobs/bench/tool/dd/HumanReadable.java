package org.f2fsobs.bench.tool.dd;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * The two "human readable" size formatters dd uses. {@link #gnu} is gnulib human.c human_readable() with dd.c's
 * options (autoscale, round to nearest, space before unit, SI letters, "B" suffix): "34 MB", "32 MiB", "2.2 GB/s",
 * "0.0 kB/s". {@link #toybox} is toybox lib.c human_readable_long() as of 2020 (three digits, rounding division,
 * "0.9 G", "480 M").
 */
final class HumanReadable {

    private static final String POWER_LETTER = "\0KMGTPEZYRQ";

    private HumanReadable() {}

    /** human_readable(n, buf, human_opts [| human_base_1024], fromBlockSize, toBlockSize). */
    static String gnu(long n, boolean base1024, long fromBlockSize, long toBlockSize) {
        int base = base1024 ? 1024 : 1000;
        int exponentMax = POWER_LETTER.length() - 1;
        String number;
        int exponent;
        if (toBlockSize <= fromBlockSize && fromBlockSize % toBlockSize == 0
                && Math.multiplyHigh(n, fromBlockSize / toBlockSize) == 0 && n * (fromBlockSize / toBlockSize) >= 0) {
            long amt = n * (fromBlockSize / toBlockSize);
            int[] out = new int[1];
            number = integerPath(amt, 0, 0, base, exponentMax, out);
            exponent = out[0];
        } else if (toBlockSize > fromBlockSize && fromBlockSize != 0 && toBlockSize % fromBlockSize == 0) {
            long divisor = toBlockSize / fromBlockSize;
            long r10 = (n % divisor) * 10;
            long r2 = (r10 % divisor) * 2;
            int tenths = (int) (r10 / divisor);
            int rounding = r2 < divisor ? (0 < r2 ? 1 : 0) : 2 + (divisor < r2 ? 1 : 0);
            int[] out = new int[1];
            number = integerPath(n / divisor, tenths, rounding, base, exponentMax, out);
            exponent = out[0];
        } else {
            // floating point (long double in C); exact rational arithmetic here
            BigDecimal damt = new BigDecimal(n).multiply(new BigDecimal(fromBlockSize))
                    .divide(new BigDecimal(toBlockSize), MathContext.DECIMAL128);
            BigDecimal e = BigDecimal.ONE;
            exponent = 0;
            BigDecimal b = BigDecimal.valueOf(base);
            do {
                e = e.multiply(b);
                exponent++;
            } while (e.multiply(b).compareTo(damt) <= 0 && exponent < exponentMax);
            damt = damt.divide(e, MathContext.DECIMAL128);
            number = damt.setScale(1, RoundingMode.HALF_EVEN).toPlainString();
            if (1 + 2 + (base1024 ? 0 : 1) < number.length()) {
                number = damt.setScale(0, RoundingMode.HALF_EVEN).toPlainString();
            }
        }
        StringBuilder sb = new StringBuilder(number).append(' ');
        if (exponent > 0) sb.append(!base1024 && exponent == 1 ? 'k' : POWER_LETTER.charAt(exponent));
        if (base1024 && exponent > 0) sb.append('i');
        return sb.append('B').toString();
    }

    /** The use_integer_arithmetic branch of human_readable() with human_autoscale and round-to-nearest. */
    private static String integerPath(long amt, int tenths, int rounding, int base, int exponentMax, int[] expOut) {
        int exponent = 0;
        String frac = "";
        if (Long.compareUnsigned(base, amt) <= 0) {
            do {
                int r10 = (int) (Long.remainderUnsigned(amt, base) * 10 + tenths);
                int r2 = (r10 % base) * 2 + (rounding >> 1);
                amt = Long.divideUnsigned(amt, base);
                tenths = r10 / base;
                rounding = r2 < base ? ((r2 + rounding) != 0 ? 1 : 0) : 2 + (base < r2 + rounding ? 1 : 0);
                exponent++;
            } while (Long.compareUnsigned(base, amt) <= 0 && exponent < exponentMax);
            if (amt < 10) {
                if (2 < rounding + (tenths & 1)) {
                    tenths++;
                    rounding = 0;
                    if (tenths == 10) {
                        amt++;
                        tenths = 0;
                    }
                }
                if (amt < 10) {
                    frac = "." + tenths;
                    tenths = rounding = 0;
                }
            }
        }
        if (5 < tenths + (0 < rounding + (amt & 1) ? 1 : 0)) {
            amt++;
            if (amt == base && exponent < exponentMax) {
                exponent++;
                frac = ".0";
                amt = 1;
            }
        }
        expOut[0] = exponent;
        return Long.toUnsignedString(amt) + frac;
    }

    /** toybox human_readable(buf, num, HR_SPACE|HR_B), 2020 (lib.c human_readable_long with 3 digits, base 1024). */
    static String toybox(long num) {
        long snap = 0;
        int unit = 0;
        int divisor = 1024;
        while (Long.toUnsignedString(num).length() > 3) {
            snap = num;
            num = Long.divideUnsigned(num + divisor / 2, divisor);
            unit++;
        }
        String s = Long.toUnsignedString(num);
        if (unit > 0 && s.length() == 1) {
            num = Long.divideUnsigned(snap, divisor);
            snap -= num * divisor;
            snap = (snap * 100 + 50) / divisor;
            snap /= 10;
            s = num + "." + snap;
        }
        return s + " " + (unit > 0 ? Character.toUpperCase(" kMGTPE".charAt(unit)) : 'B');
    }
}
