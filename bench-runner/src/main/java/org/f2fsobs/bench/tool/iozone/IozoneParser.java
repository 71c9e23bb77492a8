package org.f2fsobs.bench.tool.iozone;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SortedSet;
import java.util.TreeSet;
import org.f2fsobs.bench.tool.Getopt;
import org.f2fsobs.bench.tool.ToolUsageException;

/**
 * Parses iozone's command line with iozone.c's getopt string, then keeps the options the simulation models. Sizes
 * follow iozone.c: {@code -s}, {@code -n}, {@code -g} in KB unless suffixed k, m or g; {@code -r}, {@code -y},
 * {@code -q} in KB unless suffixed k, m or g (bytes internally). Where iozone silently substitutes a default for a
 * zero or garbled value, this parser reports an error instead.
 */
public final class IozoneParser {

    /** iozone.c 3.420 main(): every option iozone knows. */
    private static final String IOZONE_OPTSTRING =
            "ZQNIBDGCTOMREWovAxamwphcezKJ:j:k:V:r:t:s:f:F:d:l:u:U:S:L:H:+:P:i:b:X:Y:g:n:y:q:";
    private static final String SUPPORTED = IozoneOptions.supported();
    private static final String ALLOWED = "the simulation supports -a, -s SIZE, -r SIZE, -i 0|1|2, -o, -e, -c, -I, "
            + "-O, -f FILE, -y SIZE, -q SIZE, -n SIZE, -g SIZE, -R, -z, -t N, -F FILE…";
    /** MAXSTREAMS of iozone.c. */
    private static final int MAXSTREAMS = 256;
    private static final long MAXBUFFERSIZE = 16L << 20;
    private static final long MINBUFFERSIZE = 128;

    private IozoneParser() {}

    /** Parses {@code argv}, whose first element is the program ({@code iozone}, {@code ./iozone}, ...). */
    public static IozoneJob parse(List<String> argv) {
        boolean hasProgram = !argv.isEmpty() && !argv.get(0).startsWith("-");
        List<String> args = hasProgram ? argv.subList(1, argv.size()) : argv;
        List<String> shown = hasProgram ? argv : prepend("iozone", argv);
        List<String> fNames = new ArrayList<>();
        List<Getopt.Opt> opts = Getopt.parse("iozone", takeFileNames(args, fNames), IOZONE_OPTSTRING, ALLOWED);
        boolean auto = false, oSync = false, flush = false, direct = false, excel = false, noCross = false;
        boolean ops = false, close = false;
        int children = 0;
        List<Long> files = new ArrayList<>(), recs = new ArrayList<>();
        SortedSet<Integer> tests = new TreeSet<>();
        String file = null;
        long minRec = 0, maxRec = 0, minFile = 0, maxFile = 0;
        for (Getopt.Opt o : opts) {
            if (SUPPORTED.indexOf(o.name()) < 0) {
                String why = IozoneOptions.refusal(o.name());
                throw new ToolUsageException("iozone", "-" + o.name(), "iozone: option -" + o.name()
                        + " is not supported by the simulation" + (why == null ? "" : " (" + why + ")") + "; " + ALLOWED);
            }
            switch (o.name()) {
                case 'a' -> auto = true;
                case 'o' -> oSync = true;
                case 'e' -> flush = true;
                case 'I' -> direct = true;
                case 'R' -> excel = true;
                case 'z' -> noCross = true;
                case 'f' -> file = o.arg();
                case 's' -> files.add(kilobytes('s', o.arg()));
                case 'n' -> minFile = kilobytes('n', o.arg());
                case 'g' -> maxFile = kilobytes('g', o.arg());
                case 'r' -> recs.add(recordBytes('r', o.arg()));
                case 'y' -> minRec = recordBytes('y', o.arg());
                case 'q' -> maxRec = recordBytes('q', o.arg());
                case 'i' -> tests.add(test(o.arg()));
                case 'O' -> ops = true;
                case 'c' -> close = true;
                case 't' -> {
                    if (children > 0) {
                        throw new ToolUsageException("iozone", "-t " + o.arg(), "iozone: several -t values (a range of process "
                                + "counts) are not modelled: give one -t N");
                    }
                    children = children(o.arg());
                }
                case 'F' -> { }                                   // the names were taken by takeFileNames
                default -> throw new IllegalStateException("unhandled option -" + o.name());
            }
        }
        check(tests, files, recs, minRec, maxRec, minFile, maxFile);
        checkThroughput(children, auto || minRec > 0 || maxRec > 0 || minFile > 0 || maxFile > 0, file != null, fNames);
        IozoneJob job = new IozoneJob(shown, opts, auto, files, recs, tests, oSync, flush, direct, file, minRec,
                maxRec, minFile, maxFile, excel, noCross, ops, close, children, fNames);
        if (job.plan().isEmpty()) {
            throw new ToolUsageException("iozone", "-s", "iozone: no record size fits the file size; give a larger "
                    + "-s or a smaller -r/-y");
        }
        return job;
    }

