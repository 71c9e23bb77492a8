package org.f2fsobs.engine.kernel.block;

import org.f2fsobs.engine.platform.CpuOp;
import org.f2fsobs.engine.platform.DeviceSpec;
import org.f2fsobs.engine.platform.Machine;
import org.f2fsobs.engine.sim.SimCompletion;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.Simulation;
import org.f2fsobs.engine.sim.TaskLocal;
import org.f2fsobs.engine.sim.device.DeviceStore;

/**
 * The block layer between a file system and one device: submit_bio (split at max_sectors), request allocation
 * against nr_requests on the legacy path ({@link RequestList}: submitters sleep in get_request when their direction
 * is full), the per-task plug (back merges, flushed at {@code BLK_MAX_REQUEST_COUNT}, at blk_finish_plug and when the
 * task sleeps), the I/O scheduler, dispatch up to the queue depth, and completion (bio end_io in completion context).
 */
public final class RequestQueue {
    private static final TaskLocal<BlkPlug> PLUG = new TaskLocal<>("blk_plug");

    private final Machine machine;
    private final Simulation sim;
    private final DeviceSpec spec;
    private final DeviceStore store;
    private final DiskModel disk;
    private final IoScheduler scheduler;
    private final BlockStats stats = new BlockStats();
    private final int maxBlocks;
    private final int plugLimit;
    private final RequestList rl;
    private int inFlight;
    private long busySinceNs;

    public RequestQueue(Machine machine, DeviceStore store) {
        this.machine = machine;
        this.sim = machine.sim();
        this.spec = machine.profile().device();
        this.store = store;
        this.disk = new DiskModel(spec, store, sim.prng().fork());
        this.maxBlocks = spec.maxSectorsKb() / 4;
        if (spec.scheduler().equals("cfq")) {
            this.scheduler = new CfqScheduler(sim, spec.cfq(), stats, this::runQueue, maxBlocks);
            this.plugLimit = 16;     // legacy request_fn path: BLK_MAX_REQUEST_COUNT in 4.x
        } else {
            this.scheduler = new NoneScheduler(stats);
            this.plugLimit = 32;     // blk-mq: BLK_MAX_REQUEST_COUNT (6.x)
        }
        // nr_requests bounds allocated requests on the legacy request_fn path only (blk-mq tags are not modelled)
        this.rl = new RequestList(sim, spec.scheduler().equals("cfq") ? spec.nrRequests() : 0);
        sim.addBlockHook(this::flushPlugOnSchedule);
    }

    public BlockStats stats() { return stats; }
    public DeviceStore store() { return store; }
    /** The disk's content references (what a data block's bytes are): simulator bookkeeping, not I/O. */
    public org.f2fsobs.engine.sim.device.ContentRegistry registry() { return store.registry(); }
    /** The disk's write identities (which write(2) a block's content came from): simulator bookkeeping, not I/O. */
    public org.f2fsobs.engine.sim.device.WriteTags tags() { return store.tags(); }
    public IoScheduler scheduler() { return scheduler; }
    public int maxRequestBlocks() { return maxBlocks; }
    public long capacityBlocks() { return store.nrBlocks(); }
    /** Requests allocated now in one direction of the request_list (0 when nr_requests is not modelled). */
    public int allocatedRequests(boolean sync) { return rl.count(sync); }
    /** Times a submitter slept in get_request since the queue was made. */
    public long getRequestSleeps() { return rl.sleeps(); }

    // ------------------------------------------------------------------ plug

    /** blk_start_plug */
    public void startPlug(SimTask t) {
        BlkPlug p = t.local(PLUG);
        if (p == null) {
            p = new BlkPlug();
            t.setLocal(PLUG, p);
        }
        p.depth++;
    }

    /** blk_finish_plug: the outermost call sends the batched requests on. */
    public void finishPlug(SimTask t) {
        BlkPlug p = t.local(PLUG);
        if (p == null || p.depth == 0) throw new IllegalStateException("blk_finish_plug without blk_start_plug");
        if (--p.depth == 0) flushPlug(t, p);
    }

    private void flushPlugOnSchedule(SimTask t) {
        BlkPlug p = t.local(PLUG);
        if (p != null && !p.list.isEmpty()) flushPlug(t, p);
    }

    private void flushPlug(SimTask t, BlkPlug p) {
        if (p.list.isEmpty()) return;
        for (Request rq : p.list) insert(rq);
        p.list.clear();
        runQueue();
    }

    // ------------------------------------------------------------------ submission

