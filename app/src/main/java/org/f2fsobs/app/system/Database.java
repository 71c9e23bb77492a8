package org.f2fsobs.app.system;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Where database work runs. r2dbc-h2 executes every statement synchronously on the thread that subscribes (H2 is
 * embedded: its reads, writes, locks and file I/O happen right there), so a query subscribed on Netty's event loop
 * stalls every connection that loop serves. Request handlers therefore subscribe their database work, and the
 * other blocking work of a request (the runner reading a profile from the class path), on {@link #SCHEDULER}: a
 * bounded elastic scheduler of at most {@link #THREADS} threads (as many as the connection pool holds, so a thread
 * rarely waits for a connection) whose queue of {@link #QUEUE} tasks absorbs bursts. The tests fail when an H2
 * statement runs on a thread that must not block (BlockHound, see {@code H2BlockingIntegration} in the tests).
 *
 * <p><b>Its threads ignore interrupts from other threads.</b> Reactor's executor-service schedulers cancel a task
 * that is running with {@code Future.cancel(true)}: a subscriber that goes away (a client that timed out, a page
 * that left its event stream) and, more often, a {@code subscribeOn} whose chain completes on another thread (a
 * {@code publishOn} downstream) interrupt the thread that is still inside its task. An interrupt during H2's file
 * I/O closes the database file's channel ({@code ClosedByInterruptException}); every later statement of the app then
 * fails until a restart. A {@link DatabaseThread} lets the statement finish (its result is simply not delivered).
 * Idle threads are never evicted (an eviction stops a thread by interrupting it), so the scheduler keeps at most
 * {@link #THREADS} threads for the life of the JVM.
 *
 * <p>(Tried and left: {@code Schedulers.fromExecutor} over a plain pool, which does not interrupt either, but whose
 * workers' tasks are not serialised the way bounded elastic's are; under it a request on a reused connection was
 * sometimes not answered until the client gave up: 2 of 3 {@code BadRequestTests} runs when trampolining, a browser
 * page's reads in one full verify when not.)
 */
public final class Database {
    /** Threads of {@link #SCHEDULER}: the R2DBC pool's default size. */
    public static final int THREADS = 10;

    /** Tasks that may wait for a thread; more are refused ({@code RejectedExecutionException}, a 503 with Retry-After). */
    public static final int QUEUE = 100_000;

    /** Idle threads are kept (an eviction would interrupt them): a time-to-live longer than any run of the app. */
    private static final int KEEP_IDLE_SECONDS = Integer.MAX_VALUE;

    static {
        StuckTaskWatch.install();                                   // before the first task is scheduled: every one is timed
    }

    public static final Scheduler SCHEDULER = Schedulers.newBoundedElastic(THREADS, QUEUE, new ThreadFactory() {
        private final AtomicInteger n = new AtomicInteger();

        @Override
        public Thread newThread(Runnable r) {
            Thread t = new DatabaseThread(r, "observatory-db-" + n.incrementAndGet());
            t.setDaemon(true);
            StuckTaskWatch.register(t);
            return t;
        }
    }, KEEP_IDLE_SECONDS);

    private Database() {}

    /**
     * A pool for other work that runs statements (the job scheduler's workers, poller and heartbeats): daemon threads
     * named {@code prefix-N} that, while they run a task, are deaf to interrupts from other threads as
     * {@link #SCHEDULER}'s are — a library that stops its pool with {@code shutdownNow()} would otherwise interrupt a
     * statement inside H2 — and that take them between tasks, so that the pool can end.
     */
    public static ExecutorService pool(String prefix, int threads) {
        return new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), guardedThreads(prefix)) {
            @Override
            protected void beforeExecute(Thread t, Runnable r) {
                ((GuardedThread) t).inTask = true;
            }

            @Override
            protected void afterExecute(Runnable r, Throwable t) {
                ((GuardedThread) Thread.currentThread()).inTask = false;
            }
        };
    }

    /** As {@link #pool}, for periodic tasks. */
    public static ScheduledExecutorService scheduledPool(String prefix, int threads) {
        return new ScheduledThreadPoolExecutor(threads, guardedThreads(prefix)) {
            @Override
            protected void beforeExecute(Thread t, Runnable r) {
                ((GuardedThread) t).inTask = true;
            }

            @Override
            protected void afterExecute(Runnable r, Throwable t) {
                ((GuardedThread) Thread.currentThread()).inTask = false;
            }
        };
    }

    private static ThreadFactory guardedThreads(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new GuardedThread(r, prefix + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    /** A pool thread that only its own code may interrupt while it runs a task. */
    static final class GuardedThread extends Thread {
        volatile boolean inTask;

        GuardedThread(Runnable r, String name) {
            super(r, name);
        }

        @Override
        public void interrupt() {
            if (Thread.currentThread() == this || !inTask) super.interrupt();
        }
    }

    /** A thread that only its own code may interrupt (restoring its flag after an {@code InterruptedException}). */
    static final class DatabaseThread extends Thread implements StuckTaskWatch.Timed {
        private final AtomicLong taskSince = new AtomicLong(), reported = new AtomicLong();

        @Override
        public AtomicLong taskSince() {
            return taskSince;
        }

        @Override
        public AtomicLong reported() {
            return reported;
        }

        DatabaseThread(Runnable r, String name) {
            super(r, name);
        }

        @Override
        public void interrupt() {
            if (Thread.currentThread() == this) super.interrupt();
        }
    }
}
