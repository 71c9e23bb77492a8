package org.f2fsobs.bench.tool.fio;

import java.util.ArrayList;
import java.util.List;
import org.f2fsobs.bench.tool.IoStat;

/**
 * One clone's bandwidth and IOPS samples and its log files, as stat.c takes them: every {@code bwavgtime} /
 * {@code iopsavgtime} ms (default 500) of the job's run, per direction that moved data in the window, the rate over
 * the window (KiB/s for bandwidth, I/Os per second) goes into {@code bw_stat}/{@code iops_stat} (__add_samples,
 * the window's deadline moving as it computes {@code next}); the write_*_log files get those samples, or with
 * {@code log_avg_msec=0} one line per I/O (add_bw_sample: bytes·10⁶/clat ns; add_iops_sample: 1; add_lat_sample:
 * the latency in ns), in iolog.c flush_samples()'s columns "time, value, ddir, bs, prio".
 */
public final class FioSamples {

    private static final long LOG_MSEC_SLACK = 1;

    private final FioJob job;
    private final long startNs;
    private final Window bw;
    private final Window iops;
    private final long[] bytes = new long[2];
    private final long[] ios = new long[2];
    private final StringBuilder bwLog = new StringBuilder();
    private final StringBuilder iopsLog = new StringBuilder();
    private final StringBuilder latLog = new StringBuilder();
    private final StringBuilder clatLog = new StringBuilder();
    private final StringBuilder slatLog = new StringBuilder();

    private final class Window {
        final long avgMs;
        final boolean kib;
        long lastNs;
        long nextMs;
        final long[] lastValue = new long[2];

        Window(long avgMs, boolean kib) {
            this.avgMs = avgMs;
            this.kib = kib;
            this.lastNs = startNs;
            this.nextMs = avgMs;
        }

        void tick(long nowNs, long[] counts, IoStat[] into, StringBuilder log, boolean logIt) {
            long spent = (nowNs - lastNs) / 1_000_000;
            if (spent < nextMs && nextMs - spent > LOG_MSEC_SLACK) return;
            for (int d = 0; d < 2; d++) {
                long delta = counts[d] - lastValue[d];
                if (delta == 0) continue;
                long rate = spent == 0 ? 0 : kib ? delta * 1000 / spent / 1024 : delta * 1000 / spent;
                into[d].add(rate);
                if (logIt) line(log, (nowNs - startNs) / 1_000_000, rate, d, job.blockSizes(d).isFixed() ? job.blockSizes(d).min() : 0);
                lastValue[d] = counts[d];
            }
            lastNs = nowNs;
            nextMs = spent <= avgMs ? avgMs : Math.max(1, avgMs - (1 + spent - avgMs));
        }
    }

    private final IoStat[] bwStat;
    private final IoStat[] iopsStat;

    /** Samples from {@code startNs} (the end of ramp_time) into {@code bwStat}/{@code iopsStat} (read, write). */
    public FioSamples(FioJob job, long startNs, IoStat[] bwStat, IoStat[] iopsStat) {
        this.job = job;
        this.startNs = startNs;
        this.bwStat = bwStat;
        this.iopsStat = iopsStat;
        long bwAvg = job.logAvgMsec() > 0 && job.bwLog() != null ? job.logAvgMsec() : job.bwAvgMs();
        long iopsAvg = job.logAvgMsec() > 0 && job.iopsLog() != null ? job.logAvgMsec() : job.iopsAvgMs();
        this.bw = new Window(bwAvg, true);
        this.iops = new Window(iopsAvg, false);
    }

    /** A completed read (0) or write (1) I/O of {@code len} bytes at {@code nowNs}, with its latencies. */
    public void io(int ddir, long len, long nowNs, long slatNs, long clatNs, long latNs) {
        bytes[ddir] += len;
        ios[ddir]++;
        long t = (nowNs - startNs) / 1_000_000;
        boolean perUnit = job.logAvgMsec() == 0;
        if (perUnit && job.bwLog() != null) line(bwLog, t, clatNs == 0 ? 0 : len * 1_000_000L / clatNs, ddir, len);
        if (perUnit && job.iopsLog() != null) line(iopsLog, t, 1, ddir, len);
        if (job.latLog() != null && perUnit) {
            line(latLog, t, latNs, ddir, len);
            line(clatLog, t, clatNs, ddir, len);
            if (slatNs >= 0) line(slatLog, t, slatNs, ddir, len);
        }
        tick(nowNs);
    }

    /** The helper thread's periodic check: takes the samples whose window is over. */
    public void tick(long nowNs) {
        if (job.gtodReduce()) return;                         // disable_bw
        bw.tick(nowNs, bytes, bwStat, bwLog, job.bwLog() != null && job.logAvgMsec() > 0);
        iops.tick(nowNs, ios, iopsStat, iopsLog, job.iopsLog() != null && job.logAvgMsec() > 0);
    }

    private static void line(StringBuilder out, long timeMs, long value, int ddir, long bs) {
        out.append(timeMs).append(", ").append(value).append(", ").append(ddir).append(", ").append(bs).append(", 0\n");
    }

    /** The log files fio writes when the job ends: {name, text}, thread number {@code threadNumber}. */
    public List<String[]> logFiles(int threadNumber) {
        List<String[]> out = new ArrayList<>();
        if (job.bwLog() != null) out.add(new String[] {job.bwLog() + "_bw." + threadNumber + ".log", bwLog.toString()});
        if (job.iopsLog() != null) out.add(new String[] {job.iopsLog() + "_iops." + threadNumber + ".log", iopsLog.toString()});
        if (job.latLog() != null) {
            out.add(new String[] {job.latLog() + "_lat." + threadNumber + ".log", latLog.toString()});
            out.add(new String[] {job.latLog() + "_clat." + threadNumber + ".log", clatLog.toString()});
            if (!slatLog.isEmpty()) out.add(new String[] {job.latLog() + "_slat." + threadNumber + ".log", slatLog.toString()});
        }
        return out;
    }
}
