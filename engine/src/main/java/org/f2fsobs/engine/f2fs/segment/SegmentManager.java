package org.f2fsobs.engine.f2fs.segment;

import static org.f2fsobs.engine.f2fs.F2fsConst.BLKS_PER_SEG;
import org.f2fsobs.engine.f2fs.F2fsSbInfo.SbiFlag;
import org.f2fsobs.engine.f2fs.F2fsSbInfo.CountType;
import static org.f2fsobs.engine.f2fs.F2fsConst.NULL_SEGNO;

import java.util.BitSet;
import org.f2fsobs.engine.f2fs.F2fsConst;
import org.f2fsobs.engine.f2fs.F2fsException;
import org.f2fsobs.engine.f2fs.F2fsSbInfo;
import org.f2fsobs.engine.f2fs.ondisk.SitBlock;
import org.f2fsobs.engine.f2fs.ondisk.SummaryBlock;
import org.f2fsobs.engine.platform.CpuOp;
import org.f2fsobs.engine.sim.SimMutex;
import org.f2fsobs.engine.sim.SimRwSem;
import org.f2fsobs.engine.sim.SimSpinlock;
import org.f2fsobs.engine.sim.SimTask;

/**
 * The segment manager: {@code struct f2fs_sm_info} and the procedures of fs/f2fs/segment.c and segment.h that the
 * model needs, in the kernel's order of operations. Every seg_entry and sec_entry read goes through
 * {@link #getSegEntry} / {@link #getSecEntry}, which count it. Running short of free sections runs foreground GC
 * ({@link #balanceFs}). A log whose segment is full takes a free segment (new_curseg, LFS) unless need_new_seg finds
 * f2fs_need_SSR true and get_ssr_segment a dirty segment with free slots: then change_curseg makes it the log's
 * segment and the log allocates SSR, in the slots free in both the current and the checkpointed valid map
 * (__next_free_blkoff). mode=lfs never uses SSR.
 *
 * <p>Methods that take a {@link SimTask} charge CPU and take the kernel's locks in that task; an
 * {@link org.f2fsobs.engine.sim.OfflineTask} (a benchmark or a test poking the structure) is charged nothing and takes
 * no lock, by its type.
 */
public final class SegmentManager {
    private static final CursegType[] CURSEG_TYPES = CursegType.values();
    final F2fsSbInfo sbi;
    final SegmentLayout layout;
    private final SitInfo sitI;
    private final FreeSegmapInfo freeI;
    private final DirtySeglistInfo dirtyI;
    private final CursegInfo[] cursegs = new CursegInfo[CursegType.NR_PERSISTENT_LOG];
    int reservedSegments;
    int ovpSegments;
    private final int mainSegs;
    private final int segsPerSec;
    private final boolean largeSection;

    public SegmentManager(F2fsSbInfo sbi, BitSet sitBitmap, int reservedSegments, int ovpSegments) {
        this.sbi = sbi;
        this.layout = sbi.layout();
        this.mainSegs = layout.mainSegs;
        this.segsPerSec = layout.segsPerSec;
        this.largeSection = layout.isLargeSection();
        var m = sbi.machine();
        int lockAcct = m.account(CpuOp.LOCK);
        long lockPs = m.costPs(CpuOp.LOCK);
        this.sitI = new SitInfo(mainSegs, layout.mainSecs, sbi.sb().sitBlkaddr(), sbi.sb().sitBlocks(), sitBitmap,
                new SimRwSem(sbi.sim(), "sentry_lock", lockAcct, lockPs));
        this.freeI = new FreeSegmapInfo(new SimSpinlock(sbi.sim(), "segmap_lock", lockAcct, lockPs));
        this.dirtyI = new DirtySeglistInfo(new SimMutex(sbi.sim(), "seglist_lock", lockAcct, lockPs));
        for (CursegType t : CursegType.values()) {
            cursegs[t.ordinal()] = new CursegInfo(t, new SimMutex(sbi.sim(), "curseg_mutex[" + t.key() + "]", lockAcct, lockPs));
        }
        this.reservedSegments = reservedSegments;
        this.ovpSegments = ovpSegments;
    }

    public SitInfo sitI() { return sitI; }
    public FreeSegmapInfo freeI() { return freeI; }
    public DirtySeglistInfo dirtyI() { return dirtyI; }
    public CursegInfo cursegI(CursegType type) { return cursegs[type.ordinal()]; }
    public int reservedSegments() { return reservedSegments; }
    public int ovpSegments() { return ovpSegments; }

    // ================================================================== accessors (segment.h)

    /** get_seg_entry: the one way to read a seg_entry; every call is counted. */
    public SegEntry getSegEntry(int segno) {
        sitI.segEntryReads++;
        return sitI.sentries[segno];
    }

    /** get_sec_entry: counted. */
    public SecEntry getSecEntry(int segno) {
        sitI.secEntryReads++;
        return sitI.secEntries[layout.getSecFromSeg(segno)];
    }

    /** get_valid_blocks */
    public int getValidBlocks(int segno, boolean useSection) {
        if (useSection && largeSection) return getSecEntry(segno).validBlocks;
        return getSegEntry(segno).validBlocks;
    }

