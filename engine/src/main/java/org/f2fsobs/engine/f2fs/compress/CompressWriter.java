package org.f2fsobs.engine.f2fs.compress;

import static org.f2fsobs.engine.f2fs.F2fsConst.COMPRESS_ADDR;
import static org.f2fsobs.engine.f2fs.F2fsConst.NEW_ADDR;
import static org.f2fsobs.engine.f2fs.F2fsConst.NULL_ADDR;
import static org.f2fsobs.engine.f2fs.compress.CompressData.COMPRESS_HEADER_SIZE;

import java.util.Arrays;
import org.f2fsobs.engine.f2fs.F2fsConst;
import org.f2fsobs.engine.f2fs.F2fsSbInfo;
import org.f2fsobs.engine.f2fs.data.DataWriter;
import org.f2fsobs.engine.f2fs.data.IoPage;
import org.f2fsobs.engine.f2fs.data.WriteIo;
import org.f2fsobs.engine.f2fs.inode.F2fsInode;
import org.f2fsobs.engine.f2fs.node.DnodeOfData;
import org.f2fsobs.engine.f2fs.segment.CursegType;
import org.f2fsobs.engine.f2fs.segment.SegmentManager;
import org.f2fsobs.engine.kernel.block.Bio;
import org.f2fsobs.engine.kernel.mm.AddressSpace;
import org.f2fsobs.engine.kernel.mm.CachePage;
import org.f2fsobs.engine.kernel.mm.WritebackControl;
import org.f2fsobs.engine.platform.CpuOp;
import org.f2fsobs.engine.sim.SimTask;

/**
 * The write side of fs/f2fs/compress.c, called by f2fs_write_cache_pages once per cluster of a compressed file:
 * gather the cluster's dirty pages into a {@link CompressCtx}, then f2fs_write_multi_pages — cluster_may_compress,
 * f2fs_compress_pages (map rpages and cpages, real compression, the "saves at least one block" rule),
 * f2fs_write_compressed_pages (COMPRESS_ADDR, compressed blocks out of place on COLD_DATA, NEW_ADDR for the unused
 * slots, i_compr_blocks, FI_APPEND_WRITE) or f2fs_write_raw_pages (each page as a normal data page, one
 * f2fs_balance_fs at the end).
 */
final class CompressWriter implements DataWriter.ClusterWriter {
    static final int ENOMEM = -12;
    private static final int PAGE_SIZE = 4096;

    private final F2fsCompress c;
    private final F2fsSbInfo sbi;
    private final DataWriter writer;

    CompressWriter(F2fsCompress c) {
        this.c = c;
        this.sbi = c.sbi;
        this.writer = c.writer;
    }

    /** The compressed branch of f2fs_write_cache_pages for the cluster starting at page {@code start}. */
    @Override
    public long writeCluster(SimTask t, F2fsInode inode, long start, WritebackControl wbc) {
        AddressSpace m = inode.mapping();
        int n = inode.clusterSize();
        if (!F2fsCompress.compressedFile(inode)) return writePlainPages(t, inode, start, n, wbc);
        // a cluster compressed on disk whose pages are not all dirty and uptodate is read back and dirtied first
        if (!allClusterPagesReady(m, start, n) && anyDirty(m, start, n)) c.clusterReader().prepareCompressOverwrite(t, inode, start);
        waitClusterWriteback(t, inode, start, n);
        CompressCtx cc = new CompressCtx(inode);
        java.util.List<CachePage> locked = new java.util.ArrayList<>(n);
        try {
            for (int i = 0; i < n; i++) {
                CachePage p = m.find(start + i);
                if (p == null || !p.dirty()) continue;
                sbi.cpu(t, CpuOp.WRITEBACK_PAGE, 1);
                p.lock();                             // the cluster's pages stay locked in the compress_ctx
                locked.add(p);
                if (!m.clearDirtyForIo(p)) continue;
                cc.addPage(p);
            }
            if (cc.isEmpty()) return 0;
            return writeMultiPages(t, cc, wbc);
        } finally {
            for (CachePage p : locked) p.unlock();
        }
    }

    /** A directory carries the compression flag only for inheritance: its pages are written one by one. */
    private long writePlainPages(SimTask t, F2fsInode inode, long start, int n, WritebackControl wbc) {
        AddressSpace m = inode.mapping();
        long written = 0;
        for (int i = 0; i < n; i++) {
            CachePage p = m.find(start + i);
            if (p == null || !p.dirty()) continue;
            sbi.cpu(t, CpuOp.WRITEBACK_PAGE, 1);
            if (!m.clearDirtyForIo(p)) continue;
            writer.writeSingleDataPage(t, inode, p, wbc, true);
            written++;
        }
        return written;
    }

