package org.f2fsobs.engine.f2fs;

import org.f2fsobs.engine.f2fs.checkpoint.Checkpointer;
import org.f2fsobs.engine.f2fs.checkpoint.MetaMapping;
import org.f2fsobs.engine.f2fs.gc.GarbageCollector;
import org.f2fsobs.engine.f2fs.node.NodeManager;
import org.f2fsobs.engine.f2fs.ondisk.SuperBlock;
import org.f2fsobs.engine.f2fs.segment.CursegInfo;
import org.f2fsobs.engine.f2fs.segment.CursegType;
import org.f2fsobs.engine.f2fs.segment.DirtySeglistInfo;
import org.f2fsobs.engine.f2fs.segment.FreeSegmapInfo;
import org.f2fsobs.engine.f2fs.segment.SegmentLayout;
import org.f2fsobs.engine.f2fs.segment.SegmentManager;
import org.f2fsobs.engine.f2fs.segment.SitInfo;
import org.f2fsobs.engine.kernel.block.RequestQueue;
import org.f2fsobs.engine.platform.CpuOp;
import org.f2fsobs.engine.platform.Machine;
import org.f2fsobs.engine.sim.SimMutex;
import org.f2fsobs.engine.sim.SimRwSem;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.Simulation;
import org.f2fsobs.engine.sim.device.ContentRegistry;
import org.f2fsobs.engine.sim.device.WriteTags;

/**
 * Mirrors {@code struct f2fs_sb_info} (fs/f2fs/f2fs.h): one mounted F2FS, with the kernel's one-word accessors
 * ({@link #smI()}, {@link #sitI()}, {@link #freeI()}, {@link #dirtyI()}, {@link #cursegI}, {@link #nmI()},
 * {@link #meta()}). The file system reaches the disk only through the request queue {@link #rq}: data and node pages
 * through their bios, metadata through the meta mapping. {@link #registry} and {@link #tags} are the simulator's
 * bookkeeping of block contents and write identities, not I/O.
 */
public final class F2fsSbInfo {
    public final Machine machine;
    public final Simulation sim;
    public final RequestQueue rq;
    /** Content references of the disk (what a data block's bytes are), shared with it. */
    public final ContentRegistry registry;
    /** Write identities of the disk (which write(2) a block's content came from), shared with it. */
    public final WriteTags tags;
    public final SuperBlock sb;
    public final SegmentLayout layout;
    /** Mount options and sysfs tunables in effect: a remount or a write to /sys/fs/f2fs/&lt;dev&gt;/ replaces them. */
    public F2fsOptions opts;
    public final F2fsStat stat = new F2fsStat();

    SegmentManager sm;
    NodeManager nm;
    Checkpointer cp;
    private GarbageCollector gc;
    private final MetaMapping meta;
    /** The page cache, LRU and writeback of the machine this volume is mounted on. */
    public org.f2fsobs.engine.kernel.mm.Mm mm;
    /** The inode cache (icache) and the data write-merge contexts, set up by the file layer at mount. */
    public org.f2fsobs.engine.f2fs.inode.InodeCache icache;
    public org.f2fsobs.engine.f2fs.data.WriteIo[] dataIo;

    /** get_pages(sbi, F2FS_DIRTY_*) */
    public long nrDirtyData;
    public long nrDirtyNodes;
    public long nrDirtyDents;
    public long nrDirtyImeta;

    /** SBI_IS_DIRTY: something changed since the last checkpoint. */
    public boolean isDirty;
    /** SBI_POR_DOING: roll-forward recovery in progress. */
    public boolean porDoing;
    /** Set when a checkpoint could not be written (f2fs_cp_error). */
    public boolean cpError;

    /** cp_rwsem: f2fs_lock_op (read) / f2fs_lock_all (write). */
    public final SimRwSem cpRwsem;
    /** cp_global_sem: one checkpoint at a time. */
    public final SimMutex cpGlobalSem;
    /** sbi->writepages: the mutex of seed 004. */
    public final SimMutex writepages;
    /** SM_I(sbi)->curseg_lock */
    public final SimRwSem cursegLock;
    /** node_write: held for read by node writers, for write by block_operations. */
    public final SimRwSem nodeWrite;
    /**
     * get_pages(sbi, F2FS_WB_CP_DATA) for the data pages f2fs_is_cp_guaranteed counts that the model tracks: those
     * garbage collection writes (page_private_gcing, and move_data_block's META_MAPPING pages). A checkpoint waits
     * for them before its commit block. Departure: directory pages, cp-guaranteed in the kernel, are not counted.
     */
    public final org.f2fsobs.engine.sim.WaitCount wbCpData;
    /** wb_sync_req[DATA]: WB_SYNC_ALL data writers in progress (async writeback skips while > 0). */
    public int wbSyncReqData;

    public F2fsSbInfo(Machine machine, RequestQueue rq, SuperBlock sb, F2fsOptions opts) {
        this.machine = machine;
        this.sim = machine.sim();
        this.rq = rq;
        this.registry = rq.store().registry();
        this.tags = rq.store().tags();
        this.sb = sb;
        this.layout = new SegmentLayout(sb);
        this.opts = opts;
        long lockPs = machine.costPs(CpuOp.LOCK);
        int lockAcct = machine.account(CpuOp.LOCK);
        this.cpRwsem = new SimRwSem(sim, "cp_rwsem", lockAcct, lockPs);
        this.cpGlobalSem = new SimMutex(sim, "cp_global_sem", lockAcct, lockPs);
        this.writepages = new SimMutex(sim, "writepages", lockAcct, lockPs);
        this.cursegLock = new SimRwSem(sim, "curseg_lock", lockAcct, lockPs);
        this.nodeWrite = new SimRwSem(sim, "node_write", lockAcct, lockPs);
        this.meta = new MetaMapping(this);
        this.wbCpData = new org.f2fsobs.engine.sim.WaitCount(sim, "wb_cp_data");
    }

    public SegmentManager smI() { return sm; }
    public SitInfo sitI() { return sm.sitI(); }
    public FreeSegmapInfo freeI() { return sm.freeI(); }
    public DirtySeglistInfo dirtyI() { return sm.dirtyI(); }
    public CursegInfo cursegI(CursegType type) { return sm.cursegI(type); }
    public NodeManager nmI() { return nm; }
    public Checkpointer cp() { return cp; }
    /** The foreground garbage collector of this mount (fs/f2fs/gc.c); null for a volume used offline. */
    public GarbageCollector gc() { return gc; }

    public void attachGc(GarbageCollector gc) {
        this.gc = gc;
    }
    /** META_MAPPING(sbi): CP, NAT, SIT and SSA pages (and node blocks read as META_POR during recovery). */
    public MetaMapping meta() { return meta; }

    public void attach(SegmentManager sm, NodeManager nm, Checkpointer cp) {
        this.sm = sm;
        this.nm = nm;
        this.cp = cp;
    }

    public boolean flagSecCkptValidBlocks() {
        return opts.optimizations().secCkptValidBlocks();
    }

    /** Charges CPU to the running task (an {@link org.f2fsobs.engine.sim.OfflineTask} is charged nothing). */
    public void cpu(SimTask t, CpuOp op, long count) {
        machine.cpu(t, op, count);
    }

    public void cpu(SimTask t, CpuOp op) {
        machine.cpu(t, op);
    }

    /** Virtual time in whole seconds, as get_mtime() returns. */
    public long mtimeNow() {
        return sim.nowNs() / 1_000_000_000L;
    }
}
