package org.f2fsobs.bench.tool.iozone;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.f2fsobs.bench.tool.Getopt;
import org.f2fsobs.bench.tool.ToolInvocation;

/**
 * A parsed iozone command line (iozone.c main()'s getopt loop), with iozone's own variable names: {@code -a} auto
 * mode, {@code -s} file sizes in KB, {@code -r} record sizes, {@code -i} tests, {@code -o} O_SYNC writes, {@code -e}
 * fsync in the timing, {@code -I} O_DIRECT, {@code -f} file, {@code -y}/{@code -q} record-size bounds and
 * {@code -n}/{@code -g} file-size bounds of auto mode, {@code -R} the Excel report, {@code -z} no crossover.
 * {@link #plan()} lists the (file size, record size) rows iozone runs, in order.
 *
 * @param argv        the command line as typed (printed after "Command line used:")
 * @param options     the options in the order given (iozone prints their splash lines in that order)
 * @param fileSizesKb {@code -s} values in KB (iozone's kilobytes64), empty when not given
 * @param recordSizes {@code -r} values in bytes (iozone's reclen), empty when not given
 * @param tests       {@code -i} test numbers: 0 write/rewrite, 1 read/reread, 2 random read/write
 * @param minRecordSize {@code -y} in bytes, or 0
 * @param maxRecordSize {@code -q} in bytes, or 0
 * @param minFileKb   {@code -n} in KB, or 0
 * @param maxFileKb   {@code -g} in KB, or 0
 * @param ops          {@code -O}: results in operations per second (OPS_flag)
 * @param includeClose {@code -c}: close() inside the write timing (include_close); without it, iozone fsyncs and
 *                     closes the file after the timing
 * @param children     {@code -t N}: throughput mode with N processes (num_child), or 0
 * @param files        {@code -F}: one file per process in throughput mode (filearray), empty without it
 */
public record IozoneJob(List<String> argv, List<Getopt.Opt> options, boolean auto, List<Long> fileSizesKb,
                        List<Long> recordSizes, SortedSet<Integer> tests, boolean oSync, boolean includeFlush,
                        boolean direct, String filename, long minRecordSize, long maxRecordSize, long minFileKb,
                        long maxFileKb, boolean excel, boolean noCrossover, boolean ops, boolean includeClose,
                        int children, List<String> files) implements ToolInvocation {

    /** iozone.c defaults: RECLEN_START, RECLEN_END (MAXBUFFERSIZE), KILOBYTES, KILOBYTES_START/END, CROSSOVER. */
    public static final long RECLEN_START = 4096;
    public static final long RECLEN_END = 16L << 20;
    public static final long KILOBYTES = 512;
    public static final long KILOBYTES_START = 64;
    public static final long KILOBYTES_END = 512 * 1024;
    public static final long CROSSOVER_KB = 16 * 1024;
    public static final long LARGE_REC = 65536;

    /** One row of the table: a file of {@code fileKb} KB written and read in {@code reclen}-byte records. */
    public record Run(long fileKb, long reclen) {
        public long reclenKb() {
            return reclen / 1024;
        }
    }

    public IozoneJob {
        argv = List.copyOf(argv);
        options = List.copyOf(options);
        fileSizesKb = List.copyOf(fileSizesKb);
        recordSizes = List.copyOf(recordSizes);
        tests = new TreeSet<>(tests);
        files = List.copyOf(files);
    }

    /** iozone.c throughsize: a throughput run's file size without -s (KILOBYTES, 512 KB). */
    public boolean throughput() {
        return children > 0;
    }

    /** The file of throughput process {@code i}: -F's i-th name, else "iozone.DUMMY.i" (filearray = "iozone"). */
    public String childFile(int i) {
        return files.isEmpty() ? "iozone.DUMMY." + i : files.get(i);
    }

    @Override
    public String tool() {
        return "iozone";
    }

    /** The file iozone works on ({@code -f}, default "iozone.tmp" in the current directory). */
    public String file() {
        return filename != null ? filename : "iozone.tmp";
    }

    /** Several -s or -r values switch on auto mode without crossover, as iozone.c main() does. */
    boolean effectiveAuto() {
        return auto || fileSizesKb.size() > 1 || recordSizes.size() > 1;
    }

    /** The rows iozone runs, in order (iozone.c auto_test(), or one begin() call without -a). */
    public List<Run> plan() {
        if (throughput()) {
            return List.of(new Run(fileSizesKb.isEmpty() ? KILOBYTES : fileSizesKb.get(0),
                    recordSizes.isEmpty() ? RECLEN_START : recordSizes.get(0)));
        }
        long minRec = !recordSizes.isEmpty() ? recordSizes.get(0) : minRecordSize > 0 ? minRecordSize : RECLEN_START;
        long maxRec = !recordSizes.isEmpty() ? recordSizes.get(recordSizes.size() - 1)
                : maxRecordSize > 0 ? maxRecordSize : RECLEN_END;
        if (!effectiveAuto()) {
            long kb = fileSizesKb.isEmpty() ? KILOBYTES : fileSizesKb.get(0);
            return List.of(new Run(kb, recordSizes.isEmpty() ? RECLEN_START : recordSizes.get(0)));
        }
        boolean rflag = recordSizes.size() == 1;
        boolean sflag = fileSizesKb.size() == 1;
        long minFile = fileSizesKb.isEmpty() ? KILOBYTES_START : fileSizesKb.get(0);
        long maxFile = fileSizesKb.isEmpty() ? KILOBYTES_END : fileSizesKb.get(fileSizesKb.size() - 1);
        if (maxFileKb > 0) maxFile = maxFileKb;
        if (minFileKb > 0) minFile = minFileKb;
        boolean noCross = noCrossover || fileSizesKb.size() > 1 || recordSizes.size() > 1;
        long xover = noCross ? maxFile : CROSSOVER_KB;
        List<Long> files = fileSizesKb.size() > 1 ? fileSizesKb : doubling(minFile, maxFile);
        List<Run> runs = new ArrayList<>();
        for (long kb : files) {
            List<Long> recs = recordSizes.size() > 1 ? recordSizes : doubling(minRec, maxRec);
            if (!rflag && !sflag && minRecordSize == 0 && maxRecordSize == 0 && kb > xover) {
                recs = doubling(LARGE_REC, maxRec);
            }
            for (long rec : recs) {
                if (rec > kb * 1024) break;
                runs.add(new Run(kb, rec));
            }
        }
        return runs;
    }

    /**
     * The record sizes (bytes) {@code iozone -a -s fileKb} runs: powers of two from 4 KiB to 16 MiB, none larger
     * than the file (100 MiB: 13 rows).
     */
    public static List<Long> autoRecordSizes(long fileKb) {
        List<Long> out = new ArrayList<>();
        for (long r : doubling(RECLEN_START, RECLEN_END)) if (r <= fileKb * 1024) out.add(r);
        return out;
    }

    private static List<Long> doubling(long from, long to) {
        List<Long> out = new ArrayList<>();
        for (long v = from; v <= to; v *= 2) out.add(v);
        return out;
    }
}
