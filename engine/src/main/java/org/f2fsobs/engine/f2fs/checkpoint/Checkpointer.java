package org.f2fsobs.engine.f2fs.checkpoint;

import java.util.ArrayDeque;
import org.f2fsobs.engine.f2fs.F2fsSbInfo.SbiFlag;
import org.f2fsobs.engine.f2fs.F2fsSbInfo.CountType;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.f2fsobs.engine.f2fs.F2fsConst;
import org.f2fsobs.engine.f2fs.F2fsSbInfo;
import org.f2fsobs.engine.f2fs.node.NodeManager;
import org.f2fsobs.engine.f2fs.ondisk.CheckpointImage;
import org.f2fsobs.engine.f2fs.ondisk.CpPackBlock;
import org.f2fsobs.engine.f2fs.ondisk.F2fsBlock;
import org.f2fsobs.engine.f2fs.ondisk.NatBlock;
import org.f2fsobs.engine.f2fs.ondisk.SitBlock;
import org.f2fsobs.engine.f2fs.ondisk.SummaryBlock;
import org.f2fsobs.engine.f2fs.segment.CursegType;
import org.f2fsobs.engine.f2fs.segment.GcMode;
import org.f2fsobs.engine.f2fs.segment.SegmentManager;
import org.f2fsobs.engine.f2fs.segment.SitInfo;
import org.f2fsobs.engine.kernel.block.Bio;
import org.f2fsobs.engine.platform.CpuOp;
import org.f2fsobs.engine.sim.SimCompletion;
import org.f2fsobs.engine.sim.SimTask;

/**
 * fs/f2fs/checkpoint.c: f2fs_write_checkpoint in the kernel's steps (block_operations, flush merged writes, NAT and
 * SIT flush to journals or blocks — each block rewritten from its current copy, read through the meta mapping
 * ({@link MetaMapping}) — do_checkpoint with the CP pack committed by a REQ_PREFLUSH|REQ_FUA block, prefree → free),
 * and the checkpoint_merge thread that serves CP_SYNC requests, merging those that queue up while one runs.
 */
public final class Checkpointer {
    private static final int META_FLAGS = Bio.REQ_SYNC | Bio.REQ_META | Bio.REQ_PRIO;

    private final F2fsSbInfo sbi;
    private final MetaMapping meta;
    private long checkpointVer;
    private int curPack;                  // 1 or 2: the pack of the last checkpoint
    private CheckpointImage ckpt;
    private Consumer<SimTask> flushDirtyDents = t -> { };
    private Consumer<SimTask> flushDirtyData = t -> { };
    private Consumer<SimTask> flushDataWrites = t -> { };
    private final ArrayDeque<Request> requests = new ArrayDeque<>();
    private SimCompletion kick;
    private boolean threadIdle = true;

    private record Request(CpReason reason, SimCompletion done) {}

    public Checkpointer(F2fsSbInfo sbi, CheckpointImage ckpt, int curPack) {
        this.sbi = sbi;
        this.ckpt = ckpt;
        this.checkpointVer = ckpt.checkpointVer();
        this.curPack = curPack;
        this.meta = sbi.meta();
    }

    public long checkpointVer() { return checkpointVer; }
    public CheckpointImage ckpt() { return ckpt; }
    public int curPack() { return curPack; }

    /** The data layer's hooks: write dirty dentry pages, write back dirty data (CP_UMOUNT), submit pending data bios. */
    public void setDataHooks(Consumer<SimTask> dirtyDents, Consumer<SimTask> dirtyData, Consumer<SimTask> dataWrites) {
        this.flushDirtyDents = dirtyDents;
        this.flushDirtyData = dirtyData;
        this.flushDataWrites = dataWrites;
    }

    // ------------------------------------------------------------------ meta mapping

    /** f2fs_update_meta_page: a meta block (SSA, SIT, NAT) will be written by the next checkpoint. */
    public void updateMetaPage(long blkaddr, F2fsBlock image) {
        meta.updateMetaPage(blkaddr, image);
    }

