package org.f2fsobs.engine.kernel.block;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.f2fsobs.engine.platform.DeviceSpec.CfqTunables;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.Simulation;

/**
 * The legacy CFQ elevator of 4.x kernels (block/cfq-iosched.c), reduced to what decides request concurrency and
 * merging: one sync queue per io context (task) and one shared async queue; queues grouped into the SYNC (idling),
 * SYNC_NOIDLE (seeky) and ASYNC workloads; one active queue at a time serves a time slice scaled for low latency;
 * {@code cfq_may_dispatch}'s limits (quantum/2 in flight with other busy queues, quantum early in a slice, unlimited
 * for a sole sync queue; async held back while sync I/O is in flight); idling {@code slice_idle} on a non-seeky sync
 * queue, and on the last queue of the SYNC_NOIDLE tree; on non-rotational devices a request under 16 KiB counts as
 * a seek; merges within a queue (back and front), C-SCAN order from the last position, FIFO expiry.
 *
 * <p>Departures: no cgroups or I/O priorities (everything best-effort, prio 4); workload choice is round-robin over
 * non-empty workloads with slices proportional to their busy queues (CFQ compares rb keys); slices start at the
 * first dispatch (CFQ: first completion); no preemption of the active queue by a new sync queue.
 */
final class CfqScheduler implements IoScheduler {
    private static final int SYNC_IDLE = 0, SYNC_NOIDLE = 1, ASYNC = 2;

    private final class CfqQueue {
        final SimTask owner;            // null: the shared async queue
        final boolean sync;
        final TreeMap<Long, Request> sortList = new TreeMap<>();
        final ArrayDeque<Request> fifo = new ArrayDeque<>();
        int dispatched;
        boolean onRr;
        boolean sliceNew;
        long sliceEndNs;
        int seekHistory;
        long lastPosition = -1;
        boolean idleWindow = true;
        long lastCompletionNs = -1;
        long ttimeMeanNs;
        int ttimeSamples;
        int workload = SYNC_IDLE;

        CfqQueue(SimTask owner, boolean sync) {
            this.owner = owner;
            this.sync = sync;
            if (!sync) workload = ASYNC;
        }

        boolean empty() { return fifo.isEmpty(); }
        boolean seeky() { return Integer.bitCount(seekHistory) > 32 / 8; }
    }

    private final Simulation sim;
    private final CfqTunables tun;
    private final BlockStats stats;
    private final Runnable runQueue;
    private final int maxBlocks;
    private final Map<SimTask, CfqQueue> syncQueues = new LinkedHashMap<>();   // insertion-ordered: deterministic
    private final CfqQueue asyncQueue = new CfqQueue(null, false);
    @SuppressWarnings("unchecked")
    private final ArrayDeque<CfqQueue>[] rr = new ArrayDeque[] {new ArrayDeque<>(), new ArrayDeque<>(), new ArrayDeque<>()};
    private final long[] wlLastServedNs = new long[3];
    private int servingWl = -1;
    private long wlSliceEndNs;
    private CfqQueue active;
    private boolean idling;
    private long idleGeneration;
    private int inFlightSync;
    private int inFlightAsync;
    private long lastDelayedSyncNs;
    private int queued;

    CfqScheduler(Simulation sim, CfqTunables tun, BlockStats stats, Runnable runQueue, int maxBlocks) {
        this.maxBlocks = maxBlocks;
        this.sim = sim;
        this.tun = tun;
        this.stats = stats;
        this.runQueue = runQueue;
    }

    @Override
    public String name() {
        return "cfq";
    }

    private CfqQueue queueOf(SimTask owner, boolean sync) {
        if (!sync) return asyncQueue;
        return syncQueues.computeIfAbsent(owner, o -> new CfqQueue(o, true));
    }

    private static boolean isSync(ReqOp op, int flags) {
        return op == ReqOp.READ || (flags & Bio.REQ_SYNC) != 0;
    }

    @Override
    public boolean tryMerge(Bio bio, int start, int count, int maxBlocks) {
        if (bio.op() == ReqOp.FLUSH || (bio.flags() & Bio.NOMERGE) != 0) return false;
        CfqQueue q = queueOf(bio.submitter(), isSync(bio.op(), bio.flags()));
        long first = bio.blkaddr() + start;
        Map.Entry<Long, Request> before = q.sortList.lowerEntry(first);
        if (before != null && before.getValue().backMerge(bio, start, count, maxBlocks)) {
            stats.merged(bio.op());
            return true;
        }
        Request after = q.sortList.get(first + count);
        if (after != null && after.frontMerge(bio, start, count, maxBlocks)) {
            q.sortList.remove(first + count, after);
            q.sortList.putIfAbsent(after.blkaddr, after);
            stats.merged(bio.op());
            return true;
        }
        return false;
    }

