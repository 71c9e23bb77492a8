package org.f2fsobs.engine.kernel.mm.vmalloc;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Mirrors the "Global kva allocator" section of mm/vmalloc.c (4.x): {@code vmap_area_root}/{@code vmap_area_list},
 * the next-fit cache ({@code free_vmap_cache}, {@code cached_hole_size}, {@code cached_vstart}, {@code cached_align})
 * and {@code vmap_purge_list}; for {@link VmallocEra#RBTREE_DEFERRED_PURGE} also {@code free_vmap_area_root} and
 * the merged lazy tree {@code purge_vmap_area_root} (5.x/6.x). Pure data structure: locking, costs and counters
 * belong to {@link Vmalloc}, which holds the right lock around each call.
 *
 * <p>Address range: arm64 4.9 with {@code CONFIG_ARM64_VA_BITS=39}, 4 KiB pages, no KASAN [inference for the
 * Pixel 3]: {@code VMALLOC_START = MODULES_END = VA_START + 128 MiB}, {@code VMALLOC_END = PAGE_OFFSET - PUD_SIZE
 * (1 GiB) - VMEMMAP_SIZE (4 GiB) - 64 KiB}, about 250.9 GiB. Addresses are kept as real (negative) longs; all
 * lie in one sign half, so signed comparison orders them correctly.
 *
 * <p>Simplifications: {@code vmap_area_root} is a TreeMap by va_start, {@code vmap_area_list} links the areas in address order;
 * overflow of the 64-bit address arithmetic is not checked (the range is far from the wrap). The list walk skips runs
 * of areas with no fitting gap at once ({@link GapBlocks}, host time only: the same steps and cached_hole_size).
 */
public final class VmallocSpace {
    public static final int PAGE_SHIFT = 12;
    public static final long PAGE_SIZE = 1L << PAGE_SHIFT;
    /** VA_START (0xffffff8000000000 for 39-bit VA) + MODULES_VSIZE (128 MiB). */
    public static final long VMALLOC_START = 0xffffff8008000000L;
    /** PAGE_OFFSET (0xffffffc000000000) - 1 GiB - 4 GiB - 64 KiB. */
    public static final long VMALLOC_END = 0xffffffbebfff0000L;

    private final VmallocEra era;
    /** vmap_area_root + vmap_area_list: busy areas (4.x: lazily freed ones too, until purged), by va_start. */
    private final TreeMap<Long, VmapArea> vmapAreaRoot = new TreeMap<>();

    // 4.x next-fit cache, protected by vmap_area_lock
    private VmapArea freeVmapCache;
    private long cachedHoleSize;
    private long cachedVstart;
    private long cachedAlign;
    /** 4.x vmap_purge_list (an llist: newest first when taken). */
    private final ArrayList<VmapArea> vmapPurgeList = new ArrayList<>();

    // 5.2+: free areas and merged lazy areas
    private final FreeVmapAreaTree freeVmapAreaRoot = new FreeVmapAreaTree();
    private final TreeMap<Long, Long> purgeVmapAreaRoot = new TreeMap<>();

    /** vmap_areas (or free-tree nodes) visited by the last search. */
    int lastWalkSteps;
    /** The last 4.x search could not start from free_vmap_cache and descended from vstart. */
    boolean lastCacheMiss;
    /** Runs of areas the 4.x walk took at once ({@link GapBlocks}; host-side, for tests). */
    long gapRunsSkipped;

    public VmallocSpace(VmallocEra era) {
        this.era = era;
        if (!era.listWalk()) freeVmapAreaRoot.mergeOrAdd(VMALLOC_START, VMALLOC_END);
    }

    /** ALIGN(x, a) for a power-of-two {@code a}. */
    static long align(long x, long a) {
        return (x + a - 1) & -a;
    }

    // ------------------------------------------------------------------ 4.x: next fit + list walk

    /**
     * The search-and-insert part of {@code alloc_vmap_area()} in 4.x (caller holds vmap_area_lock): reuse the
     * cached position unless a more permissive request arrives, otherwise descend to the first area at or above
     * {@code vstart} and walk {@code vmap_area_list} until a hole fits. Returns null on overflow.
     */
    VmapArea allocListWalk(long size, long align, long vstart, long vend, int nrPages) {
        lastWalkSteps = 0;
        lastCacheMiss = false;
        if (freeVmapCache == null || size < cachedHoleSize || vstart < cachedVstart || align < cachedAlign) {
            cachedHoleSize = 0;                                     // nocache:
            freeVmapCache = null;
        }
        cachedVstart = vstart;                                      // record less permissive parameters
        cachedAlign = align;
        long addr = 0;
        VmapArea first = null;
        if (freeVmapCache != null) {
            first = freeVmapCache;
            addr = align(first.vaEnd, align);
            if (addr < vstart) {                                    // goto nocache
                cachedHoleSize = 0;
                freeVmapCache = null;
            }
        }
        if (freeVmapCache == null) {
            lastCacheMiss = true;
            addr = align(vstart, align);
            first = firstEndingAtOrAbove(addr);
        }
        while (first != null) {
            if (align <= PAGE_SIZE && first.block.head == first && first.listPrev != null && addr == first.listPrev.vaEnd) {
                GapBlocks.Block b = first.block;                    // host shortcut: a run where no gap fits is
                long gap = GapBlocks.maxGap(b);                     // walked area by area with the same outcome
                if (gap < size && b.tail.vaEnd + size <= vend) {
                    lastWalkSteps += b.count;
                    gapRunsSkipped++;
                    if (gap > cachedHoleSize) cachedHoleSize = gap;
                    addr = b.tail.vaEnd;                            // page-aligned: ALIGN(va_end, align <= PAGE) = va_end
                    if (b.tail.listNext == null) break;
                    first = b.tail.listNext;
                    continue;
                }
            }
            if (!(addr + size > first.vaStart && addr + size <= vend)) break;
            lastWalkSteps++;                                        // walk areas until a suitable hole is found
            if (addr + cachedHoleSize < first.vaStart) cachedHoleSize = first.vaStart - addr;
            addr = align(first.vaEnd, align);
            if (first.listNext == null) break;                      // list_is_last: found
            first = first.listNext;                                 // list_next_entry
        }
        if (addr + size > vend || addr < vstart) return null;       // overflow
        VmapArea va = new VmapArea(addr, addr + size, nrPages);
        insertVmapArea(va);
        freeVmapCache = va;
        return va;
    }

    /** The rb-tree descent of the cache-miss path: the lowest area whose va_end >= addr. */
    private VmapArea firstEndingAtOrAbove(long addr) {
        Map.Entry<Long, VmapArea> f = vmapAreaRoot.floorEntry(addr);
        if (f != null && f.getValue().vaEnd >= addr) return f.getValue();
        Map.Entry<Long, VmapArea> c = vmapAreaRoot.ceilingEntry(addr);
        return c == null ? null : c.getValue();
    }

    /** {@code __free_vmap_area()} in 4.x (caller holds vmap_area_lock): fix up the cache, erase the area. */
    void freeVmapArea(VmapArea va) {
        if (vmapAreaRoot.get(va.vaStart) != va) throw new IllegalStateException("freeing unknown " + va);
        if (freeVmapCache != null) {
            if (va.vaEnd < cachedVstart) {
                freeVmapCache = null;
            } else if (va.vaStart <= freeVmapCache.vaStart) {
                freeVmapCache = va.listPrev;                        // rb_prev(&va->rb_node)
                // cached_hole_size and cached_align are not updated, "but it won't go very wrong"
            }
        }
        vmapAreaRoot.remove(va.vaStart);
        if (era.listWalk()) GapBlocks.removing(va);
        unlinkList(va);
    }

    private static void unlinkList(VmapArea va) {
        if (va.listPrev != null) va.listPrev.listNext = va.listNext;
        if (va.listNext != null) va.listNext.listPrev = va.listPrev;
        va.listPrev = null;
        va.listNext = null;
    }

    // ------------------------------------------------------------------ 5.2+: free-area tree

    /** {@code __alloc_vmap_area()} lookup (caller holds free_vmap_area_lock): lowest fit or MIN_VALUE. */
    long findFreeArea(long size, long align, long vstart, long vend) {
        lastCacheMiss = false;
        long addr = freeVmapAreaRoot.findLowestMatch(size, align, vstart);
        lastWalkSteps = freeVmapAreaRoot.lastSteps;
        if (addr == Long.MIN_VALUE || addr + size > vend) return Long.MIN_VALUE;
        return addr;
    }

    /** Carves the found range out of the free tree (still under free_vmap_area_lock). */
    VmapArea clipFreeArea(long addr, long size, int nrPages) {
        freeVmapAreaRoot.clip(addr, size);
        return new VmapArea(addr, addr + size, nrPages);
    }

    /** Merges a purged range back into the free tree (caller holds free_vmap_area_lock). */
    void freeRange(long start, long end) {
        freeVmapAreaRoot.mergeOrAdd(start, end);
    }

    // ------------------------------------------------------------------ busy tree

    /** {@code __insert_vmap_area()}: into vmap_area_root and, address-sorted, vmap_area_list. */
    void insertVmapArea(VmapArea va) {
        Map.Entry<Long, VmapArea> prev = vmapAreaRoot.floorEntry(va.vaStart);
        Map.Entry<Long, VmapArea> next = vmapAreaRoot.ceilingEntry(va.vaStart);
        if (prev != null && prev.getValue().vaEnd > va.vaStart || next != null && next.getKey() < va.vaEnd) {
            throw new IllegalStateException("overlapping vmap_area " + va);   // BUG()
        }
        vmapAreaRoot.put(va.vaStart, va);
        va.listPrev = prev == null ? null : prev.getValue();       // list_add_rcu after rb_prev
        va.listNext = next == null ? null : next.getValue();
        if (va.listPrev != null) va.listPrev.listNext = va;
        if (va.listNext != null) va.listNext.listPrev = va;
        if (era.listWalk()) GapBlocks.inserted(va);
    }

    /** {@code __find_vmap_area()}: the area containing addr, or null. */
    VmapArea findVmapArea(long addr) {
        Map.Entry<Long, VmapArea> f = vmapAreaRoot.floorEntry(addr);
        return f != null && addr < f.getValue().vaEnd ? f.getValue() : null;
    }

    /** 5.x {@code unlink_va()} from the busy tree (find_unlink_vmap_area). */
    void unlinkVmapArea(VmapArea va) {
        if (vmapAreaRoot.remove(va.vaStart) != va) throw new IllegalStateException("unlinking unknown " + va);
        if (era.listWalk()) GapBlocks.removing(va);
        unlinkList(va);
    }

    // ------------------------------------------------------------------ lazily freed areas

    /** 4.x {@code llist_add(&va->purge_list, &vmap_purge_list)}; 5.x merge into purge_vmap_area_root. */
    void addLazy(VmapArea va) {
        if (va.lazy) throw new IllegalStateException("freed twice: " + va);
        va.lazy = true;
        if (era.listWalk()) {
            vmapPurgeList.add(va);
            return;
        }
        long start = va.vaStart;
        long end = va.vaEnd;
        Map.Entry<Long, Long> next = purgeVmapAreaRoot.ceilingEntry(start);
        if (next != null && next.getKey() == end) {
            end = next.getValue();
            purgeVmapAreaRoot.remove(next.getKey());
        }
        Map.Entry<Long, Long> prev = purgeVmapAreaRoot.lowerEntry(start);
        if (prev != null && prev.getValue() == start) {
            start = prev.getKey();
            purgeVmapAreaRoot.remove(start);
        }
        purgeVmapAreaRoot.put(start, end);
    }

    /** 4.x {@code llist_del_all(&vmap_purge_list)}: every lazy area, newest first. */
    List<VmapArea> takePurgeList() {
        List<VmapArea> out = new ArrayList<>(vmapPurgeList.size());
        for (int i = vmapPurgeList.size() - 1; i >= 0; i--) out.add(vmapPurgeList.get(i));
        vmapPurgeList.clear();
        return out;
    }

    /** 5.x: takes purge_vmap_area_root (merged ranges, address order) as {start0, end0, start1, end1, ...}. */
    long[] takeLazyRanges() {
        long[] out = new long[2 * purgeVmapAreaRoot.size()];
        int k = 0;
        for (Map.Entry<Long, Long> e : purgeVmapAreaRoot.entrySet()) {
            out[k++] = e.getKey();
            out[k++] = e.getValue();
        }
        purgeVmapAreaRoot.clear();
        return out;
    }

    // ------------------------------------------------------------------ inspection

    /** Areas in vmap_area_root (4.x: busy + lazily freed). */
    public int areaCount() {
        return vmapAreaRoot.size();
    }

    /** Lazily freed areas waiting for a purge (5.x: merged ranges). */
    public int lazyAreaCount() {
        return era.listWalk() ? vmapPurgeList.size() : purgeVmapAreaRoot.size();
    }

    /** Free ranges in the 5.2+ free tree (0 in the 4.x era, which has none). */
    public int freeAreaCount() {
        return era.listWalk() ? 0 : freeVmapAreaRoot.size();
    }

    /** Gaps between neighbouring areas that are non-empty and smaller than {@code bytes} (4.x list; for reports and tests). */
    public int holesBelow(long bytes) {
        int n = 0;
        long prevEnd = Long.MIN_VALUE;
        for (VmapArea va : vmapAreaRoot.values()) {
            long gap = va.vaStart - prevEnd;
            if (prevEnd != Long.MIN_VALUE && gap > 0 && gap < bytes) n++;
            prevEnd = va.vaEnd;
        }
        return n;
    }

    /** Every area as {start0, end0, start1, end1, ...} in address order (for tests). */
    public long[] layout() {
        long[] out = new long[2 * vmapAreaRoot.size()];
        int k = 0;
        for (VmapArea va : vmapAreaRoot.values()) {
            out[k++] = va.vaStart;
            out[k++] = va.vaEnd;
        }
        return out;
    }

    /** The 4.x free_vmap_cache (null when invalid); for tests. */
    VmapArea freeVmapCache() {
        return freeVmapCache;
    }

    long cachedHoleSize() {
        return cachedHoleSize;
    }

    /**
     * Invariants: areas sorted and disjoint inside [VMALLOC_START, VMALLOC_END); lazy flags agree with the purge
     * list; 5.x: busy + lazy + free bytes cover the range exactly once.
     */
    public void check() {
        long prevEnd = VMALLOC_START;
        long busyBytes = 0;
        int lazyInTree = 0;
        VmapArea prevVa = null;
        for (VmapArea va : vmapAreaRoot.values()) {
            if (va.listPrev != prevVa || prevVa != null && prevVa.listNext != va) throw new IllegalStateException("vmap_area_list broken at " + va);
            prevVa = va;
            if (va.vaStart < prevEnd || va.vaEnd <= va.vaStart || va.vaEnd > VMALLOC_END) {
                throw new IllegalStateException("vmap_area_list out of order at " + va);
            }
            prevEnd = va.vaEnd;
            busyBytes += va.vaEnd - va.vaStart;
            if (va.lazy) lazyInTree++;
        }
        if (era.listWalk()) {
            if (!vmapAreaRoot.isEmpty()) GapBlocks.check(vmapAreaRoot.firstEntry().getValue());
            if (lazyInTree != vmapPurgeList.size()) throw new IllegalStateException("lazy areas not all listed");
            if (freeVmapCache != null && vmapAreaRoot.get(freeVmapCache.vaStart) != freeVmapCache) {
                throw new IllegalStateException("free_vmap_cache points to a freed area");
            }
            return;
        }
        if (lazyInTree != 0) throw new IllegalStateException("lazy area left in the busy tree");
        freeVmapAreaRoot.check();
        long lazyBytes = 0;
        for (Map.Entry<Long, Long> e : purgeVmapAreaRoot.entrySet()) lazyBytes += e.getValue() - e.getKey();
        long total = busyBytes + lazyBytes + freeVmapAreaRoot.freeBytes();
        if (total != VMALLOC_END - VMALLOC_START) throw new IllegalStateException("VA accounting off by " + (VMALLOC_END - VMALLOC_START - total));
    }
}
