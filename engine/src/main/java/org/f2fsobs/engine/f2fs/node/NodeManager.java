package org.f2fsobs.engine.f2fs.node;

import static org.f2fsobs.engine.f2fs.F2fsConst.DEF_ADDRS_PER_BLOCK;
import org.f2fsobs.engine.f2fs.F2fsSbInfo.SbiFlag;
import org.f2fsobs.engine.f2fs.F2fsSbInfo.CountType;
import static org.f2fsobs.engine.f2fs.F2fsConst.DEF_ADDRS_PER_INODE;
import static org.f2fsobs.engine.f2fs.F2fsConst.NAT_ENTRY_PER_BLOCK;
import static org.f2fsobs.engine.f2fs.F2fsConst.NEW_ADDR;
import static org.f2fsobs.engine.f2fs.F2fsConst.NIDS_PER_BLOCK;
import static org.f2fsobs.engine.f2fs.F2fsConst.NODE_DIND_BLOCK;
import static org.f2fsobs.engine.f2fs.F2fsConst.NODE_DIR1_BLOCK;
import static org.f2fsobs.engine.f2fs.F2fsConst.NODE_DIR2_BLOCK;
import static org.f2fsobs.engine.f2fs.F2fsConst.NODE_IND1_BLOCK;
import static org.f2fsobs.engine.f2fs.F2fsConst.NODE_IND2_BLOCK;
import static org.f2fsobs.engine.f2fs.F2fsConst.NULL_ADDR;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.IntFunction;
import org.f2fsobs.engine.f2fs.F2fsConst;
import org.f2fsobs.engine.f2fs.F2fsException;
import org.f2fsobs.engine.f2fs.F2fsSbInfo;
import org.f2fsobs.engine.f2fs.data.IoPage;
import org.f2fsobs.engine.f2fs.data.PageType;
import org.f2fsobs.engine.f2fs.data.WriteIo;
import org.f2fsobs.engine.f2fs.ondisk.Blocks;
import org.f2fsobs.engine.f2fs.ondisk.NatBlock;
import org.f2fsobs.engine.f2fs.ondisk.NatJournalEntry;
import org.f2fsobs.engine.f2fs.ondisk.NodeImage;
import org.f2fsobs.engine.f2fs.segment.CursegType;
import org.f2fsobs.engine.f2fs.segment.SegmentManager;
import org.f2fsobs.engine.kernel.block.Bio;
import org.f2fsobs.engine.kernel.block.ReqOp;
import org.f2fsobs.engine.platform.CpuOp;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.WaitCount;
import org.f2fsobs.engine.sim.device.MetaImage;

/**
 * The node manager: {@code struct f2fs_nm_info} and fs/f2fs/node.c — the NAT (cache, journal, blocks with two
 * copies), nid allocation, the node page cache, get_node_path / f2fs_get_dnode_of_data, and node writeback with
 * fsync and dentry marks and the next-block-address chain in node footers.
 *
 * <p>Simplification: free nids come from a counter plus the nids freed by checkpoints, instead of scanning NAT
 * blocks (same result on the model's volumes).
 */
public final class NodeManager {
    private final F2fsSbInfo sbi;
    private final TreeMap<Integer, NatEntry> natCache = new TreeMap<>();
    private final TreeSet<Integer> dirtyNats = new TreeSet<>();
    private final TreeMap<Integer, NatEntry> natJournal = new TreeMap<>();   // entries of the HOT_DATA summary journal
    private final TreeSet<Integer> freeNids = new TreeSet<>();
    private final TreeMap<Integer, NodePage> nodePages = new TreeMap<>();
    private final BitSet natBitmap;
    private final int maxNid;
    private int nextFreeNid;
    long validNodeCount;
    long validInodeCount;
    private final WaitCount nodeWriteback;
    private final WriteIo[] nodeIo = new WriteIo[F2fsConst.NR_TEMP_TYPE];

