package org.f2fsobs.engine.f2fs.segment;

import org.f2fsobs.engine.f2fs.F2fsConst;
import org.f2fsobs.engine.f2fs.ondisk.SuperBlock;

/** The GET_* and START_* macros of fs/f2fs/segment.h for one geometry. */
public final class SegmentLayout {
    public final long seg0Blkaddr;        // SEG0_BLKADDR: the main area start, segment 0 of MAIN
    public final long mainBlkaddr;
    public final int mainSegs;            // MAIN_SEGS
    public final int mainSecs;            // MAIN_SECS
    public final int segsPerSec;
    public final int secsPerZone;
    public final int blocksPerSec;

    public SegmentLayout(SuperBlock sb) {
        this.seg0Blkaddr = sb.mainBlkaddr();
        this.mainBlkaddr = sb.mainBlkaddr();
        this.mainSegs = sb.segmentCountMain();
        this.mainSecs = sb.sectionCount();
        this.segsPerSec = sb.segsPerSec();
        this.secsPerZone = sb.secsPerZone();
        this.blocksPerSec = sb.blocksPerSec();
    }

    /** GET_SEGNO: segment of a main-area block address, or NULL_SEGNO. */
    public int getSegno(long blkaddr) {
        if (!F2fsConst.isValidBlkaddr(blkaddr) || blkaddr < mainBlkaddr) return F2fsConst.NULL_SEGNO;
        return (int) ((blkaddr - seg0Blkaddr) >>> F2fsConst.LOG_BLOCKS_PER_SEG);
    }

    /** GET_BLKOFF_FROM_SEG0 */
    public int getBlkoffFromSeg0(long blkaddr) {
        return (int) ((blkaddr - seg0Blkaddr) & (F2fsConst.BLKS_PER_SEG - 1));
    }

    /** START_BLOCK */
    public long startBlock(int segno) {
        return seg0Blkaddr + ((long) segno << F2fsConst.LOG_BLOCKS_PER_SEG);
    }

    public int getSecFromSeg(int segno) { return segno / segsPerSec; }
    public int getSegFromSec(int secno) { return secno * segsPerSec; }
    public int getZoneFromSec(int secno) { return secno / secsPerZone; }
    public int getZoneFromSeg(int segno) { return getSecFromSeg(segno) / secsPerZone; }

    public boolean isMainBlkaddr(long blkaddr) {
        return blkaddr >= mainBlkaddr && blkaddr < startBlock(mainSegs);
    }

    /** __is_large_section */
    public boolean isLargeSection() {
        return segsPerSec > 1;
    }
}
