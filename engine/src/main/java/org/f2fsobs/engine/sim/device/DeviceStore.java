package org.f2fsobs.engine.sim.device;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.f2fsobs.engine.sim.Prng;

/**
 * The persistent contents of a simulated block device, in 4 KiB blocks: a content reference per block address
 * (data) or an immutable metadata image (node, SIT, NAT, checkpoint blocks of the F2FS model), and the write
 * identity of a data block's content ({@link WriteTags}), which the volatile cache and power cuts treat as part of
 * the block. Outlives a
 * simulation so that a power cut can be followed by a remount on the same "disk".
 *
 * <p><b>Volatile cache.</b> With {@code volatileCache}, every completed write is also logged in issue-completion
 * order with the value it replaced; a flush makes the writes completed before it durable (drops them from the log).
 * {@link #powerCut} rolls back the un-flushed writes according to a {@link CrashMode}: all, none, or a seeded subset
 * (a later write surviving an earlier one is a reordering). FUA writes are durable when they complete.
 *
 * <p>Memory: references live in pages of 4096 longs allocated on first write, so a 250 GB device with 1.5 GiB
 * written costs ~3 MiB.
 *
 * <p><b>Crash images.</b> For the crash harness a store can record every completed write and flush in a
 * {@link DeviceLog} (as dm-log-writes does), be {@link #copy() copied}, and give a {@link #crashImage crash image}: a
 * copy-on-write overlay showing what the disk would hold after a power cut now, which a fresh boot then mounts and
 * recovers without disturbing this store.
 */
public final class DeviceStore {
    private static final int PAGE_SHIFT = 12;
    private static final int PAGE_MASK = (1 << PAGE_SHIFT) - 1;

    private final long nrBlocks;
    private final boolean volatileCache;
    private final ContentRegistry registry;
    private final WriteTags tags;
    private final long[][] refPages;
    private final long[][] tagPages;   // write identities (WriteTags), allocated on the first tagged write
    private final MetaImage[][] metaPages;
    private final DeviceStore base;    // overlay: pages not yet written here are read from the base
    private final boolean[] own;       // overlay: page copied from the base
    private final List<Pending> pending = new ArrayList<>();
    private long pendingBase;          // sequence number of pending.get(0)
    private long writes;
    private DeviceLog log;
    private PowerCutReport lastCut;    // crash image: what its power cut dropped

    private record Pending(long blkaddr, long prevRef, MetaImage prevMeta, long prevTag, long newRef, MetaImage newMeta, long newTag,
                           boolean durable) {}

    public DeviceStore(long nrBlocks, boolean volatileCache) {
        this(nrBlocks, volatileCache, new ContentRegistry(), new WriteTags(), null);
    }

    private DeviceStore(long nrBlocks, boolean volatileCache, ContentRegistry registry, WriteTags tags, DeviceStore base) {
        this.nrBlocks = nrBlocks;
        this.volatileCache = volatileCache;
        this.registry = registry;
        this.tags = tags;
        this.base = base;
        int pages = (int) ((nrBlocks + PAGE_MASK) >>> PAGE_SHIFT);
        this.refPages = new long[pages][];
        this.tagPages = new long[pages][];
        this.metaPages = new MetaImage[pages][];
        this.own = base == null ? null : new boolean[pages];
    }

    /** A deep copy: same contents, same un-flushed writes, same registry; no log. */
    public DeviceStore copy() {
        DeviceStore c = new DeviceStore(nrBlocks, volatileCache, registry, tags, null);
        for (int pi = 0; pi < refPages.length; pi++) {
            long[] r = refPage(pi);
            MetaImage[] m = metaPage(pi);
            long[] g = tagPage(pi);
            if (r != null) c.refPages[pi] = r.clone();
            if (m != null) c.metaPages[pi] = m.clone();
            if (g != null) c.tagPages[pi] = g.clone();
        }
        c.pending.addAll(pending);
        c.pendingBase = pendingBase;
        c.writes = writes;
        return c;
    }

    /** Records every completed write and flush from now on in {@code log} (null stops recording). */
    public void log(DeviceLog log) {
        this.log = log;
    }

    private long[] refPage(int pi) {
        return base != null && !own[pi] ? base.refPage(pi) : refPages[pi];
    }

    private MetaImage[] metaPage(int pi) {
        return base != null && !own[pi] ? base.metaPage(pi) : metaPages[pi];
    }

    private long[] tagPage(int pi) {
        return base != null && !own[pi] ? base.tagPage(pi) : tagPages[pi];
    }

    private void own(int pi) {
        if (base == null || own[pi]) return;
        long[] r = base.refPage(pi);
        MetaImage[] m = base.metaPage(pi);
        long[] g = base.tagPage(pi);
        if (r != null) refPages[pi] = r.clone();
        if (m != null) metaPages[pi] = m.clone();
        if (g != null) tagPages[pi] = g.clone();
        own[pi] = true;
    }

    public long nrBlocks() { return nrBlocks; }
    public boolean volatileCache() { return volatileCache; }
    public ContentRegistry registry() { return registry; }
    /** The write identities of this disk (shared with its copies and crash images, like the registry). */
    public WriteTags tags() { return tags; }
    public long writes() { return writes; }
    public int unflushedWrites() { return pending.size(); }

    private void check(long blkaddr) {
        if (blkaddr < 0 || blkaddr >= nrBlocks) {
            throw new IllegalArgumentException("block address " + blkaddr + " beyond the device (" + nrBlocks + " blocks)");
        }
    }