    /**
     * get_ckpt_valid_blocks. Off (6.14): with a large section, sum the ckpt_valid_blocks of every seg_entry of the
     * section. On (seed 000): the cached sec_entry value.
     */
    public int getCkptValidBlocks(SimTask t, int segno, boolean useSection) {
        if (useSection && largeSection) {
            sbi.stat().ckptValidBlocksSectionCalls++;
            if (sbi.flagSecCkptValidBlocks()) {
                sbi.cpu(t, CpuOp.SEC_ENTRY_READ, 1);
                return getSecEntry(segno).ckptValidBlocks;
            }
            // for (i = 0; i < SEGS_PER_SEC; i++) blocks += get_seg_entry(sbi, start_segno + i)->ckpt_valid_blocks:
            // every seg_entry is read, the accessor's count added once for the loop
            int startSegno = layout.getSegFromSec(layout.getSecFromSeg(segno));
            SegEntry[] sentries = sitI.sentries;
            int blocks = 0;
            for (int i = 0; i < segsPerSec; i++) blocks += sentries[startSegno + i].ckptValidBlocks;
            sitI.segEntryReads += segsPerSec;
            sbi.cpu(t, CpuOp.SEG_ENTRY_READ, segsPerSec);
            return blocks;
        }
        sbi.cpu(t, CpuOp.SEG_ENTRY_READ, 1);
        return getSegEntry(segno).ckptValidBlocks;
    }

    /** set_ckpt_valid_blocks (seed 000): recompute a section's value from its segments. */
    void setCkptValidBlocks(SimTask t, int segno) {
        setCkptValidBlocks0(segno);
        sbi.cpu(t, CpuOp.SEG_ENTRY_READ, segsPerSec);
    }

    /** set_ckpt_valid_blocks without the charge: the mount-time rebuild (see {@link #buildFromSitEntries}). */
    private void setCkptValidBlocks0(int segno) {
        int startSegno = layout.getSegFromSec(layout.getSecFromSeg(segno));
        int blocks = 0;
        for (int i = 0; i < segsPerSec; i++) blocks += getSegEntry(startSegno + i).ckptValidBlocks;
        getSecEntry(segno).ckptValidBlocks = blocks;
    }

    public int freeSections() { return freeI.freeSections; }
    public int freeSegments() { return freeI.freeSegments; }
    public int reservedSections() { return layout.getSecFromSeg(reservedSegments); }
    public int prefreeSegments() { return dirtyI.nrDirty[DirtyType.PRE.ordinal()]; }

    /** IS_CURSEG */
    public boolean isCurseg(int segno) {
        for (CursegInfo c : cursegs) if (c.segno == segno) return true;
        return false;
    }

    /** IS_CURSEC */
    public boolean isCursec(int secno) {
        for (CursegInfo c : cursegs) if (c.segno != NULL_SEGNO && layout.getSecFromSeg(c.segno) == secno) return true;
        return false;
    }

    /** CAP_BLKS_PER_SEC (no zoned devices: the whole section). */
    private int capBlksPerSec() {
        return layout.blocksPerSec;
    }

    // ================================================================== free space checks (segment.h)

    /** has_curseg_enough_space: the six persistent logs, then HOT_DATA again for dentry blocks: seven calls. */
    public boolean hasCursegEnoughSpace(SimTask t, long nodeBlocks, long dataBlocks, long dentBlocks) {
        for (CursegType type : CURSEG_TYPES) {
            int segno = cursegs[type.ordinal()].segno;
            long leftBlocks = capBlksPerSec() - getCkptValidBlocks(t, segno, true);
            long blocks = type.isData() ? dataBlocks : nodeBlocks;
            if (blocks > leftBlocks) return false;
        }
        int segno = cursegs[CursegType.HOT_DATA.ordinal()].segno;
        long leftBlocks = capBlksPerSec() - getCkptValidBlocks(t, segno, true);
        return dentBlocks <= leftBlocks;
    }

    /** __get_secs_required + has_not_enough_free_secs (6.14): always evaluates has_curseg_enough_space. */
    public boolean hasNotEnoughFreeSecs(SimTask t, int freed, int needed) {
        sbi.stat().hasNotEnoughFreeSecsCalls++;
        if (sbi.isSbiFlagSet(SbiFlag.SBI_POR_DOING)) return false;
        long cap = capBlksPerSec();
        long totalNodeBlocks = sbi.getPages(CountType.F2FS_DIRTY_NODES) + sbi.getPages(CountType.F2FS_DIRTY_DENTS) + sbi.getPages(CountType.F2FS_DIRTY_IMETA);
        long totalDentBlocks = sbi.getPages(CountType.F2FS_DIRTY_DENTS);
        long nodeSecs = totalNodeBlocks / cap, dentSecs = totalDentBlocks / cap;
        long nodeBlocks = totalNodeBlocks % cap, dentBlocks = totalDentBlocks % cap;
        long lowerSecs = nodeSecs + dentSecs;
        long upperSecs = nodeSecs + dentSecs + (nodeBlocks != 0 ? 1 : 0) + (dentBlocks != 0 ? 1 : 0);
        boolean cursegSpace = hasCursegEnoughSpace(t, nodeBlocks, 0, dentBlocks);

        long freeSecs = freeSections() + freed;
        lowerSecs += needed + reservedSections();
        upperSecs += needed + reservedSections();
        if (freeSecs > upperSecs) return false;
        if (freeSecs <= lowerSecs) return true;
        return !cursegSpace;
    }