    private static void check(SortedSet<Integer> tests, List<Long> files, List<Long> recs, long minRec, long maxRec,
                              long minFile, long maxFile) {
        if (tests.isEmpty()) {
            throw new ToolUsageException("iozone", "-i", "iozone: without -i iozone runs all its tests; the "
                    + "simulation runs -i 0 (write/rewrite), -i 1 (read/reread) and -i 2 (random read/write): name them");
        }
        if (!tests.contains(0)) {
            throw new ToolUsageException("iozone", "-i " + tests.first(), "iozone: -i " + tests.first()
                    + " needs -i 0: the read tests use the file the write test creates");
        }
        if (minRec > 0 && maxRec > 0 && minRec > maxRec) {
            throw new ToolUsageException("iozone", "-y", "iozone: -y " + minRec / 1024 + "k is above -q " + maxRec / 1024
                    + "k: Error: minimum record size " + minRec / 1024 + " kB is greater than maximum record size "
                    + maxRec / 1024 + " kB");
        }
        if (minFile > 0 && maxFile > 0 && minFile > maxFile) {
            throw new ToolUsageException("iozone", "-n", "iozone: -n " + minFile + " (minimum file size, KB) is "
                    + "greater than -g " + maxFile);
        }
        if (files.size() == 1 && recs.size() == 1 && recs.get(0) > files.get(0) * 1024) {
            throw new ToolUsageException("iozone", "-r", "iozone: -r " + recs.get(0) / 1024 + "k does not fit in -s "
                    + files.get(0) + ": Error: record length " + recs.get(0) + " is greater than filesize "
                    + files.get(0) + " KB");
        }
    }

