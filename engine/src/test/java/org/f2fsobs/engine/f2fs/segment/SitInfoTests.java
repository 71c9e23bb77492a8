package org.f2fsobs.engine.f2fs.segment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import org.f2fsobs.engine.f2fs.F2fsConst;
import org.junit.jupiter.api.Test;

/** The SIT area's addressing as segment.h computes it: two copies per SIT block, a version bit choosing one. */
class SitInfoTests {
    private static final long SIT_BASE = 1024;
    private static final int SIT_BLOCKS = 512;

    private static SitInfo sitInfo(BitSet fromCheckpoint) {
        return new SitInfo(4 * F2fsConst.SIT_ENTRY_PER_BLOCK, 4 * F2fsConst.SIT_ENTRY_PER_BLOCK, SIT_BASE, SIT_BLOCKS, fromCheckpoint, null);
    }

    @Test
    void currentSitAddrFollowsTheVersionBitOfTheSegmentsBlock() {
        BitSet cp = new BitSet();
        cp.set(1);
        SitInfo sit = sitInfo(cp);
        int lastOfBlock0 = F2fsConst.SIT_ENTRY_PER_BLOCK - 1, firstOfBlock1 = F2fsConst.SIT_ENTRY_PER_BLOCK;
        assertThat(sit.currentSitAddr(0)).isEqualTo(SIT_BASE);
        assertThat(sit.currentSitAddr(lastOfBlock0)).isEqualTo(SIT_BASE);
        assertThat(sit.currentSitAddr(firstOfBlock1)).isEqualTo(SIT_BASE + 1 + SIT_BLOCKS);
    }

    @Test
    void setToNextSitMovesOneBlockToItsOtherCopy() {
        SitInfo sit = sitInfo(new BitSet());
        int start = 2 * F2fsConst.SIT_ENTRY_PER_BLOCK;
        long before = sit.currentSitAddr(start);
        long next = sit.nextSitAddr(before);
        sit.setToNextSit(start + 7);                     // any segment of the block names it
        assertThat(next).isEqualTo(SIT_BASE + 2 + SIT_BLOCKS);
        assertThat(sit.currentSitAddr(start)).isEqualTo(next);
        assertThat(sit.nextSitAddr(next)).isEqualTo(before);
        assertThat(sit.currentSitAddr(0)).isEqualTo(SIT_BASE);
        assertThat(sit.getSitBitmap().cardinality()).isEqualTo(1);
    }

    @Test
    void theBitmapIsTheSitInfosOwnCopy() {
        BitSet cp = new BitSet();
        SitInfo sit = sitInfo(cp);
        sit.setToNextSit(0);
        assertThat(cp.isEmpty()).isTrue();               // the checkpoint's bitmap is not changed by a SIT flush
        sit.getSitBitmap().clear();
        assertThat(sit.currentSitAddr(0)).isEqualTo(SIT_BASE + SIT_BLOCKS);
    }
}
