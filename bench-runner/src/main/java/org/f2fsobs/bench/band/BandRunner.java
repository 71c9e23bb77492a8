package org.f2fsobs.bench.band;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.CellRunner;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.runner.MatrixRunner;

/**
 * Runs a {@link BandPlan} to its end in this process: each step's cells in parallel ({@link MatrixRunner}), then the
 * next step, printing progress and an estimate of the time left after every step. Results already known (the
 * matrix's own cells at the band's scale) are used, not run again.
 */
public final class BandRunner {
    private final CellRunner runner;
    private final int threads;

    public BandRunner(CellRunner runner, int threads) {
        this.runner = runner;
        this.threads = threads;
    }

    /** What a finished band cost. */
    public record Outcome(BandResult result, int cellsRun, long wallMs, long cellWallMs) {}

    public Outcome run(BandPlan plan, Collection<RunResult> known, String label, Consumer<String> log, CancellationToken cancel) {
        List<RunResult> results = new ArrayList<>(known);
        long t0 = System.nanoTime();
        int ran = 0;
        long cellWall = 0;
        while (true) {
            BandPlan.Step step = plan.next(results);
            if (step.done()) {
                long wall = (System.nanoTime() - t0) / 1_000_000;
                log.accept(String.format(Locale.ROOT, "[band] %s: done, %d points, %d cells run, wall %.1f s", label, step.pointsKnown(),
                        ran, wall / 1000.0));
                return new Outcome(step.result(), ran, wall, cellWall);
            }
            cancel.throwIfCancelled();
            List<CellSpec> cells = step.cells();
            List<RunResult> got = new MatrixRunner(runner, threads).runCells(cells, MatrixRunner.Listener.NONE, ProgressListener.NONE, cancel);
            for (RunResult r : got) cellWall += r.wallMs();
            ran += got.size();
            results.addAll(got);
            long wall = (System.nanoTime() - t0) / 1_000_000;
            log.accept(String.format(Locale.ROOT, "[band] %s: %s — %d/%d points complete, %d cells run, wall %.1f s%s", label,
                    step.phase(), step.pointsComplete(), step.pointsKnown(), ran, wall / 1000.0, eta(plan, step, ran, wall)));
        }
    }

    /**
     * Time left: the cells still to come (each incomplete point's base cells, plus, before the second stage, its
     * corners and hypercube points) at the wall time per cell so far. An estimate: a point may need more calibration
     * runs, and a cell whose run read nothing the point changes is not run at all.
     */
    private static String eta(BandPlan plan, BandPlan.Step step, int ran, long wallMs) {
        if (ran == 0) return "";
        int points = step.pointsKnown() - step.pointsComplete();
        if (!step.phase().startsWith("corners")) points += plan.baseCells().size() + plan.options().lhsPoints();
        long cells = (long) points * plan.baseCells().size() - step.cells().size();     // this step's cells have run
        long left = (long) (wallMs / (double) ran * Math.max(0, cells));
        return String.format(Locale.ROOT, ", ~%d s left (estimate)", left / 1000);
    }
}