    /**
     * f2fs_need_SSR: never with mode=lfs; always under gc_urgent high; otherwise when the free sections are down to
     * the dirty node, dentry (twice) and inode-meta sections plus min_ssr_sections (= reserved_sections) and the
     * reserved sections. need_new_seg and the ipu_policy SSR bits read it.
     */
    public boolean needSSR() {
        if (sbi.opts().lfsMode()) return false;
        if (sbi.opts().gcUrgent() == 1) return true;
        long blksPerSec = (long) BLKS_PER_SEG * segsPerSec;
        long nodeSecs = (sbi.getPages(CountType.F2FS_DIRTY_NODES) + blksPerSec - 1) / blksPerSec;
        long dentSecs = (sbi.getPages(CountType.F2FS_DIRTY_DENTS) + blksPerSec - 1) / blksPerSec;
        long imetaSecs = (sbi.getPages(CountType.F2FS_DIRTY_IMETA) + blksPerSec - 1) / blksPerSec;
        return freeSections() <= nodeSecs + 2 * dentSecs + imetaSecs + reservedSections() + reservedSections();
    }

    /** utilization: valid user blocks (the SIT's written_valid_blocks) in percent of user_block_count. */
    public int utilization() {
        return (int) (sitI.writtenValidBlocks * 100 / sbi.cp().ckpt().userBlockCount());
    }

    public boolean hasEnoughFreeSecs(SimTask t, int freed, int needed) {
        return !hasNotEnoughFreeSecs(t, freed, needed);
    }

    /**
     * f2fs_balance_fs(sbi, true): when free sections run short, foreground garbage collection (f2fs_gc through the
     * mount's {@link org.f2fsobs.engine.f2fs.gc.GarbageCollector}); a segment manager built without one (tests of the
     * structure alone) answers ENOSPC there. Departure: the kernel's {@code need} argument only decides whether
     * excess cached NAT entries start f2fs_balance_fs_bg, which the model does not run, so it is left out.
     */
    public void balanceFs(SimTask t) {
        sbi.stat().balanceFsCalls++;
        sbi.cpu(t, CpuOp.BALANCE_FS, 1);
        if (sbi.cpError()) return;
        if (hasEnoughFreeSecs(t, 0, 0)) return;
        if (sbi.gc() != null) {
            sbi.gc().balanceFs(t);
            return;
        }
        throw new F2fsException("ENOSPC", "not enough free sections (" + freeSections() + " free, "
                + reservedSections() + " reserved) and no garbage collector runs on this volume");
    }

    // ================================================================== SIT updates (segment.c)

    /** update_sit_entry(sbi, blkaddr, del): del = +1 (allocation) or −n (release of n blocks in one segment). */
    public void updateSitEntry(SimTask t, long blkaddr, int del) {
        int segno = layout.getSegno(blkaddr);
        if (segno == NULL_SEGNO) return;
        sbi.cpu(t, CpuOp.UPDATE_SIT_ENTRY, 1);
        SegEntry se = getSegEntry(segno);
        int newVblocks = se.validBlocks + del;
        int offset = layout.getBlkoffFromSeg0(blkaddr);
        check(newVblocks >= 0 && newVblocks <= BLKS_PER_SEG, "valid_blocks out of range, segno=%d new=%d", segno, newVblocks);
        se.validBlocks = newVblocks;
        if (del > 0) del = updateSitEntryForAlloc(se, segno, blkaddr, offset, del);
        else del = updateSitEntryForRelease(se, segno, blkaddr, offset, del);
        markSitEntryDirty(segno);
        sitI.writtenValidBlocks += del;
        if (largeSection) getSecEntry(segno).validBlocks += del;
    }

    private int updateSitEntryForAlloc(SegEntry se, int segno, long blkaddr, int offset, int del) {
        boolean exist = SegEntry.testAndSet(se.curValidMap, offset);
        check(!exist, "bitmap was wrongly set, blk:%d", blkaddr);
        // SSR should never reuse block which is checkpointed or newly invalidated
        if (!SegEntry.testAndSet(se.ckptValidMap, offset)) {
            se.ckptValidBlocks++;
            if (largeSection && sbi.flagSecCkptValidBlocks()) getSecEntry(segno).ckptValidBlocks++;
        }
        if (!se.ckptValid(offset)) {
            se.ckptValidBlocks += del;
            if (largeSection && sbi.flagSecCkptValidBlocks()) getSecEntry(segno).ckptValidBlocks += del;
        }
        return del;
    }

    private int updateSitEntryForRelease(SegEntry se, int segno, long blkaddr, int offset, int del) {
        for (int i = 0; i < -del; i++) {
            boolean exist = SegEntry.testAndClear(se.curValidMap, offset + i);
            check(exist, "bitmap was wrongly cleared, blk:%d", blkaddr + i);
            if (!se.ckptValid(offset + i)) {
                se.ckptValidBlocks -= 1;
                if (largeSection && sbi.flagSecCkptValidBlocks()) getSecEntry(segno).ckptValidBlocks -= 1;
            }
        }
        return del;
    }

    /** __mark_sit_entry_dirty */
    void markSitEntryDirty(int segno) {
        if (!sitI.dirtySentriesBitmap.get(segno)) {
            sitI.dirtySentriesBitmap.set(segno);
            sitI.dirtySentries++;
        }
    }

    /** update_segment_mtime */
    private void updateSegmentMtime(long blkaddr) {
        int segno = layout.getSegno(blkaddr);
        if (segno == NULL_SEGNO) return;
        SegEntry se = sitI.sentries[segno];          // mtime bookkeeping: the kernel reads it via get_seg_entry too
        sitI.segEntryReads++;
        long ctime = sbi.mtimeNow();
        se.mtime = se.mtime == 0 ? ctime : (se.mtime * se.validBlocks + ctime) / (se.validBlocks + 1);
        if (ctime > sitI.maxMtime) sitI.maxMtime = ctime;
    }