    public int dirtyMetaPages() {
        return meta.dirtyPages();
    }

    // ------------------------------------------------------------------ checkpoint

    /** f2fs_write_checkpoint */
    public void writeCheckpoint(SimTask t, CpReason reason) {
        sbi.cpGlobalSem().lock(t);
        try {
            boolean always = reason == CpReason.CP_UMOUNT || reason == CpReason.CP_RECOVERY || reason == CpReason.CP_MKFS;
            if (!sbi.isSbiFlagSet(SbiFlag.SBI_IS_DIRTY) && !always) return;
            if (sbi.cpError()) return;
            sbi.cpu(t, CpuOp.CHECKPOINT, 1);
            if (reason == CpReason.CP_UMOUNT) flushDirtyData.accept(t);
            blockOperations(t);
            try {
                flushDataWrites.accept(t);                 // f2fs_flush_merged_writes
                sbi.nmI().submitMergedNodeWrites(t);
                checkpointVer++;
                TreeMap<Long, NatBlock> natBlocks = sbi.nmI().flushNatEntries(t);
                natBlocks.forEach(this::updateMetaPage);
                List<CheckpointImage.SitJournalEntry> sitJournal = flushSitEntries(t);
                doCheckpoint(t, reason, sitJournal);
                sbi.smI().clearPrefreeSegments(t);
                sbi.clearSbiFlag(SbiFlag.SBI_IS_DIRTY);
            } finally {
                unblockOperations(t);
            }
            sbi.stat().checkpoint(reason);
        } finally {
            sbi.cpGlobalSem().unlock(t);
        }
    }

    /** block_operations: f2fs_lock_all, write dirty dentry pages, then every dirty node page; node_write held. */
    private void blockOperations(SimTask t) {
        flushDirtyDents.accept(t);
        sbi.cpRwsem().downWrite(t);
        while (sbi.getPages(CountType.F2FS_DIRTY_NODES) > 0) {
            sbi.nmI().syncNodePages(t);
        }
        sbi.nodeWrite().downWrite(t);
    }

    private void unblockOperations(SimTask t) {
        sbi.nodeWrite().upWrite(t);
        sbi.cpRwsem().upWrite(t);
    }

    /**
     * f2fs_flush_sit_entries: dirty SIT entries go to the COLD_DATA journal when they fit (6), otherwise the journal
     * is emptied into the dirty set and every dirty entry is written into its SIT block (the other copy).
     */
    private List<CheckpointImage.SitJournalEntry> flushSitEntries(SimTask t) {
        SegmentManager sm = sbi.smI();
        BitSet dirty = sm.dirtySentries();
        TreeMap<Integer, SitBlock.RawSit> journal = new TreeMap<>();
        for (var e : ckpt.sitJournal()) journal.put(e.segno(), e.raw());
        int nDirty = dirty.cardinality();
        if (nDirty > 0) {
            if (journal.size() + nDirty <= F2fsConst.SIT_JOURNAL_ENTRIES) {
                for (int segno = dirty.nextSetBit(0); segno >= 0; segno = dirty.nextSetBit(segno + 1)) {
                    journal.put(segno, sm.segInfoToRawSit(t, segno));
                }
            } else {
                TreeMap<Integer, SitBlock.RawSit> toWrite = new TreeMap<>(journal);
                journal.clear();
                for (int segno = dirty.nextSetBit(0); segno >= 0; segno = dirty.nextSetBit(segno + 1)) {
                    toWrite.put(segno, sm.segInfoToRawSit(t, segno));
                }
                writeSitBlocks(t, toWrite);
            }
            sm.clearDirtySentries();
        }
        List<CheckpointImage.SitJournalEntry> out = new ArrayList<>();
        journal.forEach((s, r) -> out.add(new CheckpointImage.SitJournalEntry(s, r)));
        return out;
    }

