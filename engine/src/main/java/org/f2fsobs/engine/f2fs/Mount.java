package org.f2fsobs.engine.f2fs;

import java.util.BitSet;
import org.f2fsobs.engine.f2fs.checkpoint.CheckpointImage;
import org.f2fsobs.engine.f2fs.checkpoint.Checkpointer;
import org.f2fsobs.engine.f2fs.node.NodeManager;
import org.f2fsobs.engine.f2fs.segment.CursegType;
import org.f2fsobs.engine.f2fs.segment.SegmentManager;
import org.f2fsobs.engine.f2fs.segment.SitBlock;
import org.f2fsobs.engine.kernel.block.Bio;
import org.f2fsobs.engine.kernel.block.ReqOp;
import org.f2fsobs.engine.kernel.block.RequestQueue;
import org.f2fsobs.engine.platform.Machine;
import org.f2fsobs.engine.sim.SimTask;

/**
 * f2fs_fill_super (fs/f2fs/super.c), the parts the model needs: read the superblock, pick the newest valid
 * checkpoint pack (f2fs_get_valid_checkpoint), build the segment manager from the SIT blocks and the SIT journal
 * (build_sit_entries and the init_* steps), the node manager from the NAT journal, restore the logs, and start the
 * checkpoint thread. Roll-forward recovery is run by the caller (it needs the data layer).
 *
 * <p>Departure: the SIT blocks are read straight from the device store rather than through the block layer
 * (mount is preparation; its I/O is not part of any measured command).
 */
public final class Mount {
    private Mount() {}

    /** The result of reading both CP packs. */
    public record ValidCheckpoint(CheckpointImage image, int pack) {}

    public static F2fsSbInfo mount(SimTask t, Machine machine, RequestQueue rq, F2fsOptions opts) {
        SuperBlock sb = readSuperBlock(t, rq);
        opts.checkImage(sb);                                   // parse_options' checks against the superblock's features
        ValidCheckpoint vc = getValidCheckpoint(rq, sb);
        CheckpointImage ckpt = vc.image();
        if (ckpt.isSet(CheckpointImage.CP_ERROR_FLAG)) throw new F2fsException("EIO", "checkpoint has CP_ERROR_FLAG set");
        F2fsSbInfo sbi = new F2fsSbInfo(machine, rq, sb, opts);
        Checkpointer cp = new Checkpointer(sbi, ckpt, vc.pack());
        BitSet sitBitmap = (BitSet) ckpt.sitBitmap().clone();
        cp.setSitBitmap(sitBitmap);
        SegmentManager sm = new SegmentManager(sbi, sitBitmap, ckpt.rsvdSegmentCount(), ckpt.overprovSegmentCount());
        NodeManager nm = new NodeManager(sbi, (BitSet) ckpt.natBitmap().clone(), ckpt.nextFreeNid(), ckpt.validNodeCount(),
                ckpt.validInodeCount(), ckpt.natJournal());
        sbi.attach(sm, nm, cp);
        buildSitEntries(sbi, cp, sm, ckpt);
        for (CursegType type : CursegType.values()) sm.restoreSummary(type, ckpt.summaries()[type.ordinal()]);
        long expectedValid = sm.sitI().writtenValidBlocks();
        if (expectedValid != ckpt.validBlockCount()) {
            throw new F2fsException("EFSCORRUPTED", "SIT holds " + expectedValid + " valid blocks, checkpoint says " + ckpt.validBlockCount());
        }
        cp.startThread();
        return sbi;
    }

    private static SuperBlock readSuperBlock(SimTask t, RequestQueue rq) {
        for (long blk = 0; blk <= 1; blk++) {
            Bio bio = new Bio(ReqOp.READ, Bio.REQ_SYNC | Bio.REQ_META, blk, 1);
            bio.addRead(null);
            rq.submitAndWait(t, bio);
            if (bio.meta(0) instanceof SuperBlock sb) return sb;
        }
        throw new F2fsException("EINVAL", "can't find a valid F2FS superblock (run mkfs first)");
    }

    /** f2fs_get_valid_checkpoint: a pack is valid when its first and last blocks carry the same checkpoint. */
    public static ValidCheckpoint getValidCheckpoint(RequestQueue rq, SuperBlock sb) {
        CheckpointImage p1 = validateCheckpoint(rq, sb.cpBlkaddr());
        CheckpointImage p2 = validateCheckpoint(rq, sb.cpBlkaddr() + F2fsConst.BLKS_PER_SEG);
        if (p1 == null && p2 == null) throw new F2fsException("EFSCORRUPTED", "no valid checkpoint pack");
        if (p2 == null || (p1 != null && p1.checkpointVer() >= p2.checkpointVer())) return new ValidCheckpoint(p1, 1);
        return new ValidCheckpoint(p2, 2);
    }

    private static CheckpointImage validateCheckpoint(RequestQueue rq, long start) {
        if (!(rq.store().readMeta(start) instanceof CheckpointImage first)) return null;
        Object last = rq.store().readMeta(start + first.cpPackTotalBlockCount() - 1);
        if (!(last instanceof CheckpointImage l) || l.checkpointVer() != first.checkpointVer()) return null;
        return first;
    }

    /** build_sit_entries + init_free_segmap + init_dirty_segmap */
    private static void buildSitEntries(F2fsSbInfo sbi, Checkpointer cp, SegmentManager sm, CheckpointImage ckpt) {
        int mainSegs = sbi.layout.mainSegs;
        int sitBlocks = (mainSegs + F2fsConst.SIT_ENTRY_PER_BLOCK - 1) / F2fsConst.SIT_ENTRY_PER_BLOCK;
        for (int b = 0; b < sitBlocks; b++) {
            Object img = sbi.store.readMeta(cp.currentSitAddr(b));
            if (!(img instanceof SitBlock sit)) continue;
            for (int i = 0; i < F2fsConst.SIT_ENTRY_PER_BLOCK; i++) {
                int segno = sit.startSegno() + i;
                if (segno >= mainSegs) break;
                checkBlockCount(segno, sit.entries()[i]);
                sm.segInfoFromRawSit(segno, sit.entries()[i]);
            }
        }
        for (CheckpointImage.SitJournalEntry e : ckpt.sitJournal()) {
            checkBlockCount(e.segno(), e.raw());
            sm.segInfoFromRawSit(e.segno(), e.raw());
        }
        sm.buildFromSitEntries(ckpt.cursegSegno(), ckpt.cursegBlkoff());
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
