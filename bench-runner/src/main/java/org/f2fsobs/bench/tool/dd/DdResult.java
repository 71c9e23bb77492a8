package org.f2fsobs.bench.tool.dd;

/**
 * What one dd run measured: dd.c's r_full/r_partial and w_full/w_partial record counts, the bytes written
 * (w_bytes) and the elapsed time from just before the first read to just after the final fsync/close; with
 * status=progress, the once-a-second reports dd printed on the way.
 */
public record DdResult(long recordsInFull, long recordsInPartial, long recordsOutFull, long recordsOutPartial,
                       long bytes, long elapsedNs, java.util.List<Progress> progress) {

    /** A status=progress report: the bytes written when it was printed, {@code elapsedNs} after the start. */
    public record Progress(long elapsedNs, long bytes) {}

    public DdResult {
        progress = java.util.List.copyOf(progress);
    }

    public DdResult(long recordsInFull, long recordsInPartial, long recordsOutFull, long recordsOutPartial, long bytes,
                    long elapsedNs) {
        this(recordsInFull, recordsInPartial, recordsOutFull, recordsOutPartial, bytes, elapsedNs, java.util.List.of());
    }

    /**
     * The record counts of a copy of {@code bytes} where every read returns a full block except possibly the last
     * (regular files, /dev/zero): with {@code bs=} each block read is written as is; otherwise output is regrouped
     * into {@code obs}-sized blocks.
     */
    public static DdResult of(DdJob job, long bytes, long elapsedNs) {
        long inFull = bytes / job.ibs();
        long inPart = bytes % job.ibs() != 0 ? 1 : 0;
        if (job.bs()) return new DdResult(inFull, inPart, inFull, inPart, bytes, elapsedNs);
        return new DdResult(inFull, inPart, bytes / job.obs(), bytes % job.obs() != 0 ? 1 : 0, bytes, elapsedNs);
    }
}
