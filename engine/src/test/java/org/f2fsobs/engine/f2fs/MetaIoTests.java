package org.f2fsobs.engine.f2fs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.f2fsobs.engine.kernel.block.BlockStats;
import org.f2fsobs.engine.sim.device.CrashMode;
import org.junit.jupiter.api.Test;

/**
 * Metadata reaches the disk only as bios through the block layer: what a run that misses the node cache, a mount and
 * a roll-forward recovery read shows in the request histograms, the device's busy time and meta_reads_by_type.
 */
class MetaIoTests {
    static final Optimizations O = Optimizations.linux614();
    static final int FILES = 60;
    static final long FILE_BYTES = 4L << 20;        // 1024 blocks: the inode's 923 slots and one direct node

    /** What one read of every file cost: the block layer's statistics and the metadata reads by type. */
    record Pass(BlockStats stats, long busyNs, Map<String, Long> metaReads) {}

    /**
     * 60 files of 4 MiB, synced (node pages clean, 120 NAT entries written into a NAT block), their data pages dropped,
     * then read back; with {@code dropCaches} the node pages, meta pages and clean NAT entries go too.
     */
    private static Pass readBack(boolean dropCaches) {
        VolumeRig rig = new VolumeRig(1L << 30, 1);
        VolumeRig.Pattern data = new VolumeRig.Pattern(rig.store, 1);
        Pass[] out = new Pass[1];
        rig.boot(O, (t, v) -> {
            v.mkdirs(t, "d", false);
            for (int f = 0; f < FILES; f++) {
                int fd = v.open(t, "d/f" + f, Volume.O_CREAT | Volume.O_WRONLY);
                v.pwrite(t, fd, 0, FILE_BYTES, data);
                v.close(t, fd);
            }
            v.sync(t);
            if (dropCaches) v.dropCaches(t);
            else for (var inode : v.sbi().icache().all()) inode.mapping().dropCleanPages();   // data pages only
            F2fsStat before = v.sbi().stat().snapshot();
            v.sbi().rq().resetStats();
            for (int f = 0; f < FILES; f++) {
                long[] got = VolumeRig.readAll(t, v, "d/f" + f);
                for (int i = 0; i < got.length; i++) assertThat(got[i]).isEqualTo(data.pageRef(i));
            }
            out[0] = new Pass(v.sbi().rq().stats(), v.sbi().rq().busyNs(), v.sbi().stat().minus(before).metaReads());
        });
        return out[0];
    }

    @Test
    void aReadThatMissesTheNodeCachePaysForNatAndNodeReadsInItsHistogramAndCounters() {
        Pass warm = readBack(false);
        Pass cold = readBack(true);
        // node cache warm: the same data reads, no metadata read at all
        assertThat(warm.metaReads().values()).allMatch(n -> n == 0);
        // cold: every file's direct node read (its NAT entry first: the NAT block, read once into the meta mapping)
        assertThat(cold.metaReads().get("node")).isEqualTo(FILES);
        assertThat(cold.metaReads().get("nat")).isEqualTo(1);
        long metaBlocks = cold.metaReads().values().stream().mapToLong(Long::longValue).sum();
        assertThat(metaBlocks).isEqualTo(FILES + 1);
        // each is a 4 KiB request of its own, beside the data's readahead requests, and costs device time
        long small = cold.stats().readSizeHistogram().getOrDefault("4096", 0L);
        long warmSmall = warm.stats().readSizeHistogram().getOrDefault("4096", 0L);
        assertThat(small - warmSmall).isEqualTo(metaBlocks);
        assertThat(cold.stats().readRequests() - warm.stats().readRequests()).isEqualTo(metaBlocks);
        assertThat(cold.stats().readBytes() - warm.stats().readBytes()).isEqualTo(metaBlocks * 4096);
        assertThat(warm.stats().readRequests()).isPositive();
        assertThat(cold.busyNs()).isGreaterThan(warm.busyNs());
    }

    @Test
    void everyBlockAMountReadsIsACountedMetadataReadThroughTheBlockLayer() {
        VolumeRig rig = new VolumeRig(1L << 30, 1);
        Volume v = rig.boot(O, (t, vol) -> { });
        Map<String, Long> reads = v.sbi().stat().metaReads();
        BlockStats bs = v.sbi().rq().stats();
        // superblock; pack 1's first and last blocks, pack 2's first (mkfs wrote none: the pack is invalid at once),
        // the summary blocks of a CP_UMOUNT pack (1 compacted data, 3 node); every SIT block; the free-nid scan's 8
        // NAT blocks; the root inode; recovery's first chain block
        assertThat(reads.get("super")).isEqualTo(1);
        assertThat(reads.get("cp")).isEqualTo(2 + 1 + 1 + 3);
        assertThat(reads.get("sit")).isEqualTo(v.sbi().meta().sitBlkCnt());
        assertThat(reads.get("nat")).isEqualTo(F2fsConst.FREE_NID_PAGES);
        assertThat(reads.get("ssa")).isZero();
        assertThat(reads.get("por")).isEqualTo(1);
        long blocks = reads.values().stream().mapToLong(Long::longValue).sum();
        assertThat(bs.readBytes()).isEqualTo(blocks * 4096);
        // the SIT and NAT readahead merged in the plug: fewer requests than blocks
        assertThat(bs.readRequests()).isLessThan(blocks);
        assertThat(bs.readSizeHistogram().keySet()).anyMatch(size -> Long.parseLong(size) > 4096);
    }

    @Test
    void recoveryReadsTheNodeChainAndTheNodeSegmentsThroughTheBlockLayer() {
        VolumeRig rig = new VolumeRig(1L << 30, 1);
        VolumeRig.Pattern data = new VolumeRig.Pattern(rig.store, 2);
        rig.boot(O, (t, v) -> {
            v.mkdirs(t, "d", false);
            v.sync(t);
            int fd = v.open(t, "d/durable", Volume.O_CREAT | Volume.O_WRONLY);
            v.pwrite(t, fd, 0, 3000 * 4096L, data);
            v.fsync(t, fd);
        });
        rig.powerCut(CrashMode.DROP_ALL);
        Volume after = rig.boot(O, (t, v) -> { });
        assertThat(after.recovery().nodesWalked()).isGreaterThan(1);
        assertThat(after.recovery().blocksRecovered()).isEqualTo(3000);
        Map<String, Long> reads = after.sbi().stat().metaReads();
        // not a CP_UMOUNT checkpoint: each node log's SSA block and all 512 blocks of its segment (restore_node_summary),
        // dropped again; then the chain from WARM_NODE's next free block, read ahead by the fast pointer; replacing
        // blocks moves the data logs to the recovered blocks' segments, loading their SSA blocks (change_curseg)
        assertThat(reads.get("ssa")).isGreaterThan(3);
        assertThat(reads.get("por")).isGreaterThan(3L * F2fsConst.BLKS_PER_SEG);
        // the recovered inode's NAT entry and its nodes were read to replay the dnodes
        assertThat(reads.get("nat")).isGreaterThanOrEqualTo(F2fsConst.FREE_NID_PAGES);
        BlockStats bs = after.sbi().rq().stats();
        long blocks = reads.values().stream().mapToLong(Long::longValue).sum();
        assertThat(bs.readBytes()).isGreaterThanOrEqualTo(blocks * 4096);
        // readahead of 256 blocks merges into requests of max_sectors_kb (512 KiB)
        assertThat(bs.readSizeHistogram()).containsKey(Long.toString(512 * 1024));
        assertThat(after.sbi().meta().cached(after.sbi().layout().mainBlkaddr + 1)).isFalse();   // main-area meta pages dropped
    }
}
