package org.f2fsobs.engine.f2fs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.f2fsobs.engine.f2fs.checkpoint.CpReason;
import org.f2fsobs.engine.f2fs.fsck.Fsck;
import org.f2fsobs.engine.sim.SimCompletion;
import org.f2fsobs.engine.sim.SimTask;
import org.junit.jupiter.api.Test;

/** The P1 and P4 mechanisms and the fsync paths, end to end through the Volume at small size. */
class MechanismTests {

    static Optimizations flags(boolean sec, boolean serialize) {
        return new Optimizations(sec, true, false, serialize);
    }

    /** seg_entry and sec_entry reads while writing {@code pages} pages in 512 KiB writes + fsync. */
    static long[] p1Reads(int segsPerSec, boolean flag, int pages) {
        VolumeRig rig = new VolumeRig(16L << 30, segsPerSec);
        VolumeRig.Pattern data = new VolumeRig.Pattern(rig.store, 1);
        long[] out = new long[2];
        Volume vol = rig.boot(flags(flag, true), (t, v) -> {
            v.mkdirs(t, "mnt/test_dir", false);
            v.sync(t);
            int fd = v.open(t, "mnt/test_dir/seq_write", Volume.O_CREAT | Volume.O_WRONLY);
            long seg0 = v.sbi().sitI().segEntryReads(), sec0 = v.sbi().sitI().secEntryReads();
            for (int i = 0; i < pages / 128; i++) v.pwrite(t, fd, i * 524288L, 524288, data);
            v.fsync(t, fd);
            out[0] = v.sbi().sitI().segEntryReads() - seg0;
            out[1] = v.sbi().sitI().secEntryReads() - sec0;
        });
        assertThat(Fsck.check(vol.sbi())).isEmpty();
        return out;
    }

    @Test
    void p1LargeSectionsReadSevenSectionsOfSegEntriesPerWrittenPageWithTheFlagOff() {
        int pages = 2048;
        long[] off = p1Reads(128, false, pages);
        long[] on = p1Reads(128, true, pages);
        double extraPerPage = (off[0] - on[0]) / (double) pages;
        // 896 per page from the writeback-side balance_fs, ≈ 7 more from the syscall-side one per 512 KiB write
        assertThat(extraPerPage).isBetween(7.0 * 128, 7.0 * 128 + 14);
        // on: the section checks read 7 sec_entries instead; update_sit_entry reads the sec_entry twice per block
        // (valid_blocks, and ckpt_valid_blocks with the flag); off: only the valid_blocks one
        assertThat(on[1] / (double) pages).isBetween(7.0 + 2, 7.0 + 3);
        assertThat(off[1] / (double) pages).isBetween(1.0, 1.5);
    }

    @Test
    void p1WithOneSegmentPerSectionBothFlagsReadTheSameSegEntries() {
        long[] off = p1Reads(1, false, 1024);
        long[] on = p1Reads(1, true, 1024);
        assertThat(off).containsExactly(on);
        assertThat(off[1]).isZero();
    }

