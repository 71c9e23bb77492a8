package org.f2fsobs.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.f2fsobs.engine.sim.SimCompletion;
import org.f2fsobs.engine.sim.SimMutex;
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
@Warmup(iterations = 5, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 20, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Fork(1)
@State(Scope.Thread)
public class TaskHandoffBenchmark {
    /*
     * What this measures: simulated task hand-offs per wall-clock second. Every simulated task runs on its own
     * virtual thread and only the baton holder runs (Simulation's class comment), so a task that blocks while
     * another becomes runnable costs one real LockSupport.unpark/park pair between virtual threads: the floor under
     * every lock, completion and I/O wait of a run. The aim: >= 2 M hand-offs/s on a 2-core machine.
     *
     * completionRing: `tasks` tasks in a ring, task i waits on completion i and then completes completion i+1, so
     * the token goes round and EVERY step is a baton pass to another virtual thread (one resume event each).
     * One invocation is a whole simulation of HANDOFFS steps (new Simulation, spawn, run): the score is steps/s.
     *
     * completionRingOneCarrier: the same with -Djdk.virtualThreadScheduler.parallelism=1, to show what the
     * second carrier thread costs (a wake-up may be stolen by the other carrier, which then has to be woken
     * itself). For comparison only: toolchain.md forbids relying on the JVM-wide switch.
     *
     * mutexConvoy: two tasks (or 32) taking one SimMutex in turn with 1 µs of simulated CPU inside; the score is
     * lock acquisitions/s. Each acquisition is contended and costs about two baton passes (the unlocker syncs
     * its clock behind the waiter's resume, then blocks on the next lock).
     */

    static final int HANDOFFS = 1 << 16;

    @Param({"2", "32"})
    int tasks;

    @Benchmark
    @OperationsPerInvocation(HANDOFFS)
    public long completionRing() {
        return ring(tasks);
    }

    @Benchmark
    @OperationsPerInvocation(HANDOFFS)
    @Fork(value = 1, jvmArgsAppend = "-Djdk.virtualThreadScheduler.parallelism=1")
    public long completionRingOneCarrier() {
        return ring(tasks);
    }

    @Benchmark
    @OperationsPerInvocation(HANDOFFS)
    public long mutexConvoy() {
        Simulation sim = new Simulation(1, SimOptions.ideal(tasks));
        int acct = sim.accounting().register("work");
        SimMutex m = new SimMutex(sim, "m", acct, 0);
        int rounds = HANDOFFS / tasks;
        for (int i = 0; i < tasks; i++) {
            sim.spawn("t" + i, t -> {
                for (int r = 0; r < rounds; r++) {
                    m.lock(t);
                    t.cpuNs(acct, 1_000);
                    m.unlock(t);
                }
            });
        }
        sim.run();
        return m.stats().contended() ^ sim.events();
    }

    static long ring(int tasks) {
        Simulation sim = new Simulation(1, SimOptions.ideal(tasks));      // a CPU each: no run queue in the way
        SimCompletion[] token = new SimCompletion[tasks];
        for (int i = 0; i < tasks; i++) token[i] = new SimCompletion(sim, "token" + i);
        int rounds = HANDOFFS / tasks;
        for (int i = 0; i < tasks; i++) {
            SimCompletion mine = token[i];
            SimCompletion next = token[(i + 1) % tasks];
            sim.spawn("t" + i, t -> {
                for (int r = 0; r < rounds; r++) {
                    mine.await(t);
                    next.complete();
                }
            });
        }
        token[0].complete();
        sim.run();
        return sim.events();
    }

    /*
     * ============================== HOW TO RUN THIS BENCHMARK: ==============================
     *   $ ./mvnw -B -o -pl bench-runner -am package -DskipTests
     *   $ java -jar bench-runner/target/benchmarks.jar TaskHandoff -f 1 -wi 5 -w 200ms -i 20 -r 200ms -rf json -rff task-handoff.json
     *
     * Results (JMHSample_38 style), 2026-11-30, AMD EPYC (family 26 model 2) 2 vCPU, JDK 25.0.3 (Temurin),
     * -f 1 -wi 5 -w 200ms -i 20 -r 200ms.
     * The machine is shared: 99 % of both CPUs were busy with other people's jobs just before the run, and the
     * same work varied up to 10x between iterations. Score ± error is JMH's mean ± 99.9 % CI over the iterations;
     * "best" is the fastest iteration, the closest to what an idle machine gives. Read both as lower bounds.
     *
     *   Benchmark                                      (tasks)   Mode  Cnt        Score        Error  Units   best
     *   TaskHandoffBenchmark.completionRing                  2  thrpt   20  1210485.129 ± 308749.602  ops/s  1939024
     *   TaskHandoffBenchmark.completionRing                 32  thrpt   20  1304680.523 ± 404004.465  ops/s  2396612
     *   TaskHandoffBenchmark.completionRingOneCarrier        2  thrpt   20  1104058.289 ± 244183.986  ops/s  2098523
     *   TaskHandoffBenchmark.completionRingOneCarrier       32  thrpt   20  1276600.859 ± 420110.064  ops/s  2136487
     *   TaskHandoffBenchmark.mutexConvoy                     2  thrpt   20   404879.986 ±  98653.968  ops/s   631835
     *   TaskHandoffBenchmark.mutexConvoy                    32  thrpt   20   402419.210 ± 130211.312  ops/s   661855
     *
     * Reading: ~1.2-1.3 M hand-offs/s on the loaded machine, 1.9-2.4 M/s in the best iterations: the >= 2 M/s aim is
     * met only when the machine is not saturated by others (an earlier run at ~50 % background load: 1.7 / 2.5 M/s
     * mean for 2 / 32 tasks, best 2.2 / 2.8 M/s). One carrier is not measurably faster here: the noise is larger than
     * the carrier effect. A contended SimMutex acquisition costs 3 resume events (3 hand-offs: the unlocker's sync
     * yields to the woken waiter, the waiter's sync yields back, the unlocker blocks), hence ~1/3 of the ring's rate.
     */
}