    /** submit_bio from a task. The bio completes later through its end_io. */
    public void submit(SimTask t, Bio bio) {
        t.sync();
        if (bio.op() != ReqOp.FLUSH && bio.vcnt() == 0) throw new IllegalArgumentException("empty bio: " + bio);
        if (bio.op() != ReqOp.FLUSH && bio.lastBlkaddr() >= store.nrBlocks()) {
            throw new IllegalArgumentException("bio beyond the device: " + bio + ", capacity " + store.nrBlocks() + " blocks");
        }
        machine.cpu(t, CpuOp.BIO_SUBMIT);
        stats.bios++;
        bio.submitter = t;
        if (spec.submitInCallerContext() && bio.op() == ReqOp.WRITE) {
            machine.cpu(t, CpuOp.DEVICE_COPY_BYTE, bio.sizeBytes());   // null_blk copies in queue_rq, in our context
        }
        if (spec.submitInCallerContext() && bio.op() == ReqOp.READ) {
            machine.cpu(t, CpuOp.DEVICE_COPY_BYTE, bio.sizeBytes());
        }
        if (bio.op() == ReqOp.FLUSH) {
            bio.remaining = 1;
            machine.cpu(t, CpuOp.REQUEST);
            insert(newRequest(t, bio, 0, 0));
            runQueue();
            return;
        }
        int parts = Math.ceilDiv(bio.vcnt(), maxBlocks);
        bio.remaining = parts;
        BlkPlug plug = t.local(PLUG);
        boolean plugged = plug != null && plug.depth > 0;
        for (int start = 0; start < bio.vcnt(); start += maxBlocks) {
            int count = Math.min(maxBlocks, bio.vcnt() - start);
            if (plugged) {
                if (!plug.list.isEmpty() && plug.list.get(plug.list.size() - 1).backMerge(bio, start, count, maxBlocks)) {
                    stats.merged(bio.op());
                    continue;
                }
                Request rq = newRequest(t, bio, start, count);
                machine.cpu(t, CpuOp.REQUEST);
                plug.list.add(rq);
                if (plug.list.size() >= plugLimit) flushPlug(t, plug);
            } else {
                if (scheduler.tryMerge(bio, start, count, maxBlocks)) continue;
                Request rq = newRequest(t, bio, start, count);
                machine.cpu(t, CpuOp.REQUEST);
                insert(rq);
                runQueue();
            }
        }
    }

    /**
     * get_request: a new request takes a slot of its direction's request_list, sleeping while the list is full
     * (sleeping flushes this task's plug, as io_schedule does).
     */
    private Request newRequest(SimTask t, Bio bio, int start, int count) {
        boolean sync = Request.opIsSync(bio.op(), bio.flags());
        if (rl.limited()) rl.getRequest(t, sync);
        Request rq = new Request(bio.op(), bio.flags(), bio, start, count, t, sim.nowNs());
        rq.allocated = rl.limited();
        return rq;
    }

    /** Hands a request to the elevator; one merged into a queued request is freed (__blk_put_request). */
    private void insert(Request rq) {
        if (scheduler.insert(rq)) freeRequest(rq);
    }

    private void freeRequest(Request rq) {
        if (!rq.allocated) return;
        rq.allocated = false;
        rl.freedRequest(Request.opIsSync(rq.op, rq.flags));
    }

    /** submit_bio_wait: submits and sleeps until the bio completes. */
    public void submitAndWait(SimTask t, Bio bio) {
        SimCompletion done = new SimCompletion(sim, "bio");
        var user = bio.privateData;
        bio.endIo(b -> done.complete());
        bio.privateData = user;
        submit(t, bio);
        done.await(t);
    }

    /** blkdev_issue_flush: an empty PREFLUSH, waited for. */
    public void issueFlush(SimTask t) {
        submitAndWait(t, Bio.flush(Bio.REQ_SYNC));
    }

    // ------------------------------------------------------------------ dispatch and completion

    void runQueue() {
        while (inFlight < spec.queueDepth()) {
            Request rq = scheduler.dispatch(inFlight);
            if (rq == null) return;
            issue(rq);
        }
    }

    private void issue(Request rq) {
        long now = sim.nowNs();
        rq.issueNs = now;
        if (inFlight++ == 0) busySinceNs = now;
        if (inFlight > stats.peakInFlight) stats.peakInFlight = inFlight;
        stats.request(rq);
        long end = disk.serviceEnd(rq, now);
        sim.schedule(end, () -> complete(rq));
    }

    private void complete(Request rq) {
        long now = sim.nowNs();
        disk.complete(rq);
        if (--inFlight == 0) stats.busyNs += now - busySinceNs;
        stats.completed(rq, now);
        scheduler.completed(rq);
        for (Request.Part p : rq.parts) {
            if (--p.bio().remaining == 0) p.bio().complete();
        }
        freeRequest(rq);
        runQueue();
    }

    /** Zeroes the statistics (between preparation and the measured command); an open busy period restarts now. */
    public void resetStats() {
        stats.reset();
        busySinceNs = sim.nowNs();
    }

    /** Device busy time so far including a busy period still open. */
    public long busyNs() {
        return stats.busyNs + (inFlight > 0 ? sim.nowNs() - busySinceNs : 0);
    }

    public int inFlight() {
        return inFlight;
    }

    /** Fault injection: the next written block lands {@code offsetBlocks} away from its address. */
    public void injectMisdirectedWrite(long offsetBlocks) {
        disk.injectMisdirectedWrite(offsetBlocks);
    }
}
