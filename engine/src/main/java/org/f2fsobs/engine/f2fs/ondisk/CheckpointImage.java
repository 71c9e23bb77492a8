package org.f2fsobs.engine.f2fs.ondisk;

import java.util.BitSet;
import java.util.List;

/**
 * On-disk image of a checkpoint ({@code struct f2fs_checkpoint} with the summaries and journals of its pack).
 * Written as the first and the last block of a CP pack; a pack is valid when both are present with the same
 * version (validate_checkpoint).
 *
 * @param cursegSegno  cur_data_segno[3] then cur_node_segno[3] (log order)
 * @param cursegBlkoff next_blkoff of each log
 * @param allocType    alloc_type of each log (LFS 0, SSR 1: {@code GcMode.LFS}, {@code GcMode.SSR})
 * @param summaries    the six logs' cached summary entries
 * @param natJournal   NAT journal of the HOT_DATA summary
 * @param sitJournal   SIT journal of the COLD_DATA summary
 */
public record CheckpointImage(long checkpointVer, long userBlockCount, long validBlockCount, int rsvdSegmentCount,
                              int overprovSegmentCount, int freeSegmentCount, int[] cursegSegno, int[] cursegBlkoff,
                              int[] allocType, int ckptFlags, int cpPackTotalBlockCount, long validNodeCount, long validInodeCount,
                              int nextFreeNid, BitSet sitBitmap, BitSet natBitmap, SummaryBlock[] summaries,
                              List<NatJournalEntry> natJournal, List<SitJournalEntry> sitJournal, long elapsedTime)
        implements F2fsBlock {

    @Override
    public BlockKind blockKind() {
        return BlockKind.CHECKPOINT;
    }

    public static final int CP_UMOUNT_FLAG = 0x1;
    public static final int CP_ORPHAN_PRESENT_FLAG = 0x2;
    public static final int CP_COMPACT_SUM_FLAG = 0x4;
    public static final int CP_ERROR_FLAG = 0x10;
    public static final int CP_FSCK_FLAG = 0x20;
    /** CP_CRC_RECOVERY_FLAG: set by every kernel checkpoint (update_ckpt_flags), not by mkfs; need_new_seg reads it. */
    public static final int CP_CRC_RECOVERY_FLAG = 0x40;
    public static final int CP_RECOVERY_FLAG = 0x200;   // not a kernel flag: marks a CP_RECOVERY checkpoint in the model

    public boolean isSet(int flag) {
        return (ckptFlags & flag) != 0;
    }

    /** A SIT entry carried in the summary journal. */
    public record SitJournalEntry(int segno, SitBlock.RawSit raw) {}
}
