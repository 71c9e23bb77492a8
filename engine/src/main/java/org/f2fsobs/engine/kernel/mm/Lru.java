package org.f2fsobs.engine.kernel.mm;

import org.f2fsobs.engine.platform.LruStart;

/**
 * Page reclaim over the run's page-cache pages (one list, least recently used first) beside the page cache the
 * machine already holds when the run starts (other processes' file pages, counted, not modelled page by page).
 *
 * <p>Without a memory split the run's pages have a fixed capacity (the memory available at the start) and nothing
 * else is on the LRU. With one ({@link LruStart}) the pages come out of the free memory until only the allocator's
 * reserves are left; then reclaim frees the oldest inactive pages first — the other processes' inactive file pages,
 * then the run's own (shrink_inactive_list) — and deactivates active file pages only while the inactive list is low
 * ({@code inactive × inactive_ratio < active}, mm/vmscan.c inactive_list_is_low, ratio {@code int_sqrt(10 × GiB)} or 1
 * under 1 GiB). {@link #globalDirtyableMemory} is mm/page-writeback.c's sum over the same state.
 *
 * <p>Departures: the run's pages are all inactive (tiotest and dd touch each page once; a second access would activate
 * it); a deactivated page of another process is reclaimed at once (it is the coldest page left); anonymous memory, the
 * low-memory killer and kswapd's watermark hysteresis are not modelled (free memory stays at the reserves).
 */
public final class Lru {
    private final long capacityPages;      // no split: the run's pages at most
    private final long poolPages;          // split: free + active + inactive file pages at the start
    private final long reservePages;
    private final long legacyDirtyablePages;
    private long foreignActive;            // other processes' active file pages
    private long foreignInactive;          // other processes' inactive file pages (older than any of the run's)
    private long foreignReclaimed;
    private CachePage head;          // least recently used
    private CachePage tail;          // most recently used
    private long size;
    private long evicted;

    /** A fixed capacity, no other page cache; dirty limits based on {@code dirtyablePages}. */
    public Lru(long capacityPages, long dirtyablePages) {
        this.capacityPages = capacityPages;
        this.poolPages = capacityPages;
        this.reservePages = 0;
        this.legacyDirtyablePages = dirtyablePages;
    }

    public Lru(long capacityPages) {
        this(capacityPages, capacityPages);
    }

    /** The run starts on this memory split. */
    public Lru(LruStart start) {
        this.capacityPages = -1;
        this.poolPages = start.poolPages();
        this.reservePages = Math.min(start.reservePages(), start.freePages());
        this.legacyDirtyablePages = -1;
        this.foreignActive = start.activeFilePages();
        this.foreignInactive = start.inactiveFilePages();
    }

    public long size() { return size; }
    public long evicted() { return evicted; }
    /** Other processes' file pages reclaimed to make room for the run's (inactive first, then deactivated). */
    public long foreignReclaimed() { return foreignReclaimed; }
    public long foreignActivePages() { return foreignActive; }
    public long foreignInactivePages() { return foreignInactive; }

    /** Pages the run's cache can hold now without reclaiming its own. */
    public long capacityPages() {
        return capacityPages >= 0 ? capacityPages : poolPages - reservePages - foreignActive - foreignInactive;
    }

    /** NR_FREE_PAGES now (split only; without one: the capacity left). */
    public long freePages() {
        return Math.max(0, poolPages - size - foreignActive - foreignInactive);
    }

    /**
     * global_dirtyable_memory (mm/page-writeback.c): free − min(free, totalreserve_pages) + inactive + active file
     * pages, + 1. Without a split, the profile's dirtyable memory.
     */
    public long globalDirtyableMemory() {
        if (capacityPages >= 0) return legacyDirtyablePages;
        long free = freePages();
        return free - Math.min(free, reservePages) + foreignActive + foreignInactive + size + 1;
    }

    void add(CachePage p) {
        if (p.onLru) return;
        p.onLru = true;
        p.lruPrev = tail;
        p.lruNext = null;
        if (tail != null) tail.lruNext = p;
        else head = p;
        tail = p;
        size++;
    }

    void remove(CachePage p) {
        if (!p.onLru) return;
        if (p.lruPrev != null) p.lruPrev.lruNext = p.lruNext;
        else head = p.lruNext;
        if (p.lruNext != null) p.lruNext.lruPrev = p.lruPrev;
        else tail = p.lruPrev;
        p.lruPrev = p.lruNext = null;
        p.onLru = false;
        size--;
    }

    /** mark_page_accessed */
    void touch(CachePage p) {
        if (p.onLru && p != tail) {
            remove(p);
            add(p);
        }
    }

    /** Evicts clean pages from the cold end until the cache is within its capacity (or nothing can go). */
    void reclaim() {
        if (capacityPages < 0) reclaimForeign();
        long limit = capacityPages();
        CachePage p = head;
        while (size > limit && p != null) {
            CachePage next = p.lruNext;
            if ((p.flags & (CachePage.PG_DIRTY | CachePage.PG_WRITEBACK | CachePage.PG_LOCKED)) == 0 && p.refs == 0) {
                p.mapping.evict(p);
                evicted++;
            }
            p = next;
        }
    }

    /** Other processes' pages go first: the inactive ones (oldest), then active ones while the inactive list is low. */
    private void reclaimForeign() {
        long excess = size + foreignActive + foreignInactive - (poolPages - reservePages);
        if (excess <= 0) return;
        long inactiveFreed = Math.min(excess, foreignInactive);
        foreignInactive -= inactiveFreed;
        foreignReclaimed += inactiveFreed;
        excess -= inactiveFreed;
        while (excess > 0 && foreignActive > 0 && inactiveListIsLow()) {
            foreignActive--;
            foreignReclaimed++;
            excess--;
        }
    }

    /** mm/vmscan.c inactive_list_is_low for the file LRU. */
    boolean inactiveListIsLow() {
        long inactive = size + foreignInactive;
        long gb = (inactive + foreignActive) >> (30 - 12);
        long ratio = gb > 0 ? (long) Math.floor(Math.sqrt(10.0 * gb)) : 1;   // int_sqrt
        return inactive * ratio < foreignActive;
    }
}