    /**
     * The SIT-block half of f2fs_flush_sit_entries: each SIT block holding a dirty entry is rewritten from its current
     * copy into the other one (get_next_sit_page: current_sit_addr, next_sit_addr, set_to_next_sit).
     */
    private void writeSitBlocks(SimTask t, TreeMap<Integer, SitBlock.RawSit> entries) {
        SitInfo sitI = sbi.sitI();
        TreeMap<Integer, List<Integer>> byBlock = new TreeMap<>();
        for (int segno : entries.keySet()) byBlock.computeIfAbsent(SitInfo.sitBlockOffset(segno), k -> new ArrayList<>()).add(segno);
        for (var b : byBlock.entrySet()) {
            int blockOff = b.getKey();
            int start = blockOff * F2fsConst.SIT_ENTRY_PER_BLOCK;
            SitBlock cur = meta.getSit(t, blockOff);            // get_next_sit_page reads the current copy
            SitBlock.RawSit[] raw = cur.entries().clone();
            for (int segno : b.getValue()) raw[segno % F2fsConst.SIT_ENTRY_PER_BLOCK] = entries.get(segno);
            long dstOff = sitI.nextSitAddr(sitI.currentSitAddr(start));
            sitI.setToNextSit(start);
            updateMetaPage(dstOff, new SitBlock(cur.startSegno(), raw));
        }
    }

    /** __start_cp_addr: the first block of CP pack 1 or 2. */
    public long cpStartBlkaddr(int pack) {
        return sbi.sb().cpBlkaddr() + (pack == 1 ? 0 : F2fsConst.BLKS_PER_SEG);
    }

    /** f2fs_npages_for_summary_flush: 1–2 compacted blocks, or 3 normal ones. */
    private int npagesForSummaryFlush() {
        int valid = 0;
        for (int i = 0; i < F2fsConst.NR_CURSEG_DATA_TYPE; i++) {
            var c = sbi.cursegI(CursegType.data(i));
            valid += c.allocType() == GcMode.SSR ? F2fsConst.BLKS_PER_SEG : c.nextBlkoff();   // an SSR log's whole segment
        }
        int sumInPage = (F2fsConst.F2FS_BLKSIZE - 2 * F2fsConst.SUM_JOURNAL_SIZE - F2fsConst.SUM_FOOTER_SIZE) / F2fsConst.SUMMARY_SIZE;
        if (valid <= sumInPage) return 1;
        if (valid - sumInPage <= (F2fsConst.F2FS_BLKSIZE - F2fsConst.SUM_FOOTER_SIZE) / F2fsConst.SUMMARY_SIZE) return 2;
        return F2fsConst.NR_CURSEG_DATA_TYPE;
    }

