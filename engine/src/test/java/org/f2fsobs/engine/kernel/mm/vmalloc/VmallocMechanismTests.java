package org.f2fsobs.engine.kernel.mm.vmalloc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.f2fsobs.engine.kernel.mm.vmalloc.VmallocTests.vmMapRamCluster;
import static org.f2fsobs.engine.kernel.mm.vmalloc.VmallocTests.vmalloc;
import static org.f2fsobs.engine.kernel.mm.vmalloc.VmallocTests.vmapCluster;

import org.f2fsobs.engine.sim.SimOptions;
import org.f2fsobs.engine.sim.Simulation;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** How the address search, the purge and the TLB flush behave, measured on the model. */
class VmallocMechanismTests {

    /**
     * Leaves {@code lazyAreas} lazily freed 2-page areas, lets one new vmap block (align = 4 MiB) raise
     * cached_align, then measures the search of the next vmap(1): its align (1, from get_vm_area_caller) is below
     * cached_align, so 4.x drops free_vmap_cache and walks vmap_area_list from VMALLOC_START.
     */
    static long[] stepsOfOneVmapAfter(VmallocEra era, int lazyAreas) {
        Simulation sim = new Simulation(1, SimOptions.ideal(1));
        Vmalloc v = vmalloc(sim, 4, era, VmallocCosts.zero());
        long[] out = new long[2];
        sim.spawn("t", t -> {
            for (int i = 0; i < lazyAreas; i++) v.vunmap(t, v.vmap(t, 1));
            v.vmMapRam(t, 1);
            long steps = v.stats().vmapAreaWalkSteps();
            long misses = v.stats().freeVmapCacheMisses();
            v.vmap(t, 1);
            out[0] = v.stats().vmapAreaWalkSteps() - steps;
            out[1] = v.stats().freeVmapCacheMisses() - misses;
        });
        sim.run();
        assertThat(v.stats().vmapPurges()).isZero();
        v.space().check();
        return out;
    }

    @Test
    void fourXWalkStepsGrowWithTheNumberOfLazilyFreedAreas() {
        long[] few = stepsOfOneVmapAfter(VmallocEra.LIST_WALK_SYNC_PURGE, 100);
        long[] many = stepsOfOneVmapAfter(VmallocEra.LIST_WALK_SYNC_PURGE, 1_000);
        assertThat(few[1]).isEqualTo(1);                 // the cache was dropped
        assertThat(many[1]).isEqualTo(1);
        assertThat(few[0]).isGreaterThanOrEqualTo(100);  // every lazy area below the first hole is visited
        assertThat(many[0]).isGreaterThanOrEqualTo(1_000);
        assertThat(many[0]).isGreaterThan(5 * few[0]);
    }

    @Test
    void fiveXTreeSearchDoesNotSeeLazyAreas() {
        long few = stepsOfOneVmapAfter(VmallocEra.RBTREE_DEFERRED_PURGE, 100)[0];
        long many = stepsOfOneVmapAfter(VmallocEra.RBTREE_DEFERRED_PURGE, 1_000)[0];
        assertThat(few).isBetween(1L, 10L);
        assertThat(many).isBetween(1L, 10L);             // lazy areas live in the purge tree, not the free tree
    }

