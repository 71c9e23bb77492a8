package org.f2fsobs.engine.f2fs.compress;

import static org.f2fsobs.engine.f2fs.compress.CompressData.COMPRESS_HEADER_SIZE;

import org.f2fsobs.engine.f2fs.F2fsException;
import org.f2fsobs.engine.f2fs.F2fsSbInfo;
import org.f2fsobs.engine.f2fs.data.DataReader;
import org.f2fsobs.engine.f2fs.data.IoPage;
import org.f2fsobs.engine.f2fs.inode.F2fsInode;
import org.f2fsobs.engine.kernel.block.Bio;
import org.f2fsobs.engine.kernel.block.ReqOp;
import org.f2fsobs.engine.kernel.mm.AddressSpace;
import org.f2fsobs.engine.kernel.mm.CachePage;
import org.f2fsobs.engine.platform.CpuOp;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.device.ContentRegistry;

/**
 * The read side of fs/f2fs/compress.c and data.c for compressed files: f2fs_mpage_readpages (clusters found
 * compressed by f2fs_is_compressed_cluster are gathered, raw clusters are read like normal pages into the same bio
 * under construction), f2fs_read_multi_pages (f2fs_alloc_dic, the compressed blocks appended to bios merged by
 * contiguity, so consecutive clusters share requests), and read completion: the cluster whose last compressed block
 * arrives is decompressed from the stored bytes and its page-cache pages filled and unlocked.
 *
 * <p>Where that happens is the era's ({@code kernel.decompress_context}): "workqueue" (2020, P2's kernel): the bio goes
 * to f2fs_post_read_wq and the kworker maps rbuf and cbuf, decompresses and unmaps (f2fs_decompress_pages);
 * "completion" (6.14): the reader maps both buffers in f2fs_alloc_dic (f2fs_prepare_decomp_mem, pre_alloc), the
 * completion decompresses (f2fs_handle_step_decompress, modelled as a per-CPU thread, see {@link PostReadWq}), and the
 * last reference drop, not being in task context, queues f2fs_late_free_dic whose kworker unmaps both.
 */
final class CompressReader implements DataReader.ClusterReader {
    private static final int PAGE_SIZE = 4096;

    private final F2fsCompress c;
    private final F2fsSbInfo sbi;

    CompressReader(F2fsCompress c) {
        this.c = c;
        this.sbi = c.sbi;
    }

    /** The bio under construction and the mapping reused across pages of one f2fs_mpage_readpages call. */
    private static final class ReadState {
        final long end;                 // first index past the pages being read
        final int maxVecs;              // bio size: bio_max_segs(max_nr_pages)
        final int flags;                // REQ_RAHEAD for readahead
        Bio bio;
        long lastBlk = -2;              // last_block_in_bio
        DataReader.Run run;             // struct f2fs_map_blocks of f2fs_read_single_page

        ReadState(long end, int maxNrPages, boolean readahead) {
            this.end = end;
            this.maxVecs = Math.max(1, Math.min(Bio.BIO_MAX_VECS, maxNrPages));
            this.flags = readahead ? Bio.REQ_RAHEAD : 0;
        }
    }

    /** A compressed block in a read bio: page_private points at its decompress_io_ctx. */
    private record CompressedPage(DecompressIoCtx dic, int index) {}

    // ------------------------------------------------------------------ f2fs_mpage_readpages

