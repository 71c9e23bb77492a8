package org.f2fsobs.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.ExecSpec;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.api.RunResult;
import org.junit.jupiter.api.Test;

/**
 * fio's {@code runtime=} and {@code time_based} as fio documents them: runtime stops a job that has run that long
 * before its I/O is done; time_based keeps looping over the workload until the runtime is over.
 */
class FioRuntimeTests {

    static RunResult fio(String options) {
        return EngineCellRunnerTests.RUNNER.exec(new ExecSpec("nullblk-x86", "", "", Map.of(),
                "fio --name=a --filename=/x/f --rw=write --bs=64k --ioengine=psync " + options, 1, null),
                ProgressListener.NONE, CancellationToken.NONE);
    }

    static long metric(RunResult r, String name) {
        return ((Number) r.metrics().get(name)).longValue();
    }

    /** Bytes the job wrote: fio's bandwidth over its runtime. */
    static long written(RunResult r) {
        return Math.round(((Number) r.metrics().get("write_bandwidth")).doubleValue() * metric(r, "runtime_ns") / 1e9);
    }

    @Test
    void timeBasedLoopsOverTheFileUntilTheRuntimeIsOver() {
        RunResult r = fio("--size=8M --time_based --runtime=50ms");
        long runtimeNs = metric(r, "runtime_ns");
        assertThat(runtimeNs).as("runtime").isBetween(50_000_000L, 51_000_000L);
        long written = written(r);
        assertThat(written).as("bytes written in 50 ms: many passes over the 8 MiB file").isGreaterThan(4 * 8L << 20);
        assertThat(written % (64 << 10)).isZero();
        assertThat(r.toolOutput()).containsPattern("run=5[01]-5[01]msec");   // fio rounds the µs up to whole ms
    }

    @Test
    void runtimeAloneStopsAJobThatIsNotDoneAndNeverLengthensOne() {
        RunResult cut = fio("--size=1G --runtime=20ms");
        assertThat(metric(cut, "runtime_ns")).isBetween(20_000_000L, 21_000_000L);
        assertThat(written(cut)).as("stopped before 1 GiB").isLessThan(1L << 30).isPositive();

        RunResult done = fio("--size=8M --runtime=10s");
        assertThat(written(done)).as("the workload ends first").isEqualTo(8L << 20);
        assertThat(metric(done, "runtime_ns")).isLessThan(1_000_000_000L);
    }

    @Test
    void createOnOpenSkipsTheLayoutAndCreatesTheFileWhenTheJobOpensIt() {
        RunResult laid = fio("--size=8M");
        RunResult onOpen = fio("--size=8M --create_on_open=1");
        assertThat(laid.toolOutput()).contains("Laying out IO file");
        assertThat(onOpen.toolOutput()).doesNotContain("Laying out IO file");
        assertThat(written(onOpen)).isEqualTo(8L << 20);
    }

    static RunResult directRandRead(int iodepth) {
        return EngineCellRunnerTests.RUNNER.exec(new ExecSpec("ufs21-2018", "", "", Map.of(),
                "fio --name=q --filename=/d/f --rw=randread --bs=4k --size=16M --direct=1 --ioengine=libaio --iodepth=" + iodepth,
                1, null), ProgressListener.NONE, CancellationToken.NONE);
    }

    @Test
    void directIoThroughLibaioKeepsIodepthRequestsInFlight() {
        RunResult qd1 = directRandRead(1);
        RunResult qd32 = directRandRead(32);
        double iops1 = ((Number) qd1.metrics().get("read_bandwidth")).doubleValue() / 4096;
        double iops32 = ((Number) qd32.metrics().get("read_bandwidth")).doubleValue() / 4096;
        // the UFS 2.1 part: ~90 us per 4 KiB read at QD1, 42 000 IOPS with a full queue (its datasheet figure)
        assertThat(iops32).as("IOPS at QD32 vs QD1 (%.0f)", iops1).isGreaterThan(3 * iops1);
        assertThat(qd32.toolOutput()).containsPattern("IO depths    : 1=0\\.[0-9]%, .*, 32=99\\.[0-9]%");
        assertThat(qd1.toolOutput()).contains("IO depths    : 1=100.0%");
    }
}
