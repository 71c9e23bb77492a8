package org.f2fsobs.engine.sim;

import java.util.ArrayDeque;

/**
 * A completion / wait queue (kernel {@code struct completion}): {@link #await} blocks until {@link #complete()}
 * was called; {@link #completeAll()} releases every present and future waiter; {@link #reinit()} arms it again.
 * May be completed from callbacks (I/O completions) as well as from tasks.
 */
public final class SimCompletion {
    private final Simulation sim;
    private final String name;
    private final ArrayDeque<SimTask> waiters = new ArrayDeque<>();
    private int done;
    private boolean all;

    public SimCompletion(Simulation sim, String name) {
        this.sim = sim;
        this.name = name;
    }

    public void await(SimTask t) {
        t.sync();
        if (all) return;
        if (done > 0) {
            done--;
            return;
        }
        waiters.addLast(t);
        t.blockSynced(this);
    }

    /** Wakes one waiter, or lets the next {@link #await} pass. */
    public void complete() {
        SimTask t = waiters.pollFirst();
        if (t != null) sim.wake(t);
        else done++;
    }

    public void completeAll() {
        all = true;
        SimTask t;
        while ((t = waiters.pollFirst()) != null) sim.wake(t);
    }

    public boolean isDone() {
        return all || done > 0;
    }

    public void reinit() {
        all = false;
        done = 0;
    }

    public int waiters() {
        return waiters.size();
    }

    @Override
    public String toString() {
        return "completion " + name;
    }
}
