package org.f2fsobs.engine.f2fs.gc;

import static org.f2fsobs.engine.f2fs.F2fsConst.NAT_ENTRY_PER_BLOCK;
import static org.f2fsobs.engine.f2fs.F2fsConst.NIDS_PER_BLOCK;

import java.util.LinkedHashMap;
import org.f2fsobs.engine.f2fs.F2fsConst;
import org.f2fsobs.engine.f2fs.F2fsSbInfo;
import org.f2fsobs.engine.f2fs.MetaType;
import org.f2fsobs.engine.f2fs.data.DataReader;
import org.f2fsobs.engine.f2fs.data.DataWriter;
import org.f2fsobs.engine.f2fs.inode.F2fsInode;
import org.f2fsobs.engine.f2fs.node.DnodeOfData;
import org.f2fsobs.engine.f2fs.node.NatEntry;
import org.f2fsobs.engine.f2fs.node.NodeManager;
import org.f2fsobs.engine.f2fs.node.NodePage;
import org.f2fsobs.engine.f2fs.ondisk.SummaryBlock;
import org.f2fsobs.engine.f2fs.segment.CursegType;
import org.f2fsobs.engine.f2fs.segment.SegmentManager;
import org.f2fsobs.engine.kernel.block.Bio;
import org.f2fsobs.engine.kernel.block.ReqOp;
import org.f2fsobs.engine.kernel.mm.AddressSpace;
import org.f2fsobs.engine.kernel.mm.CachePage;
import org.f2fsobs.engine.platform.CpuOp;
import org.f2fsobs.engine.sim.SimTask;

/**
 * Migration of one victim segment (fs/f2fs/gc.c): gc_node_segment (phases: NAT readahead, then each live node —
 * its NAT address still the block's — rewritten by f2fs_move_node_page) and gc_data_segment (phases: NAT readahead,
 * is_alive against the dnode the summary names, f2fs_iget and the data page read into the page cache, then
 * move_data_page, or move_data_block for inodes whose data needs post-read work: compressed files). The summary
 * block says who owns each block; the SIT's current valid map says whether it is still live.
 *
 * <p>Departures: the node readahead phases (f2fs_ra_node_page of the dnode and of the inode) are not issued — the
 * node is read synchronously when first needed; i_gc_rwsem is not modelled (nothing else takes it in the model).
 */
final class GcMigration {
    private final F2fsSbInfo sbi;
    private final DataWriter writer;
    private final DataReader reader;

    GcMigration(F2fsSbInfo sbi, DataWriter writer, DataReader reader) {
        this.sbi = sbi;
        this.writer = writer;
        this.reader = reader;
    }

    /** check_valid_map: the block's bit in the current valid map, read under sentry_lock. */
    boolean checkValidMap(SimTask t, int segno, int off) {
        sbi.sitI().sentryLock().downRead(t);
        try {
            sbi.cpu(t, CpuOp.SEG_ENTRY_READ, 1);
            return sbi.smI().getSegEntry(segno).curValid(off);
        } finally {
            sbi.sitI().sentryLock().upRead(t);
        }
    }

    // ================================================================== node segments

    /** gc_node_segment (FG_GC): returns the node pages submitted. */
    int gcNodeSegment(SimTask t, SummaryBlock sum, int segno) {
        long startAddr = sbi.layout().startBlock(segno);
        NodeManager nm = sbi.nmI();
        int submitted = 0;
        for (int phase = 0; phase < 3; phase++) {
            for (int off = 0; off < F2fsConst.BLKS_PER_SEG; off++) {
                int nid = sum.nid()[off];
                if (!checkValidMap(t, segno, off)) continue;
                if (phase == 0) {
                    sbi.meta().raMetaPages(t, nid / NAT_ENTRY_PER_BLOCK, 1, MetaType.NAT);
                    continue;
                }
                if (phase == 1) continue;                     // f2fs_ra_node_page: not issued (class comment)
                NatEntry ni = nm.getNodeInfo(t, nid);
                if (ni.blkaddr() != startAddr + off) continue;
                NodePage page = nm.getNodePage(t, nid);
                if (!checkValidMap(t, segno, off)) continue;  // may become invalid during f2fs_get_node_page
                moveNodePage(t, page);
                submitted++;
                sbi.stat().gcNodeBlocks++;
            }
        }
        return submitted;
    }

