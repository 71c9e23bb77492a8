package org.f2fsobs.app.system;

import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Where database work runs. r2dbc-h2 executes every statement synchronously on the thread that subscribes (H2 is
 * embedded: its reads, writes, locks and file I/O happen right there), so a query subscribed on Netty's event loop
 * stalls every connection that loop serves. Request handlers therefore subscribe their database work, and the
 * other blocking work of a request (the runner reading a profile from the class path), on {@link #SCHEDULER}: a bounded elastic scheduler of at most {@link #THREADS} threads (as many as the connection pool
 * holds, so a thread rarely waits for a connection), whose queue absorbs bursts. The tests fail when an H2 statement
 * runs on a thread that must not block (BlockHound, see {@code H2BlockingIntegration} in the tests).
 */
public final class Database {
    /** Threads of {@link #SCHEDULER}: the R2DBC pool's default size. */
    public static final int THREADS = 10;

    public static final Scheduler SCHEDULER = Schedulers.newBoundedElastic(THREADS, 100_000, "observatory-db", 60, true);

    private Database() {}
}
