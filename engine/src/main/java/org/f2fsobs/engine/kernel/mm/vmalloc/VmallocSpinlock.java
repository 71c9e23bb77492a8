package org.f2fsobs.engine.kernel.mm.vmalloc;

import org.f2fsobs.engine.sim.LockStats;
import org.f2fsobs.engine.sim.SimSpinlock;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.Simulation;

/**
 * A {@link SimSpinlock} that also knows whether anybody spins on it, for {@code spin_is_contended()} as used by
 * {@code cond_resched_lock()} (via {@code spin_needbreak()}, CONFIG_PREEMPT=y as on the Pixel 3).
 */
final class VmallocSpinlock {
    private final SimSpinlock lock;
    private final VmallocCosts costs;
    private int spinners;

    VmallocSpinlock(Simulation sim, String name, int account, VmallocCosts costs) {
        this.lock = new SimSpinlock(sim, name, account, costs.lockAcquirePsForLocks());
        this.costs = costs;
    }

    void lock(SimTask t) {
        costs.noteLock();
        t.sync();                 // be counted as a spinner only from the simulated moment we arrive
        spinners++;
        try {
            lock.lock(t);
        } finally {
            spinners--;
        }
    }

    void unlock(SimTask t) {
        lock.unlock(t);
    }

    /** spin_is_contended(): someone is waiting for this lock at the caller's current time. */
    boolean isContended(SimTask t) {
        t.sync();
        return spinners > 0;
    }

    LockStats stats() {
        return lock.stats();
    }

    String name() {
        return lock.name();
    }
}
