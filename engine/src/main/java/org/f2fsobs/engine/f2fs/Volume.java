package org.f2fsobs.engine.f2fs;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import org.f2fsobs.engine.f2fs.checkpoint.CpReason;
import org.f2fsobs.engine.f2fs.compress.F2fsCompress;
import org.f2fsobs.engine.f2fs.data.DataReader;
import org.f2fsobs.engine.f2fs.data.DataWriter;
import org.f2fsobs.engine.f2fs.gc.GarbageCollector;
import org.f2fsobs.engine.f2fs.data.PageType;
import org.f2fsobs.engine.f2fs.data.WriteIo;
import org.f2fsobs.engine.f2fs.dir.Dir;
import org.f2fsobs.engine.f2fs.file.FileData;
import org.f2fsobs.engine.f2fs.file.FileOps;
import org.f2fsobs.engine.f2fs.file.FlushCmdControl;
import org.f2fsobs.engine.f2fs.inode.F2fsInode;
import org.f2fsobs.engine.f2fs.inode.InodeCache;
import org.f2fsobs.engine.f2fs.node.NodePage;
import org.f2fsobs.engine.f2fs.ondisk.DentryBlock;
import org.f2fsobs.engine.f2fs.recovery.Recovery;
import org.f2fsobs.engine.kernel.Kernel;
import org.f2fsobs.engine.kernel.mm.AddressSpace;
import org.f2fsobs.engine.kernel.mm.AddressSpaceOps;
import org.f2fsobs.engine.kernel.mm.FileRaState;
import org.f2fsobs.engine.kernel.mm.Filemap;
import org.f2fsobs.engine.kernel.mm.WritebackControl;
import org.f2fsobs.engine.kernel.mm.vmalloc.Vmalloc;
import org.f2fsobs.engine.kernel.mm.vmalloc.VmallocProfile;
import org.f2fsobs.engine.kernel.block.BlockStats;
import org.f2fsobs.engine.platform.CpuOp;
import org.f2fsobs.engine.platform.Profile;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.Simulation;
import org.f2fsobs.engine.sim.device.ContentRegistry;

/**
 * The VFS-like facade the workloads call from simulated tasks (ARCHITECTURE §1.1): paths, file descriptors,
 * open flags, pwrite/pread, fsync/fdatasync, ftruncate, mkdir with the compression flag (chattr +c), unlink, link,
 * sync, drop_caches, umount. Mounting runs roll-forward recovery. Paths resolve in the machine's namespace
 * ({@link #setNamespace}: absolute ones under the mount point, relative ones from the current directory; ".." never
 * above the volume root); missing parent directories are created by {@link #mkdirs}.
 */
public final class Volume {
    public static final int O_RDONLY = 0;
    public static final int O_WRONLY = 1;
    public static final int O_RDWR = 2;
    public static final int O_CREAT = 0100;
    public static final int O_TRUNC = 01000;
    public static final int O_APPEND = 02000;
    public static final int O_DSYNC = 010000;
    public static final int O_DIRECT = 040000;
    public static final int O_SYNC = 04000000 | O_DSYNC;

    private final Kernel kernel;
    private final F2fsSbInfo sbi;
    private final FileOps ops;
    private final Dir dir;
    private final FlushCmdControl flush;
    private final F2fsCompress compress;
    private final TreeMap<Integer, OpenFile> fds = new TreeMap<>();
    private final Recovery.Result recovery;
    private int nextFd = 3;
    private final Namespace ns = new Namespace();
    private SyscallObserver observer = NOP;
    private boolean mounted = true;

    /** An open file description. */
    public static final class OpenFile {
        public final F2fsInode inode;
        public final int flags;
        public final FileRaState ra;

        OpenFile(F2fsInode inode, int flags, int raPages) {
            this.inode = inode;
            this.flags = flags;
            this.ra = new FileRaState(raPages);
        }
    }