    /**
     * P2's off case as the 2020 kernel runs it for one dd reader (issue 11): f2fs_decompress_pages maps rbuf (4 pages)
     * and cbuf (1 page) with vmap and unmaps both, one cluster after the other, in one post_read_wq work item at a time,
     * above a booted layout without holes. 4.9's alloc_vmap_area starts every search at free_vmap_cache and walks one
     * area; __purge_vmap_area_lazy frees the lazy areas newest first, so __free_vmap_area steps free_vmap_cache down to
     * rb_prev of the lowest freed area (the top boot area) and cached_hole_size never becomes non-zero: no search ever
     * restarts from VMALLOC_START. lazy_max_pages() with 4 online CPUs is fls(4) x 8192 = 24576 pages, i.e. one purge
     * per 3511 clusters of 7 lazy pages, each freeing 7022 areas after one flush_tlb_all.
     */
    @Test
    void aLoneDecompressorKeepsFreeVmapCacheAcrossPurges() {
        Simulation sim = new Simulation(1, SimOptions.ideal(4));
        Vmalloc v = vmalloc(sim, 4, VmallocEra.LIST_WALK_SYNC_PURGE, VmallocCosts.zero());
        v.populateBootAreas(500, 3);
        sim.spawn("kworker/f2fs_post_read_wq", t -> {
            for (int i = 0; i < 11_000; i++) vmapCluster(v, t, 4, 1);
        });
        sim.run();
        v.space().check();
        assertThat(v.lazyMaxPages()).isEqualTo(24_576);
        assertThat(v.stats().vmapPurges()).isEqualTo(3);
        assertThat(v.stats().tlbFlushAll()).isEqualTo(3);
        assertThat(v.stats().areasFreedInPurge()).isEqualTo(3 * 7_022);
        assertThat(v.stats().freeVmapCacheMisses()).isZero();
        assertThat(v.stats().vmapAreaWalkStepsMax()).isEqualTo(1);
        assertThat(v.stats().vmapAreaWalkSteps()).isEqualTo(v.stats().vmapCalls());
        assertThat(v.space().cachedHoleSize()).isZero();
        assertThat(v.space().areaCount()).isEqualTo(500 + v.space().lazyAreaCount());
    }

    @Test
    void aSingleVmapUserHitsTheNextFitCacheButConcurrentUsersMakeItFail() {
        Vmalloc single = VmallocTests.runOne(4, 4, VmallocEra.LIST_WALK_SYNC_PURGE, VmallocCosts.example(), 11_000,
                (vm, t) -> vmapCluster(vm, t, 4, 1));
        assertThat(single.stats().vmapPurges()).isEqualTo(3);
        assertThat(single.stats().vmapAreaWalkStepsMax()).isLessThanOrEqualTo(1);

        Simulation sim = new Simulation(7, SimOptions.ideal(4));
        Vmalloc two = vmalloc(sim, 4, VmallocEra.LIST_WALK_SYNC_PURGE, VmallocCosts.example());
        int work = sim.accounting().register("decompress");
        for (int k = 0; k < 2; k++) {
            sim.spawn("reader" + k, t -> {
                for (int i = 0; i < 6_000; i++) {
                    vmapCluster(two, t, 4, 1);
                    t.cpuNs(work, 2_000);
                }
            });
        }
        sim.run();
        two.space().check();
        // interleaved alloc/free leave small holes behind the purge; a request smaller than cached_hole_size drops
        // the cache and walks the whole list of lazy areas from VMALLOC_START
        assertThat(two.stats().vmapPurges()).isGreaterThanOrEqualTo(2);
        assertThat(two.stats().freeVmapCacheMisses()).isGreaterThan(two.stats().vmapPurges());
        assertThat(two.stats().vmapAreaWalkStepsMax()).isGreaterThan(1_000);
    }

    @Test
    void fiveXPurgesInADrainWorkerNotInTheUnmappingTask() {
        Vmalloc v = VmallocTests.runOne(2, 4, VmallocEra.RBTREE_DEFERRED_PURGE, VmallocCosts.example(), 11_000,
                (vm, t) -> vmapCluster(vm, t, 4, 1));
        assertThat(v.stats().vmapPurges()).isPositive();
        assertThat(v.stats().vmapPurgesByCaller()).isZero();
        assertThat(v.stats().areasFreedInPurge()).isLessThan(v.stats().vmapPurges() * 10);  // adjacent lazy areas merged
        Vmalloc old = VmallocTests.runOne(2, 4, VmallocEra.LIST_WALK_SYNC_PURGE, VmallocCosts.example(), 11_000,
                (vm, t) -> vmapCluster(vm, t, 4, 1));
        assertThat(old.stats().vmapPurgesByCaller()).isEqualTo(old.stats().vmapPurges()).isEqualTo(3);
    }

