package org.f2fsobs.engine.f2fs.segment;

import java.util.BitSet;
import org.f2fsobs.engine.f2fs.F2fsConst;
import org.f2fsobs.engine.sim.SimRwSem;

/**
 * Mirrors {@code struct sit_info} in fs/f2fs/segment.h: the SIT cache and its bookkeeping, and the SIT area's
 * addressing as segment.h keeps it (current_sit_addr, next_sit_addr, set_to_next_sit over the version bitmap).
 */
public final class SitInfo {
    final SegEntry[] sentries;           // SIT segment-level cache
    final SecEntry[] secEntries;         // SIT section-level cache
    final BitSet dirtySentriesBitmap = new BitSet();   // bitmap for dirty sentries
    int dirtySentries;                   // # of dirty sentries
    long writtenValidBlocks;             // for checkpoint (written_valid_blocks)
    final long sitBaseAddr;              // start block address of SIT area
    final int sitBlocks;                 // # of blocks used by one SIT copy
    private final BitSet sitBitmap;      // SIT version bitmap: which copy of each SIT block is current
    final SimRwSem sentryLock;           // to protect SIT cache
    long segEntryReads;                  // every get_seg_entry(): the P1 evidence
    long secEntryReads;                  // every get_sec_entry()
    /** last_victim[gc_mode]: where the next victim search of each GC policy starts (segno); indexed by GcMode. */
    public final int[] lastVictim = new int[GcMode.MAX_GC_POLICY];
    /** min_mtime, max_mtime: the range get_cb_cost scales a section's age by (init_min_max_mtime, then widened). */
    public long minMtime;
    public long maxMtime;
    /** INVALID_MTIME (segment.h): ULLONG_MAX, the mtime of a large section without valid blocks. */
    public static final long INVALID_MTIME = -1L;

    SitInfo(int mainSegs, int mainSecs, long sitBaseAddr, int sitBlocks, BitSet sitBitmap, SimRwSem sentryLock) {
        this.sentries = new SegEntry[mainSegs];
        for (int i = 0; i < mainSegs; i++) sentries[i] = new SegEntry();
        this.secEntries = new SecEntry[mainSecs];
        for (int i = 0; i < mainSecs; i++) secEntries[i] = new SecEntry();
        this.sitBaseAddr = sitBaseAddr;
        this.sitBlocks = sitBlocks;
        this.sitBitmap = (BitSet) sitBitmap.clone();     // build_sit_info copies the checkpoint's bitmap
        this.sentryLock = sentryLock;
    }

    /** SIT_BLOCK_OFFSET: the SIT block holding segment {@code segno}'s entry. */
    public static int sitBlockOffset(int segno) {
        return segno / F2fsConst.SIT_ENTRY_PER_BLOCK;
    }

    /** current_sit_addr: the block address of the current copy of the SIT block holding {@code start}'s entry. */
    public long currentSitAddr(int start) {
        int offset = sitBlockOffset(start);
        long blkAddr = sitBaseAddr + offset;
        return sitBitmap.get(offset) ? blkAddr + sitBlocks : blkAddr;
    }

    /** next_sit_addr: the other copy of the SIT block at {@code blockAddr}. */
    public long nextSitAddr(long blockAddr) {
        long off = blockAddr - sitBaseAddr;
        return sitBaseAddr + (off < sitBlocks ? off + sitBlocks : off - sitBlocks);
    }

    /** set_to_next_sit: the other copy of {@code start}'s SIT block becomes the current one. */
    public void setToNextSit(int start) {
        sitBitmap.flip(sitBlockOffset(start));
    }

    /** get_sit_bitmap: a copy of the version bitmap, as do_checkpoint puts it into the checkpoint. */
    public BitSet getSitBitmap() {
        return (BitSet) sitBitmap.clone();
    }

    /**
     * f2fs_get_section_mtime: a segment's mtime for small sections; for a large section the mean of its segments'
     * mtimes weighted by their valid blocks, INVALID_MTIME when it has none (unsigned, as ULLONG_MAX).
     */
    public long getSectionMtime(SegmentLayout layout, int segno) {
        int start = layout.getSegFromSec(layout.getSecFromSeg(segno));
        long mtime;
        if (!layout.isLargeSection()) {
            segEntryReads++;
            mtime = sentries[start].mtime;
        } else {
            long sum = 0, total = 0;
            for (int i = 0; i < layout.segsPerSec; i++) {
                SegEntry se = sentries[start + i];
                segEntryReads++;
                sum += se.mtime * se.validBlocks;
                total += se.validBlocks;
            }
            if (total == 0) return INVALID_MTIME;
            mtime = sum / total;
        }
        return mtime == INVALID_MTIME ? mtime - 1 : mtime;
    }

    /** init_min_max_mtime (build_segment_manager): min over every section's mtime, max = get_mtime(sbi, false). */
    void initMinMaxMtime(SegmentLayout layout, long nowMtime) {
        minMtime = INVALID_MTIME;
        for (int segno = 0; segno < layout.mainSegs; segno += layout.segsPerSec) {
            long m = getSectionMtime(layout, segno);
            if (Long.compareUnsigned(minMtime, m) > 0) minMtime = m;
        }
        maxMtime = nowMtime;
    }

    public long writtenValidBlocks() { return writtenValidBlocks; }
    public int dirtySentries() { return dirtySentries; }
    public long segEntryReads() { return segEntryReads; }
    public long secEntryReads() { return secEntryReads; }
    public SimRwSem sentryLock() { return sentryLock; }
}