    @Override
    public void readahead(SimTask t, F2fsInode inode, long start, int nr) {
        AddressSpace m = inode.mapping();
        ReadState st = new ReadState(start + nr, nr, true);
        boolean compressed = F2fsCompress.compressedFile(inode);
        CompressCtx cc = new CompressCtx(inode);
        long ncClusterIdx = CompressCtx.NULL_CLUSTER;
        sbi.rq().startPlug(t);
        try {
            for (long idx = start; idx < start + nr; idx++) {
                CachePage p = m.find(idx);
                if (p == null || !p.locked()) continue;
                if (!compressed) {
                    readSinglePage(t, inode, p, st);
                    continue;
                }
                if (!cc.canMergePage(idx)) {                 // there are remained compressed pages, submit them
                    readMultiPages(t, cc, st);
                    cc = new CompressCtx(inode);
                }
                if (cc.isEmpty()) {
                    long cidx = idx >> inode.logClusterSize;
                    if (ncClusterIdx == cidx) {
                        readSinglePage(t, inode, p, st);
                        continue;
                    }
                    if (!isCompressedCluster(t, inode, idx, true)) {
                        ncClusterIdx = cidx;
                        sbi.stat().rawClustersRead++;
                        readSinglePage(t, inode, p, st);
                        continue;
                    }
                    ncClusterIdx = CompressCtx.NULL_CLUSTER;
                }
                cc.addPage(p);
            }
            if (!cc.isEmpty()) readMultiPages(t, cc, st);
            if (st.bio != null) submit(t, st);
        } finally {
            sbi.rq().finishPlug(t);
        }
    }

    /**
     * f2fs_is_compressed_cluster. The read path charges it as one map_blocks (a dnode lookup and a slot scan); in
     * write_begin the dnode lookup is the one prepare_write_begin makes anyway, so nothing extra is charged.
     */
    boolean isCompressedCluster(SimTask t, F2fsInode inode, long index, boolean charge) {
        if (charge) sbi.cpu(t, CpuOp.MAP_BLOCKS, 1);
        long start = index & -(long) inode.clusterSize();
        return ClusterSlots.lookup(t, sbi, inode, start, inode.clusterSize(), false).compressed();
    }

    /** f2fs_read_single_page: one page of a raw cluster (or of a directory), through f2fs_map_blocks. */
    private void readSinglePage(SimTask t, F2fsInode inode, CachePage p, ReadState st) {
        long idx = p.index();
        long lastBlockInFile = (inode.isize + PAGE_SIZE - 1) >>> 12;
        if (idx >= lastBlockInFile) {
            zeroPage(p);
            return;
        }
        if (st.run == null || idx < st.run.lblk() || idx >= st.run.lblk() + st.run.len()) {
            st.run = c.reader.mapBlocks(t, inode, idx, (int) Math.max(1, st.end - idx));
        }
        if (st.run.pblk() < 0) {
            zeroPage(p);
            return;
        }
        long blk = st.run.pblk() + (idx - st.run.lblk());
        addToBio(t, st, blk, new DataReader.PageRead(p));
        sbi.cpu(t, CpuOp.READ_PAGE, 1);
        sbi.stat().dataBlocksRead++;
    }

    private void zeroPage(CachePage p) {
        p.ref = sbi.registry().zeroRef();
        p.tag = 0;
        p.meta = null;
        p.setUptodate();
        p.unlock();
    }

    /** The merge rule of f2fs_read_single_page / f2fs_read_multi_pages: a block joins the bio if it follows the last. */
    private void addToBio(SimTask t, ReadState st, long blk, Object page) {
        if (st.bio != null && (blk != st.lastBlk + 1 || st.bio.full())) submit(t, st);
        if (st.bio == null) st.bio = new Bio(ReqOp.READ, st.flags, blk, st.maxVecs).endIo(this::readEndIo);
        st.bio.addRead(page);
        st.lastBlk = blk;
    }

    private void submit(SimTask t, ReadState st) {
        Bio b = st.bio;
        st.bio = null;
        sbi.rq().submit(t, b);
    }

    // ------------------------------------------------------------------ f2fs_read_multi_pages

