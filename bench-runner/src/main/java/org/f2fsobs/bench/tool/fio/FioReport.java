package org.f2fsobs.bench.tool.fio;

import static org.f2fsobs.bench.tool.CFormat.sprintf;

import java.util.List;
import java.util.TreeSet;
import org.f2fsobs.bench.tool.LatencyStats;

/**
 * fio 3.33's normal output, laid out by the same steps as the real thing: init.c add_job() job headers, the version
 * and "Starting" lines of backend.c, filesetup.c's layout lines, then stat.c show_thread_status_normal(),
 * show_ddir_status(), show_latencies(), show_group_stats() and show_disk_util(). Number formats are fio's
 * ({@link Num2Str}, C printf). JSON output is {@link FioJsonReport}.
 */
public final class FioReport {

    static final String VERSION = "fio-3.33";
    private static final String[] DDIR = {"read", "write", "trim"};
    private static final String[] GROUP_DDIR = {"   READ", "  WRITE", "   TRIM"};
    private static final int SIG_FIGS = 4;

    private FioReport() {}

    /** What fio prints for {@code cmd}'s {@code --output-format}: {@link #normal} or {@link #json}. */
    public static String print(FioCommand cmd, List<FioJobResult> results, List<FioDiskUtil> disks,
                               FioReportContext ctx) {
        return switch (cmd.outputFormat()) {
            case JSON, JSON_PLUS -> json(cmd, results, disks, ctx);
            case TERSE -> FioTerse.terse(results, disks);
            case NORMAL -> normal(cmd, results, disks, ctx);
        };
    }

    /** The document fio prints with {@code --output-format=json} (see {@link FioJsonReport}). */
    public static String json(FioCommand cmd, List<FioJobResult> results, List<FioDiskUtil> disks,
                              FioReportContext ctx) {
        return FioJsonReport.json(cmd, results, disks, ctx);
    }

    /** The text fio prints with {@code --output-format=normal}. */
    public static String normal(FioCommand cmd, List<FioJobResult> results, List<FioDiskUtil> disks,
                                FioReportContext ctx) {
        StringBuilder out = new StringBuilder();
        for (FioJob job : cmd.jobs()) {
            out.append(jobHeader(job));
            if (job.numjobs() > 1) out.append("...\n");
        }
        out.append(VERSION).append('\n');
        out.append(starting(cmd.processes(), cmd.threads()));
        for (FioLayout l : ctx.layouts()) {
            out.append(sprintf("%s: Laying out IO file%s (%d file%s / %s%dMiB)\n", l.jobName(),
                    l.files() > 1 ? "s" : "", l.files(), l.files() > 1 ? "s" : "", l.files() > 1 ? "total " : "",
                    l.bytes() >> 20));
        }
        for (FioJob job : cmd.jobs()) {
            if (job.ioengine().sync() && job.iodepth() > 1) {
                for (int c = 0; c < job.numjobs(); c++) {
                    out.append("note: both iodepth >= 1 and synchronous I/O engine are selected, queue depth will "
                            + "be capped at 1\n");
                }
            }
        }
        out.append('\n');
        for (FioJobResult ts : results) {
            threadStatus(out, ts, FioGroupStats.of(ts.groupId(), results), ctx);
        }
        for (int g : new TreeSet<>(results.stream().map(FioJobResult::groupId).toList())) {
            groupStats(out, FioGroupStats.of(g, results));
        }
        if (!disks.isEmpty()) {
            out.append("\nDisk stats (read/write):\n");
            for (FioDiskUtil d : disks) {
                out.append(sprintf("  %s: ios=%llu/%llu, merge=%llu/%llu, ticks=%llu/%llu, in_queue=%llu, util=%3.2f%%\n",
                        d.name(), d.readIos(), d.writeIos(), d.readMerges(), d.writeMerges(), d.readTicks(),
                        d.writeTicks(), d.inQueue(), Math.min(100.0, d.util())));
            }
        }
        return out.toString();
    }