    public NodeManager(F2fsSbInfo sbi, BitSet natBitmap, int nextFreeNid, long validNodeCount, long validInodeCount,
                       List<NatJournalEntry> journal) {
        this.sbi = sbi;
        this.natBitmap = natBitmap;
        this.maxNid = sbi.sb().natBlocks() * NAT_ENTRY_PER_BLOCK;
        this.nextFreeNid = nextFreeNid;
        this.validNodeCount = validNodeCount;
        this.validInodeCount = validInodeCount;
        this.nodeWriteback = new WaitCount(sbi.sim(), "node writeback");
        for (int i = 0; i < nodeIo.length; i++) nodeIo[i] = new WriteIo(sbi, PageType.NODE, i);
        for (NatJournalEntry e : journal) natJournal.put(e.nid(), new NatEntry(e.nid(), e.ino(), e.blkaddr(), e.version()));
    }

    public long validNodeCount() { return validNodeCount; }
    public long validInodeCount() { return validInodeCount; }
    public int nextFreeNid() { return nextFreeNid; }
    public BitSet natBitmap() { return natBitmap; }
    public WaitCount nodeWriteback() { return nodeWriteback; }
    public WriteIo nodeIo(int temp) { return nodeIo[temp]; }

    public List<NatJournalEntry> natJournal() {
        List<NatJournalEntry> out = new ArrayList<>();
        for (NatEntry e : natJournal.values()) out.add(new NatJournalEntry(e.nid, e.ino, e.blkaddr, e.version));
        return out;
    }

    // ================================================================== NAT

    /**
     * f2fs_get_node_info: the cache, then the journal, then the current copy of the NAT block (through the meta
     * mapping: a read when it is not cached).
     */
    public NatEntry getNodeInfo(SimTask t, int nid) {
        NatEntry e = natCache.get(nid);
        if (e != null) return e;
        NatEntry j = natJournal.get(nid);
        if (j != null) {
            e = new NatEntry(nid, j.ino, j.blkaddr, j.version);
        } else {
            NatBlock blk = sbi.meta().getNat(t, nid / NAT_ENTRY_PER_BLOCK);
            int i = nid % NAT_ENTRY_PER_BLOCK;
            e = new NatEntry(nid, blk.ino()[i], blk.blkaddr()[i], blk.version()[i]);
        }
        natCache.put(nid, e);
        return e;
    }

    /** current_nat_addr: which copy of a NAT block is current. */
    public long currentNatAddr(int blockOff) {
        long base = sbi.sb().natBlkaddr() + blockOff;
        return natBitmap.get(blockOff) ? base + sbi.sb().natBlocks() : base;
    }

    /**
     * The mount's free-nid scan (f2fs_build_free_nids from f2fs_build_node_manager): FREE_NID_PAGES NAT blocks from
     * the one holding next_free_nid, read ahead and then each read. Departure: the nids they show free are not
     * collected (allocation takes them from a counter, see the class comment); the reads are the kernel's.
     */
    public void buildFreeNids(SimTask t) {
        int start = nextFreeNid / NAT_ENTRY_PER_BLOCK;
        int blocks = sbi.sb().natBlocks();
        sbi.meta().raMetaPages(t, start, F2fsConst.FREE_NID_PAGES, org.f2fsobs.engine.f2fs.MetaType.NAT);
        for (int i = 0; i < Math.min(F2fsConst.FREE_NID_PAGES, blocks); i++) sbi.meta().getNat(t, (start + i) % blocks);
    }

