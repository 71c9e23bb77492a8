package org.f2fsobs.engine.kernel.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.f2fsobs.engine.platform.TestProfiles;
import org.f2fsobs.engine.sim.Prng;
import org.f2fsobs.engine.sim.device.ContentRegistry;
import org.f2fsobs.engine.sim.device.CrashMode;
import org.f2fsobs.engine.sim.device.PowerCutReport;
import org.junit.jupiter.api.Test;

class RequestQueueTests {

    @Test
    void contiguousPageBiosMergeInThePlugUpToMaxSectors() {
        BlockRig r = new BlockRig(TestProfiles.ideal().set("device.max_sectors_kb", 512).build(), 1);
        r.machine.sim().spawn("writer", t -> {
            r.q.startPlug(t);
            for (int i = 0; i < 300; i++) r.q.submit(t, r.write(1000 + i, 1, 0));
            r.q.finishPlug(t);
        });
        r.machine.sim().run();
        BlockStats s = r.q.stats();
        assertThat(s.writeRequests()).isEqualTo(3);
        assertThat(s.writeSizeHistogram()).isEqualTo(Map.of("180224", 1L, "524288", 2L));
        assertThat(s.merges()).isEqualTo(297);
        assertThat(s.bios()).isEqualTo(300);
    }

    @Test
    void largeBiosAreSplitAtMaxSectors() {
        BlockRig r = new BlockRig(TestProfiles.ideal().set("device.max_sectors_kb", 256).build(), 1);
        r.machine.sim().spawn("writer", t -> r.q.submitAndWait(t, r.write(0, 256, 0)));
        r.machine.sim().run();
        assertThat(r.q.stats().writeSizeHistogram()).isEqualTo(Map.of("262144", 4L));
        for (int i = 0; i < 256; i++) assertThat(r.store.readRef(i)).isEqualTo(r.refWrittenAt(i));
    }

    @Test
    void nonContiguousBiosStaySeparateRequests() {
        BlockRig r = new BlockRig(TestProfiles.ideal().build(), 1);
        r.machine.sim().spawn("writer", t -> {
            r.q.startPlug(t);
            for (int i = 0; i < 10; i++) r.q.submit(t, r.write(i * 2L, 1, 0));
            r.q.finishPlug(t);
        });
        r.machine.sim().run();
        assertThat(r.q.stats().writeSizeHistogram()).isEqualTo(Map.of("4096", 10L));
    }

    @Test
    void aQd1StreamTakesExactlyRTimesLatencyPlusTransfer() {
        // latency 50 µs, read bandwidth 1e9 B/s: 64 KiB → 65.536 µs transfer
        BlockRig r = new BlockRig(TestProfiles.ideal().build(), 1);
        int reqs = 100, pages = 16;
        r.machine.sim().spawn("reader", t -> {
            for (int i = 0; i < reqs; i++) {
                Bio b = new Bio(ReqOp.READ, Bio.REQ_SYNC, (long) i * pages, pages);
                for (int k = 0; k < pages; k++) b.addRead(null);
                r.q.submitAndWait(t, b);
            }
        });
        r.machine.sim().run();
        assertThat(r.machine.sim().nowNs()).isEqualTo(reqs * (50_000L + 65_536L));
        assertThat(r.q.stats().readRequests()).isEqualTo(reqs);
        assertThat(r.q.busyNs()).isEqualTo(r.machine.sim().nowNs());
    }

    @Test
    void aPowerCutDropsExactlyTheUnflushedWrites() {
        BlockRig r = new BlockRig(TestProfiles.ideal().build(), 1);
        r.machine.sim().spawn("writer", t -> {
            r.q.submitAndWait(t, r.write(0, 10, 0));
            r.q.issueFlush(t);
            r.q.submitAndWait(t, r.write(10, 10, 0));
        });
        r.machine.sim().run();
        PowerCutReport rep = r.store.powerCut(CrashMode.DROP_ALL, new Prng(1));
        assertThat(rep.unflushedWrites()).isEqualTo(10);
        assertThat(rep.dropped()).isEqualTo(10);
        for (int i = 0; i < 10; i++) assertThat(r.store.readRef(i)).isEqualTo(r.refWrittenAt(i));
        for (int i = 10; i < 20; i++) assertThat(r.store.readRef(i)).isEqualTo(ContentRegistry.NONE);
    }

