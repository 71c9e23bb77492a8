package org.f2fsobs.engine.kernel.mm.vmalloc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.f2fsobs.engine.sim.SimOptions;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.Simulation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

class VmallocTests {

    static Vmalloc vmalloc(Simulation sim, int onlineCpus, VmallocEra era, VmallocCosts costs) {
        return new Vmalloc(sim, VmallocConfig.of(onlineCpus, era), costs);
    }

    /** One 16 KiB F2FS cluster with vmap(): rbuf = 4 pages, cbuf = 1 page; unmapped cbuf first (f2fs order). */
    static void vmapCluster(Vmalloc v, SimTask t, int rpages, int cpages) {
        long rbuf = v.vmap(t, rpages);
        long cbuf = v.vmap(t, cpages);
        assertThat(rbuf).isNotZero();
        assertThat(cbuf).isNotZero();
        v.vunmap(t, cbuf);
        v.vunmap(t, rbuf);
    }

    static void vmMapRamCluster(Vmalloc v, SimTask t, int rpages, int cpages) {
        long rbuf = v.vmMapRam(t, rpages);
        long cbuf = v.vmMapRam(t, cpages);
        assertThat(rbuf).isNotZero();
        assertThat(cbuf).isNotZero();
        v.vmUnmapRam(t, cbuf, cpages);
        v.vmUnmapRam(t, rbuf, rpages);
    }

    static Vmalloc runOne(int cpus, int onlineCpus, VmallocEra era, VmallocCosts costs, int cycles,
                          BiConsumer<Vmalloc, SimTask> cycle) {
        Simulation sim = new Simulation(1, SimOptions.ideal(cpus));
        Vmalloc v = vmalloc(sim, onlineCpus, era, costs);
        sim.spawn("reader", t -> {
            for (int i = 0; i < cycles; i++) cycle.accept(v, t);
        });
        sim.run();
        v.space().check();
        return v;
    }

    // ------------------------------------------------------------------ per-cluster counts

    @ParameterizedTest
    @EnumSource(VmallocEra.class)
    void aClusterCycleIsTwoVmapsAndTwoVunmaps(VmallocEra era) {
        Vmalloc v = runOne(4, 4, era, VmallocCosts.zero(), 100, (vm, t) -> vmapCluster(vm, t, 4, 1));
        Map<String, Long> m = v.stats().toMap();
        assertThat(m.get("vmap_calls")).isEqualTo(200);
        assertThat(m.get("vunmap_calls")).isEqualTo(200);
        assertThat(m.get("vm_map_ram_calls")).isZero();
        assertThat(m.get("vmap_purges")).isZero();                    // 100 x 7 pages << lazy_max_pages
        assertThat(v.vmapLazyNr()).isEqualTo(100 * (5 + 2));          // guard page counted in each area
    }

    @Test
    void fourXVmapTakesTheGlobalLockTwiceAndVunmapThreeTimes() {
        // alloc_vmap_area + setup_vmalloc_vm; __vunmap's find_vmap_area + remove_vm_area's find + clear of va->vm
        Vmalloc v = runOne(4, 4, VmallocEra.LIST_WALK_SYNC_PURGE, VmallocCosts.zero(), 100,
                (vm, t) -> vmapCluster(vm, t, 4, 1));
        assertThat(v.stats().vmapAreaLockAcquisitions()).isEqualTo(100 * (2 * 2 + 2 * 3));
    }

    @ParameterizedTest
    @EnumSource(VmallocEra.class)
    void aClusterCycleIsTwoVmMapRamsAndTwoVmUnmapRams(VmallocEra era) {
        Vmalloc v = runOne(4, 4, era, VmallocCosts.zero(), 100, (vm, t) -> vmMapRamCluster(vm, t, 4, 1));
        Map<String, Long> m = v.stats().toMap();
        assertThat(m.get("vm_map_ram_calls")).isEqualTo(200);
        assertThat(m.get("vm_unmap_ram_calls")).isEqualTo(200);
        assertThat(m.get("vmap_calls")).isZero();
        assertThat(m.get("vmap_blocks_allocated")).isEqualTo(1);      // 500 pages fit in one 1024-page block
        assertThat(m.get("vmap_area_lock_acquisitions")).isEqualTo(1);
    }

