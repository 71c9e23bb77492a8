package org.f2fsobs.engine.sim;

import java.util.function.Consumer;

/**
 * A simulated thread of execution (a user process, an io-wq worker, a kernel thread). Its code runs on a virtual
 * thread and calls the methods below; every method must be called from the task's own code.
 *
 * <p>CPU work is charged with {@link #cpuPs}: the task's private clock advances and the account grows, with no
 * thread hand-off. Everything that touches state shared with other tasks (locks, I/O, sleeping) synchronises first.
 *
 * <p>Work that runs outside the simulated machine (mkfs.f2fs, fsck.f2fs, preparing an image, a benchmark poking a
 * structure) uses an {@link OfflineTask} instead: the same methods, no CPU charged, no lock taken, no waiting.
 */
public sealed class SimTask permits OfflineTask {
    enum State { NEW, RUNNING, RUNNABLE, BLOCKED, DONE }

    final Simulation sim;
    final int id;
    final String name;
    final boolean daemon;
    private final Consumer<SimTask> body;
    Thread thread;

    State state = State.NEW;
    Object waitingOn;
    boolean onCpu;
    /** The CPU this task runs on (valid while running; the last one it ran on otherwise). */
    int cpuId;
    boolean keepsCpu;
    /** Between prepare_to_wait and schedule(): running the block hooks, already on a wait queue. */
    boolean preparingToBlock;
    /** A wake-up that came while {@link #preparingToBlock}: the task does not sleep (the kernel's TASK_RUNNING again). */
    boolean wokenBeforeSleep;
    /** The task's private time, ns; never behind the global clock while the task runs. */
    long localNs;
    /** Sub-nanosecond remainder of CPU charges, ps. */
    long pendingPs;
    long lastSyncNs;
    long sliceStartNs;
    /** preempt_count: spinlocks held (a holder is never preempted, as spin_lock disables preemption). */
    int preemptCount;
    private long cpuPs;
    private Object[] locals = new Object[4];

    SimTask(Simulation sim, int id, String name, boolean daemon, Consumer<SimTask> body) {
        this.sim = sim;
        this.id = id;
        this.name = name;
        this.daemon = daemon;
        this.body = body;
        this.localNs = sim.nowNs();
    }

    void start() {
        thread = Thread.ofVirtual().name("sim-" + name).unstarted(this::main);
        thread.start();
    }

    private void main() {
        try {
            runBody();
        } catch (Throwable last) {
            // an error while finishing (OutOfMemoryError in the bookkeeping): never end this thread holding the baton
            sim.abandon(this, last);
        }
    }

    private void runBody() {
        try {
            sim.awaitBaton(this);
        } catch (SimAbortedError a) {
            sim.unwound();
            return;
        }
        Throwable thrown = null;
        try {
            sliceStartNs = localNs;
            body.accept(this);
            sync();
        } catch (SimAbortedError a) {
            sim.unwound();
            return;
        } catch (Throwable t) {
            thrown = t;
        }
        try {
            sim.finish(this, thrown);
        } catch (SimAbortedError a) {
            sim.unwound();
        }
    }

    /**
     * Whether this task lives in simulated time: it is charged CPU, takes the simulated locks and can wait. Only
     * {@link OfflineTask} says no; the locks of this package ask, nothing outside it does.
     */
    boolean simulated() {
        return true;
    }

    public String name() { return name; }
    public int id() { return id; }
    public boolean daemon() { return daemon; }
    public Simulation sim() { return sim; }

    /** smp_processor_id(): the simulated CPU this task is running on. */
    public int cpuId() {
        return cpuId;
    }

    /** This task's current (private) time in ns. */
    public long nowNs() {
        return localNs;
    }

    /** Total CPU time this task has been charged, ps. */
    public long cpuPs() {
        return cpuPs;
    }

    /** Charges CPU time to an account of {@link Simulation#accounting()}; no hand-off unless a sync point is due. */
    public void cpuPs(int account, long ps) {
        if (ps <= 0) return;
        sim.chargeCpu(account, ps);
        cpuPs += ps;
        long total = pendingPs + ps;
        localNs += total / 1000;
        pendingPs = total % 1000;
        if (localNs - lastSyncNs >= sim.options().syncQuantumNs()) sync();
    }

    public void cpuNs(int account, long ns) {
        cpuPs(account, ns * 1000);
    }

    /**
     * Brings the global clock to this task's time, letting earlier events (other tasks, completions) happen first;
     * yields the CPU here when the task used up its slice while others wait for one.
     */
    public void sync() {
        lastSyncNs = localNs;
        if (preemptCount == 0 && sim.othersWaitForCpu() && localNs - sliceStartNs >= sim.options().sliceNs()) {
            sim.syncTo(this);
            sim.preempt(this);
            return;
        }
        sim.syncTo(this);
    }

    /** Sleeps for {@code ns} of virtual time without holding a CPU. */
    public void sleepNs(long ns) {
        sync();
        if (ns <= 0) return;
        sim.schedule(sim.nowNs() + ns, () -> sim.wake(this));
        sim.block(this, "sleep", false);
    }

    /**
     * Blocks until another task or a callback calls {@link Simulation#wake(SimTask)}. The caller must have arranged
     * that wake-up (a lock's wait list, a completion, an I/O callback) before calling this.
     */
    public void block(Object waitingOn) {
        preparingToBlock = true;                 // on its wait queue already: earlier events that sync runs may wake it
        sync();
        sim.block(this, waitingOn, false);
    }

    /** As {@link #block} but the task keeps its CPU while it waits (a spinning waiter). */
    void blockSpinning(Object waitingOn) {
        sim.block(this, waitingOn, true);
    }

    /** Blocks on something already synchronised by the caller (locks call this after their own sync). */
    void blockSynced(Object waitingOn) {
        sim.block(this, waitingOn, false);
    }

    /** Per-task state owned by another layer (the block layer's plug, a writeback context …). */
    @SuppressWarnings("unchecked")
    public <T> T local(TaskLocal<T> key) {
        int i = key.index();
        return i < locals.length ? (T) locals[i] : null;
    }

    public <T> void setLocal(TaskLocal<T> key, T value) {
        int i = key.index();
        if (i >= locals.length) locals = java.util.Arrays.copyOf(locals, Math.max(i + 1, locals.length * 2));
        locals[i] = value;
    }

    String describeWait() {
        Object w = waitingOn;
        if (w instanceof SimMutex m) {
            SimTask o = m.owner();
            return name + " waits on mutex " + m.name() + (o == null ? "" : " (owned by " + o.name + ")");
        }
        if (w instanceof SimRwSem r) return name + " waits on rwsem " + r.name();
        if (w instanceof SimSpinlock s) return name + " spins on " + s.name();
        return name + " waits on " + w;
    }

    @Override
    public String toString() {
        return "SimTask[" + name + "#" + id + " " + state + " t=" + localNs + "]";
    }
}
