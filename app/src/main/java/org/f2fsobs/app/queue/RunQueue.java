package org.f2fsobs.app.queue;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.f2fsobs.app.system.ObservatoryProperties;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.CellRunner;
import org.f2fsobs.bench.api.CrashChecker;
import org.f2fsobs.bench.api.CrashReport;
import org.f2fsobs.bench.api.ExecSpec;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.app.system.Json;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * The run queue: one dispatcher thread claims queued work from the store (single runs and crash checks first,
 * then matrix cells in matrix and cell order, at most {@code concurrent-matrices} matrices at once) and hands it to
 * a fixed pool of {@code observatory.queue.workers} threads that call the {@link CellRunner} — never on the event
 * loop. Each job's outcome is one store transaction ({@link QueueStore}), made durable, then signalled to the SSE
 * streams. The queue lives in the database: the dispatcher keeps nothing a restart would need.
 *
 * <p>At start ({@link #start}) work a previous process left RUNNING is queued again ({@link QueueStore#recover});
 * at stop, running jobs are cancelled and go back to QUEUED.
 */
@Component
public class RunQueue implements SmartLifecycle {
    private static final Logger log = LoggerFactory.getLogger(RunQueue.class);

    private final QueueStore store;
    private final QueueEvents events;
    private final Durability durability;
    private final MatrixFinisher finisher;
    private final CellRunner runner;
    private final CrashChecker crashChecker;
    private final ObservatoryProperties properties;
    private final int workers;
    private final Semaphore wake = new Semaphore(0);
    private final AtomicInteger busy = new AtomicInteger();
    private final Map<String, Running> running = new ConcurrentHashMap<>();
    private final AtomicLong queuedCells = new AtomicLong(), queuedRuns = new AtomicLong(), queuedCrashChecks = new AtomicLong();
    private final MeterRegistry meters;
    private volatile boolean active;
    private ExecutorService pool;
    private Thread dispatcher;

    /** A job in flight: its token, why it was cancelled, its progress. */
    public static final class Running {
        final Work work;
        final CancellationToken token = new CancellationToken();
        volatile boolean shutdown;
        volatile String phase = "starting";
        volatile double fraction;

        Running(Work work) {
            this.work = work;
        }

        public String phase() {
            return phase;
        }

        public double fraction() {
            return fraction;
        }
    }

    RunQueue(QueueStore store, QueueEvents events, Durability durability, MatrixFinisher finisher, CellRunner runner,
             CrashChecker crashChecker, ObservatoryProperties properties, MeterRegistry meters) {
        this.store = store;
        this.events = events;
        this.durability = durability;
        this.finisher = finisher;
        this.runner = runner;
        this.crashChecker = crashChecker;
        this.properties = properties;
        this.workers = properties.queue().effectiveWorkers();
        this.meters = meters;
        Gauge.builder("observatory.queue.depth", queuedCells, AtomicLong::get).tag("kind", "cells")
                .description("queued matrix cells").register(meters);
        Gauge.builder("observatory.queue.depth", queuedRuns, AtomicLong::get).tag("kind", "runs")
                .description("queued single runs").register(meters);
        Gauge.builder("observatory.queue.depth", queuedCrashChecks, AtomicLong::get).tag("kind", "crash_checks")
                .description("queued crash checks").register(meters);
        Gauge.builder("observatory.queue.busy", busy, AtomicInteger::get).description("workers running a job").register(meters);
        Gauge.builder("observatory.queue.workers", () -> workers).description("worker threads").register(meters);
    }

    /** Something was queued or ended: look for work now rather than at the next poll. */
    public void wake() {
        wake.release();
    }

    public int workers() {
        return workers;
    }

    /** Jobs running now, by key ({@link Work#key()}). */
    public Optional<Running> running(String key) {
        return Optional.ofNullable(running.get(key));
    }

    /** Cancels the running cells of matrix {@code matrixId} (the store already marked the matrix CANCELLED). */
    public void cancelMatrix(long matrixId) {
        for (Running r : running.values()) {
            if (r.work instanceof Work.CellWork c && c.matrixId() == matrixId) r.token.cancel();
        }
    }

    // ---------------------------------------------------------------- lifecycle

    @Override
    public void start() {
        QueueStore.Recovery rec = store.recover().block();
        durability.checkpoint().block();
        if (rec != null && (rec.cellsRequeued() + rec.runsRequeued() + rec.crashChecksRequeued() + rec.cellsCancelled() + rec.matricesEnded() > 0)) {
            log.info("recovered after restart: {} cells, {} runs, {} crash checks queued again; {} cells of ended matrices cancelled; "
                    + "{} matrices ended", rec.cellsRequeued(), rec.runsRequeued(), rec.crashChecksRequeued(), rec.cellsCancelled(), rec.matricesEnded());
        }
        finisher.advanceBands();
        finisher.compareUncompared();
        AtomicInteger n = new AtomicInteger();
        ThreadFactory tf = r -> {
            Thread t = new Thread(r, "observatory-worker-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
        pool = Executors.newFixedThreadPool(workers, tf);
        active = true;
        dispatcher = new Thread(this::dispatchLoop, "observatory-dispatcher");
        dispatcher.setDaemon(true);
        dispatcher.start();
        log.info("run queue: {} workers, at most {} matrices at once", workers, properties.limits().concurrentMatrices());
    }

    @Override
    public void stop() {
        active = false;
        wake();
        for (Running r : running.values()) {
            r.shutdown = true;
            r.token.cancel();
        }
        if (pool != null) {
            pool.shutdown();
            try {
                if (!pool.awaitTermination(10, TimeUnit.SECONDS)) log.warn("stop: {} jobs still running; they will run again at the next start", running.size());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (dispatcher != null) {
            try {
                dispatcher.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public boolean isRunning() {
        return active;
    }

    @Override
    public int getPhase() {
        return Integer.MAX_VALUE - 1000;         // start after the web server's dependencies, stop before the database
    }

    // ---------------------------------------------------------------- dispatcher

    private void dispatchLoop() {
        long pollMs = properties.queue().pollInterval().toMillis();
        while (active) {
            try {
                dispatchAvailable();
                updateDepth();
            } catch (RuntimeException e) {
                log.error("dispatcher: {}", e.toString(), e);
            }
            try {
                wake.tryAcquire(pollMs, TimeUnit.MILLISECONDS);
                wake.drainPermits();
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void dispatchAvailable() {
        while (active && busy.get() < workers) {
            Work w = claimNext();
            if (w == null) {
                store.finishEndedMatrices().block();
                return;
            }
            durability.checkpoint().block();         // the claim (RUNNING, attempts + 1) survives a kill like a result does
            Running r = new Running(w);
            running.put(w.key(), r);
            busy.incrementAndGet();
            pool.execute(() -> execute(r));
        }
    }

    private Work claimNext() {
        Work w = store.claimRun().block();
        if (w == null) w = store.claimCrashCheck().block();
        if (w == null) {
            long runningMatrices = store.countRunningMatrices().block();
            w = store.claimCell(runningMatrices < properties.limits().concurrentMatrices()).block();
            if (w instanceof Work.CellWork c) events.matrixChanged(c.matrixId());
        }
        return w;
    }

    private void updateDepth() {
        long[] d = store.depth().block();
        if (d == null) return;
        queuedCells.set(d[0]);
        queuedRuns.set(d[1]);
        queuedCrashChecks.set(d[2]);
    }

    // ---------------------------------------------------------------- workers

    private void execute(Running r) {
        Timer.Sample sample = Timer.start(meters);
        String outcome = "failed";
        try {
            outcome = switch (r.work) {
                case Work.CellWork c -> runCell(r, c);
                case Work.RunWork w -> runSingle(r, w);
                case Work.CrashWork k -> runCrashCheck(r, k);
            };
        } catch (RuntimeException e) {
            log.error("{}: could not record the outcome: {}", r.work.key(), e.toString(), e);
        } finally {
            running.remove(r.work.key());
            sample.stop(Timer.builder("observatory.cell.duration").description("wall time of one job (cell, run, crash check)")
                    .tag("kind", r.work.kind()).tag("outcome", outcome).register(meters));
            Counter.builder("observatory.cells.completed").description("jobs that ended; rate() gives cells/s")
                    .tag("kind", r.work.kind()).tag("outcome", outcome).register(meters).increment();
            busy.decrementAndGet();
            wake();
        }
    }

    private String runCell(Running r, Work.CellWork c) {
        try {
            RunResult result = runner.run(c.spec(), (phase, fraction) -> progress(r, phase, fraction), r.token);
            if (result == null) throw new IllegalStateException("the runner returned no result");
            store.completeCell(c, result).block();
            durability.checkpoint().block();
            events.matrixChanged(c.matrixId());
            finisher.compareIfDone(c.matrixId());
            return "done";
        } catch (CancellationToken.CancelledException e) {
            if (r.shutdown) store.requeueCell(c).block();
            else store.cancelCell(c).block();
            durability.checkpoint().block();
            events.matrixChanged(c.matrixId());
            return r.shutdown ? "interrupted" : "cancelled";
        } catch (Exception | LinkageError | AssertionError | OutOfMemoryError e) {   // a job too big for the heap fails alone
            if (r.shutdown) {
                store.requeueCell(c).block();
                return "interrupted";
            }
            log.warn("matrix {} cell {} failed: {}", c.matrixId(), c.cellIndex(), describe(e), e);
            store.failCell(c, describe(e)).block();
            durability.checkpoint().block();
            cancelMatrix(c.matrixId());
            events.matrixChanged(c.matrixId());
            return "failed";
        }
    }

    private String runSingle(Running r, Work.RunWork w) {
        try {
            RunResult result = switch (w.runKind()) {
                case "EXEC" -> runner.exec(ResultJson.read(w.requestJson(), ExecSpec.class), (p, f) -> progress(r, p, f), r.token);
                default -> runner.run(Json.cell(w.requestJson()), (p, f) -> progress(r, p, f), r.token);
            };
            if (result == null) throw new IllegalStateException("the runner returned no result");
            store.completeRun(w, result).block();
            durability.checkpoint().block();
            return "done";
        } catch (CancellationToken.CancelledException e) {
            if (r.shutdown) store.requeueRun(w).block();
            else store.endRun(w, Status.CANCELLED.name(), "cancelled").block();
            return r.shutdown ? "interrupted" : "cancelled";
        } catch (Exception | LinkageError | AssertionError | OutOfMemoryError e) {   // a job too big for the heap fails alone
            if (r.shutdown) {
                store.requeueRun(w).block();
                return "interrupted";
            }
            log.warn("run {} failed: {}", w.id(), describe(e), e);
            store.endRun(w, Status.FAILED.name(), describe(e)).block();
            durability.checkpoint().block();
            return "failed";
        }
    }

    private String runCrashCheck(Running r, Work.CrashWork k) {
        try {
            CrashReport report = crashChecker.run(k.spec(), k.point(), k.maxPoints(), (p, f) -> progress(r, p, f), r.token);
            if (report == null) throw new IllegalStateException("the crash checker returned no report");
            store.completeCrashCheck(k, report).block();
            durability.checkpoint().block();
            return "done";
        } catch (CancellationToken.CancelledException e) {
            if (r.shutdown) store.requeueCrashCheck(k).block();
            else store.endCrashCheck(k, Status.CANCELLED.name(), "cancelled").block();
            return r.shutdown ? "interrupted" : "cancelled";
        } catch (Exception | LinkageError | AssertionError | OutOfMemoryError e) {   // a job too big for the heap fails alone
            if (r.shutdown) {
                store.requeueCrashCheck(k).block();
                return "interrupted";
            }
            log.warn("crash check {} failed: {}", k.id(), describe(e), e);
            store.endCrashCheck(k, Status.FAILED.name(), describe(e)).block();
            durability.checkpoint().block();
            return "failed";
        }
    }

    private static void progress(Running r, String phase, double fraction) {
        r.phase = phase;
        r.fraction = fraction;
    }

    /** The message a user sees for a failed job: the exception's own message, its type when it has none. */
    static String describe(Throwable e) {
        List<String> parts = new ArrayList<>();
        for (Throwable t = e; t != null && parts.size() < 3; t = t.getCause() == t ? null : t.getCause()) {
            String m = t.getMessage();
            parts.add(m == null || m.isBlank() ? t.getClass().getSimpleName() : (t instanceof IllegalArgumentException
                    || t instanceof IllegalStateException ? m : t.getClass().getSimpleName() + ": " + m));
        }
        return String.join(" ← ", parts);
    }
}
