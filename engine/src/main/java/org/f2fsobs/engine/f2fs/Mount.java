package org.f2fsobs.engine.f2fs;

import java.util.BitSet;
import org.f2fsobs.engine.f2fs.checkpoint.Checkpointer;
import org.f2fsobs.engine.f2fs.checkpoint.MetaMapping;
import org.f2fsobs.engine.f2fs.node.NodeManager;
import org.f2fsobs.engine.f2fs.ondisk.Blocks;
import org.f2fsobs.engine.f2fs.ondisk.CheckpointImage;
import org.f2fsobs.engine.f2fs.ondisk.SitBlock;
import org.f2fsobs.engine.f2fs.ondisk.SummaryBlock;
import org.f2fsobs.engine.f2fs.ondisk.SuperBlock;
import org.f2fsobs.engine.f2fs.segment.CursegSummaries;
import org.f2fsobs.engine.f2fs.segment.CursegType;
import org.f2fsobs.engine.f2fs.segment.SegmentManager;
import org.f2fsobs.engine.kernel.block.Bio;
import org.f2fsobs.engine.kernel.block.ReqOp;
import org.f2fsobs.engine.kernel.block.RequestQueue;
import org.f2fsobs.engine.platform.Machine;
import org.f2fsobs.engine.sim.SimTask;

/**
 * f2fs_fill_super (fs/f2fs/super.c), the parts the model needs, each read a bio through the block layer: read the
 * superblock, pick the newest valid checkpoint pack (f2fs_get_valid_checkpoint: the first and last block of both
 * packs, then the payload), read the logs' summaries (restore_curseg_summaries, {@link CursegSummaries}), build the
 * segment manager from the SIT blocks read ahead in runs of BIO_MAX_VECS and the SIT journal (build_sit_entries and
 * the init_* steps), the node manager from the NAT journal and the free-nid scan's NAT blocks
 * (f2fs_build_node_manager), restore the logs, and start the checkpoint thread. Roll-forward recovery is run by the
 * caller (it needs the data layer).
 */
public final class Mount {
    private Mount() {}

    /** The result of reading both CP packs. */
    public record ValidCheckpoint(CheckpointImage image, int pack) {}

    public static F2fsSbInfo mount(SimTask t, Machine machine, RequestQueue rq, F2fsOptions opts) {
        SuperBlock sb = readSuperBlock(t, rq);
        opts.checkImage(sb);                                   // parse_options' checks against the superblock's features
        F2fsSbInfo sbi = new F2fsSbInfo(machine, rq, sb, opts);
        sbi.stat().metaRead(MetaType.SUPER);
        ValidCheckpoint vc = getValidCheckpoint(t, sbi.meta(), sb);
        CheckpointImage ckpt = vc.image();
        if (ckpt.isSet(CheckpointImage.CP_ERROR_FLAG)) throw new F2fsException("EIO", "checkpoint has CP_ERROR_FLAG set");
        Checkpointer cp = new Checkpointer(sbi, ckpt, vc.pack());
        SegmentManager sm = new SegmentManager(sbi, ckpt.sitBitmap(), ckpt.rsvdSegmentCount(), ckpt.overprovSegmentCount());
        NodeManager nm = new NodeManager(sbi, (BitSet) ckpt.natBitmap().clone(), ckpt.nextFreeNid(), ckpt.validNodeCount(),
                ckpt.validInodeCount(), ckpt.natJournal());
        sbi.attach(sm, nm, cp);
        SummaryBlock[] sums = CursegSummaries.read(t, sbi, ckpt, cp.cpStartBlkaddr(vc.pack()));   // build_curseg
        buildSitEntries(t, sbi, sm, ckpt);
        for (CursegType type : CursegType.values()) sm.restoreSummary(type, sums[type.ordinal()]);
        nm.buildFreeNids(t);
        long expectedValid = sm.sitI().writtenValidBlocks();
        if (expectedValid != ckpt.validBlockCount()) {
            throw new F2fsException("EFSCORRUPTED", "SIT holds " + expectedValid + " valid blocks, checkpoint says " + ckpt.validBlockCount());
        }
        cp.startThread();
        return sbi;
    }

