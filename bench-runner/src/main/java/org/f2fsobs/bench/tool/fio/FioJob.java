package org.f2fsobs.bench.tool.fio;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.tool.ToolUsageException;

/**
 * One fio job section with its effective options (fio defaults, then the global section, then the job's own), named
 * after fio's options (thread_options.h): {@code rw}, {@code bs}, {@code iodepth}, {@code numjobs}, {@code size}, ...
 * Sizes are bytes and times nanoseconds. {@code numjobs} clones share these options; {@link #fileName(int)} names
 * each clone's file as fio does.
 */
public final class FioJob {

    private final Builder b;
    private final Map<String, String> jobOptions;

    private FioJob(Builder b) {
        this.b = b;
        this.jobOptions = Collections.unmodifiableMap(new LinkedHashMap<>(b.jobOptions));
    }

    public String name() { return b.name; }
    /** {@code filename=}, or null when fio derives the names ({@link #fileName(int)}). */
    public String filename() { return b.filename; }
    /** {@code directory=}, or null. */
    public String directory() { return b.directory; }
    /** {@code size=} in bytes per clone (required: runs start on a fresh volume, so no existing file gives it). */
    public long size() { return b.size; }
    public long offset() { return b.offset; }
    /** The write (else read) block size when it is fixed; the smallest one otherwise. */
    public long bs() { return b.bsizes[b.rw.writes() ? 1 : 0].min(); }
    /** The largest block size of any direction (fio's max_bs: the io_u buffers' size). */
    public long maxBs() { return Math.max(b.bsizes[0].max(), b.bsizes[1].max()); }
    public FioRw rw() { return b.rw; }
    /** Percentage of reads in mixed workloads ({@code rwmixread}, 100 − {@code rwmixwrite}). */
    public int rwmixread() { return b.rwmixread; }
    public FioIoengine ioengine() { return b.ioengine; }
    /** {@code iodepth=} as given (fio prints this even when a sync engine caps it at 1). */
    public int iodepth() { return b.iodepth; }
    public int numjobs() { return b.numjobs; }
    /** O_DIRECT ({@code direct=1} or {@code buffered=0}). */
    public boolean direct() { return b.direct; }
    /** fsync after every N writes, 0 = never. */
    public long fsync() { return b.fsync; }
    /** fdatasync after every N writes, 0 = never. */
    public long fdatasync() { return b.fdatasync; }
    /** fsync the file when the job's I/O ends, inside the timed part. */
    public boolean endFsync() { return b.endFsync; }
    /** {@code runtime=} in ns, 0 = none. */
    public long runtimeNs() { return b.runtimeNs; }
    public boolean timeBased() { return b.timeBased; }
    public long loops() { return b.loops; }
    public long startdelayNs() { return b.startdelayNs; }
    public boolean groupReporting() { return b.groupReporting; }
    public boolean randrepeat() { return b.randrepeat; }
    /** {@code randseed=} (fio's default 0x89). */
    public long randseed() { return b.randseed; }
    /** Whether {@code randseed=} was given (fio then seeds deterministically even with randrepeat=0). */
    public boolean randseedSet() { return b.randseedSet; }
    public boolean refillBuffers() { return b.refillBuffers; }
    /** {@code scramble_buffers} (default on): whether writes get small_content_scramble(). */
    public boolean scrambleBuffers() { return b.scrambleBuffers; }
    public boolean zeroBuffers() { return b.zeroBuffers; }
    /** init.c setup: scramble unless zero_buffers was explicitly asked for, and never on top of refill. */
    public boolean scrambles() { return b.scrambleBuffers && !(b.zeroBuffers && b.zeroBuffersSet) && !b.refillBuffers; }
    /** {@code thread}: clones are threads rather than processes ("Starting 2 threads"). */
    public boolean thread() { return b.thread; }
    public boolean createOnOpen() { return b.createOnOpen; }
    public int kbBase() { return b.kbBase; }
    public int groupId() { return b.groupId; }

