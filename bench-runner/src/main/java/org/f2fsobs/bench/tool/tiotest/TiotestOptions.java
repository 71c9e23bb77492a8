package org.f2fsobs.bench.tool.tiotest;

import static org.f2fsobs.bench.tool.OptionTable.Status.MODELLED;
import static org.f2fsobs.bench.tool.OptionTable.Status.REFUSED;

import java.util.ArrayList;
import java.util.List;
import org.f2fsobs.bench.tool.OptionTable;

/**
 * tiotest's options (tiotest.c getopt "f:b:d:t:r:D:k:o:hLRTWSOcMF") as {@link TiotestParser} treats them. -F exists only
 * in the tiotest.c of tiobench since 2014-12 (commit 28bdf61, "Add code to optionally flush OS caches before running
 * tests"); 0.3.x and 0.4.1 (2008) do not have it. Newer copies (2017) also have -X (O_DIRECT), which this parser, like
 * the versions without it, rejects as an invalid option.
 */
public final class TiotestOptions implements OptionTable {
    static final Object[][] OPTIONS = {
        {'t', MODELLED, "threads, each on its own file"},
        {'f', MODELLED, "file size per thread, MB"},
        {'b', MODELLED, "block size, bytes"},
        {'d', MODELLED, "directory (several: threads spread over them)"},
        {'k', MODELLED, "skip a test: 0 write, 1 random write, 2 read, 3 random read"},
        {'r', MODELLED, "random I/O operations per thread (repeats allowed; the file size is reported, as tiotest.c counts it)"},
        {'L', MODELLED, "no latency output"},
        {'T', MODELLED, "terse output"},
        {'S', MODELLED, "O_SYNC writes"},
        {'W', MODELLED, "sequential-write threads one after another"},
        {'c', MODELLED, "consistency check: the buffer tiotest fills (its crc32 CPU is not charged)"},
        {'F', MODELLED, "each thread writes 3 to /proc/sys/vm/drop_caches before its timer starts (clean pages dropped)"},
        {'R', REFUSED, "raw devices are not modelled"},
        {'M', REFUSED, "mmap I/O is not modelled"},
        {'o', REFUSED, "offsets into the files are not modelled"},
        {'O', REFUSED, "offset-in-MB output is not modelled"},
        {'D', REFUSED, "debug output is not modelled"},
        {'h', REFUSED, "help"},
    };

    /** Why {@code letter} is refused, or null. */
    static String refusal(char letter) {
        for (Object[] o : OPTIONS) if ((char) o[0] == letter && o[1] == REFUSED) return (String) o[2];
        return null;
    }

    @Override
    public String id() {
        return "tiotest";
    }

    @Override
    public String title() {
        return "tiotest (tiobench's tiotest.c)";
    }

    @Override
    public List<Row> rows() {
        List<Row> out = new ArrayList<>();
        for (Object[] o : OPTIONS) out.add(new Row("-" + o[0], (Status) o[1], (String) o[2]));
        return out;
    }
}
