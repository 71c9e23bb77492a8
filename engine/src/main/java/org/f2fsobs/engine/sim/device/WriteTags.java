package org.f2fsobs.engine.sim.device;

import java.util.ArrayList;
import java.util.List;

/**
 * Write identities: which write(2) put a block's content there, kept apart from the content reference (which is
 * shared between equal blocks). A tag travels with the page through the page cache, the bios, the device's volatile
 * cache, FUA/flush, a power cut and recovery, and is read back with the block; the crash check decides durability on
 * it, so that an older generation of a range holding equal bytes is not mistaken for the promised one.
 *
 * <p>A page tag packs the volume's write sequence number (1, 2, … per write(2) call, from {@link #nextWriteSeq()})
 * and the low {@value #PAGE_BITS} bits of the file page index; the file is the one that write went to (the caller's
 * journal knows it). {@link #NONE} (0): no write made this content (a hole, zeros, metadata). A compressed cluster's
 * blocks carry a cluster tag (negative): the tags of the cluster's pages, in order, as {@link #member} gives them.
 * Stored with the device so that tags written before a power cut still resolve after it. Costs nothing in virtual
 * time: it is bookkeeping of the simulator, not of the kernel.
 */
public final class WriteTags {
    public static final long NONE = 0;
    public static final int PAGE_BITS = 24;
    private static final long PAGE_MASK = (1L << PAGE_BITS) - 1;

    private final List<long[]> clusters = new ArrayList<>();
    private long lastWriteSeq;

    /** The tag of page {@code pageIndex} as write {@code writeSeq} leaves it. */
    public static long page(long writeSeq, long pageIndex) {
        return writeSeq << PAGE_BITS | (pageIndex & PAGE_MASK);
    }

    /** The write sequence number of a page tag (0 for {@link #NONE}). */
    public static long writeSeq(long tag) {
        return tag <= 0 ? 0 : tag >>> PAGE_BITS;
    }

    /** The next write(2) call's sequence number. */
    public synchronized long nextWriteSeq() {
        return ++lastWriteSeq;
    }

    /** A tag for the blocks of a compressed cluster whose pages carry {@code members} (copied). */
    public synchronized long cluster(long[] members) {
        clusters.add(members.clone());
        return -clusters.size();
    }

    /** The newest write sequence number a tag names: its own for a page tag, the newest member's for a cluster tag. */
    public synchronized long newestWriteSeq(long tag) {
        if (tag >= 0) return writeSeq(tag);
        long max = 0;
        for (long m : clusters.get((int) (-tag - 1))) max = Math.max(max, writeSeq(m));
        return max;
    }

    /** Page {@code i}'s tag under a cluster tag; a page tag (a raw block) is its own. */
    public synchronized long member(long tag, int i) {
        if (tag >= 0) return tag;
        long[] m = clusters.get((int) (-tag - 1));
        return i < m.length ? m[i] : NONE;
    }
}
