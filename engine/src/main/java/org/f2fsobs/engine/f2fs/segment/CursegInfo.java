package org.f2fsobs.engine.f2fs.segment;

import org.f2fsobs.engine.f2fs.F2fsConst;
import org.f2fsobs.engine.f2fs.ondisk.SummaryBlock;
import org.f2fsobs.engine.sim.SimMutex;

/**
 * Mirrors {@code struct curseg_info}: one active log. The cached summary block holds one entry per block of the
 * current segment (parent nid, offset in node, version), written to the SSA when the log moves on.
 */
public final class CursegInfo {
    public final CursegType segType;
    final SimMutex cursegMutex;          // lock for consistency
    int segno = F2fsConst.NULL_SEGNO;    // current segment number
    int nextBlkoff;                      // next block offset to write
    int zone;                            // current zone number
    int nextSegno = F2fsConst.NULL_SEGNO;// preallocated segment
    boolean inited;
    /** alloc_type: {@link GcMode#LFS} (new_curseg) or {@link GcMode#SSR} (change_curseg); the checkpoint records it. */
    int allocType = GcMode.LFS;
    final int[] sumNid = new int[F2fsConst.ENTRIES_IN_SUM];       // sum_blk->entries[].nid
    final int[] sumOfsInNode = new int[F2fsConst.ENTRIES_IN_SUM]; // sum_blk->entries[].ofs_in_node
    final byte[] sumVersion = new byte[F2fsConst.ENTRIES_IN_SUM]; // sum_blk->entries[].version

    CursegInfo(CursegType type, SimMutex cursegMutex) {
        this.segType = type;
        this.cursegMutex = cursegMutex;
    }

    public int segno() { return segno; }
    public int nextBlkoff() { return nextBlkoff; }
    public int zone() { return zone; }
    public int allocType() { return allocType; }
    public SimMutex cursegMutex() { return cursegMutex; }

    SummaryBlock summarySnapshot() {
        return new SummaryBlock(sumNid.clone(), sumOfsInNode.clone(), sumVersion.clone());
    }

    void clearSummary() {
        java.util.Arrays.fill(sumNid, 0);
        java.util.Arrays.fill(sumOfsInNode, 0);
        java.util.Arrays.fill(sumVersion, (byte) 0);
    }
}