    /**
     * set_node_addr: IS_CHECKPOINTED is cleared only for a node allocated or removed since the checkpoint (NEW_ADDR,
     * NULL_ADDR): a node the checkpoint knows stays "checkpointed" when it moves; the fsync flags go to the entry of
     * the node's inode (HAS_LAST_FSYNC for every write, HAS_FSYNCED_INODE when the inode page itself is fsync-marked).
     */
    private void setNodeAddr(SimTask t, int nid, long newAddr, boolean fsynced) {
        NatEntry e = getNodeInfo(t, nid);
        e.blkaddr = newAddr;
        if (!F2fsConst.isValidBlkaddr(newAddr)) e.checkpointed = false;
        if (!e.dirty) {
            e.dirty = true;
            dirtyNats.add(nid);
        }
        if (newAddr == NULL_ADDR) e.version++;
        NatEntry inodeEntry = nid == e.ino ? e : natCache.get(e.ino);
        if (inodeEntry != null) {
            if (fsynced && nid == e.ino) inodeEntry.fsyncedInode = true;
            inodeEntry.lastFsync = fsynced;
        }
        sbi.setSbiFlag(SbiFlag.SBI_IS_DIRTY);
    }

    /** f2fs_alloc_nid */
    public int allocNid() {
        Integer n = freeNids.pollFirst();
        if (n != null) return n;
        if (nextFreeNid >= maxNid) throw new F2fsException("ENOSPC", "no free node id (max " + maxNid + ")");
        return nextFreeNid++;
    }

    /**
     * f2fs_flush_nat_entries: dirty entries go to the HOT_DATA journal when they fit (38 entries), else every dirty
     * and journalled entry is written into its NAT block (the other copy, flipping the version bit). Returns the
     * NAT block images to write, keyed by block address. Entries now NULL free their nids.
     */
    public TreeMap<Long, NatBlock> flushNatEntries(SimTask t) {
        TreeMap<Long, NatBlock> out = new TreeMap<>();
        if (dirtyNats.isEmpty()) return out;
        TreeSet<Integer> newInJournal = new TreeSet<>(dirtyNats);
        newInJournal.removeAll(natJournal.keySet());
        if (natJournal.size() + newInJournal.size() <= F2fsConst.NAT_JOURNAL_ENTRIES) {
            for (int nid : dirtyNats) {
                NatEntry e = natCache.get(nid);
                natJournal.put(nid, new NatEntry(nid, e.ino, e.blkaddr, e.version));
            }
        } else {
            TreeMap<Integer, NatEntry> all = new TreeMap<>(natJournal);
            for (int nid : dirtyNats) all.put(nid, natCache.get(nid));
            natJournal.clear();
            TreeMap<Integer, List<NatEntry>> byBlock = new TreeMap<>();
            for (NatEntry e : all.values()) byBlock.computeIfAbsent(e.nid / NAT_ENTRY_PER_BLOCK, k -> new ArrayList<>()).add(e);
            for (var b : byBlock.entrySet()) {
                NatBlock cur = sbi.meta().getNat(t, b.getKey());     // get_next_nat_folio reads the current copy
                NatBlock next = new NatBlock(cur.startNid(), cur.ino().clone(), cur.blkaddr().clone(), cur.version().clone());
                for (NatEntry e : b.getValue()) {
                    int i = e.nid % NAT_ENTRY_PER_BLOCK;
                    next.ino()[i] = e.ino;
                    next.blkaddr()[i] = e.blkaddr;
                    next.version()[i] = e.version;
                }
                natBitmap.flip(b.getKey());          // set_to_next_nat
                out.put(currentNatAddr(b.getKey()), next);
            }
        }
        for (int nid : dirtyNats) {
            NatEntry e = natCache.get(nid);
            e.dirty = false;
            e.checkpointed = true;
            if (e.blkaddr == NULL_ADDR) {
                natCache.remove(nid);
                freeNids.add(nid);
            }
        }
        dirtyNats.clear();
        return out;
    }

    public int dirtyNatCount() {
        return dirtyNats.size();
    }

    // ================================================================== node pages

    private void setPageDirty(NodePage p) {
        if (!p.dirty) {
            p.dirty = true;
            sbi.incPageCount(CountType.F2FS_DIRTY_NODES);
        }
        sbi.setSbiFlag(SbiFlag.SBI_IS_DIRTY);
    }

