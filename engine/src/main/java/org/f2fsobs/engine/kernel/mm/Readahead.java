package org.f2fsobs.engine.kernel.mm;

import org.f2fsobs.engine.platform.CpuOp;
import org.f2fsobs.engine.sim.SimTask;

/**
 * mm/readahead.c (6.14): synchronous readahead on a cache miss (page_cache_sync_ra) and asynchronous readahead
 * when a PG_readahead page is reached (page_cache_async_ra). A read larger than ra_pages may be read in one go up
 * to the device's io_pages (ractl_max_pages). Pages are added to the cache locked and handed to the file system's
 * ->readahead, which submits the bios.
 */
public final class Readahead {
    private Readahead() {}

    /** ractl_max_pages */
    static long maxPages(FileRaState ra, long reqSize, int ioPages) {
        long max = ra.raPages;
        if (reqSize > max && ioPages > max) max = Math.min(reqSize, ioPages);
        return max;
    }

    /** get_init_ra_size */
    static long initRaSize(long size, long max) {
        long newsize = Long.highestOneBit(Math.max(1, size));
        if (newsize < size) newsize <<= 1;                 // roundup_pow_of_two
        if (newsize <= max / 32) newsize *= 4;
        else if (newsize <= max / 4) newsize *= 2;
        else newsize = max;
        return newsize;
    }

    /** get_next_ra_size */
    static long nextRaSize(FileRaState ra, long max) {
        long cur = ra.size;
        if (cur < max / 16) return 4 * cur;
        if (cur <= max / 2) return 2 * cur;
        return max;
    }

    /** page_cache_sync_ra: a miss at {@code index} while reading {@code reqCount} pages. */
    public static void syncRa(SimTask t, AddressSpace m, FileRaState ra, long index, long reqCount, int ioPages, long eofIndex) {
        if (ra.raPages == 0) {
            read(t, m, index, 1, -1, eofIndex);
            return;
        }
        long max = maxPages(ra, reqCount, ioPages);
        long prevIndex = ra.prevPos < 0 ? -1 : ra.prevPos >>> 12;
        if (index == 0 || reqCount > max || index - prevIndex <= 1) {
            ra.start = index;
            ra.size = initRaSize(reqCount, max);
            ra.asyncSize = ra.size > reqCount ? ra.size - reqCount : ra.size >> 1;
        } else {
            // random read: read what was asked (the context-readahead heuristic is not modelled)
            ra.start = index;
            ra.size = Math.min(reqCount, max);
            ra.asyncSize = 0;
        }
        submitWindow(t, m, ra, eofIndex);
    }

    /** page_cache_async_ra: the reader hit the PG_readahead page {@code index}. */
    public static void asyncRa(SimTask t, AddressSpace m, FileRaState ra, CachePage marked, long reqCount, int ioPages, long eofIndex) {
        marked.setReadahead(false);
        long max = maxPages(ra, reqCount, ioPages);
        long expected = ra.start + ra.size - ra.asyncSize;
        if (marked.index() == expected) {
            ra.start += ra.size;
            ra.size = Math.max(ra.size, nextRaSize(ra, max));   // 6.14: the window never shrinks here
            ra.asyncSize = ra.size;
        } else {
            ra.start = marked.index() + 1;
            ra.size = initRaSize(reqCount, max);
            ra.asyncSize = ra.size;
        }
        submitWindow(t, m, ra, eofIndex);
    }

    private static void submitWindow(SimTask t, AddressSpace m, FileRaState ra, long eofIndex) {
        long markAt = ra.start + ra.size - ra.asyncSize;
        read(t, m, ra.start, ra.size, ra.asyncSize > 0 ? markAt : -1, eofIndex);
    }

    /**
     * page_cache_ra_unbounded: add the missing pages of [start, start+nr) (stopping at EOF), mark the readahead page,
     * and hand each run of new pages to ->readahead.
     */
    static void read(SimTask t, AddressSpace m, long start, long nr, long markAt, long eofIndex) {
        long end = Math.min(start + nr, eofIndex + 1);
        long runStart = -1;
        for (long i = start; i < end; i++) {
            CachePage p = m.find(i);
            if (p != null) {
                if (runStart >= 0) {
                    m.ops.readahead(t, m, runStart, (int) (i - runStart));
                    runStart = -1;
                }
                continue;
            }
            p = m.add(t, i);
            p.lock();
            m.mm.machine.cpu(t, CpuOp.READAHEAD_PAGE, 1);
            if (i == markAt) p.setReadahead(true);
            if (runStart < 0) runStart = i;
        }
        if (runStart >= 0) m.ops.readahead(t, m, runStart, (int) (end - runStart));
    }
}
