package org.f2fsobs.bench.tool.iozone;

import static org.f2fsobs.bench.tool.CFormat.sprintf;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.f2fsobs.bench.tool.Getopt;

/**
 * iozone's standard output as iozone 3.420 prints it — the version whose table layout the seed-003 mail shows ("KB"
 * header, 8-wide write and random columns, 9-wide read columns): the splash screen of main(), the splash line of
 * each option in command-line order, "Command line used:", the figures printed before the run, print_header()'s
 * CONTROL_STRING3 header, one begin() row per record length (with the blank test_output[] fields of the tests not
 * run), "iozone test complete." and, with -R, dump_excel()'s reports.
 */
public final class IozoneReport {

    static final String VERSION = "        Version $Revision: 3.420 $";
    private static final String CONTROL_STRING3 = "%16s%8s%8s%8s%8s%10s%8s%8s%8s %8s %8s%9s%9s%8s%9s\n";
    /** test_output[]: what begin() prints in place of a test that is not run, tests 0–8. */
    private static final int[] SKIPPED_WIDTH = {16, 18, 16, 8, 8, 8, 18, 16, 0};

    private IozoneReport() {}

    /** Everything iozone prints on standard output. */
    public static String report(IozoneJob job, IozoneResult result, IozoneReportContext ctx) {
        StringBuilder out = new StringBuilder(banner(job, ctx));
        out.append(header());
        for (IozoneResult.Row r : result.rows()) out.append(row(r, job.tests()));
        out.append("\niozone test complete.\n");
        if (job.excel()) out.append(excel(job, result));
        return out.toString();
    }

    /** main(): the splash screen up to the line before the table header. */
    static String banner(IozoneJob job, IozoneReportContext ctx) {
        StringBuilder out = new StringBuilder();
        out.append("\tIozone: Performance Test of File I/O\n");
        out.append("\t").append(VERSION).append("\n\t\tCompiled for 64 bit mode.\n");
        out.append("\t\tBuild: ").append(ctx.buildName()).append(" \n\n");
        out.append("""
                \tContributors:William Norcott, Don Capps, Isom Crawford, Kirby Collins
                \t             Al Slater, Scott Rhine, Mike Wisner, Ken Goss
                \t             Steve Landherr, Brad Smith, Mark Kelly, Dr. Alain CYR,
                \t             Randy Dunlap, Mark Montague, Dan Million, Gavin Brebner,
                \t             Jean-Marc Zucconi, Jeff Blomberg, Benny Halevy, Dave Boone,
                \t             Erik Habbinga, Kris Strecker, Walter Wong, Joshua Root,
                \t             Fabrice Bacchella, Zhenghua Xue, Qin Li, Darren Sawyer,
                \t             Vangel Bojaxhi, Ben England, Vikentsi Lapa.

                """);
        out.append("\tRun began: ").append(ctx.ctime()).append("\n\n");
        for (Getopt.Opt o : job.options()) out.append(splash(o, job));
        out.append("\tCommand line used:");
        for (String a : job.argv()) out.append(' ').append(a);
        out.append('\n');
        if (!job.ops()) out.append("\tOutput is in Kbytes/sec\n");
        out.append(sprintf("\tTime Resolution = %1.6f seconds.\n", ctx.timeResolution()));
        out.append(sprintf("\tProcessor cache size set to %ld Kbytes.\n", ctx.cacheSize() / 1024));
        out.append(sprintf("\tProcessor cache line size set to %ld bytes.\n", ctx.cacheLineSize()));
        out.append(sprintf("\tFile stride size set to %lld * record size.\n", 17));
        if (job.throughput()) {
            out.append(sprintf("\tThroughput test with %lld %s\n", job.children(), job.children() > 1 ? "processes" : "process"));
        }
        return out.toString();
    }

    private static String splash(Getopt.Opt o, IozoneJob job) {
        return switch (o.name()) {
            case 'a' -> "\tAuto Mode\n";
            case 'e' -> "\tInclude fsync in write timing\n";
            case 'c' -> "\tInclude close in write timing\n";
            case 'O' -> "\tOPS Mode. Output is in operations per second.\n";
            case 'o' -> "\tSYNC Mode. \n";
            case 'I' -> "\tO_DIRECT feature enabled\n";
            case 'R' -> "\tExcel chart generation enabled\n";
            case 'z' -> "\tCross over of record size disabled.\n";
            case 's' -> sprintf("\tFile size set to %lld KB\n", nth(job.fileSizesKb(), job.options(), o));
            case 'r' -> sprintf("\tRecord Size %lld KB\n", nth(job.recordSizes(), job.options(), o) / 1024);
            case 'n' -> sprintf("\tUsing minimum file size of %lld kilobytes.\n", job.minFileKb());
            case 'g' -> sprintf("\tUsing maximum file size of %lld kilobytes.\n", job.maxFileKb());
            case 'y' -> sprintf("\tUsing Minimum Record Size %lld KB\n", job.minRecordSize() / 1024);
            case 'q' -> sprintf("\tUsing Maximum Record Size %lld KB\n", job.maxRecordSize() / 1024);
            default -> "";
        };
    }

