package org.f2fsobs.engine.crash;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.f2fsobs.engine.crash.CrashHarness.Outcome;
import org.f2fsobs.engine.crash.CrashHarness.Recording;
import org.f2fsobs.engine.crash.CrashHarness.Verdict;
import org.f2fsobs.engine.f2fs.F2fsOptions;
import org.f2fsobs.engine.f2fs.Mkfs;
import org.f2fsobs.engine.f2fs.Optimizations;
import org.f2fsobs.engine.f2fs.Volume;
import org.f2fsobs.engine.f2fs.VolumeRig;
import org.f2fsobs.engine.platform.Profile;
import org.f2fsobs.engine.platform.TestProfiles;
import org.f2fsobs.engine.sim.Prng;
import org.f2fsobs.engine.sim.device.CrashMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Power cuts while foreground GC migrates blocks: a nearly full volume whose fsync'd random overwrites make every
 * f2fs_balance_fs collect; each cut must mount (recovery) and pass fsck. Which promises survive depends on the device
 * and on fsync_mode, as the kernel's f2fs_do_sync_file orders writes: with completed writes durable (a write-through
 * device) the default fsync_mode=posix keeps every promise at every cut; a volatile cache lets a random-subset cut
 * keep a dnode and drop its data (posix), and fsync_mode=strict returns before its marked dnode completes. These
 * cases mount with mode=lfs: with the default mode=adaptive the nearly full volume's logs take dirty segments by SSR
 * and foreground GC does not run in the measured part; power cuts during SSR allocation are the last two cases.
 */
class GcCrashTests {
    private static final Profile PROFILE = TestProfiles.ideal().set("device.capacity_bytes", 128L << 20).build();
    /** The same device without a volatile cache: a write is durable when it completes (null_blk's default cache_size=0). */
    private static final Profile WRITE_THROUGH = TestProfiles.ideal().set("device.capacity_bytes", 128L << 20)
            .set("device.volatile_cache", false).build();
    private static final int PAGES = 4_000;
    private static final int CUTS = 160;                     // per file: 4 files ≈ 62 MiB of user space

    /** Cuts of the measured part of an aged, fsync'd random overwrite under foreground GC; {@code stats}: GC blocks moved, atomic fsyncs. */
    private static List<Outcome> cutsDuringGc(int segsPerSec, String mountOptions, long[] stats) {
        return cutsDuringGc(PROFILE, segsPerSec, mountOptions, stats);
    }

    private static List<Outcome> cutsDuringGc(Profile profile, int segsPerSec, String mountOptions, long[] stats) {
        return cuts(profile, segsPerSec, mountOptions.isEmpty() ? "mode=lfs" : "mode=lfs," + mountOptions, stats);
    }

    /**
     * The aged overwrite under {@code mountOptions} as given; {@code stats}: blocks GC moved and atomic fsyncs in the
     * measured part, and (a third slot) blocks allocated SSR there. Aging runs until GC has moved a block or a log has
     * allocated SSR.
     */
    private static List<Outcome> cuts(Profile profile, int segsPerSec, String mountOptions, long[] stats) {
        long[] gc = new long[4];
        F2fsOptions o = F2fsOptions.defaults(Optimizations.linux614()).withMountOptions(mountOptions);
        Recording r = CrashHarness.record(new CrashHarness.Setup(profile, new Mkfs.Options(segsPerSec, 1, 0), o, 3), (t, v, measured) -> {
            VolumeRig.Pattern gen0 = new VolumeRig.Pattern(v.kernel().store(), 0);
            for (int f = 0; f < 4; f++) {
                int fd = v.open(t, "/f" + f, Volume.O_CREAT | Volume.O_RDWR);
                v.pwrite(t, fd, 0, PAGES * 4096L, gen0);
                v.close(t, fd);
            }
            v.sync(t);
            Prng rnd = new Prng(5);
            int fd = v.open(t, "/f0", Volume.O_RDWR);
            int round = 0;
            // age until foreground GC runs, then measure more of the same
            for (; v.sbi().stat().gcDataBlocks == 0 && v.sbi().stat().ssrBlocks == 0 && round < 600; round++) {
                overwrite(t, v, fd, rnd, round);
            }
            gc[0] = v.sbi().stat().gcDataBlocks + v.sbi().stat().gcNodeBlocks;
            gc[2] = v.sbi().stat().ssrBlocks;
            long atomic0 = v.sbi().stat().fsyncAtomic;
            measured.run();
            for (int i = 0; i < 20; i++) overwrite(t, v, fd, rnd, 1000 + i);
            gc[1] = v.sbi().stat().gcDataBlocks + v.sbi().stat().gcNodeBlocks;
            gc[3] = v.sbi().stat().ssrBlocks;
            stats[1] = v.sbi().stat().fsyncAtomic - atomic0;
        });
        stats[0] = gc[1] - gc[0];
        if (stats.length > 2) stats[2] = gc[3] - gc[2];
        List<CrashHarness.Point> points = CrashPoints.select(r.points(), CUTS);
        List<Outcome> outcomes = new ArrayList<>();
        for (CrashHarness.Point p : points) outcomes.add(r.check(p));
        return outcomes;
    }