    public long readRef(long blkaddr) {
        check(blkaddr);
        long[] p = refPage((int) (blkaddr >>> PAGE_SHIFT));
        return p == null ? ContentRegistry.NONE : p[(int) (blkaddr & PAGE_MASK)];
    }

    /** The metadata image of a block (null: none, e.g. data or never written). */
    public MetaImage readMeta(long blkaddr) {
        check(blkaddr);
        MetaImage[] p = metaPage((int) (blkaddr >>> PAGE_SHIFT));
        return p == null ? null : p[(int) (blkaddr & PAGE_MASK)];
    }

    /** The write identity of the block's content ({@link WriteTags#NONE} for metadata and untagged writes). */
    public long readTag(long blkaddr) {
        check(blkaddr);
        long[] p = tagPage((int) (blkaddr >>> PAGE_SHIFT));
        return p == null ? WriteTags.NONE : p[(int) (blkaddr & PAGE_MASK)];
    }

    /** Stores a completed write of one block with no write identity (metadata, mkfs). */
    public void write(long blkaddr, long ref, MetaImage meta, boolean durable) {
        write(blkaddr, ref, meta, WriteTags.NONE, durable);
    }

    /**
     * Stores a completed write of one block: a content reference, or a metadata image (then ref is NONE), and the
     * write identity of the content ({@link WriteTags}).
     */
    public void write(long blkaddr, long ref, MetaImage meta, long tag, boolean durable) {
        check(blkaddr);
        writes++;
        if (log != null) log.write(blkaddr, ref, meta, tag, durable);
        if (volatileCache) {
            pending.add(new Pending(blkaddr, readRef(blkaddr), readMeta(blkaddr), readTag(blkaddr), ref, meta, tag, durable));
        }
        set(blkaddr, ref, meta, tag);
    }

    private void set(long blkaddr, long ref, MetaImage meta, long tag) {
        int pi = (int) (blkaddr >>> PAGE_SHIFT), off = (int) (blkaddr & PAGE_MASK);
        own(pi);
        if (ref != ContentRegistry.NONE || refPages[pi] != null) {
            if (refPages[pi] == null) refPages[pi] = new long[1 << PAGE_SHIFT];
            refPages[pi][off] = ref;
        }
        if (tag != WriteTags.NONE || tagPages[pi] != null) {
            if (tagPages[pi] == null) tagPages[pi] = new long[1 << PAGE_SHIFT];
            tagPages[pi][off] = tag;
        }
        if (meta != null || metaPages[pi] != null) {
            if (metaPages[pi] == null) metaPages[pi] = new MetaImage[1 << PAGE_SHIFT];
            metaPages[pi][off] = meta;
        }
    }

    /** The sequence number a flush starting now covers: every write completed before it. */
    public long flushMark() {
        return pendingBase + pending.size();
    }

    /** A flush that started at {@code mark} completed: the writes before the mark are durable. */
    public void flushed(long mark) {
        if (log != null) log.flush(mark);
        int n = (int) Math.min(pending.size(), Math.max(0, mark - pendingBase));
        if (n == 0) return;
        pending.subList(0, n).clear();
        pendingBase += n;
    }

    /** Power is cut: un-flushed writes are rolled back per {@code mode} (seeded by {@code prng}). */
    public PowerCutReport powerCut(CrashMode mode, Prng prng) {
        PowerCutReport r = rollBack(this, mode, prng);
        pendingBase += pending.size();
        pending.clear();
        return r;
    }

    /**
     * What the disk would hold after a power cut now, as a new store (copy-on-write over this one, no volatile
     * cache): un-flushed writes rolled back per {@code mode}. This store is left as it is.
     */
    public DeviceStore crashImage(CrashMode mode, Prng prng) {
        DeviceStore img = new DeviceStore(nrBlocks, false, registry, tags, this);
        img.writes = writes;
        img.lastCut = rollBack(img, mode, prng);
        return img;
    }

    /** For a crash image: what its power cut dropped. */
    public PowerCutReport lastCut() {
        return lastCut;
    }

    private PowerCutReport rollBack(DeviceStore target, CrashMode mode, Prng prng) {
        TreeMap<Long, long[]> refs = new TreeMap<>();      // blkaddr → {ref, tag}
        TreeMap<Long, MetaImage[]> metas = new TreeMap<>();
        int unflushed = 0, survived = 0;
        for (Pending p : pending) {
            long[] r = refs.computeIfAbsent(p.blkaddr, k -> new long[] {p.prevRef, p.prevTag});
            MetaImage[] m = metas.computeIfAbsent(p.blkaddr, k -> new MetaImage[] {p.prevMeta});
            boolean keep = p.durable;
            if (!p.durable) {
                unflushed++;
                keep = switch (mode) {
                    case DROP_ALL -> false;
                    case KEEP_ALL -> true;
                    case RANDOM_SUBSET -> prng.chance(1, 2);
                };
                if (keep) survived++;
            }
            if (keep) {
                r[0] = p.newRef;
                r[1] = p.newTag;
                m[0] = p.newMeta;
            }
        }
        for (var e : refs.entrySet()) target.set(e.getKey(), e.getValue()[0], metas.get(e.getKey())[0], e.getValue()[1]);
        return new PowerCutReport(mode, unflushed, survived, unflushed - survived);
    }
}