    private Volume(SimTask t, Kernel kernel, F2fsOptions opts) {
        this.kernel = kernel;
        this.sbi = Mount.mount(t, kernel.machine(), kernel.rq(), opts);
        sbi.mm = kernel.mm();
        sbi.dataIo = new WriteIo[F2fsConst.NR_TEMP_TYPE];
        for (int i = 0; i < sbi.dataIo().length; i++) sbi.dataIo()[i] = new WriteIo(sbi, PageType.DATA, i);
        DataWriter writer = new DataWriter(sbi);
        DataReader reader = new DataReader(sbi);
        this.flush = new FlushCmdControl(sbi);
        this.ops = new FileOps(sbi, writer, reader, flush);
        this.dir = new Dir(sbi, reader, writer);
        // compression layer (f2fs/compress): cluster writer/reader and write_begin hooks, mapping its buffers through
        // one vmalloc model per mount (one volume per simulated machine), era and costs from the profile
        this.compress = F2fsCompress.install(sbi, writer, reader, ops, VmallocProfile.forMachine(kernel.machine()));
        sbi.icache = new InodeCache(sbi, new AddressSpaceOps() {
            @Override
            public long writepages(SimTask task, AddressSpace m, WritebackControl wbc) {
                return writer.writeDataPages(task, (F2fsInode) m.host, wbc);
            }

            @Override
            public void readahead(SimTask task, AddressSpace m, long start, int nr) {
                reader.readahead(task, (F2fsInode) m.host, start, nr);
            }
        });
        sbi.attachGc(new GarbageCollector(sbi, writer, reader));
        sbi.cp().setDataHooks(this::flushDirtyDents, task -> kernel.mm().bdi().syncAll(task), this::flushDataWrites);
        flush.start();
        Recovery r = new Recovery(sbi, dir, this::evict);
        if (sbi.opts().disableRollForward()) {
            // f2fs_fill_super: no roll-forward; a read-write mount with fsync'd data waiting is refused
            if (r.hasFsyncData(t)) throw new F2fsException("EINVAL", "mount with disable_roll_forward: F2FS-fs: Need to recover fsync data");
            this.recovery = new Recovery.Result(0, 0, 0, 0);
        } else {
            this.recovery = r.recoverFsyncData(t);
        }
        // f2fs_fill_super: f2fs_start_gc_thread after recovery unless background_gc=off
        if (sbi.opts().bggcMode() != F2fsOptions.BggcMode.OFF && !(t instanceof org.f2fsobs.engine.sim.OfflineTask)) sbi.gc().startGcThread();
    }

    /** Mounts the volume on the kernel's disk (which mkfs has formatted), recovering fsync'd data. */
    public static Volume mount(SimTask t, Kernel kernel, F2fsOptions opts) {
        return new Volume(t, kernel, opts);
    }

    /**
     * The mounted file system's sb_info, for the engine's own tests and the JMH benchmarks of its structures. Tools
     * and measurements use the named methods of the front door below; the rules test (ArchitectureTests) holds that.
     */
    public F2fsSbInfo sbi() { return sbi; }
    public FileOps fileOps() { return ops; }
    public Kernel kernel() { return kernel; }
    public Recovery.Result recovery() { return recovery; }
    public FlushCmdControl flushControl() { return flush; }
    /** The compression layer (fs/f2fs/compress.c) of this mount. */
    public F2fsCompress compress() { return compress; }
    /** The machine's vmalloc model that compression maps its buffers with. */
    public Vmalloc vmalloc() { return compress.vmalloc(); }

    /** The vmalloc counters (vmap_calls, vm_map_ram_calls, vmap_area_walk_steps, vmap_purges, tlb_flush_all, …). */
    public java.util.Map<String, Long> vmallocStats() {
        return compress.vmalloc().stats().toMap();
    }

    // ------------------------------------------------------------------ front door: clock, CPU, counters, options

    /** The simulation the volume's machine runs in: its clock, CPU accounts and lock statistics. */
    public Simulation sim() { return sbi.sim(); }

    /** The virtual clock, ns. */
    public long nowNs() { return sbi.sim().nowNs(); }

