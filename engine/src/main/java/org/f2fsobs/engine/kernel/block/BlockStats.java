package org.f2fsobs.engine.kernel.block;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the device saw (blktrace/iostat style): requests by operation with exact-size histograms, flushes, FUA
 * writes, merges, device busy time; optionally a bounded per-request trace.
 */
public final class BlockStats {
    long readRequests;
    long writeRequests;
    long flushes;
    long fuaWrites;
    long merges;
    long readMerges;
    long writeMerges;
    long readTicksNs;
    long writeTicksNs;
    long bios;
    long readBytes;
    long writeBytes;
    long busyNs;
    int peakInFlight;
    final TreeMap<Long, Long> readSizes = new TreeMap<>();
    final TreeMap<Long, Long> writeSizes = new TreeMap<>();
    private final List<TraceRecord> trace = new ArrayList<>();
    private int traceLimit;

    /** One completed request (blkparse "C" line, with its issue time). */
    public record TraceRecord(long issueNs, long completeNs, ReqOp op, long blkaddr, long bytes, int flags) {}

    void request(Request rq) {
        long bytes = rq.bytes();
        switch (rq.op) {
            case READ -> { readRequests++; readBytes += bytes; readSizes.merge(bytes, 1L, Long::sum); }
            case WRITE -> { writeRequests++; writeBytes += bytes; writeSizes.merge(bytes, 1L, Long::sum); }
            case FLUSH -> { }
        }
        if ((rq.flags & Bio.REQ_PREFLUSH) != 0) flushes++;
        if ((rq.flags & Bio.REQ_FUA) != 0 && rq.op == ReqOp.WRITE) fuaWrites++;
    }

    /** A bio merged into a request (blk_account_io_merge_bio: diskstats' merges per direction). */
    void merged(ReqOp op) {
        merges++;
        if (op == ReqOp.READ) readMerges++;
        else if (op == ReqOp.WRITE) writeMerges++;
    }

    void completed(Request rq, long nowNs) {
        if (rq.op == ReqOp.READ) readTicksNs += nowNs - rq.issueNs;       // diskstats' ticks: each request's time
        else if (rq.op == ReqOp.WRITE) writeTicksNs += nowNs - rq.issueNs;
        if (trace.size() < traceLimit) trace.add(new TraceRecord(rq.issueNs, nowNs, rq.op, rq.blkaddr, rq.bytes(), rq.flags));
    }

    /** Keep up to {@code limit} trace records from now on (0 = none, the default). */
    public void traceUpTo(int limit) {
        this.traceLimit = limit;
    }

    public List<TraceRecord> trace() { return List.copyOf(trace); }
    public long readRequests() { return readRequests; }
    public long writeRequests() { return writeRequests; }
    public long flushes() { return flushes; }
    public long fuaWrites() { return fuaWrites; }
    public long merges() { return merges; }
    public long readMerges() { return readMerges; }
    public long writeMerges() { return writeMerges; }
    /** Sum over completed read requests of issue-to-completion time (diskstats field 4, in ns). */
    public long readTicksNs() { return readTicksNs; }
    public long writeTicksNs() { return writeTicksNs; }
    public long bios() { return bios; }
    public long readBytes() { return readBytes; }
    public long writeBytes() { return writeBytes; }
    public long busyNs() { return busyNs; }
    /** Most requests the device had at once. */
    public int peakInFlight() { return peakInFlight; }

    /** Request size (bytes, as a decimal string) → count, ascending. */
    public Map<String, Long> readSizeHistogram() { return asStrings(readSizes); }
    public Map<String, Long> writeSizeHistogram() { return asStrings(writeSizes); }

    private static Map<String, Long> asStrings(TreeMap<Long, Long> m) {
        Map<String, Long> out = new LinkedHashMap<>();
        m.forEach((k, v) -> out.put(Long.toString(k), v));
        return out;
    }

    /** Zero everything (between preparation and the measured command). */
    public void reset() {
        readRequests = writeRequests = flushes = fuaWrites = merges = bios = readBytes = writeBytes = busyNs = 0;
        readMerges = writeMerges = readTicksNs = writeTicksNs = 0;
        peakInFlight = 0;
        readSizes.clear();
        writeSizes.clear();
        trace.clear();
    }
}