    /** read_raw_super_block: block 0, else its copy in block 1 (sb_bread, one synchronous bio each). */
    private static SuperBlock readSuperBlock(SimTask t, RequestQueue rq) {
        for (long blk = 0; blk <= 1; blk++) {
            Bio bio = new Bio(ReqOp.READ, Bio.REQ_SYNC | Bio.REQ_META, blk, 1);
            bio.addRead(null);
            rq.submitAndWait(t, bio);
            SuperBlock sb = Blocks.superBlock(bio.meta(0));
            if (sb != null) return sb;
        }
        throw new F2fsException("EINVAL", "can't find a valid F2FS superblock (run mkfs first)");
    }

    /**
     * f2fs_get_valid_checkpoint: a pack is valid when its first and last blocks carry the same checkpoint
     * (validate_checkpoint); the newer valid pack wins, and its payload blocks are read after it.
     */
    public static ValidCheckpoint getValidCheckpoint(SimTask t, MetaMapping meta, SuperBlock sb) {
        CheckpointImage p1 = validateCheckpoint(t, meta, sb.cpBlkaddr());
        CheckpointImage p2 = validateCheckpoint(t, meta, sb.cpBlkaddr() + F2fsConst.BLKS_PER_SEG);
        if (p1 == null && p2 == null) throw new F2fsException("EFSCORRUPTED", "no valid checkpoint pack");
        ValidCheckpoint vc = p2 == null || (p1 != null && p1.checkpointVer() >= p2.checkpointVer())
                ? new ValidCheckpoint(p1, 1) : new ValidCheckpoint(p2, 2);
        long start = sb.cpBlkaddr() + (vc.pack() == 1 ? 0 : F2fsConst.BLKS_PER_SEG);
        for (int i = 1; i <= sb.cpPayload(); i++) meta.getCpPackBlock(t, start + i);
        return vc;
    }

    private static CheckpointImage validateCheckpoint(SimTask t, MetaMapping meta, long start) {
        CheckpointImage first = meta.getCheckpoint(t, start);
        if (first == null) return null;
        CheckpointImage last = meta.getCheckpoint(t, start + first.cpPackTotalBlockCount() - 1);
        if (last == null || last.checkpointVer() != first.checkpointVer()) return null;
        return first;
    }

    /**
     * build_sit_entries + init_free_segmap + init_dirty_segmap: the SIT blocks read ahead BIO_MAX_VECS at a time
     * (f2fs_ra_meta_pages(META_SIT)), then each current copy read (a block never written reads as empty entries),
     * then the SIT journal over them.
     */
    private static void buildSitEntries(SimTask t, F2fsSbInfo sbi, SegmentManager sm, CheckpointImage ckpt) {
        int mainSegs = sbi.layout().mainSegs;
        int sitBlocks = sbi.meta().sitBlkCnt();
        for (int startBlk = 0; startBlk < sitBlocks; ) {
            int readed = sbi.meta().raMetaPages(t, startBlk, F2fsConst.BIO_MAX_VECS, MetaType.SIT);
            for (int b = startBlk; b < startBlk + readed; b++) {
                SitBlock sit = sbi.meta().getSit(t, b);
                for (int i = 0; i < F2fsConst.SIT_ENTRY_PER_BLOCK; i++) {
                    int segno = sit.startSegno() + i;
                    if (segno >= mainSegs) break;
                    if (sit.neverWritten()) {
                        sm.segInfoFromZeroSit(segno);          // the same as below, without copying zeros (simulator speed)
                        continue;
                    }
                    checkBlockCount(segno, sit.entries()[i]);
                    sm.segInfoFromRawSit(segno, sit.entries()[i]);
                }
            }
            startBlk += readed;
        }
        for (CheckpointImage.SitJournalEntry e : ckpt.sitJournal()) {
            checkBlockCount(e.segno(), e.raw());
            sm.segInfoFromRawSit(e.segno(), e.raw());
        }
        sm.buildFromSitEntries(ckpt.cursegSegno(), ckpt.cursegBlkoff(), ckpt.allocType());
    }

    /** check_block_count: the bitmap and the count of a raw SIT entry agree. */
    private static void checkBlockCount(int segno, SitBlock.RawSit raw) {
        int n = 0;
        for (long w : raw.validMap()) n += Long.bitCount(w);
        if (n != raw.validBlocks()) {
            throw new F2fsException("EFSCORRUPTED", "Mismatch valid blocks " + raw.validBlocks() + " vs. " + n + " in segment " + segno);
        }
    }
}
