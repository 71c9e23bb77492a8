package org.f2fsobs.bench.tool.tiotest;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.f2fsobs.bench.tool.Getopt;
import org.f2fsobs.bench.tool.ToolUsageException;

/**
 * Parses tiotest's options with tiotest.c's getopt string "f:b:d:t:r:D:k:o:hLRTWSOcMF" and its checks
 * (checkIntZero(): "Wrong number of threads", ...). Numbers must be whole decimal numbers (tiotest's atoi() would
 * read "32x" as 32). Raw devices, mmap, offsets, debug output and help are not simulated.
 */
public final class TiotestParser {

    private static final String OPTSTRING = "f:b:d:t:r:D:k:o:hLRTWSOcMF";
    private static final String ALLOWED = "the simulation supports -t N, -f MB, -b BYTES, -d DIR, -k TEST, -r N, -L, "
            + "-T, -S, -W, -c, -F";
    private static final int MAX_PATHS = 50;

    private TiotestParser() {}

    /** Parses {@code argv}; the first element is the program ({@code tiotest}, {@code ./tiotest}, a path ending in tiotest). */
    public static TiotestJob parse(List<String> argv) {
        boolean hasProgram = !argv.isEmpty() && (argv.get(0).equals("tiotest") || argv.get(0).endsWith("/tiotest"));
        if (!argv.isEmpty() && !hasProgram && !argv.get(0).startsWith("-")) {
            throw new ToolUsageException("tiotest", argv.get(0), "tiotest: '" + argv.get(0)
                    + "' is not tiotest; the command must start with tiotest or a path ending in /tiotest");
        }
        List<String> args = hasProgram ? argv.subList(1, argv.size()) : argv;
        int threads = 4, fileMb = 10, randomOps = 1000;
        long block = 4096;
        List<String> dirs = new ArrayList<>(List.of("."));
        boolean dirGiven = false;
        Set<Integer> skipped = new TreeSet<>();
        boolean showLatency = true, terse = false, sync = false, seqWrite = false, check = false, flush = false;
        for (Getopt.Opt o : Getopt.parse("tiotest", args, OPTSTRING, ALLOWED)) {
            switch (o.name()) {
                case 'f' -> fileMb = positive(o, "Wrong file size");
                case 'b' -> block = positive(o, "Wrong block size");
                case 't' -> threads = positive(o, "Wrong number of threads");
                case 'r' -> randomOps = positive(o, "Wrong number of random I/O operations");
                case 'd' -> {
                    if (!dirGiven) dirs.clear();
                    dirGiven = true;
                    if (dirs.size() < MAX_PATHS) dirs.add(o.arg());
                }
                case 'k' -> {
                    int t = number(o);
                    if (t < 0 || t > 3) {
                        throw new ToolUsageException("tiotest", "-k " + o.arg(), "tiotest: -k " + o.arg() + ": Wrong test number " + o.arg()
                                + "; tests are 0 (write), 1 (random write), 2 (read), 3 (random read)");
                    }
                    skipped.add(t);
                }
                case 'L' -> showLatency = false;
                case 'T' -> terse = true;
                case 'S' -> sync = true;
                case 'W' -> seqWrite = true;
                case 'c' -> check = true;
                case 'F' -> flush = true;
                default -> throw new ToolUsageException("tiotest", "-" + o.name(), "tiotest: option -" + o.name()
                        + " is not supported by the simulation (" + TiotestOptions.refusal(o.name()) + "); " + ALLOWED);
            }
        }
        if ((long) fileMb * TiotestJob.MBYTE < block) {
            throw new ToolUsageException("tiotest", "-b " + block, "tiotest: -b " + block + " is larger than the "
                    + "file of -f " + fileMb + " MB per thread");
        }
        return new TiotestJob(hasProgram ? argv : prepend(argv), threads, fileMb, block, dirs, skipped, randomOps,
                showLatency, terse, sync, seqWrite, check, flush);
    }

    private static int positive(Getopt.Opt o, String message) {
        int n = number(o);
        if (n <= 0) {
            throw new ToolUsageException("tiotest", "-" + o.name() + " " + o.arg(), "tiotest: " + message + " (-"
                    + o.name() + " " + o.arg() + "): must be a positive number");
        }
        return n;
    }

    private static int number(Getopt.Opt o) {
        if (!o.arg().matches("-?\\d{1,9}")) {
            throw new ToolUsageException("tiotest", "-" + o.name() + " " + o.arg(), "tiotest: -" + o.name() + " "
                    + o.arg() + ": expected a whole number");
        }
        return Integer.parseInt(o.arg());
    }

    private static List<String> prepend(List<String> argv) {
        List<String> l = new ArrayList<>();
        l.add("tiotest");
        l.addAll(argv);
        return l;
    }
}
