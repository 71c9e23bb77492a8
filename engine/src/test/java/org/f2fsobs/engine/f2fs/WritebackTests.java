package org.f2fsobs.engine.f2fs;

import static org.assertj.core.api.Assertions.assertThat;

import org.f2fsobs.engine.f2fs.fsck.Fsck;
import org.f2fsobs.engine.f2fs.inode.F2fsInode;
import org.f2fsobs.engine.kernel.mm.Bdi;
import org.f2fsobs.engine.kernel.mm.WritebackControl;
import org.f2fsobs.engine.platform.TestProfiles;
import org.f2fsobs.engine.sim.SimCompletion;
import org.junit.jupiter.api.Test;

/**
 * Buffered writeback as the 2018 kernels did it (4.19 fs-writeback.c, page-writeback.c, block/blk-core.c, f2fs
 * data.c): the flusher can only have nr_requests async requests allocated, background writeback stops once no more
 * than the background threshold is dirty (pages under writeback do not count), and f2fs's async writeback gives way
 * to a WB_SYNC_ALL writer at the next page. Together they decide how much an fsync right after a write finds dirty.
 */
class WritebackTests {
    static final int NR_REQUESTS = 16;

    /** CFQ in IOPS mode, nr_requests 16, 128 MiB dirtyable: bg 10 % = 3276 pages, dirty 20 % = 6553, setpoint 5734. */
    static VolumeRig rig() {
        return rig(NR_REQUESTS);
    }

    static VolumeRig rig(int nrRequests) {
        return new VolumeRig(TestProfiles.ideal().cfq().set("device.cfq.slice_idle_ns", 0L)
                .set("device.nr_requests", nrRequests).set("memory.available_bytes", 128L << 20)
                .set("device.write_bandwidth_bytes_per_s", 100_000_000L).set("device.capacity_bytes", 4L << 30).build(), 1);
    }

    @Test
    void theFlusherIsBoundByTheRequestListSoTheFsyncAfterTheLastWriteFindsPagesDirty() {
        VolumeRig rig = rig();
        VolumeRig.Pattern data = new VolumeRig.Pattern(rig.store, 3);
        long[] out = new long[5];
        Volume vol = rig.boot(MechanismTests.flags(false, false), (t, v) -> {
            Bdi bdi = v.kernel().mm().bdi();
            v.mkdirs(t, "d", false);
            v.sync(t);
            bdi.resetPeakWriteback();
            long sync0 = v.sbi().stat().syncWritebackPages;
            int fd = v.open(t, "d/f", Volume.O_CREAT | Volume.O_RDWR);
            for (int i = 0; i < 128; i++) v.pwrite(t, fd, i * 524288L, 524288, data);     // 64 MiB
            out[0] = bdi.nrDirty();
            out[2] = bdi.peakWriteback();          // the fsync's own sync requests come from the other list
            v.fsync(t, fd);
            out[1] = v.sbi().stat().syncWritebackPages - sync0;
            out[3] = bdi.pagesWrittenByFlusher();
            out[4] = bdi.flusherWritepages();
        });
        assertThat(Fsck.check(vol.sbi())).isEmpty();
        // async requests in flight: at most 3/2 × nr_requests of 512 KiB, plus the f2fs bio being filled
        assertThat(out[2]).as("peak pages under writeback").isLessThanOrEqualTo(NR_REQUESTS * 3 / 2 * 128 + 256 + 128);
        // what the writer left dirty is what the fsync writes: more than the background threshold's worth
        assertThat(out[1]).as("pages written by the fsync").isBetween(out[0] - 8, out[0]).isGreaterThan(2_000);
        // the flusher writes the inode in long runs (writeback_chunk_size = 1024 pages here), not a few pages a visit
        assertThat(out[3] / Math.max(1, out[4])).as("pages per flusher writepages").isGreaterThanOrEqualTo(256);
    }

    @Test
    void backgroundWritebackStopsWhenNoMoreThanTheBackgroundThresholdIsDirty() {
        VolumeRig rig = rig();
        VolumeRig.Pattern data = new VolumeRig.Pattern(rig.store, 4);
        long[] out = new long[4];
        rig.boot(MechanismTests.flags(false, false), (t, v) -> {
            Bdi bdi = v.kernel().mm().bdi();
            int fd = v.open(t, "f", Volume.O_CREAT | Volume.O_RDWR);
            for (int i = 0; i < 64; i++) v.pwrite(t, fd, i * 524288L, 524288, data);      // 32 MiB
            t.sleepNs(2_000_000_000L);            // idle: before any kupdate (expire 30 s), after the device drained
            out[0] = bdi.nrDirty();
            out[1] = bdi.nrWriteback();
            out[2] = bdi.backgroundThresh();
            out[3] = bdi.writebackChunkSizeForTests();
            v.close(t, fd);
        });
        assertThat(out[1]).isZero();
        // wb_over_bg_thresh is checked between chunks: the last chunk took dirty to at most the threshold
        assertThat(out[0]).isLessThanOrEqualTo(out[2]).isGreaterThan(out[2] - out[3]);
    }

    @Test
    void asyncWritebackStopsAtTheNextPageWhileAWbSyncAllWriterIsInWritepages() {
        VolumeRig rig = rig(4);                    // the async writer sleeps in get_request after 6 requests
        VolumeRig.Pattern data = new VolumeRig.Pattern(rig.store, 5);
        long[] out = new long[3];
        rig.boot(MechanismTests.flags(false, false), (t, v) -> {
            int fd = v.open(t, "f", Volume.O_CREAT | Volume.O_RDWR);
            for (int i = 0; i < 16; i++) v.pwrite(t, fd, i * 524288L, 524288, data);      // 2048 pages, under bg
            F2fsInode inode = v.lookup(t, "f");
            SimCompletion done = new SimCompletion(t.sim(), "async writepages");
            t.sim().spawn("kworker/flush-like", w -> {
                WritebackControl wbc = new WritebackControl(WritebackControl.SyncMode.WB_SYNC_NONE, 4096);
                wbc.forBackground = true;
                v.fileOps().writer().writeDataPages(w, inode, wbc);
                done.complete();
            });
            t.sleepNs(1);                          // the async writer runs until it sleeps in get_request
            v.sbi().incWbSyncReqData();               // a WB_SYNC_ALL writer entered __f2fs_write_data_pages
            out[0] = inode.dirtyPages;
            done.await(t);
            out[1] = inode.dirtyPages;
            v.sbi().decWbSyncReqData();
            out[2] = 2048;
            v.fsync(t, fd);
            v.close(t, fd);
        });
        assertThat(out[0]).as("dirty when the sync writer came").isPositive().isLessThan(out[2]);
        assertThat(out[0] - out[1]).as("pages the async writer wrote afterwards").isLessThanOrEqualTo(1);
    }
}
