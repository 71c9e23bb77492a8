package org.f2fsobs.engine.sim;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * A discrete-event simulation of a multi-CPU machine running simulated tasks.
 *
 * <p><b>Time.</b> {@link SimClock} holds integer nanoseconds and jumps to the next event; ties are broken
 * FIFO by a sequence number (FoundationDB {@code getFIFOPriority}), never by heap order.
 *
 * <p><b>Tasks.</b> Each {@link SimTask} is code that reads sequentially ({@code cpu}, {@code lock}, wait on a bio,
 * {@code sleep}) and runs on its own virtual thread. Only one thread of a simulation runs at any moment: the
 * holder of the <em>baton</em>. Whoever holds it pops the next event; a callback runs inline, a task resume passes
 * the baton to that task's thread. So a run is deterministic whatever the JVM's carrier count, and several
 * simulations may run side by side in one JVM.
 *
 * <p><b>Private time.</b> A running task accumulates CPU charges in its own clock ({@link SimTask#nowNs()}) and
 * only synchronises with the global clock at locks, I/O, sleeps and at least every {@link SimOptions#syncQuantumNs()}.
 * Synchronising is free when no other event is due earlier; otherwise the task schedules its own resume at its
 * private time and lets the earlier events run first.
 *
 * <p><b>CPUs.</b> A task holds one of {@link SimOptions#cpus()} CPUs from the moment it is resumed until it blocks;
 * tasks that become runnable while every CPU is taken wait FIFO in a run queue, and a task that ran longer than a
 * slice yields at its next sync point when others wait.
 */
public final class Simulation {
    private static final Object DRIVER = new Object() {
        @Override public String toString() { return "driver"; }
    };

    private final SimOptions options;
    private final SimClock clock = new SimClock();
    private final PriorityQueue<Event> queue = new PriorityQueue<>();
    private final Digest digest = new Digest();
    private final Prng schedPrng;
    private final Prng prng;
    private final Accounting accounting = new Accounting();
    private final List<SimTask> tasks = new ArrayList<>();
    private final List<LockStats> locks = new ArrayList<>();
    private final ArrayDeque<SimTask> runqueue = new ArrayDeque<>();
    private final int switchAccount;
    private long seq;
    private long events;
    private int freeCpus;
    private final java.util.BitSet freeCpuIds = new java.util.BitSet();
    private int liveNonDaemon;
    private volatile Object baton = DRIVER;
    private Thread driverThread;
    private Throwable failure;
    private volatile boolean aborted;
    private boolean running;
    private boolean ended;
    private long busyPs;

    public Simulation(long seed, SimOptions options) {
        this.options = options;
        Prng root = new Prng(seed);
        this.schedPrng = root.fork();
        this.prng = root.fork();
        this.freeCpus = options.cpus();
        this.freeCpuIds.set(0, options.cpus());
        this.switchAccount = accounting.register("context_switch");
        digest.mix(seed);
    }

    public SimOptions options() { return options; }
    public SimClock clock() { return clock; }
    public long nowNs() { return clock.nowNs(); }
    public Digest digest() { return digest; }
    public Accounting accounting() { return accounting; }
    public long events() { return events; }

    /** The root stream for components; fork it once per component at construction time. */
    public Prng prng() { return prng; }

    /** Locks created in this simulation, in creation order. */
    public List<LockStats> lockStats() { return List.copyOf(locks); }

    /** Zeroes every lock's statistics (between preparation and the measured command). */
    public void resetLockStats() {
        for (LockStats l : locks) l.reset();
    }

    LockStats newLockStats(String name) {
        LockStats s = new LockStats(name);
        locks.add(s);
        return s;
    }

    /** Total CPU time charged by tasks (all CPUs), in picoseconds. */
    public long busyPs() { return busyPs; }

    // ---------------------------------------------------------------- tasks

    /**
     * Creates a task that becomes runnable now (at the caller's private time when called from a task).
     * Daemon tasks (kernel threads) do not keep the run alive: {@link #run()} ends when every non-daemon task has
     * finished, and daemons still blocked are then unwound.
     */
    public SimTask spawn(String name, boolean daemon, Consumer<SimTask> body) {
        checkAlive();
        SimTask caller = currentTask();
        if (caller != null) caller.sync();
        SimTask t = new SimTask(this, tasks.size(), name, daemon, body);
        tasks.add(t);
        if (!daemon) liveNonDaemon++;
        digest.mix(0x5A5A);
        digest.mix(t.id);
        wake(t);
        return t;
    }

    public SimTask spawn(String name, Consumer<SimTask> body) {
        return spawn(name, false, body);
    }

    /** The task whose code is running on this thread, or null (driver, callbacks at top level). */
    public SimTask currentTask() {
        Object b = baton;
        return b instanceof SimTask t && t.thread == Thread.currentThread() ? t : null;
    }

    /** Schedules a callback (device completion, timer) to run inside the event loop at {@code atNs}. */
    public void schedule(long atNs, Runnable callback) {
        checkAlive();
        if (atNs < clock.nowNs()) throw new IllegalArgumentException("event in the past: " + atNs + " < " + clock.nowNs());
        queue.add(new Event(atNs, seq++, null, callback));
    }

    /**
     * Makes a blocked task runnable at the current time: it takes a free CPU (resuming after the context-switch cost
     * and any declared wake-up jitter) or waits in the run queue.
     */
    public void wake(SimTask t) {
        if (t.preparingToBlock && (t.state == SimTask.State.RUNNING || t.state == SimTask.State.RUNNABLE)) {
            t.wokenBeforeSleep = true;          // woken between joining a wait queue and sleeping: it will not sleep
            return;
        }
        if (t.state != SimTask.State.BLOCKED && t.state != SimTask.State.NEW) {
            throw new IllegalStateException("task " + t.name + " woken while " + t.state);
        }
        t.state = SimTask.State.RUNNABLE;
        t.waitingOn = null;
        if (t.keepsCpu) {                       // a spinning waiter never left its CPU
            t.keepsCpu = false;
            scheduleResume(t, clock.nowNs());
            return;
        }
        if (freeCpus > 0) {
            freeCpus--;
            int cpu = freeCpuIds.nextSetBit(0);     // lowest free CPU: deterministic placement
            freeCpuIds.clear(cpu);
            t.cpuId = cpu;
            dispatch(t, clock.nowNs());
        } else {
            runqueue.addLast(t);
        }
    }

    private void dispatch(SimTask t, long atNs) {
        long delay = options.contextSwitchNs();
        if (options.wakeJitterMeanNs() > 0) delay += schedPrng.exponentialNs(options.wakeJitterMeanNs());
        t.onCpu = true;
        if (options.contextSwitchNs() > 0) {
            long ps = options.contextSwitchNs() * 1000;
            accounting.add(switchAccount, ps);
            busyPs += ps;
        }
        scheduleResume(t, atNs + delay);
    }

    private void scheduleResume(SimTask t, long atNs) {
        queue.add(new Event(atNs, seq++, t, null));
    }

    /** The task gives up its CPU (blocking or yielding); the first task in the run queue gets it. */
    void releaseCpu(SimTask t) {
        if (!t.onCpu) return;
        t.onCpu = false;
        SimTask next = runqueue.pollFirst();
        if (next != null) {
            next.cpuId = t.cpuId;
            dispatch(next, clock.nowNs());
        } else {
            freeCpus++;
            freeCpuIds.set(t.cpuId);
        }
    }

    boolean othersWaitForCpu() {
        return !runqueue.isEmpty();
    }

    /** Yield at a sync point after a full slice: go to the back of the run queue. */
    void preempt(SimTask t) {
        t.state = SimTask.State.RUNNABLE;
        t.onCpu = false;
        runqueue.addLast(t);
        SimTask next = runqueue.pollFirst();              // never t: others were waiting ahead of it
        next.cpuId = t.cpuId;
        dispatch(next, clock.nowNs());
        runLoop(t, false);
        t.sliceStartNs = t.localNs;
    }

    void chargeCpu(int account, long ps) {
        accounting.add(account, ps);
        busyPs += ps;
    }

    // ---------------------------------------------------------------- synchronising private time

    /** Brings the global clock to the task's private time, letting every earlier event run first. */
    void syncTo(SimTask t) {
        checkAlive();
        Event head = queue.peek();
        if (head == null || head.atNs > t.localNs) {
            if (t.localNs > options.maxVirtualNs()) {
                throw new IllegalStateException("virtual time limit of " + options.maxVirtualNs() + " ns exceeded; blocked: " + blockedTasks());
            }
            clock.advanceTo(t.localNs);
            return;
        }
        scheduleResume(t, t.localNs);
        runLoop(t, false);
    }

    private final List<java.util.function.Consumer<SimTask>> blockHooks = new ArrayList<>();

    /**
     * Registers work to do whenever a task is about to sleep (not spin): e.g. the block layer flushes the task's
     * plug, as schedule() does with blk_flush_plug.
     */
    public void addBlockHook(java.util.function.Consumer<SimTask> hook) {
        blockHooks.add(hook);
    }

    /** Blocks the task until someone {@link #wake}s it; the task must be synchronised. */
    void block(SimTask t, Object waitingOn, boolean keepCpu) {
        checkAlive();
        if (!keepCpu) {
            // schedule() flushes the plug after the caller joined its wait queue (prepare_to_wait): what the flush
            // completes or frees may wake this task already, and then it does not sleep (the wake-up is not lost)
            t.preparingToBlock = true;           // set already by SimTask.block before its sync
            try {
                for (int i = 0; i < blockHooks.size(); i++) blockHooks.get(i).accept(t);
            } finally {
                t.preparingToBlock = false;
            }
            if (t.wokenBeforeSleep) {
                t.wokenBeforeSleep = false;
                return;
            }
        }
        t.state = SimTask.State.BLOCKED;
        t.waitingOn = waitingOn;
        t.keepsCpu = keepCpu;
        if (!keepCpu) releaseCpu(t);
        runLoop(t, false);
        if (!keepCpu) t.sliceStartNs = t.localNs;
    }

    // ---------------------------------------------------------------- the loop and the baton

    /**
     * Runs the simulation until every non-daemon task has finished. Throws {@link SimFailure} when a task or callback
     * failed and {@link SimDeadlockException} when tasks remain blocked with nothing left to happen.
     */
    public void run() {
        if (running) throw new IllegalStateException("run() called twice");
        running = true;
        driverThread = Thread.currentThread();
        baton = DRIVER;
        runLoop(DRIVER, false);
        ended = true;
        try {
            if (failure != null) {
                if (failure instanceof SimDeadlockException d) throw d;
                if (failure instanceof SimFailure f) throw f;
                throw new SimFailure("simulation failed at t=" + clock.nowNs() + "ns", failure);
            }
            if (liveNonDaemon > 0) {
                throw new SimDeadlockException("deadlock at t=" + clock.nowNs() + "ns, no event left", blockedTasks());
            }
        } finally {
            unwindAll();
        }
    }

    List<String> blockedTasksWith(String extra) {
        List<String> out = new ArrayList<>();
        out.add(extra);
        out.addAll(blockedTasks());
        return out;
    }

    List<String> blockedTasks() {
        List<String> out = new ArrayList<>();
        for (SimTask t : tasks) {
            if (t.state == SimTask.State.BLOCKED) out.add(t.describeWait());
        }
        return out;
    }

    /**
     * Pops events until {@code me}'s own resume comes up (then returns), or passes the baton to another
     * participant. {@code exiting}: the caller's thread ends after handing the baton on.
     */
    private void runLoop(Object me, boolean exiting) {
        while (true) {
            if (failure != null || liveNonDaemon == 0 && !tasks.isEmpty()) {
                passTo(me, DRIVER, exiting);
                return;
            }
            Event e = queue.poll();
            if (e == null) {
                passTo(me, DRIVER, exiting);
                return;
            }
            clock.advanceTo(e.atNs);
            events++;
            digest.mix(e.atNs);
            if (e.task == null) {
                digest.mix(-1);
                try {
                    e.callback.run();
                } catch (SimAbortedError a) {
                    throw a;
                } catch (Throwable ex) {
                    if (failure == null) failure = ex;
                }
                continue;
            }
            SimTask x = e.task;
            digest.mix(x.id);
            x.state = SimTask.State.RUNNING;
            if (e.atNs > x.localNs) x.localNs = e.atNs;
            x.pendingPs = 0;
            x.lastSyncNs = x.localNs;
            if (x == me) return;
            passTo(me, x, exiting);
            return;
        }
    }

    private void passTo(Object me, Object next, boolean exiting) {
        if (next == me) return;
        baton = next;
        if (next == DRIVER) {
            LockSupport.unpark(driverThread);
        } else {
            SimTask t = (SimTask) next;
            if (t.thread == null) t.start();
            else LockSupport.unpark(t.thread);
        }
        if (!exiting) awaitBaton(me);
    }

    void awaitBaton(Object me) {
        while (baton != me) LockSupport.park(this);
        if (aborted && me != DRIVER) throw new SimAbortedError();
    }

    /** Called by a task's thread when its body returns or throws. */
    void finish(SimTask t, Throwable thrown) {
        if (thrown != null && failure == null) {
            failure = thrown instanceof SimDeadlockException ? thrown
                    : new SimFailure("task " + t.name + " at t=" + t.localNs + "ns", thrown);
        }
        t.state = SimTask.State.DONE;
        if (!t.daemon) liveNonDaemon--;
        digest.mix(0xD0DE);
        digest.mix(t.id);
        releaseCpu(t);
        runLoop(t, true);
    }

    /**
     * Called by a task's thread that failed outside its body, while holding the baton (typically an OutOfMemoryError
     * while finishing): record the error without allocating and give the baton back, so {@link #run()} reports it
     * instead of the driver waiting forever.
     */
    void abandon(SimTask t, Throwable e) {
        if (failure == null) failure = e;
        t.state = SimTask.State.DONE;
        baton = DRIVER;
        LockSupport.unpark(driverThread);
    }

    /** Called by an unwound task's thread: give the baton straight back to the driver. */
    void unwound() {
        baton = DRIVER;
        LockSupport.unpark(driverThread);
    }

    private void unwindAll() {
        aborted = true;
        for (SimTask t : tasks) {
            if (t.thread != null && t.state != SimTask.State.DONE && t.thread.isAlive()) {
                t.state = SimTask.State.DONE;
                baton = t;
                LockSupport.unpark(t.thread);
                while (baton != DRIVER) LockSupport.park(this);
            }
        }
    }

    void fail(Throwable t) {
        if (failure == null) failure = t;
    }

    void checkAlive() {
        if (aborted) throw new SimAbortedError();
        if (ended) throw new IllegalStateException("simulation has ended");
    }

    /** The tasks created so far, in creation order. */
    public List<SimTask> tasks() {
        return List.copyOf(tasks);
    }

    private static final class Event implements Comparable<Event> {
        final long atNs;
        final long seq;
        final SimTask task;
        final Runnable callback;

        Event(long atNs, long seq, SimTask task, Runnable callback) {
            this.atNs = atNs;
            this.seq = seq;
            this.task = task;
            this.callback = callback;
        }

        @Override
        public int compareTo(Event o) {
            int c = Long.compare(atNs, o.atNs);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }
}
