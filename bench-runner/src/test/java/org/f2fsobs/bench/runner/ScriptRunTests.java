package org.f2fsobs.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.ExecSpec;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.script.ScriptException;
import org.junit.jupiter.api.Test;

/** Scripts run on one machine: each tool run measured on its own, and what the lines before it did shows in it. */
class ScriptRunTests {
    static final long MIB = 1 << 20;

    static List<RunResult> script(String profile, String text) {
        return EngineCellRunnerTests.RUNNER.execAll(ExecSpec.script(profile, "", "", Map.of(), text, 1, null),
                ProgressListener.NONE, CancellationToken.NONE);
    }

    static long counter(RunResult r, String name) {
        return ((Number) r.counters().get(name)).longValue();
    }

    @Test
    void aColdCacheReadReadsTheFilesBlocksFromTheDeviceAndAWarmOneNothing() {
        List<RunResult> runs = script("nullblk-x86", """
                mount /dev/nullb0 /mnt/f2fs
                dd if=/dev/zero of=/mnt/f2fs/file bs=1M count=8
                dd if=/mnt/f2fs/file of=/dev/null bs=1M
                echo 3 > /proc/sys/vm/drop_caches
                dd if=/mnt/f2fs/file of=/dev/null bs=1M
                """);
        assertThat(runs).extracting(RunResult::command).containsExactly("dd if=/dev/zero of=/mnt/f2fs/file bs=1M count=8",
                "dd if=/mnt/f2fs/file of=/dev/null bs=1M", "dd if=/mnt/f2fs/file of=/dev/null bs=1M");
        assertThat(counter(runs.get(1), "read_requests")).as("warm: the page cache has every page").isZero();
        Map<String, Long> cold = runs.get(2).histograms().get("read_request_bytes");
        assertThat(cold).as("cold: the file's 2048 data blocks in 256 KiB requests (max_sectors=512), and its node blocks")
                .containsEntry("262144", 32L).containsOnlyKeys("262144", "4096");
        assertThat(cold.get("4096")).as("the inode and its direct node, dropped with the page cache").isLessThanOrEqualTo(2L);
        assertThat(runs.get(2).headline().value()).isLessThan(runs.get(1).headline().value());
    }

    @Test
    void aSparseFileReadsNoBlockForItsHolesAndItsWrittenBlocksOnce() {
        List<RunResult> runs = script("ufs21-2018", """
                truncate -s 64M /data/sparse
                echo 3 > /proc/sys/vm/drop_caches
                dd if=/data/sparse of=/dev/null bs=1M
                dd if=/dev/zero of=/data/sparse bs=1M seek=8 count=1 conv=notrunc
                echo 3 > /proc/sys/vm/drop_caches
                dd if=/data/sparse of=/dev/null bs=1M
                """);
        assertThat(counter(runs.get(0), "read_requests")).as("a hole is zeros without a device read").isZero();
        assertThat(runs.get(0).metrics().get("bytes")).isEqualTo(64 * MIB);
        assertThat(counter(runs.get(2), "read_bytes")).as("the 256 written blocks, and their dnode").isBetween(MIB, MIB + 8192);
    }

    @Test
    void aRemountTakesTheKernelsDefaultsThenItsOwnOptions() {
        List<RunResult> runs = script("ufs21-2018", """
                mount -t f2fs -o nobarrier /dev/sda /mnt/f2fs
                dd if=/dev/zero of=/mnt/f2fs/a bs=1M count=4 conv=fsync
                mount -o remount /mnt/f2fs
                dd if=/dev/zero of=/mnt/f2fs/b bs=1M count=4 conv=fsync
                """);
        assertThat(runs.get(0).mount()).isEqualTo("nobarrier");
        assertThat(counter(runs.get(0), "flushes")).as("nobarrier: no cache flush").isZero();
        assertThat(runs.get(1).mount()).isEmpty();
        assertThat(counter(runs.get(1), "flushes")).as("remount without nobarrier: default_options").isPositive();
    }

    @Test
    void readAheadKbChangesTheReadRequestsOfFilesOpenedAfterIt() {
        List<RunResult> runs = script("ufs21-2018", """
                dd if=/dev/zero of=/data/f bs=1M count=4
                echo 0 > /sys/block/sda/queue/read_ahead_kb
                echo 3 > /proc/sys/vm/drop_caches
                dd if=/data/f of=/dev/null bs=1M
                echo 512 > /sys/block/sda/queue/read_ahead_kb
                echo 3 > /proc/sys/vm/drop_caches
                dd if=/data/f of=/dev/null bs=1M
                """);
        assertThat(runs.get(1).histograms().get("read_request_bytes")).containsOnlyKeys("4096");
        assertThat(runs.get(2).histograms().get("read_request_bytes")).containsKey("524288");
        assertThat(counter(runs.get(1), "read_requests")).isGreaterThan(10 * counter(runs.get(2), "read_requests"));
    }