    /** The profile of the machine the volume is mounted on (CPUs, device, costs). */
    public Profile profile() { return sbi.machine().profile(); }

    /**
     * Charges {@code count} × the profile's cost of {@code op} to task {@code t}: the CPU a tool's own work takes
     * outside this volume (its user-space loop, io_uring submission, read(2) of /dev/zero or /dev/urandom).
     */
    public void chargeCpu(SimTask t, CpuOp op, long count) { sbi.machine().cpu(t, op, count); }

    /** The profile's unit cost of {@code op}, ps (noted as a read of that constant). */
    public long cpuCostPs(CpuOp op) { return sbi.machine().costPs(op); }

    /** The CPU account {@code op} is charged to (the time breakdown's key). */
    public int cpuAccount(CpuOp op) { return sbi.machine().account(op); }

    /** Content references of the disk: what the tools' data sources are built on. */
    public ContentRegistry registry() { return sbi.registry(); }

    /** The block layer's statistics of the disk since {@link #resetBlockStats} (requests, merges, sizes, ticks). */
    public BlockStats blockStats() { return sbi.rq().stats(); }

    public void resetBlockStats() { sbi.rq().resetStats(); }

    /** Time the device was busy since the block statistics were reset, ns. */
    public long deviceBusyNs() { return sbi.rq().busyNs(); }

    /** get_request sleeps so far: a submitter found nr_requests allocated. */
    public long getRequestSleeps() { return sbi.rq().getRequestSleeps(); }

    /** A copy of the file system's counters (F2fsStat, debug.c's), to difference over a window. */
    public F2fsStat statSnapshot() { return sbi.stat().snapshot(); }

    /** Checkpoints this mount wrote. */
    public long checkpoints() { return sbi.stat().checkpoints; }

    /** Metadata reads of this mount by {@link MetaType} (ordinal order), a copy. */
    public long[] metaReadsByType() { return sbi.stat().metaReadsByType.clone(); }

    /** get_seg_entry() calls so far (P1's evidence). */
    public long segEntryReads() { return sbi.sitI().segEntryReads(); }

    /** get_sec_entry() calls so far. */
    public long secEntryReads() { return sbi.sitI().secEntryReads(); }

    /** written_valid_blocks: the valid blocks of the main area. */
    public long writtenValidBlocks() { return sbi.sitI().writtenValidBlocks(); }

    /** Contended acquisitions of sbi->writepages (seed 004) since the lock statistics were reset. */
    public long writepagesContended() { return sbi.writepages().stats().contended(); }

    /** statvfs's free bytes: the free sections of the main area. */
    public long freeSectionBytes() { return (long) sbi.smI().freeSections() * sbi.layout().blocksPerSec * F2fsConst.F2FS_BLKSIZE; }

    /** The mount options and sysfs tunables in effect. */
    public F2fsOptions options() { return sbi.opts(); }

    /** mount -o remount: default_options, then {@code options}, checked against the superblock's features. */
    public void remount(String options) {
        F2fsOptions o = sbi.opts().remount(options);
        o.checkImage(sbi.sb());
        sbi.setOpts(o);
        // f2fs_remount: background_gc=off stops the GC thread, on|sync starts it (departure: the remount does not
        // wait for a running pass to end; the thread ends at its next wake-up)
        if (o.bggcMode() == F2fsOptions.BggcMode.OFF) sbi.gc().stopGcThread(null);
        else sbi.gc().startGcThread();
    }

    /**
     * A write to /sys/fs/f2fs/&lt;dev&gt;/: the tunables {@code change} gives take effect from now on; gc_urgent
     * written 1 or 3 wakes the GC thread (__sbi_store: gc_wake, wake_up_interruptible_all).
     */
    public void writeSysfs(UnaryOperator<F2fsOptions> change) {
        int before = sbi.opts().gcUrgent();
        sbi.setOpts(change.apply(sbi.opts()));
        int now = sbi.opts().gcUrgent();
        if (now != before && (now == 1 || now == 3)) sbi.gc().wakeGcThread();
    }

