package org.f2fsobs.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.f2fsobs.engine.sim.SimOptions;
import org.f2fsobs.engine.sim.Simulation;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class EventLoopBenchmark {
    /*
     * What this measures: events per wall-clock second through Simulation's event loop (a PriorityQueue of
     * (time, sequence) events, FIFO among equal times, each event mixed into the run digest).
     *
     * callbacks: `pending` independent chains of callbacks (device completions, timers), each callback scheduling
     * its chain's next one 1-2 µs later; no task at all, so this is the loop alone: Event allocation, queue
     * offer/poll at a queue size of `pending`, digest, callback. Score = events/s.
     *
     * sleeps: `sleepers` tasks each calling sleepNs() in a loop with staggered durations. A sleep is TWO events
     * (the timer callback that wakes the task, then the task's resume on a CPU). With one sleeper the resume
     * returns to the same thread (no hand-off); with 8 sleepers nearly every resume passes the baton to another
     * virtual thread, so the difference is the hand-off cost of TaskHandoffBenchmark. Score = sleeps/s
     * (events/s = 2 x score).
     *
     * One invocation is one whole simulation (new Simulation, schedule/spawn, run) of EVENTS callbacks or SLEEPS
     * sleeps.
     */

    static final int EVENTS = 1 << 17;
    static final int SLEEPS = 1 << 15;

    @State(Scope.Thread)
    public static class Chains {
        @Param({"1", "1024"})
        int pending;
    }

    @State(Scope.Thread)
    public static class Sleepers {
        @Param({"1", "8"})
        int sleepers;
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public long callbacks(Chains c) {
        Simulation sim = new Simulation(1, SimOptions.ideal(1));
        int perChain = EVENTS / c.pending;
        for (int k = 0; k < c.pending; k++) {
            long step = 1_000 + (k * 7919L) % 1_000;      // chains interleave instead of firing in lock-step
            sim.schedule(k, new Runnable() {
                int left = perChain;

                @Override
                public void run() {
                    if (--left > 0) sim.schedule(sim.nowNs() + step, this);
                }
            });
        }
        sim.run();
        return sim.events();
    }

    @Benchmark
    @OperationsPerInvocation(SLEEPS)
    public long sleeps(Sleepers s) {
        Simulation sim = new Simulation(1, SimOptions.ideal(s.sleepers));
        int perTask = SLEEPS / s.sleepers;
        for (int i = 0; i < s.sleepers; i++) {
            long ns = 1_000 + 37L * i;
            sim.spawn("sleeper" + i, t -> {
                for (int r = 0; r < perTask; r++) t.sleepNs(ns);
            });
        }
        sim.run();
        return sim.events();
    }

    /*
     * ============================== HOW TO RUN THIS BENCHMARK: ==============================
     *   $ ./mvnw -B -o -pl bench-runner package -DskipTests
     *   $ java -jar bench-runner/target/benchmarks.jar EventLoop -f 1 -wi 2 -i 3 -rf json -rff event-loop.json
     *
     * Results (RESULTS-PLACEHOLDER)
     */
}
