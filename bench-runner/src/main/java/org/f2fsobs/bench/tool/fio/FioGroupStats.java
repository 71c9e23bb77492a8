package org.f2fsobs.bench.tool.fio;

import java.util.List;

/**
 * One reporting group's totals, as stat.c __show_run_stats() fills {@code struct group_run_stats}: per direction the
 * shortest and longest runtime (ms), the lowest and highest per-job bandwidth, the bytes moved and the aggregate
 * bandwidth (bytes / longest runtime).
 */
final class FioGroupStats {

    final int groupId;
    final long[] minRun = {-1, -1, -1};
    final long[] maxRun = new long[3];
    final long[] minBw = {-1, -1, -1};
    final long[] maxBw = new long[3];
    final long[] ioBytes = new long[3];
    final long[] agg = new long[3];

    private FioGroupStats(int groupId) {
        this.groupId = groupId;
    }

    static FioGroupStats of(int groupId, List<FioJobResult> results) {
        FioGroupStats rs = new FioGroupStats(groupId);
        for (FioJobResult ts : results) {
            if (ts.groupId() != groupId) continue;
            for (int d = 0; d < 3; d++) {
                FioDirStats ds = ts.dir(d);
                long run = ds.runtimeMs();
                if (run == 0) continue;
                if (Long.compareUnsigned(run, rs.minRun[d]) < 0 || rs.minRun[d] == 0) rs.minRun[d] = run;
                if (run > rs.maxRun[d]) rs.maxRun[d] = run;
                long bw = Long.divideUnsigned(ds.ioBytes() * 1000, run);
                if (Long.compareUnsigned(bw, rs.minBw[d]) < 0) rs.minBw[d] = bw;
                if (Long.compareUnsigned(bw, rs.maxBw[d]) > 0) rs.maxBw[d] = bw;
                rs.ioBytes[d] += ds.ioBytes();
            }
        }
        for (int d = 0; d < 3; d++) {
            if (rs.maxRun[d] != 0) rs.agg[d] = Long.divideUnsigned(rs.ioBytes[d] * 1000, rs.maxRun[d]);
        }
        return rs;
    }

    /** stat.c convert_agg_kbytes_percent(): a job's mean bandwidth (KiB/s, truncated to int) as % of the group's. */
    double aggPercent(int ddir, double meanKiB) {
        double p = 100.0;
        if (agg[ddir] > 1024) {
            p = ((int) meanKiB) * 100.0 / (agg[ddir] / 1024.0);
            if (p > 100.0) p = 100.0;
        }
        return p;
    }
}