    /** {@code invalidate} (default 1): the file's cached pages are dropped before the job (filesetup.c file_invalidate_cache). */
    public boolean invalidate() { return b.invalidate; }
    /** {@code filesize=} (each file's size; 0: size / nrfiles). */
    public long filesize() { return b.filesize; }
    /** {@code io_size=}/{@code io_limit=}: bytes of I/O to do (0: size). */
    public long ioSize() { return b.ioSize; }
    public int nrfiles() { return b.nrfiles; }
    /** {@code openfiles=} (0: all of nrfiles). */
    public int openfiles() { return b.openfiles == 0 ? b.nrfiles : Math.min(b.openfiles, b.nrfiles); }
    public FileService fileService() { return b.fileService; }
    /** I/Os on one file before switching ({@code file_service_type=roundrobin:N}). */
    public int fileServiceNr() { return b.fileServiceNr; }
    public boolean norandommap() { return b.norandommap; }
    public FioDistribution randomDistribution() { return b.distribution; }
    /** Block sizes of reads (0) and writes (1): {@code bs}, {@code bsrange} or {@code bssplit}. */
    public FioBlockSizes blockSizes(int ddir) { return b.bsizes[ddir]; }
    /** {@code ba=}: offset alignment of random I/O (0: the minimum block size). */
    public long ba() { return b.ba; }
    /** {@code rw=...:N}: sequential: bytes skipped after each I/O; random: I/Os per new random offset (0: none). */
    public long rwSeqNr() { return b.rwSeqNr; }
    public long rampTimeNs() { return b.rampTimeNs; }
    /** {@code stonewall}/{@code wait_for_previous}: waits for the jobs before it (and starts a new group). */
    public boolean stonewall() { return b.stonewall; }
    public boolean newGroup() { return b.newGroup; }
    /** {@code rate=} in bytes/s per direction (0: none). */
    public long rate(int ddir) { return b.rate[ddir]; }
    public long rateIops(int ddir) { return b.rateIops[ddir]; }
    public long rateMin(int ddir) { return b.rateMin[ddir]; }
    public long rateIopsMin(int ddir) { return b.rateIopsMin[ddir]; }
    public long ratecycleMs() { return b.ratecycleMs; }
    public String description() { return b.description; }
    public boolean overwrite() { return b.overwrite; }
    public Fallocate fallocate() { return b.fallocate; }
    /** {@code sync=}: O_SYNC or O_DSYNC writes. */
    public SyncIo syncIo() { return b.syncIo; }
    /** {@code verify=} name ("0" = none). */
    public String verify() { return b.verify; }
    public byte[] verifyPattern() { return b.verifyPattern; }
    public boolean doVerify() { return b.doVerify; }
    public boolean verifyFatal() { return b.verifyFatal; }
    public boolean fillDevice() { return b.fillDevice; }
    public boolean latPercentiles() { return b.latPercentiles; }
    public boolean clatPercentiles() { return b.clatPercentiles; }
    /** {@code gtod_reduce}: no latency or bandwidth measurement (disable_lat, disable_clat, disable_slat, disable_bw). */
    public boolean gtodReduce() { return b.gtodReduce; }
    public String bwLog() { return b.bwLog; }
    public String latLog() { return b.latLog; }
    public String iopsLog() { return b.iopsLog; }
    public long logAvgMsec() { return b.logAvgMsec; }
    public long bwAvgMs() { return b.bwAvgMs; }
    public long iopsAvgMs() { return b.iopsAvgMs; }
    public boolean registerfiles() { return b.registerfiles; }
    public boolean fixedbufs() { return b.fixedbufs; }
    public boolean sqthreadPoll() { return b.sqthreadPoll; }
    public boolean hipri() { return b.hipri; }
    public boolean nowait() { return b.nowait; }
    /** {@code force_async=N}: every Nth request is punted to io-wq (IOSQE_ASYNC); 0 = never. */
    public long forceAsync() { return b.forceAsync; }
    public boolean uncached() { return b.uncached; }

    /** fallocate= (options.c: none, native, posix, keep, truncate; 0 = none, 1 = posix). */
    public enum Fallocate { NONE, NATIVE, POSIX, KEEP, TRUNCATE }

    /** sync= (options.c: none/0, sync/1 = O_SYNC, dsync = O_DSYNC). */
    public enum SyncIo { NONE, SYNC, DSYNC }

    /** file_service_type= (options.c str_fst_cb). */
    public enum FileService { ROUNDROBIN, SEQUENTIAL, RANDOM }

