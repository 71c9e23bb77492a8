package org.f2fsobs.engine.f2fs.file;

import static org.f2fsobs.engine.f2fs.F2fsConst.NEW_ADDR;
import static org.f2fsobs.engine.f2fs.F2fsConst.NULL_ADDR;

import org.f2fsobs.engine.f2fs.F2fsConst;
import org.f2fsobs.engine.f2fs.F2fsSbInfo;
import org.f2fsobs.engine.f2fs.checkpoint.CpReason;
import org.f2fsobs.engine.f2fs.data.DataReader;
import org.f2fsobs.engine.f2fs.data.DataWriter;
import org.f2fsobs.engine.f2fs.inode.F2fsInode;
import org.f2fsobs.engine.f2fs.node.DnodeOfData;
import org.f2fsobs.engine.kernel.block.Bio;
import org.f2fsobs.engine.kernel.block.ReqOp;
import org.f2fsobs.engine.kernel.mm.AddressSpace;
import org.f2fsobs.engine.kernel.mm.CachePage;
import org.f2fsobs.engine.kernel.mm.FileRaState;
import org.f2fsobs.engine.kernel.mm.Filemap;
import org.f2fsobs.engine.kernel.mm.WritebackControl;
import org.f2fsobs.engine.platform.CpuOp;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.device.WriteTags;

/**
 * fs/f2fs/file.c and the buffered-write side of data.c: f2fs_file_write_iter (preallocation with one
 * f2fs_balance_fs per dnode, generic_perform_write with f2fs_write_begin / write_end per page, dirty throttling,
 * generic_write_sync for O_SYNC/O_DSYNC — inside the inode lock and marked COMPRESS_SKIP_WRITE_CP for compressed
 * files when the seed-003 flag is on), buffered and direct reads, f2fs_do_sync_file with need_do_checkpoint and
 * its three ways out (checkpoint, roll-forward node write, in-place update + flush), and truncation.
 */
public final class FileOps {
    private final F2fsSbInfo sbi;
    private final DataWriter writer;
    private final DataReader reader;
    private final FlushCmdControl flush;
    private CompressHooks compress;

    public FileOps(F2fsSbInfo sbi, DataWriter writer, DataReader reader, FlushCmdControl flush) {
        this.sbi = sbi;
        this.writer = writer;
        this.reader = reader;
        this.flush = flush;
    }

    /** What the compression layer adds to the write path. */
    public interface CompressHooks {
        /** f2fs_prepare_compress_overwrite before writing page {@code index} of a compressed inode. */
        void prepareOverwrite(SimTask t, F2fsInode inode, long index);

        /** f2fs_reserve_block for a page of a compressed cluster that has no block yet. */
        void reserveForWrite(SimTask t, F2fsInode inode, long index);
    }

    public void setCompressHooks(CompressHooks hooks) {
        this.compress = hooks;
    }

    public DataWriter writer() { return writer; }
    public DataReader reader() { return reader; }

    // ================================================================== write

    /**
     * f2fs_file_write_iter. {@code writeSeq} is the call's write identity ({@link WriteTags#nextWriteSeq}): every
     * page it writes carries {@code WriteTags.page(writeSeq, index)} down to the device (simulator bookkeeping).
     */
    public long writeIter(SimTask t, F2fsInode inode, long pos, long len, FileData data, long writeSeq, boolean oSync, boolean oDsync,
                          boolean oDirect) {
        if (len <= 0) return 0;
        inode.iRwsem.lock(t);
        try {
            if (oDirect && !forceBufferedIo(inode)) {
                directWrite(t, inode, pos, len, data, writeSeq);
            } else {
                if (!inode.compressed) preallocateBlocks(t, inode, pos, len);
                performWrite(t, inode, pos, len, data, writeSeq);
            }
            boolean skipCp = inode.compressed && sbi.opts().optimizations().skipCpCompressedWrite();
            if (skipCp) inode.skipWriteCp = true;               // seed 003: set right after the data is written
            try {
                if (oSync || oDsync) fsync(t, inode, pos, pos + len - 1, oDsync && !oSync);
            } finally {
                if (skipCp) inode.skipWriteCp = false;
            }
        } finally {
            inode.iRwsem.unlock(t);
        }
        return len;
    }

