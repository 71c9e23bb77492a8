package org.f2fsobs.bench.runner;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.CellRunner;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.Comparison;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.scenario.Scenario;
import org.f2fsobs.bench.scenario.ScenarioComparisons;

/**
 * Runs the cells of a matrix on several threads. Every cell is its own simulation, so a cell gives exactly the
 * result it gives alone, whatever runs beside it; results come back in cell order. Cancellation stops handing out
 * cells and is passed to the running ones, which stop at their next check.
 */
public final class MatrixRunner {
    private final CellRunner runner;
    private final int parallelism;

    public MatrixRunner(CellRunner runner, int parallelism) {
        if (parallelism < 1) throw new IllegalArgumentException("parallelism must be >= 1");
        this.runner = runner;
        this.parallelism = parallelism;
    }

    /** Told about every finished cell (from the worker threads, one call at a time). */
    @FunctionalInterface
    public interface Listener {
        Listener NONE = (index, result) -> { };

        void cellDone(int index, RunResult result);
    }

    /** The matrix output of contracts.md §3. */
    public record MatrixResult(List<RunResult> cells, List<Comparison> comparisons) {}

    public MatrixResult run(List<CellSpec> cells, Scenario scenario, long matrixSeed, Listener listener,
                            ProgressListener progress, CancellationToken cancel) {
        List<RunResult> list = runCells(cells, listener, progress, cancel);
        return new MatrixResult(list, ScenarioComparisons.of(list, scenario, matrixSeed));
    }

    /** Runs the cells on the threads; results in cell order (no comparisons: a band's cells are not one matrix). */
    public List<RunResult> runCells(List<CellSpec> cells, Listener listener, ProgressListener progress, CancellationToken cancel) {
        RunResult[] results = new RunResult[cells.size()];
        AtomicInteger next = new AtomicInteger();
        AtomicInteger done = new AtomicInteger();
        Object lock = new Object();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(parallelism, Math.max(1, cells.size())));
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int w = 0; w < Math.min(parallelism, cells.size()); w++) {
                futures.add(pool.submit(() -> {
                    int i;
                    while (!cancel.isCancelled() && (i = next.getAndIncrement()) < cells.size()) {
                        RunResult r = runner.run(cells.get(i), ProgressListener.NONE, cancel);
                        results[i] = r;
                        synchronized (lock) {
                            listener.cellDone(i, r);
                            progress.progress("matrix", done.incrementAndGet() / (double) cells.size());
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    cancel.cancelQuietly();
                    if (e.getCause() instanceof RuntimeException re) throw re;
                    throw new IllegalStateException(e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new CancellationToken.CancelledException();
                }
            }
        } finally {
            pool.shutdownNow();
        }
        cancel.throwIfCancelled();
        return Arrays.asList(results);
    }
}
