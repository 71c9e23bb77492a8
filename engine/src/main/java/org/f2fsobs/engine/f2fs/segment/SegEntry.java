package org.f2fsobs.engine.f2fs.segment;

import org.f2fsobs.engine.f2fs.F2fsConst;

/** Per-segment entry of the SIT cache. Mirrors {@code struct seg_entry} in fs/f2fs/segment.h. */
public final class SegEntry {
    CursegType type;                    // segment type like CURSEG_XXX_TYPE
    int validBlocks;                    // # of valid blocks
    int ckptValidBlocks;                // # of valid blocks last cp (or allocated since: see update_sit_entry)
    final long[] curValidMap = new long[F2fsConst.BLKS_PER_SEG / 64];   // validity bitmap of blocks
    final long[] ckptValidMap = new long[F2fsConst.BLKS_PER_SEG / 64];  // validity bitmap of blocks last cp
    long mtime;                         // modification time of the segment, virtual seconds

    public CursegType type() { return type; }
    public int validBlocks() { return validBlocks; }
    public int ckptValidBlocks() { return ckptValidBlocks; }
    public long mtime() { return mtime; }

    public boolean curValid(int blkoff) {
        return (curValidMap[blkoff >>> 6] & (1L << (blkoff & 63))) != 0;
    }

    public boolean ckptValid(int blkoff) {
        return (ckptValidMap[blkoff >>> 6] & (1L << (blkoff & 63))) != 0;
    }

    static boolean testAndSet(long[] map, int off) {
        long bit = 1L << (off & 63);
        boolean was = (map[off >>> 6] & bit) != 0;
        map[off >>> 6] |= bit;
        return was;
    }

    static boolean testAndClear(long[] map, int off) {
        long bit = 1L << (off & 63);
        boolean was = (map[off >>> 6] & bit) != 0;
        map[off >>> 6] &= ~bit;
        return was;
    }

    /** Bits set in cur_valid_map (what check_block_count / fsck count). */
    public int curValidCardinality() {
        int n = 0;
        for (long w : curValidMap) n += Long.bitCount(w);
        return n;
    }

    /** Bits set in ckpt_valid_map. */
    public int ckptValidCardinality() {
        int n = 0;
        for (long w : ckptValidMap) n += Long.bitCount(w);
        return n;
    }

    long[] curValidMapCopy() {
        return curValidMap.clone();
    }
}