    /** Reports the system calls to {@code o} from now on (null: to nobody). */
    public void observe(SyscallObserver o) {
        this.observer = o == null ? NOP : o;
    }

    // ------------------------------------------------------------------ checkpoint hooks

    /** block_operations: f2fs_sync_dirty_inodes(DIR_INODE) and f2fs_sync_inode_meta. */
    private void flushDirtyDents(SimTask t) {
        for (F2fsInode i : sbi.icache().all()) {
            if (i.directory && i.dirtyPages > 0) {
                i.wbTask = t;
                try {
                    WritebackControl wbc = new WritebackControl(WritebackControl.SyncMode.WB_SYNC_ALL, Long.MAX_VALUE);
                    ops.writer().writeDataPages(t, i, wbc);
                } finally {
                    i.wbTask = null;
                }
            }
        }
        for (F2fsInode i : sbi.icache().all()) if (i.directory) i.mapping().waitWriteback(t);
        sbi.icache().syncInodeMeta(t);
    }

    private void flushDataWrites(SimTask t) {
        for (WriteIo io : sbi.dataIo()) io.submitMerged(t);
    }

    // ------------------------------------------------------------------ paths

    /**
     * Where the volume sits in the simulated machine's namespace: the mount point (absolute, "/" by default) and the
     * current directory of the shell, relative to the volume root (chdir). Absolute paths must lie under the mount
     * point; relative ones start at the current directory.
     */
    public void setNamespace(String mountPoint, String cwd) {
        ns.set(mountPoint, cwd);
    }

    /** chdir(2) on the volume: {@code path} must be a directory. */
    public void chdir(SimTask t, String path) {
        List<String> parts = split(path);
        resolveDir(t, parts, parts.size(), false);
        ns.chdir(parts);
    }

    private List<String> split(String path) {
        return ns.split(path);
    }

    private F2fsInode root(SimTask t) {
        return sbi.icache().iget(t, sbi.sb().rootIno());
    }

    private F2fsInode resolveDir(SimTask t, List<String> parts, int upTo, boolean create) {
        F2fsInode cur = root(t);
        for (int i = 0; i < upTo; i++) {
            String name = parts.get(i);
            DentryBlock.Dentry d = dir.lookup(t, cur, name);
            if (d == null) {
                if (!create) throw new F2fsException("ENOENT", "no directory '" + name + "' in " + String.join("/", parts.subList(0, i)));
                cur = mkdirIn(t, cur, name, cur.compressed);
                continue;
            }
            if (!d.directory()) throw new F2fsException("ENOTDIR", "'" + name + "' is not a directory");
            cur = sbi.icache().iget(t, d.ino());
        }
        return cur;
    }

    private F2fsInode mkdirIn(SimTask t, F2fsInode parent, String name, boolean compressFlag) {
        sbi.cpRwsem().downRead(t);
        F2fsInode d;
        try {
            d = sbi.icache().newInode(t, true, parent.ino, name, compressFlag, sbi.opts().compressAlgorithmId(), sbi.opts().compressLevel(),
                    sbi.opts().compressLogSize());
            dir.makeEmpty(t, d, parent.ino);
            dir.addLink(t, parent, name, d.ino, true);
            parent.links++;
            parent.markDirty();
        } finally {
            sbi.cpRwsem().upRead(t);
        }
        sbi.smI().balanceFs(t);
        return d;
    }

    /** mkdir -p; with {@code compress} the last directory gets the compression flag (chattr +c). */
    public void mkdirs(SimTask t, String path, boolean compress) {
        sbi.cpu(t, CpuOp.SYSCALL, 1);
        List<String> parts = split(path);
        F2fsInode d = resolveDir(t, parts, parts.size(), true);
        if (compress) setCompression(t, d);
    }

    /** chattr +c on a directory (new files inherit it) or an empty regular file. */
    public void setCompression(SimTask t, String path) {
        F2fsInode i = lookup(t, path);
        if (i == null) throw new F2fsException("ENOENT", "no such file or directory: " + path);
        setCompression(t, i);
    }