    /** f2fs_all_cluster_page_ready(…, uptodate=true): every page of the cluster is cached, dirty and uptodate. */
    private static boolean allClusterPagesReady(AddressSpace m, long start, int n) {
        for (int i = 0; i < n; i++) {
            CachePage p = m.find(start + i);
            if (p == null || !p.dirty() || !p.uptodate()) return false;
        }
        return true;
    }

    private static boolean anyDirty(AddressSpace m, long start, int n) {
        for (int i = 0; i < n; i++) {
            CachePage p = m.find(start + i);
            if (p != null && p.dirty()) return true;
        }
        return false;
    }

    /**
     * f2fs_wait_on_page_writeback for a redirtied page still being written: send the merged bio that may hold it,
     * then wait (coarsely, for the file's writeback to drain).
     */
    private void waitClusterWriteback(SimTask t, F2fsInode inode, long start, int n) {
        AddressSpace m = inode.mapping();
        for (int i = 0; i < n; i++) {
            CachePage p = m.find(start + i);
            if (p != null && p.dirty() && p.writeback()) {
                for (WriteIo io : sbi.dataIo()) io.submitMergedCond(t, inode.ino);
                m.waitWriteback(t);
                return;
            }
        }
    }

    // ------------------------------------------------------------------ f2fs_write_multi_pages

    long writeMultiPages(SimTask t, CompressCtx cc, WritebackControl wbc) {
        if (clusterMayCompress(cc)) {
            int err = compressPages(t, cc);
            if (err == 0) {
                if (writeCompressedPages(t, cc, wbc) == 0) return cc.clusterSize;
            } else if (err == CompressOps.EAGAIN) {
                sbi.stat().compressEagain++;
            } else {                                         // -ENOMEM / -EIO: f2fs_put_rpages_wbc(redirty)
                AddressSpace m = cc.inode.mapping();
                for (CachePage p : cc.rpages) if (p != null) m.setDirty(p);
                return 0;
            }
        }
        return writeRawPages(t, cc, wbc);
    }

    /**
     * cluster_may_compress: f2fs_need_compress_data (compress_mode=user: only after F2FS_IOC_COMPRESS_FILE, which no
     * modelled command issues), the cluster is full, no checkpoint error, no page beyond EOF.
     */
    boolean clusterMayCompress(CompressCtx cc) {
        if (sbi.opts().compressModeUser()) return false;
        if (!cc.isFull()) return false;
        if (sbi.cpError()) return false;
        long nrPages = (cc.inode.isize + PAGE_SIZE - 1) >>> 12;
        for (CachePage p : cc.rpages) if (p.index() >= nrPages) return false;   // cluster_has_invalid_data
        return true;
    }

