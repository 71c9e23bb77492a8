package org.f2fsobs.bench.mail;

import java.util.Locale;
import org.f2fsobs.bench.scenario.UnitConversion;

/**
 * How a unit a mail prints converts to the base unit, by the tool that printed it — and, where the line shows bytes and
 * seconds (dd's summary), checked against them: the factor is then bytes / seconds / printed, rounded to the nearest of
 * 10^3, 2^10, 10^6, 2^20, 10^9, 2^30.
 */
final class Units {
    /** A conversion and whether it rests on an assumption (the mail's unit does not say which it is). */
    record Rule(UnitConversion conversion, boolean assumption) {}

    private Units() {}

    static Rule of(String unit, String tool, String userland, Figures.Figure sample) {
        if (sample != null && sample.bytes() != null && sample.seconds() != null && sample.value() > 0 && sample.seconds() > 0) {
            Rule checked = checked(unit, sample);
            if (checked != null) return checked;
        }
        String u = unit;
        return switch (u) {
            case "MiB/s" -> rule(u, "bytes/s", 1 << 20, "binary: 1 MiB/s = 2^20 bytes/s", false);
            case "KiB/s" -> rule(u, "bytes/s", 1024, "binary: 1 KiB/s = 1024 bytes/s", false);
            case "GiB/s" -> rule(u, "bytes/s", 1L << 30, "binary: 1 GiB/s = 2^30 bytes/s", false);
            case "KB/s" -> tool.equals("iozone") ? rule(u, "bytes/s", 1024, "iozone's KB is 1024 bytes (it counts in KiB)", false)
                    : rule(u, "bytes/s", 1000, "KB/s taken as decimal (10^3 bytes/s): the mail's tool does not say", true);
            case "kB/s" -> rule(u, "bytes/s", 1000, "decimal: 1 kB/s = 1000 bytes/s (fio's and GNU dd's kB)", false);
            case "MB/s" -> switch (tool) {
                case "tiotest" -> rule(u, "bytes/s", 1 << 20, "tiotest's MB/s is MiB/s: tiotest.c divides by MBYTE = 1048576", false);
                case "fio" -> rule(u, "bytes/s", 1_000_000, "fio prints MiB/s with MB/s in brackets: its MB/s is decimal, 10^6 bytes/s", false);
                case "dd" -> "toybox".equals(userland) ? rule(u, "bytes/s", 1 << 20, "toybox dd counts M as MiB", true)
                        : rule(u, "bytes/s", 1_000_000, "GNU dd prints SI units: 1 MB/s = 10^6 bytes/s", false);
                default -> rule(u, "bytes/s", 1_000_000, "MB/s taken as decimal, 10^6 bytes/s", true);
            };
            case "M/s" -> "dd".equals(tool) ? rule(u, "bytes/s", 1 << 20, "toybox dd prints M/s = MiB/s", !"toybox".equals(userland))
                    : rule(u, "bytes/s", 1 << 20, "M/s is not how " + tool + " prints a rate; taken as MiB/s", true);
            case "GB/s" -> rule(u, "bytes/s", 1_000_000_000, "decimal: 1 GB/s = 10^9 bytes/s", true);
            case "s", "sec", "seconds" -> rule(u, "s", 1, "seconds", false);
            case "ms" -> rule(u, "s", 0.001, "milliseconds: 10^-3 s", false);
            case "us" -> rule(u, "s", 0.000001, "microseconds: 10^-6 s", false);
            case "requests" -> rule(u, "requests", 1, "block-layer request counts, as the device sees them (after merge and split)", false);
            case "IOPS", "iops" -> rule(u, "IOPS", 1, "operations per second", false);
            default -> rule(u, u.toLowerCase(Locale.ROOT), 1, "as printed (no conversion)", false);
        };
    }

    private static Rule checked(String unit, Figures.Figure f) {
        double factor = f.bytes() / f.seconds() / f.value();
        double[] candidates = {1e3, 1024, 1e6, 1 << 20, 1e9, 1L << 30};
        String[] names = {"10^3", "2^10", "10^6", "2^20", "10^9", "2^30"};
        for (int i = 0; i < candidates.length; i++) {
            if (Math.abs(factor / candidates[i] - 1) < 0.02) {
                String how = unit + " = " + names[i] + " bytes/s, checked on the mail's own line: " + plain(f.bytes()) + " bytes / "
                        + plain(f.seconds()) + " s = " + plain(f.bytes() / f.seconds()) + " bytes/s, printed as " + plain(f.value()) + " " + unit;
                return new Rule(new UnitConversion(unit, "bytes/s", candidates[i], how), false);
            }
        }
        return null;
    }

    private static Rule rule(String unit, String base, double factor, String how, boolean assumption) {
        return new Rule(new UnitConversion(unit, base, factor, how + (assumption ? " (assumption)" : "")), assumption);
    }

    static String plain(double d) {
        return new java.math.BigDecimal(Double.toString(d)).stripTrailingZeros().toPlainString();
    }
}
