package org.f2fsobs.bench.tool.fio;

import static org.f2fsobs.bench.tool.CFormat.sprintf;

import java.util.List;
import org.f2fsobs.bench.tool.IoStat;
import org.f2fsobs.bench.tool.LatencyStats;

/**
 * fio's terse output, version 3 ({@code --minimal}, {@code --output-format=terse}): one semicolon-separated line per
 * job, in the order of stat.c show_thread_status_terse_all() and show_ddir_status_terse() (read then write, latencies
 * in usec, 20 percentile slots, bandwidth in KiB/s), then the disk util fields of stat.c show_disk_util(terse).
 */
final class FioTerse {

    private static final int LIST_MAX = 20;

    private FioTerse() {}

    static String terse(List<FioJobResult> results, List<FioDiskUtil> disks) {
        StringBuilder out = new StringBuilder();
        for (FioJobResult ts : results) {
            FioGroupStats rs = FioGroupStats.of(ts.groupId(), results);
            out.append(sprintf("%d;%s;%s;%d;%d", 3, FioReport.VERSION, ts.name(), ts.groupId(), ts.error()));
            for (int d = 0; d < 2; d++) ddir(out, ts, rs, d);
            out.append(sprintf(";%f%%;%f%%;%llu;%llu;%llu", ts.usrCpuPercent(), ts.sysCpuPercent(), ts.ctx(), ts.majf(), ts.minf()));
            double[] dist = FioReport.dist(ts.ioDepth(), ts.rwIos());
            for (double x : dist) out.append(sprintf(";%3.1f%%", x));
            long total = ts.rwIos();
            for (int u = 0; u < 2; u++) {                       // usec (nsec ranges folded into the first), msec
                int nr = u == 0 ? 10 : 12;
                for (int i = 0; i < nr; i++) {
                    long c = 0;
                    for (int d = 0; d < 3; d++) {
                        c += ts.dir(d).clat().rangeCount((u + 1) * 10 + i);
                        if (u == 0 && i == 0) for (int k = 0; k < 10; k++) c += ts.dir(d).clat().rangeCount(k);
                    }
                    double pct = total == 0 ? 0 : 100.0 * c / total;
                    out.append(sprintf(";%3.2f%%", pct));
                }
            }
            for (FioDiskUtil du : disks) {
                out.append(sprintf(";%s;%llu;%llu;%llu;%llu;%llu;%llu;%llu;%3.2f%%", du.name(), du.readIos(), du.writeIos(),
                        du.readMerges(), du.writeMerges(), du.readTicks(), du.writeTicks(), du.inQueue(), Math.min(100.0, du.util())));
            }
            if (ts.job() != null && ts.job().description() != null && !ts.job().description().isEmpty()) {
                out.append(';').append(ts.job().description());
            }
            out.append('\n');
        }
        return out.toString();
    }

    private static void ddir(StringBuilder out, FioJobResult ts, FioGroupStats rs, int d) {
        FioDirStats ds = ts.dir(d);
        long runt = ds.runtimeMs();
        long bw = runt == 0 ? 0 : 1000 * ds.ioBytes() / runt / 1024;
        long iops = runt == 0 ? 0 : 1000 * ds.totalIos() / runt;
        out.append(sprintf(";%llu;%llu;%llu;%llu", ds.ioBytes() >> 10, bw, iops, runt));
        lat(out, ds.slat());
        lat(out, ds.clat());
        boolean latP = ts.job() != null && ts.job().latPercentiles();
        boolean clatP = ts.job() == null || ts.job().clatPercentiles();
        LatencyStats p = latP ? ds.lat() : clatP ? ds.clat() : null;
        long[] vals = p == null || p.count() == 0 ? new long[0] : p.percentiles(LatencyStats.DEFAULT_PERCENTILES);
        for (int i = 0; i < LIST_MAX; i++) {
            if (i >= vals.length) out.append(";0%=0");
            else out.append(sprintf(";%f%%=%llu", LatencyStats.DEFAULT_PERCENTILES[i], vals[i] / 1000));
        }
        lat(out, ds.lat());
        IoStat b = ds.bw();
        if (b.samples() > 0) {
            double pOfAgg = 100.0;
            if (rs.agg[d] != 0) pOfAgg = Math.min(100.0, b.mean() * 100 / (double) (rs.agg[d] / 1024));
            out.append(sprintf(";%llu;%llu;%f%%;%f;%f", b.min(), b.max(), pOfAgg, b.mean(), b.stddev()));
        } else {
            out.append(sprintf(";%llu;%llu;%f%%;%f;%f", 0L, 0L, 0.0, 0.0, 0.0));
        }
    }

    private static void lat(StringBuilder out, LatencyStats st) {
        if (st.count() > 0) {
            out.append(sprintf(";%llu;%llu;%f;%f", st.min() / 1000, st.max() / 1000, st.mean() / 1000, st.stddev() / 1000));
        } else {
            out.append(sprintf(";%llu;%llu;%f;%f", 0L, 0L, 0.0, 0.0));
        }
    }
}