    /** 4.9 arm64: flush_tlb_all when the span exceeds MAX_TLB_RANGE = 1024 pages; 6.x: from MAX_DVM_OPS = 512. */
    @ParameterizedTest
    @CsvSource({
        "LIST_WALK_SYNC_PURGE, 512, 1, 0",      // 512 two-page areas: 1024 pages, flushed page by page
        "LIST_WALK_SYNC_PURGE, 513, 0, 1",      // 1026 pages
        "RBTREE_DEFERRED_PURGE, 255, 1, 0",     // 510 pages
        "RBTREE_DEFERRED_PURGE, 256, 0, 1",     // 512 pages
    })
    void purgeFlushesTheLazySpanByRangeOrAll(VmallocEra era, int areas, long range, long all) {
        Simulation sim = new Simulation(1, SimOptions.ideal(1));
        Vmalloc v = vmalloc(sim, 4, era, VmallocCosts.zero());
        sim.spawn("t", t -> {
            for (int i = 0; i < areas; i++) v.vunmap(t, v.vmap(t, 1));
            v.vmUnmapAliases(t);
        });
        sim.run();
        assertThat(v.stats().vmapPurges()).isEqualTo(1);
        assertThat(v.stats().tlbFlushRange()).isEqualTo(range);
        assertThat(v.stats().tlbFlushAll()).isEqualTo(all);
        assertThat(v.vmapLazyNr()).isZero();
        v.space().check();
    }

    @Test
    void vmUnmapAliasesFreesAFragmentedBlockAndFlushesIt() {
        Simulation sim = new Simulation(1, SimOptions.ideal(1));
        Vmalloc v = vmalloc(sim, 4, VmallocEra.LIST_WALK_SYNC_PURGE, VmallocCosts.zero());
        sim.spawn("t", t -> {
            long a = v.vmMapRam(t, 3);                   // order 2: 4 pages of a fresh block
            v.vmUnmapRam(t, a, 3);                       // dirty 4, free 1020: fragmented
            v.vmUnmapAliases(t);
        });
        sim.run();
        assertThat(v.stats().vmapBlocksAllocated()).isEqualTo(1);
        assertThat(v.stats().vmapBlocksFreed()).isEqualTo(1);
        assertThat(v.stats().vmapPurges()).isEqualTo(1);
        assertThat(v.stats().tlbFlushRange()).isEqualTo(1);   // one 1024-page block: not above MAX_TLB_RANGE
        assertThat(v.space().areaCount()).isZero();
    }

    @Test
    void vmMapRamPurgesOncePerLazyMaxPagesOfFreedBlocks() {
        // 4 CPUs: 24576 lazy pages = 24 blocks; the 25th freed block pushes vmap_lazy_nr above the limit
        Vmalloc v = VmallocTests.runOne(1, 4, VmallocEra.LIST_WALK_SYNC_PURGE, VmallocCosts.zero(), 25 * 1024,
                (vm, t) -> vm.vmUnmapRam(t, vm.vmMapRam(t, 1), 1));
        assertThat(v.stats().vmapBlocksFreed()).isEqualTo(25);
        assertThat(v.stats().vmapPurges()).isEqualTo(1);
        assertThat(v.stats().areasFreedInPurge()).isEqualTo(25);
        assertThat(v.stats().tlbFlushAll()).isEqualTo(1);
    }

    @Test
    void costsAreChargedToTheirAccountsAndScaleWithCounts() {
        Simulation sim = new Simulation(1, SimOptions.ideal(1));
        VmallocCosts c = VmallocCosts.example();
        Vmalloc v = vmalloc(sim, 4, VmallocEra.LIST_WALK_SYNC_PURGE, c);
        sim.spawn("t", t -> {
            for (int i = 0; i < 10; i++) vmMapRamCluster(v, t, 4, 1);
        });
        sim.run();
        // 20 maps of 4 + 1 pages and 20 unmaps
        assertThat(sim.accounting().ps("vmap_pte")).isEqualTo(10 * 5 * (c.ptePerPagePs() + c.pteClearPerPagePs()));
        assertThat(sim.accounting().ps("tlb_flush")).isZero();
        assertThat(sim.accounting().ps("vmap_block")).isPositive();
    }

