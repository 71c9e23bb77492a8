package org.f2fsobs.engine.f2fs;

import static org.assertj.core.api.Assertions.assertThat;

import org.f2fsobs.engine.f2fs.segment.CursegType;
import org.junit.jupiter.api.Test;

/**
 * The on-disk sizes derived as include/linux/f2fs_fs.h derives them land on the numbers a 4 KiB-block F2FS has (the
 * values the kernel's own comments and f2fs-tools' dump.f2fs print), so a slip in a derivation shows here.
 */
class F2fsConstTests {

    @Test
    void sitAndNatBlocksHoldTheKernelsEntryCounts() {
        assertThat(F2fsConst.SIZEOF_F2FS_SIT_ENTRY).isEqualTo(74);
        assertThat(F2fsConst.SIT_ENTRY_PER_BLOCK).isEqualTo(55);
        assertThat(F2fsConst.NAT_ENTRY_PER_BLOCK).isEqualTo(455);
        assertThat(F2fsConst.SIT_VBLOCK_MAP_SIZE * Byte.SIZE).isEqualTo(F2fsConst.BLKS_PER_SEG);
    }

    @Test
    void summaryBlockLeavesTheKernelsJournalRoom() {
        assertThat(F2fsConst.SUM_ENTRY_SIZE).isEqualTo(3584);
        assertThat(F2fsConst.SUM_JOURNAL_SIZE).isEqualTo(507);
        assertThat(F2fsConst.NAT_JOURNAL_ENTRIES).isEqualTo(38);
        assertThat(F2fsConst.SIT_JOURNAL_ENTRIES).isEqualTo(6);
    }

    @Test
    void checkpointBlockBitmapRoomIsWhatMkfsSplits() {
        assertThat(F2fsConst.MAX_BITMAP_SIZE_IN_CKPT).isEqualTo(3900);
        assertThat(F2fsConst.MAX_SIT_BITMAP_SIZE_IN_CKPT).isEqualTo(3836);
    }

    @Test
    void theLogsAreThePersistentOnes() {
        assertThat(F2fsConst.NR_CURSEG_PERSIST_TYPE).isEqualTo(CursegType.values().length);
        assertThat(CursegType.data(F2fsConst.NR_CURSEG_DATA_TYPE - 1)).isEqualTo(CursegType.COLD_DATA);
        assertThat(CursegType.node(0)).isEqualTo(CursegType.HOT_NODE);
    }
}
