package org.f2fsobs.engine.kernel.mm;

import java.util.BitSet;
import org.f2fsobs.engine.platform.CpuOp;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.WaitCount;

/**
 * Mirrors {@code struct address_space}: one file's page cache — pages by index, the DIRTY and TOWRITE tags,
 * dirty and writeback counts, and what the flusher needs (dirtied time, writeback index). Page state changes go
 * through here so that global dirty accounting ({@link Bdi}) and the LRU stay in step.
 */
public final class AddressSpace {
    private static final int CHUNK_SHIFT = 12;
    private static final int CHUNK = 1 << CHUNK_SHIFT;

    final Mm mm;
    public final Object host;
    public final AddressSpaceOps ops;
    public final String name;
    private CachePage[][] chunks = new CachePage[4][];
    final BitSet dirtyTag = new BitSet();
    final BitSet towriteTag = new BitSet();
    long nrPages;
    long nrDirty;
    long nrWriteback;
    private final WaitCount writebackWait;
    public long writebackIndex;
    /** inode->dirtied_when: when the inode went from clean to dirty (kept while it stays on a writeback list). */
    long dirtiedWhenNs;
    /** I_DIRTY_PAGES (set on the first dirtying, cleared only by the flusher's __writeback_single_inode). */
    boolean iDirtyPages;
    /** I_SYNC: the flusher is writing this inode now. */
    boolean iSync;
    /** inode->i_io_list: which of the bdi's lists the inode is on. */
    Bdi.IoList ioList = Bdi.IoList.NONE;

    AddressSpace(Mm mm, Object host, AddressSpaceOps ops, String name) {
        this.mm = mm;
        this.host = host;
        this.ops = ops;
        this.name = name;
        this.writebackWait = new WaitCount(mm.machine.sim(), "writeback " + name);
    }

    public long nrPages() { return nrPages; }
    public long nrDirty() { return nrDirty; }
    public long nrWriteback() { return nrWriteback; }

    private static int idx(long index) {
        if (index < 0 || index > Integer.MAX_VALUE) throw new IllegalArgumentException("page index out of range: " + index);
        return (int) index;
    }

    public CachePage find(long index) {
        int i = idx(index), c = i >>> CHUNK_SHIFT;
        if (c >= chunks.length || chunks[c] == null) return null;
        return chunks[c][i & (CHUNK - 1)];
    }

    /** find_get_page with the lookup cost, touching the page on the LRU. */
    public CachePage lookup(SimTask t, long index) {
        mm.machine.cpu(t, CpuOp.PAGE_CACHE_LOOKUP);
        CachePage p = find(index);
        if (p != null) mm.lru.touch(p);
        return p;
    }

    /** Adds a new, not uptodate page (filemap_add_folio): allocation cost, LRU insertion, reclaim if over capacity. */
    public CachePage add(SimTask t, long index) {
        return add(t, index, false);
    }

    /** {@link #add}, the caller holding a reference (reclaim will not take the page until it is put). */
    CachePage add(SimTask t, long index, boolean held) {
        int i = idx(index), c = i >>> CHUNK_SHIFT;
        if (c >= chunks.length) chunks = java.util.Arrays.copyOf(chunks, Math.max(c + 1, chunks.length * 2));
        if (chunks[c] == null) chunks[c] = new CachePage[CHUNK];
        if (chunks[c][i & (CHUNK - 1)] != null) throw new IllegalStateException("page " + index + " already cached");
        CachePage p = new CachePage(this, index);
        if (held) p.refs = 1;
        chunks[c][i & (CHUNK - 1)] = p;
        nrPages++;
        mm.machine.cpu(t, CpuOp.PAGE_ALLOC);
        mm.lru.add(p);
        mm.lru.reclaim();
        return p;
    }

    /** grab_cache_page: the cached page or a new one. */
    public CachePage findOrAdd(SimTask t, long index) {
        CachePage p = lookup(t, index);
        return p != null ? p : add(t, index);
    }

