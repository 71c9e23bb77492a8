package org.f2fsobs.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.api.RunResult;
import org.junit.jupiter.api.Test;

/**
 * A measured run that misses the node cache pays for its metadata reads, and they are in its evidence: the
 * meta_reads_by_type counter, the 4 KiB bucket of read_request_bytes, read_requests and the device's busy time.
 */
class MetaReadRunTests {
    static final int JOBS = 64;

    @SuppressWarnings("unchecked")
    static Map<String, Long> metaReads(RunResult r) {
        return (Map<String, Long>) r.counters().get("meta_reads_by_type");
    }

    static long counter(RunResult r, String name) {
        return ((Number) r.counters().get(name)).longValue();
    }

    @Test
    void aReadAfterARemountAndDropCachesReadsTheNatBlockAndEveryInodeAndDirectNode() {
        // 64 files of 4 MiB: 64 inodes and 64 direct nodes, whose 128 NAT entries overflow the journal into NAT block 0
        String write = "fio --name=j --directory=/mnt/f2fs --rw=write --bs=1M --size=4M --numjobs=" + JOBS;
        String read = "fio --name=j --directory=/mnt/f2fs --rw=read --bs=1M --size=4M --numjobs=" + JOBS;
        List<RunResult> runs = ScriptRunTests.script("nullblk-x86", String.join("\n",
                "mount /dev/nullb0 /mnt/f2fs", write, read,
                "umount /mnt/f2fs", "mount /dev/nullb0 /mnt/f2fs", "echo 3 > /proc/sys/vm/drop_caches", read, ""));
        RunResult warm = runs.get(1), cold = runs.get(2);
        assertThat(metaReads(warm).values()).as("warm: every node and NAT entry cached").allMatch(n -> n == 0);
        // fio's invalidate=1 drops each file's data pages before the job (POSIX_FADV_DONTNEED), not the node pages:
        // the warm run reads the data again and nothing else
        assertThat(counter(warm, "read_bytes")).isEqualTo(JOBS * (4L << 20));

        Map<String, Long> meta = metaReads(cold);
        assertThat(meta.get("node")).as("each file's inode and direct node, and the root directory's inode").isEqualTo(2L * JOBS + 1);
        assertThat(meta.get("nat")).as("their NAT block, read once into the meta mapping").isEqualTo(1);
        assertThat(meta).containsEntry("sit", 0L).containsEntry("cp", 0L).containsEntry("por", 0L);
        long metaBlocks = meta.values().stream().mapToLong(Long::longValue).sum();
        Map<String, Long> sizes = cold.histograms().get("read_request_bytes");
        assertThat(sizes.getOrDefault("4096", 0L)).as("one 4 KiB request each").isGreaterThanOrEqualTo(metaBlocks);
        long dataBytes = JOBS * (4L << 20);
        // the data, the root directory's dentry block and the metadata blocks, nothing else
        assertThat(counter(cold, "read_bytes")).isEqualTo(dataBytes + 4096 + metaBlocks * 4096);
        assertThat(cold.timeBreakdownNs().deviceBusy()).isPositive();
        // the mount read its metadata too, and that is preparation's
        @SuppressWarnings("unchecked")
        Map<String, Long> prep = (Map<String, Long>) cold.preparation().counters().get("meta_reads_by_type");
        assertThat(prep.get("super")).isEqualTo(1);
        assertThat(prep.get("sit")).isPositive();
        assertThat(prep.get("cp")).isPositive();
    }
}
