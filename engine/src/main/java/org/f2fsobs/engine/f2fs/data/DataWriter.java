package org.f2fsobs.engine.f2fs.data;

import static org.f2fsobs.engine.f2fs.F2fsConst.NEW_ADDR;
import org.f2fsobs.engine.f2fs.F2fsSbInfo.SbiFlag;
import org.f2fsobs.engine.f2fs.F2fsSbInfo.CountType;
import static org.f2fsobs.engine.f2fs.F2fsConst.NULL_ADDR;

import org.f2fsobs.engine.f2fs.F2fsConst;
import org.f2fsobs.engine.f2fs.F2fsOptions;
import org.f2fsobs.engine.f2fs.F2fsSbInfo;
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
 * The write side of fs/f2fs/data.c for uncompressed pages: __f2fs_write_data_pages (wb_sync_req, the
 * sbi->writepages mutex of seed 004 under the era's rule, the plug), f2fs_write_cache_pages (tags, nr_to_write,
 * range-cyclic, FI_HOT_DATA), f2fs_write_single_data_page (one f2fs_balance_fs per page) and
 * f2fs_do_write_data_page (in-place update under FI_NEED_IPU, otherwise out-of-place allocation in log order).
 */
public final class DataWriter {
    private final F2fsSbInfo sbi;
    /** Compressed-cluster writes, installed by the compression layer. */
    private ClusterWriter clusterWriter;

    public DataWriter(F2fsSbInfo sbi) {
        this.sbi = sbi;
    }

    /** What the compression layer does with a compressed inode's pages in f2fs_write_cache_pages. */
    public interface ClusterWriter {
        /** Writes every dirty page of the cluster starting at {@code clusterIndex}; returns pages written. */
        long writeCluster(SimTask t, F2fsInode inode, long clusterIndex, WritebackControl wbc);
    }

    public void setClusterWriter(ClusterWriter w) {
        this.clusterWriter = w;
    }

    // ------------------------------------------------------------------ __f2fs_write_data_pages

    public long writeDataPages(SimTask t, F2fsInode inode, WritebackControl wbc) {
        AddressSpace m = inode.mapping();
        if (m.nrDirty() == 0 && !wbc.syncAll()) return 0;
        if (inode.directory && !wbc.syncAll() && inode.dirtyPages < F2fsConst.BLKS_PER_SEG && inode.wbTask == null) {
            wbc.pagesSkipped += inode.dirtyPages;      // dentry pages wait for the checkpoint
            return 0;
        }
        if (wbc.syncAll()) {
            sbi.incWbSyncReqData();
        } else if (sbi.wbSyncReqData() > 0) {
            wbc.pagesSkipped += inode.dirtyPages;      // avoid splitting IOs between sync and async writers
            return 0;
        }
        boolean locked = shouldSerializeIo(inode, wbc);
        if (locked) sbi.writepages().lock(t);
        long written;
        sbi.rq().startPlug(t);
        try {
            written = writeCachePages(t, inode, wbc);
        } finally {
            sbi.rq().finishPlug(t);
            if (locked) sbi.writepages().unlock(t);
            if (wbc.syncAll()) sbi.decWbSyncReqData();
        }
        if (wbc.syncAll()) sbi.stat().syncWritebackPages += written;
        else sbi.stat().asyncWritebackPages += written;
        return written;
    }

    /**
     * Whether the sbi->writepages mutex is taken (flag serialize_writepages). Rule "all_regular" (2018, seed 004):
     * every non-directory inode. Rule "should_serialize_io" (6.14 __should_serialize_io): not while f2fs flushes
     * the inode itself, only regular files, then compressed inodes, async writeback, or ≥ min_seq_blocks dirty pages.
     * The optional mask limits it to inodes whose data goes to the selected temperatures.
     */
    boolean shouldSerializeIo(F2fsInode inode, WritebackControl wbc) {
        F2fsOptions o = sbi.opts();
        if (!o.optimizations().serializeWritepages()) return false;
        if (inode.directory) return false;
        int temp = dataLog(inode, false).temp();
        if ((o.serializeTempMask() & (1 << temp)) == 0) return false;
        if (o.serializeRule().equals("all_regular")) return true;
        if (inode.wbTask != null) return false;
        if (inode.compressed) return true;
        if (!wbc.syncAll()) return true;
        return inode.dirtyPages >= o.minSeqBlocks();
    }