    private void setCompression(SimTask t, F2fsInode i) {
        if (!i.directory && i.isize > 0) throw new F2fsException("EINVAL", "chattr +c needs an empty file");
        i.compressed = true;
        i.compressAlgorithm = sbi.opts().compressAlgorithmId();
        i.compressLevel = sbi.opts().compressLevel();
        i.logClusterSize = sbi.opts().compressLogSize();
        i.markDirty();
    }

    public F2fsInode lookup(SimTask t, String path) {
        List<String> parts = split(path);
        if (parts.isEmpty()) return root(t);
        F2fsInode parent = resolveDir(t, parts, parts.size() - 1, false);
        DentryBlock.Dentry d = dir.lookup(t, parent, parts.get(parts.size() - 1));
        return d == null ? null : sbi.icache().iget(t, d.ino());
    }

    /**
     * ioctl(FIBMAP) over a whole file (f2fs_bmap): the block address of every page index below i_size, NULL_ADDR (0)
     * for a hole. Reads node pages that are not cached, as bmap does.
     */
    public long[] fibmap(SimTask t, String path) {
        F2fsInode inode = lookup(t, path);
        if (inode == null) throw new F2fsException("ENOENT", path + ": no such file");
        long pages = (inode.isize + 4095) >>> 12;
        long[] out = new long[(int) pages];
        for (int i = 0; i < pages; i++) {
            var dn = sbi.nmI().getDnodeOfData(t, inode.inodePage(), i, false);
            out[i] = dn == null ? F2fsConst.NULL_ADDR : dn.dataBlkaddr();
        }
        return out;
    }

    // ------------------------------------------------------------------ files

    /** open(2) */
    public int open(SimTask t, String path, int flags) {
        sbi.cpu(t, CpuOp.SYSCALL, 1);
        List<String> parts = split(path);
        if (parts.isEmpty()) throw new F2fsException("EISDIR", "cannot open the root directory for I/O");
        F2fsInode parent = resolveDir(t, parts, parts.size() - 1, (flags & O_CREAT) != 0);
        String name = parts.get(parts.size() - 1);
        DentryBlock.Dentry d = dir.lookup(t, parent, name);
        F2fsInode inode;
        boolean created = d == null;
        if (d == null) {
            if ((flags & O_CREAT) == 0) throw new F2fsException("ENOENT", "no such file: " + path);
            sbi.cpRwsem().downRead(t);
            try {
                inode = sbi.icache().newInode(t, false, parent.ino, name, F2fsCompress.newFileCompressed(sbi, parent.compressed, name),
                        sbi.opts().compressAlgorithmId(), sbi.opts().compressLevel(), sbi.opts().compressLogSize());
                dir.addLink(t, parent, name, inode.ino, false);
            } finally {
                sbi.cpRwsem().upRead(t);
            }
            sbi.smI().balanceFs(t);
            sbi.updateReqTime();                      // f2fs_create → f2fs_add_link: f2fs_update_time(REQ_TIME)
        } else {
            if (d.directory()) throw new F2fsException("EISDIR", path + " is a directory");
            inode = sbi.icache().iget(t, d.ino());
            if ((flags & O_TRUNC) != 0 && inode.isize > 0) ops.truncate(t, inode, 0);
        }
        observer.opened(String.join("/", parts), inode.ino, created);
        if (!created && (flags & O_TRUNC) != 0) observer.resized(inode.ino, 0);
        inode.openCount++;
        int fd = nextFd++;
        fds.put(fd, new OpenFile(inode, flags, kernel.mm().bdi().raPages()));
        return fd;
    }

    private OpenFile fd(int fd) {
        OpenFile f = fds.get(fd);
        if (f == null) throw new F2fsException("EBADF", "bad file descriptor " + fd);
        return f;
    }

    public OpenFile openFile(int fd) {
        return fd(fd);
    }

    public void close(SimTask t, int fd) {
        OpenFile f = fds.remove(fd);
        if (f == null) throw new F2fsException("EBADF", "bad file descriptor " + fd);
        f.inode.openCount--;
    }