    /**
     * f2fs_read_multi_pages: drop pages beyond EOF (zeroed) or already uptodate, count the cluster's compressed
     * blocks, f2fs_alloc_dic, and append each compressed block to the bio under construction.
     */
    private void readMultiPages(SimTask t, CompressCtx cc, ReadState st) {
        F2fsInode inode = cc.inode;
        long lastBlockInFile = (inode.isize + PAGE_SIZE - 1) >>> 12;
        for (int i = 0; i < cc.clusterSize; i++) {
            CachePage p = cc.rpages[i];
            if (p == null) continue;
            if (p.index() >= lastBlockInFile) {
                zeroPage(p);
            } else if (p.uptodate()) {
                p.unlock();
            } else {
                continue;
            }
            cc.rpages[i] = null;
            cc.nrRpages--;
        }
        if (cc.isEmpty()) return;
        ClusterSlots s = ClusterSlots.lookup(t, sbi, inode, cc.startIdx(), cc.clusterSize, false);
        if (!s.compressed()) {                               // overwritten as a normal cluster meanwhile
            for (CachePage p : cc.rpages) if (p != null) readSinglePage(t, inode, p, st);
            return;
        }
        int nrCpages = s.nrCpages();
        if (nrCpages == 0) {                                 // nothing to decompress: the pages fail
            for (CachePage p : cc.rpages) if (p != null) p.unlock();
            return;
        }
        startContexts(t);
        DecompressIoCtx dic = allocDic(t, cc, nrCpages);
        if (dic == null) return;
        sbi.stat().compressedClustersRead++;
        for (int i = 0; i < nrCpages; i++) {
            addToBio(t, st, s.addr(i + 1), new CompressedPage(dic, i));
            dic.refcnt++;                                    // refcount_inc(&dic->refcnt) per bio page
            sbi.cpu(t, CpuOp.READ_PAGE, 1);
            sbi.stat().compressedBlocksRead++;
            sbi.stat().dataBlocksRead++;
        }
    }

    /** The completion-side threads exist before the first bio that needs them is submitted. */
    private void startContexts(SimTask t) {
        c.postReadWq.start(t);
        if (c.softirq != null) c.softirq.start(t);
    }

    /**
     * f2fs_alloc_dic: the context and its bounce pages; in 6.14 (not low-memory mode) also
     * f2fs_prepare_decomp_mem(pre_alloc=true), which maps rbuf (cluster_size pages) and cbuf (nr_cpages) here, in
     * the reader's task. Returns null (pages unlocked, not uptodate) when a mapping fails.
     */
    private DecompressIoCtx allocDic(SimTask t, CompressCtx cc, int nrCpages) {
        sbi.cpu(t, CpuOp.COMPRESS_CTX, 1);
        DecompressIoCtx dic = new DecompressIoCtx(cc, nrCpages);
        if (!c.decompressInWorkqueue && !prepareDecompMem(t, dic)) {
            releaseDecompMem(t, dic);
            for (CachePage p : dic.rpages) if (p != null) p.unlock();
            return null;
        }
        return dic;
    }

    /** f2fs_prepare_decomp_mem: rbuf := f2fs_vmap(tpages, cluster_size), cbuf := f2fs_vmap(cpages, nr_cpages). */
    private boolean prepareDecompMem(SimTask t, DecompressIoCtx dic) {
        dic.rbufAddr = c.vmap.map(t, dic.clusterSize);
        if (dic.rbufAddr == 0) return false;
        dic.cbufAddr = c.vmap.map(t, dic.nrCpages);
        return dic.cbufAddr != 0;
    }

    /** f2fs_release_decomp_mem: unmap cbuf, then rbuf. */
    private void releaseDecompMem(SimTask t, DecompressIoCtx dic) {
        c.vmap.unmap(t, dic.cbufAddr, dic.nrCpages);
        c.vmap.unmap(t, dic.rbufAddr, dic.clusterSize);
        dic.cbufAddr = 0;
        dic.rbufAddr = 0;
    }

    // ------------------------------------------------------------------ completion

    /** f2fs_read_end_io (completion context): a bio with compressed blocks goes to the era's decompression context. */
    private void readEndIo(Bio b) {
        boolean compr = false;
        for (int i = 0; i < b.vcnt() && !compr; i++) compr = b.page(i) instanceof CompressedPage;
        if (!compr) {
            for (int i = 0; i < b.vcnt(); i++) ((IoPage) b.page(i)).endRead(b.status(), b.ref(i), b.tag(i), b.meta(i));
            return;
        }
        int cpu = b.submitter() == null ? 0 : b.submitter().cpuId();
        if (c.decompressInWorkqueue) c.postReadWq.queueWork(cpu, kw -> finishReadBio(kw, b, true));
        else c.softirq.queueWork(cpu, irq -> finishReadBio(irq, b, false));
    }