    /** f2fs_move_node_page (FG_GC). */
    private void moveNodePage(SimTask t, NodePage page) {
        sbi.nmI().moveNodePage(t, page);
    }

    // ================================================================== data segments

    /** What is_alive found: the owner inode and the dnode's offset in the inode's tree. */
    private record Alive(int ino, int nofs) {}

    /** gc_data_segment (FG_GC, no forced migration): returns the pages submitted. */
    int gcDataSegment(SimTask t, SummaryBlock sum, LinkedHashMap<Integer, F2fsInode> gcList, int segno) {
        long startAddr = sbi.layout().startBlock(segno);
        SegmentManager sm = sbi.smI();
        int submitted = 0;
        for (int phase = 0; phase < 5; phase++) {
            for (int off = 0; off < F2fsConst.BLKS_PER_SEG; off++) {
                int nid = sum.nid()[off];
                // stop GC if the section became fully valid (racing SSR allocation)
                if (sm.getValidBlocks(segno, true) == sbi.layout().blocksPerSec) return submitted;
                if (!checkValidMap(t, segno, off)) continue;
                if (phase == 0) {
                    sbi.meta().raMetaPages(t, nid / NAT_ENTRY_PER_BLOCK, 1, MetaType.NAT);
                    continue;
                }
                if (phase == 1) continue;                     // f2fs_ra_node_page: not issued (class comment)
                Alive alive = isAlive(t, nid, sum.ofsInNode()[off], startAddr + off);
                if (alive == null || phase == 2) continue;    // phase 2: f2fs_ra_node_page(ino), not issued
                int ofsInNode = sum.ofsInNode()[off];
                if (phase == 3) {
                    F2fsInode inode = sbi.icache().iget(t, alive.ino());
                    long bidx = startBidxOfNode(alive.nofs()) + ofsInNode;
                    if (!inode.compressed) readDataPage(t, inode, bidx);   // f2fs_get_read_data_page(REQ_RAHEAD)
                    gcList.putIfAbsent(inode.ino, inode);                  // add_gc_inode
                    continue;
                }
                F2fsInode inode = gcList.get(alive.ino());                  // phase 4: find_gc_inode
                if (inode == null) continue;
                long bidx = startBidxOfNode(alive.nofs()) + ofsInNode;
                boolean moved = inode.compressed ? moveDataBlock(t, inode, bidx, segno, off) : moveDataPage(t, inode, bidx, segno, off);
                if (moved) {
                    submitted++;
                    sbi.stat().gcDataBlocks++;
                }
            }
        }
        return submitted;
    }

    /**
     * is_alive: the dnode the summary names still points at {@code blkaddr}. A node that no longer exists (its NAT
     * entry has no block and it is not cached) means the block is dead.
     */
    private Alive isAlive(SimTask t, int nid, int ofsInNode, long blkaddr) {
        NodeManager nm = sbi.nmI();
        NodePage node = nm.cachedNodePage(nid);
        if (node == null) {
            NatEntry e = nm.getNodeInfo(t, nid);
            if (!F2fsConst.isValidBlkaddr(e.blkaddr())) return null;
            node = nm.getNodePage(t, nid);
        }
        if (!node.isDnode()) return null;
        if (ofsInNode >= node.addrs.length) return null;   // Inconsistent blkaddr offset
        if (node.dataBlkaddr(ofsInNode) != blkaddr) return null;
        return new Alive(node.ino, node.ofs);
    }