    /**
     * f2fs_compress_pages: allocate nr_cpages for the codec's output budget, map rpages and cpages, compress the real
     * bytes, reject a result that does not save a block (clen &gt; (cluster_size-1)·PAGE_SIZE − header: -EAGAIN), fill
     * the header and zero the tail, unmap both. On success {@code cc.validNrCpages} blocks of {@code cc.cbuf} hold the
     * on-disk form.
     */
    int compressPages(SimTask t, CompressCtx cc) {
        CompressOps ops = c.cops(cc.inode);
        sbi.cpu(t, CpuOp.COMPRESS_CTX, 1);
        int budget = ops.initCompressCtx(cc.rlen);
        cc.nrCpages = Math.ceilDiv(COMPRESS_HEADER_SIZE + budget, PAGE_SIZE);
        cc.rbufAddr = c.vmap.map(t, cc.clusterSize);
        if (cc.rbufAddr == 0) return ENOMEM;
        cc.cbufAddr = c.vmap.map(t, cc.nrCpages);
        if (cc.cbufAddr == 0) {
            c.vmap.unmap(t, cc.rbufAddr, cc.clusterSize);
            return ENOMEM;
        }
        byte[] rbuf = new byte[cc.rlen];
        for (int i = 0; i < cc.clusterSize; i++) sbi.registry().fill(cc.rpages[i].ref, rbuf, i * PAGE_SIZE);
        byte[] cbuf = new byte[cc.nrCpages * PAGE_SIZE];
        int clen = ops.compressPages(rbuf, cc.rlen, cbuf, COMPRESS_HEADER_SIZE, budget);
        for (CompressOps.Charge w : ops.compressWork(cc.rlen)) sbi.cpu(t, w.op(), w.count());   // the codec's work on these bytes
        int maxLen = PAGE_SIZE * (cc.clusterSize - 1) - COMPRESS_HEADER_SIZE;
        int ret = 0;
        if (clen < 0) {
            ret = clen;
        } else if (clen > maxLen) {
            ret = CompressOps.EAGAIN;
        } else {
            // compress_chksum: f2fs_crc32 of the compressed data (departure: the flag comes from the mount, the kernel
            // keeps it per inode from its creation; the crc32's CPU is not charged)
            int chksum = sbi.opts().compressChksum() ? CompressData.f2fsCrc32(cbuf, COMPRESS_HEADER_SIZE, clen) : 0;
            CompressData.writeHeader(cbuf, clen, chksum);
            int newNrCpages = Math.ceilDiv(clen + COMPRESS_HEADER_SIZE, PAGE_SIZE);
            int tail = newNrCpages * PAGE_SIZE - (clen + COMPRESS_HEADER_SIZE);
            Arrays.fill(cbuf, clen + COMPRESS_HEADER_SIZE, newNrCpages * PAGE_SIZE, (byte) 0);
            sbi.cpu(t, CpuOp.MEMSET_BYTE, tail);
            cc.clen = clen;
            cc.cbuf = cbuf;
            cc.validNrCpages = newNrCpages;
        }
        c.vmap.unmap(t, cc.cbufAddr, cc.nrCpages);
        c.vmap.unmap(t, cc.rbufAddr, cc.clusterSize);
        return ret;
    }

    /**
     * f2fs_write_compressed_pages: under f2fs_trylock_op, with every slot of the cluster reserved (no NULL_ADDR),
     * slot 0 := COMPRESS_ADDR, slots 1..k take the k compressed blocks written out of place on COLD_DATA through the
     * normal allocation and write-merge path, later slots that still hold a block are invalidated to NEW_ADDR. The
     * cluster's pages stay under writeback until every compressed block is written. Returns 0 or -EAGAIN.
     */
    int writeCompressedPages(SimTask t, CompressCtx cc, WritebackControl wbc) {
        F2fsInode inode = cc.inode;
        if (sbi.cpError()) return CompressOps.EAGAIN;
        if (!sbi.cpRwsem().tryDownRead(t)) return CompressOps.EAGAIN;   // f2fs_trylock_op
        try {
            int n = cc.clusterSize;
            ClusterSlots s = ClusterSlots.lookup(t, sbi, inode, cc.startIdx(), n, false);
            for (int i = 0; i < n; i++) if (s.dnode(i) == null || s.addr(i) == NULL_ADDR) return CompressOps.EAGAIN;
            long psize = (cc.rpages[n - 1].index() + 1) << 12;
            CompressIoCtx cic = new CompressIoCtx(inode.mapping(), cc.rpages.clone(), cc.validNrCpages);
            long[] members = new long[n];
            for (int i = 0; i < n; i++) members[i] = cc.rpages[i].tag;
            long clusterTag = sbi.tags().cluster(members);   // which writes the cluster's pages hold (simulator)
            for (CachePage p : cc.rpages) inode.mapping().startWriteback(p);      // set_cluster_writeback
            int flags = writeFlags(wbc);
            CursegType type = writer.dataLog(inode, true);
            WriteIo io = sbi.dataIo()[type.temp()];
            int comprBlocks = 0;
            for (int i = 0; i < n; i++) {
                long blkaddr = s.addr(i);
                if (i == 0) {                                                     // cluster header
                    if (blkaddr == COMPRESS_ADDR) comprBlocks++;
                    if (F2fsConst.isValidBlkaddr(blkaddr)) sbi.smI().invalidateBlocks(t, blkaddr, 1);
                    s.set(0, COMPRESS_ADDR);
                } else {
                    if (comprBlocks > 0 && F2fsConst.isValidBlkaddr(blkaddr)) comprBlocks++;
                    if (i > cc.validNrCpages) {
                        if (F2fsConst.isValidBlkaddr(blkaddr)) {
                            sbi.smI().invalidateBlocks(t, blkaddr, 1);
                            s.set(i, NEW_ADDR);
                        }
                    } else {
                        outplaceWriteCompressed(t, cc, s, i, blkaddr, type, io, cic, flags, clusterTag);
                    }
                }
                writer.decDirty(inode);                                          // inode_dec_dirty_pages
            }
            if (comprBlocks > 0) iComprBlocksUpdate(inode, comprBlocks - 1, false);
            iComprBlocksUpdate(inode, cc.validNrCpages, true);
            inode.fiAppendWrite = true;
            inode.appendIno = true;
            if (psize > inode.lastDiskSize) inode.lastDiskSize = Math.min(inode.isize, psize);
            sbi.stat().compressedClustersWritten++;
            return 0;
        } finally {
            sbi.cpRwsem().upRead(t);
        }
    }

