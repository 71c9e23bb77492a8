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
import org.f2fsobs.engine.f2fs.data.WriteIo;
import org.f2fsobs.engine.f2fs.inode.InodeCache;
import org.f2fsobs.engine.kernel.mm.Mm;
import org.f2fsobs.engine.sim.SimMutex;
import org.f2fsobs.engine.sim.SimRwSem;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.Simulation;
import org.f2fsobs.engine.sim.WaitCount;
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
    private final Machine machine;
    private final Simulation sim;
    private final RequestQueue rq;
    /** Content references of the disk (what a data block's bytes are), shared with it. */
    private final ContentRegistry registry;
    /** Write identities of the disk (which write(2) a block's content came from), shared with it. */
    private final WriteTags tags;
    private final SuperBlock sb;
    private final SegmentLayout layout;
    /** Mount options and sysfs tunables in effect: a remount or a write to /sys/fs/f2fs/&lt;dev&gt;/ replaces them. */
    private F2fsOptions opts;
    private final F2fsStat stat = new F2fsStat();

    SegmentManager sm;
    NodeManager nm;
    Checkpointer cp;
    private GarbageCollector gc;
    private final MetaMapping meta;
    /** The page cache, LRU and writeback of the machine this volume is mounted on (set by the mount). */
    Mm mm;
    /** The inode cache (icache) and the data write-merge contexts (sbi->write_io[DATA]), set up by the mount. */
    InodeCache icache;
    WriteIo[] dataIo;

    /** get_pages(sbi, F2FS_DIRTY_*): indexed by {@link CountType}. */
    private final long[] nrPages = new long[CountType.values().length];

    /** sbi->s_flag: SBI_IS_DIRTY (something changed since the last checkpoint), SBI_POR_DOING (roll-forward). */
    private final boolean[] sFlag = new boolean[SbiFlag.values().length];
    /** f2fs_cp_error: a checkpoint could not be written. Nothing in the model sets it (no f2fs_stop_checkpoint). */
    private boolean cpError;

    /** cp_rwsem: f2fs_lock_op (read) / f2fs_lock_all (write). */
    private final SimRwSem cpRwsem;
    /** cp_global_sem: one checkpoint at a time. */
    private final SimMutex cpGlobalSem;
    /** sbi->writepages: the mutex of seed 004. */
    private final SimMutex writepages;
    /** SM_I(sbi)->curseg_lock */
    private final SimRwSem cursegLock;
    /** node_write: held for read by node writers, for write by block_operations. */
    private final SimRwSem nodeWrite;
    /**
     * get_pages(sbi, F2FS_WB_CP_DATA) for the data pages f2fs_is_cp_guaranteed counts that the model tracks: those
     * garbage collection writes (page_private_gcing, and move_data_block's META_MAPPING pages). A checkpoint waits
     * for them before its commit block. Departure: directory pages, cp-guaranteed in the kernel, are not counted.
     */
    private final WaitCount wbCpData;
    /** wb_sync_req[DATA]: WB_SYNC_ALL data writers in progress (async writeback skips while > 0). */
    private int wbSyncReqData;
    /** last_time[REQ_TIME] (= last_time[GC_TIME]): the last f2fs_update_time(sbi, REQ_TIME), virtual ns. */
    private long lastReqTimeNs;

    /** enum count_type: the page counts the model keeps (inc_page_count / dec_page_count / get_pages). */
    public enum CountType { F2FS_DIRTY_DENTS, F2FS_DIRTY_DATA, F2FS_DIRTY_NODES, F2FS_DIRTY_IMETA }

    /** The SBI_* flags the model keeps (set_sbi_flag / clear_sbi_flag / is_sbi_flag_set). */
    public enum SbiFlag { SBI_IS_DIRTY, SBI_POR_DOING }

    public F2fsSbInfo(Machine machine, RequestQueue rq, SuperBlock sb, F2fsOptions opts) {
        this.machine = machine;
        this.sim = machine.sim();
        this.rq = rq;
        this.registry = rq.registry();
        this.tags = rq.tags();
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
        this.wbCpData = new WaitCount(sim, "wb_cp_data");
    }

    public Machine machine() { return machine; }
    public Simulation sim() { return sim; }
    /** The request queue of the disk: the one way the file system reaches it. */
    public RequestQueue rq() { return rq; }
    public ContentRegistry registry() { return registry; }
    public WriteTags tags() { return tags; }
    public SuperBlock sb() { return sb; }
    public SegmentLayout layout() { return layout; }
    public F2fsStat stat() { return stat; }
    public F2fsOptions opts() { return opts; }
    /** A remount or a sysfs write: the options in effect from now on. */
    public void setOpts(F2fsOptions opts) { this.opts = opts; }
    public Mm mm() { return mm; }
    public InodeCache icache() { return icache; }
    /** sbi->write_io[DATA][temp] */
    public WriteIo[] dataIo() { return dataIo; }
    public SimRwSem cpRwsem() { return cpRwsem; }
    public SimMutex cpGlobalSem() { return cpGlobalSem; }
    public SimMutex writepages() { return writepages; }
    public SimRwSem cursegLock() { return cursegLock; }
    public SimRwSem nodeWrite() { return nodeWrite; }
    public WaitCount wbCpData() { return wbCpData; }

    /** get_pages */
    public long getPages(CountType type) { return nrPages[type.ordinal()]; }
    /** inc_page_count */
    public void incPageCount(CountType type) { nrPages[type.ordinal()]++; }
    /** dec_page_count */
    public void decPageCount(CountType type) { nrPages[type.ordinal()]--; }

    public boolean isSbiFlagSet(SbiFlag flag) { return sFlag[flag.ordinal()]; }
    public void setSbiFlag(SbiFlag flag) { sFlag[flag.ordinal()] = true; }
    public void clearSbiFlag(SbiFlag flag) { sFlag[flag.ordinal()] = false; }

    /** f2fs_cp_error */
    public boolean cpError() { return cpError; }

    /** atomic_read(&sbi->wb_sync_req[DATA]) */
    public int wbSyncReqData() { return wbSyncReqData; }
    public void incWbSyncReqData() { wbSyncReqData++; }
    public void decWbSyncReqData() { wbSyncReqData--; }

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

    /** f2fs_update_time(sbi, REQ_TIME): a request reached the file system (writes, fsync, truncate, namespace). */
    public void updateReqTime() { lastReqTimeNs = sim.nowNs(); }
    /** last_time[GC_TIME] */
    public long lastReqTimeNs() { return lastReqTimeNs; }

    /** Virtual time in whole seconds, as get_mtime() returns. */
    public long mtimeNow() {
        return sim.nowNs() / 1_000_000_000L;
    }
}
