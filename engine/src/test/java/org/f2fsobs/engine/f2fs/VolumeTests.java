package org.f2fsobs.engine.f2fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.f2fsobs.engine.f2fs.fsck.Fsck;
import org.f2fsobs.engine.sim.device.CrashMode;
import org.junit.jupiter.api.Test;

class VolumeTests {
    static final Optimizations O = Optimizations.linux614();

    @Test
    void writeReadBackAcrossUmountAndMount() {
        VolumeRig rig = new VolumeRig(1L << 30, 1);
        VolumeRig.Pattern data = new VolumeRig.Pattern(rig.store, 1);
        Volume v1 = rig.boot(O, (t, v) -> {
            v.mkdirs(t, "mnt/test_dir", false);
            int fd = v.open(t, "mnt/test_dir/f", Volume.O_CREAT | Volume.O_WRONLY);
            for (int i = 0; i < 40; i++) v.pwrite(t, fd, i * 65536L, 65536, data);
            v.close(t, fd);
            long[] got = VolumeRig.readAll(t, v, "mnt/test_dir/f");
            assertThat(got).hasSize(640);
            for (int i = 0; i < 640; i++) assertThat(got[i]).isEqualTo(data.pageRef(i));
            v.umount(t);
        });
        assertThat(Fsck.check(v1.sbi())).isEmpty();
        Volume v2 = rig.boot(O, (t, v) -> {
            long[] got = VolumeRig.readAll(t, v, "mnt/test_dir/f");
            for (int i = 0; i < 640; i++) assertThat(got[i]).isEqualTo(data.pageRef(i));
            assertThat(v.size(t, "mnt/test_dir/f")).isEqualTo(640 * 4096L);
        });
        assertThat(Fsck.check(v2.sbi())).isEmpty();
        assertThat(v2.sbi().rq().stats().readRequests()).isGreaterThan(0);
    }

    @Test
    void aFileWrittenAndFsyncedSurvivesAPowerCut() {
        VolumeRig rig = new VolumeRig(1L << 30, 1);
        VolumeRig.Pattern data = new VolumeRig.Pattern(rig.store, 2);
        rig.boot(O, (t, v) -> {
            v.mkdirs(t, "d", false);
            v.sync(t);
            int fd = v.open(t, "d/durable", Volume.O_CREAT | Volume.O_WRONLY);
            v.pwrite(t, fd, 0, 300 * 4096L, data);
            v.fsync(t, fd);
            int fd2 = v.open(t, "d/volatile", Volume.O_CREAT | Volume.O_WRONLY);
            v.pwrite(t, fd2, 0, 50 * 4096L, data);
        });
        rig.powerCut(CrashMode.DROP_ALL);
        Volume after = rig.boot(O, (t, v) -> {
            long[] got = VolumeRig.readAll(t, v, "d/durable");
            assertThat(got).hasSize(300);
            for (int i = 0; i < 300; i++) assertThat(got[i]).as("page %d", i).isEqualTo(data.pageRef(i));
        });
        assertThat(after.recovery().inodes()).isEqualTo(1);
        assertThat(after.recovery().blocksRecovered()).isEqualTo(300);
        assertThat(Fsck.check(after.sbi())).isEmpty();
    }

    @Test
    void unlinkedStaysUnlinkedAfterACheckpointAndARemount() {
        VolumeRig rig = new VolumeRig(1L << 30, 1);
        VolumeRig.Pattern data = new VolumeRig.Pattern(rig.store, 3);
        long[] validBefore = new long[1];
        rig.boot(O, (t, v) -> {
            validBefore[0] = v.sbi().sitI().writtenValidBlocks();
            int fd = v.open(t, "gone", Volume.O_CREAT | Volume.O_WRONLY);
            v.pwrite(t, fd, 0, 100 * 4096L, data);
            v.fsync(t, fd);
            v.close(t, fd);
            v.unlink(t, "gone");
            v.sync(t);
        });
        rig.powerCut(CrashMode.DROP_ALL);
        Volume after = rig.boot(O, (t, v) -> {
            assertThat(v.lookup(t, "gone")).isNull();
            assertThatThrownBy(() -> v.open(t, "gone", Volume.O_RDONLY)).hasMessageContaining("ENOENT");
        });
        assertThat(Fsck.check(after.sbi())).isEmpty();
        assertThat(after.sbi().sitI().writtenValidBlocks()).isLessThanOrEqualTo(validBefore[0] + 2);
    }

    @Test
    void pathsResolveInTheNamespaceAndRmdirFreesAnEmptyDirectory() {
        VolumeRig rig = new VolumeRig(1L << 30, 1);
        Volume v1 = rig.boot(O, (t, v) -> {
            v.setNamespace("/mnt/f2fs", "/");
            v.mkdirs(t, "/mnt/f2fs/a/b", false);
            v.chdir(t, "a");
            v.close(t, v.open(t, "b/../f", Volume.O_CREAT | Volume.O_WRONLY));
            assertThat(v.list(t, "/mnt/f2fs/a")).containsExactly("b", "f");
            assertThat(v.lookup(t, "/mnt/f2fs/a/f")).isNotNull();
            assertThatThrownBy(() -> v.open(t, "../../x", Volume.O_CREAT)).isInstanceOf(F2fsException.class)
                    .hasMessage("EINVAL: '..' in ../../x climbs above the volume root");
            assertThatThrownBy(() -> v.open(t, "/tmp/x", Volume.O_CREAT)).hasMessage("ENOENT: /tmp/x is not on the simulated volume (mounted at /mnt/f2fs)");
            assertThatThrownBy(() -> v.rmdir(t, "/mnt/f2fs/a")).hasMessageStartingWith("ENOTEMPTY");
            v.rmdir(t, "b");
            v.unlink(t, "f");
            v.chdir(t, "/mnt/f2fs");
            v.rmdir(t, "a");
            assertThat(v.list(t, "/mnt/f2fs")).isEmpty();
            v.umount(t);
        });
        assertThat(Fsck.check(v1.sbi())).isEmpty();
    }
}