    /** f2fs_outplace_write_data for compressed page {@code i - 1}: a new COLD_DATA block, old one invalidated. */
    private void outplaceWriteCompressed(SimTask t, CompressCtx cc, ClusterSlots s, int i, long old, CursegType type,
                                         WriteIo io, CompressIoCtx cic, int flags, long clusterTag) {
        sbi.cpu(t, CpuOp.WRITE_DATA_PAGE, 1);
        long ref = sbi.registry().literal(cc.cbuf, (i - 1) * PAGE_SIZE, PAGE_SIZE);
        DnodeOfData dn = s.dnode(i);
        int ino = cc.inode.ino;
        long addr = sbi.smI().allocateDataBlock(t, F2fsConst.isValidBlkaddr(old) ? old : NULL_ADDR, type,
                new SegmentManager.Summary(dn.nid(), dn.ofsInNode(), (byte) 0),
                a -> io.submitPageWrite(t, a, cic, ref, clusterTag, null, flags, ino));
        s.set(i, addr);
        sbi.stat().opuBlocks++;
        sbi.stat().compressedBlocksWritten++;
    }

    /**
     * f2fs_write_raw_pages: every page of the cluster as a normal data page (f2fs_write_single_data_page with
     * allow_balance=false), then one f2fs_balance_fs. A cluster that was compressed on disk first gives back its
     * saved blocks (f2fs_do_write_data_page with compr_blocks, when page 0 replaces COMPRESS_ADDR).
     */
    long writeRawPages(SimTask t, CompressCtx cc, WritebackControl wbc) {
        F2fsInode inode = cc.inode;
        int comprBlocks = ClusterSlots.lookup(t, sbi, inode, cc.startIdx(), cc.clusterSize, false).compressedBlocks();
        if (comprBlocks > 0 && cc.rpages[0] != null) iComprBlocksUpdate(inode, comprBlocks - 1, false);
        for (CachePage p : cc.rpages) if (p != null) writer.writeSingleDataPage(t, inode, p, wbc, false);
        sbi.smI().balanceFs(t);
        sbi.stat().rawClustersWritten++;
        return cc.nrRpages;
    }

    /**
     * f2fs_i_compr_blocks_update: i_compr_blocks counts the blocks compression saved, cluster_size − blocks per
     * compressed cluster; nothing is taken away once it is 0 (saved blocks released).
     */
    static void iComprBlocksUpdate(F2fsInode inode, long blocks, boolean add) {
        long diff = inode.clusterSize() - blocks;
        if (!add && inode.comprBlocks == 0) return;
        inode.comprBlocks += add ? diff : -diff;
        inode.markDirty();                                  // f2fs_mark_inode_dirty_sync
    }

    /** wbc_to_write_flags as the data writer uses it. */
    private static int writeFlags(WritebackControl wbc) {
        return wbc.syncAll() ? Bio.REQ_SYNC : (wbc.forBackground || wbc.forKupdate ? Bio.REQ_BACKGROUND : 0);
    }

    /**
     * Mirrors {@code struct compress_io_ctx}: the cluster's page-cache pages stay under writeback until the last of
     * its compressed blocks is written (f2fs_compress_write_end_io).
     */
    static final class CompressIoCtx implements IoPage {
        private final AddressSpace mapping;
        private final CachePage[] rpages;
        private int pendingPages;

        CompressIoCtx(AddressSpace mapping, CachePage[] rpages, int pendingPages) {
            this.mapping = mapping;
            this.rpages = rpages;
            this.pendingPages = pendingPages;
        }

        @Override
        public void endWrite(int status) {
            if (--pendingPages > 0) return;
            for (CachePage p : rpages) mapping.endWriteback(p);
        }
    }
}
