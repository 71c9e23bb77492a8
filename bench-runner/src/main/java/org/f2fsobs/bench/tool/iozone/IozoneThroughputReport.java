package org.f2fsobs.bench.tool.iozone;

import static org.f2fsobs.bench.tool.CFormat.sprintf;

import java.util.List;

/**
 * What iozone 3.420 prints in throughput mode ({@code -t N}, throughput_test()): after the banner, "Each process writes
 * a K Kbyte file in R Kbyte records", then for each test the children's summed throughput, the parent's (bytes of all
 * children over its own wall time), the minimum, maximum and average per process and the smallest transfer (what the
 * first process to finish left the others at: stonewalling), in KB/sec or, with -O, ops/sec; with -R dump_throughput()'s
 * report; then "iozone test complete."
 */
public final class IozoneThroughputReport {
    private IozoneThroughputReport() {}

    /** One process of one test: its throughput (xfer over its own time) and its transfer (KB or ops) when it stopped. */
    public record Child(double throughput, double actual) {}

    /**
     * One test.
     *
     * @param test   index into the tests below (0 initial writers … 5 random writers)
     * @param parent the parent's figure: every child's transfer over the parent's wall time
     */
    public record Test(int test, List<Child> children, double parent) {
        /** "Children see throughput": the processes' throughputs summed. */
        public double childrenSee() {
            double s = 0;
            for (Child c : children) s += c.throughput();
            return s;
        }
    }

    /** throughput_test()'s labels and their tab layouts (%2lld for the first three, %lld after). */
    private static final String[] LABEL = {"%2lld initial writers \t", "%2lld rewriters \t", "%2lld readers \t\t",
        "%lld re-readers \t", "%lld random readers \t", "%lld random writers \t"};
    /** throughput_tests[]: the names dump_throughput() prints. */
    private static final String[] NAME = {"Initial write", "Rewrite", "Read", "Re-read", "Random read", "Random write"};

    public static String report(IozoneJob job, IozoneJob.Run run, List<Test> tests, IozoneReportContext ctx) {
        String unit = job.ops() ? "ops" : "KB";
        StringBuilder out = new StringBuilder(IozoneReport.banner(job, ctx));
        out.append(sprintf("\tEach process writes a %lld Kbyte file in %lld Kbyte records\n", run.fileKb(), run.reclenKb()));
        for (Test t : tests) {
            double min = 0, max = 0, minXfer = 0;
            for (Child c : t.children()) {
                if (minXfer == 0 || c.actual() < minXfer) minXfer = c.actual();
                if (min == 0 || c.throughput() < min) min = c.throughput();
                if (c.throughput() > max) max = c.throughput();
            }
            long n = t.children().size();
            double total = t.childrenSee();
            out.append('\n');
            out.append(sprintf("\tChildren see throughput for " + LABEL[t.test()] + "= %10.2f %s/sec\n", n, total, unit));
            out.append(sprintf("\tParent sees throughput for " + LABEL[t.test()] + "= %10.2f %s/sec\n", n, t.parent(), unit));
            out.append(sprintf("\tMin throughput per process \t\t\t= %10.2f %s/sec \n", min, unit));
            out.append(sprintf("\tMax throughput per process \t\t\t= %10.2f %s/sec\n", max, unit));
            out.append(sprintf("\tAvg throughput per process \t\t\t= %10.2f %s/sec\n", total / n, unit));
            out.append(sprintf("\tMin xfer \t\t\t\t\t= %10.2f %s\n", minXfer, unit));
        }
        if (job.excel()) {
            out.append("\n\"Throughput report Y-axis is type of test X-axis is number of processes\"\n");
            out.append(sprintf("\"Record size = %lld Kbytes \"\n", run.reclenKb()));
            out.append("\"Output is in ").append(job.ops() ? "ops/sec" : "Kbytes/sec").append("\"\n\n");
            for (Test t : tests) out.append(sprintf("\"%15s \"", NAME[t.test()])).append(sprintf(" %10.2f ", t.childrenSee())).append("\n\n");
        }
        return out.append("\niozone test complete.\n").toString();
    }
}
