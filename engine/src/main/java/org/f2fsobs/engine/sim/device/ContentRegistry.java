package org.f2fsobs.engine.sim.device;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;

/**
 * Content references: a block's data is a 64-bit reference (source id in the top 20 bits, index in the low 44)
 * that regenerates its exact bytes. Stored with the device so that references written before a power cut still
 * resolve after it. Reference 0 means "never written".
 *
 * <p>Literal blocks (compressed clusters, anything not produced by a generator) are kept as bytes, deduplicated by
 * content so that a file of identical clusters costs one copy.
 */
public final class ContentRegistry {
    public static final long NONE = 0;
    private static final int INDEX_BITS = 44;
    private static final long INDEX_MASK = (1L << INDEX_BITS) - 1;

    private final List<ContentSource> sources = new ArrayList<>();
    private final Literals literals = new Literals();
    /** Source id of all-zero blocks; {@link #zeroRef()} is the one zero reference. */
    private final int zeros;
    private final int literalId;

    public ContentRegistry() {
        sources.add(null);                 // id 0 reserved: NONE
        zeros = register(new ContentSource() {
            @Override public void fill(long index, byte[] dst, int off) { Arrays.fill(dst, off, off + BLOCK, (byte) 0); }
            @Override public String describe() { return "zeros"; }
        });
        literalId = register(literals);
    }

    public synchronized int register(ContentSource source) {
        sources.add(source);
        if (sources.size() >= (1 << 20)) throw new IllegalStateException("too many content sources");
        return sources.size() - 1;
    }

    public static long ref(int sourceId, long index) {
        if (index < 0 || index > INDEX_MASK) throw new IllegalArgumentException("content index out of range: " + index);
        return ((long) sourceId << INDEX_BITS) | index;
    }

    public static int sourceId(long ref) {
        return (int) (ref >>> INDEX_BITS);
    }

    public static long index(long ref) {
        return ref & INDEX_MASK;
    }

    public long zeroRef() {
        return ref(zeros, 0);
    }

    /** Stores bytes (exactly one block, shorter input is zero-padded) and returns their reference. */
    public long literal(byte[] data, int off, int len) {
        return ref(literalId, literals.intern(data, off, len));
    }

    public void fill(long ref, byte[] dst, int off) {
        if (ref == NONE) throw new IllegalArgumentException("block was never written");
        sources.get(sourceId(ref)).fill(index(ref), dst, off);
    }

    public byte[] bytes(long ref) {
        byte[] b = new byte[ContentSource.BLOCK];
        fill(ref, b, 0);
        return b;
    }

    public String describe(long ref) {
        if (ref == NONE) return "never written";
        return sources.get(sourceId(ref)).describe() + "#" + index(ref);
    }

    /** Number of distinct literal blocks held (memory check). */
    public int literalBlocks() {
        return literals.size();
    }

    private static final class Literals implements ContentSource {
        private final List<byte[]> blocks = new ArrayList<>();
        private final TreeMap<Key, Integer> index = new TreeMap<>();

        synchronized long intern(byte[] data, int off, int len) {
            if (len > BLOCK) throw new IllegalArgumentException("a block holds at most 4096 bytes: " + len);
            byte[] b = new byte[BLOCK];
            System.arraycopy(data, off, b, 0, len);
            Key k = new Key(b);
            Integer i = index.get(k);
            if (i != null) return i;
            blocks.add(b);
            index.put(k, blocks.size() - 1);
            return blocks.size() - 1;
        }

        synchronized int size() {
            return blocks.size();
        }

        @Override
        public synchronized void fill(long i, byte[] dst, int off) {
            System.arraycopy(blocks.get((int) i), 0, dst, off, BLOCK);
        }

        @Override
        public String describe() {
            return "literal";
        }

        private record Key(byte[] b) implements Comparable<Key> {
            @Override public int compareTo(Key o) { return Arrays.compareUnsigned(b, o.b); }
            @Override public boolean equals(Object o) { return o instanceof Key k && Arrays.equals(b, k.b); }
            @Override public int hashCode() { return Arrays.hashCode(b); }
        }
    }
}
