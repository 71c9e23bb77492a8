package org.f2fsobs.engine.kernel.mm.vmalloc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.f2fsobs.engine.kernel.mm.vmalloc.VmallocSpace.VMALLOC_END;
import static org.f2fsobs.engine.kernel.mm.vmalloc.VmallocSpace.VMALLOC_START;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.f2fsobs.engine.sim.SimOptions;
import org.f2fsobs.engine.sim.Simulation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The engine's 4.9 allocator (VmallocSpace + VmapPurge, driven through Vmalloc's set-up and run-time calls) against
 * {@link Ref49Vmalloc}: the same population (16 KiB stacks at 16 KiB alignment, 1 MiB-aligned binder areas, some
 * freed) and the same requests (P2's clusters: vmap of 4 and of 1 page, vunmap of both, with forks and exits in
 * between) must give the same address and the same walk steps for every allocation, and the same purges.
 */
class VmallocDifferentialTests {
    static final long STACK = 16 * 1024;
    static final long BINDER = 1024 * 1024 - 2 * 4096;

    /** One operation on both allocators; records what each returned. */
    static final class Pair {
        final Simulation sim;
        final Vmalloc vm;
        final Ref49Vmalloc ref;
        final List<VmapArea> engAreas = new ArrayList<>();
        final List<Ref49Vmalloc.Area> refAreas = new ArrayList<>();
        int allocations;

        Pair(Simulation sim, Vmalloc vm, boolean mutant) {
            this.sim = sim;
            this.vm = vm;
            this.ref = new Ref49Vmalloc(VMALLOC_START, VMALLOC_END, vm.lazyMaxPages(), mutant);
        }

        /** Set-up allocation (fork's stack or binder's area); returns its index. */
        int setup(long size, long align, boolean ioremap) {
            VmapArea e = vm.setupGetVmArea(size, align, ioremap);
            int engSteps = vm.space().lastWalkSteps;
            long refAlign = ioremap ? 1L << Math.max(12, Math.min(30, 64 - Long.numberOfLeadingZeros(size))) : align;
            Ref49Vmalloc.Area r = ref.alloc(size + 4096, refAlign);
            check(e.vaStart(), e.vaEnd(), engSteps, r);
            engAreas.add(e);
            refAreas.add(r);
            return engAreas.size() - 1;
        }

        void setupFree(int i) {
            vm.setupVfree(engAreas.get(i));
            ref.freeLazy(refAreas.get(i));
            engAreas.set(i, null);
        }

        void check(long start, long end, long engSteps, Ref49Vmalloc.Area r) {
            allocations++;
            assertThat(start).as("address of allocation %d", allocations).isEqualTo(r.start);
            assertThat(end).as("end of allocation %d", allocations).isEqualTo(r.end);
            assertThat(engSteps).as("walk steps of allocation %d", allocations).isEqualTo(ref.lastSteps);
        }
    }

    static Pair populate(Random rnd, int stacks, int binders, int freed, boolean mutant) {
        Simulation sim = new Simulation(1, SimOptions.ideal(4));
        Pair p = new Pair(sim, VmallocTests.vmalloc(sim, 4, VmallocEra.LIST_WALK_SYNC_PURGE, VmallocCosts.zero()), mutant);
        List<Integer> live = new ArrayList<>();
        int perBinder = binders == 0 ? Integer.MAX_VALUE : Math.max(1, stacks / binders);
        for (int i = 0; i < stacks; i++) {
            live.add(p.setup(STACK, STACK, false));
            if (i % perBinder == 0 && binders > 0) live.add(p.setup(BINDER, 1, true));
        }
        for (int k = 0; k < freed; k++) p.setupFree(live.remove(rnd.nextInt(live.size())));
        for (int k = 0; k < freed / 2; k++) live.add(p.setup(STACK, STACK, false));   // restarted tasks
        return p;
    }

    /** Runs clusters through the engine's run-time vmap/vunmap and the reference, comparing every allocation. */
    static void clusters(Pair p, Random rnd, int n, int forkEvery) {
        List<Integer> forked = new ArrayList<>();
        Vmalloc vm = p.vm;
        p.sim.spawn("kworker/f2fs_post_read_wq", t -> {
            for (int i = 0; i < n; i++) {
                long steps0 = vm.stats().vmapAreaWalkSteps();
                long rbuf = vm.vmap(t, 4);
                long steps1 = vm.stats().vmapAreaWalkSteps();
                Ref49Vmalloc.Area rr = p.ref.alloc(5 * 4096, 1);
                p.check(rbuf, rbuf + 5 * 4096, steps1 - steps0, rr);
                long cbuf = vm.vmap(t, 1);
                long steps2 = vm.stats().vmapAreaWalkSteps();
                Ref49Vmalloc.Area rc = p.ref.alloc(2 * 4096, 1);
                p.check(cbuf, cbuf + 2 * 4096, steps2 - steps1, rc);
                vm.vunmap(t, cbuf);
                p.ref.freeLazy(rc);
                vm.vunmap(t, rbuf);
                p.ref.freeLazy(rr);
                if (forkEvery > 0 && i % forkEvery == 0) {                    // a task forks or exits meanwhile
                    if (!forked.isEmpty() && rnd.nextBoolean()) p.setupFree(forked.remove(0));
                    else forked.add(p.setup(STACK, STACK, false));
                }
            }
        });
        p.sim.run();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 300, 2000})
    void sameAddressesAndWalkStepsAsTheReference(int stacks) {
        Random rnd = new Random(23);
        Pair p = populate(rnd, stacks, stacks / 5, stacks / 4, false);
        clusters(p, rnd, 8_000, 97);
        p.vm.space().check();
        assertThat(p.vm.stats().vmapPurges()).isGreaterThan(0);
        assertThat(p.vm.stats().vmapPurges()).isEqualTo(p.ref.purges);
        assertThat(p.vm.space().areaCount()).isEqualTo(p.ref.list.size());
        if (stacks > 0) assertThat(p.vm.stats().freeVmapCacheMisses()).as("the holes make searches restart").isGreaterThan(100);
        if (stacks >= 2000) assertThat(p.vm.space().gapRunsSkipped).as("the walk took whole runs of areas at once").isGreaterThan(1000);
    }

    /** The comparison can fail: a reference that ignores cached_hole_size disagrees with the engine somewhere. */
    @Test
    void aReferenceWithoutTheHoleRuleDisagrees() {
        Random rnd = new Random(23);
        Pair p = populate(rnd, 300, 60, 75, true);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> clusters(p, rnd, 8_000, 97)).hasStackTraceContaining("of allocation");
    }
}