    /** __get_segment_type_6 for data pages. */
    public CursegType dataLog(F2fsInode inode, boolean compressedBlock) {
        if (compressedBlock) return CursegType.COLD_DATA;
        if (inode.directory || inode.fiHotData) return CursegType.HOT_DATA;
        return CursegType.WARM_DATA;
    }

    // ------------------------------------------------------------------ f2fs_write_cache_pages

    long writeCachePages(SimTask t, F2fsInode inode, WritebackControl wbc) {
        AddressSpace m = inode.mapping();
        boolean towrite = wbc.syncAll();
        long index, end;
        boolean cyclic = wbc.rangeCyclic;
        if (cyclic) {
            index = m.writebackIndex;
            end = Long.MAX_VALUE;
        } else {
            index = wbc.rangeStart >>> 12;
            end = wbc.rangeEnd == Long.MAX_VALUE ? Long.MAX_VALUE : wbc.rangeEnd >>> 12;
        }
        long startIndex = index;
        if (towrite) m.tagPagesForWriteback(index, end);
        inode.fiHotData = inode.dirtyPages <= sbi.opts().minHotBlocks();
        long written = 0;
        boolean wrapped = false;
        while (true) {
            if (sbi.wbSyncReqData() > 0 && !wbc.syncAll()) break;      // give a priority to WB_SYNC threads (4.19)
            long next = m.nextTagged(towrite, index);
            if (next < 0 || next > end) {
                if (cyclic && !wrapped && startIndex > 0) {
                    wrapped = true;
                    end = startIndex - 1;
                    index = 0;
                    continue;
                }
                index = 0;
                break;
            }
            if (inode.compressed && clusterWriter != null) {
                long cluster = next & ~((long) inode.clusterSize() - 1);
                long n = clusterWriter.writeCluster(t, inode, cluster, wbc);
                written += n;
                wbc.nrToWrite -= n;
                index = cluster + inode.clusterSize();
            } else {
                CachePage p = m.find(next);
                sbi.cpu(t, CpuOp.WRITEBACK_PAGE, 1);
                index = next + 1;
                if (p == null || !p.dirty()) continue;
                p.lock();                                 // lock_page: held until the page is under writeback
                try {
                    if (!m.clearDirtyForIo(p)) continue;
                    writeSingleDataPage(t, inode, p, wbc, true);
                } finally {
                    p.unlock();
                }
                written++;
                wbc.nrToWrite--;
            }
            if (wbc.nrToWrite <= 0 && !wbc.syncAll()) break;
        }
        if (cyclic) m.writebackIndex = index;
        for (WriteIo io : sbi.dataIo()) io.submitMergedCond(t, inode.ino);
        return written;
    }

    // ------------------------------------------------------------------ one page

    /** f2fs_write_single_data_page (the page has been cleared for I/O by the caller). */
    public void writeSingleDataPage(SimTask t, F2fsInode inode, CachePage p, WritebackControl wbc, boolean allowBalance) {
        long endIndex = (inode.isize + 4095) >>> 12;
        if (p.index() >= endIndex) {           // beyond EOF: nothing to write
            decDirty(inode);
            return;
        }
        sbi.cpu(t, CpuOp.WRITE_DATA_PAGE, 1);
        doWriteDataPage(t, inode, p, wbc);
        long pageEnd = (p.index() + 1) << 12;
        if (pageEnd > inode.lastDiskSize) inode.lastDiskSize = Math.min(inode.isize, pageEnd);
        decDirty(inode);
        if (!inode.directory && inode.wbTask == null && allowBalance) sbi.smI().balanceFs(t);
    }