    /** Marks a node page dirty after its content changed (set_page_dirty on a node page). */
    public void markDirty(NodePage p) {
        setPageDirty(p);
    }

    /** f2fs_new_inode_page / f2fs_new_node_page for an inode: nid = ino. */
    public NodePage newInodePage(SimTask t, int ino) {
        NodePage p = newNodePage(t, ino, ino, NodeKind.INODE, 0);
        validInodeCount++;
        return p;
    }

    /** f2fs_new_node_page: a node with a NEW_ADDR NAT entry, dirty, counted as valid. */
    NodePage newNodePage(SimTask t, int ino, int nid, NodeKind kind, int ofs) {
        NatEntry e = natCache.get(nid);
        byte version = e == null ? 0 : e.version;
        NatEntry ne = new NatEntry(nid, ino, NEW_ADDR, version);
        ne.checkpointed = false;
        natCache.put(nid, ne);
        NodePage p = new NodePage(nid, ino, kind, ofs);
        nodePages.put(nid, p);
        validNodeCount++;
        setPageDirty(p);
        sbi.cpu(t, CpuOp.NODE_PAGE, 1);
        return p;
    }

    /** f2fs_get_node_page: the cached page, or a synchronous read of the node block (footer checked). */
    public NodePage getNodePage(SimTask t, int nid) {
        NodePage p = nodePages.get(nid);
        sbi.cpu(t, CpuOp.PAGE_CACHE_LOOKUP, 1);
        if (p != null) return p;
        NatEntry e = getNodeInfo(t, nid);
        if (!F2fsConst.isValidBlkaddr(e.blkaddr)) {
            throw new F2fsException("EFSCORRUPTED", "node " + nid + " has no block (NAT " + e.blkaddr + ")");
        }
        MetaImage img = readNodeBlock(t, e.blkaddr);
        NodeImage ni = Blocks.node(img);
        if (ni == null || ni.nid() != nid || ni.ino() != e.ino) {
            throw new F2fsException("EFSCORRUPTED", "node " + nid + " at block " + e.blkaddr
                    + ": footer does not match the NAT (found " + Blocks.describe(img) + ")");
        }
        p = NodePage.fromImage(ni);
        p.blkaddr = e.blkaddr;
        nodePages.put(nid, p);
        return p;
    }

    /** read_node_folio: one node block, a synchronous one-page bio through the block layer (counted as a node read). */
    private MetaImage readNodeBlock(SimTask t, long blkaddr) {
        Bio bio = new Bio(ReqOp.READ, Bio.REQ_SYNC | Bio.REQ_META, blkaddr, 1);
        bio.addRead(null);
        sbi.stat().metaRead(org.f2fsobs.engine.f2fs.MetaType.NODE);
        sbi.rq().submitAndWait(t, bio);
        return bio.meta(0);
    }

    public NodePage cachedNodePage(int nid) {
        return nodePages.get(nid);
    }

    /**
     * The f2fs shrinker's f2fs_try_to_free_nats under drop_caches: clean NAT entries leave the cache (a later lookup
     * reads the NAT block again). Entries a checkpoint has not written yet stay. Returns how many went.
     */
    public int dropCleanNatEntries() {
        int dropped = 0;
        for (var it = natCache.values().iterator(); it.hasNext(); ) {
            NatEntry e = it.next();
            if (!e.dirty && e.checkpointed) {
                it.remove();
                dropped++;
            }
        }
        return dropped;
    }

    /** Drops clean node pages from the cache (drop_caches on the node inode's mapping). */
    public int dropCleanNodePages() {
        int dropped = 0;
        for (var it = nodePages.values().iterator(); it.hasNext(); ) {
            NodePage p = it.next();
            // an inode the inode cache still holds keeps its inode page (F2fsInode points at it; dropping it would
            // leave later updates on a page no sync can find)
            if (p.kind == NodeKind.INODE && sbi.icache() != null && sbi.icache().cached(p.nid) != null) continue;
            if (!p.dirty && p.writeback == 0) {
                it.remove();
                dropped++;
            }
        }
        return dropped;
    }