    /** f2fs_start_bidx_of_node: the first file block a dnode at node offset {@code nodeOfs} maps. */
    static long startBidxOfNode(int nodeOfs) {
        int indirectBlks = 2 * NIDS_PER_BLOCK + 4;
        if (nodeOfs == 0) return 0;
        long bidx;
        if (nodeOfs <= 2) {
            bidx = nodeOfs - 1;
        } else if (nodeOfs <= indirectBlks) {
            int dec = (nodeOfs - 4) / (NIDS_PER_BLOCK + 1);
            bidx = nodeOfs - 2 - dec;
        } else {
            int dec = (nodeOfs - indirectBlks - 3) / (NIDS_PER_BLOCK + 1);
            bidx = nodeOfs - 5 - dec;
        }
        return bidx * F2fsConst.DEF_ADDRS_PER_BLOCK + F2fsConst.DEF_ADDRS_PER_INODE;
    }

    /** f2fs_get_read_data_page(REQ_RAHEAD): an uncached page is read asynchronously. */
    private void readDataPage(SimTask t, F2fsInode inode, long bidx) {
        AddressSpace m = inode.mapping();
        if (m.lookup(t, bidx) != null) return;
        CachePage p = m.add(t, bidx);
        p.lock();
        reader.readahead(t, inode, bidx, 1);
    }

    /**
     * move_data_page (FG_GC): the page (read if it is not cached), still the live block's, written out of place to
     * COLD_DATA at once (set_page_private_gcing; f2fs_do_write_data_page with REQ_SYNC). A dirty page is written with
     * its newer content and is clean afterwards.
     */
    private boolean moveDataPage(SimTask t, F2fsInode inode, long bidx, int segno, int off) {
        CachePage p = reader.readPage(t, inode, bidx);         // f2fs_get_lock_data_page
        if (!checkValidMap(t, segno, off)) return false;
        AddressSpace m = inode.mapping();
        if (p.writeback()) {                                   // f2fs_wait_on_page_writeback
            for (var io : sbi.dataIo()) io.submitMergedCond(t, inode.ino);
            m.waitWriteback(t);                                // coarse: the file's writeback (no per-page wait)
        }
        if (m.setDirty(p)) writer.incDirty(inode);
        if (m.clearDirtyForIo(p)) writer.decDirty(inode);
        writer.gcWriteDataPage(t, inode, p);
        return true;
    }

    /**
     * move_data_block: the block itself read (a synchronous one-page bio, after the merged data writes that may
     * hold it are sent: f2fs_wait_on_block_writeback), a new COLD_DATA block allocated with the same summary, the
     * content written there (REQ_SYNC) and the dnode pointed at it; the page cache is not involved.
     */
    private boolean moveDataBlock(SimTask t, F2fsInode inode, long bidx, int segno, int off) {
        if (!checkValidMap(t, segno, off)) return false;
        NodeManager nm = sbi.nmI();
        DnodeOfData dn = nm.getDnodeOfData(t, inode.inodePage(), bidx, false);
        if (dn == null || !F2fsConst.isValidBlkaddr(dn.dataBlkaddr())) return false;
        long old = dn.dataBlkaddr();
        for (var io : sbi.dataIo()) io.submitMerged(t);
        Bio read = new Bio(ReqOp.READ, Bio.REQ_SYNC, old, 1);
        read.addRead(null);
        sbi.rq().submitAndWait(t, read);
        sbi.stat().dataBlocksRead++;
        long ref = read.ref(0), tag = read.tag(0);
        var meta = read.meta(0);
        byte version = nm.getNodeInfo(t, dn.nid()).version();
        var io = sbi.dataIo()[CursegType.COLD_DATA.temp()];
        sbi.wbCpData().inc();
        long newAddr = sbi.smI().allocateDataBlock(t, old, CursegType.COLD_DATA,
                new SegmentManager.Summary(dn.nid(), dn.ofsInNode(), version),
                a -> io.submitPageWrite(t, a, status -> sbi.wbCpData().dec(), ref, tag, meta, Bio.REQ_SYNC, inode.ino));
        nm.setDataBlkaddr(dn, newAddr);
        inode.fiAppendWrite = true;
        return true;
    }
}