    /** f2fs_force_buffered_io: compressed files (among others) fall back to buffered I/O. */
    public boolean forceBufferedIo(F2fsInode inode) {
        return inode.compressed;
    }

    /** f2fs_preallocate_blocks → f2fs_map_blocks(F2FS_GET_BLOCK_PRE_AIO): NEW_ADDR for whole pages, a balance per dnode. */
    public void preallocateBlocks(SimTask t, F2fsInode inode, long pos, long len) {
        long first = (pos + 4095) >>> 12;
        long last = (pos + len) >>> 12;                  // exclusive: partial pages are not preallocated
        long idx = first;
        while (idx < last) {
            sbi.cpu(t, CpuOp.MAP_BLOCKS, 1);
            DnodeOfData dn = sbi.nmI().getDnodeOfData(t, inode.inodePage(), idx, true);
            int slots = dn.nodePage().addrs.length - dn.ofsInNode();
            long n = Math.min(slots, last - idx);
            for (int k = 0; k < n; k++) {
                int ofs = dn.ofsInNode() + k;
                if (dn.nodePage().addrs[ofs] == NULL_ADDR) sbi.nmI().setDataBlkaddr(new DnodeOfData(dn.inodePage(), dn.nodePage(), ofs), NEW_ADDR);
            }
            idx += n;
            sbi.smI().balanceFs(t);               // map->m_may_create: once per dnode
        }
    }

    /** generic_perform_write with f2fs_write_begin / f2fs_write_end. */
    void performWrite(SimTask t, F2fsInode inode, long pos, long len, FileData data, long writeSeq) {
        AddressSpace m = inode.mapping();
        long done = 0;
        while (done < len) {
            long p0 = pos + done;
            long idx = p0 >>> 12;
            int off = (int) (p0 & 4095);
            int n = (int) Math.min(4096 - off, len - done);
            if (inode.compressed && compress != null) compress.prepareOverwrite(t, inode, idx);
            CachePage page = m.findOrAdd(t, idx);
            sbi.cpu(t, CpuOp.WRITE_BEGIN, 1);
            if (inode.compressed && compress != null) compress.reserveForWrite(t, inode, idx);
            if (n < 4096) {
                if (!page.uptodate()) {
                    if ((idx << 12) < inode.isize && hasBlock(t, inode, idx)) readSync(t, inode, page);
                    else page.ref = sbi.registry().zeroRef();
                }
                byte[] bytes = sbi.registry().bytes(page.ref);
                data.fill(p0, bytes, off, n);
                page.ref = sbi.registry().literal(bytes, 0, 4096);
            } else {
                page.ref = data.pageRef(idx);
            }
            page.tag = WriteTags.page(writeSeq, idx);
            page.meta = null;
            sbi.cpu(t, CpuOp.COPY_USER_BYTE, n);
            if (m.setDirty(page)) writer.incDirty(inode);
            if (p0 + n > inode.isize) {
                inode.isize = p0 + n;
                inode.markDirty();
            }
            sbi.cpu(t, CpuOp.WRITE_END, 1);
            sbi.mm().bdi().balanceDirtyPages(t);
            done += n;
        }
    }

    private boolean hasBlock(SimTask t, F2fsInode inode, long idx) {
        DnodeOfData dn = sbi.nmI().getDnodeOfData(t, inode.inodePage(), idx, false);
        return dn != null && dn.dataBlkaddr() != NULL_ADDR;
    }

    private void readSync(SimTask t, F2fsInode inode, CachePage page) {
        page.lock();
        reader.readahead(t, inode, page.index(), 1);
        page.waitUnlocked(t);
    }

