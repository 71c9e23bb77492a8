package org.f2fsobs.engine.f2fs.checkpoint;

import java.util.TreeMap;
import java.util.TreeSet;
import org.f2fsobs.engine.f2fs.F2fsConst;
import org.f2fsobs.engine.f2fs.F2fsSbInfo;
import org.f2fsobs.engine.f2fs.MetaType;
import org.f2fsobs.engine.f2fs.data.IoPage;
import org.f2fsobs.engine.f2fs.data.PageType;
import org.f2fsobs.engine.f2fs.data.WriteIo;
import org.f2fsobs.engine.f2fs.ondisk.Blocks;
import org.f2fsobs.engine.f2fs.ondisk.CheckpointImage;
import org.f2fsobs.engine.f2fs.ondisk.F2fsBlock;
import org.f2fsobs.engine.f2fs.ondisk.NatBlock;
import org.f2fsobs.engine.f2fs.ondisk.NodeImage;
import org.f2fsobs.engine.f2fs.ondisk.SitBlock;
import org.f2fsobs.engine.f2fs.ondisk.SummaryBlock;
import org.f2fsobs.engine.kernel.block.Bio;
import org.f2fsobs.engine.kernel.block.ReqOp;
import org.f2fsobs.engine.platform.CpuOp;
import org.f2fsobs.engine.sim.SimCompletion;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.WaitCount;
import org.f2fsobs.engine.sim.device.MetaImage;

/**
 * META_MAPPING(sbi) and the functions of fs/f2fs/checkpoint.c that use it: the meta inode's page cache of CP, NAT,
 * SIT and SSA blocks — and, during roll-forward recovery, of node blocks read as META_POR — which reaches the disk
 * only as bios through the block layer, one page per bio as f2fs_submit_page_bio sends them:
 * <ul>
 * <li>__get_meta_folio (f2fs_get_meta_folio, f2fs_get_tmp_folio): a cached page, else a synchronous read, waited for;</li>
 * <li>f2fs_ra_meta_pages: each page of a run that is not cached, sent under a plug so that neighbours merge into one
 *     request, not waited for;</li>
 * <li>f2fs_ra_meta_pages_cond: that readahead from a page that is not cached;</li>
 * <li>f2fs_update_meta_page and f2fs_sync_meta_pages on the write side.</li>
 * </ul>
 * Every block read from the disk is counted by {@link MetaType} (meta_reads_by_type); a typed read per kind turns the
 * page into the block its reader expects ({@link Blocks}).
 *
 * <p>Departure: the pages are not on the LRU, as the node pages are not — memory pressure never reclaims them;
 * drop_caches drops the clean ones.
 */
public final class MetaMapping {
    private static final int META_FLAGS = Bio.REQ_SYNC | Bio.REQ_META | Bio.REQ_PRIO;
    /** f2fs_ra_meta_pages for META_POR clears REQ_META (node blocks are not metadata to the block layer). */
    private static final int POR_FLAGS = Bio.REQ_SYNC | Bio.REQ_PRIO;

    private final F2fsSbInfo sbi;
    private final TreeMap<Long, MetaPage> pages = new TreeMap<>();
    private final TreeSet<Long> dirty = new TreeSet<>();          // PAGECACHE_TAG_DIRTY, ascending address
    private final WriteIo metaIo;
    private final WaitCount metaWriteback;

    /** One page of the meta mapping: the block's image (null: it reads as zeros), its state. */
    private final class MetaPage implements IoPage {
        F2fsBlock image;
        boolean dirty;
        int writeback;
        boolean locked;               // a read is in flight
        boolean updated;              // given an image while its read was in flight: the read must not undo it
        private SimCompletion unlocked;

        @Override
        public void endWrite(int status) {
            writeback--;
            metaWriteback.dec();
        }

        @Override
        public void endRead(int status, long ref, long tag, MetaImage meta) {
            if (!updated) image = Blocks.of(meta);
            locked = false;
            if (unlocked != null) {
                unlocked.completeAll();
                unlocked = null;
            }
        }

        void waitUnlocked(SimTask t) {
            t.sync();
            if (!locked) return;
            if (unlocked == null) unlocked = new SimCompletion(t.sim(), "meta page lock");
            unlocked.await(t);
        }
    }

    public MetaMapping(F2fsSbInfo sbi) {
        this.sbi = sbi;
        this.metaIo = new WriteIo(sbi, PageType.META, 0);
        this.metaWriteback = new WaitCount(sbi.sim(), "meta writeback");
    }

