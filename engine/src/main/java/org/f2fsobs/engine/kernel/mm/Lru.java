package org.f2fsobs.engine.kernel.mm;

/**
 * Page reclaim reduced to one LRU list of page-cache pages with a capacity (the memory available to the page
 * cache at the start of a run). Adding a page beyond the capacity evicts the least recently used clean, unlocked
 * page (shrink_inactive_list). Departure: no active/inactive split and no second-chance references; a streaming
 * re-read of more than the capacity thrashes exactly as a single LRU does.
 */
public final class Lru {
    private final long capacityPages;
    private CachePage head;          // least recently used
    private CachePage tail;          // most recently used
    private long size;
    private long evicted;

    public Lru(long capacityPages) {
        this.capacityPages = capacityPages;
    }

    public long size() { return size; }
    public long capacityPages() { return capacityPages; }
    public long evicted() { return evicted; }

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
        CachePage p = head;
        while (size > capacityPages && p != null) {
            CachePage next = p.lruNext;
            if ((p.flags & (CachePage.PG_DIRTY | CachePage.PG_WRITEBACK | CachePage.PG_LOCKED)) == 0) {
                p.mapping.evict(p);
                evicted++;
            }
            p = next;
        }
    }
}