    /**
     * Direct write (f2fs_dio_write_iter via iomap): blocks without an address are allocated out of place on the
     * data log, existing blocks are overwritten in place; one bio per contiguous run, waited for.
     */
    void directWrite(SimTask t, F2fsInode inode, long pos, long len, FileData data, long writeSeq) {
        if ((pos & 4095) != 0 || (len & 4095) != 0) {
            throw new org.f2fsobs.engine.f2fs.F2fsException("EINVAL", "O_DIRECT write not aligned to 4096 bytes");
        }
        // the page cache is written back and invalidated over the range first (kiocb_invalidate_pages)
        fileWriteAndWaitRange(t, inode, pos, pos + len - 1);
        long first = pos >>> 12, n = len >>> 12;
        Bio bio = null;
        long lastBlk = -2;
        org.f2fsobs.engine.sim.WaitCount pending = new org.f2fsobs.engine.sim.WaitCount(sbi.sim(), "dio");
        sbi.cpRwsem().downRead(t);
        try {
            for (long i = 0; i < n; i++) {
                long idx = first + i;
                DnodeOfData dn = sbi.nmI().getDnodeOfData(t, inode.inodePage(), idx, true);
                long addr = dn.dataBlkaddr();
                if (!F2fsConst.isValidBlkaddr(addr) || sbi.opts().lfsMode()) {
                    // a hole, or mode=lfs (f2fs_map_blocks F2FS_GET_BLOCK_DIO: a new block even over a valid one)
                    addr = sbi.smI().allocateDataBlock(t, F2fsConst.isValidBlkaddr(addr) ? addr : NULL_ADDR, writer.dataLog(inode, false),
                            new org.f2fsobs.engine.f2fs.segment.SegmentManager.Summary(dn.nid(), dn.ofsInNode(), (byte) 0), null);
                    sbi.nmI().setDataBlkaddr(dn, addr);
                    inode.fiAppendWrite = true;
                    inode.appendIno = true;
                } else {
                    inode.fiUpdateWrite = true;
                    inode.updateIno = true;
                }
                if (bio != null && (addr != lastBlk + 1 || bio.full())) {
                    pending.inc();
                    sbi.rq().submit(t, bio);
                    bio = null;
                }
                if (bio == null) bio = new Bio(ReqOp.WRITE, Bio.REQ_SYNC, addr, (int) Math.min(Bio.BIO_MAX_VECS, n - i)).endIo(b -> pending.dec());
                long tag = WriteTags.page(writeSeq, idx);
                bio.addData(null, data.pageRef(idx), tag);
                lastBlk = addr;
                CachePage stale = inode.mapping().find(idx);
                if (stale != null && !stale.dirty() && !stale.writeback()) {
                    stale.ref = data.pageRef(idx);
                    stale.tag = tag;
                }
            }
            if (bio != null) {
                pending.inc();
                sbi.rq().submit(t, bio);
            }
        } finally {
            sbi.cpRwsem().upRead(t);
        }
        pending.awaitZero(t);
        if (pos + len > inode.isize) {
            inode.isize = pos + len;
            inode.markDirty();
        }
    }

    /** f2fs_fallocate (mode 0, f2fs_expand_inode_data): reserve the range's blocks and extend the size. */
    public void fallocate(SimTask t, F2fsInode inode, long offset, long len) {
        inode.iRwsem.lock(t);
        try {
            if (!inode.compressed) preallocateBlocks(t, inode, offset, len + (offset & 4095) + 4095 & ~4095L);
            if (offset + len > inode.isize) {
                inode.isize = offset + len;
                inode.markDirty();
            }
        } finally {
            inode.iRwsem.unlock(t);
        }
    }

    // ================================================================== read

