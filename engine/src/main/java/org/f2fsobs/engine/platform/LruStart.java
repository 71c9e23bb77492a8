package org.f2fsobs.engine.platform;

/**
 * The memory a run starts with, split as /proc/meminfo and /proc/vmstat show it: free pages, the file LRU's active
 * and inactive lists (other processes' page cache: app code, mapped files) and the allocator's reserves
 * ({@code totalreserve_pages}). From it the engine computes what Linux computes: {@code global_dirtyable_memory}
 * (mm/page-writeback.c: free − min(free, totalreserve) + NR_INACTIVE_FILE + NR_ACTIVE_FILE) and how much of the
 * cache a streaming writer can take before reclaim must deactivate active pages (mm/vmscan.c inactive_list_is_low).
 * Profile keys {@code memory.free_bytes}, {@code active_file_bytes}, {@code inactive_file_bytes}, {@code reserve_bytes}.
 */
public record LruStart(long freePages, long activeFilePages, long inactiveFilePages, long reservePages) {

    public LruStart {
        if (freePages < 0 || activeFilePages < 0 || inactiveFilePages < 0 || reservePages < 0) {
            throw new IllegalArgumentException("memory split must not be negative");
        }
    }

    /** Pages the page cache can hold at most: everything but the reserves (free pages become file pages). */
    public long poolPages() {
        return freePages + activeFilePages + inactiveFilePages;
    }

    /** global_dirtyable_memory at the start, in pages (mm/page-writeback.c, 4.9: the "+ 1" included). */
    public long dirtyablePages() {
        return freePages - Math.min(freePages, reservePages) + inactiveFilePages + activeFilePages + 1;
    }

    /** The split with every part × {@code factor} (a scaled machine), each at least {@code floorPages} unless zero. */
    public LruStart scaled(double factor, long floorPages) {
        return new LruStart(s(freePages, factor, floorPages), s(activeFilePages, factor, floorPages),
                s(inactiveFilePages, factor, floorPages), s(reservePages, factor, 0));
    }

    private static long s(long v, double factor, long floor) {
        return v == 0 ? 0 : Math.max(Math.min(floor, v), (long) Math.floor(v * factor));
    }
}
