package org.f2fsobs.bench.tool.tiotest;

import static org.f2fsobs.bench.tool.CFormat.sprintf;

/**
 * tiotest's output, as tiotest.c print_results() writes it: the box table "Tiotest results for N concurrent io
 * threads:" with Item / Time / Rate / Usr CPU / Sys CPU columns and one row per test that moved data, then (unless
 * -L) the "Tiotest latency results:" box; with -T the terse "write:...,rwrite:...,read:...,rread:...,total:..." lines.
 * Times are truncated to microseconds (struct timeval) and CPU shares use the float arithmetic of
 * timeval_percentage_of().
 */
public final class TiotestReport {

    private static final String[] ROW = {"| Write %11.0f MBs ", "| Random Write %4.0f MBs ", "| Read %12.0f MBs ",
            "| Random Read %5.0f MBs "};
    private static final String[] LAT_ROW = {"| Write        ", "| Random Write ", "| Read         ", "| Random Read  "};
    private static final String[] TERSE = {"write", "rwrite", "read", "rread"};

    private TiotestReport() {}

    /** Everything tiotest prints on standard output. */
    public static String report(TiotestJob job, TiotestResult r) {
        StringBuilder out = new StringBuilder();
        int n = job.threads();
        if (job.terse()) {
            for (int t = 0; t < 4; t++) {
                TiotestResult.Phase p = r.phase(t);
                out.append(sprintf("%s:%.5f,%.5f,%.5f,%.5f,%.5f,%.5f,%.5f,%.5f\n", TERSE[t], mbytes(p, job),
                        secs(p.elapsedNs()), secs(p.usrNs()) / n, secs(p.sysNs()) / n, avgMs(p.latencySumNs(),
                                p.latencyCount()), p.latencyMaxNs() / 1e6, pct(p.latencyOver2s(), p.latencyCount()),
                        pct(p.latencyOver10s(), p.latencyCount())));
            }
            long[] total = total(r);
            out.append(sprintf("total:%.5f,%.5f,%.5f,%.5f\n", avgMs(total[1], total[0]), total[2] / 1e6,
                    pct(total[3], total[0]), pct(total[4], total[0])));
            return out.toString();
        }
        out.append(sprintf("Tiotest results for %d concurrent io threads:\n", n));
        out.append(",----------------------------------------------------------------------.\n");
        out.append("| Item                  | Time     | Rate         | Usr CPU  | Sys CPU |\n");
        out.append("+-----------------------+----------+--------------+----------+---------+\n");
        for (int t = 0; t < 4; t++) {
            TiotestResult.Phase p = r.phase(t);
            if (p.bytes() / job.blockSize() == 0) continue;
            double mb = mbytes(p, job);
            double s = secs(p.elapsedNs());
            out.append(sprintf(ROW[t] + "| %6.1f s | %7.3f MB/s | %5.1f %%  | %5.1f %% |\n", mb, s, mb / s,
                    share(p.usrNs(), p.elapsedNs(), n), share(p.sysNs(), p.elapsedNs(), n)));
        }
        out.append("`----------------------------------------------------------------------'\n");
        if (job.showLatency()) latencyTable(out, job, r);
        return out.toString();
    }

    private static void latencyTable(StringBuilder out, TiotestJob job, TiotestResult r) {
        out.append("Tiotest latency results:\n");
        out.append(",-------------------------------------------------------------------------.\n");
        out.append("| Item         | Average latency | Maximum latency | % >2 sec | % >10 sec |\n");
        out.append("+--------------+-----------------+-----------------+----------+-----------+\n");
        for (int t = 0; t < 4; t++) {
            TiotestResult.Phase p = r.phase(t);
            if (p.bytes() / job.blockSize() == 0) continue;
            out.append(LAT_ROW[t]).append(sprintf("| %12.3f ms | %12.3f ms | %8.5f | %9.5f |\n",
                    avgMs(p.latencySumNs(), p.latencyCount()), p.latencyMaxNs() / 1e6,
                    pct(p.latencyOver2s(), p.latencyCount()), pct(p.latencyOver10s(), p.latencyCount())));
        }
        out.append("|--------------+-----------------+-----------------+----------+-----------|\n");
        long[] total = total(r);
        out.append(sprintf("| Total        | %12.3f ms | %12.3f ms | %8.5f | %9.5f |\n", avgMs(total[1], total[0]),
                total[2] / 1e6, pct(total[3], total[0]), pct(total[4], total[0])));
        out.append("`--------------+-----------------+-----------------+----------+-----------'\n\n");
    }

    /** mbytesWrite = totalBlocks / (MBYTE / blockSize). */
    private static double mbytes(TiotestResult.Phase p, TiotestJob job) {
        double blocks = p.bytes() / job.blockSize();
        return blocks / ((double) TiotestJob.MBYTE / (double) job.blockSize());
    }

    /** timeval_to_secs() of a time kept in a struct timeval (whole microseconds). */
    private static double secs(long ns) {
        long usec = ns / 1000;
        return (usec / 1_000_000) + (usec % 1_000_000) / (1000.0 * 1000.0);
    }

    /** timeval_percentage_of(): integer hundredths of a percent, then float. */
    private static float share(long cpuNs, long realNs, int threads) {
        long real = realNs / 1000;
        if (real == 0) return 0f;
        long v = (100L * 100L * (cpuNs / 1000)) / real;
        return (float) ((float) v / (100.0 * threads));
    }

    private static double avgMs(long sumNs, long count) {
        return count > 0 ? sumNs / 1e9 / count * 1000 : 0;
    }

    private static double pct(long part, long count) {
        return count > 0 ? part * 100.0 / count : 0;
    }

    /** The "Total" row: counts and sums over all phases, the largest maximum. */
    private static long[] total(TiotestResult r) {
        long[] t = new long[5];
        for (int i = 0; i < 4; i++) {
            TiotestResult.Phase p = r.phase(i);
            t[0] += p.latencyCount();
            t[1] += p.latencySumNs();
            t[2] = Math.max(t[2], p.latencyMaxNs());
            t[3] += p.latencyOver2s();
            t[4] += p.latencyOver10s();
        }
        return t;
    }
}