    public WaitCount metaWriteback() { return metaWriteback; }
    public int dirtyPages() { return dirty.size(); }
    /** Pages cached now (clean, dirty or being read). */
    public int cachedPages() { return pages.size(); }
    public boolean cached(long blkaddr) { return pages.containsKey(blkaddr); }

    // ------------------------------------------------------------------ typed reads (f2fs_get_meta_folio)

    /** The checkpoint block at {@code blkaddr}, or null when the block holds none (validate_checkpoint). */
    public CheckpointImage getCheckpoint(SimTask t, long blkaddr) {
        return Blocks.checkpoint(getPage(t, blkaddr, MetaType.CP));
    }

    /** Any block of a CP pack (payload, summary): read for its I/O; the model's pack content travels in the checkpoint. */
    public F2fsBlock getCpPackBlock(SimTask t, long blkaddr) {
        return Blocks.of(getPage(t, blkaddr, MetaType.CP));
    }

    /** get_current_nat_folio: the current copy of NAT block {@code blockOff}. */
    public NatBlock getNat(SimTask t, int blockOff) {
        return Blocks.nat(getPage(t, sbi.nmI().currentNatAddr(blockOff), MetaType.NAT), blockOff);
    }

    /** get_current_sit_page: the current copy of SIT block {@code blockOff}. */
    public SitBlock getSit(SimTask t, int blockOff) {
        return Blocks.sit(getPage(t, sbi.sitI().currentSitAddr(blockOff * F2fsConst.SIT_ENTRY_PER_BLOCK), MetaType.SIT), blockOff);
    }

    /** f2fs_get_sum_folio: the SSA block of {@code segno}. */
    public SummaryBlock getSum(SimTask t, int segno) {
        return Blocks.summary(getPage(t, sbi.sb().ssaBlkaddr() + segno, MetaType.SSA));
    }

    /** f2fs_get_tmp_folio: a main-area block read as a meta page (recovery); null when it holds no node. */
    public NodeImage getTmpNode(SimTask t, long blkaddr) {
        return Blocks.node(getPage(t, blkaddr, MetaType.POR));
    }

    /** __get_meta_folio: the cached page (waiting for a read in flight), else a synchronous one-page read. */
    private F2fsBlock getPage(SimTask t, long blkaddr, MetaType type) {
        sbi.cpu(t, CpuOp.PAGE_CACHE_LOOKUP, 1);
        MetaPage p = pages.get(blkaddr);
        if (p == null) p = submitRead(t, blkaddr, type, type == MetaType.POR ? POR_FLAGS : META_FLAGS);
        if (p.locked) p.waitUnlocked(t);
        return p.image;
    }

    /** f2fs_submit_page_bio for one meta page read: a new locked page, a one-page bio. */
    private MetaPage submitRead(SimTask t, long blkaddr, MetaType type, int flags) {
        MetaPage p = new MetaPage();
        p.locked = true;
        pages.put(blkaddr, p);
        Bio bio = new Bio(ReqOp.READ, flags, blkaddr, 1);
        bio.addRead(p);
        bio.endIo(b -> p.endRead(b.status(), 0, 0, b.meta(0)));
        sbi.stat().metaRead(type);
        sbi.rq().submit(t, bio);
        return p;
    }

    // ------------------------------------------------------------------ readahead

    /**
     * f2fs_ra_meta_pages(sync): reads every page of {@code nrpages} from {@code start} that is not cached — NAT and
     * SIT as block offsets (their current copy; NAT wraps to block 0 past the last), SSA, CP and POR as addresses —
     * stopping at the first one f2fs_is_valid_blkaddr refuses. Returns how many it went through.
     */
    public int raMetaPages(SimTask t, long start, int nrpages, MetaType type) {
        int natBlocks = sbi.sb().natBlocks();
        long blkno = start;
        sbi.rq().startPlug(t);
        try {
            for (; nrpages-- > 0; blkno++) {
                if (!isValidBlkaddr(blkno, type)) break;
                long addr = switch (type) {
                    case NAT -> {
                        if (blkno >= natBlocks) blkno = 0;
                        yield sbi.nmI().currentNatAddr((int) blkno);
                    }
                    case SIT -> sbi.sitI().currentSitAddr((int) blkno * F2fsConst.SIT_ENTRY_PER_BLOCK);
                    case SSA, CP, POR -> blkno;
                    case SUPER, NODE -> throw new IllegalArgumentException("not a META_* type: " + type);
                };
                sbi.cpu(t, CpuOp.PAGE_CACHE_LOOKUP, 1);
                if (pages.containsKey(addr)) continue;
                submitRead(t, addr, type, type == MetaType.POR ? POR_FLAGS : META_FLAGS);
            }
        } finally {
            sbi.rq().finishPlug(t);
        }
        return (int) (blkno - start);
    }

