package org.f2fsobs.engine.kernel.block;

import java.util.ArrayDeque;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.Simulation;
import org.f2fsobs.engine.sim.TaskLocal;

/**
 * Mirrors {@code struct request_list} of the legacy request path (block/blk-core.c, 4.x): requests allocated per
 * direction (sync = reads and REQ_SYNC/FUA/PREFLUSH writes, async = the rest) against {@code q->nr_requests}. An
 * allocation that would fill the list marks it full and makes the allocating task a "batcher"; while the list is
 * full, other tasks sleep in {@code get_request} (an exclusive wait, one woken per freed request) and become batchers
 * when woken; a batcher may allocate {@code BLK_BATCH_REQ} more within {@code BLK_BATCH_TIME}, never beyond
 * 3/2 × nr_requests. Requests are freed when they complete or are merged into another.
 *
 * <p>Because requests stay allocated until the device completes them, this is what bounds the pages a writeback
 * thread can have in flight: the flusher sleeps here once nr_requests async writes are queued (4.19
 * {@code __get_request}, {@code get_request}, {@code freed_request}, {@code ioc_batching}, {@code ioc_set_batching}).
 *
 * <p>Departures: no congestion bits (nothing here polls them), no {@code rl->starved} hand-over between directions,
 * no elevator veto ({@code elv_may_queue}); the io context is the task.
 */
final class RequestList {
    /** BLK_BATCH_REQ (block/blk.h) */
    static final int BLK_BATCH_REQ = 32;
    /** BLK_BATCH_TIME = HZ/50 (block/blk.h) */
    static final long BLK_BATCH_TIME_NS = 20_000_000L;

    /** The part of {@code struct io_context} the allocator uses. */
    private static final class IoContext {
        int nrBatchRequests;
        long lastWaitedNs;
    }

    private static final TaskLocal<IoContext> IOC = new TaskLocal<>("io_context");

    private final Simulation sim;
    private final int nrRequests;
    private final int[] count = new int[2];
    private final boolean[] full = new boolean[2];
    @SuppressWarnings("unchecked")
    private final ArrayDeque<SimTask>[] wait = new ArrayDeque[] {new ArrayDeque<>(), new ArrayDeque<>()};
    private long sleeps;

    RequestList(Simulation sim, int nrRequests) {
        this.sim = sim;
        this.nrRequests = nrRequests;
    }

    /** Whether allocation is limited at all (profiles of the legacy request path set nr_requests). */
    boolean limited() {
        return nrRequests > 0;
    }

    int count(boolean sync) { return count[sync ? 1 : 0]; }
    /** Times a task slept in get_request because its direction was full. */
    long sleeps() { return sleeps; }

    private static IoContext ioc(SimTask t) {
        IoContext c = t.local(IOC);
        if (c == null) {
            c = new IoContext();
            t.setLocal(IOC, c);
        }
        return c;
    }

    /** ioc_batching */
    private boolean batching(IoContext c) {
        return c.nrBatchRequests == BLK_BATCH_REQ
                || (c.nrBatchRequests > 0 && sim.nowNs() < c.lastWaitedNs + BLK_BATCH_TIME_NS);
    }

    /** ioc_set_batching */
    private void setBatching(IoContext c) {
        if (batching(c)) return;
        c.nrBatchRequests = BLK_BATCH_REQ;
        c.lastWaitedNs = sim.nowNs();
    }

    /** get_request: allocates one request of the direction, sleeping while the list does not allow it. */
    void getRequest(SimTask t, boolean sync) {
        if (nrRequests == 0) return;
        int s = sync ? 1 : 0;
        IoContext c = ioc(t);
        while (!tryGetRequest(c, s)) {
            sleeps++;
            wait[s].addLast(t);
            t.block(this);                       // io_schedule(): the block hook flushes the task's plug first
            setBatching(c);                      // after sleeping we become a batcher
        }
    }

    /** __get_request */
    private boolean tryGetRequest(IoContext c, int s) {
        if (count[s] + 1 >= nrRequests) {
            if (!full[s]) {
                setBatching(c);
                full[s] = true;
            } else if (!batching(c)) {
                return false;                    // the list is full and we are not a batcher
            }
        }
        if (count[s] >= 3 * nrRequests / 2) return false;
        count[s]++;
        if (batching(c)) c.nrBatchRequests--;
        return true;
    }

    /** freed_request: completion or merge gave a request back; one sleeper of that direction may retry. */
    void freedRequest(boolean sync) {
        if (nrRequests == 0) return;
        int s = sync ? 1 : 0;
        if (count[s] <= 0) throw new IllegalStateException("request_list: freeing more requests than allocated");
        count[s]--;
        if (count[s] + 1 <= nrRequests) {
            SimTask w = wait[s].pollFirst();
            if (w != null) sim.wake(w);
            full[s] = false;
        }
    }

    @Override
    public String toString() {
        return "request_list[sync=" + count[1] + " async=" + count[0] + " of " + nrRequests + "]";
    }
}