    // ================================================================== index tree (node.c)

    /** get_node_path: returns the level; offset[] and noffset[] as the kernel fills them. */
    public static int getNodePath(long block, int[] offset, int[] noffset) {
        final long directIndex = DEF_ADDRS_PER_INODE;
        final long directBlks = DEF_ADDRS_PER_BLOCK;
        final long dptrsPerBlk = NIDS_PER_BLOCK;
        final long indirectBlks = directBlks * NIDS_PER_BLOCK;
        final long dindirectBlks = indirectBlks * NIDS_PER_BLOCK;
        int n = 0;
        noffset[0] = 0;
        if (block < directIndex) {
            offset[n] = (int) block;
            return 0;
        }
        block -= directIndex;
        if (block < directBlks) {
            offset[n++] = NODE_DIR1_BLOCK;
            noffset[n] = 1;
            offset[n] = (int) block;
            return 1;
        }
        block -= directBlks;
        if (block < directBlks) {
            offset[n++] = NODE_DIR2_BLOCK;
            noffset[n] = 2;
            offset[n] = (int) block;
            return 1;
        }
        block -= directBlks;
        if (block < indirectBlks) {
            offset[n++] = NODE_IND1_BLOCK;
            noffset[n] = 3;
            offset[n++] = (int) (block / directBlks);
            noffset[n] = 4 + offset[n - 1];
            offset[n] = (int) (block % directBlks);
            return 2;
        }
        block -= indirectBlks;
        if (block < indirectBlks) {
            offset[n++] = NODE_IND2_BLOCK;
            noffset[n] = (int) (4 + dptrsPerBlk);
            offset[n++] = (int) (block / directBlks);
            noffset[n] = (int) (5 + dptrsPerBlk + offset[n - 1]);
            offset[n] = (int) (block % directBlks);
            return 2;
        }
        block -= indirectBlks;
        if (block < dindirectBlks) {
            offset[n++] = NODE_DIND_BLOCK;
            noffset[n] = (int) (5 + dptrsPerBlk * 2);
            offset[n++] = (int) (block / indirectBlks);
            noffset[n] = (int) (6 + dptrsPerBlk * 2 + offset[n - 1] * (dptrsPerBlk + 1));
            offset[n++] = (int) ((block / directBlks) % dptrsPerBlk);
            noffset[n] = (int) (7 + dptrsPerBlk * 2 + offset[n - 2] * (dptrsPerBlk + 1) + offset[n - 1]);
            offset[n] = (int) (block % directBlks);
            return 3;
        }
        throw new F2fsException("EFBIG", "file block " + block + " beyond the double indirect tree");
    }

    private static int childNid(NodePage parent, int off) {
        return parent.kind == NodeKind.INODE ? parent.nids[off - NODE_DIR1_BLOCK] : parent.nids[off];
    }

    private void setChildNid(NodePage parent, int off, int nid) {
        if (parent.kind == NodeKind.INODE) parent.nids[off - NODE_DIR1_BLOCK] = nid;
        else parent.nids[off] = nid;
        setPageDirty(parent);
    }

    /**
     * f2fs_get_dnode_of_data: walks from the inode page to the dnode holding file block {@code index}; with
     * {@code alloc} (ALLOC_NODE) missing nodes are created, else null is returned when a node is missing.
     */
    public DnodeOfData getDnodeOfData(SimTask t, NodePage inodePage, long index, boolean alloc) {
        int[] offset = new int[4];
        int[] noffset = new int[4];
        int level = getNodePath(index, offset, noffset);
        NodePage parent = inodePage;
        for (int i = 1; i <= level; i++) {
            int nid = childNid(parent, offset[i - 1]);
            NodePage child;
            if (nid == 0) {
                if (!alloc) return null;
                nid = allocNid();
                child = newNodePage(t, inodePage.ino, nid, i == level ? NodeKind.DIRECT : NodeKind.INDIRECT, noffset[i]);
                setChildNid(parent, offset[i - 1], nid);
            } else {
                child = getNodePage(t, nid);
            }
            parent = child;
        }
        return new DnodeOfData(inodePage, parent, offset[level]);
    }

