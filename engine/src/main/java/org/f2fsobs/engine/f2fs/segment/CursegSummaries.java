package org.f2fsobs.engine.f2fs.segment;

import org.f2fsobs.engine.f2fs.F2fsConst;
import org.f2fsobs.engine.f2fs.F2fsSbInfo;
import org.f2fsobs.engine.f2fs.MetaType;
import org.f2fsobs.engine.f2fs.checkpoint.MetaMapping;
import org.f2fsobs.engine.f2fs.ondisk.CheckpointImage;
import org.f2fsobs.engine.f2fs.ondisk.NodeImage;
import org.f2fsobs.engine.f2fs.ondisk.SummaryBlock;
import org.f2fsobs.engine.sim.SimTask;

/**
 * restore_curseg_summaries (fs/f2fs/segment.c) with read_compacted_summaries, read_normal_summaries and
 * f2fs_restore_node_summary (node.c): the mount's reads of the six logs' summaries. Data summaries come from the CP
 * pack — 1 or 2 compacted blocks (read ahead when 2) or 3 normal ones. Node summaries come from the pack too after a
 * CP_UMOUNT checkpoint (3 blocks, read ahead); after any other checkpoint the pack has none, so each node log reads
 * its segment's SSA block and then every block of the segment as a META_POR page (read ahead BIO_MAX_VECS at a time)
 * to take each node block's nid from its footer, and drops those pages.
 *
 * <p>Departure: the pack's summary blocks are placeholders whose entries travel in the checkpoint block (see
 * {@link org.f2fsobs.engine.f2fs.ondisk.CpPackBlock}); their reads are the kernel's, their entries come from the
 * checkpoint.
 */
public final class CursegSummaries {
    private CursegSummaries() {}

    /** The six logs' summaries (log order) as the mount reads them from the pack starting at {@code cpStart}. */
    public static SummaryBlock[] read(SimTask t, F2fsSbInfo sbi, CheckpointImage ckpt, long cpStart) {
        MetaMapping meta = sbi.meta();
        SummaryBlock[] sums = ckpt.summaries().clone();
        boolean umount = ckpt.isSet(CheckpointImage.CP_UMOUNT_FLAG);       // __exist_node_summaries
        int nodeSumBlocks = umount ? F2fsConst.NR_CURSEG_NODE_TYPE : 0;
        long sumStart = cpStart + 1 + sbi.sb().cpPayload();                   // start_sum_block
        int dataSumBlocks = ckpt.cpPackTotalBlockCount() - F2fsConst.F2FS_CP_PACKS - sbi.sb().cpPayload() - nodeSumBlocks;
        if (ckpt.isSet(CheckpointImage.CP_COMPACT_SUM_FLAG) && dataSumBlocks >= 2) {
            meta.raMetaPages(t, sumStart, dataSumBlocks, MetaType.CP);
        }
        for (int i = 0; i < dataSumBlocks; i++) meta.getCpPackBlock(t, sumStart + i);
        long nodeSumStart = sumStart + dataSumBlocks;
        if (umount) {
            meta.raMetaPages(t, nodeSumStart, nodeSumBlocks, MetaType.CP);
            for (int i = 0; i < nodeSumBlocks; i++) meta.getCpPackBlock(t, nodeSumStart + i);
            return sums;
        }
        for (int temp = 0; temp < F2fsConst.NR_CURSEG_NODE_TYPE; temp++) {
            CursegType type = CursegType.node(temp);
            int segno = ckpt.cursegSegno()[type.ordinal()];
            meta.getSum(t, segno);                                          // GET_SUM_BLOCK: its entries are replaced
            sums[type.ordinal()] = restoreNodeSummary(t, sbi, segno);
        }
        return sums;
    }

    /**
     * f2fs_restore_node_summary: every block of a node segment read as a META_POR page, its summary entry the nid of
     * the node block it holds (0 for a block holding none), ofs_in_node and version 0; then the pages are dropped.
     */
    static SummaryBlock restoreNodeSummary(SimTask t, F2fsSbInfo sbi, int segno) {
        MetaMapping meta = sbi.meta();
        SummaryBlock sum = SummaryBlock.empty();
        long addr = sbi.layout().startBlock(segno);
        for (int i = 0; i < F2fsConst.BLKS_PER_SEG; i += F2fsConst.BIO_MAX_VECS, addr += F2fsConst.BIO_MAX_VECS) {
            int nrpages = Math.min(F2fsConst.BIO_MAX_VECS, F2fsConst.BLKS_PER_SEG - i);
            meta.raMetaPages(t, addr, nrpages, MetaType.POR);
            for (int j = 0; j < nrpages; j++) {
                NodeImage node = meta.getTmpNode(t, addr + j);
                sum.nid()[i + j] = node == null ? 0 : node.nid();
            }
            meta.invalidate(addr, addr + nrpages);
        }
        return sum;
    }
}