    /** pwrite(2) of {@code len} bytes whose content {@code data} gives. */
    public long pwrite(SimTask t, int fd, long pos, long len, FileData data) {
        OpenFile f = fd(fd);
        if ((f.flags & 3) == O_RDONLY) throw new F2fsException("EBADF", "file descriptor " + fd + " is not open for writing");
        sbi.cpu(t, CpuOp.SYSCALL, 1);
        long p = (f.flags & O_APPEND) != 0 ? f.inode.isize : pos;
        long writeSeq = sbi.tags().nextWriteSeq();
        long n = ops.writeIter(t, f.inode, p, len, data, writeSeq, (f.flags & O_SYNC) == O_SYNC, (f.flags & O_DSYNC) != 0,
                (f.flags & O_DIRECT) != 0);
        sbi.stat().userBytesWritten += n;
        sbi.updateReqTime();                          // f2fs_write_end / f2fs_file_write_iter: f2fs_update_time(REQ_TIME)
        observer.written(f.inode.ino, p, n, data, writeSeq, (f.flags & (O_SYNC | O_DSYNC)) != 0);
        return n;
    }

    /** pread(2): each page's content goes to {@code sink}. */
    public long pread(SimTask t, int fd, long pos, long len, Filemap.PageSink sink) {
        OpenFile f = fd(fd);
        if ((f.flags & 3) == O_WRONLY) throw new F2fsException("EBADF", "file descriptor " + fd + " is not open for reading");
        sbi.cpu(t, CpuOp.SYSCALL, 1);
        return ops.read(t, f.inode, f.ra, pos, len, sink, (f.flags & O_DIRECT) != 0);
    }

    public void fsync(SimTask t, int fd) {
        sbi.cpu(t, CpuOp.SYSCALL, 1);
        F2fsInode i = fd(fd).inode;
        ops.fsync(t, i, 0, Long.MAX_VALUE, false);
        sbi.updateReqTime();                          // f2fs_do_sync_file's f2fs_update_time(REQ_TIME)
        observer.fsynced(i.ino, false);
    }

    public void fdatasync(SimTask t, int fd) {
        sbi.cpu(t, CpuOp.SYSCALL, 1);
        F2fsInode i = fd(fd).inode;
        ops.fsync(t, i, 0, Long.MAX_VALUE, true);
        sbi.updateReqTime();
        observer.fsynced(i.ino, true);
    }

    public void ftruncate(SimTask t, int fd, long size) {
        if (size < 0) throw new F2fsException("EINVAL", "negative size " + size);
        sbi.cpu(t, CpuOp.SYSCALL, 1);
        F2fsInode i = fd(fd).inode;
        i.iRwsem.lock(t);
        try {
            ops.truncate(t, i, size);
        } finally {
            i.iRwsem.unlock(t);
        }
        sbi.updateReqTime();                          // f2fs_truncate
        observer.resized(i.ino, size);
    }

    /** posix_fadvise(2) advice the model takes (mm/fadvise.c generic_fadvise). */
    public enum Fadvise { NORMAL, RANDOM, SEQUENTIAL, DONTNEED }

    /**
     * posix_fadvise(2) over the whole file: RANDOM turns readahead off for this open file (FMODE_RANDOM: each read
     * reads what it asks for), SEQUENTIAL doubles its window (ra_pages = 2 × the bdi's), NORMAL restores it; DONTNEED
     * starts write-back of dirty pages (WB_SYNC_NONE, not waited for) and drops the clean pages that are not locked
     * or under write-back (invalidate_mapping_pages).
     */
    public void fadvise(SimTask t, int fd, Fadvise advice) {
        sbi.cpu(t, CpuOp.SYSCALL, 1);
        OpenFile f = fd(fd);
        int ra = kernel.mm().bdi().raPages();
        switch (advice) {
            case RANDOM -> fds.put(fd, new OpenFile(f.inode, f.flags, 0));
            case SEQUENTIAL -> fds.put(fd, new OpenFile(f.inode, f.flags, 2 * ra));
            case NORMAL -> fds.put(fd, new OpenFile(f.inode, f.flags, ra));
            case DONTNEED -> {
                if (f.inode.mapping().nrDirty() > 0) {
                    ops.writer().writeDataPages(t, f.inode, new org.f2fsobs.engine.kernel.mm.WritebackControl(
                            org.f2fsobs.engine.kernel.mm.WritebackControl.SyncMode.WB_SYNC_NONE, Long.MAX_VALUE));
                }
                f.inode.mapping().dropCleanPages();
            }
        }
    }

