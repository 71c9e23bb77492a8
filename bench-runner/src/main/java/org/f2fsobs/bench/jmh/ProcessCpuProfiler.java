package org.f2fsobs.bench.jmh;

import java.lang.management.ManagementFactory;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * Process CPU time per operation, for a machine shared with other people's jobs: wall-clock scores there measure
 * how much CPU we were given as much as what we did with it, while CPU time per op does not depend on the
 * neighbours (it still includes our own JIT, GC and carrier-thread work). Run with
 * {@code -prof org.f2fsobs.bench.jmh.ProcessCpuProfiler}; adds two secondary results per iteration:
 * <ul>
 *   <li>{@code cpu.time.norm}: process CPU ns (all threads, user + system) / operations of the iteration;</li>
 *   <li>{@code cpu.share}: process CPU time / wall time of the iteration, in CPUs (2.0 = both cores all along).</li>
 * </ul>
 */
public final class ProcessCpuProfiler implements InternalProfiler {
    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private long cpuStart;
    private long wallStart;

    @Override
    public String getDescription() {
        return "process CPU time per operation and CPU share (OperatingSystemMXBean)";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        cpuStart = os.getProcessCpuTime();
        wallStart = System.nanoTime();
    }

    @Override
    public List<? extends Result<?>> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                    IterationResult result) {
        long cpu = os.getProcessCpuTime() - cpuStart;
        long wall = System.nanoTime() - wallStart;
        long ops = Math.max(1, result.getMetadata().getAllOps());
        return List.of(
                new ScalarResult("cpu.time.norm", (double) cpu / ops, "ns/op", AggregationPolicy.AVG),
                new ScalarResult("cpu.share", wall > 0 ? (double) cpu / wall : 0, "CPUs", AggregationPolicy.AVG));
    }
}