    /** inode_dec_dirty_pages */
    public void decDirty(F2fsInode inode) {
        inode.dirtyPages--;
        if (inode.directory) sbi.decPageCount(CountType.F2FS_DIRTY_DENTS);
        else sbi.decPageCount(CountType.F2FS_DIRTY_DATA);
    }

    /** inode_inc_dirty_pages */
    public void incDirty(F2fsInode inode) {
        inode.dirtyPages++;
        if (inode.directory) sbi.incPageCount(CountType.F2FS_DIRTY_DENTS);
        else sbi.incPageCount(CountType.F2FS_DIRTY_DATA);
        sbi.setSbiFlag(SbiFlag.SBI_IS_DIRTY);
    }

    /** f2fs_do_write_data_page: IPU when the policy allows it for a valid old block, else OPU. */
    void doWriteDataPage(SimTask t, F2fsInode inode, CachePage p, WritebackControl wbc) {
        sbi.cpRwsem().downRead(t);                                    // f2fs_lock_op
        try {
            DnodeOfData dn = sbi.nmI().getDnodeOfData(t, inode.inodePage(), p.index(), true);
            long old = dn.dataBlkaddr();
            if (old == NULL_ADDR) {                                  // a page never reserved (e.g. written via truncate-extended size)
                reserveNewBlock(dn);
                old = NEW_ADDR;
            }
            int flags = wbc.syncAll() ? Bio.REQ_SYNC : (wbc.forBackground || wbc.forKupdate ? Bio.REQ_BACKGROUND : 0);
            if (F2fsConst.isValidBlkaddr(old) && needInplaceUpdate(inode, flags)) {
                inplaceWrite(t, inode, p, old, flags);
                return;
            }
            outplaceWrite(t, inode, p, dn, old, dataLog(inode, false), flags);
        } finally {
            sbi.cpRwsem().upRead(t);
        }
    }

    /**
     * f2fs_do_write_data_page for a page garbage collection moves (move_data_page, FG_GC): set_page_private_gcing
     * makes __get_segment_type give COLD_DATA and f2fs_should_update_outplace force OPU; REQ_SYNC.
     */
    public void gcWriteDataPage(SimTask t, F2fsInode inode, CachePage p) {
        sbi.cpu(t, CpuOp.WRITE_DATA_PAGE, 1);
        sbi.cpRwsem().downRead(t);                                    // need_lock = LOCK_REQ: f2fs_lock_op
        try {
            DnodeOfData dn = sbi.nmI().getDnodeOfData(t, inode.inodePage(), p.index(), false);
            long old = dn.dataBlkaddr();
            inode.mapping().startWriteback(p);
            WriteIo io = sbi.dataIo()[CursegType.COLD_DATA.temp()];
            sbi.wbCpData().inc();
            PageWrite done = new PageWrite(inode, p);
            long addr = sbi.smI().allocateDataBlock(t, F2fsConst.isValidBlkaddr(old) ? old : NULL_ADDR, CursegType.COLD_DATA,
                    new SegmentManager.Summary(dn.nid(), dn.ofsInNode(), (byte) 0),
                    a -> io.submitPageWrite(t, a, status -> {
                        done.endWrite(status);
                        sbi.wbCpData().dec();
                    }, p.ref, p.tag, p.meta, Bio.REQ_SYNC, inode.ino));
            sbi.nmI().setDataBlkaddr(dn, addr);
            inode.fiAppendWrite = true;
            inode.appendIno = true;
            sbi.stat().opuBlocks++;
        } finally {
            sbi.cpRwsem().upRead(t);
        }
    }

