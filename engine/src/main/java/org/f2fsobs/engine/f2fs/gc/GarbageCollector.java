package org.f2fsobs.engine.f2fs.gc;

import static org.f2fsobs.engine.f2fs.F2fsConst.NR_CURSEG_PERSIST_TYPE;
import static org.f2fsobs.engine.f2fs.F2fsConst.NULL_SEGNO;

import java.util.LinkedHashMap;
import org.f2fsobs.engine.f2fs.F2fsSbInfo;
import org.f2fsobs.engine.f2fs.MetaType;
import org.f2fsobs.engine.f2fs.checkpoint.CpReason;
import org.f2fsobs.engine.f2fs.data.DataReader;
import org.f2fsobs.engine.f2fs.data.DataWriter;
import org.f2fsobs.engine.f2fs.segment.GcMode;
import org.f2fsobs.engine.f2fs.segment.GcMode.GcType;
import org.f2fsobs.engine.f2fs.inode.F2fsInode;
import org.f2fsobs.engine.f2fs.ondisk.SummaryBlock;
import org.f2fsobs.engine.f2fs.segment.SegmentManager;
import org.f2fsobs.engine.sim.SimRwSem;
import org.f2fsobs.engine.sim.SimTask;

/**
 * Foreground garbage collection (fs/f2fs/gc.c as of 6.x): f2fs_balance_fs's call of f2fs_gc (init_gc_type BG_GC,
 * no_bg_gc, nr_free_secs 1) under gc_lock, which checkpoints first when prefree segments can free enough, turns to
 * FG_GC when they cannot, and then collects greedy victims ({@link VictimSelection}) through do_garbage_collect
 * until a section is freed and free sections suffice, checkpointing to turn prefree segments free when fewer free
 * sections than logs remain. A later f2fs_balance_fs finds the collected sections prefree and writes the checkpoint
 * that frees them. The GC thread ({@link GcThread}) calls f2fs_gc with BG_GC: cost-benefit victims. Departure:
 * background GC moves the blocks at once as foreground GC does (the kernel's BG_GC only dirties the pages, marked
 * gcing, for writeback to write to COLD_DATA later). No ATGC.
 */
public final class GarbageCollector {
    private final F2fsSbInfo sbi;
    private final SimRwSem gcLock;
    private final VictimSelection victims;
    private final GcMigration migration;
    private GcThread thread;

    public GarbageCollector(F2fsSbInfo sbi, DataWriter writer, DataReader reader) {
        this.sbi = sbi;
        var m = sbi.machine();
        this.gcLock = new SimRwSem(sbi.sim(), "gc_lock", m.account(org.f2fsobs.engine.platform.CpuOp.LOCK),
                m.costPs(org.f2fsobs.engine.platform.CpuOp.LOCK));
        this.victims = new VictimSelection(sbi);
        this.migration = new GcMigration(sbi, writer, reader);
    }

    /** The f2fs_gc call of f2fs_balance_fs (no GC_MERGE thread): gc_lock taken, then f2fs_gc. */
    public void balanceFs(SimTask t) {
        gcLock.downWrite(t);
        sbi.stat().gcCalls++;                         // stat_inc_gc_call_count(sbi, FOREGROUND)
        long start = t.nowNs();
        try {
            f2fsGc(t, GcType.BG_GC, true, 1);
        } finally {
            gcLock.upWrite(t);
        }
        sbi.stat().gcTimeNs += t.nowNs() - start;
    }

    /** f2fs_start_gc_thread (mount, or a remount to background_gc=on|sync); a running thread is kept. */
    public void startGcThread() {
        if (thread != null) return;
        thread = new GcThread(sbi, this, gcLock);
        thread.start();
    }

    /** f2fs_stop_gc_thread (umount, or with {@code t} null a remount to background_gc=off, which does not wait). */
    public void stopGcThread(SimTask t) {
        if (thread == null) return;
        thread.stop(t);
        thread = null;
    }

    /** Whether the GC thread runs. */
    public boolean gcThreadRunning() { return thread != null; }

    /** sysfs gc_urgent written 1 or 3: the thread is woken (gc_wake) to collect now. */
    public void wakeGcThread() {
        if (thread != null) thread.wakeForUrgent();
    }

    /** The victim search of background GC (GC_CB), for tests: the segment it would collect now. */
    public int getBgVictim(SimTask t) {
        return victims.getVictim(t, GcType.BG_GC);
    }

    /** The victim search of foreground GC, for tests: the segment it would collect now (and marks it as collected). */
    public int getVictim(SimTask t) {
        int segno = victims.getVictim(t, GcType.FG_GC);
        victims.curVictimSec = NULL_SEGNO;
        return segno;
    }

    /**
     * get_ssr_segment's f2fs_get_victim(…, BG_GC, type, SSR, …): the dirty segment of {@code type} with the fewest
     * checkpoint-valid blocks, NULL_SEGNO when none has a free slot. The caller holds sentry_lock.
     */
    public int getSsrVictim(SimTask t, org.f2fsobs.engine.f2fs.segment.CursegType type) {
        return victims.getSsrVictim(t, type);
    }

    /** Candidates the last victim search looked at (nsearched). */
    public int lastSearched() { return victims.lastNsearched; }