    /** k writers each write their own file, then all fsync at once; then each reads its file back in 512 KiB preads. */
    static long[] p4(int k, boolean serialize, int pagesPerFile) {
        VolumeRig rig = new VolumeRig(org.f2fsobs.engine.platform.TestProfiles.ideal()
                .set("device.capacity_bytes", 4L << 30).set("cpu.count", 8).build(), 1);
        VolumeRig.Pattern data = new VolumeRig.Pattern(rig.store, 7);
        long[] out = new long[6];
        F2fsOptions opts = F2fsOptions.defaults(flags(false, serialize)).withSerializeRule("all_regular");
        Volume vol = rig.boot(opts, (t, v) -> {
            v.mkdirs(t, "data/tio_tmp", false);
            v.sync(t);
            var sim = t.sim();
            SimCompletion allWritten = new SimCompletion(sim, "barrier");
            SimCompletion done = new SimCompletion(sim, "done");
            int[] left = {k};
            int[] finished = {k};
            for (int w = 0; w < k; w++) {
                String name = "data/tio_tmp/f" + w;
                sim.spawn("writer" + w, task -> {
                    int fd = v.open(task, name, Volume.O_CREAT | Volume.O_RDWR);
                    for (int i = 0; i < pagesPerFile / 128; i++) v.pwrite(task, fd, i * 524288L, 524288, data);
                    if (--left[0] == 0) allWritten.completeAll();
                    else allWritten.await(task);
                    v.fsync(task, fd);
                    v.close(task, fd);
                    if (--finished[0] == 0) done.completeAll();
                });
            }
            done.await(t);
            out[0] = v.sbi().rq().stats().writeRequests();
            Map<String, Long> w = v.sbi().rq().stats().writeSizeHistogram();
            out[1] = w.getOrDefault("524288", 0L);
            v.dropCaches(t);
            v.sbi().rq().resetStats();
            SimCompletion readDone = new SimCompletion(sim, "read done");
            int[] readers = {k};
            for (int r = 0; r < k; r++) {
                String name = "data/tio_tmp/f" + r;
                sim.spawn("reader" + r, task -> {
                    int fd = v.open(task, name, Volume.O_RDONLY);
                    for (int i = 0; i < pagesPerFile / 128; i++) v.pread(task, fd, i * 524288L, 524288, (idx, ref, o, n) -> { });
                    v.close(task, fd);
                    if (--readers[0] == 0) readDone.completeAll();
                });
            }
            readDone.await(t);
            var rs = v.sbi().rq().stats();
            out[2] = rs.readRequests();
            out[3] = rs.readSizeHistogram().getOrDefault("4096", 0L);
            out[4] = rs.readSizeHistogram().getOrDefault("524288", 0L);
            out[5] = v.sbi().writepages().stats().contended();
        });
        assertThat(Fsck.check(vol.sbi())).isEmpty();
        return out;
    }

    @Test
    void p4ConcurrentFsyncsInterleaveFilesPageByPageWithoutTheMutexAndNotWithIt() {
        int k = 8, pages = 1024;
        long[] off = p4(k, false, pages);
        long[] on = p4(k, true, pages);
        long totalPages = (long) k * pages;
        // off: fragmented files → mostly 4 KiB read requests; on: contiguous → mostly 512 KiB
        assertThat(off[3]).as("4 KiB reads off").isGreaterThan(totalPages / 2);
        assertThat(on[4]).as("512 KiB reads on").isGreaterThanOrEqualTo(totalPages / 128 - k);
        assertThat(on[2]).as("read requests on").isLessThan(off[2] / 10);
        // write requests stay large either way
        assertThat(off[1]).as("512 KiB writes off").isGreaterThan(off[0] / 2);
        assertThat(on[1]).as("512 KiB writes on").isGreaterThan(on[0] / 2);
        assertThat(on[5]).as("writers waited on sbi->writepages").isGreaterThan(0);
    }

    @Test
    void p4WithOneThreadTheFlagChangesNothing() {
        long[] off = p4(1, false, 1024);
        long[] on = p4(1, true, 1024);
        assertThat(off[2]).isEqualTo(on[2]);
        assertThat(off[4]).isEqualTo(on[4]);
    }

    @Test
    void syncPathsOSyncAppendRollsForwardRewriteFlushesAndHardlinkCheckpoints() {
        VolumeRig rig = new VolumeRig(1L << 30, 1);
        VolumeRig.Pattern data = new VolumeRig.Pattern(rig.store, 9);
        rig.boot(Optimizations.linux614(), (t, v) -> {
            v.mkdirs(t, "d", false);
            v.sync(t);
            F2fsStat s = v.sbi().stat();
            int fd = v.open(t, "d/a", Volume.O_CREAT | Volume.O_WRONLY | Volume.O_SYNC);
            long cp0 = s.checkpoints;
            v.pwrite(t, fd, 0, 16384, data);                       // append: roll-forward
            assertThat(s.fsyncRollForward).isEqualTo(1);
            assertThat(s.checkpoints).isEqualTo(cp0);
            v.pwrite(t, fd, 4096, 4096, data);                     // 4 KiB rewrite: IPU + flush
            assertThat(s.fsyncIpuFlush).isEqualTo(1);
            assertThat(s.ipuBlocks).isEqualTo(1);
            assertThat(s.checkpoints).isEqualTo(cp0);
            v.close(t, fd);
            v.link(t, "d/a", "d/b");                               // now nlink = 2
            int fd2 = v.open(t, "d/b", Volume.O_WRONLY | Volume.O_SYNC);
            v.pwrite(t, fd2, 16384, 4096, data);
            assertThat(s.checkpointsByReason[CpReason.CP_HARDLINK.ordinal()]).isEqualTo(1);
            assertThat(s.checkpoints).isEqualTo(cp0 + 1);
        });
    }
}
