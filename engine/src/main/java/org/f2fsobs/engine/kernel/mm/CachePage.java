package org.f2fsobs.engine.kernel.mm;

import org.f2fsobs.engine.sim.SimCompletion;

/**
 * A page of a file's page cache ({@code struct folio}, order 0): its content (a content reference, or a
 * metadata image for directory and meta pages), its flags, and its place on the LRU.
 */
public final class CachePage {
    public static final int PG_UPTODATE = 1;
    public static final int PG_DIRTY = 1 << 1;
    public static final int PG_WRITEBACK = 1 << 2;
    public static final int PG_READAHEAD = 1 << 3;
    public static final int PG_LOCKED = 1 << 4;

    final AddressSpace mapping;
    final long index;
    int flags;
    /** References held beyond the page cache's own (get_page/put_page): reclaim leaves such a page alone. */
    int refs;
    public long ref;
    /** Which write made {@link #ref} ({@link org.f2fsobs.engine.sim.device.WriteTags}; 0: none, e.g. a hole). */
    public long tag;
    public org.f2fsobs.engine.sim.device.MetaImage meta;
    /** File-system private state (f2fs: compressed-cluster bookkeeping). */
    public Object fsPrivate;
    CachePage lruPrev;
    CachePage lruNext;
    boolean onLru;
    private SimCompletion unlocked;

    CachePage(AddressSpace mapping, long index) {
        this.mapping = mapping;
        this.index = index;
    }

    public AddressSpace mapping() { return mapping; }
    public long index() { return index; }
    public boolean uptodate() { return (flags & PG_UPTODATE) != 0; }
    public boolean dirty() { return (flags & PG_DIRTY) != 0; }
    public boolean writeback() { return (flags & PG_WRITEBACK) != 0; }
    public boolean readahead() { return (flags & PG_READAHEAD) != 0; }
    public boolean locked() { return (flags & PG_LOCKED) != 0; }

    public void setUptodate() { flags |= PG_UPTODATE; }
    public void setReadahead(boolean on) { if (on) flags |= PG_READAHEAD; else flags &= ~PG_READAHEAD; }

    /** Locks a page for I/O (a read in flight); waiters sleep in {@link #waitUnlocked}. */
    public void lock() {
        flags |= PG_LOCKED;
    }

    /** unlock_page: wakes tasks waiting for the read to finish; safe in completion context. */
    public void unlock() {
        flags &= ~PG_LOCKED;
        if (unlocked != null) {
            unlocked.completeAll();
            unlocked = null;
        }
    }

    /** folio_wait_locked */
    public void waitUnlocked(org.f2fsobs.engine.sim.SimTask t) {
        t.sync();
        if (!locked()) return;
        if (unlocked == null) unlocked = new SimCompletion(t.sim(), "page lock");
        unlocked.await(t);
    }

    @Override
    public String toString() {
        return "page[" + index + " flags=" + flags + "]";
    }
}