    /**
     * f2fs_post_read_work (2020) / f2fs_handle_step_decompress + f2fs_finish_read_bio (6.14): each compressed block
     * hands its bytes to its cluster (the last one decompresses it), other pages finish as normal reads, then the
     * bio's references to the clusters are dropped.
     */
    private void finishReadBio(SimTask t, Bio b, boolean inTask) {
        for (int i = 0; i < b.vcnt(); i++) {
            if (b.page(i) instanceof CompressedPage cp) {
                cp.dic().cpageRefs[cp.index()] = b.ref(i);
                if (cp.index() == 0) cp.dic().clusterTag = b.tag(i);
                endReadCompressedPage(t, cp.dic(), b.status() != 0, inTask);
            } else {
                ((IoPage) b.page(i)).endRead(b.status(), b.ref(i), b.tag(i), b.meta(i));
            }
        }
        for (int i = 0; i < b.vcnt(); i++) if (b.page(i) instanceof CompressedPage cp) putDic(t, cp.dic(), inTask);
    }

    /** f2fs_end_read_compressed_page */
    private void endReadCompressedPage(SimTask t, DecompressIoCtx dic, boolean failed, boolean inTask) {
        if (failed) dic.failed = true;
        if (--dic.remainingPages == 0) decompressCluster(t, dic, inTask);
    }

    /**
     * f2fs_decompress_cluster (6.14) / f2fs_decompress_pages (2020, which maps and unmaps here): check clen against
     * the blocks read, run the codec on the stored bytes, and end the I/O of the cluster's pages.
     */
    private void decompressCluster(SimTask t, DecompressIoCtx dic, boolean inTask) {
        int ret = 0;
        byte[] rbuf = null;
        if (dic.failed) {
            ret = CompressOps.EIO;
        } else {
            if (c.decompressInWorkqueue && !prepareDecompMem(t, dic)) ret = CompressWriter.ENOMEM;
            if (ret == 0) {
                byte[] cbuf = new byte[dic.nrCpages * PAGE_SIZE];
                ContentRegistry reg = sbi.registry();
                for (int i = 0; i < dic.nrCpages; i++) {
                    if (dic.cpageRefs[i] != ContentRegistry.NONE) reg.fill(dic.cpageRefs[i], cbuf, i * PAGE_SIZE);
                }
                dic.clen = CompressData.clen(cbuf);
                int rlen = dic.clusterSize * PAGE_SIZE;
                if (dic.clen < 0 || dic.clen > PAGE_SIZE * dic.nrCpages - COMPRESS_HEADER_SIZE) {
                    ret = CompressOps.EFSCORRUPTED;
                } else {
                    CompressOps ops = c.cops(dic.inode);
                    rbuf = new byte[rlen];
                    sbi.cpu(t, ops.decompressCost(), rlen);
                    if (ops.decompressPages(cbuf, COMPRESS_HEADER_SIZE, dic.clen, rbuf, rlen) != rlen) ret = CompressOps.EIO;
                    if (ret == 0 && sbi.opts().compressChksum()) verifyChksum(cbuf, dic.clen);
                }
            }
            if (c.decompressInWorkqueue) releaseDecompMem(t, dic);
        }
        if (ret != 0) sbi.stat().decompressFailures++;
        decompressEndIo(dic, ret == 0 ? rbuf : null);
        putDic(t, dic, inTask);
    }

    /** f2fs_decompress_cluster with COMPRESS_CHKSUM: a mismatch is reported (and fsck asked for); the data is kept. */
    private void verifyChksum(byte[] cbuf, int clen) {
        sbi.stat().compressChksumsVerified++;
        if (CompressData.chksum(cbuf) != CompressData.f2fsCrc32(cbuf, COMPRESS_HEADER_SIZE, clen)) sbi.stat().compressChksumMismatches++;
    }