    /** fallocate(2) mode 0 (what fio's layout does for write jobs: fallocate=native). */
    public void fallocate(SimTask t, int fd, long offset, long len) {
        sbi.cpu(t, CpuOp.SYSCALL, 1);
        F2fsInode i = fd(fd).inode;
        long before = i.isize;
        ops.fallocate(t, i, offset, len);
        sbi.updateReqTime();                          // f2fs_fallocate
        if (i.isize != before) observer.resized(i.ino, i.isize);
    }

    public long size(SimTask t, String path) {
        F2fsInode i = lookup(t, path);
        if (i == null) throw new F2fsException("ENOENT", "no such file: " + path);
        return i.isize;
    }

    /** link(2): a second name for a file (it then checkpoints on fsync: CP_HARDLINK). */
    public void link(SimTask t, String existing, String newPath) {
        F2fsInode i = lookup(t, existing);
        if (i == null) throw new F2fsException("ENOENT", "no such file: " + existing);
        List<String> parts = split(newPath);
        F2fsInode parent = resolveDir(t, parts, parts.size() - 1, false);
        sbi.cpRwsem().downRead(t);
        try {
            dir.addLink(t, parent, parts.get(parts.size() - 1), i.ino, i.directory);
            i.links++;
            i.markDirty();
        } finally {
            sbi.cpRwsem().upRead(t);
        }
    }

    /** unlink(2); the last link of a closed file frees its blocks and nodes. */
    public void unlink(SimTask t, String path) {
        sbi.cpu(t, CpuOp.SYSCALL, 1);
        List<String> parts = split(path);
        F2fsInode parent = resolveDir(t, parts, parts.size() - 1, false);
        String name = parts.get(parts.size() - 1);
        DentryBlock.Dentry d = dir.lookup(t, parent, name);
        if (d == null) throw new F2fsException("ENOENT", "no such file: " + path);
        if (d.directory()) throw new F2fsException("EISDIR", path + " is a directory");
        F2fsInode i = sbi.icache().iget(t, d.ino());
        observer.unlinked(String.join("/", parts), i.ino);
        sbi.cpRwsem().downRead(t);
        try {
            dir.deleteEntry(t, parent, name);
            sbi.updateReqTime();                      // f2fs_delete_entry: f2fs_update_time(REQ_TIME)
            i.links--;
            i.markDirty();
        } finally {
            sbi.cpRwsem().upRead(t);
        }
        if (i.links == 0) evict(t, i);
    }

    /** The names in a directory, without "." and "..", in the directory's (sorted) order. */
    public List<String> list(SimTask t, String path) {
        F2fsInode d = lookup(t, path);
        if (d == null) throw new F2fsException("ENOENT", "no such directory: " + path);
        if (!d.directory) throw new F2fsException("ENOTDIR", path + " is not a directory");
        List<String> names = new ArrayList<>();
        for (DentryBlock.Dentry e : dir.list(t, d)) if (!e.name().equals(".") && !e.name().equals("..")) names.add(e.name());
        return names;
    }

    /** Whether {@code path} names a directory (false when it is a file or does not exist). */
    public boolean isDirectory(SimTask t, String path) {
        F2fsInode i = lookup(t, path);
        return i != null && i.directory;
    }

