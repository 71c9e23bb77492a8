package org.f2fsobs.engine.f2fs.segment;

import java.util.BitSet;
import org.f2fsobs.engine.sim.SimRwSem;

/** Mirrors {@code struct sit_info} in fs/f2fs/segment.h: the SIT cache and its bookkeeping. */
public final class SitInfo {
    final SegEntry[] sentries;           // SIT segment-level cache
    final SecEntry[] secEntries;         // SIT section-level cache
    final BitSet dirtySentriesBitmap = new BitSet();   // bitmap for dirty sentries
    int dirtySentries;                   // # of dirty sentries
    long writtenValidBlocks;             // for checkpoint (written_valid_blocks)
    final long sitBaseAddr;              // start block address of SIT area
    final int sitBlocks;                 // # of blocks used by one SIT copy
    final BitSet sitBitmap;              // SIT version bitmap: which copy of each SIT block is current
    final SimRwSem sentryLock;           // to protect SIT cache
    long segEntryReads;                  // every get_seg_entry(): the P1 evidence
    long secEntryReads;                  // every get_sec_entry()
    /** last_victim[gc_mode]: where the next victim search of each GC policy starts (segno); indexed by GcMode. */
    public final int[] lastVictim = new int[GcMode.MAX_GC_POLICY];

    SitInfo(int mainSegs, int mainSecs, long sitBaseAddr, int sitBlocks, BitSet sitBitmap, SimRwSem sentryLock) {
        this.sentries = new SegEntry[mainSegs];
        for (int i = 0; i < mainSegs; i++) sentries[i] = new SegEntry();
        this.secEntries = new SecEntry[mainSecs];
        for (int i = 0; i < mainSecs; i++) secEntries[i] = new SecEntry();
        this.sitBaseAddr = sitBaseAddr;
        this.sitBlocks = sitBlocks;
        this.sitBitmap = sitBitmap;
        this.sentryLock = sentryLock;
    }

    public long writtenValidBlocks() { return writtenValidBlocks; }
    public int dirtySentries() { return dirtySentries; }
    public long segEntryReads() { return segEntryReads; }
    public long secEntryReads() { return secEntryReads; }
    public SimRwSem sentryLock() { return sentryLock; }
}
