package org.f2fsobs.bench.tool.fio;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.tool.CFormat;
import org.f2fsobs.bench.tool.IoStat;
import org.f2fsobs.bench.tool.LatencyStats;

/**
 * fio 3.33's {@code --output-format=json} document, built in the order of stat.c __show_run_stats(),
 * show_thread_status_json(), add_ddir_status_json(), add_ddir_lat_json() and json_array_add_disk_util().
 */
public final class FioJsonReport {

    private static final String[] DDIR = {"read", "write", "trim"};

    private FioJsonReport() {}

    /** The JSON text fio prints (followed by a newline). */
    public static String json(FioCommand cmd, List<FioJobResult> results, List<FioDiskUtil> disks,
                              FioReportContext ctx) {
        FioJson.Obj root = new FioJson.Obj();
        root.put("fio version", FioReport.VERSION);
        root.put("timestamp", Math.floorDiv(ctx.epochMillis(), 1000));
        root.put("timestamp_ms", ctx.epochMillis());
        root.put("time", ctx.ctime());
        options(root, "global options", cmd.globalOptions());
        List<Object> jobs = new ArrayList<>();
        root.put("jobs", jobs);
        for (FioJobResult ts : results) {
            jobs.add(job(ts, FioGroupStats.of(ts.groupId(), results), cmd));
        }
        if (!disks.isEmpty()) {
            List<Object> du = new ArrayList<>();
            for (FioDiskUtil d : disks) {
                du.add(new FioJson.Obj().put("name", d.name()).put("read_ios", d.readIos())
                        .put("write_ios", d.writeIos()).put("read_merges", d.readMerges())
                        .put("write_merges", d.writeMerges()).put("read_ticks", d.readTicks())
                        .put("write_ticks", d.writeTicks()).put("in_queue", d.inQueue())
                        .putFloat("util", Math.min(100.0, d.util())));
            }
            root.put("disk_util", du);
        }
        return FioJson.print(root) + "\n";
    }

    /** stat.c json_add_job_opts(): options given without a value are left out (json.c cannot store them). */
    private static void options(FioJson.Obj parent, String key, Map<String, String> opts) {
        FioJson.Obj o = new FioJson.Obj();
        opts.forEach((k, v) -> {
            if (v != null && !v.isEmpty()) o.put(k, v);
        });
        if (!opts.isEmpty()) parent.put(key, o);
    }

    private static FioJson.Obj job(FioJobResult ts, FioGroupStats rs, FioCommand cmd) {
        FioJson.Obj root = new FioJson.Obj();
        root.put("jobname", ts.name());
        root.put("groupid", ts.groupId());
        root.put("error", ts.error());
        root.put("eta", 2147483647L); // get_jobs_eta() after the run: no time left to estimate
        root.put("elapsed", ts.elapsedSec());
        FioJob job = ts.job() != null ? ts.job()
                : cmd.jobs().stream().filter(j -> j.name().equals(ts.name())).findFirst().orElse(null);
        if (job != null) options(root, "job options", job.jobOptions());
        boolean clatP = job == null || job.clatPercentiles();
        boolean latP = job != null && job.latPercentiles();
        boolean bins = cmd.outputFormat() == FioOutputFormat.JSON_PLUS;
        for (int d = 0; d < 3; d++) root.put(DDIR[d], ddir(ts.dir(d), rs, d, clatP, latP, bins));
        FioJson.Obj sync = root.putObj("sync");
        sync.put("total_ios", ts.syncIos());
        sync.put("lat_ns", lat(ts.sync(), true, cmd.outputFormat() == FioOutputFormat.JSON_PLUS));
        root.put("job_runtime", ts.runTimeMs());
        root.putFloat("usr_cpu", ts.usrCpuPercent());
        root.putFloat("sys_cpu", ts.sysCpuPercent());
        root.put("ctx", ts.ctx());
        root.put("majf", ts.majf());
        root.put("minf", ts.minf());
        depths(root.putObj("iodepth_level"), FioReport.dist(ts.ioDepth(), ts.rwIos()), false);
        depths(root.putObj("iodepth_submit"), FioReport.dist(ts.ioSubmit(), ts.totalSubmit()), true);
        depths(root.putObj("iodepth_complete"), FioReport.dist(ts.ioComplete(), ts.totalComplete()), true);
        String[] ranges = {"2", "4", "10", "20", "50", "100", "250", "500", "750", "1000", "2000", ">=2000"};
        String[] keys = {"latency_ns", "latency_us", "latency_ms"};
        long total = ts.rwIos();
        for (int u = 0; u < 3; u++) {
            FioJson.Obj o = root.putObj(keys[u]);
            for (int i = 0; i < (u == 2 ? 12 : 10); i++) {
                long c = 0;
                for (int d = 0; d < 3; d++) c += ts.dir(d).clat().rangeCount(u * 10 + i);
                double pct = total == 0 ? 0 : (double) c / (double) total * 100.0;
                if (pct < 0.01 && c != 0) pct = 0.01;
                o.putFloat(ranges[i], pct);
            }
        }
        if (ts.latencyDepth() != 0) {
            root.put("latency_depth", ts.latencyDepth());
            root.put("latency_target", 0L);
            root.putFloat("latency_percentile", 100.0);
            root.put("latency_window", 0L);
        }
        if (job != null && job.description() != null && !job.description().isEmpty()) root.put("desc", job.description());

        return root;
    }

