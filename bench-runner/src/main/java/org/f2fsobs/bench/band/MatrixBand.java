package org.f2fsobs.bench.band;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.CellRunner;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.matrix.ParamValues;
import org.f2fsobs.bench.runner.MatrixRunner;
import org.f2fsobs.bench.scenario.ParamSpec;
import org.f2fsobs.bench.scenario.Scenario;
import org.f2fsobs.bench.scenario.ScenarioCatalog;

/**
 * A matrix with its band ({@code matrix … --band}, {@code "band": true}): the band's base cells are the matrix's
 * repetition-0 cells (seed = the matrix seed), so the matrix's own runs are the band's nominal point.
 */
public final class MatrixBand {
    private MatrixBand() {}

    /** The band's base cells of a matrix, or why it cannot have a band (several scales: a band has one). */
    public static List<CellSpec> baseCells(List<CellSpec> matrixCells) {
        List<CellSpec> out = new ArrayList<>();
        TreeSet<String> scales = new TreeSet<>();
        for (CellSpec c : matrixCells) {
            if (c.repetition() != 0) continue;
            out.add(c);
            scales.add(ParamValues.canonical(c.params().get(ParamSpec.SCALE)));
        }
        if (scales.size() > 1) throw new IllegalArgumentException("a band runs at one scale; the matrix has scales " + scales);
        return out;
    }

    /** The plan of a matrix's band. */
    public static BandPlan plan(ScenarioCatalog catalog, Scenario s, List<CellSpec> matrixCells, long seed, BandOptions o) {
        return new BandPlan(catalog, s, baseCells(matrixCells), seed, o);
    }

    /** Runs a matrix's band after the matrix and returns the matrix with banded comparisons. */
    public static MatrixRunner.MatrixResult run(ScenarioCatalog catalog, CellRunner runner, int threads, Scenario s,
                                                List<CellSpec> matrixCells, MatrixRunner.MatrixResult m, long seed, BandOptions o,
                                                Consumer<String> log, CancellationToken cancel) {
        BandPlan plan = plan(catalog, s, matrixCells, seed, o);
        BandRunner.Outcome out = new BandRunner(runner, threads).run(plan, m.cells(), s.id(), log, cancel);
        return new MatrixRunner.MatrixResult(m.cells(), out.result().attach(m.comparisons()));
    }
}
