package org.f2fsobs.bench.matrix;

/**
 * The limits a matrix must respect (contracts.md §4; the app reads them from its configuration).
 *
 * @param maxCells most cells one matrix may have (points × flag settings × repetitions)
 */
public record MatrixLimits(long maxCells) {
    /** The name under which the cell limit is reported (and configured: {@code observatory.limits.max-cells}). */
    public static final String MAX_CELLS = "max_cells";
    public static final MatrixLimits DEFAULT = new MatrixLimits(1000);

    public MatrixLimits {
        if (maxCells < 1) throw new IllegalArgumentException("maxCells must be at least 1: " + maxCells);
    }
}
