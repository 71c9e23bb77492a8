package org.f2fsobs.bench.tool.iozone;

import java.util.List;

/**
 * What an iozone run measured: one row per (file size, record length) in plan order, rates in KB/s (KiB/s) as iozone
 * prints them. Mirrors the columns iozone stores with store_value().
 */
public record IozoneResult(List<Row> rows) {

    public IozoneResult {
        rows = List.copyOf(rows);
    }

    /**
     * One table row; a test that was not run is null.
     *
     * @param fileKb      file size in KB ("KB" column)
     * @param reclenKb    record length in KB ("reclen")
     * @param write       first pass into a new file ("write")
     * @param rewrite     second pass over the same file ("rewrite")
     * @param read        ("read")
     * @param reread      ("reread")
     * @param randomRead  ("random read")
     * @param randomWrite ("random write")
     */
    public record Row(long fileKb, long reclenKb, Long write, Long rewrite, Long read, Long reread, Long randomRead,
                      Long randomWrite) {}
}
