package org.f2fsobs.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.f2fsobs.bench.runner.ScriptRunTests.counter;

import java.util.List;
import org.f2fsobs.bench.api.RunResult;
import org.junit.jupiter.api.Test;

/**
 * A full volume run to the end: foreground GC makes room (mode=lfs, which allows no SSR), and the result says how much
 * it cost; with the default mode=adaptive the full logs take dirty segments by SSR instead.
 */
class GcRunTests {

    /** The case: a file filling 85 % of a 2 GiB null_blk, then overwritten at random in 4 KiB writes. */
    @Test
    void aRandomOverwriteOfAFileFilling85PercentOf2GiBRunsToTheEndWithForegroundGc() {
        List<RunResult> runs = ScriptRunTests.script("nullblk-x86", """
                modprobe null_blk gb=2 memory_backed=1
                mkfs.f2fs -f /dev/nullb0
                mount -o mode=lfs /dev/nullb0 /mnt
                fio --name=fill --filename=/mnt/f --size=1740m --rw=write --bs=1m --end_fsync=1
                fio --name=overwrite --filename=/mnt/f --size=1740m --rw=randwrite --bs=4k --fsync=32
                """);
        RunResult fill = runs.get(0), overwrite = runs.get(1);
        assertThat(counter(fill, "gc_calls")).as("the fill finds free space").isZero();
        assertThat(overwrite.toolOutput()).doesNotContain("No space left");
        assertThat(counter(overwrite, "user_bytes_written")).isEqualTo(1740L << 20);
        assertThat(counter(overwrite, "gc_calls")).isPositive();
        assertThat(counter(overwrite, "gc_victims")).isPositive();
        assertThat(counter(overwrite, "gc_data_blocks")).isPositive();
        assertThat(counter(overwrite, "gc_sections_freed")).isEqualTo(counter(overwrite, "gc_victims"));
        assertThat(((Number) overwrite.counters().get("write_amplification")).doubleValue())
                .as("device bytes written over user bytes written").isGreaterThan(1.0);
        // what GC moved reached the device: write_bytes covers user data, GC's copies and the node writes
        assertThat(counter(overwrite, "write_bytes")).isGreaterThan(counter(overwrite, "user_bytes_written")
                + 4096L * counter(overwrite, "gc_data_blocks"));
        assertThat(counter(overwrite, "ssr_blocks")).as("mode=lfs: no SSR").isZero();
    }

    /** The same with mode=adaptive (the default): the logs reuse dirty segments by SSR and the run still ends. */
    @Test
    void withTheDefaultModeAdaptiveTheFullLogsAllocateSsr() {
        List<RunResult> runs = ScriptRunTests.script("nullblk-x86", """
                modprobe null_blk gb=2 memory_backed=1
                mkfs.f2fs -f /dev/nullb0
                mount /dev/nullb0 /mnt
                fio --name=fill --filename=/mnt/f --size=1740m --rw=write --bs=1m --end_fsync=1
                fio --name=overwrite --filename=/mnt/f --size=1740m --rw=randwrite --bs=4k --fsync=32
                """);
        RunResult overwrite = runs.get(1);
        assertThat(overwrite.toolOutput()).doesNotContain("No space left");
        assertThat(counter(overwrite, "user_bytes_written")).isEqualTo(1740L << 20);
        assertThat(counter(overwrite, "ssr_segments")).isPositive();
        assertThat(counter(overwrite, "ssr_blocks")).isPositive();
        assertThat(counter(overwrite, "lfs_blocks") + counter(overwrite, "ssr_blocks"))
                .as("every block the overwrite allocated, by log mode").isGreaterThanOrEqualTo(counter(overwrite, "opu_blocks"));
    }
}