    /**
     * need_inplace_update: !f2fs_should_update_outplace (mode=lfs: always out of place) && check_inplace_update_policy
     * over the ipu_policy bits the model implements: F2FS_IPU_FORCE, F2FS_IPU_SSR (while f2fs_need_SSR),
     * F2FS_IPU_UTIL (utilization over min_ipu_util), F2FS_IPU_SSR_UTIL (both), F2FS_IPU_ASYNC (rewrites of async
     * writeback pages), F2FS_IPU_FSYNC (pages fsync writes with FI_NEED_IPU).
     */
    boolean needInplaceUpdate(F2fsInode inode, int flags) {
        if (inode.directory) return false;
        if (sbi.opts().lfsMode()) return false;
        int policy = sbi.opts().ipuPolicy();
        if ((policy & 1 << F2FS_IPU_FORCE) != 0) return true;
        if ((policy & 1 << F2FS_IPU_SSR) != 0 && sbi.smI().needSSR()) return true;
        if ((policy & 1 << F2FS_IPU_UTIL) != 0 && sbi.smI().utilization() > sbi.opts().minIpuUtil()) return true;
        if ((policy & 1 << F2FS_IPU_SSR_UTIL) != 0 && sbi.smI().needSSR()
                && sbi.smI().utilization() > sbi.opts().minIpuUtil()) return true;
        if ((policy & 1 << F2FS_IPU_ASYNC) != 0 && (flags & Bio.REQ_SYNC) == 0) return true;
        return (policy & 1 << F2fsOptions.F2FS_IPU_FSYNC) != 0 && inode.fiNeedIpu;
    }

    /** F2FS_IPU_FORCE, _SSR, _UTIL, _SSR_UTIL and _ASYNC bits of ipu_policy (segment.h). */
    public static final int F2FS_IPU_FORCE = 0;
    public static final int F2FS_IPU_SSR = 1;
    public static final int F2FS_IPU_UTIL = 2;
    public static final int F2FS_IPU_SSR_UTIL = 3;
    public static final int F2FS_IPU_ASYNC = 5;

    void inplaceWrite(SimTask t, F2fsInode inode, CachePage p, long addr, int flags) {
        inode.mapping().startWriteback(p);
        WriteIo io = sbi.dataIo()[dataLog(inode, false).temp()];
        io.submitPageWrite(t, addr, new PageWrite(inode, p), p.ref, p.tag, p.meta, flags, inode.ino);
        inode.fiUpdateWrite = true;
        inode.updateIno = true;
        sbi.stat().ipuBlocks++;
        sbi.setSbiFlag(SbiFlag.SBI_IS_DIRTY);
    }

    /** f2fs_outplace_write_data → do_write_page: allocate in the log and queue the page in allocation order. */
    void outplaceWrite(SimTask t, F2fsInode inode, CachePage p, DnodeOfData dn, long old, CursegType type, int flags) {
        inode.mapping().startWriteback(p);
        WriteIo io = sbi.dataIo()[type.temp()];
        long addr = sbi.smI().allocateDataBlock(t, F2fsConst.isValidBlkaddr(old) ? old : NULL_ADDR, type,
                new SegmentManager.Summary(dn.nid(), dn.ofsInNode(), (byte) 0),
                a -> io.submitPageWrite(t, a, new PageWrite(inode, p), p.ref, p.tag, p.meta, flags, inode.ino));
        sbi.nmI().setDataBlkaddr(dn, addr);
        inode.fiAppendWrite = true;
        inode.appendIno = true;
        sbi.stat().opuBlocks++;
    }

    /** reserve_new_block: the slot takes NEW_ADDR (the block is accounted but not yet placed). */
    public void reserveNewBlock(DnodeOfData dn) {
        sbi.nmI().setDataBlkaddr(dn, NEW_ADDR);
    }

    /** The write completion of one data page. */
    static final class PageWrite implements IoPage {
        private final F2fsInode inode;
        private final CachePage page;

        PageWrite(F2fsInode inode, CachePage page) {
            this.inode = inode;
            this.page = page;
        }

        @Override
        public void endWrite(int status) {
            inode.mapping().endWriteback(page);
        }
    }
}