    // ------------------------------------------------------------------ purge frequency

    /**
     * Hand derivation. lazy_max_pages = fls(cpus) x 8192: 4 CPUs -> 3 x 8192 = 24576, 8 CPUs -> 4 x 8192 = 32768.
     * A cycle frees c+1 pages then r+1 pages; the purge runs inside the first unmap that leaves vmap_lazy_nr
     * strictly above the limit and brings it back to 0 (single task: every lazy area is purged).
     * r=4, c=1 (7 pages a cycle), 4 CPUs: 7 x 3510 = 24570, cycle 3511 ends at 24577 > 24576 -> purge at the end of
     * every 3511th cycle: 3511, 7022, 10533 -> 3 purges in 11000 cycles, 2 x 3511 areas in the first.
     * r=4, c=1, 8 CPUs: 7 x 4681 = 32767, the first unmap of cycle 4682 makes 32769 -> purge; afterwards 5 pages
     * remain and the next purge is again at a first unmap, 4682 cycles later (5 + 7 x 4681 + 2 = 32774): 4682, 9364
     * -> 2 purges; the first frees 2 x 4681 + 1 areas.
     * r=5, c=1 (8 pages), 4 CPUs: 8 x 3072 = 24576 is not above; the first unmap of cycle 3073 makes 24578 -> purge,
     * then every 3073 cycles (6 + 8 x 3072 + 2 = 24584): 3073, 6146, 9219 -> 3 purges in 11000 cycles.
     * r=5, c=1, 8 CPUs: 8 x 4096 = 32768; first unmap of cycle 4097 -> purge, then every 4097: 4097, 8194 -> 2.
     */
    @ParameterizedTest
    @CsvSource({
        "4, 1, 4, 24576, 3, 7022",
        "4, 1, 8, 32768, 2, 9363",
        "5, 1, 4, 24576, 3, 6145",
        "5, 1, 8, 32768, 2, 8193",
    })
    void purgeFrequencyFollowsLazyMaxPagesAndOnlineCpus(int r, int c, int cpus, long lazyMax, long purges,
                                                        long areasInFirstPurge) {
        Simulation sim = new Simulation(1, SimOptions.ideal(cpus));
        Vmalloc v = vmalloc(sim, cpus, VmallocEra.LIST_WALK_SYNC_PURGE, VmallocCosts.zero());
        long[] freedAtFirst = {-1};
        sim.spawn("reader", t -> {
            for (int i = 0; i < 11_000; i++) {
                vmapCluster(v, t, r, c);
                if (freedAtFirst[0] < 0 && v.stats().vmapPurges() == 1) freedAtFirst[0] = v.stats().areasFreedInPurge();
            }
        });
        sim.run();
        assertThat(v.lazyMaxPages()).isEqualTo(lazyMax);
        assertThat(v.stats().vmapPurges()).isEqualTo(purges);
        assertThat(v.stats().vmapPurgesByCaller()).isEqualTo(purges);    // 4.x: the unmapping task purges
        assertThat(v.stats().tlbFlushAll()).isEqualTo(purges);           // span of thousands of areas > 1024 pages
        assertThat(freedAtFirst[0]).isEqualTo(areasInFirstPurge);
        assertThat(v.stats().vmapLazyNrPeak()).isGreaterThan(lazyMax).isLessThanOrEqualTo(lazyMax + r + 1);
    }

    @Test
    void moreOnlineCpusMeanRarerPurges() {
        long[] purges = new long[4];
        int[] cpus = {1, 2, 4, 8};
        for (int i = 0; i < cpus.length; i++) {
            purges[i] = runOne(cpus[i], cpus[i], VmallocEra.LIST_WALK_SYNC_PURGE, VmallocCosts.zero(), 8_000,
                    (vm, t) -> vmapCluster(vm, t, 4, 1)).stats().vmapPurges();
        }
        // fls = 1, 2, 3, 4: 8192, 16384, 24576, 32768 pages; 56000 lazy pages in all
        assertThat(purges).containsExactly(6, 3, 2, 1);
    }