    /** Effective queue depth: synchronous engines complete each I/O before issuing the next. */
    public int effectiveIodepth() {
        return b.ioengine.sync() ? 1 : b.iodepth;
    }

    /** Options written in this job's own section, canonical names in order; null values were bare flags. */
    public Map<String, String> jobOptions() {
        return jobOptions;
    }

    /** The file of clone {@code clone} (0-based): {@link #fileName(int, int)} of its first file. */
    public String fileName(int clone) {
        return fileName(clone, 0);
    }

    /**
     * File {@code file} of clone {@code clone}, as filesetup.c add_file()/set_name_idx(): one of {@code filename=}'s
     * ':'-separated names, or fio's {@code $jobname.$jobnum.$filenum}; relative names go into the
     * {@code directory=} entries in turn (':'-separated), file i into directory i mod their number.
     */
    public String fileName(int clone, int file) {
        String f;
        if (b.filename != null) {
            List<String> names = names(b.filename);
            f = names.get(Math.min(file, names.size() - 1));
        } else f = b.name + "." + clone + "." + file;
        if (b.directory == null || b.directory.isEmpty() || f.startsWith("/")) return f;
        List<String> dirs = names(b.directory);
        String d = dirs.get(file % dirs.size());
        return d.endsWith("/") ? d + f : d + "/" + f;
    }

    /** Files per clone: {@code filename=}'s names, else {@code nrfiles}. */
    public int files() {
        return b.filename != null ? names(b.filename).size() : b.nrfiles;
    }

    /** Each file's size: {@code filesize=}, else size / files (filesetup.c get_file_sizes with size divided). */
    public long fileSize() {
        return b.filesize > 0 ? b.filesize : Math.max(b.bsizes[0].min(), b.size / files());
    }

    /** {@code a:b} names (fio's ':' separator; "\\:" would escape one, not modelled). */
    static List<String> names(String list) {
        List<String> out = new java.util.ArrayList<>();
        for (String n : list.split(":")) if (!n.isEmpty()) out.add(n);
        return out.isEmpty() ? List.of(list) : out;
    }

    /** Mutable option set: the global section and each job start from fio's defaults. */
    static final class Builder implements Cloneable {
        String name;
        String filename;
        String directory;
        long size;
        long filesize;
        long ioSize;
        long offset;
        FioBlockSizes[] bsizes = {FioBlockSizes.fixed(4096), FioBlockSizes.fixed(4096)};
        long ba;
        FioRw rw = FioRw.READ;
        long rwSeqNr;
        int rwmixread = 50;
        FioIoengine ioengine = FioIoengine.PSYNC;
        int iodepth = 1;
        int numjobs = 1;
        int nrfiles = 1;
        int openfiles;
        FileService fileService = FileService.ROUNDROBIN;
        int fileServiceNr = 1;
        boolean norandommap;
        FioDistribution distribution = FioDistribution.UNIFORM;
        boolean direct;
        long fsync;
        long fdatasync;
        boolean endFsync;
        SyncIo syncIo = SyncIo.NONE;
        long runtimeNs;
        boolean timeBased;
        long rampTimeNs;
        long loops = 1;
        long startdelayNs;
        boolean stonewall;
        boolean newGroup;
        boolean groupReporting;
        boolean randrepeat = true;
        long randseed = 0x89;
        boolean randseedSet;
        boolean refillBuffers;
        boolean scrambleBuffers = true;
        boolean zeroBuffers;
        boolean zeroBuffersSet;
        boolean thread;
        boolean createOnOpen;
        boolean invalidate = true;
        boolean overwrite;
        Fallocate fallocate = Fallocate.NATIVE;
        boolean fillDevice;
        long[] rate = new long[2];
        long[] rateIops = new long[2];
        long[] rateMin = new long[2];
        long[] rateIopsMin = new long[2];
        long ratecycleMs = 1000;
        String description;
        String verify = "0";
        byte[] verifyPattern;
        boolean doVerify = true;
        boolean verifyFatal;
        boolean latPercentiles;
        boolean clatPercentiles = true;
        boolean gtodReduce;
        String bwLog;
        String latLog;
        String iopsLog;
        long logAvgMsec;
        long bwAvgMs = 500;
        long iopsAvgMs = 500;
        boolean registerfiles;
        boolean fixedbufs;
        boolean sqthreadPoll;
        boolean hipri;
        boolean nowait;
        long forceAsync;
        boolean uncached;
        int kbBase = 1024;
        int groupId;
        Map<String, String> jobOptions = new LinkedHashMap<>();