    @Override
    public boolean insert(Request rq) {
        long now = sim.nowNs();
        if (rq.op == ReqOp.FLUSH) {
            // flushes bypass the elevator (blk_insert_flush): serve them through the async-independent path
            CfqQueue q = queueOf(rq.owner, true);
            addRequest(q, rq, now);
            return false;
        }
        CfqQueue q = queueOf(rq.owner, rq.sync());
        if (q.sync) {
            updateThinkTime(q, now);
            updateSeekHistory(q, rq);
            updateIdleWindow(q);
        }
        // elevator request merge with a neighbour already queued (attempt_back_merge)
        Map.Entry<Long, Request> before = q.sortList.lowerEntry(rq.blkaddr);
        if (before != null && before.getValue().absorb(rq, maxBlocks)) {
            stats.merged(rq.op);
            return true;
        }
        addRequest(q, rq, now);
        return false;
    }

    private void addRequest(CfqQueue q, Request rq, long now) {
        rq.schedData = now + (q.sync ? tun.fifoExpireSyncNs() : tun.fifoExpireAsyncNs());
        q.sortList.putIfAbsent(rq.blkaddr, rq);     // a second request with the same start stays in the FIFO only
        q.fifo.addLast(rq);
        queued++;
        if (!q.onRr && q != active) {
            q.onRr = true;
            rr[q.workload].addLast(q);
        }
        if (q == active && idling) {
            idling = false;            // the request we idled for arrived
            idleGeneration++;
        }
    }

    private void updateThinkTime(CfqQueue q, long now) {
        if (q.lastCompletionNs < 0) return;
        long ttime = Math.max(0, now - q.lastCompletionNs);
        q.ttimeMeanNs = q.ttimeSamples == 0 ? ttime : (7 * q.ttimeMeanNs + ttime) / 8;
        q.ttimeSamples++;
    }

    /** cfq_update_io_seektime, non-rotational: a request under 32 sectors counts as a seek. */
    private void updateSeekHistory(CfqQueue q, Request rq) {
        boolean seek = rq.nrBlocks * 8 < 32;
        q.seekHistory = (q.seekHistory << 1) | (seek ? 1 : 0);
        q.lastPosition = rq.endBlkaddr();
    }

    /** cfq_update_idle_window: seeky queues on a queueing device, and slow thinkers, do not idle. */
    private void updateIdleWindow(CfqQueue q) {
        boolean enable = q.idleWindow;
        if (q.seeky()) enable = false;
        else if (q.ttimeSamples > 0) enable = q.ttimeMeanNs <= tun.sliceIdleNs();
        else enable = true;
        if (enable != q.idleWindow) {
            q.idleWindow = enable;
            int wl = enable ? SYNC_IDLE : SYNC_NOIDLE;
            if (q.onRr && q != active) {
                rr[q.workload].remove(q);
                rr[wl].addLast(q);
            }
            q.workload = wl;
        }
    }

    private boolean shouldIdle(CfqQueue q) {
        if (!q.sync || tun.sliceIdleNs() == 0) return false;
        if (q.idleWindow) return true;
        // idle on the last queue of the sync-noidle tree (protects sync-noidle from async writers)
        return q.workload == SYNC_NOIDLE && rr[SYNC_NOIDLE].isEmpty();
    }

    private long scaledSlice(CfqQueue q) {
        long slice = q.sync ? tun.sliceSyncNs() : tun.sliceAsyncNs();
        int busy = rr[SYNC_IDLE].size() + rr[SYNC_NOIDLE].size() + (q.onRr ? 0 : 1);
        long expect = slice * Math.max(1, busy);
        if (expect > tun.targetLatencyNs()) {
            long low = Math.min(slice, 2 * tun.sliceIdleNs());
            slice = Math.max(slice * tun.targetLatencyNs() / expect, low);
        }
        return slice;
    }

    private boolean sliceUsed(CfqQueue q, long now) {
        return !q.sliceNew && now >= q.sliceEndNs;
    }

    private void expire(CfqQueue q) {
        if (idling) {
            idling = false;
            idleGeneration++;
        }
        active = null;
        if (!q.empty() && !q.onRr) {
            q.onRr = true;
            rr[q.workload].addLast(q);
        }
    }

    private int busyQueues() {
        return rr[0].size() + rr[1].size() + rr[2].size() + (active != null ? 1 : 0);
    }

    private int busySyncQueues() {
        int n = rr[SYNC_IDLE].size() + rr[SYNC_NOIDLE].size();
        if (active != null && active.sync && !active.empty()) n++;
        return n;
    }

    private CfqQueue selectQueue(long now) {
        if (active != null) {
            if (sliceUsed(active, now)) {
                expire(active);
            } else if (!active.empty()) {
                return active;
            } else if (idling) {
                return null;
            } else if (active.dispatched > 0 && shouldIdle(active)) {
                return null;                  // wait for our requests, then idle (see completed)
            } else if (shouldIdle(active) && active.dispatched == 0) {
                armIdle(active, now);
                return null;
            } else {
                expire(active);
            }
        }
        CfqQueue next = nextQueue(now);
        if (next == null) return null;
        active = next;
        next.sliceNew = true;
        return next;
    }

