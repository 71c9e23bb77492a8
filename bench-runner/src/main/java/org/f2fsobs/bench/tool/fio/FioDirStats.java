package org.f2fsobs.bench.tool.fio;

import org.f2fsobs.bench.tool.IoStat;
import org.f2fsobs.bench.tool.LatencyStats;

/**
 * What one fio job measured in one data direction (read, write or trim). Mirrors the per-ddir fields of fio's
 * {@code struct thread_stat}: io_bytes, total_io_u, short/drop counts, runtime, slat/clat/lat latency stats and the
 * bw/iops sample stats (bandwidth samples in KiB/s, as fio's bw log averages them).
 */
public final class FioDirStats {

    private long ioBytes;
    private long totalIos;
    private long shortIos;
    private long dropIos;
    private long runtimeNs;
    private final LatencyStats slat = new LatencyStats();
    private final LatencyStats clat = new LatencyStats();
    private final LatencyStats lat = new LatencyStats();
    private IoStat bw = new IoStat();
    private IoStat iops = new IoStat();

    /** Records one completed I/O of {@code bytes} with its submission, completion and total latency. */
    public FioDirStats addIo(long bytes, long slatNs, long clatNs, long latNs) {
        ioBytes += bytes;
        totalIos++;
        if (slatNs >= 0) slat.add(slatNs);
        clat.add(clatNs);
        lat.add(latNs);
        return this;
    }

    public long ioBytes() { return ioBytes; }
    public FioDirStats ioBytes(long v) { ioBytes = v; return this; }
    public long totalIos() { return totalIos; }
    public FioDirStats totalIos(long v) { totalIos = v; return this; }
    public long shortIos() { return shortIos; }
    public FioDirStats shortIos(long v) { shortIos = v; return this; }
    public long dropIos() { return dropIos; }
    public FioDirStats dropIos(long v) { dropIos = v; return this; }
    /** Time the direction was active, in ns (fio reports whole milliseconds: {@link #runtimeMs()}). */
    public long runtimeNs() { return runtimeNs; }
    public FioDirStats runtimeNs(long v) { runtimeNs = v; return this; }
    /** fio's ts->runtime[ddir]: whole milliseconds, rounded up from µs (backend.c update_runtime). */
    public long runtimeMs() { return (runtimeNs / 1000 + 999) / 1000; }
    /** Submission latency (not recorded by synchronous engines: leave empty). */
    public LatencyStats slat() { return slat; }
    /** Completion latency. */
    public LatencyStats clat() { return clat; }
    /** Total latency (submission + completion). */
    public LatencyStats lat() { return lat; }
    /** Bandwidth samples in KiB/s (fio's bw_stat; empty when the run was shorter than one averaging window). */
    public IoStat bw() { return bw; }
    public FioDirStats bw(IoStat v) { bw = v; return this; }
    /** IOPS samples (fio's iops_stat). */
    public IoStat iops() { return iops; }
    public FioDirStats iops(IoStat v) { iops = v; return this; }

    /** Replaces the latency stats (e.g. with {@link LatencyStats#restore}). */
    public FioDirStats latencies(LatencyStats slatV, LatencyStats clatV, LatencyStats latV) {
        replace(slat, slatV);
        replace(clat, clatV);
        replace(lat, latV);
        return this;
    }

    private static void replace(LatencyStats target, LatencyStats v) {
        if (v == null) return;
        if (target.count() != 0) throw new IllegalStateException("latency stats already recorded");
        target.merge(v);
    }

    /** stat.c sum_thread_stats() for one direction: bytes and ios add up, runtime is the longest. */
    void sum(FioDirStats src) {
        slat.merge(src.slat);
        clat.merge(src.clat);
        lat.merge(src.lat);
        bw.pureSum(src.bw);
        iops.pureSum(src.iops);
        ioBytes += src.ioBytes;
        runtimeNs = Math.max(runtimeNs, src.runtimeNs);
        totalIos += src.totalIos;
        shortIos += src.shortIos;
        dropIos += src.dropIos;
    }
}
