package org.f2fsobs.engine.sim;

import java.util.ArrayDeque;

/**
 * A sleeping mutex (kernel {@code struct mutex}): waiters queue FIFO and give up their CPU; on unlock ownership is
 * handed to the first waiter, which resumes after a context switch. Records acquisitions, contended acquisitions
 * and wait time under its name. A wait that would close a cycle of owners is reported as a deadlock at once.
 */
public final class SimMutex {
    private final Simulation sim;
    private final String name;
    private final LockStats stats;
    private final int account;
    private final long acquirePs;
    private final ArrayDeque<SimTask> waiters = new ArrayDeque<>();
    private SimTask owner;

    public SimMutex(Simulation sim, String name, int account, long acquirePs) {
        this.sim = sim;
        this.name = name;
        this.stats = sim.newLockStats(name);
        this.account = account;
        this.acquirePs = acquirePs;
    }

    public String name() { return name; }
    public SimTask owner() { return owner; }
    public LockStats stats() { return stats; }
    public boolean isLocked() { return owner != null; }

    public void lock(SimTask t) {
        if (!t.simulated()) return;                   // an OfflineTask takes no simulated lock
        t.sync();
        stats.acquisitions++;
        if (owner == null) {
            owner = t;
        } else {
            if (owner == t) throw new IllegalStateException("mutex " + name + " locked twice by " + t.name());
            stats.contended++;
            checkCycle(t);
            waiters.addLast(t);
            long start = sim.nowNs();
            t.blockSynced(this);
            stats.addWait(sim.nowNs() - start);
        }
        t.cpuPs(account, acquirePs);
    }

    /** mutex_trylock: takes the lock only if free, never waits. */
    public boolean tryLock(SimTask t) {
        if (!t.simulated()) return true;              // an OfflineTask takes no simulated lock
        t.sync();
        if (owner != null) return false;
        stats.acquisitions++;
        owner = t;
        t.cpuPs(account, acquirePs);
        return true;
    }

    public void unlock(SimTask t) {
        if (!t.simulated()) return;                   // an OfflineTask takes no simulated lock
        if (owner != t) throw new IllegalStateException("mutex " + name + " unlocked by " + t.name() + ", owner " + owner);
        t.sync();
        SimTask next = waiters.pollFirst();
        owner = next;
        if (next != null) sim.wake(next);
    }

    private void checkCycle(SimTask t) {
        SimTask o = owner;
        for (int hops = 0; o != null && hops < 10_000; hops++) {
            if (o == t) {
                throw new SimDeadlockException("lock cycle at mutex " + name, sim.blockedTasksWith(t.name() + " waits on mutex " + name));
            }
            Object w = o.waitingOn;
            if (w instanceof SimMutex m) o = m.owner;
            else if (w instanceof SimRwSem r) o = r.writer();
            else o = null;
        }
    }

    @Override
    public String toString() {
        return "mutex " + name;
    }
}
