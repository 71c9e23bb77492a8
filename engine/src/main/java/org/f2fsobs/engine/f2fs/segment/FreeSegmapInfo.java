package org.f2fsobs.engine.f2fs.segment;

import java.util.BitSet;
import org.f2fsobs.engine.sim.SimSpinlock;

/** Mirrors {@code struct free_segmap_info}: a set bit means the segment (section) is in use. */
public final class FreeSegmapInfo {
    int freeSegments;                    // # of free segments
    int freeSections;                    // # of free sections
    final BitSet freeSegmap = new BitSet();
    final BitSet freeSecmap = new BitSet();
    final SimSpinlock segmapLock;

    FreeSegmapInfo(SimSpinlock segmapLock) {
        this.segmapLock = segmapLock;
    }

    public int freeSegments() { return freeSegments; }
    public int freeSections() { return freeSections; }
    public boolean segInUse(int segno) { return freeSegmap.get(segno); }
    public boolean secInUse(int secno) { return freeSecmap.get(secno); }
}
