package org.f2fsobs.bench.tool.fio;

import java.util.Collections;
import java.util.LinkedHashMap;
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
    public long bs() { return b.bs; }
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

    /** Effective queue depth: synchronous engines complete each I/O before issuing the next. */
    public int effectiveIodepth() {
        return b.ioengine.sync() ? 1 : b.iodepth;
    }

    /** Options written in this job's own section, canonical names in order; null values were bare flags. */
    public Map<String, String> jobOptions() {
        return jobOptions;
    }

    /** The file clone {@code clone} (0-based) works on: {@code filename=}, or fio's {@code $jobname.$jobnum.$filenum}. */
    public String fileName(int clone) {
        String f = b.filename != null ? b.filename : b.name + "." + clone + ".0";
        if (b.directory == null || f.startsWith("/")) return f;
        return b.directory.endsWith("/") ? b.directory + f : b.directory + "/" + f;
    }

    /** Mutable option set: the global section and each job start from fio's defaults. */
    static final class Builder {
        String name;
        String filename;
        String directory;
        long size;
        long offset;
        long bs = 4096;
        FioRw rw = FioRw.READ;
        int rwmixread = 50;
        FioIoengine ioengine = FioIoengine.PSYNC;
        int iodepth = 1;
        int numjobs = 1;
        boolean direct;
        long fsync;
        long fdatasync;
        boolean endFsync;
        long runtimeNs;
        boolean timeBased;
        long loops = 1;
        long startdelayNs;
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
        int kbBase = 1024;
        int groupId;
        final Map<String, String> jobOptions = new LinkedHashMap<>();

        /** A job section inheriting these (global) options, with an empty list of its own options. */
        Builder inherit() {
            Builder c = new Builder();
            c.name = name; c.filename = filename; c.directory = directory; c.size = size; c.offset = offset;
            c.bs = bs; c.rw = rw; c.rwmixread = rwmixread; c.ioengine = ioengine; c.iodepth = iodepth;
            c.numjobs = numjobs; c.direct = direct; c.fsync = fsync; c.fdatasync = fdatasync; c.endFsync = endFsync;
            c.runtimeNs = runtimeNs; c.timeBased = timeBased; c.loops = loops; c.startdelayNs = startdelayNs;
            c.groupReporting = groupReporting; c.randrepeat = randrepeat; c.randseed = randseed;
            c.randseedSet = randseedSet; c.refillBuffers = refillBuffers; c.scrambleBuffers = scrambleBuffers;
            c.zeroBuffers = zeroBuffers; c.zeroBuffersSet = zeroBuffersSet; c.thread = thread;
            c.createOnOpen = createOnOpen; c.kbBase = kbBase; c.groupId = groupId;
            return c;
        }

        /** Checks the contradictions fio's fixup_options() and setup_files() reject, then freezes the job. */
        FioJob build() {
            String job = "fio: job '" + name + "': ";
            if (size == 0) {
                throw new ToolUsageException("fio", "size=", job + "you need to specify size= (every run starts on a fresh "
                        + "volume, so there is no existing file to take the size from)");
            }
            if (bs % 4096 != 0) {
                throw new ToolUsageException("fio", "bs=" + bs, job + "bs=" + bs + " is not a multiple of 4096: the simulated "
                        + "page cache and direct I/O work in whole 4 KiB pages");
            }
            if (size > 0 && size < bs) {
                throw new ToolUsageException("fio", "bs=" + bs, job + "size too small, must not be less than minimum "
                        + "block size: size=" + size + " < bs=" + bs);
            }
            if (timeBased && runtimeNs == 0) {
                throw new ToolUsageException("fio", "time_based", job + "time_based requires a runtime/timeout setting");
            }
            if (fsync > 0 && fdatasync > 0) {
                throw new ToolUsageException("fio", "fdatasync=" + fdatasync, job + "fsync=" + fsync + " and fdatasync="
                        + fdatasync + " both given; choose one");
            }
            if (filename != null && filename.contains(":")) {
                throw new ToolUsageException("fio", "filename=" + filename, job + "filename=" + filename
                        + ": several files per job (':' separated) are not supported; use one file per job");
            }
            return new FioJob(this);
        }
    }
}