    /** init.c add_job(): "name: (g=0): rw=write, bs=(R) 512KiB-512KiB, (W) ..., ioengine=io_uring, iodepth=64". */
    static String jobHeader(FioJob job) {
        String bs = Num2Str.num2str(job.bs(), SIG_FIGS, 1, true, Num2Str.Unit.BYTE);
        return sprintf("%s: (g=%d): rw=%s, bs=(R) %s-%s, (W) %s-%s, (T) %s-%s, ioengine=%s, iodepth=%u\n",
                job.name(), job.groupId(), job.rw().fioName(), bs, bs, bs, bs, bs, bs, job.ioengine().fioName(),
                job.iodepth());
    }

    private static String starting(int processes, int threads) {
        StringBuilder b = new StringBuilder("Starting ");
        if (threads > 0) b.append(threads).append(threads > 1 ? " threads" : " thread");
        if (processes > 0) {
            if (threads > 0) b.append(" and ");
            b.append(processes).append(processes > 1 ? " processes" : " process");
        }
        return b.append('\n').toString();
    }

    private static void threadStatus(StringBuilder out, FioJobResult ts, FioGroupStats rs, FioReportContext ctx) {
        if (!ts.didIo()) return;
        out.append(sprintf("%s: (groupid=%d, jobs=%d): err=%2d: pid=%d: %s\n", ts.name(), ts.groupId(),
                ts.members(), ts.error(), ts.pid(), ctx.ctime()));
        if (ts.job() != null && ts.job().description() != null && !ts.job().description().isEmpty()) {
            out.append(sprintf("  Description  : [%s]\n", ts.job().description()));
        }
        for (int d = 0; d < 3; d++) {
            if (ts.dir(d).ioBytes() != 0) ddirStatus(out, ts, rs, d);
        }
        latencyRanges(out, ts);
        if (ts.sync().count() > 0) {
            out.append("  fsync/fdatasync/sync_file_range:\n");
            displayLat(out, "sync", ts.sync());
            percentiles(out, ts.sync(), "sync");
        }
        out.append(sprintf("  cpu          : usr=%3.2f%%, sys=%3.2f%%, ctx=%llu, majf=%llu, minf=%llu\n",
                ts.usrCpuPercent(), ts.sysCpuPercent(), ts.ctx(), ts.majf(), ts.minf()));
        double[] dist = dist(ts.ioDepth(), ts.rwIos());
        out.append(sprintf("  IO depths    : 1=%3.1f%%, 2=%3.1f%%, 4=%3.1f%%, 8=%3.1f%%, 16=%3.1f%%, 32=%3.1f%%,"
                + " >=64=%3.1f%%\n", box(dist)));
        dist = dist(ts.ioSubmit(), ts.totalSubmit());
        out.append(sprintf("     submit    : 0=%3.1f%%, 4=%3.1f%%, 8=%3.1f%%, 16=%3.1f%%, 32=%3.1f%%, 64=%3.1f%%,"
                + " >=64=%3.1f%%\n", box(dist)));
        dist = dist(ts.ioComplete(), ts.totalComplete());
        out.append(sprintf("     complete  : 0=%3.1f%%, 4=%3.1f%%, 8=%3.1f%%, 16=%3.1f%%, 32=%3.1f%%, 64=%3.1f%%,"
                + " >=64=%3.1f%%\n", box(dist)));
        out.append(sprintf("     issued rwts: total=%llu,%llu,%llu,%llu short=%llu,%llu,%llu,0 dropped=%llu,%llu,%llu,0\n",
                ts.read().totalIos(), ts.write().totalIos(), ts.trim().totalIos(), ts.syncIos(),
                ts.read().shortIos(), ts.write().shortIos(), ts.trim().shortIos(),
                ts.read().dropIos(), ts.write().dropIos(), ts.trim().dropIos()));
        if (ts.latencyDepth() != 0) {
            out.append(sprintf("     latency   : target=%llu, window=%llu, percentile=%.2f%%, depth=%u\n",
                    0L, 0L, 100.0, ts.latencyDepth()));
        }
    }

