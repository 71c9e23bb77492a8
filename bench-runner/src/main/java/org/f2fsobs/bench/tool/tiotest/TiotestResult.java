package org.f2fsobs.bench.tool.tiotest;

/**
 * What a tiotest run measured, per test phase (tiotest.c ThreadTest/ThreadData): bytes moved by all threads, the
 * phase's wall time (from the start barrier until the last thread finished, fsync included), user and system CPU
 * time summed over the threads, and the per-request latency summary tiotest keeps (count, sum, max, and the counts
 * above LATENCY_STAT1 = 2 s and LATENCY_STAT2 = 10 s). A phase that did not run is {@link Phase#NONE}.
 */
public record TiotestResult(Phase write, Phase randomWrite, Phase read, Phase randomRead) {

    /** The phase of test {@code test} (0 write, 1 random write, 2 read, 3 random read). */
    public Phase phase(int test) {
        return switch (test) {
            case 0 -> write;
            case 1 -> randomWrite;
            case 2 -> read;
            case 3 -> randomRead;
            default -> throw new IllegalArgumentException("tiotest has tests 0-3, not " + test);
        };
    }

    /**
     * One phase.
     *
     * @param bytes            bytes read or written by all threads
     * @param elapsedNs        wall time of the phase
     * @param usrNs            user CPU time summed over threads
     * @param sysNs            system CPU time summed over threads
     * @param latencyCount     requests timed
     * @param latencySumNs     sum of their latencies
     * @param latencyMaxNs     the longest
     * @param latencyOver2s    requests slower than 2 s
     * @param latencyOver10s   requests slower than 10 s
     */
    public record Phase(long bytes, long elapsedNs, long usrNs, long sysNs, long latencyCount, long latencySumNs,
                        long latencyMaxNs, long latencyOver2s, long latencyOver10s) {

        public static final Phase NONE = new Phase(0, 0, 0, 0, 0, 0, 0, 0, 0);

        /** A phase without latency figures (the table printed with -L does not need them). */
        public static Phase of(long bytes, long elapsedNs, long usrNs, long sysNs) {
            return new Phase(bytes, elapsedNs, usrNs, sysNs, 0, 0, 0, 0, 0);
        }

        /** This phase with its latency summary. */
        public Phase withLatency(long count, long sumNs, long maxNs, long over2s, long over10s) {
            return new Phase(bytes, elapsedNs, usrNs, sysNs, count, sumNs, maxNs, over2s, over10s);
        }
    }
}
