package org.f2fsobs.engine.kernel.mm;

import org.f2fsobs.engine.platform.CpuOp;
import org.f2fsobs.engine.sim.SimTask;

/**
 * mm/filemap.c filemap_read for buffered reads: per page, find it (sync readahead on a miss, async readahead at a
 * PG_readahead page), wait until it is uptodate, copy it to the user. The consumer receives each page's content.
 */
public final class Filemap {
    private Filemap() {}

    /** What the reader does with each page it copies out. */
    @FunctionalInterface
    public interface PageSink {
        void page(long index, long ref, int offsetInPage, int len);

        /** As above, with the write identity of the page's content (a crash check's reader wants it). */
        default void page(long index, long ref, long tag, int offsetInPage, int len) {
            page(index, ref, offsetInPage, len);
        }
    }

    /**
     * Reads [pos, pos+len) clipped at {@code isize}; returns bytes read.
     *
     * @param ioPages the device's io_pages (max_sectors in pages): how far one read may be read ahead at once
     */
    public static long read(SimTask t, AddressSpace m, FileRaState ra, long pos, long len, long isize, int ioPages, PageSink sink) {
        if (pos >= isize || len <= 0) return 0;
        long end = Math.min(pos + len, isize);
        long index = pos >>> 12;
        long lastIndex = (end - 1) >>> 12;
        long eofIndex = (isize - 1) >>> 12;
        long done = 0;
        CachePage held = null;
        while (index <= lastIndex) {
            CachePage p = m.lookup(t, index);
            if (p == null) {
                Readahead.syncRa(t, m, ra, index, lastIndex - index + 1, ioPages, eofIndex);
                p = m.find(index);
                if (p == null) {
                    // no_cached_page: readahead's page was reclaimed before we got to it (thrashing): read it alone,
                    // holding the reference filemap_read holds, so reclaim cannot take it before it is copied
                    p = m.add(t, index, true);
                    p.lock();
                    m.mm.machine.cpu(t, CpuOp.READAHEAD_PAGE, 1);
                    m.ops.readahead(t, m, index, 1);
                    held = p;
                }
            }
            if (p.readahead()) Readahead.asyncRa(t, m, ra, p, lastIndex - index + 1, ioPages, eofIndex);
            if (!p.uptodate()) {
                p.waitUnlocked(t);
                if (!p.uptodate()) throw new IllegalStateException("read error on page " + index + " of " + m.name);
            }
            long pageStart = index << 12;
            int off = (int) Math.max(0, pos - pageStart);
            int n = (int) Math.min(4096 - off, end - (pageStart + off));
            m.mm.machine.cpu(t, CpuOp.COPY_USER_BYTE, n);
            sink.page(index, p.ref, p.tag, off, n);
            if (held != null) {
                held.refs--;
                held = null;
            }
            done += n;
            index++;
        }
        ra.prevPos = end - 1;
        return done;
    }
}
