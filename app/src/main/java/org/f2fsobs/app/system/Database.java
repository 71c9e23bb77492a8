package org.f2fsobs.app.system;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Where database work runs. r2dbc-h2 executes every statement synchronously on the thread that subscribes (H2 is
 * embedded: its reads, writes, locks and file I/O happen right there), so a query subscribed on Netty's event loop
 * stalls every connection that loop serves. Request handlers therefore subscribe their database work, and the
 * other blocking work of a request (the runner reading a profile from the class path), on {@link #SCHEDULER}: a bounded elastic scheduler of at most {@link #THREADS} threads (as many as the connection pool
 * holds, so a thread rarely waits for a connection), whose queue absorbs bursts. The tests fail when an H2 statement
 * runs on a thread that must not block (BlockHound, see {@code H2BlockingIntegration} in the tests).
 *
 * <p>The scheduler never interrupts its threads. A cancelled subscription (a client that timed out, a browser that
 * left a page with its event stream) makes Reactor's executor-service schedulers interrupt the task's thread; an
 * interrupt during H2's file I/O closes the database file's channel ({@code ClosedByInterruptException}) and every
 * later statement of the app fails until a restart. {@link Schedulers#fromExecutor} only drops a cancelled task that
 * has not started, and lets one that runs finish.
 */
public final class Database {
    /** Threads of {@link #SCHEDULER}: the R2DBC pool's default size. */
    public static final int THREADS = 10;

    public static final Scheduler SCHEDULER = Schedulers.fromExecutor(executor());

    private static ThreadPoolExecutor executor() {
        AtomicInteger n = new AtomicInteger();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(THREADS, THREADS, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(100_000), r -> {
            Thread t = new Thread(r, "observatory-db-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }

    private Database() {}
}