    /**
     * __f2fs_decompress_end_io: each page of the cluster takes its decompressed bytes (and, simulator bookkeeping, the
     * write identity the cluster's first compressed block carries for it), becomes uptodate, unlocks.
     */
    private void decompressEndIo(DecompressIoCtx dic, byte[] rbuf) {
        ContentRegistry reg = sbi.registry();
        for (int i = 0; i < dic.clusterSize; i++) {
            CachePage p = dic.rpages[i];
            if (p == null) continue;
            if (rbuf != null) {
                p.ref = allZero(rbuf, i * PAGE_SIZE) ? reg.zeroRef() : reg.literal(rbuf, i * PAGE_SIZE, PAGE_SIZE);
                p.tag = sbi.tags().member(dic.clusterTag, i);
                p.meta = null;
                p.setUptodate();
            }
            p.unlock();
        }
    }

    private static boolean allZero(byte[] b, int off) {
        for (int i = off; i < off + PAGE_SIZE; i++) if (b[i] != 0) return false;
        return true;
    }

    /**
     * f2fs_put_dic: the last reference frees the context. In 6.14 that releases the pre-mapped buffers; outside task
     * context (softirq) it is deferred to f2fs_post_read_wq (f2fs_late_free_dic). The 2020 code unmapped right after
     * decompressing, so nothing remains to release.
     */
    private void putDic(SimTask t, DecompressIoCtx dic, boolean inTask) {
        if (--dic.refcnt > 0) return;
        if (dic.rbufAddr == 0 && dic.cbufAddr == 0) return;
        if (inTask) releaseDecompMem(t, dic);
        else c.postReadWq.queueWork(0, kw -> releaseDecompMem(kw, dic));
    }

    // ------------------------------------------------------------------ f2fs_prepare_compress_overwrite

    /**
     * prepare_compress_overwrite + f2fs_compress_write_end: if the cluster holding {@code index} is compressed on
     * disk, read (decompress) its pages that are not uptodate, wait for them, and mark every page of the cluster
     * dirty so that it is rewritten whole. Returns whether the cluster was compressed.
     */
    boolean prepareCompressOverwrite(SimTask t, F2fsInode inode, long index) {
        int n = inode.clusterSize();
        long start = index & -(long) n;
        AddressSpace m = inode.mapping();
        for (int attempt = 0; ; attempt++) {
            if (!isCompressedCluster(t, inode, start, false)) return false;
            CachePage[] pages = new CachePage[n];
            CompressCtx cc = new CompressCtx(inode);
            for (int i = 0; i < n; i++) {
                CachePage p = m.findOrAdd(t, start + i);
                pages[i] = p;
                if (p.uptodate()) continue;
                if (p.locked()) {
                    p.waitUnlocked(t);
                    if (p.uptodate()) continue;
                }
                p.lock();
                cc.addPage(p);
            }
            if (!cc.isEmpty()) {
                sbi.stat().compressedClustersOverwritten++;
                CachePage[] reading = cc.rpages.clone();
                ReadState st = new ReadState(start + n, n, false);
                sbi.rq().startPlug(t);
                try {
                    readMultiPages(t, cc, st);
                    if (st.bio != null) submit(t, st);
                } finally {
                    sbi.rq().finishPlug(t);
                }
                for (CachePage p : reading) {
                    if (p == null) continue;
                    p.waitUnlocked(t);
                    if (!p.uptodate()) throw new F2fsException("EIO", "cannot read compressed cluster at page " + start + " of ino " + inode.ino);
                }
            }
            boolean stillCached = true;
            for (int i = 0; i < n; i++) stillCached &= m.find(start + i) == pages[i];
            if (!stillCached) {                              // a page was reclaimed meanwhile: release_and_retry
                if (attempt < 3) continue;
                throw new IllegalStateException("cluster at page " + start + " of ino " + inode.ino + " keeps being reclaimed");
            }
            for (CachePage p : pages) if (m.setDirty(p)) c.writer.incDirty(inode);     // set_cluster_dirty
            return true;
        }
    }
}
