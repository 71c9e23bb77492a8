package org.f2fsobs.bench.runner;

import java.util.ArrayDeque;
import java.util.TreeMap;
import org.f2fsobs.engine.f2fs.Volume;
import org.f2fsobs.engine.sim.SimCompletion;
import org.f2fsobs.engine.sim.SimTask;

/**
 * An io-wq worker: runs punted I/Os of one inode serially (io_uring hashes buffered writes per inode) and
 * records when each completed.
 */
final class FioIoWorker {
    private final ArrayDeque<java.util.function.Consumer<SimTask>> queue = new ArrayDeque<>();
    private final TreeMap<Long, Long> completed = new TreeMap<>();
    private final SimCompletion work;
    private final SimCompletion progress;
    private final SimTask task;
    private long submitted;
    private long finished;
    private boolean stopping;
    private boolean idle = true;

    FioIoWorker(SimTask parent, Volume v, String name) {
        this.work = new SimCompletion(parent.sim(), "io-wq work");
        this.progress = new SimCompletion(parent.sim(), "io-wq done");
        this.task = parent.sim().spawn("iou-wrk " + name, this::loop);
    }

    long submitted() {
        return submitted;
    }

    void submit(java.util.function.Consumer<SimTask> io) {
        queue.addLast(io);
        submitted++;
        if (idle) {
            idle = false;
            work.complete();
        }
    }

    private void loop(SimTask t) {
        while (true) {
            work.await(t);
            java.util.function.Consumer<SimTask> io;
            while ((io = queue.pollFirst()) != null) {
                io.accept(t);
                completed.put(finished++, t.nowNs());
                // a count, not completeAll/reinit: awaitCompletion's check and its sleep are not atomic (await
                // synchronises the clock first, and this worker may finish the I/O then), so the wake-up is kept
                if (!progress.isDone()) progress.complete();
            }
            idle = true;
            if (stopping) return;
        }
    }

    long awaitCompletion(SimTask t, long ioIndexInOrder) {
        return awaitCompletion(t, ioIndexInOrder, 0, 0);
    }

    /**
     * Waits for I/O {@code ioIndexInOrder} of this worker; with {@code pollNs} > 0 (io_uring IOPOLL, hipri) the caller
     * spins on the CPU in steps of that many ns instead of sleeping until the completion wakes it.
     */
    long awaitCompletion(SimTask t, long ioIndexInOrder, long pollNs, int pollAccount) {
        long want = ioIndexInOrder;
        while (true) {
            t.sync();
            Long at = completed.remove(want);
            if (at != null) return at;
            if (completed.isEmpty() && finished > want) return t.nowNs();
            if (pollNs > 0) t.cpuNs(pollAccount, pollNs);
            else progress.await(t);
        }
    }

    long cpuNs() {
        return task.cpuPs() / 1000;
    }

    void stop(SimTask t) {
        stopping = true;
        if (idle) {
            idle = false;
            work.complete();
        }
    }
}