    /** The value of the k-th occurrence of option {@code o} (iozone prints each -s and -r as it parses it). */
    private static long nth(List<Long> values, List<Getopt.Opt> options, Getopt.Opt o) {
        int k = 0;
        for (Getopt.Opt x : options) {
            if (x == o) break;
            if (x.name() == o.name()) k++;
        }
        return values.get(k);
    }

    /** print_header(): the two CONTROL_STRING3 lines. */
    public static String header() {
        return sprintf(CONTROL_STRING3, " ", " ", " ", " ", " ", " ", "random", "random", "bkwd", "record", "stride",
                "", "", "", "")
                + sprintf(CONTROL_STRING3, "KB", "reclen", "write", "rewrite", "read", "reread", "read", "write",
                "read", "rewrite", "read", "fwrite", "frewrite", "fread", "freread");
    }

    /** begin(): one table row ("%16lld%8lld", then each test's fields or its blank test_output[] field). */
    public static String row(IozoneResult.Row r, Set<Integer> tests) {
        StringBuilder b = new StringBuilder(sprintf("%16lld%8lld", r.fileKb(), r.reclenKb()));
        for (int t = 0; t < SKIPPED_WIDTH.length; t++) {
            if (!tests.contains(t)) {
                b.append(" ".repeat(SKIPPED_WIDTH[t]));
                continue;
            }
            switch (t) {
                case 0 -> b.append(sprintf("%8lld%8lld", v(r.write()), v(r.rewrite())));
                case 1 -> b.append(sprintf("%9lld%9lld", v(r.read()), v(r.reread())));
                default -> b.append(sprintf("%8lld%8lld", v(r.randomRead()), v(r.randomWrite())));
            }
        }
        return b.append('\n').toString();
    }

    private static long v(Long x) {
        return x == null ? 0 : x;
    }

    /** dump_excel(): "Excel output is below:" and one report per measured column, each a KB × reclen grid. */
    static String excel(IozoneJob job, IozoneResult result) {
        StringBuilder out = new StringBuilder("Excel output is below:\n");
        String[][] reports = {{"Writer report", "Re-writer report"}, {"Reader report", "Re-Reader report"},
                {"Random read report", "Random write report"}};
        for (int t = 0; t <= 2; t++) {
            if (!job.tests().contains(t)) continue;
            for (int half = 0; half < 2; half++) {
                out.append("\n\"").append(reports[t][half]).append("\"\n");
                dumpReport(out, job, result, t * 2 + half);
            }
        }
        return out.toString();
    }

    /** dump_report(): record sizes of the original range across, one line per file size. */
    private static void dumpReport(StringBuilder out, IozoneJob job, IozoneResult result, int column) {
        out.append("      ");
        for (long rec : originalRecordSizes(job)) out.append(sprintf("  \"%lld\"", rec / 1024));
        out.append('\n');
        long current = -1;
        for (IozoneResult.Row r : result.rows()) {
            if (r.fileKb() != current) {
                if (current != -1) out.append('\n');
                current = r.fileKb();
                out.append(sprintf("\"%lld\"  ", current));
            }
            Long[] cols = {r.write(), r.rewrite(), r.read(), r.reread(), r.randomRead(), r.randomWrite()};
            out.append(sprintf(" %lld ", v(cols[column])));
        }
        out.append('\n');
    }

    private static List<Long> originalRecordSizes(IozoneJob job) {
        if (job.recordSizes().size() > 1) return job.recordSizes();
        long min = !job.recordSizes().isEmpty() ? job.recordSizes().get(0)
                : job.minRecordSize() > 0 ? job.minRecordSize() : IozoneJob.RECLEN_START;
        long max = !job.recordSizes().isEmpty() ? job.recordSizes().get(0)
                : job.maxRecordSize() > 0 ? job.maxRecordSize() : IozoneJob.RECLEN_END;
        List<Long> out = new ArrayList<>();
        for (long r = min; r <= max; r *= 2) out.add(r);
        return out;
    }
}