    /**
     * f2fs_gc. Returns 0, or -ENODATA (-61) when no victim was found, -EIO (-5) after a checkpoint error.
     */
    int f2fsGc(SimTask t, GcType initGcType, boolean noBgGc, int nrFreeSecs) {
        SegmentManager sm = sbi.smI();
        GcType gcType = initGcType;
        int secFreed = 0;
        int ret = 0;
        LinkedHashMap<Integer, F2fsInode> gcList = new LinkedHashMap<>();
        while (true) {
            if (sbi.cpError()) {
                ret = -5;
                break;
            }
            if (gcType == GcType.BG_GC && sm.hasNotEnoughFreeSecs(t, 0, 0)) {
                // many prefree segments below the threshold: a checkpoint frees them, which may be enough
                if (sm.prefreeSegments() > 0) checkpoint(t);
                if (sm.hasNotEnoughFreeSecs(t, 0, 0)) gcType = GcType.FG_GC;
            }
            if (gcType == GcType.BG_GC && noBgGc) {        // f2fs_balance_fs doesn't need BG_GC in the critical path
                ret = -22;
                break;
            }
            int segno = victims.getVictim(t, gcType);
            if (segno == NULL_SEGNO) {
                ret = -61;
                sbi.stat().gcNoVictim++;
                break;
            }
            sbi.stat().gcVictims++;
            int validBefore = sm.getValidBlocks(segno, true);
            int segFreed = doGarbageCollect(t, segno, gcList, gcType);
            if (segFreed == 0 && sm.getValidBlocks(segno, true) == validBefore) {
                // CONFIG_F2FS_CHECK_FS marks such a segment in invalid_segmap to avoid an endless GC loop; the model
                // stops: valid blocks no node owns are a corrupted volume
                throw new org.f2fsobs.engine.f2fs.F2fsException("EFSCORRUPTED", "GC could move none of the " + validBefore
                        + " valid blocks of section " + sbi.layout().getSecFromSeg(segno) + " (SIT and NAT disagree)");
            }
            if (segFreed == sbi.layout().segsPerSec) {
                secFreed++;
                sbi.stat().gcSectionsFreed++;
            }
            if (gcType == GcType.FG_GC) victims.curVictimSec = NULL_SEGNO;
            if (initGcType == GcType.FG_GC || !sm.hasNotEnoughFreeSecs(t, gcType == GcType.FG_GC ? secFreed : 0, 0)) {
                if (gcType == GcType.FG_GC && secFreed < nrFreeSecs) continue;      // go_gc_more
                break;
            }
            // write a checkpoint to reclaim prefree segments
            if (sm.freeSections() < NR_CURSEG_PERSIST_TYPE && sm.prefreeSegments() > 0) checkpoint(t);
        }
        sbi.sitI().lastVictim[GcMode.ALLOC_NEXT] = 0;
        sbi.sitI().lastVictim[GcMode.FLUSH_DEVICE] = NULL_SEGNO;
        return ret;
    }

    private void checkpoint(SimTask t) {
        sbi.stat().gcCheckpoints++;
        sbi.cp().writeCheckpoint(t, CpReason.CP_SYNC);   // __get_cp_reason: CP_SYNC (no fastboot, not closing)
    }

    /**
     * do_garbage_collect: read the section's summary blocks (ahead, for a large section), then per segment with valid
     * blocks gc_node_segment or gc_data_segment by the segment's type, and submit what was written. Returns the
     * segments freed (no valid block left).
     */
    int doGarbageCollect(SimTask t, int startSegno, LinkedHashMap<Integer, F2fsInode> gcList, GcType gcType) {
        var layout = sbi.layout();
        SegmentManager sm = sbi.smI();
        int endSegno = startSegno + layout.segsPerSec;
        boolean nodeType = sm.getSegEntry(startSegno).type().isNode();
        if (layout.isLargeSection()) {
            sbi.meta().raMetaPages(t, sbi.sb().ssaBlkaddr() + startSegno, endSegno - startSegno, MetaType.SSA);
        }
        SummaryBlock[] sums = new SummaryBlock[layout.segsPerSec];
        for (int segno = startSegno; segno < endSegno; segno++) sums[segno - startSegno] = sbi.meta().getSum(t, segno);
        int segFreed = 0, submitted = 0;
        sbi.rq().startPlug(t);
        try {
            for (int segno = startSegno; segno < endSegno; segno++) {
                if (sm.getValidBlocks(segno, false) > 0) {
                    if (sbi.cpError()) continue;
                    SummaryBlock sum = sums[segno - startSegno];
                    if (sum == null) throw new org.f2fsobs.engine.f2fs.F2fsException("EFSCORRUPTED",
                            "segment " + segno + " has valid blocks but no summary block");
                    submitted += nodeType ? migration.gcNodeSegment(t, sum, segno)
                            : migration.gcDataSegment(t, sum, gcList, segno);
                    sbi.stat().gcSegments++;
                }
                if (gcType == GcType.FG_GC && sm.getValidBlocks(segno, false) == 0) segFreed++;
                if (layout.isLargeSection()) {
                    victims.nextVictimSeg[gcType.ordinal()] = segno + 1 < endSegno ? segno + 1 : NULL_SEGNO;
                }
            }
            if (submitted > 0) {
                if (nodeType) sbi.nmI().submitMergedNodeWrites(t);
                else for (var io : sbi.dataIo()) io.submitMerged(t);
            }
        } finally {
            sbi.rq().finishPlug(t);
        }
        return segFreed;
    }
}