    /**
     * fsync_mode=strict (6.14): the overwrites' fsyncs go atomically (f2fs_do_sync_file forces atomic for appended or
     * moved data of a clean inode): the last dnode alone fsync-marked, sent with REQ_PREFLUSH | REQ_FUA, and neither
     * waited for nor followed by a flush. So the posix hazard is gone (no cut recovers a dnode ahead of its data: a
     * page never reads a block that did not get its data), but fsync returns while its marked dnode is in flight: a
     * cut before that write completes recovers none of the fsync (the node chain's all-or-none), and the page holds
     * the complete write it held before. Cuts at the completion of a FUA node write keep every promise.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void withStrictFsyncACutLosesOnlyAnFsyncWhoseMarkedDnodeWasInFlight(int segsPerSec) {
        long[] stats = new long[2];
        List<Outcome> outcomes = cutsDuringGc(segsPerSec, "fsync_mode=strict", stats);
        assertThat(stats[0]).as("blocks GC moved in the measured part").isPositive();
        assertThat(stats[1]).as("atomic fsyncs in the measured part").isPositive();
        assertThat(outcomes).hasSizeGreaterThan(10);
        assertThat(outcomes).allSatisfy(x -> assertThat(x.verdict()).as("%s: %s", x.point().where(), x.what())
                .isNotEqualTo(Verdict.INCONSISTENT));
        assertThat(outcomes).filteredOn(x -> x.point().mode() == CrashMode.DROP_ALL && x.point().has(CrashPoints.Kind.NODE_WRITE))
                .hasSizeGreaterThan(5)
                .allSatisfy(x -> assertThat(x.verdict()).as("at a FUA node write's completion: %s: %s", x.point().where(), x.what())
                        .isEqualTo(Verdict.SAFE));
        for (Outcome x : outcomes) {
            if (x.verdict() != Verdict.DATA_LOST) continue;
            assertThat(x.lost().foundWrite()).as("all or none: the page holds a complete older write, not a block that never got "
                    + "its data: %s at %s", x.what(), x.point().where()).isPositive().isLessThan(x.lost().promisedWrite());
        }
        // measured (docs/gc.md): -s 1 and -s 2, the losses are cuts between an fsync's return and its marked dnode's completion
    }

    /**
     * A write-through device, fsync_mode=posix (the default), with and without nobarrier (the mount option meant for
     * such devices): file_write_and_wait_range waits for the data writes and f2fs_wait_on_node_pages_writeback for the
     * fsync-marked dnodes before the fsync returns, so every cut during GC, whatever it catches in flight, mounts,
     * recovers, passes fsck and keeps every promise. (Without nobarrier the flush would hide a missing wait.)
     */
    @ParameterizedTest
    @CsvSource({"1, ''", "2, ''", "1, nobarrier", "2, nobarrier"})
    void onAWriteThroughDevicePowerCutsDuringForegroundGcKeepEveryPromise(int segsPerSec, String mountOptions) {
        long[] stats = new long[2];
        List<Outcome> outcomes = cutsDuringGc(WRITE_THROUGH, segsPerSec, mountOptions, stats);
        System.out.printf("write-through -s %d [%s]: %d cuts, %d GC blocks moved%n", segsPerSec, mountOptions, outcomes.size(), stats[0]);
        assertThat(stats[0]).as("blocks GC moved in the measured part").isPositive();
        assertThat(stats[1]).as("fsync_mode=posix: no atomic fsync").isZero();
        assertThat(outcomes).hasSizeGreaterThan(20);
        assertThat(outcomes).filteredOn(x -> x.point().has(CrashPoints.Kind.FSYNC_RETURN)).hasSizeGreaterThan(5);
        assertThat(outcomes).allSatisfy(x -> assertThat(x.verdict()).as("%s: %s", x.point().where(), x.what())
                .isEqualTo(Verdict.SAFE));
        // measured (docs/gc.md): every cut safe; -s 1 and -s 2: 44 and 160 cuts, with nobarrier 29 and 29
    }

