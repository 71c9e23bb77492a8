package org.f2fsobs.engine.f2fs.inode;

import org.f2fsobs.engine.f2fs.F2fsSbInfo;
import org.f2fsobs.engine.f2fs.F2fsSbInfo.SbiFlag;
import org.f2fsobs.engine.f2fs.node.InodeFields;
import org.f2fsobs.engine.f2fs.node.NodePage;
import org.f2fsobs.engine.kernel.mm.AddressSpace;
import org.f2fsobs.engine.sim.SimMutex;
import org.f2fsobs.engine.sim.SimTask;

/**
 * An in-memory inode: the VFS inode plus {@code struct f2fs_inode_info} (fs/f2fs/f2fs.h) — size, links, the
 * FI_* flags the write and fsync paths test, dirty page count, compression settings, the page cache mapping and
 * the inode page in the node cache.
 */
public final class F2fsInode {
    public final int ino;
    final F2fsSbInfo sbi;
    NodePage inodePage;
    AddressSpace mapping;
    public final SimMutex iRwsem;

    public long isize;
    public int links;
    public boolean directory;
    public int pino;
    public String name;
    public boolean compressed;          // F2FS_COMPR_FL
    public int compressAlgorithm;
    public int logClusterSize;
    /** i_compress_level: set_compress_context copies compress_level for lz4 and zstd (0: the default level). */
    public int compressLevel;
    public long comprBlocks;

    // FI_* flags
    public boolean fiAppendWrite;
    public boolean fiUpdateWrite;
    public boolean fiNeedIpu;
    public boolean fiHotData;
    public boolean fiDirtyInode;        // on the dirty inode list: the inode page needs f2fs_update_inode
    /** COMPRESS_SKIP_WRITE_CP (seed 003): set while the write path syncs a compressed file. */
    public boolean skipWriteCp;
    /** F2FS_I(inode)->dirty_pages */
    public long dirtyPages;
    public long lastDiskSize;
    /** F2FS_I(inode)->wb_task: f2fs itself is flushing this inode (no balance_fs, no serialisation). */
    public SimTask wbTask;
    public int openCount;
    /** Data written since the last checkpoint that fsync must persist (APPEND_INO / UPDATE_INO entries). */
    public boolean appendIno;
    public boolean updateIno;

    F2fsInode(F2fsSbInfo sbi, int ino, NodePage inodePage) {
        this.sbi = sbi;
        this.ino = ino;
        this.inodePage = inodePage;
        this.iRwsem = new SimMutex(sbi.sim(), "i_rwsem[" + ino + "]", sbi.machine().account(org.f2fsobs.engine.platform.CpuOp.LOCK),
                sbi.machine().costPs(org.f2fsobs.engine.platform.CpuOp.LOCK));
        InodeFields f = inodePage.inode;
        this.isize = f.size;
        this.links = f.links;
        this.directory = f.directory;
        this.pino = f.pino;
        this.name = f.name;
        this.compressed = f.compressed;
        this.compressAlgorithm = f.compressAlgorithm;
        this.logClusterSize = f.logClusterSize;
        this.compressLevel = f.compressLevel;
        this.comprBlocks = f.comprBlocks;
        this.lastDiskSize = f.size;
    }

    public NodePage inodePage() { return inodePage; }
    public AddressSpace mapping() { return mapping; }
    public F2fsSbInfo sbi() { return sbi; }

    public boolean isRegular() {
        return !directory;
    }

    /** Pages per compression cluster (1 << i_log_cluster_size). */
    public int clusterSize() {
        return 1 << logClusterSize;
    }

    /** f2fs_mark_inode_dirty_sync: the inode page must be refreshed before the inode is written. */
    public void markDirty() {
        fiDirtyInode = true;
        sbi.setSbiFlag(SbiFlag.SBI_IS_DIRTY);
    }
}
