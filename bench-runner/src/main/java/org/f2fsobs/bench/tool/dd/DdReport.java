package org.f2fsobs.bench.tool.dd;

import org.f2fsobs.bench.tool.CFormat;

/**
 * What dd prints on standard error when it finishes. {@link #gnu} follows coreutils 9.1 dd.c print_stats() and
 * print_xfer_stats(): "N+M records in", "N+M records out", then "B bytes (34 MB, 32 MiB) copied, 0.0155349 s,
 * 2.2 GB/s" (sizes by gnulib human_readable, SI and IEC, the IEC or both omitted when they add nothing; elapsed time
 * with %g; rate in SI units). {@link #toybox} follows the toybox dd of Android in 2020 (toys/pending/dd.c status()):
 * the same record lines, then "B bytes (0.9 G) copied, 2.082554 s, 480 M/s" with 1024-based three-digit sizes,
 * microsecond time and the rate truncated to whole bytes per second.
 */
public final class DdReport {

    private static final long NS_PER_S = 1_000_000_000L;

    private DdReport() {}

    /** The report of {@code job}'s dialect. */
    public static String print(DdJob job, DdResult r) {
        return job.dialect() == DdDialect.GNU ? gnu(job, r) : toybox(job, r);
    }

    /**
     * GNU coreutils 9.1. With status=progress, print_xfer_stats(progress_time) first wrote each report as "\r" and the
     * transfer line in whole seconds ("%.0f s"), padded with spaces over a longer previous one; print_stats then ends
     * that line with "\n" before the record lines.
     */
    public static String gnu(DdJob job, DdResult r) {
        if (job.status().equals("none")) return "";
        StringBuilder out = new StringBuilder();
        int progressLen = 0;
        if (job.status().equals("progress")) {
            for (DdResult.Progress p : r.progress()) {
                String line = xfer(p.bytes(), p.elapsedNs(), true);
                out.append('\r').append(line);
                if (line.length() < progressLen) out.append(" ".repeat(progressLen - line.length()));
                progressLen = line.length();
            }
            if (progressLen > 0) out.append('\n');
        }
        out.append(records(r));
        if (job.status().equals("noxfer")) return out.toString();
        return out.append(xfer(r.bytes(), r.elapsedNs(), false)).append('\n').toString();
    }

    /** print_xfer_stats: "B bytes (SI, IEC) copied, T s, RATE/s" (T with %g, or %.0f for a progress report). */
    private static String xfer(long bytes, long elapsedNs, boolean progress) {
        String si = HumanReadable.gnu(bytes, false, 1, 1);
        String iec = HumanReadable.gnu(bytes, true, 1, 1);
        String rate;
        double deltaS;
        if (elapsedNs > 0) {
            deltaS = elapsedNs / (double) NS_PER_S;
            rate = HumanReadable.gnu(bytes, false, NS_PER_S, elapsedNs) + "/s";
        } else {
            deltaS = 0;
            rate = "Infinity B/s";
        }
        String time = CFormat.sprintf(progress ? "%.0f s" : "%g s", deltaS);
        StringBuilder out = new StringBuilder();
        if (lacksPrefix(si)) {
            out.append(bytes).append(bytes == 1 ? " byte copied, " : " bytes copied, ");
        } else if (lacksPrefix(iec)) {
            out.append(bytes).append(" bytes (").append(si).append(") copied, ");
        } else {
            out.append(bytes).append(" bytes (").append(si).append(", ").append(iec).append(") copied, ");
        }
        return out.append(time).append(", ").append(rate).toString();
    }

    /**
     * toybox, as the mail's Pixel 3 printed it. Like that version, a {@code conv=} operand also leaves its debug
     * line "conv=HEX" (the bit mask of fsync, noerror, notrunc, sync, nocreat) at the top.
     */
    public static String toybox(DdJob job, DdResult r) {
        StringBuilder out = new StringBuilder();
        if (!job.conv().isEmpty()) {
            String[] order = {"fsync", "noerror", "notrunc", "sync", "nocreat"};
            int mask = 0;
            for (int i = 0; i < order.length; i++) if (job.conv().contains(order[i])) mask |= 1 << i;
            out.append(CFormat.sprintf("conv=%x\n", mask));
        }
        if (job.status().equals("none")) return out.toString();
        out.append(records(r));
        if (job.status().equals("noxfer")) return out.toString();
        long usec = Math.max(1, r.elapsedNs() / 1000); // gettimeofday() resolution; never divide by zero
        double seconds = usec / 1_000_000.0;
        long rate = (long) (r.bytes() / seconds);
        out.append(r.bytes()).append(" bytes (").append(HumanReadable.toybox(r.bytes())).append(") copied, ");
        out.append(CFormat.sprintf("%f s, %s/s\n", seconds, HumanReadable.toybox(rate)));
        return out.toString();
    }

    private static String records(DdResult r) {
        return CFormat.sprintf("%llu+%llu records in\n%llu+%llu records out\n", r.recordsInFull(),
                r.recordsInPartial(), r.recordsOutFull(), r.recordsOutPartial());
    }

    /** dd.c abbreviation_lacks_prefix(): "512 B" rather than "1.0 kB". */
    private static boolean lacksPrefix(String s) {
        return s.charAt(s.length() - 2) == ' ';
    }
}
