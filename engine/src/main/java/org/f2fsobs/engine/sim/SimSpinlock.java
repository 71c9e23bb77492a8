package org.f2fsobs.engine.sim;

import java.util.ArrayDeque;

/**
 * A spinlock: a waiter keeps its CPU busy until the lock is handed to it (FIFO, as ticket/queued spinlocks are).
 * The spinning time is charged to the lock's spin account.
 */
public final class SimSpinlock {
    private final Simulation sim;
    private final String name;
    private final LockStats stats;
    private final int account;
    private final int spinAccount;
    private final long acquirePs;
    private final ArrayDeque<SimTask> waiters = new ArrayDeque<>();
    private SimTask owner;

    public SimSpinlock(Simulation sim, String name, int account, long acquirePs) {
        this.sim = sim;
        this.name = name;
        this.stats = sim.newLockStats(name);
        this.account = account;
        this.spinAccount = sim.accounting().register("spin_wait");
        this.acquirePs = acquirePs;
    }

    public String name() { return name; }
    public LockStats stats() { return stats; }
    public SimTask owner() { return owner; }

    public void lock(SimTask t) {
        if (!t.simulated()) return;                   // an OfflineTask takes no simulated lock
        t.sync();
        stats.acquisitions++;
        if (owner == null) {
            owner = t;
        } else {
            if (owner == t) throw new IllegalStateException("spinlock " + name + " taken twice by " + t.name());
            stats.contended++;
            waiters.addLast(t);
            long start = sim.nowNs();
            t.blockSpinning(this);
            long waited = sim.nowNs() - start;
            stats.addWait(waited);
            sim.chargeCpu(spinAccount, waited * 1000);
        }
        t.preemptCount++;
        t.cpuPs(account, acquirePs);
    }

    public void unlock(SimTask t) {
        if (!t.simulated()) return;                   // an OfflineTask takes no simulated lock
        if (owner != t) throw new IllegalStateException("spinlock " + name + " released by " + t.name() + ", owner " + owner);
        t.sync();
        SimTask next = waiters.pollFirst();
        owner = next;
        if (next != null) sim.wake(next);
        t.preemptCount--;
    }
}
