package org.f2fsobs.engine.f2fs.compress;

import static org.assertj.core.api.Assertions.assertThat;

import org.f2fsobs.engine.f2fs.F2fsStat;
import org.f2fsobs.engine.f2fs.Optimizations;
import org.f2fsobs.engine.f2fs.Volume;
import org.f2fsobs.engine.f2fs.VolumeRig;
import org.f2fsobs.engine.f2fs.checkpoint.CpReason;
import org.f2fsobs.engine.f2fs.fsck.Fsck;
import org.f2fsobs.engine.sim.device.CrashMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seed 003 (P3): which sync path an O_SYNC write on a compressed file takes with and without
 * skip_cp_compressed_write, and what a power cut then does to a compressed cluster that only roll-forward covers.
 */
class CompressSyncTests {

    static Optimizations flags(boolean skipCp) {
        return new Optimizations(true, true, skipCp, true);   // the scenario's 2025 flags
    }

    @ParameterizedTest(name = "skip_cp_compressed_write={0}")
    @ValueSource(booleans = {false, true})
    void aCompressible16KibOSyncAppendCheckpointsWithoutTheFlagAndRollsForwardWithIt(boolean skipCp) {
        VolumeRig rig = new VolumeRig(1L << 30, 1);
        CompressRig.Generated text = CompressRig.text(rig.store, 1);
        Volume vol = rig.boot(flags(skipCp), (t, v) -> {
            v.mkdirs(t, "c", true);
            v.sync(t);
            F2fsStat s = v.sbi().stat();
            int fd = v.open(t, "c/f", Volume.O_CREAT | Volume.O_WRONLY | Volume.O_SYNC);
            long cp0 = s.checkpoints;
            for (int i = 0; i < 4; i++) v.pwrite(t, fd, i * 16384L, 16384, text);
            assertThat(s.compressedClustersWritten).isEqualTo(4);
            if (skipCp) {
                assertThat(s.fsyncRollForward).isEqualTo(4);
                assertThat(s.checkpointsByReason[CpReason.CP_COMPRESSED.ordinal()]).isZero();
                assertThat(s.checkpoints).isEqualTo(cp0);
                assertThat(s.rfNodeBlocks).isPositive();
            } else {
                assertThat(s.fsyncCheckpoint).isEqualTo(4);
                assertThat(s.checkpointsByReason[CpReason.CP_COMPRESSED.ordinal()]).isEqualTo(4);
                assertThat(s.fsyncRollForward).isZero();
            }
            // an explicit fsync() is not a write-path sync: it checkpoints with the flag on as well
            int fd2 = v.open(t, "c/f", Volume.O_WRONLY);
            long byReason = s.checkpointsByReason[CpReason.CP_COMPRESSED.ordinal()];
            v.pwrite(t, fd2, 4 * 16384L, 16384, text);
            v.fsync(t, fd2);
            assertThat(s.checkpointsByReason[CpReason.CP_COMPRESSED.ordinal()]).isEqualTo(byReason + 1);
        });
        assertThat(Fsck.check(vol.sbi())).isEmpty();
    }

    @ParameterizedTest(name = "skip_cp_compressed_write={0}")
    @ValueSource(booleans = {false, true})
    void fourKibOSyncRewritesOfRawClustersTakeIpuAndFlushEitherWay(boolean skipCp) {
        VolumeRig rig = new VolumeRig(1L << 30, 1);
        CompressRig.Generated text = CompressRig.text(rig.store, 2);
        CompressRig.Generated text2 = CompressRig.text(rig.store, 3);
        rig.boot(flags(skipCp), (t, v) -> {
            v.mkdirs(t, "c", true);
            v.sync(t);
            F2fsStat s = v.sbi().stat();
            int fd = v.open(t, "c/f", Volume.O_CREAT | Volume.O_RDWR | Volume.O_SYNC);
            for (int i = 0; i < 8; i++) v.pwrite(t, fd, i * 4096L, 4096, text);    // 4 KiB appends: clusters stay raw
            assertThat(s.compressedClustersWritten).isZero();
            assertThat(s.rawClustersWritten).isEqualTo(8);
            if (skipCp) assertThat(s.fsyncRollForward).isEqualTo(8);
            else assertThat(s.checkpointsByReason[CpReason.CP_COMPRESSED.ordinal()]).isEqualTo(8);
            long cp0 = s.checkpoints, rf0 = s.fsyncRollForward, ipu0 = s.ipuBlocks;
            for (int i = 0; i < 8; i++) v.pwrite(t, fd, i * 4096L, 4096, text2);   // rewrites within min_fsync_blocks
            assertThat(s.fsyncIpuFlush).isEqualTo(8);
            assertThat(s.ipuBlocks - ipu0).isEqualTo(8);
            assertThat(s.checkpoints).isEqualTo(cp0);
            assertThat(s.fsyncRollForward).isEqualTo(rf0);
            assertThat(s.compressedClustersOverwritten).as("raw clusters are not read back").isZero();
        });
    }

    /**
     * Chao Yu's recipe (write, fsync, shutdown, recovery, check data): a compressed cluster persisted only by
     * roll-forward comes back wrong — do_recover_data leaves slot 0 (COMPRESS_ADDR) as checkpointed and applies the
     * compressed block as if it were page 1 — while the checkpointed one comes back right.
     */
    @ParameterizedTest(name = "skip_cp_compressed_write={0}")
    @ValueSource(booleans = {false, true})
    void aRolledForwardCompressedClusterComesBackWrongAfterAPowerCut(boolean skipCp) {
        VolumeRig rig = new VolumeRig(1L << 30, 1);
        CompressRig.Generated text = CompressRig.text(rig.store, 4);
        rig.boot(flags(skipCp), (t, v) -> {
            v.mkdirs(t, "c", true);
            int fd = v.open(t, "c/f", Volume.O_CREAT | Volume.O_WRONLY);
            v.close(t, fd);
            v.sync(t);                                          // the empty file is checkpointed
            fd = v.open(t, "c/f", Volume.O_WRONLY | Volume.O_SYNC);
            v.pwrite(t, fd, 0, 16384, text);                    // one compressed cluster, fsync'd by O_SYNC
            assertThat(v.sbi().stat().compressedClustersWritten).isEqualTo(1);
            assertThat(v.sbi().stat().fsyncRollForward).isEqualTo(skipCp ? 1 : 0);
        });
        rig.powerCut(CrashMode.DROP_ALL);
        byte[] want = CompressRig.expected(text, 16384);
        Volume after = rig.boot(flags(skipCp), (t, v) -> {
            assertThat(v.size(t, "c/f")).isEqualTo(16384);
            byte[] got = CompressRig.readAll(t, v, "c/f", 16384);
            if (skipCp) {
                assertThat(got).as("rolled-forward compressed cluster").isNotEqualTo(want);
                assertThat(v.sbi().stat().compressedClustersRead).as("no longer a compressed cluster").isZero();
            } else {
                assertThat(got).as("checkpointed compressed cluster").isEqualTo(want);
                assertThat(v.sbi().stat().compressedClustersRead).isEqualTo(1);
            }
        });
        assertThat(after.recovery().inodes()).isEqualTo(skipCp ? 1 : 0);
    }
}
