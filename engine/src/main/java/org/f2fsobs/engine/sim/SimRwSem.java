package org.f2fsobs.engine.sim;

import java.util.ArrayDeque;

/**
 * A reader-writer semaphore (kernel {@code struct rw_semaphore}): FIFO wait queue; a waiting writer stops new
 * readers from jumping ahead; on release the head writer, or the run of readers at the head, is woken.
 */
public final class SimRwSem {
    private record Waiter(SimTask task, boolean write) {}

    private final Simulation sim;
    private final String name;
    private final LockStats stats;
    private final int account;
    private final long acquirePs;
    private final ArrayDeque<Waiter> waiters = new ArrayDeque<>();
    private int readers;
    private SimTask writer;

    public SimRwSem(Simulation sim, String name, int account, long acquirePs) {
        this.sim = sim;
        this.name = name;
        this.stats = sim.newLockStats(name);
        this.account = account;
        this.acquirePs = acquirePs;
    }

    public String name() { return name; }
    public LockStats stats() { return stats; }
    public SimTask writer() { return writer; }
    public int readers() { return readers; }

    public void downRead(SimTask t) {
        if (!t.simulated()) return;                   // an OfflineTask takes no simulated lock
        t.sync();
        stats.acquisitions++;
        if (writer == null && waiters.isEmpty()) {
            readers++;
        } else {
            wait(t, false);   // the waker counted us in
        }
        t.cpuPs(account, acquirePs);
    }

    /** down_read_trylock */
    public boolean tryDownRead(SimTask t) {
        if (!t.simulated()) return true;              // an OfflineTask takes no simulated lock
        t.sync();
        if (writer != null || !waiters.isEmpty()) return false;
        stats.acquisitions++;
        readers++;
        t.cpuPs(account, acquirePs);
        return true;
    }

    public void upRead(SimTask t) {
        if (!t.simulated()) return;                   // an OfflineTask takes no simulated lock
        t.sync();
        if (readers <= 0) throw new IllegalStateException("rwsem " + name + ": up_read without readers");
        readers--;
        if (readers == 0) wakeNext();
    }

    public void downWrite(SimTask t) {
        if (!t.simulated()) return;                   // an OfflineTask takes no simulated lock
        t.sync();
        stats.acquisitions++;
        if (writer == null && readers == 0 && waiters.isEmpty()) {
            writer = t;
        } else {
            if (writer == t) throw new IllegalStateException("rwsem " + name + " write-locked twice by " + t.name());
            wait(t, true);
        }
        t.cpuPs(account, acquirePs);
    }

    /** down_write_trylock */
    public boolean tryDownWrite(SimTask t) {
        if (!t.simulated()) return true;              // an OfflineTask takes no simulated lock
        t.sync();
        if (writer != null || readers > 0 || !waiters.isEmpty()) return false;
        stats.acquisitions++;
        writer = t;
        t.cpuPs(account, acquirePs);
        return true;
    }

    public void upWrite(SimTask t) {
        if (!t.simulated()) return;                   // an OfflineTask takes no simulated lock
        if (writer != t) throw new IllegalStateException("rwsem " + name + " released by " + t.name() + ", writer " + writer);
        t.sync();
        writer = null;
        wakeNext();
    }

    private void wait(SimTask t, boolean write) {
        stats.contended++;
        waiters.addLast(new Waiter(t, write));
        long start = sim.nowNs();
        t.blockSynced(this);
        stats.addWait(sim.nowNs() - start);
    }

    private void wakeNext() {
        Waiter head = waiters.peekFirst();
        if (head == null) return;
        if (head.write) {
            if (readers == 0) {
                waiters.pollFirst();
                writer = head.task;
                sim.wake(head.task);
            }
            return;
        }
        while (!waiters.isEmpty() && !waiters.peekFirst().write) {
            Waiter r = waiters.pollFirst();
            readers++;
            sim.wake(r.task);
        }
    }
}
