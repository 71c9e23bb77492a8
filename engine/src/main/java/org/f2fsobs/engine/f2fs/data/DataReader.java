package org.f2fsobs.engine.f2fs.data;

import org.f2fsobs.engine.f2fs.F2fsConst;
import org.f2fsobs.engine.f2fs.F2fsSbInfo;
import org.f2fsobs.engine.f2fs.inode.F2fsInode;
import org.f2fsobs.engine.f2fs.node.DnodeOfData;
import org.f2fsobs.engine.kernel.block.Bio;
import org.f2fsobs.engine.kernel.block.ReqOp;
import org.f2fsobs.engine.kernel.mm.AddressSpace;
import org.f2fsobs.engine.kernel.mm.CachePage;
import org.f2fsobs.engine.platform.CpuOp;
import org.f2fsobs.engine.sim.SimTask;

/**
 * The read side of fs/f2fs/data.c: f2fs_readahead → f2fs_mpage_readpages. Each page is mapped with
 * f2fs_map_blocks (the longest physically contiguous run from that page, reused while inside it), joins the bio
 * under construction when its block follows the last one, and otherwise starts a new bio — so a sequential read
 * issues one request per physical extent. Holes and pages beyond EOF are zero-filled without I/O.
 */
public final class DataReader {
    private final F2fsSbInfo sbi;
    private ClusterReader clusterReader;

    public DataReader(F2fsSbInfo sbi) {
        this.sbi = sbi;
    }

    /** Reads of compressed inodes, installed by the compression layer. */
    public interface ClusterReader {
        void readahead(SimTask t, F2fsInode inode, long start, int nr);
    }

    public void setClusterReader(ClusterReader r) {
        this.clusterReader = r;
    }

    /** A physically contiguous run found by f2fs_map_blocks: pblk < 0 means a hole. */
    public record Run(long lblk, long pblk, int len) {}

    public void readahead(SimTask t, F2fsInode inode, long start, int nr) {
        if (inode.compressed && clusterReader != null) {
            clusterReader.readahead(t, inode, start, nr);
            return;
        }
        mpageReadpages(t, inode, start, nr);
    }

    void mpageReadpages(SimTask t, F2fsInode inode, long start, int nr) {
        AddressSpace m = inode.mapping();
        long lastBlockInFile = (inode.isize + 4095) >>> 12;
        Bio bio = null;
        long lastBlk = -2;
        Run run = null;
        sbi.rq().startPlug(t);
        try {
            for (long idx = start; idx < start + nr; idx++) {
                CachePage p = m.find(idx);
                if (p == null) continue;
                if (idx >= lastBlockInFile) {
                    zeroPage(p);
                    continue;
                }
                if (run == null || idx < run.lblk || idx >= run.lblk + run.len) {
                    run = mapBlocks(t, inode, idx, (int) (start + nr - idx));
                }
                if (run.pblk < 0) {
                    zeroPage(p);
                    continue;
                }
                long blk = run.pblk + (idx - run.lblk);
                if (bio != null && (blk != lastBlk + 1 || bio.full())) {
                    sbi.rq().submit(t, bio);
                    bio = null;
                }
                if (bio == null) {
                    bio = new Bio(ReqOp.READ, Bio.REQ_RAHEAD, blk, (int) Math.min(Bio.BIO_MAX_VECS, start + nr - idx))
                            .endIo(DataReader::readEndIo);
                }
                bio.addRead(new PageRead(p));
                sbi.cpu(t, CpuOp.READ_PAGE, 1);
                lastBlk = blk;
                sbi.stat().dataBlocksRead++;
            }
            if (bio != null) sbi.rq().submit(t, bio);
        } finally {
            sbi.rq().finishPlug(t);
        }
    }

    private void zeroPage(CachePage p) {
        p.ref = sbi.registry().zeroRef();
        p.tag = 0;
        p.setUptodate();
        p.unlock();
    }

    /**
     * f2fs_map_blocks(F2FS_GET_BLOCK_DEFAULT): from file block {@code lblk}, the longest run of consecutive valid
     * block addresses (across dnodes), at most {@code maxLen}; or the extent of a hole.
     */
    public Run mapBlocks(SimTask t, F2fsInode inode, long lblk, int maxLen) {
        sbi.cpu(t, CpuOp.MAP_BLOCKS, 1);
        DnodeOfData dn = sbi.nmI().getDnodeOfData(t, inode.inodePage(), lblk, false);
        if (dn == null || !F2fsConst.isValidBlkaddr(dn.dataBlkaddr())) return new Run(lblk, -1, 1);
        long first = dn.dataBlkaddr();
        int len = 1;
        long idx = lblk + 1;
        while (len < maxLen) {
            int ofs = dn.ofsInNode() + len;
            long next;
            if (ofs < dn.nodePage().addrs.length) {
                next = dn.nodePage().addrs[ofs];
            } else {
                DnodeOfData dn2 = sbi.nmI().getDnodeOfData(t, inode.inodePage(), idx, false);
                if (dn2 == null) break;
                next = dn2.dataBlkaddr();
                dn = new DnodeOfData(dn2.inodePage(), dn2.nodePage(), dn2.ofsInNode() - len);
            }
            if (next != first + len) break;
            len++;
            idx++;
        }
        return new Run(lblk, first, len);
    }

    private static void readEndIo(Bio b) {
        for (int i = 0; i < b.vcnt(); i++) {
            if (b.page(i) instanceof IoPage io) io.endRead(b.status(), b.ref(i), b.tag(i), b.meta(i));
        }
    }

    /** Completion of one page read: content in, uptodate, unlocked (f2fs_read_end_io → f2fs_finish_read_bio). */
    public static final class PageRead implements IoPage {
        private final CachePage page;

        public PageRead(CachePage page) {
            this.page = page;
        }

        @Override
        public void endWrite(int status) {
            throw new IllegalStateException("read page written");
        }

        @Override
        public void endRead(int status, long ref, long tag, org.f2fsobs.engine.sim.device.MetaImage meta) {
            page.ref = ref;
            page.tag = tag;
            page.meta = meta;
            page.setUptodate();
            page.unlock();
        }
    }

    /** Reads one page synchronously if it is not cached (f2fs_get_read_data_page for directory blocks). */
    public CachePage readPage(SimTask t, F2fsInode inode, long index) {
        AddressSpace m = inode.mapping();
        CachePage p = m.lookup(t, index);
        if (p == null) {
            p = m.add(t, index);
            p.lock();
            readahead(t, inode, index, 1);
        }
        if (!p.uptodate()) p.waitUnlocked(t);
        return p;
    }
}