    @ParameterizedTest
    @EnumSource(VmallocEra.class)
    void anExhaustedRangePurgesOnceAndRetries(VmallocEra era) {
        Simulation sim = new Simulation(1, SimOptions.ideal(1));
        Vmalloc v = vmalloc(sim, 4, era, VmallocCosts.zero());
        long page = VmallocSpace.PAGE_SIZE;
        long vstart = VmallocSpace.VMALLOC_START;
        long vend = vstart + 8 * page;                  // room for two 4-page areas
        VmapArea[] got = new VmapArea[4];
        sim.spawn("t", t -> {
            got[0] = v.allocVmapArea(t, 4 * page, page, vstart, vend, 3, true);
            got[1] = v.allocVmapArea(t, 4 * page, page, vstart, vend, 3, true);
            if (era == VmallocEra.RBTREE_DEFERRED_PURGE) v.space().unlinkVmapArea(got[1]);
            v.purge().freeVmapAreaNoflush(t, got[1]);   // lazily freed: not reusable until purged
            got[2] = v.allocVmapArea(t, 4 * page, page, vstart, vend, 3, true);   // overflow -> purge -> retry
            got[3] = v.allocVmapArea(t, 4 * page, page, vstart, vend, 3, true);   // really full
        });
        sim.run();
        assertThat(got[0].vaStart()).isEqualTo(vstart);
        assertThat(got[2].vaStart()).isEqualTo(got[1].vaStart());
        assertThat(got[3]).isNull();
        assertThat(v.stats().vmapPurges()).isEqualTo(1);   // the second overflow found nothing to purge
        v.space().check();
    }

    @Test
    void bootAreasLengthenEveryCacheMissWalk() {
        Simulation sim = new Simulation(1, SimOptions.ideal(1));
        Vmalloc v = vmalloc(sim, 4, VmallocEra.LIST_WALK_SYNC_PURGE, VmallocCosts.zero());
        v.populateBootAreas(300, 3);
        assertThat(v.space().areaCount()).isEqualTo(300);
        long[] steps = new long[1];
        sim.spawn("t", t -> {
            v.vmMapRam(t, 1);                            // a block raises cached_align
            long before = v.stats().vmapAreaWalkSteps();
            v.vmap(t, 1);
            steps[0] = v.stats().vmapAreaWalkSteps() - before;
        });
        sim.run();
        assertThat(steps[0]).isGreaterThanOrEqualTo(300);
    }

    @Test
    void resetStartsANewMeasurementWindow() {
        Simulation sim = new Simulation(1, SimOptions.ideal(1));
        Vmalloc v = vmalloc(sim, 4, VmallocEra.LIST_WALK_SYNC_PURGE, VmallocCosts.zero());
        sim.spawn("t", t -> {
            for (int i = 0; i < 10; i++) vmapCluster(v, t, 4, 1);
            v.stats().reset();
            for (int i = 0; i < 5; i++) vmapCluster(v, t, 4, 1);
        });
        sim.run();
        var m = v.stats().toMap();
        assertThat(m.get("vmap_calls")).isEqualTo(10);
        assertThat(m.get("vmap_area_lock_acquisitions")).isEqualTo(5 * 10);
        assertThat(m.get("vmap_lazy_nr")).isEqualTo(15 * 7);   // state, not a counter: not reset
        assertThat(m.get("vmap_lazy_nr_peak")).isEqualTo(15 * 7);
    }

    /**
     * Reproducer for a limitation of the simulation core, not of this model: {@link
     * org.f2fsobs.engine.sim.SimSpinlock} does not disable preemption, so with more runnable tasks than CPUs a task
     * whose slice ends inside a critical section is preempted while holding vmap_area_lock, the spinners keep every
     * CPU, and the run ends in SimDeadlockException. Linux spin_lock() disables preemption, so this cannot happen
     * there. Enable once sim/ supports it (e.g. a preempt count on SimTask that SimSpinlock raises and sync() honours).
     */
    @Test
    void moreVmapUsersThanCpusDoNotDeadlock() {
        Simulation sim = new Simulation(7, SimOptions.ideal(4));
        Vmalloc v = vmalloc(sim, 4, VmallocEra.LIST_WALK_SYNC_PURGE, VmallocCosts.example());
        int work = sim.accounting().register("decompress");
        for (int k = 0; k < 6; k++) {
            sim.spawn("reader" + k, t -> {
                for (int i = 0; i < 8_000; i++) {
                    vmapCluster(v, t, 4, 1);
                    t.cpuNs(work, 2_000);
                }
            });
        }
        sim.run();
        assertThat(v.stats().vmapCalls()).isEqualTo(6 * 8_000 * 2);
    }
}
