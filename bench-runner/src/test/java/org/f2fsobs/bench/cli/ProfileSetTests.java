package org.f2fsobs.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code --profile-set KEY=VALUE} (contracts.md §6): a cell run with one profile constant overridden, and said so. */
class ProfileSetTests {

    @Test
    void aRunWithAnOverriddenConstantCarriesItAndReproducesWithIt() {
        long nominal = org.f2fsobs.engine.platform.Profiles.load("nullblk-x86").cpu().costPs(org.f2fsobs.engine.platform.CpuOp.SEG_ENTRY_READ);
        long five = 5 * nominal;
        var base = BenchRunnerCliTests.cli("run", "fio-large-section", "--set", "scale=0.02", "--format", "json");
        var set = BenchRunnerCliTests.cli("run", "fio-large-section", "--set", "scale=0.02", "--format", "json",
                "--profile-set", "cpu.costs_ps.seg_entry_read=" + five);
        assertThat(base.code()).as(base.err()).isZero();
        assertThat(set.code()).as(set.err()).isZero();
        assertThat(base.json().has("profile_overrides")).as("an ordinary run has no overrides field").isFalse();
        assertThat(set.json().at("/profile_overrides/cpu.costs_ps.seg_entry_read").asLong()).isEqualTo(five);
        assertThat(set.json().get("reproduce").asString()).endsWith(" --profile-set cpu.costs_ps.seg_entry_read=" + five);
        // the counters do not move, the time they cost does
        assertThat(set.json().at("/counters/seg_entry_reads").asLong()).isEqualTo(base.json().at("/counters/seg_entry_reads").asLong());
        assertThat(set.json().at("/time_breakdown_ns/cpu/seg_entry_read").asLong())      // ps summed, shown in ns
                .isCloseTo(5 * base.json().at("/time_breakdown_ns/cpu/seg_entry_read").asLong(), org.assertj.core.api.Assertions.within(10L));
        assertThat(set.json().at("/headline/value").asDouble()).isLessThan(base.json().at("/headline/value").asDouble());
    }

    @Test
    void aBadOverrideIsExitTwoNamingIt() {
        var notNumber = BenchRunnerCliTests.cli("run", "fio-large-section", "--profile-set", "cpu.costs_ps.seg_entry_read=fast");
        assertThat(notNumber.code()).isEqualTo(2);
        assertThat(notNumber.err()).contains("--profile-set cpu.costs_ps.seg_entry_read").contains("integer");
        var structural = BenchRunnerCliTests.cli("matrix", "fio-large-section", "--set", "scale=0.02", "--profile-set", "device.scheduler=3");
        assertThat(structural.code()).isEqualTo(2);
        assertThat(structural.err()).contains("device.scheduler").contains("not a numeric constant");
        var outOfRange = BenchRunnerCliTests.cli("run", "fio-large-section", "--profile-set", "cpu.count=0");
        assertThat(outOfRange.code()).isEqualTo(2);
        assertThat(outOfRange.err()).contains("cpu.count = 0 is out of range");
    }
}
