package org.f2fsobs.engine.sim;

import java.util.ArrayDeque;

/**
 * A count of outstanding operations with waiters for zero (e.g. pages under writeback that fsync or a checkpoint
 * waits for). {@link #dec()} may be called from completion callbacks.
 */
public final class WaitCount {
    private final Simulation sim;
    private final String name;
    private final ArrayDeque<SimTask> waiters = new ArrayDeque<>();
    private long count;

    public WaitCount(Simulation sim, String name) {
        this.sim = sim;
        this.name = name;
    }

    public void inc() {
        count++;
    }

    public void dec() {
        if (count <= 0) throw new IllegalStateException(name + ": count below zero");
        if (--count == 0) {
            SimTask t;
            while ((t = waiters.pollFirst()) != null) sim.wake(t);
        }
    }

    public long count() {
        return count;
    }

    /** Sleeps until the count is zero (returns at once when it already is). */
    public void awaitZero(SimTask t) {
        t.sync();
        if (count == 0) return;
        waiters.addLast(t);
        t.blockSynced(this);
    }

    @Override
    public String toString() {
        return "wait-count " + name + "=" + count;
    }
}
