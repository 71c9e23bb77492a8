package org.f2fsobs.engine.kernel.block;

/**
 * An I/O scheduler (elevator): holds requests between insertion and dispatch, may merge bios into queued
 * requests, and decides what the device gets next — and so how many requests are in flight.
 */
public interface IoScheduler {
    /** Tries to merge a bio part into a queued request (elevator bio merge); true when merged. */
    boolean tryMerge(Bio bio, int start, int count, int maxBlocks);

    /** Queues a request; true when it was merged into a queued one instead (it no longer exists). */
    boolean insert(Request rq);

    /** The next request to hand to the device, or null (nothing queued, or the scheduler chooses to wait). */
    Request dispatch(int inFlight);

    void completed(Request rq);

    boolean isEmpty();

    /** What it is called in sysfs. */
    String name();
}