    /** f2fs_invalidate_blocks(sbi, addr, len) for blocks of one segment. */
    public void invalidateBlocks(SimTask t, long addr, int len) {
        if (!org.f2fsobs.engine.f2fs.F2fsConst.isValidBlkaddr(addr)) return;
        SimRwSem lock = sitI.sentryLock;
        lock.downWrite(t);
        try {
            long a = addr;
            int left = len;
            while (left > 0) {
                int segno = layout.getSegno(a);
                int off = layout.getBlkoffFromSeg0(a);
                int n = Math.min(left, BLKS_PER_SEG - off);
                updateSegmentMtime(a);
                updateSitEntry(t, a, -n);
                locateDirtySegment(t, segno);
                a += n;
                left -= n;
            }
        } finally {
            lock.upWrite(t);
        }
    }

    // ================================================================== dirty seglists

    /** locate_dirty_segment */
    public void locateDirtySegment(SimTask t, int segno) {
        if (segno == NULL_SEGNO || isCurseg(segno)) return;
        dirtyI.seglistLock.lock(t);
        try {
            int validBlocks = getValidBlocks(segno, false);
            getCkptValidBlocks(t, segno, false);
            if (validBlocks == 0) {
                locateDirtySegment0(segno, DirtyType.PRE);
                removeDirtySegment(segno, DirtyType.DIRTY);
            } else if (validBlocks < BLKS_PER_SEG) {
                locateDirtySegment0(segno, DirtyType.DIRTY);
            } else {
                removeDirtySegment(segno, DirtyType.DIRTY);
            }
        } finally {
            dirtyI.seglistLock.unlock(t);
        }
    }

    /** __locate_dirty_segment */
    private void locateDirtySegment0(int segno, DirtyType dirtyType) {
        if (isCurseg(segno)) return;
        if (!dirtyI.dirtySegmap[dirtyType.ordinal()].get(segno)) {
            dirtyI.dirtySegmap[dirtyType.ordinal()].set(segno);
            dirtyI.nrDirty[dirtyType.ordinal()]++;
        }
        if (dirtyType == DirtyType.DIRTY) {
            CursegType type = getSegEntry(segno).type;
            int ti = DirtyType.of(type).ordinal();
            if (!dirtyI.dirtySegmap[ti].get(segno)) {
                dirtyI.dirtySegmap[ti].set(segno);
                dirtyI.nrDirty[ti]++;
            }
            if (largeSection) {
                int secno = layout.getSecFromSeg(segno);
                int valid = peekValidBlocksOfSection(segno);
                check(valid != 0 && valid != layout.blocksPerSec, "dirty segment %d in an empty or full section (%d)", segno, valid);
                if (!isCursec(secno)) dirtyI.dirtySecmap.set(secno);
            }
        }
    }

    /**
     * get_valid_blocks(sbi, segno, true) as __locate_dirty_segment and __remove_dirty_segment read it. Departure: the
     * kernel reads the sec_entry (seg_entry for small sections) there; the model reads it without counting or charging
     * the read, as it did before it kept dirty_secmap, so that sec_entry_reads keeps measuring what seed 000 studies.
     */
    private int peekValidBlocksOfSection(int segno) {
        return largeSection ? sitI.secEntries[layout.getSecFromSeg(segno)].validBlocks : sitI.sentries[segno].validBlocks;
    }

    /** __remove_dirty_segment */
    private void removeDirtySegment(int segno, DirtyType dirtyType) {
        if (dirtyI.dirtySegmap[dirtyType.ordinal()].get(segno)) {
            dirtyI.dirtySegmap[dirtyType.ordinal()].clear(segno);
            dirtyI.nrDirty[dirtyType.ordinal()]--;
        }
        if (dirtyType == DirtyType.DIRTY) {
            CursegType type = getSegEntry(segno).type;
            int ti = DirtyType.of(type).ordinal();
            if (dirtyI.dirtySegmap[ti].get(segno)) {
                dirtyI.dirtySegmap[ti].clear(segno);
                dirtyI.nrDirty[ti]--;
            }
            int valid = peekValidBlocksOfSection(segno);
            int secno = layout.getSecFromSeg(segno);
            if (valid == 0) dirtyI.victimSecmap.clear(secno);
            if (largeSection) {
                if (valid == 0 || valid == layout.blocksPerSec) {
                    dirtyI.dirtySecmap.clear(secno);
                    return;
                }
                if (!isCursec(secno)) dirtyI.dirtySecmap.set(secno);
            }
        }
    }

    // ================================================================== allocation

    /** The summary a caller stores for a newly allocated block (struct f2fs_summary). */
    public record Summary(int nid, int ofsInNode, byte version) {}