    /** stat.c show_ddir_status() for read, write or trim. */
    private static void ddirStatus(StringBuilder out, FioJobResult ts, FioGroupStats rs, int d) {
        FioDirStats ds = ts.dir(d);
        long runt = ds.runtimeMs();
        if (runt == 0) return;
        long bw = Long.divideUnsigned(1000 * ds.ioBytes(), runt);
        String io = Num2Str.num2str(ds.ioBytes(), SIG_FIGS, 1, true, Num2Str.Unit.BYTE);
        String bwP = Num2Str.num2str(bw, SIG_FIGS, 1, true, Num2Str.Unit.BYTEPERSEC);
        String bwAlt = Num2Str.num2str(bw, SIG_FIGS, 1, false, Num2Str.Unit.BYTEPERSEC);
        String iops = Num2Str.num2str(Long.divideUnsigned(1000 * ds.totalIos(), runt), SIG_FIGS, 1, false,
                Num2Str.Unit.NONE);
        String post = d == 1 ? sprintf("; %llu zone resets", ts.zoneResets()) : "";
        out.append(sprintf("  %s: IOPS=%s, BW=%s (%s)(%s/%llumsec)%s\n", DDIR[d], iops, bwP, bwAlt, io, runt, post));
        if (ds.slat().count() > 0) displayLat(out, "slat", ds.slat());
        if (ds.clat().count() > 0) displayLat(out, "clat", ds.clat());
        if (ds.lat().count() > 0) displayLat(out, " lat", ds.lat());
        boolean clatP = ts.job() == null || ts.job().clatPercentiles();
        boolean latP = ts.job() != null && ts.job().latPercentiles();
        if (clatP && ds.clat().count() > 0) percentiles(out, ds.clat(), "clat");
        if (latP && ds.lat().count() > 0) percentiles(out, ds.lat(), "lat");
        if (ds.bw().samples() > 0) {
            double mean = ds.bw().mean(), dev = ds.bw().stddev();
            long min = ds.bw().min(), max = ds.bw().max();
            double pOfAgg = rs.aggPercent(d, mean);
            String unit = "KiB";
            if (mean > 1024.0 * 1024.0) {
                min = (long) (min / 1024.0);
                max = (long) (max / 1024.0);
                mean /= 1024.0;
                dev /= 1024.0;
                unit = "MiB";
            }
            out.append(sprintf("   bw (%5s/s): min=%5llu, max=%5llu, per=%3.2f%%, avg=%5.02f, stdev=%5.02f, samples=%llu\n",
                    unit, min, max, pOfAgg, mean, dev, ds.bw().samples()));
        }
        if (ds.iops().samples() > 0) {
            out.append(sprintf("   iops        : min=%5llu, max=%5llu, avg=%5.02f, stdev=%5.02f, samples=%llu\n",
                    ds.iops().min(), ds.iops().max(), ds.iops().mean(), ds.iops().stddev(), ds.iops().samples()));
        }
    }

    /** stat.c display_lat() with nsec_to_msec()/nsec_to_usec() scaling. */
    private static void displayLat(StringBuilder out, String name, LatencyStats st) {
        long min = st.min(), max = st.max();
        double mean = st.mean(), dev = st.stddev();
        String base = "(nsec)";
        if (Long.compareUnsigned(min, 2_000_000) > 0 && Long.compareUnsigned(max, 99_999_999) > 0 && dev > 1e6) {
            min /= 1_000_000;
            max /= 1_000_000;
            mean /= 1e6;
            dev /= 1e6;
            base = "(msec)";
        } else if (Long.compareUnsigned(min, 2000) > 0 && Long.compareUnsigned(max, 99_999) > 0 && dev > 1000.0) {
            min /= 1000;
            max /= 1000;
            mean /= 1000.0;
            dev /= 1000.0;
            base = "(usec)";
        }
        out.append(sprintf("    %s %s: min=%s, max=%s, avg=%5.02f, stdev=%5.02f\n", name, base,
                Num2Str.num2str(min, 6, 1, false, Num2Str.Unit.NONE), Num2Str.num2str(max, 6, 1, false,
                        Num2Str.Unit.NONE), mean, dev));
    }

