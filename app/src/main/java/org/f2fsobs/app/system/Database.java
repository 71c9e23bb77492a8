package org.f2fsobs.app.system;

import java.util.concurrent.Executor;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Where database work runs. r2dbc-h2 executes every statement synchronously on the thread that subscribes (H2 is
 * embedded: its reads, writes, locks and file I/O happen right there), so a query subscribed on Netty's event loop
 * stalls every connection that loop serves. Request handlers therefore subscribe their database work, and the
 * other blocking work of a request (the runner reading a profile from the class path), on {@link #SCHEDULER}:
 * {@link #THREADS} threads (as many as the connection pool holds, so a thread rarely waits for a connection) behind
 * a queue of at most {@link #QUEUE} tasks. The tests fail when an H2 statement runs on a thread that must not block
 * (BlockHound, see {@code H2BlockingIntegration} in the tests).
 *
 * <p><b>The scheduler never interrupts its threads.</b> Reactor's executor-service schedulers (bounded elastic among
 * them) cancel a task that is running with {@code Future.cancel(true)}: a subscriber that goes away (a client that
 * timed out, a page that left its event stream) and, more often, a {@code subscribeOn} whose chain completes on
 * another thread (a {@code publishOn} downstream, a pooled connection handed over by the thread that released it)
 * interrupt the thread that is still inside its task. An interrupt during H2's file I/O closes the database file's
 * channel ({@code ClosedByInterruptException}); every later statement of the app then fails until a restart. With
 * {@link Schedulers#fromExecutor(Executor, boolean)} a cancelled task that has not started is dropped and one that
 * runs is let finish: an H2 statement is short and its result is simply not delivered. Not trampolining: a worker's
 * tasks may run on different threads (with trampolining, which runs them one after another, a request that followed
 * the 400 of {@code GET /api/matrices/abc} on the same connection waited until the client gave up, in 2 of 3 runs of
 * {@code BadRequestTests}).
 *
 * <p>Submitting must not block either (it happens on the event loop): the pool's threads are all started up front and
 * never time out, so {@code execute} only offers to a lock-free {@link LinkedTransferQueue} (a
 * {@code LinkedBlockingQueue} takes a lock that can park the event loop, which BlockHound fails).
 */
public final class Database {
    /** Threads of {@link #SCHEDULER}: the R2DBC pool's default size. */
    public static final int THREADS = 10;

    /** Tasks that may wait for a thread; more are refused ({@link RejectedExecutionException}, a 503 with Retry-After to a client). */
    public static final int QUEUE = 100_000;

    public static final Scheduler SCHEDULER = Schedulers.fromExecutor(new BoundedExecutor(pool(), QUEUE), false);

    private Database() {}

    private static ThreadPoolExecutor pool() {
        AtomicInteger n = new AtomicInteger();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(THREADS, THREADS, 0, TimeUnit.SECONDS, new LinkedTransferQueue<>(), r -> {
            Thread t = new Thread(r, "observatory-db-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        pool.prestartAllCoreThreads();
        return pool;
    }

    /** An executor that refuses work beyond {@code limit} waiting or running tasks, without taking a lock. */
    static final class BoundedExecutor implements Executor {
        private final Executor delegate;
        private final int limit;
        private final AtomicInteger inFlight = new AtomicInteger();

        BoundedExecutor(Executor delegate, int limit) {
            this.delegate = delegate;
            this.limit = limit;
        }

        @Override
        public void execute(Runnable task) {
            if (inFlight.incrementAndGet() > limit + THREADS) {
                inFlight.decrementAndGet();
                throw new RejectedExecutionException("database queue full (" + limit + " tasks waiting)");
            }
            try {
                delegate.execute(() -> {
                    try {
                        task.run();
                    } finally {
                        inFlight.decrementAndGet();
                    }
                });
            } catch (RuntimeException e) {
                inFlight.decrementAndGet();
                throw e;
            }
        }
    }
}