    /** f2fs_ra_meta_pages_cond: read {@code raBlocks} ahead from {@code index} if that page is not cached. */
    public void raMetaPagesCond(SimTask t, long index, int raBlocks) {
        if (raBlocks == F2fsConst.RECOVERY_MIN_RA_BLOCKS) return;
        sbi.cpu(t, CpuOp.PAGE_CACHE_LOOKUP, 1);
        if (pages.containsKey(index)) return;
        raMetaPages(t, index, raBlocks, MetaType.POR);
    }

    /** f2fs_is_valid_blkaddr for the META_* types. */
    private boolean isValidBlkaddr(long blkaddr, MetaType type) {
        return switch (type) {
            case NAT -> true;
            case SIT -> blkaddr < sitBlkCnt();
            case SSA -> blkaddr >= sbi.sb().ssaBlkaddr() && blkaddr < sbi.sb().mainBlkaddr();
            case CP -> blkaddr >= sbi.sb().cpBlkaddr() && blkaddr < sbi.sb().sitBlkaddr();
            case POR -> sbi.layout().isMainBlkaddr(blkaddr);
            case SUPER, NODE -> false;
        };
    }

    /** SIT_BLK_CNT: SIT blocks that cover the main area. */
    public int sitBlkCnt() {
        return Math.ceilDiv(sbi.layout().mainSegs, F2fsConst.SIT_ENTRY_PER_BLOCK);
    }

    // ------------------------------------------------------------------ write side

    /** f2fs_update_meta_page: a meta block (SSA, SIT, NAT) takes a new image and will be written by the next checkpoint. */
    public void updateMetaPage(long blkaddr, F2fsBlock image) {
        MetaPage p = pages.computeIfAbsent(blkaddr, k -> new MetaPage());
        p.image = image;
        p.updated = true;
        p.dirty = true;
        dirty.add(blkaddr);
    }

    /** f2fs_sync_meta_pages(META): write every dirty meta page, ascending address. */
    public void syncMetaPages(SimTask t, int flags) {
        if (dirty.isEmpty()) return;
        for (Long blkaddr = dirty.pollFirst(); blkaddr != null; blkaddr = dirty.pollFirst()) {
            MetaPage p = pages.get(blkaddr);
            p.dirty = false;
            submitWrite(t, blkaddr, p, flags);
        }
        metaIo.submitMerged(t);
    }

    /** Writes one block through the meta write context now (CP pack blocks): it is cached as written. */
    public void writeMeta(SimTask t, long blkaddr, F2fsBlock image, int flags) {
        MetaPage p = pages.computeIfAbsent(blkaddr, k -> new MetaPage());
        p.dirty = false;
        dirty.remove(blkaddr);
        p.image = image;
        p.updated = true;
        submitWrite(t, blkaddr, p, flags);
    }

    private void submitWrite(SimTask t, long blkaddr, MetaPage p, int flags) {
        p.writeback++;
        metaWriteback.inc();
        sbi.stat().metaBlocksWritten++;
        metaIo.submitPageWrite(t, blkaddr, p, p.image, flags);
    }

    /** __submit_merged_write(META): send the meta bio under construction. */
    public void submitMerged(SimTask t) {
        metaIo.submitMerged(t);
    }

    // ------------------------------------------------------------------ dropping pages

    /** drop_caches on the meta inode: clean pages that no I/O holds go. Returns how many. */
    public int dropCleanPages() {
        int dropped = 0;
        for (var it = pages.values().iterator(); it.hasNext(); ) {
            MetaPage p = it.next();
            if (!p.dirty && p.writeback == 0 && !p.locked) {
                it.remove();
                dropped++;
            }
        }
        return dropped;
    }

    /**
     * invalidate_mapping_pages / truncate_inode_pages_range: clean pages of [from, to) go (node blocks read as meta
     * pages by restore_node_summary and by recovery).
     */
    public void invalidate(long from, long to) {
        for (var it = pages.subMap(from, to).values().iterator(); it.hasNext(); ) {
            MetaPage p = it.next();
            if (!p.dirty && p.writeback == 0 && !p.locked) it.remove();
        }
    }
}