    /**
     * The same on a write-through device with fsync_mode=strict: the fsync returns before its REQ_PREFLUSH | REQ_FUA
     * dnode completes, so some cut falls between the return and that completion and loses the whole fsync (all or
     * none: the page holds the complete write before it). The harness sees the window where the kernel leaves it.
     */
    @org.junit.jupiter.api.Test
    void onAWriteThroughDeviceStrictFsyncLosesOnlyWholeFsyncsInFlightAtTheCut() {
        long[] stats = new long[2];
        List<Outcome> outcomes = cutsDuringGc(WRITE_THROUGH, 1, "fsync_mode=strict", stats);
        System.out.printf("write-through strict -s 1: %d of %d cuts lose a promise%n",
                outcomes.stream().filter(x -> x.verdict() == Verdict.DATA_LOST).count(), outcomes.size());
        assertThat(stats[1]).as("atomic fsyncs in the measured part").isPositive();
        assertThat(outcomes).allSatisfy(x -> assertThat(x.verdict()).as("%s: %s", x.point().where(), x.what())
                .isNotEqualTo(Verdict.INCONSISTENT));
        assertThat(outcomes).filteredOn(x -> x.verdict() == Verdict.DATA_LOST).isNotEmpty()
                .allSatisfy(x -> assertThat(x.lost().foundWrite()).as("all or none: %s at %s", x.what(), x.point().where())
                        .isPositive().isLessThan(x.lost().promisedWrite()));
    }

    /** A volatile cache, fsync_mode=posix: every loss is a random-subset cut that kept a dnode ahead of its data. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void onAVolatileCacheOnlyARandomSubsetCutAfterADnodeWriteLosesAPromise(int segsPerSec) {
        long[] stats = new long[2];
        List<Outcome> outcomes = cutsDuringGc(segsPerSec, "", stats);
        assertThat(stats[1]).as("fsync_mode=posix: no atomic fsync").isZero();
        assertThat(stats[0]).as("blocks GC moved in the measured part").isPositive();
        assertThat(outcomes).hasSizeGreaterThan(10);
        // every cut mounts, recovers and passes fsck
        assertThat(outcomes).allSatisfy(x -> assertThat(x.verdict()).as("%s: %s", x.point().where(), x.what())
                .isNotEqualTo(Verdict.INCONSISTENT));
        // a cut that loses every un-flushed write (at a flush, a FUA write, a promise's return, the end) keeps every promise
        assertThat(outcomes).filteredOn(x -> x.point().mode() == CrashMode.DROP_ALL).hasSizeGreaterThan(5)
                .allSatisfy(x -> assertThat(x.verdict()).as("%s: %s", x.point().where(), x.what()).isEqualTo(Verdict.SAFE));
        // The losses a cut may cause are the kernel's own with fsync_mode=posix (f2fs_do_sync_file): the OPU data block
        // and the fsync-marked dnode that points at it sit together in the volatile cache until flush_out's
        // f2fs_issue_flush, so a cut that keeps the dnode and drops the block makes do_recover_data point the page at a
        // block that never got its data (commit 2787991516: "after overwrite & fsync + SPO, old data in file was
        // corrupted"; only fsync_mode=strict orders them). The block is either the interrupted fsync's own rewrite of the
        // page or GC's copy of it (move_data_page during that fsync's writeback, FI_APPEND_WRITE, the dnode dirtied by
        // f2fs_update_data_blkaddr). Every loss must be of that kind: a random-subset cut right after a dnode write.
        for (Outcome x : outcomes) {
            if (x.verdict() != Verdict.DATA_LOST) continue;
            assertThat(x.point().mode()).as("only a random-subset cut reorders a dnode ahead of its data: %s", x.what())
                    .isEqualTo(CrashMode.RANDOM_SUBSET);
            assertThat(x.point().has(CrashPoints.Kind.NODE_WRITE)).as("a loss not caused by a dnode written ahead of its data: %s at %s",
                    x.what(), x.point().where()).isTrue();
        }
        // measured (docs/gc.md, "Power cuts during GC"): -s 1, 3 of 44 cuts lose a page the cut was rewriting (Loss
        // rewrittenAtCut); -s 2, 3 of 160 lose a page nothing rewrote, relocated by GC during the interrupted fsync
    }

    /**
     * mode=adaptive (the default), a write-through device, fsync_mode=posix, with and without nobarrier, {@code -s 1}
     * (with {@code -s 2} this volume collects before any log needs SSR): the nearly full volume's logs take
     * dirty segments by SSR (change_curseg) and fill the slots free in both valid maps. SSR reuses only blocks the
     * checkpoint does not hold, so every cut mounts, recovers (the warm node chain now runs through SSR slots),
     * passes fsck and keeps every promise.
     */
    @ParameterizedTest
    @ValueSource(strings = {"", "nobarrier"})
    void onAWriteThroughDevicePowerCutsDuringSsrAllocationKeepEveryPromise(String mountOptions) {
        long[] stats = new long[3];
        List<Outcome> outcomes = cuts(WRITE_THROUGH, 1, mountOptions, stats);
        System.out.printf("SSR write-through -s 1 [%s]: %d cuts, %d SSR blocks, %d GC blocks moved%n", mountOptions,
                outcomes.size(), stats[2], stats[0]);
        assertThat(stats[2]).as("blocks allocated SSR in the measured part").isPositive();
        assertThat(outcomes).hasSizeGreaterThan(20);
        assertThat(outcomes).allSatisfy(x -> assertThat(x.verdict()).as("%s: %s", x.point().where(), x.what())
                .isEqualTo(Verdict.SAFE));
    }

