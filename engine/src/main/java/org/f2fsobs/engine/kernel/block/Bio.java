package org.f2fsobs.engine.kernel.block;

import java.util.function.Consumer;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.device.MetaImage;

/**
 * Mirrors {@code struct bio}: an operation on consecutive 4 KiB blocks starting at {@code blkaddr}. Each vector
 * carries a page cookie (the caller's page object), and for writes the block's content: a content reference (data)
 * or a metadata image, and the data's write identity ({@link org.f2fsobs.engine.sim.device.WriteTags}, simulator
 * bookkeeping). Reads get {@link #ref(int)} / {@link #meta(int)} / {@link #tag(int)} filled at completion. {@code endIo} runs in
 * completion context (an event-loop callback: it must not block).
 */
public final class Bio {
    public static final int REQ_SYNC = 1;
    public static final int REQ_META = 1 << 1;
    public static final int REQ_PREFLUSH = 1 << 2;
    public static final int REQ_FUA = 1 << 3;
    public static final int REQ_RAHEAD = 1 << 4;
    public static final int REQ_PRIO = 1 << 5;
    public static final int REQ_BACKGROUND = 1 << 6;
    /** Flags that forbid merging (REQ_NOMERGE_FLAGS). */
    static final int NOMERGE = REQ_PREFLUSH | REQ_FUA;
    /** BIO_MAX_VECS: 256 pages = 1 MiB. */
    public static final int BIO_MAX_VECS = 256;

    private final ReqOp op;
    private final int flags;
    private final long blkaddr;
    private final Object[] pages;
    private final long[] refs;
    private long[] tags;               // allocated on the first tagged vector
    private MetaImage[] metas;
    private int vcnt;
    private Consumer<Bio> endIo;
    public Object privateData;
    SimTask submitter;
    int remaining;
    int status;

    public Bio(ReqOp op, int flags, long blkaddr, int maxVecs) {
        if (maxVecs < 0 || maxVecs > BIO_MAX_VECS) throw new IllegalArgumentException("bio vectors 0.." + BIO_MAX_VECS + ": " + maxVecs);
        this.op = op;
        this.flags = flags;
        this.blkaddr = blkaddr;
        this.pages = new Object[maxVecs];
        this.refs = new long[maxVecs];
    }

    /** An empty flush (blkdev_issue_flush). */
    public static Bio flush(int flags) {
        return new Bio(ReqOp.FLUSH, flags | REQ_PREFLUSH, 0, 0);
    }

    public ReqOp op() { return op; }
    public int flags() { return flags; }
    public boolean has(int flag) { return (flags & flag) != 0; }
    public long blkaddr() { return blkaddr; }
    public int vcnt() { return vcnt; }
    public int sizeBytes() { return vcnt * 4096; }
    public boolean full() { return vcnt == pages.length; }
    public long lastBlkaddr() { return blkaddr + vcnt - 1; }
    public int status() { return status; }
    public SimTask submitter() { return submitter; }

    /** bio_add_page for a data page with its content and write identity; false when the bio is full. */
    public boolean addData(Object page, long ref, long tag) {
        if (vcnt == pages.length) return false;
        pages[vcnt] = page;
        refs[vcnt] = ref;
        if (tag != 0) {
            if (tags == null) tags = new long[pages.length];
            tags[vcnt] = tag;
        }
        vcnt++;
        return true;
    }

    /** bio_add_page for a metadata block whose content is an immutable image. */
    public boolean addMeta(Object page, MetaImage image) {
        if (vcnt == pages.length) return false;
        if (metas == null) metas = new MetaImage[pages.length];
        pages[vcnt] = page;
        metas[vcnt] = image;
        vcnt++;
        return true;
    }

    /** bio_add_page for a read destination. */
    public boolean addRead(Object page) {
        return addData(page, 0, 0);
    }

    public Object page(int i) { return pages[i]; }
    public long ref(int i) { return refs[i]; }
    public MetaImage meta(int i) { return metas == null ? null : metas[i]; }
    /** The write identity of vector i's data (0: none). */
    public long tag(int i) { return tags == null ? 0 : tags[i]; }

    void fill(int i, long ref, MetaImage meta, long tag) {
        refs[i] = ref;
        if (tag != 0) {
            if (tags == null) tags = new long[pages.length];
            tags[i] = tag;
        }
        if (meta != null) {
            if (metas == null) metas = new MetaImage[pages.length];
            metas[i] = meta;
        }
    }

    public Bio endIo(Consumer<Bio> endIo) {
        this.endIo = endIo;
        return this;
    }

    void complete() {
        if (endIo != null) endIo.accept(this);
    }

    @Override
    public String toString() {
        return "bio[" + op + " blk=" + blkaddr + " n=" + vcnt + " flags=" + flags + "]";
    }
}
