package org.f2fsobs.engine.kernel.block;

import java.util.ArrayList;
import java.util.List;
import org.f2fsobs.engine.sim.SimTask;

/**
 * Mirrors {@code struct request}: what the device sees — consecutive blocks of one operation, made of parts of
 * one or more bios (after split at max_sectors and plug/elevator merges).
 */
public final class Request {
    record Part(Bio bio, int start, int count) {}

    final ReqOp op;
    final int flags;
    long blkaddr;
    int nrBlocks;
    final List<Part> parts = new ArrayList<>(4);
    /** Submitting task (CFQ: its io context decides the queue). */
    final SimTask owner;
    final long createdNs;
    long issueNs;
    /** Scheduler-private state. */
    Object schedData;
    /** Allocated from the request_list (legacy path): freed at completion or when merged into another request. */
    boolean allocated;

    Request(ReqOp op, int flags, Bio bio, int start, int count, SimTask owner, long nowNs) {
        this.op = op;
        this.flags = flags;
        this.blkaddr = bio.blkaddr() + start;
        this.nrBlocks = count;
        this.owner = owner;
        this.createdNs = nowNs;
        if (count > 0) parts.add(new Part(bio, start, count));
        else parts.add(new Part(bio, 0, 0));
    }

    public ReqOp op() { return op; }
    public int flags() { return flags; }
    public long blkaddr() { return blkaddr; }
    public int nrBlocks() { return nrBlocks; }
    public long bytes() { return nrBlocks * 4096L; }
    public SimTask owner() { return owner; }
    public boolean sync() { return op == ReqOp.READ || (flags & Bio.REQ_SYNC) != 0; }

    /** op_is_sync: the request_list direction (reads, REQ_SYNC, REQ_FUA and REQ_PREFLUSH count as sync). */
    static boolean opIsSync(ReqOp op, int flags) {
        return op == ReqOp.READ || op == ReqOp.FLUSH || (flags & (Bio.REQ_SYNC | Bio.REQ_FUA | Bio.REQ_PREFLUSH)) != 0;
    }
    public long endBlkaddr() { return blkaddr + nrBlocks; }

    /** blk_rq_merge_ok + size check: same op, mergeable flags, combined size within the limit. */
    boolean canMerge(ReqOp op2, int flags2, int count, int maxBlocks) {
        return op == op2 && op != ReqOp.FLUSH && ((flags | flags2) & Bio.NOMERGE) == 0
                && nrBlocks + count <= maxBlocks;
    }

    /** Back merge: the part starts right after this request. */
    boolean backMerge(Bio bio, int start, int count, int maxBlocks) {
        if (!canMerge(bio.op(), bio.flags(), count, maxBlocks) || bio.blkaddr() + start != endBlkaddr()) return false;
        parts.add(new Part(bio, start, count));
        nrBlocks += count;
        return true;
    }

    /** Front merge: the part ends right before this request. */
    boolean frontMerge(Bio bio, int start, int count, int maxBlocks) {
        if (!canMerge(bio.op(), bio.flags(), count, maxBlocks) || bio.blkaddr() + start + count != blkaddr) return false;
        parts.add(0, new Part(bio, start, count));
        blkaddr -= count;
        nrBlocks += count;
        return true;
    }

    /** Request-to-request back merge (elevator attempt_merge). */
    boolean absorb(Request next, int maxBlocks) {
        if (!canMerge(next.op, next.flags, next.nrBlocks, maxBlocks) || next.blkaddr != endBlkaddr()) return false;
        parts.addAll(next.parts);
        nrBlocks += next.nrBlocks;
        return true;
    }

    @Override
    public String toString() {
        return "rq[" + op + " blk=" + blkaddr + " n=" + nrBlocks + "]";
    }
}