    /**
     * mode=adaptive on the volatile cache: every cut during SSR allocation mounts and passes fsck, and every cut that
     * drops all un-flushed writes keeps every promise; a loss, if any, is the posix hazard of a random-subset cut
     * after a dnode write (above).
     */
    @Test
    void onAVolatileCachePowerCutsDuringSsrAllocationMountAndPassFsck() {
        long[] stats = new long[3];
        List<Outcome> outcomes = cuts(PROFILE, 1, "", stats);
        System.out.printf("SSR volatile -s 1: %d cuts, %d lose a promise, %d SSR blocks%n", outcomes.size(),
                outcomes.stream().filter(x -> x.verdict() == Verdict.DATA_LOST).count(), stats[2]);
        assertThat(stats[2]).as("blocks allocated SSR in the measured part").isPositive();
        assertThat(outcomes).allSatisfy(x -> assertThat(x.verdict()).as("%s: %s", x.point().where(), x.what())
                .isNotEqualTo(Verdict.INCONSISTENT));
        assertThat(outcomes).filteredOn(x -> x.point().mode() == CrashMode.DROP_ALL).hasSizeGreaterThan(5)
                .allSatisfy(x -> assertThat(x.verdict()).as("%s: %s", x.point().where(), x.what()).isEqualTo(Verdict.SAFE));
        for (Outcome x : outcomes) {
            if (x.verdict() != Verdict.DATA_LOST) continue;
            assertThat(x.point().mode()).as("%s", x.what()).isEqualTo(CrashMode.RANDOM_SUBSET);
            assertThat(x.point().has(CrashPoints.Kind.NODE_WRITE)).as("%s at %s", x.what(), x.point().where()).isTrue();
        }
    }

    /** 32 random 4 KiB overwrites and an fsync: more dirty pages than min_fsync_blocks, so written out of place. */
    private static void overwrite(org.f2fsobs.engine.sim.SimTask t, Volume v, int fd, Prng rnd, int round) {
        VolumeRig.Pattern gen = new VolumeRig.Pattern(v.kernel().store(), round + 1);
        for (int i = 0; i < 32; i++) v.pwrite(t, fd, (long) rnd.nextInt(PAGES) << 12, 4096, gen);
        v.fsync(t, fd);
    }
}
