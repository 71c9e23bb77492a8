package org.f2fsobs.engine.f2fs.segment;

import java.util.BitSet;
import org.f2fsobs.engine.sim.SimMutex;

/**
 * Mirrors {@code struct dirty_seglist_info}: dirty and prefree segment bitmaps per type, the dirty section bitmap of
 * large sections ({@code dirty_secmap}, 6.14) and the victim bitmap background GC fills ({@code victim_secmap}; the
 * model runs no background GC, so it stays empty and foreground GC's check_bg_victims finds nothing there).
 */
public final class DirtySeglistInfo {
    final BitSet[] dirtySegmap = new BitSet[DirtyType.values().length];
    final int[] nrDirty = new int[DirtyType.values().length];
    /** Sections with valid blocks that are neither empty nor full and not a log's (large sections only). */
    final BitSet dirtySecmap = new BitSet();
    /** Sections background GC picked (set_bit in f2fs_get_victim for BG_GC): never set without a GC thread. */
    final BitSet victimSecmap = new BitSet();
    final SimMutex seglistLock;

    DirtySeglistInfo(SimMutex seglistLock) {
        for (int i = 0; i < dirtySegmap.length; i++) dirtySegmap[i] = new BitSet();
        this.seglistLock = seglistLock;
    }

    public int nrDirty(DirtyType t) { return nrDirty[t.ordinal()]; }
    public boolean isDirty(DirtyType t, int segno) { return dirtySegmap[t.ordinal()].get(segno); }
    /** The dirty_segmap of {@code t}, for victim selection (read only). */
    public BitSet dirtySegmap(DirtyType t) { return dirtySegmap[t.ordinal()]; }
    /** dirty_secmap (large sections), for victim selection (read only). */
    public BitSet dirtySecmap() { return dirtySecmap; }
    /** victim_secmap: check_bg_victims clears the bit of the section it returns. */
    public BitSet victimSecmap() { return victimSecmap; }
    public SimMutex seglistLock() { return seglistLock; }
}