    /**
     * f2fs_allocate_data_block: under curseg_lock (read), the log's curseg_mutex and sentry_lock (write), take the
     * next block of the log, record its summary, update the SIT for the new and the old address, move to a new
     * segment when this one is full, and locate dirty segments. {@code onAllocated} runs still under curseg_mutex
     * (f2fs queues the fio on the io_list there, so bios are built in allocation order).
     *
     * @return the new block address
     */
    public long allocateDataBlock(SimTask t, long oldBlkaddr, CursegType type, Summary sum, java.util.function.LongConsumer onAllocated) {
        CursegInfo curseg = cursegs[type.ordinal()];
        sbi.cursegLock().downRead(t);
        curseg.cursegMutex.lock(t);
        sitI.sentryLock.downWrite(t);
        long newBlkaddr;
        try {
            if (curseg.segno == NULL_SEGNO) throw new F2fsException("ENOSPC", "log " + type.key() + " has no segment");
            sbi.cpu(t, CpuOp.ALLOCATE_DATA_BLOCK, 1);
            newBlkaddr = layout.startBlock(curseg.segno) + curseg.nextBlkoff;   // NEXT_FREE_BLKADDR
            check(curseg.nextBlkoff < BLKS_PER_SEG, "next_blkoff %d beyond the segment", curseg.nextBlkoff);
            curseg.sumNid[curseg.nextBlkoff] = sum.nid();
            curseg.sumOfsInNode[curseg.nextBlkoff] = sum.ofsInNode();
            curseg.sumVersion[curseg.nextBlkoff] = sum.version();
            if (curseg.allocType == GcMode.SSR) curseg.nextBlkoff = findNextSsrBlock(t, curseg);
            else curseg.nextBlkoff++;
            boolean segmentFull = curseg.nextBlkoff >= BLKS_PER_SEG;
            sbi.stat().blocksWrittenByLog[type.ordinal()]++;
            if (curseg.allocType == GcMode.SSR) sbi.stat().ssrBlocks++;       // stat_inc_block_count
            else sbi.stat().lfsBlocks++;

            updateSegmentMtime(oldBlkaddr);
            updateSegmentMtime(newBlkaddr);
            // SIT information should be updated before segment allocation, since SSR needs latest valid block information
            updateSitEntry(t, newBlkaddr, 1);
            updateSitEntry(t, oldBlkaddr, -1);
            if (segmentFull) {
                if (needNewSeg(t, type)) newCurseg(t, type, false);
                else changeCurseg(t, type);
                statIncSegType(curseg);
            }

            // segment dirty status should be updated after segment allocation
            locateDirtySegment(t, layout.getSegno(oldBlkaddr));
            locateDirtySegment(t, layout.getSegno(newBlkaddr));
        } finally {
            sitI.sentryLock.upWrite(t);
        }
        try {
            if (onAllocated != null) onAllocated.accept(newBlkaddr);
        } finally {
            curseg.cursegMutex.unlock(t);
            sbi.cursegLock().upRead(t);
        }
        return newBlkaddr;
    }

    /**
     * f2fs_do_replace_block in the recovery flow (recover_curseg = false): the log that owns dest's segment — COLD_DATA
     * or WARM_DATA for a segment nobody uses — moves there (change_curseg takes the segment in use and out of the dirty
     * lists), loads the segment's summary block from the SSA (f2fs_get_sum_folio: through the meta mapping, a read
     * when it is not cached) and points past dest; dest becomes valid and src, if any, invalid.
     */
    public void replaceBlock(SimTask t, long src, long dest, Summary sum) {
        int segno = layout.getSegno(dest);
        SegEntry se = getSegEntry(segno);
        CursegType type = se.type;
        if (se.validBlocks == 0 && !isCurseg(segno)) {
            type = src == org.f2fsobs.engine.f2fs.F2fsConst.NULL_ADDR ? CursegType.COLD_DATA : CursegType.WARM_DATA;
        }
        CursegInfo curseg = cursegs[type.ordinal()];
        int oldCursegno = curseg.segno;
        if (segno != curseg.segno) {
            // change_curseg
            if (curseg.inited) writeSumPage(curseg);
            if (!freeI.freeSegmap.get(segno)) setInuse(segno);          // __set_test_and_inuse
            removeDirtySegment(segno, DirtyType.PRE);
            removeDirtySegment(segno, DirtyType.DIRTY);
            curseg.nextSegno = segno;
            resetCurseg(type, true);
            curseg.allocType = GcMode.SSR;
            restoreSummary(type, sbi.meta().getSum(t, segno));
        }
        curseg.nextBlkoff = layout.getBlkoffFromSeg0(dest);
        curseg.sumNid[curseg.nextBlkoff] = sum.nid();                   // __add_sum_entry
        curseg.sumOfsInNode[curseg.nextBlkoff] = sum.ofsInNode();
        updateSitEntry(t, dest, 1);
        if (layout.getSegno(src) != NULL_SEGNO) updateSitEntry(t, src, -1);
        locateDirtySegment(t, layout.getSegno(src));
        locateDirtySegment(t, segno);
        locateDirtySegment(t, oldCursegno);
    }

    /** NEXT_FREE_BLKADDR of a log: where its next block will go (node footers record it for roll-forward). */
    public long nextFreeBlkaddr(CursegType type) {
        CursegInfo c = cursegs[type.ordinal()];
        return layout.startBlock(c.segno) + c.nextBlkoff;
    }

    /** new_curseg: write the old summary to the SSA, take a new segment (LFS). */
    public void newCurseg(SimTask t, CursegType type, boolean newSec) {
        CursegInfo curseg = cursegs[type.ordinal()];
        if (curseg.inited) writeSumPage(curseg);
        int segno = getNextSegno(type);
        segno = getNewSegment(t, segno, newSec);
        curseg.nextSegno = segno;
        resetCurseg(type, true);
        curseg.allocType = GcMode.LFS;
    }

    /** stat_inc_seg_type: segments a log took, by its alloc_type after the change. */
    private void statIncSegType(CursegInfo curseg) {
        if (curseg.allocType == GcMode.SSR) sbi.stat().ssrSegments++;
        else sbi.stat().lfsSegments++;
    }

    /**
     * need_new_seg: a new (free) segment for WARM_NODE while the checkpoint lacks CP_CRC_RECOVERY_FLAG (only mkfs's
     * does), for an LFS log whose next segment in the section is free (is_next_segment_free), and whenever
     * f2fs_need_SSR is false or get_ssr_segment finds nothing; otherwise the segment get_ssr_segment chose
     * (curseg->next_segno) is taken with change_curseg. Called under curseg_mutex and sentry_lock (write).
     */
    boolean needNewSeg(SimTask t, CursegType type) {
        CursegInfo curseg = cursegs[type.ordinal()];
        if (!sbi.cp().ckpt().isSet(org.f2fsobs.engine.f2fs.ondisk.CheckpointImage.CP_CRC_RECOVERY_FLAG)
                && type == CursegType.WARM_NODE) {
            return true;
        }
        if (curseg.allocType == GcMode.LFS && isNextSegmentFree(curseg)) return true;
        return !needSSR() || !getSsrSegment(t, type);
    }