    /**
     * iozone.c's -F: "optind--" and then maxt names from argv (the -t value seen before it). The names are taken out so
     * getopt sees "-F NAME0"; without a -t first: "invalid options: must specify -t N before -F".
     */
    private static List<String> takeFileNames(List<String> args, List<String> names) {
        List<String> out = new ArrayList<>();
        int t = 0;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            out.add(a);
            if (a.equals("-t") && i + 1 < args.size()) {
                out.add(args.get(++i));
                t = Math.max(t, children(args.get(i)));
            } else if (a.startsWith("-t") && a.length() > 2 && !a.startsWith("--")) {
                t = Math.max(t, children(a.substring(2)));
            } else if (a.equals("-F")) {
                if (t == 0) throw new ToolUsageException("iozone", "-F", "iozone: invalid options: must specify -t N before -F");
                if (i + t >= args.size()) {
                    throw new ToolUsageException("iozone", "-F", "iozone: invalid options: not enough filenames for " + t + " streams");
                }
                for (int k = 1; k <= t; k++) names.add(args.get(i + k));
                out.add(names.get(0));
                i += t;
            }
        }
        return out;
    }

    /** -t N: atoi; 0 or less means 8, more than MAXSTREAMS is refused as iozone refuses it. */
    private static int children(String v) {
        if (!v.matches("-?\\d{1,9}")) throw bad('t', v, "expected a number of processes");
        long n = Long.parseLong(v);
        if (n > MAXSTREAMS) throw bad('t', v, "invalid options: maximum streams for throughput is MAXSTREAMS (" + MAXSTREAMS + ")");
        return n <= 0 ? 8 : (int) n;
    }

    /** main()'s checks of throughput mode. */
    private static void checkThroughput(int children, boolean autoFlags, boolean fflag, List<String> fNames) {
        if (children == 0) {
            if (!fNames.isEmpty()) throw new ToolUsageException("iozone", "-F", "iozone: invalid options: must specify -t N before -F");
            return;
        }
        if (autoFlags) {
            throw new ToolUsageException("iozone", "-t", "iozone: -t with auto-mode flags: Can not mix throughput mode and auto-mode flags (-a, -y, -q, -n, -g).");
        }
        if (fflag) throw new ToolUsageException("iozone", "-f", "iozone: You must use -F when using multiple threads or processes.");
    }

    /** -s/-n/-g: KB, or k, m, g suffixed. */
    private static long kilobytes(char opt, String v) {
        long n = number(opt, v);
        long kb = switch (suffix(v)) {
            case 'm' -> n * 1024;
            case 'g' -> n * 1024 * 1024;
            default -> n;
        };
        if (kb <= 0) throw bad(opt, v, "the size must be positive");
        return kb;
    }

    /** -r/-y/-q: KB, or k, m, g suffixed; returned in bytes. */
    private static long recordBytes(char opt, String v) {
        long n = number(opt, v);
        long bytes = switch (suffix(v)) {
            case 'm' -> n << 20;
            case 'g' -> n << 30;
            default -> n << 10;
        };
        if (bytes <= 0) throw bad(opt, v, "the record size must be positive");
        if (bytes > MAXBUFFERSIZE) {
            throw bad(opt, v, "Error: maximum record size " + bytes / 1024 + " kB is greater than maximum buffer size "
                    + MAXBUFFERSIZE / 1024 + " kB");
        }
        if (bytes < MINBUFFERSIZE) throw bad(opt, v, "Error: Minimum record length is " + MINBUFFERSIZE + " bytes");
        return bytes;
    }

    private static long number(char opt, String v) {
        if (!v.matches("\\d{1,12}[kKmMgG]?")) {
            throw bad(opt, v, "expected a number of KB, optionally suffixed k, m or g (e.g. 100m, 102400, 4k)");
        }
        return Long.parseLong(v.replaceAll("[kKmMgG]$", ""));
    }

    private static char suffix(String v) {
        char c = Character.toLowerCase(v.charAt(v.length() - 1));
        return Character.isDigit(c) ? 'k' : c;
    }

    private static int test(String v) {
        if (!v.matches("\\d{1,3}")) throw bad('i', v, "expected a test number");
        int t = Integer.parseInt(v);
        if (t <= 2) return t;
        if (t <= 12) {
            throw bad('i', v, "test " + t + " is not simulated; supported: 0 (write/rewrite), 1 (read/reread), "
                    + "2 (random read/write)");
        }
        throw bad('i', v, "Selected test not available on the version; supported: 0, 1, 2");
    }

    private static ToolUsageException bad(char opt, String v, String why) {
        return new ToolUsageException("iozone", "-" + opt + " " + v, "iozone: -" + opt + " " + v + ": "
                + why.toLowerCase(Locale.ROOT).charAt(0) + why.substring(1));
    }

    private static List<String> prepend(String first, List<String> rest) {
        List<String> l = new ArrayList<>();
        l.add(first);
        l.addAll(rest);
        return l;
    }
}
