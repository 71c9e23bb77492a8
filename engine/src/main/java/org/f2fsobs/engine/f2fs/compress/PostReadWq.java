package org.f2fsobs.engine.f2fs.compress;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.f2fsobs.engine.sim.SimCompletion;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.Simulation;

/**
 * Simulated kernel threads that run work queued from bio completion (an event-loop callback, which has no task and
 * may not block), so that the work's CPU time is charged and competes for the CPUs.
 *
 * <ul>
 * <li>{@link #unbound}: a workqueue such as {@code f2fs_post_read_wq} ({@code alloc_workqueue(WQ_UNBOUND |
 * WQ_HIGHPRI, num_online_cpus())}): one FIFO of work items, up to {@code maxActive} kworkers run them at once; an
 * idle kworker is woken for new work (busy ones take more work when they finish).</li>
 * <li>{@link #perCpu}: a stand-in for softirq completion context (6.14 decompresses in {@code f2fs_read_end_io}): one
 * queue and one thread per CPU, the work going to the queue of the CPU that submitted the bio (blk-mq completes on
 * the submitting CPU). Departure: a softirq preempts whatever runs on its CPU; here the thread waits for a free CPU
 * like any task (and pays a context switch).</li>
 * </ul>
 * Threads are daemons created by {@link #start} from a task; each work item runs to completion on one thread.
 */
final class PostReadWq {
    private final Simulation sim;
    private final String name;
    private final int maxActive;
    private final Pool[] pools;
    private boolean started;

    private final class Pool {
        final int id;
        final ArrayDeque<Consumer<SimTask>> work = new ArrayDeque<>();
        final ArrayDeque<Worker> idle = new ArrayDeque<>();
        final List<Worker> workers = new ArrayList<>();

        Pool(int id) {
            this.id = id;
        }
    }

    private final class Worker {
        final Pool pool;
        final SimCompletion kick;

        Worker(Pool pool, int n) {
            this.pool = pool;
            this.kick = new SimCompletion(sim, name + " kick " + n);
        }

        void run(SimTask t) {
            while (true) {
                Consumer<SimTask> item = pool.work.pollFirst();
                if (item == null) {
                    pool.idle.addLast(this);
                    kick.await(t);
                    continue;
                }
                item.accept(t);
            }
        }
    }

    private PostReadWq(Simulation sim, String name, int nPools, int maxActive) {
        this.sim = sim;
        this.name = name;
        this.maxActive = maxActive;
        this.pools = new Pool[nPools];
        for (int i = 0; i < nPools; i++) pools[i] = new Pool(i);
    }

    /** An unbound workqueue with {@code maxActive} concurrent kworkers. */
    static PostReadWq unbound(Simulation sim, String name, int maxActive) {
        return new PostReadWq(sim, name, 1, maxActive);
    }

    /** One thread per CPU, work queued on the submitting CPU's thread. */
    static PostReadWq perCpu(Simulation sim, String name, int cpus) {
        return new PostReadWq(sim, name, cpus, 1);
    }

    /**
     * Creates the threads (all {@code maxActive} per queue) on first use; must be called from a task (a completion
     * callback cannot create tasks), e.g. by the reader before it submits the first bio that will need them.
     */
    void start(SimTask t) {
        if (started) return;
        started = true;
        for (Pool p : pools) {
            for (int i = 0; i < maxActive; i++) {
                Worker w = new Worker(p, i);
                p.workers.add(w);
                String thread = pools.length == 1 ? name + "/u" + i : name + "/" + p.id;
                sim.spawn(thread, true, w::run);
            }
        }
    }

    /** queue_work; {@code cpu} selects the per-CPU queue (ignored for an unbound queue). Safe in completion context. */
    void queueWork(int cpu, Consumer<SimTask> work) {
        if (!started) throw new IllegalStateException(name + ": work queued before its threads were started");
        Pool p = pools[pools.length == 1 ? 0 : Math.floorMod(cpu, pools.length)];
        p.work.addLast(work);
        Worker w = p.idle.pollFirst();
        if (w != null) w.kick.complete();
    }

    /** Threads created so far. */
    int threads() {
        int n = 0;
        for (Pool p : pools) n += p.workers.size();
        return n;
    }
}