    /** is_next_segment_free: the segment after the log's, inside its section, is free. */
    private boolean isNextSegmentFree(CursegInfo curseg) {
        int segno = curseg.segno + 1;
        if (segno < mainSegs && segno % segsPerSec != 0) return !freeI.freeSegmap.get(segno);
        return false;
    }

    /**
     * get_ssr_segment(sbi, type, SSR, 0): f2fs_get_victim(BG_GC, seg_type, SSR) for the log's own type first, then
     * the other types of its kind (data or node) in the kernel's order — from COLD towards HOT for WARM and COLD
     * logs, from HOT towards COLD for a HOT log. The chosen segment is left in curseg->next_segno. Without a garbage
     * collector attached (a segment manager tested alone) there is no victim search and so no SSR.
     */
    boolean getSsrSegment(SimTask t, CursegType type) {
        CursegInfo curseg = cursegs[type.ordinal()];
        if (sbi.gc() == null) return false;
        int segno = sbi.gc().getSsrVictim(t, type);
        if (segno != NULL_SEGNO) {
            curseg.nextSegno = segno;
            return true;
        }
        // For node segments, let's do SSR more intensively
        int temp = type.temp();
        boolean reversed = temp >= 1;                    // seg_type >= CURSEG_WARM_{DATA,NODE}
        int i = reversed ? 2 : 0;
        for (int cnt = F2fsConst.NR_CURSEG_DATA_TYPE; cnt-- > 0; i = reversed ? i - 1 : i + 1) {
            if (i == temp) continue;
            CursegType other = type.isNode() ? CursegType.node(i) : CursegType.data(i);
            segno = sbi.gc().getSsrVictim(t, other);
            if (segno != NULL_SEGNO) {
                curseg.nextSegno = segno;
                return true;
            }
        }
        return false;                                    // SBI_CP_DISABLED's get_free_segment: not modelled
    }

    /**
     * change_curseg: the log's summary goes to the SSA, the segment get_ssr_segment chose becomes the log's (in use,
     * off the dirty lists), alloc_type SSR, next_blkoff its first free slot (__next_free_blkoff from 0), and its
     * summary block is read from the SSA (f2fs_get_sum_folio) to keep the entries of its valid blocks.
     */
    void changeCurseg(SimTask t, CursegType type) {
        CursegInfo curseg = cursegs[type.ordinal()];
        int newSegno = curseg.nextSegno;
        if (curseg.inited) writeSumPage(curseg);
        freeI.segmapLock.lock(t);                        // __set_test_and_inuse
        try {
            if (!freeI.freeSegmap.get(newSegno)) setInuse(newSegno);
        } finally {
            freeI.segmapLock.unlock(t);
        }
        dirtyI.seglistLock.lock(t);
        try {
            removeDirtySegment(newSegno, DirtyType.PRE);
            removeDirtySegment(newSegno, DirtyType.DIRTY);
        } finally {
            dirtyI.seglistLock.unlock(t);
        }
        resetCurseg(type, true);
        curseg.allocType = GcMode.SSR;
        curseg.nextBlkoff = nextFreeBlkoff(t, curseg.segno, 0);
        restoreSummary(type, sbi.meta().getSum(t, newSegno));
    }

    /**
     * __next_free_blkoff: the first block at or after {@code start} that is valid in neither the checkpointed nor the
     * current map (ckpt_valid_map | cur_valid_map), BLKS_PER_SEG when none is. A block the last checkpoint holds
     * valid, or one invalidated since, is never reused.
     */
    public int nextFreeBlkoff(SimTask t, int segno, int start) {
        sbi.cpu(t, CpuOp.SEG_ENTRY_READ, 1);
        SegEntry se = getSegEntry(segno);
        for (int off = start; off < BLKS_PER_SEG; ) {
            int w = off >>> 6;
            long used = se.ckptValidMap[w] | se.curValidMap[w];
            long free = ~used & (-1L << (off & 63));
            if (free != 0) return (w << 6) + Long.numberOfTrailingZeros(free);
            off = (w + 1) << 6;
        }
        return BLKS_PER_SEG;
    }

    /** f2fs_find_next_ssr_block: the next free slot after the one just allocated. */
    private int findNextSsrBlock(SimTask t, CursegInfo curseg) {
        return nextFreeBlkoff(t, curseg.segno, curseg.nextBlkoff + 1);
    }

    /**
     * __allocate_new_segment (f2fs_allocate_new_segments): move a log to a new segment unless its current one is
     * still empty, then locate the old segment in the dirty lists.
     */
    public void allocateNewSegment(SimTask t, CursegType type) {
        CursegInfo curseg = cursegs[type.ordinal()];
        if (curseg.inited && curseg.nextBlkoff == 0 && getValidBlocks(curseg.segno, false) == 0
                && getCkptValidBlocks(t, curseg.segno, false) == 0) {
            return;
        }
        int old = curseg.segno;
        newCurseg(t, type, false);
        statIncSegType(curseg);
        locateDirtySegment(t, old);
    }