    // ------------------------------------------------------------------ vm_map_ram blocks

    @ParameterizedTest
    @EnumSource(VmallocEra.class)
    void vmMapRamTakesTheGlobalLockOncePerNewBlock(VmallocEra era) {
        // order 0: exactly 1024 mappings per block
        Vmalloc ones = runOne(1, 1, era, VmallocCosts.zero(), 2_048, (vm, t) -> vm.vmUnmapRam(t, vm.vmMapRam(t, 1), 1));
        assertThat(ones.stats().vmapBlocksAllocated()).isEqualTo(2);
        assertThat(ones.stats().vmapBlocksFreed()).isEqualTo(2);
        assertThat(ones.stats().vmapAreaLockAcquisitions()).isEqualTo(era == VmallocEra.LIST_WALK_SYNC_PURGE ? 2 : 2 + 2);
        // (5.x also unlinks each freed block's area from the busy tree under vmap_area_lock)

        // f2fs cluster shape: 4 + 1 pages (orders 2 and 0) a cycle, 2000 cycles = 10000 pages; 4 CPUs online so
        // that the ~10 freed blocks (10240 lazy pages) stay below lazy_max_pages and no purge takes the lock
        Vmalloc clusters = runOne(1, 4, era, VmallocCosts.zero(), 2_000, (vm, t) -> vmMapRamCluster(vm, t, 4, 1));
        long blocks = clusters.stats().vmapBlocksAllocated();
        long needed = (5L * 2_000 + VmapBlocks.VMAP_BBMAP_BITS - 1) / VmapBlocks.VMAP_BBMAP_BITS;   // 10
        assertThat(blocks).isBetween(needed, needed + 1);
        if (era == VmallocEra.LIST_WALK_SYNC_PURGE) {
            assertThat(clusters.stats().vmapAreaLockAcquisitions()).isEqualTo(blocks);
            assertThat(clusters.stats().vmapPurges()).isZero();
        }
        assertThat(clusters.stats().vmapCalls()).isZero();
    }

    @Test
    void twoTasksOnTwoCpusMapFromTwoDifferentBlocks() {
        Simulation sim = new Simulation(1, SimOptions.ideal(2));
        Vmalloc v = vmalloc(sim, 2, VmallocEra.LIST_WALK_SYNC_PURGE, VmallocCosts.zero());
        long[][] addrs = new long[2][3];
        int[] cpu = new int[2];
        for (int k = 0; k < 2; k++) {
            int task = k;
            sim.spawn("t" + k, t -> {
                cpu[task] = t.cpuId();
                for (int i = 0; i < 3; i++) addrs[task][i] = v.vmMapRam(t, 1);
                t.sleepNs(1_000);                        // both hold their mappings at the same time
            });
        }
        sim.run();
        assertThat(cpu).containsExactly(0, 1);
        assertThat(v.stats().vmapBlocksAllocated()).isEqualTo(2);
        VmapBlock b0 = v.blocks().blockOf(addrs[0][0]);
        VmapBlock b1 = v.blocks().blockOf(addrs[1][0]);
        assertThat(b0).isNotSameAs(b1);
        assertThat(b0.cpu).isZero();
        assertThat(b1.cpu).isEqualTo(1);
        for (int k = 0; k < 2; k++) {                    // bump allocation inside each CPU's block
            assertThat(addrs[k][1] - addrs[k][0]).isEqualTo(VmallocSpace.PAGE_SIZE);
            assertThat(addrs[k][2] - addrs[k][1]).isEqualTo(VmallocSpace.PAGE_SIZE);
        }
    }

