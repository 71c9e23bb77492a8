package org.f2fsobs.engine.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.f2fsobs.engine.sim.SimTask;
import org.junit.jupiter.api.Test;

class ProfileReadsTests {
    @Test
    void shouldNoteEveryConstantReadThroughTheProfileAndItsParts() {
        Profile p = Profiles.load("pixel3-ufs21-little4");
        p.reads().clear();
        assertThat(p.reads().readKeys()).isEmpty();
        p.device().flushNs();
        p.device().cfq().sliceIdleNs();
        p.tunables().raPages();
        p.availableBytes();
        p.kernel().vmalloc();
        assertThat(p.reads().readKeys()).containsExactly("device.cfq.slice_idle_ns", "device.flush_ns", "kernel.vmalloc",
                "memory.available_bytes", "tunables.read_ahead_kb");
    }

    @Test
    void shouldNoteACpuCostWhenItIsChargedNotWhenTheMachineIsBuilt() {
        Profile p = Profiles.load("nullblk-x86");
        Machine m = new Machine(p, 1);
        p.reads().clear();
        long[] seen = new long[1];
        m.sim().spawn("t", (SimTask t) -> {
            m.cpu(t, CpuOp.SEG_ENTRY_READ, 0);            // nothing charged: nothing read
            m.cpu(t, CpuOp.COPY_USER_BYTE, 4096);
            m.cpu(t, CpuOp.SYSCALL);
            seen[0] = t.cpuPs();
        });
        m.sim().run();
        assertThat(seen[0]).isPositive();
        assertThat(p.reads().readKeys()).containsExactly("cpu.costs_ps.copy_user_byte", "cpu.costs_ps.syscall");
        assertThat(p.reads().read("cpu.costs_ps.seg_entry_read")).isFalse();
    }

    @Test
    void shouldShareOneLogPerProfileInstanceAndNoneBetweenInstances() {
        Profile a = Profiles.load("nullblk-x86"), b = Profiles.load("nullblk-x86");
        a.reads().clear();
        b.reads().clear();
        a.cpu().count();
        assertThat(a.reads().readKeys()).containsExactly("cpu.count");
        assertThat(b.reads().readKeys()).isEmpty();
        Profile scaled = MachineScale.scale(a, 0.5, Set.of(MachineScale.Part.MEMORY));
        scaled.reads().clear();
        scaled.device().queueDepth();
        assertThat(scaled.reads().readKeys()).containsExactly("device.queue_depth");
        assertThat(a).isEqualTo(Profiles.load("nullblk-x86"));      // the log is no part of a profile's value
    }
}