    /** rmdir(2) of an empty directory (f2fs_rmdir: f2fs_unlink, then the inode is evicted). */
    public void rmdir(SimTask t, String path) {
        sbi.cpu(t, CpuOp.SYSCALL, 1);
        List<String> parts = split(path);
        if (parts.isEmpty()) throw new F2fsException("EBUSY", "cannot remove the volume root");
        F2fsInode parent = resolveDir(t, parts, parts.size() - 1, false);
        String name = parts.get(parts.size() - 1);
        DentryBlock.Dentry d = dir.lookup(t, parent, name);
        if (d == null) throw new F2fsException("ENOENT", "no such directory: " + path);
        if (!d.directory()) throw new F2fsException("ENOTDIR", path + " is not a directory");
        F2fsInode i = sbi.icache().iget(t, d.ino());
        if (!list(t, path).isEmpty()) throw new F2fsException("ENOTEMPTY", path + " is not empty");
        if (ns.isCwd(parts)) throw new F2fsException("EBUSY", path + " is the current directory");
        sbi.cpRwsem().downRead(t);
        try {
            dir.deleteEntry(t, parent, name);
            parent.links--;
            parent.markDirty();
            i.links = 0;
            i.markDirty();
        } finally {
            sbi.cpRwsem().upRead(t);
        }
        evict(t, i);
        dir.forget(i.ino);
    }

    /** f2fs_evict_inode: truncate everything, remove the nodes, forget the inode. */
    private void evict(SimTask t, F2fsInode i) {
        ops.truncate(t, i, 0);
        i.mapping().waitWriteback(t);
        sbi.cpRwsem().downRead(t);
        try {
            List<NodePage> nodes = sbi.nmI().nodePagesOf(i.ino);
            for (int k = nodes.size() - 1; k >= 0; k--) sbi.nmI().truncateNode(t, nodes.get(k));
            sbi.icache().forget(i.ino);
        } finally {
            sbi.cpRwsem().upRead(t);
        }
    }

    // ------------------------------------------------------------------ whole volume

    /** sync(2): write back everything and checkpoint (f2fs_sync_fs). */
    public void sync(SimTask t) {
        sbi.cpu(t, CpuOp.SYSCALL, 1);
        kernel.mm().bdi().syncAll(t);
        sbi.cp().writeCheckpoint(t, CpReason.CP_SYNC);
        observer.synced();
    }

    /**
     * echo 3 > /proc/sys/vm/drop_caches: clean page-cache, node and meta pages go, and clean NAT entries (the f2fs
     * shrinker under drop_slab); dentries and inodes are kept here (departure: the inode cache is never shrunk).
     */
    public long dropCaches(SimTask t) {
        sbi.cpu(t, CpuOp.SYSCALL, 1);
        long dropped = 0;
        for (F2fsInode i : sbi.icache().all()) dropped += i.mapping().dropCleanPages();
        dropped += sbi.nmI().dropCleanNodePages();
        dropped += sbi.meta().dropCleanPages();
        sbi.nmI().dropCleanNatEntries();            // drop_slab: the f2fs shrinker frees clean NAT entries
        return dropped;
    }

    /** umount: write back everything, a CP_UMOUNT checkpoint. */
    public void umount(SimTask t) {
        if (!mounted) return;
        sbi.gc().stopGcThread(t);                     // kill_f2fs_super: f2fs_stop_gc_thread before the checkpoint
        if (!fds.isEmpty()) fds.clear();
        sbi.cp().writeCheckpoint(t, CpReason.CP_UMOUNT);
        // kill_sb → evict_inodes: the volume's pages leave the page cache with its inodes
        for (F2fsInode i : sbi.icache().all()) i.mapping().dropCleanPages();
        sbi.nmI().dropCleanNodePages();
        mounted = false;
        observer.synced();
    }

    private static final SyscallObserver NOP = new SyscallObserver() {
        @Override public void opened(String path, int ino, boolean created) { }
        @Override public void written(int ino, long pos, long len, org.f2fsobs.engine.f2fs.file.FileData data, long writeSeq, boolean sync) { }
        @Override public void resized(int ino, long size) { }
        @Override public void fsynced(int ino, boolean datasync) { }
        @Override public void unlinked(String path, int ino) { }
        @Override public void synced() { }
    };
}