    @Test
    void keepAllKeepsThemAndRandomSubsetReordersThem() {
        BlockRig keep = new BlockRig(TestProfiles.ideal().build(), 1);
        keep.machine.sim().spawn("w", t -> keep.q.submitAndWait(t, keep.write(0, 40, 0)));
        keep.machine.sim().run();
        assertThat(keep.store.powerCut(CrashMode.KEEP_ALL, new Prng(1)).survived()).isEqualTo(40);
        assertThat(keep.store.readRef(39)).isEqualTo(keep.refWrittenAt(39));

        BlockRig r = new BlockRig(TestProfiles.ideal().build(), 1);
        r.machine.sim().spawn("w", t -> { for (int i = 0; i < 40; i++) r.q.submitAndWait(t, r.write(i, 1, 0)); });
        r.machine.sim().run();
        PowerCutReport rep = r.store.powerCut(CrashMode.RANDOM_SUBSET, new Prng(7));
        assertThat(rep.survived() + rep.dropped()).isEqualTo(40);
        int present = 0;
        boolean reordered = false;
        boolean earlierLost = false;
        for (int i = 0; i < 40; i++) {
            boolean here = r.store.readRef(i) == r.refWrittenAt(i);
            if (here) { present++; if (earlierLost) reordered = true; } else earlierLost = true;
        }
        assertThat(present).isEqualTo(rep.survived()).isBetween(5, 35);
        assertThat(reordered).as("a later write survived an earlier lost one").isTrue();
    }

    @Test
    void preflushAndFuaOrderDurability() {
        BlockRig r = new BlockRig(TestProfiles.ideal().build(), 1);
        r.machine.sim().spawn("w", t -> {
            r.q.submitAndWait(t, r.write(0, 1, 0));                        // volatile
            r.q.submitAndWait(t, r.write(1, 1, Bio.REQ_PREFLUSH));        // flushes block 0 first, itself volatile
            r.q.submitAndWait(t, r.write(2, 1, 0));                        // volatile
            r.q.submitAndWait(t, r.write(3, 1, Bio.REQ_FUA));             // durable itself, block 2 not
        });
        r.machine.sim().run();
        r.store.powerCut(CrashMode.DROP_ALL, new Prng(1));
        assertThat(r.store.readRef(0)).isEqualTo(r.refWrittenAt(0));
        assertThat(r.store.readRef(1)).isEqualTo(ContentRegistry.NONE);
        assertThat(r.store.readRef(2)).isEqualTo(ContentRegistry.NONE);
        assertThat(r.store.readRef(3)).isEqualTo(r.refWrittenAt(3));
        assertThat(r.q.stats().flushes()).isEqualTo(1);
        assertThat(r.q.stats().fuaWrites()).isEqualTo(1);
    }

    /**
     * On an eMMC a REQ_FUA write is a reliable write (mmc_blk_data_prep: do_rel_wr): it bypasses the volatile cache and
     * completes only after the NAND program the device spec prices; a plain write does not pay it, and the reliable
     * write makes only itself durable. On a SCSI-style device the same write costs fua_ns instead.
     */
    @Test
    void aFuaWriteOnAnEmmcIsAReliableWriteThatWaitsForTheNandProgram() {
        // write latency 50 µs, write bandwidth 500 MB/s: one 4 KiB block transfers in 8.192 µs
        long plain = 50_000 + 8_192;
        long program = 1_575_000;
        BlockRig emmc = new BlockRig(TestProfiles.ideal().set("device.fua_ns", 0).set("device.reliable_write_ns", program).build(), 1);
        assertThat(emmc.machine.profile().device().fuaIsReliableWrite()).isTrue();
        long[] at = new long[3];
        emmc.machine.sim().spawn("w", t -> {
            emmc.q.submitAndWait(t, emmc.write(0, 1, 0));
            at[0] = emmc.machine.sim().nowNs();
            emmc.q.submitAndWait(t, emmc.write(1, 1, Bio.REQ_FUA));
            at[1] = emmc.machine.sim().nowNs();
            emmc.q.submitAndWait(t, emmc.write(2, 1, 0));
            at[2] = emmc.machine.sim().nowNs();
        });
        emmc.machine.sim().run();
        assertThat(at[0]).as("plain write").isEqualTo(plain);
        assertThat(at[1] - at[0]).as("reliable write: transfer, then the NAND program").isEqualTo(plain + program);
        assertThat(at[2] - at[1]).as("a plain write after it pays no program").isEqualTo(plain);
        assertThat(emmc.q.stats().fuaWrites()).isEqualTo(1);
        assertThat(emmc.q.stats().flushes()).isZero();
        emmc.store.powerCut(CrashMode.DROP_ALL, new Prng(1));
        assertThat(emmc.store.readRef(0)).as("a reliable write is not a flush").isEqualTo(ContentRegistry.NONE);
        assertThat(emmc.store.readRef(1)).isEqualTo(emmc.refWrittenAt(1));
        assertThat(emmc.store.readRef(2)).isEqualTo(ContentRegistry.NONE);

        BlockRig scsi = new BlockRig(TestProfiles.ideal().set("device.fua_ns", 100_000).build(), 1);
        assertThat(scsi.machine.profile().device().fuaIsReliableWrite()).isFalse();
        scsi.machine.sim().spawn("w", t -> scsi.q.submitAndWait(t, scsi.write(1, 1, Bio.REQ_FUA)));
        scsi.machine.sim().run();
        assertThat(scsi.machine.sim().nowNs()).as("FUA written through a cache: fua_ns").isEqualTo(plain + 100_000);

        assertThatThrownBy(() -> TestProfiles.ideal().set("device.fua_ns", 1).set("device.reliable_write_ns", 1).build())
                .hasMessageContaining("exclusive");
    }