    @Test
    void vmMapRamAboveVmapMaxAllocFallsBackToTheGlobalAllocator() {
        Vmalloc v = runOne(1, 1, VmallocEra.LIST_WALK_SYNC_PURGE, VmallocCosts.zero(), 10,
                (vm, t) -> vm.vmUnmapRam(t, vm.vmMapRam(t, 65), 65));
        assertThat(v.stats().vmapBlocksAllocated()).isZero();
        assertThat(v.stats().vmapAreaLockAcquisitions()).isEqualTo(10 * 2);   // alloc + find, no guard page
        assertThat(v.vmapLazyNr()).isEqualTo(10 * 65);
    }

    // ------------------------------------------------------------------ determinism

    static List<Object> mixedRun(long seed) {
        Simulation sim = new Simulation(seed, SimOptions.ideal(4).withWakeJitterMeanNs(300).withContextSwitchNs(200));
        Vmalloc v = vmalloc(sim, 4, VmallocEra.LIST_WALK_SYNC_PURGE, VmallocCosts.example());
        v.populateBootAreas(50, 3);
        List<Long> addrs = new ArrayList<>();
        var prng = sim.prng().fork();
        for (int k = 0; k < 4; k++) {
            int task = k;
            sim.spawn("w" + k, t -> {
                for (int i = 0; i < 1_500; i++) {
                    int r = 1 + prng.nextInt(8);
                    if (task % 2 == 0) {
                        long a = v.vmap(t, r);
                        long b = v.vmap(t, 1);
                        addrs.add(a);
                        addrs.add(b);
                        t.sleepNs(prng.nextInt(2_000));
                        v.vunmap(t, b);
                        v.vunmap(t, a);
                    } else {
                        long a = v.vmMapRam(t, r);
                        addrs.add(a);
                        t.sleepNs(prng.nextInt(2_000));
                        v.vmUnmapRam(t, a, r);
                    }
                    if (i % 500 == 499) v.vmUnmapAliases(t);
                }
            });
        }
        sim.run();
        v.space().check();
        return List.of(v.stats().toMap(), addrs, sim.nowNs(), sim.digest().value());
    }

    @Test
    void sameOperationsTwiceGiveIdenticalStatsAndAddresses() {
        List<Object> a = mixedRun(42);
        List<Object> b = mixedRun(42);
        assertThat(b).isEqualTo(a);
        @SuppressWarnings("unchecked") Map<String, Long> m = (Map<String, Long>) a.get(0);
        assertThat(m.get("vmap_purges")).isPositive();   // the run exercised the purge
        assertThat(mixedRun(43).get(1)).isNotEqualTo(a.get(1));
    }

    // ------------------------------------------------------------------ contention

    static Vmalloc contendedRun(boolean useVmap) {
        Simulation sim = new Simulation(7, SimOptions.ideal(4));
        Vmalloc v = vmalloc(sim, 4, VmallocEra.LIST_WALK_SYNC_PURGE, VmallocCosts.example());
        int work = sim.accounting().register("decompress");
        for (int k = 0; k < 4; k++) {
            sim.spawn("reader" + k, t -> {
                for (int i = 0; i < 2_000; i++) {
                    if (useVmap) vmapCluster(v, t, 4, 1);
                    else vmMapRamCluster(v, t, 4, 1);
                    t.cpuNs(work, 2_000);                // the decompression between clusters
                }
            });
        }
        sim.run();
        v.space().check();
        return v;
    }

    @Test
    void vmapUsersContendOnTheGlobalLockWhileVmMapRamUsersMostlyDoNot() {
        Vmalloc vmap = contendedRun(true);
        Vmalloc ram = contendedRun(false);
        assertThat(vmap.stats().vmapAreaLockContended()).isGreaterThan(1_000);
        assertThat(vmap.stats().globalLockWaitNs()).isPositive();
        assertThat(ram.stats().vmapAreaLockContended()).isLessThanOrEqualTo(ram.stats().vmapBlocksAllocated());
        assertThat(ram.stats().vmapBlockLockContended()).isZero();                // each CPU has its own blocks
        assertThat(ram.stats().globalLockWaitNs()).isLessThan(vmap.stats().globalLockWaitNs() / 100);
    }
}