    @Test
    void insmodNullBlkParametersMakeTheDevice() {
        String write = "\nmake_f2fs /dev/block/nullb0\ndd if=/dev/zero of=/f bs=1M count=4 conv=fsync\n";
        RunResult big = script("nullblk-x86", "insmod null_blk.ko max_sectors=512 bs=4096 memory_backed=1" + write).get(0);
        RunResult small = script("nullblk-x86", "insmod null_blk.ko max_sectors=64 bs=4096 memory_backed=1" + write).get(0);
        RunResult dflt = script("nullblk-x86", "modprobe null_blk memory_backed=1" + write).get(0);
        assertThat(big.histograms().get("write_request_bytes")).containsKey("262144");
        assertThat(small.histograms().get("write_request_bytes").keySet()).allMatch(k -> Long.parseLong(k) <= 32768)
                .contains("32768");
        assertThat(dflt.histograms().get("write_request_bytes").keySet()).as("BLK_SAFE_MAX_SECTORS 255, in whole pages")
                .allMatch(k -> Long.parseLong(k) <= 126976).contains("126976");
    }

    @Test
    void aHereDocumentWritesTheJobFileFioReadsAndUrandomIsIncompressible() {
        List<RunResult> runs = script("nullblk-x86", """
                mkfs.f2fs -O extra_attr,compression /dev/nullb0
                mount -t f2fs -o compress_algorithm=lz4 /dev/nullb0 /mnt
                mkdir -p /mnt/c
                chattr +c /mnt/c
                cat > /mnt/job.fio <<EOF
                [w]
                rw=write
                bs=64k
                size=2M
                end_fsync=1
                filename=/mnt/c/fio
                EOF
                fio /mnt/job.fio
                dd if=/dev/urandom of=/mnt/c/r bs=1M count=2 conv=fsync
                dd if=/dev/zero of=/mnt/c/z bs=1M count=2 conv=fsync
                """);
        assertThat(runs).hasSize(3);
        assertThat(runs.get(0).tool()).isEqualTo("fio");
        assertThat(runs.get(0).toolOutput()).contains("w: (g=0): rw=write, bs=(R) 64.0KiB-64.0KiB");
        long random = counter(runs.get(1), "write_bytes"), zeros = counter(runs.get(2), "write_bytes");
        assertThat(random).as("random data does not compress").isGreaterThanOrEqualTo(2 * MIB);
        assertThat(zeros).as("zeros do: one block per 16 KiB cluster").isLessThan(MIB);
    }

    @Test
    void sleepPassesVirtualTimeAndUmountEmptiesThePageCache() {
        List<RunResult> runs = script("ufs21-2018", """
                mount /dev/sda /mnt/f2fs
                dd if=/dev/zero of=/mnt/f2fs/f bs=1M count=4
                sleep 2.5
                umount /mnt/f2fs
                mount /dev/sda /mnt/f2fs
                time dd if=/mnt/f2fs/f of=/dev/null bs=1M
                """);
        assertThat(runs.get(1).preparation().virtualNs()).isGreaterThan(2_500_000_000L);
        assertThat(counter(runs.get(1), "read_bytes")).as("the remounted volume reads from the device").isGreaterThanOrEqualTo(4 * MIB);
        assertThat(runs.get(1).toolOutput()).containsPattern("\nreal\t0m0\\.\\d{3}s\nuser\t0m0\\.\\d{3}s\nsys\t0m0\\.\\d{3}s\n$");
    }

    @Test
    void cdRmAndCpWorkInTheMountPointsNamespace() {
        List<RunResult> runs = script("nullblk-x86", """
                mount /dev/nullb0 /mnt/f2fs
                cd /mnt/f2fs/d
                dd if=/dev/zero of=f bs=4k count=16
                cp f /mnt/f2fs/g
                cd /mnt/f2fs
                rm -r d
                dd if=g of=/dev/null bs=4k
                """);
        assertThat(runs.get(1).metrics().get("bytes")).isEqualTo(65536L);
        assertThatThrownBy(() -> script("nullblk-x86", "mount /dev/nullb0 /mnt/f2fs\ndd if=/dev/zero of=/mnt/f2fs/d bs=4k count=1\n"
                + "rm /mnt/f2fs/d\ndd if=/mnt/f2fs/d of=/dev/null"))
                .isInstanceOf(ScriptException.class).hasMessage("script line 4 'dd if=/mnt/f2fs/d of=/dev/null': dd: if=/mnt/f2fs/d: "
                        + "no earlier line creates this file on the simulated volume");
        assertThatThrownBy(() -> script("nullblk-x86", "mount /dev/nullb0 /mnt/f2fs\nfio --name=a --filename=/tmp/x --size=1M"))
                .isInstanceOf(ScriptException.class).hasMessageContaining("/tmp/x is not on the simulated volume, which is mounted at /mnt/f2fs");
    }

    @Test
    void theSameScriptGivesTheSameResults() {
        String s = "dd if=/dev/urandom of=/a bs=1M count=2 conv=fsync\necho 3 > /proc/sys/vm/drop_caches\ndd if=/a of=/dev/null bs=64k";
        List<RunResult> one = script("pixel3-ufs21-little4", s), two = script("pixel3-ufs21-little4", s);
        assertThat(one).hasSize(2);
        for (int i = 0; i < 2; i++) assertThat(EngineCellRunnerTests.withoutWall(one.get(i))).isEqualTo(EngineCellRunnerTests.withoutWall(two.get(i)));
    }
}