    /** do_checkpoint */
    private void doCheckpoint(SimTask t, CpReason reason, List<CheckpointImage.SitJournalEntry> sitJournal) {
        meta.syncMetaPages(t, META_FLAGS);
        SegmentManager sm = sbi.smI();
        NodeManager nm = sbi.nmI();
        int[] segno = new int[F2fsConst.NR_CURSEG_PERSIST_TYPE], blkoff = new int[F2fsConst.NR_CURSEG_PERSIST_TYPE];
        int[] allocType = new int[F2fsConst.NR_CURSEG_PERSIST_TYPE];
        SummaryBlock[] sums = new SummaryBlock[F2fsConst.NR_CURSEG_PERSIST_TYPE];
        for (CursegType type : CursegType.values()) {
            segno[type.ordinal()] = sm.cursegI(type).segno();
            blkoff[type.ordinal()] = sm.cursegI(type).nextBlkoff();
            allocType[type.ordinal()] = sm.cursegI(type).allocType();
            sums[type.ordinal()] = sm.summaryOf(type);
        }
        int dataSumBlocks = npagesForSummaryFlush();
        int flags = CheckpointImage.CP_CRC_RECOVERY_FLAG;          // update_ckpt_flags: crc|cp_ver for recovery
        if (dataSumBlocks < F2fsConst.NR_CURSEG_DATA_TYPE) flags |= CheckpointImage.CP_COMPACT_SUM_FLAG;
        if (reason == CpReason.CP_UMOUNT) flags |= CheckpointImage.CP_UMOUNT_FLAG;
        if (reason == CpReason.CP_RECOVERY) flags |= CheckpointImage.CP_RECOVERY_FLAG;
        int nodeSumBlocks = reason == CpReason.CP_UMOUNT ? F2fsConst.NR_CURSEG_NODE_TYPE : 0;    // __remain_node_summaries
        int total = F2fsConst.F2FS_CP_PACKS + sbi.sb().cpPayload() + dataSumBlocks + nodeSumBlocks;
        CheckpointImage img = new CheckpointImage(checkpointVer, ckpt.userBlockCount(), sm.sitI().writtenValidBlocks(),
                sm.reservedSegments(), sm.ovpSegments(), sm.freeSegments(), segno, blkoff, allocType, flags, total,
                nm.validNodeCount(), nm.validInodeCount(), nm.nextFreeNid(), sm.sitI().getSitBitmap(),
                (BitSet) nm.natBitmap().clone(), sums, nm.natJournal(), sitJournal, sbi.mtimeNow());

        int pack = curPack == 1 ? 2 : 1;
        long start = cpStartBlkaddr(pack);
        meta.writeMeta(t, start, img, META_FLAGS);
        for (int i = 1; i < total - 1; i++) {
            String what = i <= sbi.sb().cpPayload() ? "payload" : i <= sbi.sb().cpPayload() + dataSumBlocks ? "data summary" : "node summary";
            meta.writeMeta(t, start + i, new CpPackBlock(checkpointVer, i, what), META_FLAGS);
        }
        meta.submitMerged(t);
        // f2fs_wait_on_all_pages(F2FS_WB_CP_DATA): node, meta and cp-guaranteed data writeback done before the commit block
        nm.nodeWriteback().awaitZero(t);
        meta.metaWriteback().awaitZero(t);
        sbi.wbCpData().awaitZero(t);
        // commit_checkpoint: the pack's last block as META_FLUSH with REQ_PREFLUSH | REQ_FUA
        // (nobarrier: without them, as __submit_merged_bio does under test_opt(sbi, NOBARRIER))
        meta.writeMeta(t, start + total - 1, img, META_FLAGS | (sbi.opts().nobarrier() ? 0 : Bio.REQ_PREFLUSH | Bio.REQ_FUA));
        meta.submitMerged(t);
        meta.metaWriteback().awaitZero(t);
        curPack = pack;
        ckpt = img;
    }

    // ------------------------------------------------------------------ checkpoint_merge (f2fs_issue_checkpoint)

    /** Starts the checkpoint thread (issue_checkpoint_thread) when checkpoint_merge is on. */
    public void startThread() {
        if (!sbi.opts().checkpointMerge() || kick != null) return;
        kick = new SimCompletion(sbi.sim(), "ckpt_wait_queue");
        sbi.sim().spawn("f2fs_ckpt", true, this::ckptThread);
    }

    /** f2fs_issue_checkpoint (a CP_SYNC checkpoint, counted under the fsync's cp_reason): through the merge thread when there is one, else in the caller. */
    public void issueCheckpoint(SimTask t, CpReason reason) {
        if (sbi.opts().checkpointMerge()) startThread();           // a remount turned checkpoint_merge on
        if (kick == null || !sbi.opts().checkpointMerge()) {
            writeCheckpoint(t, reason);
            return;
        }
        SimCompletion done = new SimCompletion(sbi.sim(), "cp done");
        t.sync();
        requests.addLast(new Request(reason, done));
        if (threadIdle) {
            threadIdle = false;
            kick.complete();
        }
        done.await(t);
    }

    private void ckptThread(SimTask t) {
        while (true) {
            kick.await(t);
            while (!requests.isEmpty()) {
                List<Request> batch = new ArrayList<>(requests);
                requests.clear();
                sbi.stat().checkpointRequestsMerged += batch.size() - 1;
                writeCheckpoint(t, batch.get(0).reason());           // one checkpoint, counted under the first reason
                for (Request r : batch) r.done().complete();
            }
            threadIdle = true;
        }
    }
}
