package org.f2fsobs.engine.kernel.task;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.f2fsobs.engine.kernel.mm.vmalloc.Vmalloc;
import org.f2fsobs.engine.kernel.mm.vmalloc.VmallocConfig;
import org.f2fsobs.engine.kernel.mm.vmalloc.VmallocCosts;
import org.f2fsobs.engine.kernel.mm.vmalloc.VmallocEra;
import org.f2fsobs.engine.platform.KernelSpec.VmallocUsers;
import org.f2fsobs.engine.sim.SimOptions;
import org.f2fsobs.engine.sim.Simulation;
import org.junit.jupiter.api.Test;

/** The booted machine's thread stacks and binder areas, as fork and binder_mmap leave them in the 4.9 allocator. */
class VmallocUsersBootTests {

    static Vmalloc vm(VmallocEra era) {
        return new Vmalloc(new Simulation(1, SimOptions.ideal(4)), VmallocConfig.of(4, era), VmallocCosts.zero());
    }

    @Test
    void everyLiveThreadHasAStackAndEveryProcessABinderArea() {
        Vmalloc v = vm(VmallocEra.LIST_WALK_SYNC_PURGE);
        VmallocUsersBoot b = VmallocUsersBoot.create(v, 4, new VmallocUsers(1426, 300, 200, 75));
        v.space().check();
        assertThat(b.liveThreads()).isEqualTo(1426);
        assertThat(b.binderAreas()).isEqualTo(300);
        int restarted = restartedThreads(1426, 300, 200, 75);
        ThreadStacks st = b.stacks();
        assertThat(st.vmallocs() + st.cacheHits()).as("forks").isEqualTo(1426 + restarted);
        long cachedAtEnd = restarted - st.vfrees() - st.cacheHits();      // freed into cached_stacks, not taken again
        assertThat(cachedAtEnd).isBetween(0L, 4L * ThreadStacks.NR_CACHED_STACKS);
        assertThat(st.cacheHits()).as("restarted processes reuse cached stacks").isGreaterThan(0);
        assertThat(v.space().areaCount()).as("live + cached stacks, binder areas, lazily freed areas not yet purged")
                .isEqualTo(1426 + cachedAtEnd + 300 + v.space().lazyAreaCount());
    }

    /** Threads of the restarted processes (forked twice): threads minus kthreads, spread over the processes. */
    static int restartedThreads(int threads, int procs, int kthreads, int restarted) {
        int app = threads - kthreads;
        int sum = 0;
        for (int j = 0; j < restarted; j++) {
            int p = (int) Math.floor((j + 0.5) * procs / restarted);
            sum += app / procs + (p < app % procs ? 1 : 0);
        }
        return sum;
    }

    @Test
    void stacksSitAtA32KiBPitchWith12KiBHoles() {
        Vmalloc v = vm(VmallocEra.LIST_WALK_SYNC_PURGE);
        VmallocUsersBoot.create(v, 4, new VmallocUsers(64, 0, 64, 0));
        assertThat(v.space().areaCount()).isEqualTo(64);
        assertThat(v.space().holesBelow(20 * 1024)).as("holes too small for a 4-page vmap + guard").isEqualTo(63);
    }

    @Test
    void noUsersLeavesTheSpaceEmptyAndTheSameInputGivesTheSameLayout() {
        Vmalloc empty = vm(VmallocEra.LIST_WALK_SYNC_PURGE);
        VmallocUsersBoot.create(empty, 4, VmallocUsers.NONE);
        assertThat(empty.space().areaCount()).isZero();

        Vmalloc a = vm(VmallocEra.LIST_WALK_SYNC_PURGE);
        Vmalloc b = vm(VmallocEra.LIST_WALK_SYNC_PURGE);
        VmallocUsersBoot.create(a, 4, new VmallocUsers(500, 100, 50, 25));
        VmallocUsersBoot.create(b, 4, new VmallocUsers(500, 100, 50, 25));
        assertThat(a.space().layout()).isEqualTo(b.space().layout());
    }

    @Test
    void theFiveXEraTakesTheSamePopulation() {
        Vmalloc v = vm(VmallocEra.RBTREE_DEFERRED_PURGE);
        VmallocUsersBoot b = VmallocUsersBoot.create(v, 4, new VmallocUsers(1426, 300, 200, 75));
        v.space().check();
        assertThat(b.liveThreads()).isEqualTo(1426);
    }

    /** Walk steps per vmap of P2's clusters (rbuf 4 + cbuf 1 page) above the nominal population, by era. */
    static double stepsPerVmap(VmallocEra era, int threads) {
        Simulation sim = new Simulation(1, SimOptions.ideal(4));
        Vmalloc v = new Vmalloc(sim, VmallocConfig.of(4, era), VmallocCosts.zero());
        VmallocUsersBoot.create(v, 4, new VmallocUsers(1426, 300, 200, 75).withThreads(threads));
        sim.spawn("kworker/f2fs_post_read_wq", t -> {
            for (int i = 0; i < 8_000; i++) {
                long rbuf = v.vmap(t, 4);
                long cbuf = v.vmap(t, 1);
                v.vunmap(t, cbuf);
                v.vunmap(t, rbuf);
            }
        });
        sim.run();
        v.space().check();
        return (double) v.stats().vmapAreaWalkSteps() / v.stats().vmapCalls();
    }

    /**
     * The era prediction (issue 23 item 4): the same booted population costs 4.9's list walk hundreds of steps per
     * vmap and grows with the thread count; 5.2+'s lowest-fit descent of the free-area tree stays at tens.
     */
    @Test
    void theListWalkSeesThePopulationAndTheFreeTreeDoesNot() {
        double walk1426 = stepsPerVmap(VmallocEra.LIST_WALK_SYNC_PURGE, 1426);
        double walk4000 = stepsPerVmap(VmallocEra.LIST_WALK_SYNC_PURGE, 4000);
        double tree1426 = stepsPerVmap(VmallocEra.RBTREE_DEFERRED_PURGE, 1426);
        double tree4000 = stepsPerVmap(VmallocEra.RBTREE_DEFERRED_PURGE, 4000);
        assertThat(walk1426).isGreaterThan(100);
        assertThat(walk4000).isGreaterThan(2 * walk1426);
        assertThat(tree1426).isLessThan(40);
        assertThat(tree4000).isLessThan(40);
    }

    @Test
    void aPopulationThatCannotExistIsRefused() {
        assertThatThrownBy(() -> new VmallocUsers(100, 300, 0, 0)).hasMessageContaining("must cover");
        assertThatThrownBy(() -> new VmallocUsers(1000, 10, 0, 11)).hasMessageContaining("restarted_procs");
    }
}