    private static void depths(FioJson.Obj o, double[] dist, boolean submit) {
        for (int i = 0; i < 7; i++) {
            String name;
            if (!submit) name = i < 6 ? Integer.toString(1 << i) : ">=" + (1 << i);
            else name = i == 0 ? "0" : i < 6 ? Integer.toString(1 << (i + 1)) : ">=" + (1 << i);
            o.putFloat(name, dist[i]);
        }
    }

    private static FioJson.Obj ddir(FioDirStats ds, FioGroupStats rs, int d, boolean clatP, boolean latP, boolean bins) {
        FioJson.Obj o = new FioJson.Obj();
        long runt = ds.runtimeMs();
        long bwBytes = runt == 0 ? 0 : Long.divideUnsigned(1000 * ds.ioBytes(), runt);
        double iops = runt == 0 ? 0.0 : (1000.0 * ds.totalIos()) / runt;
        o.put("io_bytes", ds.ioBytes());
        o.put("io_kbytes", ds.ioBytes() >>> 10);
        o.put("bw_bytes", bwBytes);
        o.put("bw", bwBytes / 1024);
        o.putFloat("iops", iops);
        o.put("runtime", runt);
        o.put("total_ios", ds.totalIos());
        o.put("short_ios", ds.shortIos());
        o.put("drop_ios", ds.dropIos());
        o.put("slat_ns", lat(ds.slat(), false, false));
        o.put("clat_ns", lat(ds.clat(), clatP, bins));
        o.put("lat_ns", lat(ds.lat(), latP, bins && latP));
        IoStat bw = ds.bw();
        boolean haveBw = bw.samples() > 0;
        o.put("bw_min", haveBw ? bw.min() : 0);
        o.put("bw_max", haveBw ? bw.max() : 0);
        o.putFloat("bw_agg", haveBw ? rs.aggPercent(d, bw.mean()) : 0.0);
        o.putFloat("bw_mean", haveBw ? bw.mean() : 0.0);
        o.putFloat("bw_dev", haveBw ? bw.stddev() : 0.0);
        o.put("bw_samples", bw.samples());
        IoStat io = ds.iops();
        o.put("iops_min", io.min());
        o.put("iops_max", io.samples() > 0 ? io.max() : 0);
        o.putFloat("iops_mean", io.mean());
        o.putFloat("iops_stddev", io.stddev());
        o.put("iops_samples", io.samples());
        return o;
    }

    /** stat.c add_ddir_lat_json(); percentiles are keyed "%f" of the percentile ("99.500000"). */
    private static FioJson.Obj lat(LatencyStats st, boolean percentiles, boolean bins) {
        FioJson.Obj o = new FioJson.Obj();
        boolean any = st.count() > 0;
        o.put("min", any ? st.min() : 0);
        o.put("max", any ? st.max() : 0);
        o.putFloat("mean", any ? st.mean() : 0.0);
        o.putFloat("stddev", any ? st.stddev() : 0.0);
        o.put("N", st.count());
        if (percentiles && any) {
            FioJson.Obj p = o.putObj("percentile");
            long[] vals = st.percentiles(LatencyStats.DEFAULT_PERCENTILES);
            for (int i = 0; i < vals.length; i++) p.put(CFormat.fixed(LatencyStats.DEFAULT_PERCENTILES[i], 6), vals[i]);
            if (bins) {                                   // json+: stat.c add_ddir_lat_json() "bins", plat value -> count
                FioJson.Obj b = o.putObj("bins");
                for (int i = 0; i < LatencyStats.PLAT_NR; i++) {
                    if (st.platCount(i) > 0) b.put(Long.toString(LatencyStats.platIdxToVal(i)), st.platCount(i));
                }
            }
        }
        return o;
    }
}
