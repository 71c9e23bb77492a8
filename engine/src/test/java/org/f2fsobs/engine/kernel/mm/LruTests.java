package org.f2fsobs.engine.kernel.mm;

import static org.assertj.core.api.Assertions.assertThat;

import org.f2fsobs.engine.platform.LruStart;
import org.f2fsobs.engine.platform.Machine;
import org.f2fsobs.engine.platform.Profile;
import org.f2fsobs.engine.platform.Profiles;
import org.f2fsobs.engine.sim.SimTask;
import org.junit.jupiter.api.Test;

/**
 * Reclaim on a memory split (mm/vmscan.c): the run's pages come out of free memory down to the reserves; then other
 * processes' inactive file pages go first, active ones only while the inactive list is low; global_dirtyable_memory
 * (mm/page-writeback.c) is free − reserves + active + inactive file pages + 1 throughout.
 */
class LruTests {
    static final AddressSpaceOps NO_IO = new AddressSpaceOps() {
        @Override public long writepages(SimTask t, AddressSpace mapping, WritebackControl wbc) { return 0; }
        @Override public void readahead(SimTask t, AddressSpace mapping, long start, int nr) { }
    };

    static Mm mm(LruStart split) {
        Profile p = Profiles.load("ufs21-2018");
        Profile q = new Profile(p.name(), p.title(), p.description(), p.userland(), p.cpu(), p.memoryBytes(), p.availableBytes(),
                p.dirtyableBytes(), p.device(), p.tunables(), p.kernel(), p.constants(), split);
        return new Mm(new Machine(q, 1));
    }

    /** Runs {@code body} as the one task of the machine's simulation. */
    static void inTask(Mm mm, java.util.function.Consumer<SimTask> body) {
        mm.machine().sim().spawn("reader", body::accept);
        mm.machine().sim().run();
    }

    /** Adds {@code n} clean pages to a new file. */
    static void fill(SimTask t, Mm mm, int n) {
        AddressSpace m = mm.newMapping("file", NO_IO, "file");
        for (int i = 0; i < n; i++) m.add(t, i);
    }

    @Test
    void theProfilesSplitGivesTheKernelsDirtyableMemoryAndThresholds() {
        Mm mm = new Mm(new Machine(Profiles.load("ufs21-2018"), 1));
        LruStart s = Profiles.load("ufs21-2018").lruStart();
        assertThat(s.freePages()).isEqualTo(17_461);
        assertThat(s.activeFilePages()).isEqualTo(64_869);
        assertThat(s.inactiveFilePages()).isEqualTo(65_395);
        assertThat(s.reservePages()).isEqualTo(10_639);
        assertThat(mm.lru().globalDirtyableMemory()).isEqualTo(17_461 - 10_639 + 64_869 + 65_395 + 1);
        // the run's pages may take free − reserves + the other processes' inactive pages (282 MiB)
        assertThat(mm.lru().capacityPages()).isEqualTo(17_461 - 10_639);
    }

    @Test
    void otherProcessesInactivePagesGoFirstThenTheRunsOwnWhileTheInactiveListIsNotLow() {
        Mm mm = mm(new LruStart(300, 100, 1_000, 50));     // free, active, inactive, reserve (pages)
        long dirtyable0 = mm.lru().globalDirtyableMemory();
        assertThat(dirtyable0).isEqualTo(300 - 50 + 100 + 1_000 + 1);
        long[] afterFirst = new long[2];
        inTask(mm, t -> {
            fill(t, mm, 250);
            afterFirst[0] = mm.lru().foreignReclaimed();
            afterFirst[1] = mm.lru().freePages();
            fill(t, mm, 1_500);
        });
        assertThat(afterFirst[0]).as("free pages were enough").isZero();
        assertThat(afterFirst[1]).isEqualTo(50);
        // 1250 pages could be cached besides the 100 active ones: the 1000 inactive ones went, then the run's oldest
        assertThat(mm.lru().foreignInactivePages()).isZero();
        assertThat(mm.lru().foreignActivePages()).as("inactive (the run's pages) never fell below active").isEqualTo(100);
        assertThat(mm.lru().size()).isEqualTo(1_250);
        assertThat(mm.lru().evicted()).isEqualTo(250 + 1_500 - 1_250);
        assertThat(mm.lru().globalDirtyableMemory()).as("free pages became file pages one for one").isEqualTo(dirtyable0);
    }

    @Test
    void activePagesAreDeactivatedOnlyWhileInactiveTimesRatioIsBelowActive() {
        Mm mm = mm(new LruStart(300, 1_000, 100, 50));
        inTask(mm, t -> fill(t, mm, 1_000));
        // the file LRU is under 1 GiB: inactive_ratio 1; active shrinks until the run's inactive pages catch up with it
        long active = mm.lru().foreignActivePages();
        assertThat(active).isLessThan(1_000).isGreaterThan(0);
        assertThat(mm.lru().size()).isGreaterThanOrEqualTo(active);
        assertThat(mm.lru().size() + active).isEqualTo(1_400 - 50);
        assertThat(mm.lru().foreignReclaimed()).isEqualTo(100 + (1_000 - active));
    }

    @Test
    void aHeldPageIsNotReclaimed() {
        Mm mm = mm(new LruStart(100, 0, 0, 0));
        AddressSpace m = mm.newMapping("file", NO_IO, "file");
        CachePage[] held = new CachePage[1];
        boolean[] kept = new boolean[1];
        inTask(mm, t -> {
            held[0] = m.add(t, 0, true);
            for (int i = 1; i <= 500; i++) m.add(t, i);
            kept[0] = m.find(0) == held[0];
            held[0].refs--;
            m.add(t, 501);
        });
        assertThat(kept[0]).as("held through 500 newer pages").isTrue();
        assertThat(m.find(0)).as("put, it is the oldest page").isNull();
    }
}