    /** write_sum_page: the summary of a closed segment becomes a dirty meta page at GET_SUM_BLOCK. */
    private void writeSumPage(CursegInfo curseg) {
        sbi.cp().updateMetaPage(sbi.sb().ssaBlkaddr() + curseg.segno, curseg.summarySnapshot());
    }

    /** __get_next_segno */
    private int getNextSegno(CursegType type) {
        CursegInfo curseg = cursegs[type.ordinal()];
        if (largeSection) return curseg.segno;
        if (!curseg.inited) return 0;
        if (type == CursegType.HOT_DATA || type.isNode()) return 0;
        if (sbi.opts().allocReuse(mainSegs)) return 0;               // ALLOC_MODE_REUSE: find segments from 0 to reuse freed ones
        return curseg.segno;
    }

    /** get_new_segment: next free segment of the section, else the next free section from the hint. */
    private int getNewSegment(SimTask t, int newseg, boolean newSec) {
        int hint = layout.getSecFromSeg(Math.max(newseg, 0));
        freeI.segmapLock.lock(t);
        try {
            int segno;
            if (!newSec && newseg >= 0 && ((newseg + 1) % segsPerSec) != 0) {
                int end = layout.getSegFromSec(hint + 1);
                segno = freeI.freeSegmap.nextClearBit(newseg + 1);
                if (segno < end) {
                    setInuse(segno);
                    return segno;
                }
            }
            int total = layout.mainSecs;
            int secno = freeI.freeSecmap.nextClearBit(hint);
            if (secno >= total) {
                secno = freeI.freeSecmap.nextClearBit(0);
                if (secno >= total) {
                    throw new F2fsException("ENOSPC", "no free section left (" + total + " sections in main area)");
                }
            }
            segno = layout.getSegFromSec(secno);
            // secs_per_zone > 1: try a zone not used by another log (get_new_segment)
            if (layout.secsPerZone > 1) segno = avoidUsedZone(secno, segno);
            setInuse(segno);
            return segno;
        } finally {
            freeI.segmapLock.unlock(t);
        }
    }

    private int avoidUsedZone(int secno, int segno) {
        int zoneno = layout.getZoneFromSec(secno);
        for (CursegInfo c : cursegs) {
            if (c.segno != NULL_SEGNO && c.zone == zoneno) {
                int totalZones = layout.mainSecs / layout.secsPerZone;
                int hint = zoneno + 1 >= totalZones ? 0 : (zoneno + 1) * layout.secsPerZone;
                int s2 = freeI.freeSecmap.nextClearBit(hint);
                if (s2 >= layout.mainSecs) s2 = freeI.freeSecmap.nextClearBit(0);
                return s2 < layout.mainSecs ? layout.getSegFromSec(s2) : segno;
            }
        }
        return segno;
    }

    /** __set_inuse */
    void setInuse(int segno) {
        int secno = layout.getSecFromSeg(segno);
        check(!freeI.freeSegmap.get(segno), "segment %d already in use", segno);
        freeI.freeSegmap.set(segno);
        freeI.freeSegments--;
        if (!freeI.freeSecmap.get(secno)) {
            freeI.freeSecmap.set(secno);
            freeI.freeSections--;
        }
    }

    /** __set_test_and_free: a prefree segment becomes free after a checkpoint. */
    void setTestAndFree(int segno) {
        int secno = layout.getSecFromSeg(segno);
        if (freeI.freeSegmap.get(segno)) {
            freeI.freeSegmap.clear(segno);
            freeI.freeSegments++;
            if (isCursec(secno)) return;
            int start = layout.getSegFromSec(secno);
            int next = freeI.freeSegmap.nextSetBit(start);
            if (next < 0 || next >= start + segsPerSec) {
                if (freeI.freeSecmap.get(secno)) {
                    freeI.freeSecmap.clear(secno);
                    freeI.freeSections++;
                }
            }
        }
    }

    /** reset_curseg */
    private void resetCurseg(CursegType type, boolean modified) {
        CursegInfo curseg = cursegs[type.ordinal()];
        if (curseg.nextSegno == NULL_SEGNO) return;
        curseg.inited = true;
        curseg.segno = curseg.nextSegno;
        curseg.zone = layout.getZoneFromSeg(curseg.segno);
        curseg.nextBlkoff = 0;
        curseg.nextSegno = NULL_SEGNO;
        curseg.clearSummary();
        // __set_sit_entry_type
        SegEntry se = getSegEntry(curseg.segno);
        se.type = type;
        if (modified) markSitEntryDirty(curseg.segno);
    }

    /** f2fs_clear_prefree_segments (no discard): prefree segments become free once a checkpoint no longer needs them. */
    public void clearPrefreeSegments(SimTask t) {
        dirtyI.seglistLock.lock(t);
        try {
            BitSet pre = dirtyI.dirtySegmap[DirtyType.PRE.ordinal()];
            for (int segno = pre.nextSetBit(0); segno >= 0; segno = pre.nextSetBit(segno + 1)) {
                setTestAndFree(segno);
            }
            pre.clear();
            dirtyI.nrDirty[DirtyType.PRE.ordinal()] = 0;
        } finally {
            dirtyI.seglistLock.unlock(t);
        }
    }

    // ================================================================== checkpoint and mount support

    /** The segments whose SIT entries changed since the last checkpoint, ascending. */
    public BitSet dirtySentries() {
        return (BitSet) sitI.dirtySentriesBitmap.clone();
    }