    /** f2fs_update_data_blkaddr / f2fs_set_data_blkaddr: the dnode slot takes a new address; the dnode gets dirty. */
    public void setDataBlkaddr(DnodeOfData dn, long blkaddr) {
        dn.nodePage().addrs[dn.ofsInNode()] = blkaddr;
        setPageDirty(dn.nodePage());
    }

    /** Every node page of one inode currently cached, ascending nid. */
    public List<NodePage> nodePagesOf(int ino) {
        List<NodePage> out = new ArrayList<>();
        for (NodePage p : nodePages.values()) if (p.ino == ino) out.add(p);
        return out;
    }

    // ================================================================== node writeback

    /** Log of a node page (__get_segment_type_6 for nodes). */
    CursegType nodeType(NodePage p) {
        if (p.kind == NodeKind.INDIRECT) return CursegType.COLD_NODE;
        NodePage inode = p.kind == NodeKind.INODE ? p : nodePages.get(p.ino);
        boolean dir = inode != null && inode.inode.directory;
        return dir ? CursegType.HOT_NODE : CursegType.WARM_NODE;
    }

    /**
     * __write_node_page / f2fs_do_write_node_page: allocate the node block on its log (the footer records the next
     * free address of that log), update the NAT and send it through the node write-merge context. The write's
     * completion decrements {@link #nodeWriteback()}.
     */
    public void writeNodePage(SimTask t, NodePage p, boolean fsyncMark, boolean dentryMark, int reqFlags) {
        if (!p.dirty) return;
        sbi.nodeWrite().downRead(t);
        try {
            NatEntry e = getNodeInfo(t, p.nid);
            long old = e.blkaddr;
            p.fsyncMark = fsyncMark;
            p.dentryMark = dentryMark;
            CursegType type = nodeType(p);
            SegmentManager sm = sbi.smI();
            long cpVer = sbi.cp().checkpointVer();
            p.dirty = false;
            sbi.decPageCount(CountType.F2FS_DIRTY_NODES);
            p.writeback++;
            nodeWriteback.inc();
            sbi.cpu(t, CpuOp.NODE_PAGE, 1);
            long newAddr = sm.allocateDataBlock(t, F2fsConst.isValidBlkaddr(old) ? old : NULL_ADDR, type,
                    new SegmentManager.Summary(p.nid, 0, e.version), addr -> {
                        NodeImage img = p.image(cpVer, sm.nextFreeBlkaddr(type));
                        nodeIo[type.temp()].submitPageWrite(t, addr, new NodeWrite(p), img, reqFlags);
                    });
            p.blkaddr = newAddr;
            setNodeAddr(t, p.nid, newAddr, fsyncMark);
            sbi.stat().nodeBlocksWritten++;
            if (fsyncMark) sbi.stat().rfNodeBlocks++;
        } finally {
            sbi.nodeWrite().upRead(t);
        }
    }

    /**
     * f2fs_move_node_page (FG_GC): wait for the page's writeback, dirty it and write it (WB_SYNC_ALL) to its log with
     * __write_node_page(atomic = false), which leaves the footer's fsync and dentry marks as the page last had them.
     */
    public void moveNodePage(SimTask t, NodePage p) {
        if (p.underWriteback()) {
            submitMergedNodeWrites(t);
            nodeWriteback.awaitZero(t);              // coarse: every node write in flight (the model has no per-page wait)
        }
        setPageDirty(p);
        writeNodePage(t, p, p.fsyncMark, p.dentryMark, Bio.REQ_SYNC);
    }

