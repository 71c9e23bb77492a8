package org.f2fsobs.bench.tool.iozone;

import static org.f2fsobs.bench.tool.OptionTable.Status.MODELLED;
import static org.f2fsobs.bench.tool.OptionTable.Status.REFUSED;

import java.util.ArrayList;
import java.util.List;
import org.f2fsobs.bench.tool.OptionTable;

/** iozone 3.420's options (main()'s getopt string) as {@link IozoneParser} treats them: its SUPPORTED letters come from here. */
public final class IozoneOptions implements OptionTable {
    /** Letter, status, meaning; the letters of MODELLED rows are what the parser accepts. */
    static final Object[][] OPTIONS = {
        {'a', MODELLED, "auto mode: the file sizes and record lengths of auto_test(), its table and header"},
        {'s', MODELLED, "file size (KB, or k/m/g)"},
        {'r', MODELLED, "record length (KB, or k/m/g; at most 16 MiB)"},
        {'n', MODELLED, "auto mode's minimum file size"},
        {'g', MODELLED, "auto mode's maximum file size"},
        {'y', MODELLED, "auto mode's minimum record length"},
        {'q', MODELLED, "auto mode's maximum record length"},
        {'i', MODELLED, "tests 0 (write/rewrite), 1 (read/reread), 2 (random read/write); other tests are refused, "
                + "-i 1 and -i 2 need -i 0"},
        {'o', MODELLED, "O_SYNC writes"},
        {'e', MODELLED, "fsync inside the timing (reads too, as iozone does)"},
        {'c', MODELLED, "close() inside the timing; without it the file is fsync'd and closed after the timing"},
        {'I', MODELLED, "O_DIRECT"},
        {'O', MODELLED, "results in operations per second (the table, and -t's figures in ops/sec and ops)"},
        {'f', MODELLED, "the file (default iozone.tmp)"},
        {'R', MODELLED, "the Excel report (dump_excel; with -t, dump_throughput)"},
        {'z', MODELLED, "auto mode without the crossover to 64 KiB records above 16 MiB files"},
        {'t', MODELLED, "throughput mode with N processes: initial writers, rewriters, readers, re-readers, random "
                + "readers and writers, each process on its own file, stonewalled by the first to finish; its own report "
                + "(one -t value; a range is refused)"},
        {'F', MODELLED, "the N files of throughput mode (after -t N), default iozone.DUMMY.i"},
        {'T', REFUSED, "POSIX threads instead of processes: the model runs both as the same simulated tasks"},
        {'x', REFUSED, "stonewalling off is not modelled"},
        {'C', REFUSED, "per-child transfer counts are not modelled"},
        {'w', REFUSED, "keeping the temporary files is not modelled"},
        {'p', REFUSED, "purging the processor cache is not modelled"},
        {'j', REFUSED, "stride reads (test 5) are not modelled"},
        {'l', REFUSED, "a range of process counts is not modelled"},
        {'u', REFUSED, "a range of process counts is not modelled"},
        {'d', REFUSED, "a start delay between processes is not modelled"},
        {'S', REFUSED, "the processor cache size is fixed (the banner's)"},
        {'L', REFUSED, "the processor cache line size is fixed (the banner's)"},
        {'U', REFUSED, "unmount and remount between tests is not modelled"},
        {'k', REFUSED, "POSIX async I/O is not modelled"},
        {'H', REFUSED, "POSIX async I/O is not modelled"},
        {'K', REFUSED, "the noise generator is not modelled"},
        {'m', REFUSED, "multiple buffers are not modelled"},
        {'B', REFUSED, "mmap files are not modelled"},
        {'D', REFUSED, "msync(MS_ASYNC) of mmap files is not modelled"},
        {'G', REFUSED, "msync(MS_SYNC) of mmap files is not modelled"},
        {'M', REFUSED, "the uname line is not modelled"},
        {'N', REFUSED, "microseconds per operation are not modelled"},
        {'Q', REFUSED, "offset/latency files are not modelled"},
        {'V', REFUSED, "verification is not modelled"},
        {'W', REFUSED, "file locking is not modelled"},
        {'E', REFUSED, "extension tests are not modelled"},
        {'v', REFUSED, "the version banner alone is not modelled"},
        {'h', REFUSED, "help"},
        {'A', REFUSED, "the old auto mode is not modelled"},
        {'Z', REFUSED, "mixing mmap and file I/O is not modelled"},
        {'J', REFUSED, "compute delay is not modelled"},
        {'X', REFUSED, "write telemetry files are not modelled"},
        {'Y', REFUSED, "read telemetry files are not modelled"},
        {'P', REFUSED, "processor binding is not modelled"},
        {'b', REFUSED, "the binary Excel file is not modelled"},
        {'+', REFUSED, "the -+ extended options are not modelled"},
    };

    /** The letters the parser accepts. */
    static String supported() {
        StringBuilder b = new StringBuilder();
        for (Object[] o : OPTIONS) if (o[1] == MODELLED) b.append((char) o[0]);
        return b.toString();
    }

    /** Why {@code letter} is refused, or null. */
    static String refusal(char letter) {
        for (Object[] o : OPTIONS) if ((char) o[0] == letter && o[1] == REFUSED) return (String) o[2];
        return null;
    }

    @Override
    public String id() {
        return "iozone";
    }

    @Override
    public String title() {
        return "iozone 3.420";
    }

    @Override
    public List<Row> rows() {
        List<Row> out = new ArrayList<>();
        for (Object[] o : OPTIONS) out.add(new Row("-" + o[0], (Status) o[1], (String) o[2]));
        return out;
    }
}
