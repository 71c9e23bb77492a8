package org.f2fsobs.bench.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collection;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Benchmarks are not tests (style.md §7.8): this only proves that each benchmark class starts, runs its set-up and
 * one short measurement in this JVM, and returns a score. One parameter value each keeps the whole run short;
 * the P1 whole run writes 16 MiB instead of 1536.
 */
class BenchmarksSmokeTests {

    static Stream<Arguments> benchmarks() {
        return Stream.of(
                Arguments.of(TaskHandoffBenchmark.class, Map.of("tasks", "2")),
                Arguments.of(EventLoopBenchmark.class, Map.of("pending", "1", "sleepers", "8")),
                Arguments.of(BioMergeBenchmark.class, Map.of()),
                Arguments.of(SegmentAllocationBenchmark.class, Map.of("segsPerSec", "128", "secCkptValidBlocks", "false")),
                Arguments.of(WritePathBenchmark.class, Map.of("segsPerSec", "1", "jobMiB", "16", "jobSegsPerSec", "128")),
                Arguments.of(VmallocBenchmark.class, Map.of("era", "RBTREE_DEFERRED_PURGE", "costs", "zero")),
                Arguments.of(CodecBenchmark.class, Map.of("algorithm", "lz4", "data", "random")),
                Arguments.of(CrashPointBenchmark.class, Map.of("profile", "amlogic-arm64-p3")),
                Arguments.of(ScenarioBenchmark.class, Map.of("scenario", "tiotest-multithread-read", "flagOn", "true", "scale", "0.01")));
    }

    @ParameterizedTest
    @MethodSource("benchmarks")
    void eachBenchmarkStartsAndReturnsAScore(Class<?> benchmark, Map<String, String> params) throws RunnerException {
        ChainedOptionsBuilder opts = new OptionsBuilder()
                .include(benchmark.getName() + "\\.")
                .forks(0)
                .warmupIterations(0)
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(200))
                .shouldFailOnError(true);
        params.forEach(opts::param);
        // JMH takes a host-wide /tmp/jmh.lock so two benchmark runs do not disturb each other's figures; a smoke test
        // measures nothing, and must not fail because another build on the host runs benchmarks
        System.setProperty("jmh.ignoreLock", "true");

        Collection<RunResult> results = new Runner(opts.build()).run();

        assertThat(results).isNotEmpty();
        for (RunResult r : results) {
            assertThat(r.getPrimaryResult().getScore()).as(r.getParams().getBenchmark()).isPositive();
        }
    }
}
