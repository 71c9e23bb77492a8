package org.f2fsobs.bench.stats;

import java.util.List;
import java.util.Locale;

/**
 * The LKP compare table (lkp-tests {@code compare}), off vs on:
 * <pre>
 *            off  %stddev     %change             on  %stddev  metric
 *     2249000000               +19.2%     2680000000    ±  6%  write_bandwidth
 *          12000    ±  8%      -98.3%            200           seg_entry_reads
 * </pre>
 * Each side shows its <b>median</b> (the figure the verdicts use, so that %change here equals the comparison's
 * ratio − 1), followed by "± N%" — the sample stddev as a percentage of the mean — only when that is above 2 %,
 * as LKP does. %change = (median on / median off − 1) × 100; "n/a" when the off median is 0. Numbers: integers
 * from 100 up, two decimals from 1, four significant digits below.
 * {@link #markdown} renders the same figures as a Markdown table ("± 6%"; the %stddev cell is empty at or below 2 %).
 */
public final class ChangeTable {
    /** ± is shown only above this (percent). */
    public static final double SHOW_STDDEV_ABOVE = 2.0;

    private ChangeTable() {}

    /** One named metric, all runs off and all runs on. */
    public record Row(String name, double[] off, double[] on) {
        public Row {
            Summary.check(off);
            Summary.check(on);
            off = off.clone();
            on = on.clone();
        }
    }

    public static String text(List<Row> rows) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%14s %8s %11s %14s %8s  %s%n", "off", "%stddev", "%change", "on", "%stddev", "metric"));
        for (Row r : rows) {
            sb.append(String.format(Locale.ROOT, "%14s %8s %11s %14s %8s  %s%n", number(Summary.median(r.off())),
                    plusMinus(r.off()), change(r), number(Summary.median(r.on())), plusMinus(r.on()), r.name()));
        }
        return sb.toString();
    }

    public static String markdown(List<Row> rows) {
        StringBuilder sb = new StringBuilder();
        sb.append("| metric | off | %stddev | %change | on | %stddev |\n");
        sb.append("| --- | ---: | ---: | ---: | ---: | ---: |\n");
        for (Row r : rows) {
            sb.append("| ").append(r.name().replace("|", "\\|")).append(" | ")
                    .append(number(Summary.median(r.off()))).append(" | ").append(compact(plusMinus(r.off()))).append(" | ")
                    .append(change(r)).append(" | ")
                    .append(number(Summary.median(r.on()))).append(" | ").append(compact(plusMinus(r.on()))).append(" |\n");
        }
        return sb.toString();
    }

    /** "± 3%" when the stddev is above 2 % of the mean, else "". */
    static String plusMinus(double[] v) {
        if (v.length < 2) return "";
        double cv = Summary.cv(v) * 100;
        if (!Double.isFinite(cv) || cv <= SHOW_STDDEV_ABOVE) return "";
        return String.format(Locale.ROOT, "± %2.0f%%", cv);
    }

    private static String compact(String plusMinus) {
        return plusMinus.replaceAll(" +", " ");
    }

    static String change(Row r) {
        double off = Summary.median(r.off());
        if (off == 0) return "n/a";
        return String.format(Locale.ROOT, "%+.1f%%", (Summary.median(r.on()) / off - 1) * 100);
    }

    static String number(double v) {
        double a = Math.abs(v);
        if (a >= 100) return String.format(Locale.ROOT, "%.0f", v);
        if (a >= 1) return String.format(Locale.ROOT, "%.2f", v);
        if (v == 0) return "0";
        return new java.math.BigDecimal(v).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString();
    }
}