        /** A job section inheriting these (global) options, with an empty list of its own options. */
        Builder inherit() {
            try {
                Builder c = (Builder) super.clone();
                c.bsizes = bsizes.clone();
                c.rate = rate.clone();
                c.rateIops = rateIops.clone();
                c.rateMin = rateMin.clone();
                c.rateIopsMin = rateIopsMin.clone();
                c.jobOptions = new LinkedHashMap<>();
                return c;
            } catch (CloneNotSupportedException e) {
                throw new AssertionError(e);
            }
        }

        /** Checks the contradictions fio's fixup_options() and setup_files() reject, then freezes the job. */
        FioJob build() {
            String job = "fio: job '" + name + "': ";
            if (size == 0 && filesize == 0 && !fillDevice) {
                throw new ToolUsageException("fio", "size=", job + "you need to specify size= (every run starts on a fresh "
                        + "volume, so there is no existing file to take the size from)");
            }
            if (size == 0) size = fillDevice && filesize == 0 ? 0 : filesize * (filename != null ? names(filename).size() : nrfiles);
            for (FioBlockSizes s : bsizes) {
                for (long bs : s.sizes()) {
                    if (bs % 4096 != 0) {
                        throw new ToolUsageException("fio", "bs=" + bs, job + "bs=" + bs + " is not a multiple of 4096: "
                                + "the simulated page cache and direct I/O work in whole 4 KiB pages");
                    }
                }
            }
            if (ba % 4096 != 0) {
                throw new ToolUsageException("fio", "ba=" + ba, job + "ba=" + ba + " is not a multiple of 4096 (whole pages)");
            }
            if (rwSeqNr > 0 && !rw.random() && rwSeqNr % 4096 != 0) {
                throw new ToolUsageException("fio", "rw=" + rw.fioName() + ":" + rwSeqNr, job + "the hole after each I/O ("
                        + rwSeqNr + ") is not a multiple of 4096 (whole pages)");
            }
            long minBs = Math.min(bsizes[0].min(), bsizes[1].min());
            if (size > 0 && size < minBs) {
                throw new ToolUsageException("fio", "bs=" + minBs, job + "size too small, must not be less than minimum "
                        + "block size: size=" + size + " < bs=" + minBs);
            }
            if (timeBased && runtimeNs == 0) {
                throw new ToolUsageException("fio", "time_based", job + "time_based requires a runtime/timeout setting");
            }
            if (fsync > 0 && fdatasync > 0) {
                throw new ToolUsageException("fio", "fdatasync=" + fdatasync, job + "fsync=" + fsync + " and fdatasync="
                        + fdatasync + " both given; choose one");
            }
            if (hipri && !direct) {
                throw new ToolUsageException("fio", "hipri", job + "hipri needs direct=1: an io_uring set up with "
                        + "IORING_SETUP_IOPOLL refuses buffered I/O (EOPNOTSUPP)");
            }
            if (uncached) {
                throw new ToolUsageException("fio", "uncached", job + "uncached=1 sets RWF_UNCACHED (0x40), which no "
                        + "mainline kernel has (the profile's 6.x kernel reads 0x40 as RWF_ATOMIC, and a buffered RWF_ATOMIC "
                        + "I/O fails with EOPNOTSUPP)");
            }
            if (nowait && !direct) {
                throw new ToolUsageException("fio", "nowait", job + "nowait=1 on buffered I/O: f2fs returns EAGAIN "
                        + "whenever a page is not cached or a lock is taken, and fio stops the job with that error; "
                        + "the model runs nowait=1 with direct=1 only");
            }
            if (!verify.equals("0") && !rw.writes()) {
                throw new ToolUsageException("fio", "verify=" + verify, job + "verify=" + verify + " on a job that only reads "
                        + "checks data an earlier write job wrote (verify_only / do_verify of a read job): the model "
                        + "verifies a write job's own data only");
            }
            return new FioJob(this);
        }
    }
}