    @Test
    void aMisdirectedWriteIsCaughtOnReadBack() {
        BlockRig r = new BlockRig(TestProfiles.ideal().build(), 1);
        long[] readBack = new long[1];
        r.machine.sim().spawn("w", t -> {
            r.q.injectMisdirectedWrite(5);
            r.q.submitAndWait(t, r.write(100, 1, 0));
            Bio b = new Bio(ReqOp.READ, Bio.REQ_SYNC, 100, 1);
            b.addRead(null);
            r.q.submitAndWait(t, b);
            readBack[0] = b.ref(0);
        });
        r.machine.sim().run();
        assertThat(readBack[0]).isNotEqualTo(r.refWrittenAt(100));
        assertThat(r.store.readRef(105)).isEqualTo(r.refWrittenAt(100));
    }

    @Test
    void biosBeyondTheDeviceAreRejected() {
        BlockRig r = new BlockRig(TestProfiles.ideal().set("device.capacity_bytes", 64L << 20).build(), 1);
        r.machine.sim().spawn("w", t -> r.q.submit(t, r.write(16_384, 1, 0)));
        assertThatThrownBy(() -> r.machine.sim().run()).hasMessageContaining("beyond the device");
    }

    @Test
    void cfqLimitsInFlightRequestsWhenSeveralQueuesAreBusy() {
        // 8 readers, each submitting rounds of 64 scattered 4 KiB reads at once. Once every queue is busy, CFQ serves
        // one queue at a time, quantum/2 … quantum deep; blk-mq "none" fills the device queue.
        BlockRig cfq = new BlockRig(TestProfiles.ideal().cfq().build(), 1);
        BlockRig none = new BlockRig(TestProfiles.ideal().build(), 1);
        int[] peakWhileAllBusy = new int[2];
        for (BlockRig r : new BlockRig[] {cfq, none}) {
            int[] firstRoundLeft = {8};
            boolean[] snapshot = {false};
            int side = r == cfq ? 0 : 1;
            for (int k = 0; k < 8; k++) {
                long base = k * 100_000L;
                r.machine.sim().spawn("reader" + k, t -> {
                    for (int round = 0; round < 4; round++) {
                        org.f2fsobs.engine.sim.SimCompletion all = new org.f2fsobs.engine.sim.SimCompletion(r.machine.sim(), "all");
                        int[] left = {64};
                        r.q.startPlug(t);
                        for (int i = 0; i < 64; i++) {
                            Bio b = new Bio(ReqOp.READ, Bio.REQ_SYNC, base + round * 1000L + i * 2L, 1);
                            b.addRead(null);
                            b.endIo(x -> { if (--left[0] == 0) all.complete(); });
                            r.q.submit(t, b);
                        }
                        r.q.finishPlug(t);
                        all.await(t);
                        if (round == 0 && --firstRoundLeft[0] == 0) r.q.resetStats();
                    }
                    if (!snapshot[0]) {           // the first reader to finish: all others are still busy
                        snapshot[0] = true;
                        peakWhileAllBusy[side] = r.q.stats().peakInFlight();
                    }
                });
            }
            r.machine.sim().run();
        }
        assertThat(peakWhileAllBusy[1]).isEqualTo(32);
        assertThat(peakWhileAllBusy[0]).as("active queue up to quantum, plus the tail of the queue before it").isBetween(2, 16);
        assertThat(cfq.machine.sim().nowNs()).isGreaterThan(none.machine.sim().nowNs());
    }
}