    private final class NodeWrite implements IoPage {
        private final NodePage page;

        NodeWrite(NodePage page) {
            this.page = page;
        }

        @Override
        public void endWrite(int status) {
            page.writeback--;
            nodeWriteback.dec();
        }
    }

    /** Submits the node bios under construction (f2fs_submit_merged_write(NODE)). */
    public void submitMergedNodeWrites(SimTask t) {
        for (WriteIo io : nodeIo) io.submitMerged(t);
    }

    /**
     * f2fs_sync_node_pages (WB_SYNC_ALL, at checkpoint): indirect nodes, then directory dnodes, then file dnodes.
     * Returns the number of pages written.
     */
    public int syncNodePages(SimTask t) {
        int written = 0;
        for (int step = 0; step < 3; step++) {
            List<NodePage> todo = new ArrayList<>();
            for (NodePage p : nodePages.values()) {
                if (!p.dirty) continue;
                boolean indirect = p.kind == NodeKind.INDIRECT;
                boolean dirDnode = !indirect && nodeType(p) == CursegType.HOT_NODE;
                if ((step == 0 && indirect) || (step == 1 && dirDnode) || (step == 2 && !indirect && !dirDnode)) todo.add(p);
            }
            for (NodePage p : todo) {
                writeNodePage(t, p, false, false, Bio.REQ_SYNC);
                written++;
            }
        }
        submitMergedNodeWrites(t);
        return written;
    }

    /**
     * f2fs_fsync_node_pages: write the inode's dirty dnodes with the fsync mark (every one in non-atomic mode) and
     * the dentry mark on the inode page when its dentry is not checkpointed yet; returns how many were written.
     */
    public int fsyncNodePages(SimTask t, int ino, boolean dentryMark) {
        return fsyncNodePages(t, ino, dentryMark, false);
    }

    /**
     * f2fs_fsync_node_pages with {@code atomic} (fsync_mode=strict, 6.14): only the last dirty dnode of the inode
     * (last_fsync_dnode: the highest nid) is fsync-marked, and it goes with REQ_PREFLUSH | REQ_FUA (unless nobarrier),
     * which makes the data and the earlier dnodes durable before it and itself durable; the others are written
     * unmarked. No dirty dnode: nothing is written (the caller's f2fs_need_inode_block_update then dirties the inode).
     */
    public int fsyncNodePages(SimTask t, int ino, boolean dentryMark, boolean atomic) {
        NodePage last = null;
        if (atomic) {
            for (NodePage p : nodePagesOf(ino)) if (p.dirty && p.isDnode()) last = p;
            if (last == null) return 0;
        }
        int written = 0;
        for (NodePage p : nodePagesOf(ino)) {
            if (!p.dirty || !p.isDnode()) continue;
            boolean mark = !atomic || p == last;
            int flags = Bio.REQ_SYNC | (atomic && p == last && !sbi.opts().nobarrier() ? Bio.REQ_PREFLUSH | Bio.REQ_FUA : 0);
            writeNodePage(t, p, mark, mark && p.kind == NodeKind.INODE && dentryMark, flags);
            written++;
        }
        submitMergedNodeWrites(t);
        return written;
    }

    /**
     * f2fs_need_inode_block_update: the inode page must be written (fsync-marked) unless the inode's last node write
     * was fsync-marked and the inode is known to the checkpoint or was itself fsynced.
     */
    public boolean needInodeBlockUpdate(SimTask t, int ino) {
        NatEntry e = natCache.get(ino);
        return !(e != null && e.lastFsync && (e.checkpointed || e.fsyncedInode));
    }

    /** f2fs_need_dentry_mark: the inode's NAT entry was never checkpointed with the inode's current dentry. */
    public boolean needDentryMark(SimTask t, int ino) {
        NatEntry e = getNodeInfo(t, ino);
        return !e.checkpointed && !e.fsyncedInode;
    }

