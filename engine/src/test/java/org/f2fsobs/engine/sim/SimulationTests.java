package org.f2fsobs.engine.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class SimulationTests {

    @Test
    void nTasksOnMCpusGiveTheComputedMakespan() {
        // 6 tasks of 10 µs CPU each on 4 CPUs, no switch cost: two waves → 20 µs
        Simulation sim = new Simulation(1, SimOptions.ideal(4));
        int acct = sim.accounting().register("work");
        long[] ends = new long[6];
        for (int i = 0; i < 6; i++) {
            int k = i;
            sim.spawn("w" + i, t -> {
                t.cpuNs(acct, 10_000);
                t.sync();
                ends[k] = t.nowNs();
            });
        }
        sim.run();
        assertThat(sim.nowNs()).isEqualTo(20_000);
        assertThat(ends).containsExactly(10_000, 10_000, 10_000, 10_000, 20_000, 20_000);
        assertThat(sim.accounting().ps("work")).isEqualTo(60_000_000L);
    }

    @Test
    void tasksRunOnDistinctCpuIdsAndInheritTheReleasedOne() {
        Simulation sim = new Simulation(1, SimOptions.ideal(2));
        int acct = sim.accounting().register("work");
        int[] ids = new int[3];
        for (int i = 0; i < 3; i++) {
            int k = i;
            sim.spawn("w" + i, t -> { ids[k] = t.cpuId(); t.cpuNs(acct, 1_000 * (k + 1)); });
        }
        sim.run();
        assertThat(ids).containsExactly(0, 1, 0);   // w2 waits for w0's CPU
    }

    @Test
    void contextSwitchCostDelaysEveryDispatch() {
        Simulation sim = new Simulation(1, SimOptions.ideal(1).withContextSwitchNs(500));
        int acct = sim.accounting().register("work");
        for (int i = 0; i < 3; i++) sim.spawn("w" + i, t -> t.cpuNs(acct, 1_000));
        sim.run();
        assertThat(sim.nowNs()).isEqualTo(3 * (500 + 1_000));
    }

    @Test
    void equalTimesRunInFifoOrder() {
        Simulation sim = new Simulation(1, SimOptions.ideal(8));
        List<String> order = new ArrayList<>();
        sim.spawn("main", t -> {
            for (int i = 0; i < 5; i++) {
                int k = i;
                sim.schedule(1_000, () -> order.add("cb" + k));
            }
            t.sleepNs(2_000);
        });
        sim.run();
        assertThat(order).containsExactly("cb0", "cb1", "cb2", "cb3", "cb4");
    }

    @Test
    void aHeldLockDelaysOthersByExactlyItsHoldTime() {
        Simulation sim = new Simulation(1, SimOptions.ideal(4));
        int acct = sim.accounting().register("work");
        SimMutex m = new SimMutex(sim, "m", acct, 0);
        long[] acquiredAt = new long[3];
        for (int i = 0; i < 3; i++) {
            int k = i;
            sim.spawn("t" + i, t -> {
                m.lock(t);
                acquiredAt[k] = t.nowNs();
                t.cpuNs(acct, 7_000);   // hold 7 µs
                m.unlock(t);
            });
        }
        sim.run();
        assertThat(acquiredAt).containsExactly(0, 7_000, 14_000);
        assertThat(m.stats().acquisitions()).isEqualTo(3);
        assertThat(m.stats().contended()).isEqualTo(2);
        assertThat(m.stats().waitNs()).isEqualTo(7_000 + 14_000);
    }

    @Test
    void spinWaitersKeepTheirCpuAndAreCharged() {
        Simulation sim = new Simulation(1, SimOptions.ideal(2));
        int acct = sim.accounting().register("work");
        SimSpinlock s = new SimSpinlock(sim, "s", acct, 0);
        sim.spawn("a", t -> { s.lock(t); t.cpuNs(acct, 5_000); s.unlock(t); });
        sim.spawn("b", t -> { s.lock(t); t.cpuNs(acct, 1_000); s.unlock(t); });
        sim.run();
        assertThat(sim.nowNs()).isEqualTo(6_000);
        assertThat(sim.accounting().ps("spin_wait")).isEqualTo(5_000_000L);
    }

    @Test
    void rwsemLetsReadersShareAndWritersExclude() {
        Simulation sim = new Simulation(1, SimOptions.ideal(4));
        int acct = sim.accounting().register("work");
        SimRwSem r = new SimRwSem(sim, "r", acct, 0);
        long[] at = new long[3];
        sim.spawn("r1", t -> { r.downRead(t); at[0] = t.nowNs(); t.cpuNs(acct, 4_000); r.upRead(t); });
        sim.spawn("r2", t -> { r.downRead(t); at[1] = t.nowNs(); t.cpuNs(acct, 4_000); r.upRead(t); });
        sim.spawn("w", t -> { t.cpuNs(acct, 1); r.downWrite(t); at[2] = t.nowNs(); r.upWrite(t); });
        sim.run();
        assertThat(at).containsExactly(0, 0, 4_000);
    }

    @Test
    void aDeadlockIsReportedWithTheTasksInvolved() {
        Simulation sim = new Simulation(1, SimOptions.ideal(2));
        int acct = sim.accounting().register("work");
        SimMutex a = new SimMutex(sim, "A", acct, 0);
        SimMutex b = new SimMutex(sim, "B", acct, 0);
        sim.spawn("t1", t -> { a.lock(t); t.cpuNs(acct, 100); b.lock(t); });
        sim.spawn("t2", t -> { b.lock(t); t.cpuNs(acct, 100); a.lock(t); });
        assertThatThrownBy(sim::run)
                .isInstanceOf(SimDeadlockException.class)
                .hasMessageContaining("t1").hasMessageContaining("t2")
                .hasMessageContaining("mutex A").hasMessageContaining("mutex B");
    }

    @Test
    void aTaskWaitingForeverIsReportedNotHung() {
        Simulation sim = new Simulation(1, SimOptions.ideal(1));
        SimCompletion never = new SimCompletion(sim, "never");
        sim.spawn("waiter", never::await);
        assertThatThrownBy(sim::run).isInstanceOf(SimDeadlockException.class)
                .hasMessageContaining("waiter waits on completion never");
    }

    @Test
    void aFailingTaskStopsTheRunWithItsName() {
        Simulation sim = new Simulation(1, SimOptions.ideal(1));
        sim.spawn("bad", t -> { throw new IllegalStateException("boom"); });
        assertThatThrownBy(sim::run).isInstanceOf(SimFailure.class).hasMessageContaining("bad").hasMessageContaining("boom");
    }

    @Test
    void daemonsDoNotKeepTheRunAliveAndAreUnwound() {
        Simulation sim = new Simulation(1, SimOptions.ideal(2));
        int[] ticks = {0};
        sim.spawn("flusher", true, t -> {
            while (true) { t.sleepNs(1_000_000); ticks[0]++; }
        });
        sim.spawn("user", t -> t.sleepNs(5_500_000));
        sim.run();
        assertThat(ticks[0]).isEqualTo(5);
        assertThat(sim.nowNs()).isEqualTo(5_500_000);
    }

    @Test
    void slicesShareACpuBetweenCpuBoundTasks() {
        Simulation sim = new Simulation(1, SimOptions.ideal(1));
        int acct = sim.accounting().register("work");
        long[] end = new long[2];
        for (int i = 0; i < 2; i++) {
            int k = i;
            sim.spawn("hog" + i, t -> {
                for (int j = 0; j < 1000; j++) t.cpuNs(acct, 20_000);  // 20 ms in 20 µs steps
                t.sync();
                end[k] = t.nowNs();
            });
        }
        sim.run();
        // both finish near the end (interleaved in 4 ms slices), not one after the other
        assertThat(end[0]).isGreaterThan(30_000_000L);
        assertThat(Math.max(end[0], end[1])).isEqualTo(40_000_000L);
    }

    static long digestOf(long seed) {
        Simulation sim = new Simulation(seed, SimOptions.ideal(3).withWakeJitterMeanNs(200).withContextSwitchNs(100));
        int acct = sim.accounting().register("work");
        SimMutex m = new SimMutex(sim, "m", acct, 20_000);
        Prng work = sim.prng().fork();
        for (int i = 0; i < 16; i++) {
            long cost = 1_000 + work.nextInt(5_000);
            sim.spawn("t" + i, t -> {
                for (int j = 0; j < 200; j++) {
                    t.cpuNs(acct, cost);
                    m.lock(t);
                    t.cpuNs(acct, 300);
                    m.unlock(t);
                    if (j % 50 == 0) t.sleepNs(cost);
                }
            });
        }
        sim.run();
        return sim.digest().value() ^ sim.nowNs();
    }

    @Test
    void sameSeedTwiceGivesTheSameDigest() {
        assertThat(digestOf(11)).isEqualTo(digestOf(11));
        assertThat(digestOf(11)).isNotEqualTo(digestOf(12));
    }

    @Test
    void simulationsInParallelThreadsGiveTheSameDigestsAsAlone() throws Exception {
        long[] alone = new long[6];
        for (int i = 0; i < alone.length; i++) alone[i] = digestOf(100 + i);
        try (ExecutorService pool = Executors.newFixedThreadPool(3)) {
            List<Future<Long>> fs = new ArrayList<>();
            for (int i = 0; i < alone.length; i++) {
                long seed = 100 + i;
                fs.add(pool.submit((Callable<Long>) () -> digestOf(seed)));
            }
            for (int i = 0; i < alone.length; i++) assertThat(fs.get(i).get()).isEqualTo(alone[i]);
        }
    }

    /**
     * A wake-up that arrives while the sleeper's block hooks run (get_request joined the wait queue, then schedule()
     * flushed the plug, and a merged request freed a slot) is not lost and not an error: the task does not sleep,
     * as the kernel's prepare_to_wait + schedule. (Seen at small scales: "task woken while RUNNING".)
     */
    @Test
    void aWakeUpDuringTheBlockHooksMeansTheTaskDoesNotSleep() {
        Simulation sim = new Simulation(1, SimOptions.ideal(1));
        List<SimTask> waitQueue = new ArrayList<>();
        sim.addBlockHook(t -> {
            if (!waitQueue.isEmpty()) sim.wake(waitQueue.remove(0));    // the hook's work frees what t waits for
        });
        long[] returnedAt = new long[1];
        sim.spawn("getter", t -> {
            waitQueue.add(t);
            t.block("request_list");
            returnedAt[0] = t.nowNs();
        });
        sim.run();
        assertThat(waitQueue).isEmpty();
        assertThat(returnedAt[0]).isZero();
        // the same when the wake-up is an earlier event that block's own sync runs (a completion freeing a request)
        Simulation sim1 = new Simulation(1, SimOptions.ideal(1));
        List<SimTask> q1 = new ArrayList<>();
        long[] back = new long[1];
        sim1.spawn("submitter", t -> {
            sim1.schedule(5_000, () -> sim1.wake(q1.remove(0)));
            t.cpuNs(sim1.accounting().register("cpu"), 10_000);   // private time runs ahead of the completion
            q1.add(t);
            t.block("request_list");
            back[0] = t.nowNs();
        });
        sim1.run();
        assertThat(q1).isEmpty();
        assertThat(back[0]).isEqualTo(10_000);
        // an ordinary sleeper is still woken by someone else later
        Simulation sim2 = new Simulation(1, SimOptions.ideal(2));
        List<SimTask> q = new ArrayList<>();
        long[] woke = new long[1];
        sim2.spawn("sleeper", t -> {
            q.add(t);
            t.block("q");
            woke[0] = t.nowNs();
        });
        sim2.spawn("waker", t -> {
            t.cpuNs(sim2.accounting().register("w"), 5_000);
            t.sync();
            sim2.wake(q.remove(0));
        });
        sim2.run();
        assertThat(woke[0]).isEqualTo(5_000);
    }
}