    /** f2fs_file_read_iter: buffered through the page cache (with readahead), or direct. */
    public long read(SimTask t, F2fsInode inode, FileRaState ra, long pos, long len, Filemap.PageSink sink, boolean oDirect) {
        if (oDirect && !forceBufferedIo(inode)) return directRead(t, inode, pos, len, sink);
        int ioPages = sbi.rq().maxRequestBlocks();
        return Filemap.read(t, inode.mapping(), ra, pos, len, inode.isize, ioPages, sink);
    }

    long directRead(SimTask t, F2fsInode inode, long pos, long len, Filemap.PageSink sink) {
        if ((pos & 4095) != 0 || (len & 4095) != 0) {
            throw new org.f2fsobs.engine.f2fs.F2fsException("EINVAL", "O_DIRECT read not aligned to 4096 bytes");
        }
        long end = Math.min(pos + len, inode.isize);
        if (end <= pos) return 0;
        fileWriteAndWaitRange(t, inode, pos, end - 1);
        long first = pos >>> 12, last = (end - 1) >>> 12;
        long idx = first;
        while (idx <= last) {
            DataReader.Run run = reader.mapBlocks(t, inode, idx, (int) Math.min(Bio.BIO_MAX_VECS, last - idx + 1));
            if (run.pblk() < 0) {
                sink.page(idx, sbi.registry().zeroRef(), WriteTags.NONE, 0, 4096);
                idx++;
                continue;
            }
            Bio bio = new Bio(ReqOp.READ, Bio.REQ_SYNC, run.pblk(), run.len());
            for (int k = 0; k < run.len(); k++) bio.addRead(null);
            sbi.rq().submitAndWait(t, bio);
            for (int k = 0; k < run.len(); k++) sink.page(idx + k, bio.ref(k), bio.tag(k), 0, 4096);
            idx += run.len();
        }
        return end - pos;
    }

    // ================================================================== fsync

    /** file_write_and_wait_range */
    public void fileWriteAndWaitRange(SimTask t, F2fsInode inode, long start, long end) {
        if (inode.mapping().nrDirty() > 0) writer.writeDataPages(t, inode, WritebackControl.forRange(start, end));
        inode.mapping().waitWriteback(t);
    }

    /** f2fs_do_sync_file */
    public void fsync(SimTask t, F2fsInode inode, long start, long end, boolean datasync) {
        sbi.cpu(t, CpuOp.FSYNC, 1);
        boolean atomic = false;
        if (!inode.directory) {
            if (datasync || inode.dirtyPages <= sbi.opts().minFsyncBlocks()) inode.fiNeedIpu = true;
            try {
                fileWriteAndWaitRange(t, inode, start, end);
            } finally {
                inode.fiNeedIpu = false;
            }
            if (!inode.fiDirtyInode) {
                if (!inode.fiAppendWrite && !inode.appendIno) {
                    if (inode.fiUpdateWrite || inode.updateIno) {
                        flushOut(t, inode);
                        sbi.stat().fsyncIpuFlush++;
                        return;
                    }
                    sbi.stat().fsyncNone++;
                    return;
                }
                atomic = sbi.opts().fsyncStrict();               // "for OPU case ... force to use atomic write semantics"
            } else {
                sbi.icache().updateInode(t, inode);              // f2fs_write_inode
            }
        } else {
            fileWriteAndWaitRange(t, inode, 0, Long.MAX_VALUE);
            if (inode.fiDirtyInode) sbi.icache().updateInode(t, inode);
        }
        CpReason reason = needDoCheckpoint(t, inode);
        if (reason != CpReason.CP_NO_NEEDED) {
            sbi.cp().issueCheckpoint(t, reason);                // counted under the fsync's cp_reason
            inode.fiAppendWrite = inode.fiUpdateWrite = inode.appendIno = inode.updateIno = false;
            sbi.stat().fsyncCheckpoint++;
            return;
        }
        // sync_nodes: until the inode's last node write is fsync-marked (f2fs_need_inode_block_update)
        sbi.nmI().fsyncNodePages(t, inode.ino, sbi.nmI().needDentryMark(t, inode.ino), atomic);
        while (sbi.nmI().needInodeBlockUpdate(t, inode.ino)) {
            sbi.icache().updateInode(t, inode);                  // f2fs_mark_inode_dirty_sync + f2fs_write_inode
            sbi.stat().fsyncInodeBlockUpdates++;
            sbi.nmI().fsyncNodePages(t, inode.ino, sbi.nmI().needDentryMark(t, inode.ino), atomic);
        }
        // atomic: the node chain orders the writes and the marked dnode's PREFLUSH | FUA makes them durable
        if (!atomic) sbi.nmI().nodeWriteback().awaitZero(t);   // f2fs_wait_on_node_pages_writeback
        inode.appendIno = false;
        inode.fiAppendWrite = false;
        if (atomic) sbi.stat().fsyncAtomic++;
        flushOut(t, inode, atomic);
        sbi.stat().fsyncRollForward++;
    }

