package org.f2fsobs.engine.f2fs.segment;

import java.util.BitSet;
import org.f2fsobs.engine.sim.SimMutex;

/** Mirrors {@code struct dirty_seglist_info}: dirty and prefree segment bitmaps per type. */
public final class DirtySeglistInfo {
    final BitSet[] dirtySegmap = new BitSet[DirtyType.values().length];
    final int[] nrDirty = new int[DirtyType.values().length];
    final SimMutex seglistLock;

    DirtySeglistInfo(SimMutex seglistLock) {
        for (int i = 0; i < dirtySegmap.length; i++) dirtySegmap[i] = new BitSet();
        this.seglistLock = seglistLock;
    }

    public int nrDirty(DirtyType t) { return nrDirty[t.ordinal()]; }
    public boolean isDirty(DirtyType t, int segno) { return dirtySegmap[t.ordinal()].get(segno); }
}
