package org.f2fsobs.app.queue;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.SchedulerName;
import com.github.kagkarlsson.scheduler.task.CompletionHandler;
import com.github.kagkarlsson.scheduler.task.DeadExecutionHandler;
import com.github.kagkarlsson.scheduler.task.FailureHandler;
import com.github.kagkarlsson.scheduler.task.Priority;
import com.github.kagkarlsson.scheduler.task.SchedulableInstance;
import com.github.kagkarlsson.scheduler.task.Task;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.github.kagkarlsson.scheduler.task.helper.RecurringTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.github.kagkarlsson.scheduler.task.schedule.FixedDelay;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.annotation.PreDestroy;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.f2fsobs.app.system.Database;
import org.f2fsobs.app.system.ObservatoryProperties;
import org.f2fsobs.bench.api.CancellationToken;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * The run queue, on a job library: cells, single runs and crash checks are executions of db-scheduler tasks
 * ({@code cell}, {@code run}, {@code crash-check}; the instance id is the row id) in its table {@code scheduled_tasks},
 * in the app's own database. Every worker instance polls that table; an execution is picked by one of them (an
 * optimistic update of its version, or {@code FOR UPDATE SKIP LOCKED} on PostgreSQL), kept alive by heartbeats while it
 * runs, and handed to another worker when its heartbeats stop (the worker was killed). The app's rows (CELLS, RUNS,
 * CRASH_CHECKS, MATRICES) say what happened; the job table only says what is still to run.
 *
 * <ul>
 * <li>Order: runs and crash checks first (priority), then cells by matrix and cell index: each execution's time is
 *     a point in 1970 made of those numbers, so every one is due and the oldest is picked first.</li>
 * <li>{@code concurrent_matrices}: only RUNNING matrices' cells get executions; a queued matrix takes a free slot in
 *     {@link #pump}, which runs after each submit, each matrix's end and each band step, and in the recurring task
 *     {@code queue-pump} (the safety net that also gives an execution to work a crash left without one, and advances a
 *     band whose last cells ended on two instances at once).</li>
 * <li>Cancel: a cancelled matrix's queued cells are CANCELLED at once, their executions find them so and end; its running
 *     cells are told to stop on this instance at once and on the others within a poll interval.</li>
 * <li>Stop: running jobs are cancelled, go back to QUEUED and keep their execution (same time), so they run again at the
 *     next start or on another worker.</li>
 * </ul>
 * An instance whose role does not run jobs ({@code observatory.role=web}) only schedules: it starts no scheduler.
 */
@Component
public class Jobs implements SmartLifecycle {
    private static final Logger log = LoggerFactory.getLogger(Jobs.class);

    /** db-scheduler's table (migration V4). */
    static final String TABLE = "scheduled_tasks";

    /** This instance, as the job table and CELLS.WORKER name it: host-pid. */
    static final String NAME = instanceName();

    private final JobDatabase database;
    private final CellJobs cells;
    private final RunJobs runs;
    private final CrashCheckJobs crashChecks;
    private final Admission admission;
    private final Durability durability;
    private final QueueEvents events;
    private final MatrixFinisher finisher;
    private final CatalogSync catalog;
    private final ObservatoryProperties properties;
    private final MeterRegistry meters;
    private final int workers;
    private final SchedulerClient client;
    private final List<Task<?>> tasks;
    private final RecurringTask<Void> pumpTask;
    private final Map<String, Running> running = new ConcurrentHashMap<>();
    private final AtomicInteger busy = new AtomicInteger();
    private final AtomicLong queuedCells = new AtomicLong(), queuedRuns = new AtomicLong(), queuedCrashChecks = new AtomicLong();
    private boolean stopping;                              // guarded by running
    private volatile boolean active;
    private volatile Scheduler scheduler;
    private ScheduledExecutorService watcher;
    private final ExecutorService kicks = Database.pool("observatory-jobs-submit", 1);

    /** A job in flight here: its token, why it was cancelled, its progress. */
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

    Jobs(JobDatabase database, CellJobs cells, RunJobs runs, CrashCheckJobs crashChecks, Admission admission, Durability durability,
         QueueEvents events, MatrixFinisher finisher, CatalogSync catalog, ObservatoryProperties properties, MeterRegistry meters) {
        this.database = database;
        this.cells = cells;
        this.runs = runs;
        this.crashChecks = crashChecks;
        this.admission = admission;
        this.durability = durability;
        this.events = events;
        this.finisher = finisher;
        this.catalog = catalog;
        this.properties = properties;
        this.meters = meters;
        this.workers = properties.queue().effectiveWorkers();
        this.tasks = List.of(task(cells), task(runs), task(crashChecks));
        this.pumpTask = Tasks.recurring("queue-pump", FixedDelay.of(properties.queue().pollInterval())).execute((i, c) -> sweep());
        List<Task<?>> known = new ArrayList<>(tasks);
        known.add(pumpTask);
        this.client = SchedulerClient.Builder.create(database.dataSource(), known).enablePriority().build();
        Gauge.builder("observatory.queue.depth", queuedCells, AtomicLong::get).tag("kind", "cells")
                .description("queued matrix cells").register(meters);
        Gauge.builder("observatory.queue.depth", queuedRuns, AtomicLong::get).tag("kind", "runs")
                .description("queued single runs").register(meters);
        Gauge.builder("observatory.queue.depth", queuedCrashChecks, AtomicLong::get).tag("kind", "crash_checks")
                .description("queued crash checks").register(meters);
        Gauge.builder("observatory.queue.busy", busy, AtomicInteger::get).description("workers running a job here").register(meters);
        Gauge.builder("observatory.queue.workers", () -> properties.role().runsJobs() ? workers : 0)
                .description("worker threads of this instance").register(meters);
    }

    /** The execution time that orders cell {@code cellIndex} of matrix {@code matrixId} (microseconds after 1970). */
    static Instant cellOrder(long matrixId, int cellIndex) {
        return Instant.EPOCH.plus(matrixId * 1_000_000L + cellIndex, ChronoUnit.MICROS);
    }

    /** The execution time of run or crash check {@code id} (they go first, by priority). */
    static Instant runOrder(long id) {
        return Instant.EPOCH.plus(id, ChronoUnit.MICROS);
    }

    private <W extends Work, R> Task<Void> task(JobKind<W, R> kind) {
        return Tasks.custom(kind.taskName(), Void.class)
                .onFailure(new FailureHandler.OnFailureRetryLater<>(properties.queue().pollInterval()))
                .onDeadExecution(reviveInPlace())
                .execute((instance, context) -> execute(kind, instance));
    }

    /** A dead execution (its worker stopped sending heartbeats) is due again at its own time, keeping its place in the order. */
    private static DeadExecutionHandler<Void> reviveInPlace() {
        return (complete, ops) -> {
            log.info("job {} lost its worker (no heartbeat since {}); it runs again", complete.getExecution().taskInstance,
                    complete.getExecution().lastHeartbeat);
            ops.reschedule(complete, complete.getExecution().executionTime);
        };
    }

    // ---------------------------------------------------------------- what the API calls

    /**
     * A matrix was accepted, or one ended (cancelled): a queued one may start now. Asynchronous, on a thread of its own:
     * the caller is a request on {@link Database#SCHEDULER}, whose threads must not wait for statements that need one
     * of them. A kill before it ran leaves work without an execution, which the recurring pump gives one.
     */
    public void matricesChanged() {
        kick(this::pump);
    }

    /** Run {@code id} (a row of RUNS) was accepted (asynchronous, as {@link #matricesChanged}). */
    public void runAccepted(long id) {
        kick(() -> {
            schedule(runs, List.of(new JobKind.Due(id, runOrder(id))));
            durability.checkpoint().block();
        });
    }

    /** Crash check {@code id} was accepted (asynchronous, as {@link #matricesChanged}). */
    public void crashCheckAccepted(long id) {
        kick(() -> {
            schedule(crashChecks, List.of(new JobKind.Due(id, runOrder(id))));
            durability.checkpoint().block();
        });
    }

    private void kick(Runnable r) {
        kicks.execute(() -> {
            try {
                r.run();
            } catch (RuntimeException e) {
                log.warn("scheduling: {} (the recurring pump tries again)", e.toString(), e);
            }
        });
    }

    @PreDestroy
    void close() {
        kicks.shutdown();
        try {
            kicks.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Jobs running on this instance, by key ({@link Work#key()}). */
    public Optional<Running> running(String key) {
        return Optional.ofNullable(running.get(key));
    }

    /** Cancels the cells of matrix {@code matrixId} that run here (the store already marked the matrix ended). */
    public void cancelMatrix(long matrixId) {
        for (Running r : running.values()) {
            if (r.work instanceof Work.CellWork c && c.matrixId() == matrixId) r.token.cancel();
        }
    }

    public int workers() {
        return workers;
    }

    /**
     * Queued matrices take free running slots; every job that should have an execution gets one. Idempotent, and safe
     * on several instances at once (the slots are taken under the admission lock; an execution exists once).
     */
    void pump() {
        List<Long> started = admission.startMatrices().block();
        if (started != null) for (long m : started) events.matrixChanged(m);
        boolean any = false;
        for (JobKind<?, ?> kind : List.of(runs, crashChecks, cells)) {
            List<JobKind.Due> due = kind.unscheduled().collectList().block();
            if (due != null && !due.isEmpty()) {
                schedule(kind, due);
                any = true;
            }
        }
        if (any || (started != null && !started.isEmpty())) durability.checkpoint().block();
    }

    /**
     * The recurring pass (one worker at a time): matrices whose cells all ended are ended, {@link #pump}, band
     * matrices none of whose cells is queued or running go on, DONE matrices without comparisons get them — what a
     * cell's end does, redone for a cell whose end did not (a worker killed between the two, two cells ending at once
     * on two instances).
     */
    private void sweep() {
        try {
            List<Long> ended = cells.finishEndedMatrices().collectList().block();
            if (ended != null && !ended.isEmpty()) {
                log.info("queue sweep: matrices {} had every cell ended but were not: ended now", ended);
                durability.checkpoint().block();
                ended.forEach(events::matrixChanged);
            }
        } catch (RuntimeException e) {
            log.warn("queue sweep: {}", e.toString());
        }
        pump();
        try {
            finisher.advanceBands();
            finisher.compareUncompared();
        } catch (RuntimeException e) {                      // another instance did it at the same time: the next pass looks again
            log.warn("queue sweep: {}", e.toString());
        }
    }

    private void schedule(JobKind<?, ?> kind, List<JobKind.Due> due) {
        int priority = kind == cells ? Priority.MEDIUM : Priority.HIGH;
        List<SchedulableInstance<?>> batch = new ArrayList<>();
        for (JobKind.Due d : due) {
            batch.add(new TaskInstance.Builder<Void>(kind.taskName(), Long.toString(d.id())).priority(priority).scheduledTo(d.orderTime()));
        }
        SchedulerClient to = scheduler != null ? scheduler : client;
        try {
            to.scheduleBatch(batch);
        } catch (RuntimeException someExist) {                // another instance scheduled some of them meanwhile
            for (SchedulableInstance<?> i : batch) to.scheduleIfNotExists(i);
        }
        Scheduler local = scheduler;
        if (local != null) local.triggerCheckForDueExecutions();
    }

    // ---------------------------------------------------------------- lifecycle

    @Override
    public void start() {
        synchronized (running) {
            stopping = false;
        }
        active = true;
        if (!properties.role().runsJobs()) {
            log.info("job scheduler: not started (observatory.role={}); work goes to the workers through the database",
                    properties.role().name().toLowerCase());
            return;
        }
        try {
            finisher.advanceBands();
            finisher.compareUncompared();
        } catch (RuntimeException e) {                      // another worker did it at the same time
            log.warn("start-up: bands and comparisons left to the next pass: {}", e.toString());
        }
        var q = properties.queue();
        var builder = Scheduler.create(database.dataSource(), tasks)
                .startTasks(pumpTask)
                .threads(workers)
                .executorService(Database.pool("observatory-worker", workers))
                .dueExecutor(Database.pool("observatory-jobs-poll", 1))
                .housekeeperExecutor(Database.scheduledPool("observatory-jobs-heartbeat", 2))
                .pollingInterval(q.pollInterval())
                .heartbeatInterval(q.heartbeat())
                .missedHeartbeatsLimit(q.missedHeartbeats())
                .schedulerName(new SchedulerName.Fixed(NAME))
                .enableImmediateExecution()
                .enablePriority()
                .shutdownMaxWait(Duration.ofSeconds(10));
        // PostgreSQL: each poll locks (FOR UPDATE SKIP LOCKED) and picks at most as many executions as this worker has free
        // threads, so workers never race for the same one; H2 has no SKIP LOCKED: every worker fetches the due ones and
        // picks each just before it runs (an optimistic update of its version; the loser skips it)
        if (database.postgres()) builder = builder.pollUsingLockAndFetch(0.5, 1.0);
        scheduler = builder.build();
        scheduler.start();
        watcher = Database.scheduledPool("observatory-jobs-watch", 1);
        long every = q.pollInterval().toMillis();
        watcher.scheduleWithFixedDelay(this::watch, every, every, TimeUnit.MILLISECONDS);
        pump();
        log.info("job scheduler {}: {} workers, at most {} matrices at once", NAME, workers, properties.limits().concurrentMatrices());
    }

    @Override
    public void stop() {
        active = false;
        Scheduler s = scheduler;
        synchronized (running) {
            stopping = true;
            for (Running r : running.values()) {
                r.shutdown = true;
                r.token.cancel();
            }
        }
        if (watcher != null) {
            watcher.shutdown();
            watcher = null;
        }
        if (s != null) {
            s.stop();
            scheduler = null;
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

    private static String instanceName() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            host = "localhost";
        }
        return host + "-" + ManagementFactory.getRuntimeMXBean().getPid();
    }

    /** Every poll interval: cells whose matrix ended elsewhere stop; running cells' progress for other instances' pages; the depth gauges. */
    private void watch() {
        try {
            Set<Long> matrices = new HashSet<>();
            for (Running r : running.values()) {
                if (r.work instanceof Work.CellWork c) {
                    matrices.add(c.matrixId());
                    cells.progress(c.id(), r.phase, r.fraction).block();
                }
            }
            List<Long> ended = cells.ended(matrices).collectList().block();
            if (ended != null) ended.forEach(this::cancelMatrix);
            long[] d = cells.depth().block();
            if (d != null) {
                queuedCells.set(d[0]);
                queuedRuns.set(d[1]);
                queuedCrashChecks.set(d[2]);
            }
        } catch (RuntimeException e) {
            log.warn("job watcher: {}", e.toString());
        }
    }

    // ---------------------------------------------------------------- one job

    /** What a job's run came to. */
    private enum Outcome { DONE, FAILED, CANCELLED, INTERRUPTED }

    private <W extends Work, R> CompletionHandler<Void> execute(JobKind<W, R> kind, TaskInstance<Void> instance) {
        CompletionHandler<Void> again = (complete, ops) -> ops.reschedule(complete, complete.getExecution().executionTime);
        synchronized (running) {
            if (stopping) return again;
        }
        W work = kind.claim(Long.parseLong(instance.getId())).block();
        if (work != null) catalog.sync();                            // a user scenario stored on another instance since
        if (work == null) return new CompletionHandler.OnCompleteRemove<>();   // it ended before it ran (a cancelled matrix's cell)
        durability.checkpoint().block();                             // the claim (RUNNING, attempts + 1) survives a kill like a result does
        Running r = new Running(work);
        synchronized (running) {
            running.put(work.key(), r);
            if (stopping) {
                r.shutdown = true;
                r.token.cancel();
            }
        }
        if (work instanceof Work.CellWork c) events.matrixChanged(c.matrixId());
        busy.incrementAndGet();
        Timer.Sample sample = Timer.start(meters);
        Outcome outcome = Outcome.FAILED;
        try {
            R result = null;
            String error = null;
            try {
                result = kind.run(work, (phase, fraction) -> {
                    r.phase = phase;
                    r.fraction = fraction;
                }, r.token);
                if (result == null) throw new IllegalStateException("the runner returned no result");
                outcome = Outcome.DONE;
            } catch (CancellationToken.CancelledException e) {
                outcome = r.shutdown ? Outcome.INTERRUPTED : Outcome.CANCELLED;
            } catch (Exception | LinkageError | AssertionError | OutOfMemoryError e) {   // a job too big for the heap fails alone
                outcome = r.shutdown ? Outcome.INTERRUPTED : Outcome.FAILED;
                error = describe(e);
                if (!r.shutdown) log.warn("{} failed: {}", work.key(), error, e);
            }
            switch (outcome) {                                       // a store that fails here fails the execution: it is retried
                case DONE -> kind.done(work, result).block();
                case FAILED -> kind.failed(work, error).block();
                case CANCELLED -> kind.cancelled(work).block();
                case INTERRUPTED -> kind.requeue(work).block();
            }
            durability.checkpoint().block();
        } finally {
            running.remove(work.key());
            busy.decrementAndGet();
            String tag = outcome.name().toLowerCase();
            sample.stop(Timer.builder("observatory.cell.duration").description("wall time of one job (cell, run, crash check)")
                    .tag("kind", work.kind()).tag("outcome", tag).register(meters));
            Counter.builder("observatory.cells.completed").description("jobs that ended; rate() gives cells/s")
                    .tag("kind", work.kind()).tag("outcome", tag).register(meters).increment();
        }
        if (outcome == Outcome.INTERRUPTED) return again;
        if (work instanceof Work.CellWork c) cellEnded(c, outcome);
        return new CompletionHandler.OnCompleteRemove<>();
    }

    /**
     * After a cell: the streams look again; a band goes on or a DONE matrix is compared; a failure stops the rest; when
     * the matrix ended or grew, the next matrix may start and the new cells get executions (else nothing changed for the
     * queue, and the cell's end costs no pump).
     */
    private void cellEnded(Work.CellWork c, Outcome outcome) {
        events.matrixChanged(c.matrixId());
        try {
            boolean changed = outcome != Outcome.DONE || finisher.compareIfDone(c.matrixId());
            if (outcome == Outcome.FAILED) cancelMatrix(c.matrixId());
            if (changed) pump();
        } catch (RuntimeException e) {                               // the cell's outcome is stored; the pump and the next start redo this
            log.warn("matrix {}: after cell {}: {}", c.matrixId(), c.cellIndex(), e.toString());
        }
        events.matrixChanged(c.matrixId());
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