    /** stat.c show_clat_percentiles() with the default percentile_list and precision 2. */
    private static void percentiles(StringBuilder out, LatencyStats st, String pre) {
        double[] plist = LatencyStats.DEFAULT_PERCENTILES;
        long[] ovals = st.percentiles(plist);
        if (ovals.length == 0) return;
        long minv = Long.MAX_VALUE, maxv = 0;
        for (long v : ovals) {
            minv = Math.min(minv, v);
            maxv = Math.max(maxv, v);
        }
        int scaleDown;
        long divisor;
        if (minv > 2_000_000 && maxv > 99_999_999L) {
            scaleDown = 2;
            divisor = 1_000_000;
        } else if (minv > 2000 && maxv > 99_999) {
            scaleDown = 1;
            divisor = 1000;
        } else {
            scaleDown = 0;
            divisor = 1;
        }
        out.append(sprintf("    %s percentiles (%s):\n     |", pre, scaleDown == 2 ? "msec" : scaleDown == 1 ? "usec" : "nsec"));
        long q = maxv / divisor;
        int timeWidth = q == 0 ? 5 : Math.max(5, (int) (Math.log10(q) + 1));
        int perLine = (80 - 7) / (2 + 10 + timeWidth);
        for (int j = 0; j < ovals.length; j++) {
            if (j != 0 && j % perLine == 0) out.append("     |");
            boolean last = j == ovals.length - 1;
            long v = ovals[j];
            for (int i = 0; i < scaleDown; i++) v = (v + 999) / 1000;
            out.append(sprintf(" %5.2fth=[%*llu]%c", plist[j], timeWidth, v, last ? '\n' : ','));
            if (last) break;
            if (j % perLine == perLine - 1) out.append('\n');
        }
    }

    /** stat.c show_latencies(): the nsec/usec/msec range lines, as % of all read+write+trim I/Os. */
    private static void latencyRanges(StringBuilder out, FioJobResult ts) {
        long total = ts.rwIos();
        String[] labels = {"2=", "4=", "10=", "20=", "50=", "100=", "250=", "500=", "750=", "1000=", "2000=", ">=2000="};
        String[] units = {"nsec", "usec", "msec"};
        for (int u = 0; u < 3; u++) {
            int nr = u == 2 ? 12 : 10;
            int line = 0;
            boolean newLine = true, shown = false;
            for (int i = 0; i < nr; i++) {
                long c = 0;
                for (int d = 0; d < 3; d++) c += ts.dir(d).clat().rangeCount(u * 10 + i);
                double pct = total == 0 ? 0 : (double) c / (double) total * 100.0;
                if (pct < 0.01 && c != 0) pct = 0.01;
                if (pct <= 0.0) continue;
                shown = true;
                if (newLine) {
                    if (line != 0) out.append('\n');
                    out.append("  lat (").append(units[u]).append(")   : ");
                    newLine = false;
                    line = 0;
                }
                if (line != 0) out.append(", ");
                out.append(sprintf("%s%3.2f%%", labels[i], pct));
                if (++line == 5) newLine = true;
            }
            if (shown) out.append('\n');
        }
    }

    private static void groupStats(StringBuilder out, FioGroupStats rs) {
        out.append(sprintf("\nRun status group %d (all jobs):\n", rs.groupId));
        for (int d = 0; d < 3; d++) {
            if (rs.maxRun[d] == 0) continue;
            out.append(sprintf("%s: bw=%s (%s), %s-%s (%s-%s), io=%s (%s), run=%llu-%llumsec\n", GROUP_DDIR[d],
                    bps(rs.agg[d], true), bps(rs.agg[d], false), bps(rs.minBw[d], true), bps(rs.maxBw[d], true),
                    bps(rs.minBw[d], false), bps(rs.maxBw[d], false),
                    Num2Str.num2str(rs.ioBytes[d], SIG_FIGS, 1, true, Num2Str.Unit.BYTE),
                    Num2Str.num2str(rs.ioBytes[d], SIG_FIGS, 1, false, Num2Str.Unit.BYTE), rs.minRun[d], rs.maxRun[d]));
        }
    }

    private static String bps(long v, boolean pow2) {
        return Num2Str.num2str(v, SIG_FIGS, 1, pow2, Num2Str.Unit.BYTEPERSEC);
    }

    /** stat.c stat_calc_dist(): % of {@code total}, at least 0.1 for a non-empty level. */
    static double[] dist(long[] map, long total) {
        double[] out = new double[7];
        for (int i = 0; i < 7; i++) {
            if (total == 0) continue;
            out[i] = (double) map[i] / (double) total * 100.0;
            if (out[i] < 0.1 && map[i] != 0) out[i] = 0.1;
        }
        return out;
    }

    private static Object[] box(double[] d) {
        Object[] o = new Object[d.length];
        for (int i = 0; i < d.length; i++) o[i] = d[i];
        return o;
    }
}