    /** flush_out: the cache flush, unless fsync_mode=nobarrier. */
    private void flushOut(SimTask t, F2fsInode inode) {
        flushOut(t, inode, false);
    }

    /** flush_out: the cache flush unless fsync_mode=nobarrier or the nodes went atomically (their last with PREFLUSH | FUA). */
    private void flushOut(SimTask t, F2fsInode inode, boolean atomic) {
        if (!atomic && !sbi.opts().fsyncNobarrier()) flush.issueFlush(t);
        inode.updateIno = false;
        inode.fiUpdateWrite = false;
    }

    /** need_do_checkpoint (6.14 order; CP_COMPRESSED skipped while COMPRESS_SKIP_WRITE_CP is set — seed 003). */
    public CpReason needDoCheckpoint(SimTask t, F2fsInode inode) {
        if (inode.directory) return CpReason.CP_NON_REGULAR;
        if (inode.compressed && !inode.skipWriteCp) return CpReason.CP_COMPRESSED;
        if (inode.links != 1) return CpReason.CP_HARDLINK;
        if (!sbi.nmI().isCheckpointedNode(t, inode.pino)) return CpReason.CP_NODE_NEED_CP;
        return CpReason.CP_NO_NEEDED;
    }

    // ================================================================== truncate

    /** f2fs_truncate / f2fs_setattr size change. */
    public void truncate(SimTask t, F2fsInode inode, long newSize) {
        if (newSize >= inode.isize) {
            if (newSize > inode.isize) {
                inode.isize = newSize;
                inode.markDirty();
            }
            return;
        }
        long fromIndex = (newSize + 4095) >>> 12;
        AddressSpace m = inode.mapping();
        for (long i = m.nextTagged(false, fromIndex); i >= 0; i = m.nextTagged(false, i + 1)) writer.decDirty(inode);
        m.truncateFrom(fromIndex);
        truncateBlocks(t, inode, fromIndex);
        inode.isize = newSize;
        inode.markDirty();
    }

    /** truncate_blocks from file block {@code fromIndex}: data blocks invalidated, their slots cleared. */
    public void truncateBlocks(SimTask t, F2fsInode inode, long fromIndex) {
        long nblocks = (inode.isize + 4095) >>> 12;
        sbi.cpRwsem().downRead(t);
        try {
            for (long idx = fromIndex; idx < nblocks; idx++) {
                DnodeOfData dn = sbi.nmI().getDnodeOfData(t, inode.inodePage(), idx, false);
                if (dn == null) continue;
                long a = dn.dataBlkaddr();
                if (a == NULL_ADDR) continue;
                if (F2fsConst.isValidBlkaddr(a)) sbi.smI().invalidateBlocks(t, a, 1);
                sbi.nmI().setDataBlkaddr(dn, NULL_ADDR);
            }
        } finally {
            sbi.cpRwsem().upRead(t);
        }
    }
}
