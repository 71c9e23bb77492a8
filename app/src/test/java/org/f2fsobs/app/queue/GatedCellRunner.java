package org.f2fsobs.app.queue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.CellRunner;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.ExecSpec;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.api.RunResult;

/**
 * A {@link CellRunner} double for queue, SSE and restart mechanics only (never for results): each run waits until
 * the test lets it through ({@link #release}, {@link #open}), honours its cancellation token unless told not to,
 * fails the cells {@link #failWhen} selects, and returns a synthetic result whose headline is the cell's seed.
 */
public class GatedCellRunner implements CellRunner {
    private final Object lock = new Object();
    private int permits;
    private boolean open;
    private final java.util.Set<Long> releasedSeeds = new java.util.HashSet<>();
    public volatile boolean ignoreCancel;
    public volatile Predicate<CellSpec> failWhen = c -> false;
    public final AtomicInteger calls = new AtomicInteger();
    public final List<CellSpec> started = Collections.synchronizedList(new ArrayList<>());

    public void reset() {
        synchronized (lock) {
            permits = 0;
            open = false;
            releasedSeeds.clear();
            lock.notifyAll();
        }
        ignoreCancel = false;
        failWhen = c -> false;
        calls.set(0);
        started.clear();
    }

    /** Lets {@code n} more runs finish. */
    public void release(int n) {
        synchronized (lock) {
            permits += n;
            lock.notifyAll();
        }
    }

    /** Lets the run with seed {@code seed} finish (whenever it runs). */
    public void releaseSeed(long seed) {
        synchronized (lock) {
            releasedSeeds.add(seed);
            lock.notifyAll();
        }
    }

    /** Lets every run finish at once from now on. */
    public void open() {
        synchronized (lock) {
            open = true;
            lock.notifyAll();
        }
    }

    @Override
    public RunResult run(CellSpec cell, ProgressListener progress, CancellationToken cancel) {
        calls.incrementAndGet();
        started.add(cell);
        progress.progress("measured", 0.5);
        synchronized (lock) {
            while (!open && permits == 0 && !releasedSeeds.contains(cell.seed())) {
                if (!ignoreCancel) cancel.throwIfCancelled();
                try {
                    lock.wait(10);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new CancellationToken.CancelledException();
                }
            }
            if (!open && !releasedSeeds.contains(cell.seed())) permits--;
        }
        if (failWhen.test(cell)) throw new IllegalArgumentException("synthetic failure of seed " + cell.seed());
        RunResult r = result(cell.scenario(), cell.profile(), cell.optimizations(), new LinkedHashMap<>(cell.params()), cell.seed());
        return new RunResult(r.scenario(), r.tool(), r.command(), r.toolOutput(), r.profile(), r.mkfs(), r.mount(), r.optimizations(),
                r.params(), r.seed(), r.headline(), r.metrics(), r.counters(), r.histograms(), r.timeBreakdownNs(), r.preparation(),
                r.reference(), r.virtualNs(), r.wallMs(), r.reproduce(), r.engineVersion(), cell.profileOverrides(), null);
    }

    @Override
    public RunResult exec(ExecSpec spec, ProgressListener progress, CancellationToken cancel) {
        calls.incrementAndGet();
        return result(null, spec.profile(), spec.optimizations(), Map.of(), spec.seed());
    }

    /** A synthetic result: headline = 1e9 + seed (flag on: × 1.2), so tests can tell cells apart. */
    public static RunResult result(String scenario, String profile, Map<String, Boolean> opts, Map<String, Object> params, long seed) {
        boolean on = opts.values().stream().anyMatch(Boolean::booleanValue) && Boolean.TRUE.equals(opts.get("sec_ckpt_valid_blocks"));
        double value = (1e9 + seed) * (on ? 1.2 : 1.0);
        Map<String, Object> counters = new LinkedHashMap<>();
        counters.put("seg_entry_reads", on ? 10L : 1000L);
        counters.put("checkpoints", 1L);
        Map<String, Map<String, Long>> histograms = new LinkedHashMap<>();
        histograms.put("write_request_bytes", Map.of("524288", 10L + seed));
        return new RunResult(scenario, "fio", "fio --synthetic", "synthetic output\n", profile, "-s 128", "", opts, params, seed,
                new RunResult.Headline("write_bandwidth", value, "bytes/s"), Map.of(), counters, histograms,
                new RunResult.TimeBreakdown(5, 1, Map.of("copy", 2L), Map.of()), new RunResult.Preparation(3, Map.of()), null,
                1000 + seed, 7, "synthetic", "test");
    }
}
