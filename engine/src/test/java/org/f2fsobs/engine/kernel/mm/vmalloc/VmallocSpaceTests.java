package org.f2fsobs.engine.kernel.mm.vmalloc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.f2fsobs.engine.kernel.mm.vmalloc.VmallocSpace.PAGE_SIZE;
import static org.f2fsobs.engine.kernel.mm.vmalloc.VmallocSpace.VMALLOC_END;
import static org.f2fsobs.engine.kernel.mm.vmalloc.VmallocSpace.VMALLOC_START;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.f2fsobs.engine.sim.Prng;
import org.junit.jupiter.api.Test;

/** The address-space structures alone, without simulation. */
class VmallocSpaceTests {

    static VmapArea alloc(VmallocSpace s, int pages) {
        return s.allocListWalk(pages * PAGE_SIZE, PAGE_SIZE, VMALLOC_START, VMALLOC_END, pages);
    }

    @Test
    void theNextFitCacheFollowsTheLastAllocationAndStepsBackOnFree() {
        VmallocSpace s = new VmallocSpace(VmallocEra.LIST_WALK_SYNC_PURGE);
        VmapArea a = alloc(s, 2);
        VmapArea b = alloc(s, 5);
        VmapArea c = alloc(s, 2);
        assertThat(a.vaStart).isEqualTo(VMALLOC_START);
        assertThat(b.vaStart).isEqualTo(a.vaEnd);
        assertThat(s.freeVmapCache()).isSameAs(c);
        assertThat(s.lastWalkSteps).isEqualTo(1);        // the cached area itself
        s.freeVmapArea(c);
        assertThat(s.freeVmapCache()).isSameAs(b);       // rb_prev of the freed area
        s.freeVmapArea(a);
        assertThat(s.freeVmapCache()).isNull();          // a was below the cache and had no predecessor
        s.check();
    }

    @Test
    void aHoleSeenBelowTheCacheMakesSmallerRequestsRestartFromVstart() {
        VmallocSpace s = new VmallocSpace(VmallocEra.LIST_WALK_SYNC_PURGE);
        VmapArea a = alloc(s, 2);
        VmapArea hole = alloc(s, 3);
        VmapArea c = alloc(s, 2);
        s.freeVmapArea(hole);                            // 3-page hole between a and c; cache -> a
        VmapArea d = alloc(s, 4);                        // walks past the hole, records cached_hole_size = 3 pages
        assertThat(d.vaStart).isEqualTo(c.vaEnd);
        assertThat(s.cachedHoleSize()).isEqualTo(3 * PAGE_SIZE);
        VmapArea e = alloc(s, 2);                        // 2 pages < cached_hole_size: nocache
        assertThat(s.lastCacheMiss).isTrue();
        assertThat(e.vaStart).isEqualTo(a.vaEnd);        // found the hole by walking from VMALLOC_START
        assertThat(s.lastWalkSteps).isEqualTo(1);
        s.check();
    }

    @Test
    void lazilyFreedAreasStayInTheListUntilFreed() {
        VmallocSpace s = new VmallocSpace(VmallocEra.LIST_WALK_SYNC_PURGE);
        List<VmapArea> areas = new ArrayList<>();
        for (int i = 0; i < 10; i++) areas.add(alloc(s, 2));
        for (VmapArea va : areas) s.addLazy(va);
        assertThat(s.areaCount()).isEqualTo(10);
        assertThat(s.lazyAreaCount()).isEqualTo(10);
        List<VmapArea> taken = s.takePurgeList();
        assertThat(taken.get(0)).isSameAs(areas.get(9));  // llist: newest first
        for (VmapArea va : taken) s.freeVmapArea(va);
        assertThat(s.areaCount()).isZero();
        s.check();
    }

    /** Naive model of the 5.x free tree: sorted free ranges, first fit by a linear scan. */
    static final class NaiveFreeList {
        final TreeMap<Long, Long> free = new TreeMap<>();

        NaiveFreeList() {
            free.put(VMALLOC_START, VMALLOC_END);
        }

        long firstFit(long size, long align) {
            for (Map.Entry<Long, Long> e : free.entrySet()) {
                long a = VmallocSpace.align(e.getKey(), align);
                if (a + size <= e.getValue()) return a;
            }
            return Long.MIN_VALUE;
        }