    /** Removes a clean page (reclaim or invalidation). */
    void evict(CachePage p) {
        if ((p.flags & (CachePage.PG_DIRTY | CachePage.PG_WRITEBACK)) != 0) throw new IllegalStateException("evicting a busy page");
        int i = idx(p.index);
        chunks[i >>> CHUNK_SHIFT][i & (CHUNK - 1)] = null;
        nrPages--;
        mm.lru.remove(p);
        towriteTag.clear(i);
    }

    /** __folio_mark_dirty: tag, count, and put the inode on the flusher's dirty list. */
    public boolean setDirty(CachePage p) {
        if ((p.flags & CachePage.PG_DIRTY) != 0) return false;
        p.flags |= CachePage.PG_DIRTY | CachePage.PG_UPTODATE;
        dirtyTag.set(idx(p.index));
        nrDirty++;
        mm.bdi.accountDirtied(this);
        return true;
    }

    /** folio_clear_dirty_for_io: the page leaves the dirty state to be written. */
    public boolean clearDirtyForIo(CachePage p) {
        if ((p.flags & CachePage.PG_DIRTY) == 0) return false;
        p.flags &= ~CachePage.PG_DIRTY;
        dirtyTag.clear(idx(p.index));
        towriteTag.clear(idx(p.index));
        nrDirty--;
        mm.bdi.accountCleaned();
        return true;
    }

    /** folio_start_writeback */
    public void startWriteback(CachePage p) {
        p.flags |= CachePage.PG_WRITEBACK;
        nrWriteback++;
        writebackWait.inc();
        mm.bdi.accountWritebackStart();
    }

    /** folio_end_writeback: completion context. */
    public void endWriteback(CachePage p) {
        if ((p.flags & CachePage.PG_WRITEBACK) == 0) throw new IllegalStateException("end_writeback on a page not under writeback");
        p.flags &= ~CachePage.PG_WRITEBACK;
        nrWriteback--;
        writebackWait.dec();
        mm.bdi.accountWritebackEnd();
    }

    /** filemap_fdatawait: sleep until no page of this mapping is under writeback. */
    public void waitWriteback(SimTask t) {
        writebackWait.awaitZero(t);
    }

    /** tag_pages_for_writeback: TOWRITE := DIRTY over [start, end]. */
    public void tagPagesForWriteback(long start, long end) {
        int from = idx(start);
        int to = (int) Math.min(Integer.MAX_VALUE - 1L, end);
        for (int i = dirtyTag.nextSetBit(from); i >= 0 && i <= to; i = dirtyTag.nextSetBit(i + 1)) towriteTag.set(i);
    }

    /** The next page index ≥ from carrying the tag, or -1. */
    public long nextTagged(boolean towrite, long from) {
        if (from > Integer.MAX_VALUE) return -1;
        return (towrite ? towriteTag : dirtyTag).nextSetBit((int) from);
    }

    /** invalidate_mapping_pages: drop every clean page that is not locked or under writeback. */
    public long dropCleanPages() {
        long dropped = 0;
        for (CachePage[] chunk : chunks) {
            if (chunk == null) continue;
            for (CachePage p : chunk) {
                if (p != null && (p.flags & (CachePage.PG_DIRTY | CachePage.PG_WRITEBACK | CachePage.PG_LOCKED)) == 0) {
                    evict(p);
                    dropped++;
                }
            }
        }
        return dropped;
    }

    /** truncate_inode_pages_range from {@code fromIndex}: pages go, dirty ones without being written. */
    public void truncateFrom(long fromIndex) {
        for (int c = 0; c < chunks.length; c++) {
            CachePage[] chunk = chunks[c];
            if (chunk == null) continue;
            for (int k = 0; k < CHUNK; k++) {
                CachePage p = chunk[k];
                if (p == null || p.index < fromIndex) continue;
                if ((p.flags & CachePage.PG_DIRTY) != 0) clearDirtyForIo(p);
                if ((p.flags & CachePage.PG_WRITEBACK) != 0) continue;   // stays until its write completes
                evict(p);
            }
        }
    }

    @Override
    public String toString() {
        return "mapping " + name;
    }
}