    private CfqQueue nextQueue(long now) {
        if (servingWl < 0 || rr[servingWl].isEmpty() || now >= wlSliceEndNs) chooseWorkload(now);
        if (servingWl < 0) return null;
        CfqQueue q = rr[servingWl].pollFirst();
        q.onRr = false;
        if (q.empty()) throw new IllegalStateException("cfq: empty queue on a service tree");
        return q;
    }

    private void chooseWorkload(long now) {
        int best = -1;
        for (int wl = 0; wl < 3; wl++) {
            if (rr[wl].isEmpty()) continue;
            if (best < 0 || wlLastServedNs[wl] < wlLastServedNs[best]) best = wl;
        }
        // sync before async while sync I/O waits (CFQ serves async only in its share of the target latency)
        if (best == ASYNC && (!rr[SYNC_IDLE].isEmpty() || !rr[SYNC_NOIDLE].isEmpty())
                && now - wlLastServedNs[ASYNC] < tun.targetLatencyNs()) {
            best = !rr[SYNC_IDLE].isEmpty() ? SYNC_IDLE : SYNC_NOIDLE;
        }
        servingWl = best;
        if (best < 0) return;
        wlLastServedNs[best] = now;
        int total = rr[0].size() + rr[1].size() + rr[2].size();
        long slice = tun.targetLatencyNs() * rr[best].size() / Math.max(1, total);
        if (best == ASYNC) slice = slice * tun.sliceAsyncNs() / tun.sliceSyncNs();
        wlSliceEndNs = now + Math.max(slice, 2 * tun.sliceIdleNs());
    }

    private void armIdle(CfqQueue q, long now) {
        idling = true;
        long gen = ++idleGeneration;
        sim.schedule(now + tun.sliceIdleNs(), () -> {
            if (idling && idleGeneration == gen && active == q) {
                expire(q);
                runQueue.run();
            }
        });
    }

    /** cfq_may_dispatch */
    private boolean mayDispatch(CfqQueue q, long now) {
        if (shouldIdle(q) && inFlightAsync > 0) return false;     // drain async before sync I/O
        if (inFlightSync > 0 && !q.sync) return false;            // async waits while sync is in flight
        int maxDispatch = Math.max(tun.quantum() / 2, 1);
        if (q.dispatched >= maxDispatch) {
            boolean promoteSync = q.sync && busySyncQueues() == 1;
            boolean usedSoon = q.sliceNew || now + tun.sliceIdleNs() * q.dispatched > q.sliceEndNs;
            if (busyQueues() > 1 && usedSoon && !promoteSync) return false;
            maxDispatch = (busyQueues() == 1 || promoteSync) ? Integer.MAX_VALUE : tun.quantum();
        }
        if (!q.sync) {
            long lastSync = now - lastDelayedSyncNs;
            long depth = lastSync / Math.max(1, tun.sliceSyncNs());
            if (depth == 0 && q.dispatched == 0) depth = 1;
            if (depth < maxDispatch) maxDispatch = (int) Math.max(0, depth);
        }
        return q.dispatched < maxDispatch;
    }

    @Override
    public Request dispatch(int inFlight) {
        long now = sim.nowNs();
        CfqQueue q = selectQueue(now);
        if (q == null || !mayDispatch(q, now)) return null;
        Request rq = chooseRequest(q, now);
        q.sortList.remove(rq.blkaddr, rq);
        q.fifo.remove(rq);
        queued--;
        q.dispatched++;
        if (rq.sync()) inFlightSync++;
        else inFlightAsync++;
        if (q.sliceNew) {
            q.sliceNew = false;
            q.sliceEndNs = now + scaledSlice(q);
        }
        rq.schedData = q;
        return rq;
    }

    private Request chooseRequest(CfqQueue q, long now) {
        Request head = q.fifo.peekFirst();
        if (head != null && head.schedData instanceof Long deadline && deadline <= now) return head;
        if (q.sortList.isEmpty()) return head;
        Map.Entry<Long, Request> e = q.lastPosition >= 0 ? q.sortList.ceilingEntry(q.lastPosition) : null;
        return e != null ? e.getValue() : q.sortList.firstEntry().getValue();
    }

    @Override
    public void completed(Request rq) {
        long now = sim.nowNs();
        CfqQueue q = (CfqQueue) rq.schedData;
        q.dispatched--;
        q.lastCompletionNs = now;
        if (rq.sync()) {
            inFlightSync--;
            lastDelayedSyncNs = now;
        } else {
            inFlightAsync--;
        }
        if (q == active && q.empty() && q.dispatched == 0 && !idling) {
            if (shouldIdle(q) && !sliceUsed(q, now)) armIdle(q, now);
            else expire(q);
        }
    }

    @Override
    public boolean isEmpty() {
        return queued == 0;
    }

    /** Queues currently busy, for tests. */
    List<String> describe() {
        List<String> out = new ArrayList<>();
        for (int wl = 0; wl < 3; wl++) for (CfqQueue q : rr[wl]) out.add(wl + ":" + (q.owner == null ? "async" : q.owner.name()));
        return out;
    }
}