        void clip(long addr, long size) {
            Map.Entry<Long, Long> f = free.floorEntry(addr);
            free.remove(f.getKey());
            if (f.getKey() < addr) free.put(f.getKey(), addr);
            if (addr + size < f.getValue()) free.put(addr + size, f.getValue());
        }

        void release(long start, long end) {
            Map.Entry<Long, Long> next = free.ceilingEntry(start);
            if (next != null && next.getKey() == end) {
                end = next.getValue();
                free.remove(next.getKey());
            }
            Map.Entry<Long, Long> prev = free.lowerEntry(start);
            if (prev != null && prev.getValue() == start) {
                start = prev.getKey();
                free.remove(start);
            }
            free.put(start, end);
        }
    }

    @Test
    void freeTreeLowestFitMatchesANaiveFirstFitOnARandomStream() {
        Prng prng = new Prng(2024);
        FreeVmapAreaTree tree = new FreeVmapAreaTree();
        tree.mergeOrAdd(VMALLOC_START, VMALLOC_END);
        NaiveFreeList model = new NaiveFreeList();
        List<long[]> busy = new ArrayList<>();
        long maxSteps = 0;
        for (int op = 0; op < 20_000; op++) {
            if (busy.isEmpty() || prng.nextInt(100) < 55) {
                long size = (1 + prng.nextInt(9)) * PAGE_SIZE;
                long want = model.firstFit(size, PAGE_SIZE);
                long got = tree.findLowestMatch(size, PAGE_SIZE, VMALLOC_START);
                assertThat(got).as("op %d alloc %d", op, size).isEqualTo(want);
                maxSteps = Math.max(maxSteps, tree.lastSteps);
                tree.clip(got, size);
                model.clip(want, size);
                busy.add(new long[] {got, got + size});
            } else {
                long[] r = busy.remove(prng.nextInt(busy.size()));
                tree.mergeOrAdd(r[0], r[1]);
                model.release(r[0], r[1]);
            }
            if (op % 1_000 == 0) tree.check();
            assertThat(tree.size()).isEqualTo(model.free.size());
        }
        tree.check();
        assertThat(tree.size()).isGreaterThan(100);          // the stream did fragment the space
        assertThat(maxSteps).isLessThan(tree.size());        // a descent, not a scan
    }

    @Test
    void freeTreeHonoursLargeAlignment() {
        FreeVmapAreaTree tree = new FreeVmapAreaTree();
        tree.mergeOrAdd(VMALLOC_START, VMALLOC_END);
        tree.clip(VMALLOC_START, 3 * PAGE_SIZE);
        long block = VmapBlocks.VMAP_BLOCK_SIZE;
        long got = tree.findLowestMatch(block, block, VMALLOC_START);
        assertThat(got % block).isZero();
        assertThat(got).isEqualTo(VmallocSpace.align(VMALLOC_START + 3 * PAGE_SIZE, block));
    }

    @Test
    void fiveXSpaceAccountsForEveryByteAcrossBusyLazyAndFree() {
        VmallocSpace s = new VmallocSpace(VmallocEra.RBTREE_DEFERRED_PURGE);
        List<VmapArea> areas = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            long size = (2 + i % 3) * PAGE_SIZE;
            long addr = s.findFreeArea(size, PAGE_SIZE, VMALLOC_START, VMALLOC_END);
            VmapArea va = s.clipFreeArea(addr, size, (int) (size / PAGE_SIZE) - 1);
            s.insertVmapArea(va);
            areas.add(va);
        }
        for (int i = 0; i < 20; i += 2) {
            s.unlinkVmapArea(areas.get(i));
            s.addLazy(areas.get(i));
        }
        s.check();
        assertThat(s.lazyAreaCount()).isEqualTo(10);         // every other area: no two lazy ones adjacent
        for (int i = 1; i < 20; i += 2) {
            s.unlinkVmapArea(areas.get(i));
            s.addLazy(areas.get(i));
        }
        assertThat(s.lazyAreaCount()).isEqualTo(1);          // now they merge into one range
        long[] ranges = s.takeLazyRanges();
        s.freeRange(ranges[0], ranges[1]);
        assertThat(s.freeAreaCount()).isEqualTo(1);          // and back into one free range
        s.check();
    }
}
