package org.f2fsobs.engine.kernel.block;

import org.f2fsobs.engine.platform.DeviceSpec;
import org.f2fsobs.engine.sim.Prng;
import org.f2fsobs.engine.sim.device.DeviceStore;

/**
 * The device's service model. A request's fixed latency overlaps with other requests in flight; its transfer
 * (bytes / bandwidth) and command overhead occupy one channel, in dispatch order:
 * {@code end = max(dispatch + latency, channelFree) + overhead + bytes / bandwidth}. With jitter off, a QD1 stream of
 * R requests of S bytes therefore takes exactly R × (latency + overhead + S / bandwidth). A flush occupies the channel
 * for {@code flushNs} and makes every write completed before it durable; REQ_PREFLUSH does that before the write,
 * REQ_FUA makes the write itself durable.
 *
 * <p>What REQ_FUA costs depends on how the device serves it. A SCSI-style device (UFS) writes the data through its
 * cache: {@code fuaNs} more. An eMMC has no FUA bit: Linux's mmc block driver turns a REQ_FUA write into a
 * <em>reliable write</em> (drivers/mmc/core/block.c, mmc_blk_data_prep: {@code do_rel_wr}; CMD23 with bit 31), which
 * by JEDEC bypasses the volatile cache, so the write completes only after its data is programmed into NAND:
 * {@code reliableWriteNs} after the transfer, with the channel busy meanwhile. Either way only that write becomes
 * durable; writes still in the cache stay volatile (a reliable write is not a flush). Model departure: a multi-page
 * reliable write is charged one program (its pages are programmed while the next ones transfer).
 *
 * <p>Fault model (the part F2FS must survive): writes that completed but were not flushed from a volatile cache
 * may be lost or reordered on power cut ({@link DeviceStore#powerCut}); in-flight writes are lost. Injected
 * misdirected writes land at the wrong address — detectable only by reading back.
 */
final class DiskModel {
    private final DeviceSpec spec;
    private final DeviceStore store;
    private final Prng prng;
    private long channelFreeNs;
    private long misdirectOffset;

    DiskModel(DeviceSpec spec, DeviceStore store, Prng prng) {
        this.spec = spec;
        this.store = store;
        this.prng = prng;
    }

    /** Completion time of a request dispatched at {@code nowNs}. */
    long serviceEnd(Request rq, long nowNs) {
        if (rq.op == ReqOp.FLUSH) {
            long start = Math.max(nowNs, channelFreeNs);
            channelFreeNs = start + spec.flushNs();
            return channelFreeNs;
        }
        boolean read = rq.op == ReqOp.READ;
        long latency = read ? spec.readLatencyNs() : spec.writeLatencyNs();
        if (spec.latencyJitterMeanNs() > 0) latency += prng.exponentialNs(spec.latencyJitterMeanNs());
        long bw = read ? spec.readBandwidthBytesPerSec() : spec.writeBandwidthBytesPerSec();
        long xfer = Math.ceilDiv(rq.bytes() * 1_000_000_000L, bw);
        long ready = nowNs + latency;
        if ((rq.flags & Bio.REQ_PREFLUSH) != 0) ready = Math.max(ready, Math.max(nowNs, channelFreeNs) + spec.flushNs());
        long end = Math.max(ready, channelFreeNs) + spec.commandOverheadNs() + xfer;
        if (!read && (rq.flags & Bio.REQ_FUA) != 0) end += spec.fuaIsReliableWrite() ? spec.reliableWriteNs() : spec.fuaNs();
        channelFreeNs = end;
        return end;
    }

    /** Applies a completed request to the store (writes) or fills the bios from it (reads). */
    void complete(Request rq) {
        // the channel is serial, so every write completed before this request's flush step is already logged
        switch (rq.op) {
            case FLUSH -> store.flushed(store.flushMark());
            case WRITE -> {
                if ((rq.flags & Bio.REQ_PREFLUSH) != 0) store.flushed(store.flushMark());
                boolean fua = (rq.flags & Bio.REQ_FUA) != 0;
                long blk = rq.blkaddr;
                for (Request.Part p : rq.parts) {
                    for (int i = 0; i < p.count(); i++) {
                        long target = blk;
                        if (misdirectOffset != 0) {
                            target = blk + misdirectOffset;
                            misdirectOffset = 0;
                        }
                        int v = p.start() + i;
                        store.write(target, p.bio().ref(v), p.bio().meta(v), p.bio().tag(v), fua);
                        blk++;
                    }
                }
            }
            case READ -> {
                long blk = rq.blkaddr;
                for (Request.Part p : rq.parts) {
                    for (int i = 0; i < p.count(); i++) {
                        p.bio().fill(p.start() + i, store.readRef(blk), store.readMeta(blk), store.readTag(blk));
                        blk++;
                    }
                }
            }
        }
    }

    /** The next written block lands {@code offsetBlocks} away from where it was sent (a misdirected write). */
    void injectMisdirectedWrite(long offsetBlocks) {
        this.misdirectOffset = offsetBlocks;
    }
}
