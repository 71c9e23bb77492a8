package org.f2fsobs.engine.sim.device;

import java.util.Arrays;
import java.util.function.LongSupplier;

/**
 * Every completed write and flush of a {@link DeviceStore}, in completion order, as dm-log-writes records them: the
 * crash harness replays a prefix onto a copy of the disk to see it as it was at any flush or FUA boundary. Each
 * entry carries a tag taken when it was recorded (the harness passes the length of its promise journal, so that it
 * knows which fsyncs had returned before that moment).
 */
public final class DeviceLog {
    private static final byte WRITE = 0, WRITE_FUA = 1, FLUSH = 2;

    private final LongSupplier tagSource;
    private byte[] kind = new byte[1024];
    private long[] blkaddr = new long[1024];   // or the flush mark
    private long[] ref = new long[1024];
    private long[] writeTag = new long[1024];
    private MetaImage[] meta = new MetaImage[1024];
    private long[] tag = new long[1024];
    private int size;

    public DeviceLog(LongSupplier tagSource) {
        this.tagSource = tagSource;
    }

    public int size() { return size; }

    void write(long blk, long r, MetaImage m, long wtag, boolean durable) {
        add(durable ? WRITE_FUA : WRITE, blk, r, m, wtag);
    }

    void flush(long mark) {
        add(FLUSH, mark, ContentRegistry.NONE, null, WriteTags.NONE);
    }

    private void add(byte k, long a, long r, MetaImage m, long wtag) {
        if (size == kind.length) {
            int n = size * 2;
            kind = Arrays.copyOf(kind, n);
            blkaddr = Arrays.copyOf(blkaddr, n);
            ref = Arrays.copyOf(ref, n);
            writeTag = Arrays.copyOf(writeTag, n);
            meta = Arrays.copyOf(meta, n);
            tag = Arrays.copyOf(tag, n);
        }
        kind[size] = k;
        blkaddr[size] = a;
        ref[size] = r;
        writeTag[size] = wtag;
        meta[size] = m;
        tag[size] = tagSource.getAsLong();
        size++;
    }

    /** Entry i makes something durable: a flush completed or a FUA write completed. */
    public boolean isBoundary(int i) {
        return kind[i] != WRITE;
    }

    public boolean isFlush(int i) {
        return kind[i] == FLUSH;
    }

    /** The tag recorded with entry i. */
    public long tag(int i) {
        return tag[i];
    }

    /** The block address entry i wrote (−1 for a flush). */
    public long blkaddr(int i) {
        return kind[i] == FLUSH ? -1 : blkaddr[i];
    }

    /** The metadata image entry i wrote (null for data and flushes). */
    public MetaImage meta(int i) {
        return meta[i];
    }

    /** The write identity entry i wrote ({@link WriteTags#NONE} for metadata and flushes). */
    public long writeTag(int i) {
        return writeTag[i];
    }

    /** Replays entries [from, to) onto {@code target}, which must have been a copy of the logged store at {@code from}. */
    public void replay(DeviceStore target, int from, int to) {
        for (int i = from; i < to; i++) {
            if (kind[i] == FLUSH) target.flushed(blkaddr[i]);
            else target.write(blkaddr[i], ref[i], meta[i], writeTag[i], kind[i] == WRITE_FUA);
        }
    }
}