    /** f2fs_is_checkpointed_node */
    public boolean isCheckpointedNode(SimTask t, int nid) {
        return getNodeInfo(t, nid).checkpointed;
    }

    /** Count of dirty node pages of one inode (for tests and fsync decisions). */
    public int dirtyNodePagesOf(int ino) {
        int n = 0;
        for (NodePage p : nodePages.values()) if (p.ino == ino && p.dirty) n++;
        return n;
    }

    // ================================================================== removal

    /** Invalidate a node's block and free its nid at the next checkpoint (truncate_node). */
    public void truncateNode(SimTask t, NodePage p) {
        NatEntry e = getNodeInfo(t, p.nid);
        if (F2fsConst.isValidBlkaddr(e.blkaddr)) sbi.smI().invalidateBlocks(t, e.blkaddr, 1);
        if (p.dirty) {
            p.dirty = false;
            sbi.decPageCount(CountType.F2FS_DIRTY_NODES);
        }
        setNodeAddr(t, p.nid, NULL_ADDR, false);
        nodePages.remove(p.nid);
        validNodeCount--;
        if (p.kind == NodeKind.INODE) validInodeCount--;
    }

    // ================================================================== recovery support

    /** Installs a node page read during roll-forward recovery (f2fs_recover_inode_page and friends). */
    public NodePage installRecovered(SimTask t, NodeImage img, long blkaddr) {
        NodePage p = NodePage.fromImage(img);
        NatEntry e = natCache.get(img.nid());
        if (e == null) {
            e = getNodeInfo(t, img.nid());
        }
        boolean wasNew = !F2fsConst.isValidBlkaddr(e.blkaddr) || nodePages.get(img.nid()) == null && e.ino == 0;
        nodePages.put(img.nid(), p);
        if (!F2fsConst.isValidBlkaddr(e.blkaddr)) {
            validNodeCount++;
            if (img.kind() == NodeKind.INODE) validInodeCount++;
        }
        e.ino = img.ino();
        p.blkaddr = blkaddr;
        return p;
    }

    /** During recovery: the node now lives at {@code blkaddr} (its old block, if any, is released). */
    public void recoverNodeAddr(SimTask t, int nid, long blkaddr) {
        NatEntry e = getNodeInfo(t, nid);
        if (F2fsConst.isValidBlkaddr(e.blkaddr) && e.blkaddr != blkaddr) sbi.smI().invalidateBlocks(t, e.blkaddr, 1);
        setNodeAddr(t, nid, blkaddr, false);
        if (nid >= nextFreeNid) nextFreeNid = nid + 1;
        freeNids.remove(nid);
    }

    /**
     * Every NAT entry — the current NAT blocks, as {@code natBlock} gives them by block offset (null for one never
     * written), under the journal and the cache — for the checker (ascending nid). The checker reads those blocks from
     * the device directly, as fsck.f2fs (a program of its own, f2fs-tools) does: see Fsck.natEntries.
     */
    public TreeMap<Integer, NatEntry> allNatEntries(IntFunction<NatBlock> natBlock) {
        TreeMap<Integer, NatEntry> all = new TreeMap<>();
        int blocks = sbi.sb().natBlocks();
        for (int b = 0; b < blocks; b++) {
            NatBlock nb = natBlock.apply(b);
            if (nb == null) continue;
            for (int i = 0; i < NAT_ENTRY_PER_BLOCK; i++) {
                if (nb.blkaddr()[i] != NULL_ADDR) all.put(nb.startNid() + i, new NatEntry(nb.startNid() + i, nb.ino()[i], nb.blkaddr()[i], nb.version()[i]));
            }
        }
        for (NatEntry e : natJournal.values()) all.put(e.nid, e);
        for (NatEntry e : natCache.values()) all.put(e.nid, e);
        all.values().removeIf(e -> e.blkaddr == NULL_ADDR);
        return all;
    }
}
