package org.f2fsobs.bench.tool.fio;

import java.util.List;
import org.f2fsobs.bench.tool.LatencyStats;

/**
 * What fio reports for one job clone, or for one group of clones under {@code group_reporting}
 * ({@link #group(List)}). Mirrors fio's {@code struct thread_stat}: per-direction stats, fsync/fdatasync latency,
 * CPU times (ms, as getrusage gives them), context switches and faults, and the I/O depth distributions
 * ({@code io_u_map}: index 0 = depth 1, 1 = 2, 2 = 3–4, 3 = 5–8, 4 = 9–16, 5 = 17–32, 6 = more; {@code io_u_submit}
 * and {@code io_u_complete}: 0 = none, 1 = 1–4, 2 = 5–8, 3 = 9–16, 4 = 17–32, 5 = 33–64, 6 = more).
 */
public final class FioJobResult {

    private final String name;
    private final int groupId;
    private FioJob job;
    private int members = 1;
    private int pid;
    private int error;
    private final FioDirStats[] dirs = {new FioDirStats(), new FioDirStats(), new FioDirStats()};
    private final LatencyStats sync = new LatencyStats();
    private long syncIos = -1;
    private long usrTimeMs;
    private long sysTimeMs;
    private long runTimeMs;
    private long ctx;
    private long majf;
    private long minf;
    private final long[] ioDepth = new long[7];
    private final long[] ioSubmit = new long[7];
    private final long[] ioComplete = new long[7];
    private long totalSubmit;
    private long totalComplete;
    private int latencyDepth = 1;
    private long elapsedSec;
    private long zoneResets;

    public FioJobResult(String name, int groupId) {
        this.name = name;
        this.groupId = groupId;
    }

    /** A result for clone {@code clone} of {@code job}: name, group and latency depth (iodepth) as fio sets them. */
    public static FioJobResult of(FioJob job, int pid) {
        FioJobResult r = new FioJobResult(job.name(), job.groupId());
        r.job = job;
        r.pid = pid;
        r.latencyDepth = job.iodepth();
        return r;
    }

    /**
     * The merged result fio prints for a group under group_reporting (stat.c __show_run_stats + sum_thread_stats):
     * name, pid and group of the first member, everything else summed; per-direction runtime is the longest.
     */
    public static FioJobResult group(List<FioJobResult> members) {
        FioJobResult first = members.get(0);
        FioJobResult g = new FioJobResult(first.name, first.groupId);
        g.members = 0;
        g.job = first.job;
        g.pid = first.pid;
        g.latencyDepth = first.latencyDepth;
        g.syncIos = 0;
        for (FioJobResult m : members) {
            g.members += m.members;
            if (g.error == 0) g.error = m.error;
            for (int d = 0; d < 3; d++) g.dirs[d].sum(m.dirs[d]);
            g.sync.merge(m.sync);
            g.syncIos += m.syncIos();
            g.usrTimeMs += m.usrTimeMs;
            g.sysTimeMs += m.sysTimeMs;
            g.runTimeMs += m.runTimeMs;
            g.ctx += m.ctx;
            g.majf += m.majf;
            g.minf += m.minf;
            for (int k = 0; k < 7; k++) {
                g.ioDepth[k] += m.ioDepth[k];
                g.ioSubmit[k] += m.ioSubmit[k];
                g.ioComplete[k] += m.ioComplete[k];
            }
            g.totalSubmit += m.totalSubmit;
            g.totalComplete += m.totalComplete;
            g.zoneResets += m.zoneResets;
            g.elapsedSec = Math.max(g.elapsedSec, m.elapsedSec);
        }
        return g;
    }

    public String name() { return name; }
    /** The job section this result belongs to (its "job options" in JSON), or null if built by name only. */
    public FioJob job() { return job; }
    public int groupId() { return groupId; }
    /** Clones summed into this result ("jobs=2"). */
    public int members() { return members; }
    public int pid() { return pid; }
    public FioJobResult pid(int v) { pid = v; return this; }
    /** errno of the first error, 0 for none. */
    public int error() { return error; }
    public FioJobResult error(int v) { error = v; return this; }
    public FioDirStats read() { return dirs[0]; }
    public FioDirStats write() { return dirs[1]; }
    public FioDirStats trim() { return dirs[2]; }
    FioDirStats dir(int d) { return dirs[d]; }
    /** fsync/fdatasync latencies. */
    public LatencyStats sync() { return sync; }
    /** Syncs issued (fio's total_io_u[DDIR_SYNC]); defaults to the number of sync latencies recorded. */
    public long syncIos() { return syncIos < 0 ? sync.count() : syncIos; }
    public FioJobResult syncIos(long v) { syncIos = v; return this; }
    public long usrTimeMs() { return usrTimeMs; }
    public long sysTimeMs() { return sysTimeMs; }
    /** The job's run time in ms (fio's total_run_time, "job_runtime"), the base of the CPU percentages. */
    public long runTimeMs() { return runTimeMs; }

    /** CPU use as getrusage() reports it. */
    public FioJobResult cpu(long usrMs, long sysMs, long runMs, long ctxSwitches, long majorFaults, long minorFaults) {
        usrTimeMs = usrMs;
        sysTimeMs = sysMs;
        runTimeMs = runMs;
        ctx = ctxSwitches;
        majf = majorFaults;
        minf = minorFaults;
        return this;
    }

    public double usrCpuPercent() { return runTimeMs == 0 ? 0 : usrTimeMs * 100.0 / runTimeMs; }
    public double sysCpuPercent() { return runTimeMs == 0 ? 0 : sysTimeMs * 100.0 / runTimeMs; }
    public long ctx() { return ctx; }
    public long majf() { return majf; }
    public long minf() { return minf; }
    /** Counts per depth level of io_u_map (see the class comment); modify in place. */
    public long[] ioDepth() { return ioDepth; }
    /** Counts per submit batch level of io_u_submit; modify in place. */
    public long[] ioSubmit() { return ioSubmit; }
    /** Counts per completion batch level of io_u_complete; modify in place. */
    public long[] ioComplete() { return ioComplete; }
    public long totalSubmit() { return totalSubmit; }
    public long totalComplete() { return totalComplete; }

    /** Submit/complete call counts (the denominators of the submit and complete distributions). */
    public FioJobResult submitComplete(long submits, long completes) {
        totalSubmit = submits;
        totalComplete = completes;
        return this;
    }

    /** "latency : ... depth=N" (fio's latency_qd: the iodepth). */
    public int latencyDepth() { return latencyDepth; }
    public FioJobResult latencyDepth(int v) { latencyDepth = v; return this; }
    /** Seconds since the run started, as the JSON "elapsed" field. */
    public long elapsedSec() { return elapsedSec; }
    public FioJobResult elapsedSec(long v) { elapsedSec = v; return this; }
    /** Zoned-device resets ("; 0 zone resets" after the write line). */
    public long zoneResets() { return zoneResets; }

    /** Whether fio would print this job at all (show_thread_status_normal skips jobs with no I/O). */
    boolean didIo() {
        long b = 0, n = 0;
        for (FioDirStats d : dirs) {
            b += d.ioBytes();
            n += d.totalIos();
        }
        return b != 0 || n != 0;
    }

    /** Sum of read/write/trim I/Os (fio's ddir_rw_sum(total_io_u)). */
    long rwIos() {
        return dirs[0].totalIos() + dirs[1].totalIos() + dirs[2].totalIos();
    }
}
