package org.f2fsobs.bench.scenario;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * How a unit a mail prints converts to the base unit results are kept in (contracts.md §3: bytes/s for every
 * headline), written down in the scenario file next to the figures: {@code "MiB/s": {"base": "bytes/s",
 * "factor": 1048576, "how": "..."}}.
 *
 * @param unit   the unit as the tool prints it ("MiB/s", "M/s", "KB/s", "MB/s", "requests")
 * @param base   the base unit ("bytes/s", or "requests" for counts)
 * @param factor base units per printed unit (MiB/s → bytes/s: 1048576)
 * @param how    why this factor, e.g. "toybox dd's M/s is MiB/s: 1048576000 bytes / 2.08 s = 480"
 */
public record UnitConversion(String unit, String base, double factor, String how) {
    public UnitConversion {
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(base, "base");
        if (!Double.isFinite(factor) || factor <= 0) throw new IllegalArgumentException(unit + ": factor must be > 0");
    }

    /** {@code printed} in the base unit (exact for the integral factors the catalog uses). */
    public double toBase(double printed) {
        return printed * factor;
    }

    /** e.g. "2145 MiB/s × 1048576 = 2249195520 bytes/s". */
    public String describe(double printed) {
        return plain(printed) + " " + unit + " × " + plain(factor) + " = " + plain(toBase(printed)) + " " + base;
    }

    static String plain(double d) {
        return new BigDecimal(Double.toString(d)).stripTrailingZeros().toPlainString();
    }
}
