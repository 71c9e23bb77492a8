package org.f2fsobs.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.TreeMap;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.scenario.Scenario;
import org.junit.jupiter.api.Test;

/**
 * P2's thread-count sweep at small scale (issue 23, docs/reproduction-notes-p2-p3.md §2.4): the booted phone's
 * thread stacks are what 4.9's vmap walks past, so the off side's walk steps per vmap and its read time grow with
 * the thread count, while vm_map_ram's per-CPU blocks keep the on side flat.
 */
class P2ThreadSweepTests {
    static final long[] THREADS = {0, 1000, 2000, 4000};

    static RunResult dd(boolean on, long threads) {
        Scenario s = EngineCellRunnerTests.CATALOG.get("dd-compressed-read");
        var v = EngineCellRunnerTests.CATALOG.validateRunAtAnyScale(s.id(), Map.of(s.flag(), on),
                new TreeMap<>(Map.of("compression", "lz4", "scale", 0.1)), 1, null);
        assertThat(v.errors()).isEmpty();
        return EngineCellRunnerTests.RUNNER.run(v.cell().withProfileOverrides(Map.of("kernel.vmalloc_users.threads", threads)),
                ProgressListener.NONE, CancellationToken.NONE);
    }

    static double stepsPerCall(RunResult r) {
        long calls = P2P3FidelityTests.counter(r, "vmap_calls") + P2P3FidelityTests.counter(r, "vm_map_ram_calls");
        return (double) P2P3FidelityTests.counter(r, "vmap_area_walk_steps") / calls;
    }

    @Test
    void offGrowsWithTheThreadCountAndOnStaysFlat() {
        double[] offSteps = new double[THREADS.length], offBw = new double[THREADS.length];
        double[] onSteps = new double[THREADS.length], onBw = new double[THREADS.length];
        for (int i = 0; i < THREADS.length; i++) {
            RunResult off = dd(false, THREADS[i]);
            RunResult on = dd(true, THREADS[i]);
            offSteps[i] = stepsPerCall(off);
            onSteps[i] = stepsPerCall(on);
            offBw[i] = off.headline().value();
            onBw[i] = on.headline().value();
        }
        assertThat(offSteps[0]).as("no other users: one step per vmap (the next-fit hit)").isBetween(0.9, 1.1);
        for (int i = 1; i < THREADS.length; i++) {
            assertThat(offSteps[i]).as("off walk steps per vmap at %d threads", THREADS[i]).isGreaterThan(1.5 * offSteps[i - 1]);
            assertThat(offBw[i]).as("off bandwidth at %d threads", THREADS[i]).isLessThan(offBw[i - 1]);
            assertThat(onSteps[i]).as("on walk steps per vm_map_ram at %d threads", THREADS[i]).isLessThan(0.05);
            assertThat(onBw[i] / onBw[0]).as("on bandwidth at %d threads vs none", THREADS[i]).isBetween(0.99, 1.01);
        }
    }
}
