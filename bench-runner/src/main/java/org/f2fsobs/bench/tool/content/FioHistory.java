package org.f2fsobs.bench.tool.content;

import java.util.Arrays;

/**
 * The parts of fio's buffer contents that depend on earlier writes, computed once and kept: the seeds refill_buffers
 * draws write after write, and, per I/O buffer and cache line, which writes small_content_scramble() stored their
 * offset in (the line is {@code (tv_nsec ^ offset) & 7}). Extended lazily in write order; memory is one long per
 * write. Thread-safe.
 */
final class FioHistory {

    private final FioWriteContent.IoSequence seq;
    private final int buffers;
    private final boolean sync;
    private final FioRandom refillRandom;
    private long[] refillSeeds = new long[0];
    private int refillCount;
    private long scanned;
    private final long[][][] lines;
    private final int[][] lineCounts;

    FioHistory(FioWriteContent.IoSequence seq, int buffers, boolean sync, FioRandom afterInitialFill) {
        this.seq = seq;
        this.buffers = buffers;
        this.sync = sync;
        this.refillRandom = afterInitialFill;
        int used = sync ? 1 : buffers;
        lines = new long[used][8][];
        lineCounts = new int[used][8];
        for (int b = 0; b < used; b++) for (int k = 0; k < 8; k++) lines[b][k] = new long[0];
    }

    /** The seed refill_buffers uses for write {@code n}: the generator's draws after the initial buffer fills. */
    synchronized long refillSeed(long n) {
        if (n >= Integer.MAX_VALUE) throw new IllegalArgumentException("too many writes: " + n);
        while (refillCount <= n) {
            if (refillCount == refillSeeds.length) refillSeeds = Arrays.copyOf(refillSeeds, Math.max(16, refillCount * 2));
            refillSeeds[refillCount++] = refillRandom.nextSeed();
        }
        return refillSeeds[(int) n];
    }

    /** The latest write {@code m <= n} through buffer {@code b} whose scramble used cache line {@code line}, or -1. */
    synchronized long lastWithLine(int b, int line, long n) {
        while (scanned <= n) {
            long m = scanned++;
            int slot = slot(FioWriteContent.bufferOf(m, buffers, sync));
            int c = (int) (((seq.startTimeNs(m) % 1_000_000_000L) ^ seq.offsetOf(m)) & 7);
            long[] l = lines[slot][c];
            int cnt = lineCounts[slot][c];
            if (cnt == l.length) lines[slot][c] = l = Arrays.copyOf(l, Math.max(8, cnt * 2));
            l[cnt] = m;
            lineCounts[slot][c] = cnt + 1;
        }
        int slot = slot(b);
        int pos = Arrays.binarySearch(lines[slot][line], 0, lineCounts[slot][line], n);
        if (pos >= 0) return n;
        int insertion = -pos - 1;
        return insertion == 0 ? -1 : lines[slot][line][insertion - 1];
    }

    private int slot(int buffer) {
        return sync ? 0 : buffer;
    }
}
