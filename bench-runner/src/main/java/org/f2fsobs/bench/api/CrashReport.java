package org.f2fsobs.bench.api;

import java.util.List;
import java.util.Map;

/**
 * The result of a crash-consistency check (contracts.md §3 and §6): the verdict, how many power-cut points exist and
 * were checked, the failures found (first one first), the line that reproduces the first failure; then how many
 * checked points cut at each kind of moment and how many the verdict requires, the smallest failing point, and what
 * recovery did after the cuts.
 *
 * @param verdict              "safe", "data_lost", "inconsistent" or "insufficient_coverage" (no failure, but a kind
 *                             of point the workload has was cut fewer times than {@code coverageRequired} says)
 * @param coverage             checked points per kind (data_write, node_write, checkpoint, flush, fsync_return,
 *                             between, end); a point counts for every kind it has
 * @param coverageRequired     per kind: min(3, points of that kind the run has)
 * @param coverageMissing      the kinds cut fewer times than required (empty when covered)
 * @param smallestFailingPoint the lowest-numbered failing point: with every point checked, exactly; with a selection, the
 *                             failing point whose predecessor is safe found by bisecting the unchecked points between
 *                             the last safe point checked and the first failure (those checks count in {@code checked});
 *                             null when nothing failed
 */
public record CrashReport(String verdict, int crashPoints, int checked, List<Failure> failures, String reproduce,
                          Map<String, Integer> coverage, Map<String, Integer> coverageRequired, List<String> coverageMissing,
                          Integer smallestFailingPoint, Recovery recovery) {

    /** One failing crash point: its kind, what was wrong after remount and recovery, and the first lost range. */
    public record Failure(int point, String kind, String what, Lost lost) {}

    /**
     * A lost range (null for an inconsistent file system).
     *
     * @param promise            fsync, fdatasync, sync or O_SYNC
     * @param foundGeneration    write sequence number (the volume's count of write calls) whose data the range holds
     *                           after recovery; 0 = no write's data (a hole, zeros, a compressed block read as a raw
     *                           page, or the range is missing)
     * @param promisedGeneration the write the promise covered (0: the range had to read as a hole); a later write of
     *                           the range would also have been accepted
     * @param byIdentity         true when the write identity shows the loss, false when only the bytes differ
     */
    public record Lost(String file, long offset, long length, String promise, long foundGeneration, long promisedGeneration,
                       boolean byIdentity) {}

    /**
     * Recovery after the checked cuts that mounted: virtual mount time (superblock, checkpoint, summary, SIT and NAT
     * reads, roll-forward with its node-chain reads, the CP_RECOVERY checkpoint), roll-forward's work, and the mount's
     * reads through the block layer — requests, bytes, and metadata blocks read by type (super, cp, nat, sit, ssa,
     * node, por as in the counter meta_reads_by_type).
     */
    public record Recovery(int mounts, Summary mountNs, Summary nodesWalked, Summary dnodesReplayed, Summary blocksRecovered,
                           Summary readRequests, Summary readBytes, Map<String, Summary> metaReadsByType) {}

    /** Median, mean and maximum over the mounts. */
    public record Summary(long median, double mean, long max) {}
}
