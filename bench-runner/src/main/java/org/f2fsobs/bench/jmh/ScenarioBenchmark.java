package org.f2fsobs.bench.jmh;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.runner.EngineCellRunner;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(value = 1, jvmArgsAppend = "-Xmx2g")
@State(Scope.Benchmark)
public class ScenarioBenchmark {
    /*
     * What this measures: host wall-clock time to simulate one whole cell of a seed scenario at scale 0.1 (mkfs,
     * boot, mount, preparation, the measured command, result assembly) through EngineCellRunner, with the flag under
     * study off or on. One shot per iteration: a cell is seconds of work, not a hot loop. Lower is better.
     */

    @Param({"fio-large-section", "dd-compressed-read", "iozone-compressed-sync", "tiotest-multithread-read"})
    String scenario;

    @Param({"false", "true"})
    boolean flagOn;

    @Param({"0.1"})
    double scale;

    /** A profile what-if as {@code KEY=VALUE} (empty: the nominal profile), e.g. {@code kernel.vmalloc_users.threads=4000}. */
    @Param({""})
    String profileSet;

    EngineCellRunner runner;
    CellSpec cell;

    @Setup
    public void setUp() {
        ScenarioCatalog catalog = ScenarioCatalog.load();
        runner = new EngineCellRunner(catalog);
        cell = CellSpec.of(scenario, Map.of(catalog.get(scenario).flag(), flagOn), Map.of("scale", scale), 1);
        if (!profileSet.isEmpty()) {
            int eq = profileSet.indexOf('=');
            cell = cell.withProfileOverrides(Map.of(profileSet.substring(0, eq), Long.parseLong(profileSet.substring(eq + 1))));
        }
    }

    @Benchmark
    public double simulateCell() {
        return runner.run(cell, ProgressListener.NONE, CancellationToken.NONE).headline().value();
    }
}
