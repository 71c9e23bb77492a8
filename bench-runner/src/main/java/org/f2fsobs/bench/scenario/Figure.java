package org.f2fsobs.bench.scenario;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One side (before = flag off, or after = flag on) of a figure the mail quotes: the values as printed (one per
 * run the mail shows), their unit and its conversion to the base unit.
 *
 * @param printed     the values as the tool printed them (P2: three runs, 135, 137, 137)
 * @param conversion  the printed unit and how it converts to the base unit
 * @param approximate the mail says "~" (P4's request-size breakdown)
 */
public record Figure(List<Double> printed, UnitConversion conversion, boolean approximate) {
    public Figure {
        printed = List.copyOf(printed);
        Objects.requireNonNull(conversion, "conversion");
        if (printed.isEmpty()) throw new IllegalArgumentException("a figure needs at least one value");
        for (double v : printed) if (!Double.isFinite(v) || v < 0) throw new IllegalArgumentException("bad value " + v);
    }

    /** Each printed value in the base unit. */
    public List<Double> baseValues() {
        return printed.stream().map(conversion::toBase).toList();
    }

    /**
     * The reference value in the base unit: the median of the runs (as the comparisons take the median of theirs),
     * the mean of the middle two for an even count.
     */
    public double value() {
        double[] v = baseValues().stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    /** The median as printed (before conversion). */
    public double printedMedian() {
        return value() / conversion.factor();
    }

    public String baseUnit() {
        return conversion.base();
    }

    /** e.g. "median of 135, 137, 137 M/s = 137 M/s × 1048576 = 143654912 bytes/s". */
    public String describe() {
        String values = String.join(", ", printed.stream().map(UnitConversion::plain).toList());
        String median = conversion.describe(printedMedian());
        return (approximate ? "~" : "") + (printed.size() == 1 ? median : "median of " + values + " " + conversion.unit() + " = " + median);
    }
}