    /**
     * The SIT part of f2fs_flush_sit_entries for one dirty segment: seg_info_to_raw_sit (ckpt map and count take the
     * current ones) and, with the flag, set_ckpt_valid_blocks for its section. Returns the raw entry.
     */
    public SitBlock.RawSit segInfoToRawSit(SimTask t, int segno) {
        SegEntry se = getSegEntry(segno);
        SitBlock.RawSit raw = new SitBlock.RawSit(se.validBlocks, se.type == null ? 0 : se.type.ordinal(),
                se.curValidMapCopy(), se.mtime);
        System.arraycopy(se.curValidMap, 0, se.ckptValidMap, 0, se.curValidMap.length);
        se.ckptValidBlocks = se.validBlocks;
        if (largeSection && sbi.flagSecCkptValidBlocks()) setCkptValidBlocks(t, segno);
        return raw;
    }

    public void clearDirtySentries() {
        sitI.dirtySentriesBitmap.clear();
        sitI.dirtySentries = 0;
    }

    /** seg_info_from_raw_sit (build_sit_entries at mount). */
    public void segInfoFromRawSit(int segno, SitBlock.RawSit rs) {
        SegEntry se = sitI.sentries[segno];
        se.validBlocks = rs.validBlocks();
        se.ckptValidBlocks = rs.validBlocks();
        System.arraycopy(rs.validMap(), 0, se.curValidMap, 0, se.curValidMap.length);
        System.arraycopy(rs.validMap(), 0, se.ckptValidMap, 0, se.ckptValidMap.length);
        se.type = CursegType.of(rs.type());
        se.mtime = rs.mtime();
    }

    /** seg_info_from_raw_sit for an all-zero raw entry on a segment entry still as built (zero): only the type is set. */
    public void segInfoFromZeroSit(int segno) {
        sitI.sentries[segno].type = CursegType.of(0);
    }

    /**
     * The end of build_sit_entries and the init_* steps of mount: section counts, written_valid_blocks, the free and
     * dirty segment maps, and (flag on) set_ckpt_valid_blocks for every section.
     */
    public void buildFromSitEntries(int[] cursegSegno, int[] cursegBlkoff, int[] allocType) {
        sitI.writtenValidBlocks = 0;
        for (int segno = 0; segno < mainSegs; segno++) {
            SegEntry se = sitI.sentries[segno];
            if (se.type == null) se.type = CursegType.WARM_DATA;
            sitI.writtenValidBlocks += se.validBlocks;
            if (largeSection) sitI.secEntries[layout.getSecFromSeg(segno)].validBlocks += se.validBlocks;
        }
        // departure: the kernel's build_sit_entries runs in the mount task; the model does not charge this rebuild
        if (largeSection && sbi.flagSecCkptValidBlocks()) {
            for (int segno = 0; segno < mainSegs; segno += segsPerSec) setCkptValidBlocks0(segno);
        }
        // init_free_segmap
        freeI.freeSegments = mainSegs;
        freeI.freeSections = layout.mainSecs;
        for (int segno = 0; segno < mainSegs; segno++) {
            if (sitI.sentries[segno].validBlocks > 0) setInuse(segno);
        }
        for (CursegType type : CursegType.values()) {
            CursegInfo c = cursegs[type.ordinal()];
            c.segno = cursegSegno[type.ordinal()];
            c.nextBlkoff = cursegBlkoff[type.ordinal()];
            c.allocType = allocType[type.ordinal()];              // curseg->alloc_type = ckpt->alloc_type[type]
            c.zone = layout.getZoneFromSeg(c.segno);
            c.inited = true;
            sitI.sentries[c.segno].type = type;
            if (!freeI.freeSegmap.get(c.segno)) setInuse(c.segno);
        }
        sitI.initMinMaxMtime(layout, sbi.mtimeNow());
        // init_dirty_segmap
        for (int segno = 0; segno < mainSegs; segno++) {
            if (isCurseg(segno)) continue;
            int valid = sitI.sentries[segno].validBlocks;
            if (valid == 0 && freeI.freeSegmap.get(segno)) locateDirtySegment0(segno, DirtyType.PRE);
            else if (valid > 0 && valid < BLKS_PER_SEG) locateDirtySegment0(segno, DirtyType.DIRTY);
        }
        // ... and the dirty sections: partly valid, not a log's
        if (largeSection) {
            for (int secno = 0; secno < layout.mainSecs; secno++) {
                int valid = sitI.secEntries[secno].validBlocks;
                if (valid != 0 && valid != layout.blocksPerSec && !isCursec(secno)) dirtyI.dirtySecmap.set(secno);
            }
        }
        sitI.segEntryReads = 0;
        sitI.secEntryReads = 0;
    }

    /** Restores a log's cached summary entries (restore_curseg_summaries). */
    public void restoreSummary(CursegType type, SummaryBlock sum) {
        CursegInfo c = cursegs[type.ordinal()];
        if (sum == null) {
            c.clearSummary();
            return;
        }
        System.arraycopy(sum.nid(), 0, c.sumNid, 0, c.sumNid.length);
        System.arraycopy(sum.ofsInNode(), 0, c.sumOfsInNode, 0, c.sumOfsInNode.length);
        System.arraycopy(sum.version(), 0, c.sumVersion, 0, c.sumVersion.length);
    }

    public SummaryBlock summaryOf(CursegType type) {
        return cursegs[type.ordinal()].summarySnapshot();
    }

    /** Raw state of one segment for checkers and tests (no counting). */
    public SegEntry peekSegEntry(int segno) {
        return sitI.sentries[segno];
    }

    public SecEntry peekSecEntry(int secno) {
        return sitI.secEntries[secno];
    }

    static void check(boolean ok, String fmt, Object... args) {
        if (!ok) throw new F2fsException("EFSCORRUPTED", "f2fs_bug_on: " + String.format(fmt, args));
    }
}
