package org.f2fsobs.engine.kernel.mm.vmalloc;

import java.util.ArrayList;
import java.util.List;

/**
 * A small, separate re-implementation of 4.9's kva allocator for the differential test: {@code alloc_vmap_area}
 * (next-fit cache, list walk), {@code __free_vmap_area} (cache fix-up), {@code free_vmap_area_noflush} and the lazy
 * purge (newest first). A plain address-sorted ArrayList stands for vmap_area_root + vmap_area_list; the rb descent
 * is a linear search for the lowest area with {@code va_end >= addr}. Nothing is shared with {@link VmallocSpace}.
 */
final class Ref49Vmalloc {
    static final long PAGE = 4096;

    static final class Area {
        final long start;
        final long end;

        Area(long start, long end) {
            this.start = start;
            this.end = end;
        }
    }

    private final long vstart;
    private final long vend;
    private final long lazyMax;
    final List<Area> list = new ArrayList<>();
    private Area cache;
    private long holeSize;
    private long cVstart;
    private long cAlign;
    private final List<Area> purgeList = new ArrayList<>();
    private long lazyNr;
    int lastSteps;
    int purges;

    private final boolean ignoreHoleSize;      // a deliberately wrong variant, to show the comparison can fail

    Ref49Vmalloc(long vstart, long vend, long lazyMaxPages, boolean ignoreHoleSize) {
        this.ignoreHoleSize = ignoreHoleSize;
        this.vstart = vstart;
        this.vend = vend;
        this.lazyMax = lazyMaxPages;
    }

    private static long up(long x, long a) {
        return (x + a - 1) & -a;
    }

    Area alloc(long size, long align) {
        lastSteps = 0;
        if (cache == null || size < holeSize && !ignoreHoleSize || vstart < cVstart || align < cAlign) {
            holeSize = 0;
            cache = null;
        }
        cVstart = vstart;
        cAlign = align;
        long addr = 0;
        int i = -1;
        if (cache != null) {
            addr = up(cache.end, align);
            i = list.indexOf(cache);
            if (addr < vstart) {
                holeSize = 0;
                cache = null;
            }
        }
        if (cache == null) {
            addr = up(vstart, align);
            i = -1;
            for (int k = 0; k < list.size(); k++) {
                if (list.get(k).end >= addr) {
                    i = k;
                    break;
                }
            }
        }
        while (i >= 0 && addr + size > list.get(i).start && addr + size <= vend) {
            lastSteps++;
            if (addr + holeSize < list.get(i).start) holeSize = list.get(i).start - addr;
            addr = up(list.get(i).end, align);
            if (i == list.size() - 1) break;
            i++;
        }
        if (addr + size > vend || addr < vstart) throw new IllegalStateException("reference: overflow");
        Area a = new Area(addr, addr + size);
        int at = 0;
        while (at < list.size() && list.get(at).start < a.start) at++;
        list.add(at, a);
        cache = a;
        return a;
    }

    /** __free_vmap_area(). */
    private void free(Area a) {
        if (cache != null) {
            if (a.end < cVstart) {
                cache = null;
            } else if (a.start <= cache.start) {
                int idx = list.indexOf(a);
                cache = idx > 0 ? list.get(idx - 1) : null;
            }
        }
        list.remove(a);
    }

    /** free_vmap_area_noflush(); purges (newest first) above lazy_max_pages(). */
    void freeLazy(Area a) {
        lazyNr += (a.end - a.start) / PAGE;
        purgeList.add(a);
        if (lazyNr <= lazyMax) return;
        for (int k = purgeList.size() - 1; k >= 0; k--) {
            Area x = purgeList.get(k);
            free(x);
            lazyNr -= (x.end - x.start) / PAGE;
        }
        purgeList.clear();
        purges++;
    }
}
