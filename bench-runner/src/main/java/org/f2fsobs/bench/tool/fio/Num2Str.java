package org.f2fsobs.bench.tool.fio;

import org.f2fsobs.bench.tool.CFormat;

/**
 * fio's lib/num2str.c {@code num2str()}: "Cheesy number->string conversion, complete with carry rounding error" —
 * IOPS=14.2k, BW=1778MiB/s, 48.0MiB. Divides by 1000 or 1024 until at most {@code maxlen} digits remain, then fills
 * the spare digits with the remainder as a decimal fraction.
 */
final class Num2Str {

    enum Unit {
        NONE(""), PERSEC("/s"), BYTE("B"), BIT("bit"), BYTEPERSEC("B/s"), BITPERSEC("bit/s");

        final String suffix;

        Unit(String suffix) {
            this.suffix = suffix;
        }
    }

    private static final String[] SI = {"", "k", "M", "G", "T", "P", "E"};
    private static final String[] IEC = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};

    private Num2Str() {}

    /**
     * @param num    the quantity (unsigned)
     * @param maxlen digits allowed before a prefix is used (fio's sig_figs, 4 by default)
     * @param base   multiplier already applied to num (1, or 1024 when num is in KiB)
     * @param pow2   IEC prefixes (Ki, Mi) and powers of 1024 rather than SI and powers of 1000
     */
    static String num2str(long num, int maxlen, int base, boolean pow2, Unit units) {
        String[] prefix = pow2 ? IEC : SI;
        int thousand = pow2 ? 1024 : 1000;
        int post = 0;
        for (int b = base; b > 1; post++) b /= thousand;
        if (units == Unit.BIT || units == Unit.BITPERSEC) num *= 8;
        long modulo = -1;
        boolean carry = false;
        while (post < SI.length) {
            if (Long.toUnsignedString(num).length() <= maxlen) break;
            modulo = Long.remainderUnsigned(num, thousand);
            num = Long.divideUnsigned(num, thousand);
            carry = modulo >= thousand / 2;
            post++;
        }
        if (post >= SI.length) post = 0;
        if (modulo == -1) return Long.toUnsignedString(num) + prefix[post] + units.suffix;
        int spare = maxlen - Long.toUnsignedString(num).length();
        if (spare <= 1) {
            if (carry) num++;
            return Long.toUnsignedString(num) + prefix[post] + units.suffix;
        }
        String frac = CFormat.fixed((double) modulo / (double) thousand, spare - 1);
        if (frac.charAt(0) == '1') num++;
        return Long.toUnsignedString(num) + "." + frac.substring(2) + prefix[post] + units.suffix;
    }
}
