package org.f2fsobs.engine.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** An offline context, by its type: no CPU charged, no simulated lock taken, no waiting. */
class OfflineTaskTests {

    @Test
    void chargesNoCpuAndMovesNoClock() {
        Simulation sim = new Simulation(1, SimOptions.ideal(1));
        int acct = sim.accounting().register("work");
        OfflineTask mkfs = new OfflineTask(sim, "mkfs.f2fs");
        mkfs.cpuNs(acct, 5_000_000);
        mkfs.sync();
        assertThat(mkfs.cpuPs()).isZero();
        assertThat(mkfs.nowNs()).isZero();
        assertThat(sim.accounting().ps(acct)).isZero();
    }

    @Test
    void takesNoLockAndCountsNoAcquisition() {
        Simulation sim = new Simulation(1, SimOptions.ideal(1));
        int acct = sim.accounting().register("lock");
        SimMutex m = new SimMutex(sim, "m", acct, 1_000);
        SimRwSem r = new SimRwSem(sim, "r", acct, 1_000);
        SimSpinlock s = new SimSpinlock(sim, "s", acct, 1_000);
        OfflineTask fsck = new OfflineTask(sim, "fsck.f2fs");
        m.lock(fsck);
        m.lock(fsck);                                   // not held: taking it again is no deadlock
        r.downWrite(fsck);
        r.downRead(fsck);
        s.lock(fsck);
        assertThat(m.tryLock(fsck)).isTrue();
        assertThat(r.tryDownRead(fsck)).isTrue();
        assertThat(m.isLocked()).isFalse();
        assertThat(r.writer()).isNull();
        assertThat(r.readers()).isZero();
        assertThat(s.owner()).isNull();
        s.unlock(fsck);
        r.upRead(fsck);
        r.upWrite(fsck);
        m.unlock(fsck);
        assertThat(m.stats().acquisitions() + r.stats().acquisitions() + s.stats().acquisitions()).isZero();
        assertThat(sim.accounting().ps(acct)).isZero();
    }

    @Test
    void aSimulatedTaskStillTakesTheLockAnOfflineOnePassed() {
        Simulation sim = new Simulation(1, SimOptions.ideal(1));
        int acct = sim.accounting().register("lock");
        SimMutex m = new SimMutex(sim, "m", acct, 0);
        m.lock(new OfflineTask(sim, "prepare"));
        sim.spawn("t", t -> {
            m.lock(t);
            assertThat(m.owner()).isSameAs(t);
            m.unlock(t);
        });
        sim.run();
        assertThat(m.stats().acquisitions()).isEqualTo(1);
    }

    @Test
    void cannotWaitAndSaysWhichProgramTried() {
        Simulation sim = new Simulation(1, SimOptions.ideal(1));
        OfflineTask jmh = new OfflineTask(sim, "jmh");
        WaitCount pending = new WaitCount(sim, "writeback");
        pending.awaitZero(jmh);                         // nothing outstanding: no wait
        pending.inc();
        assertThatThrownBy(() -> pending.awaitZero(jmh)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("jmh runs outside the simulation");
        assertThatThrownBy(() -> jmh.sleepNs(10)).isInstanceOf(IllegalStateException.class).hasMessageContaining("jmh");
    }
}
