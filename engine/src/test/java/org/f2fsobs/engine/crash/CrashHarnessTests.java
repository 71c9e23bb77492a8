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
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.device.CrashMode;
import org.junit.jupiter.api.Test;

/** The crash harness: power cuts at every flush/FUA boundary, remount with recovery, fsck, promises checked. */
class CrashHarnessTests {
    private static final Profile PROFILE = TestProfiles.ideal().set("device.capacity_bytes", 1L << 30).build();

    /** fsync'd appends, a buffered overwrite after the fsync, and O_SYNC writes to a second file. */
    private static void workload(SimTask t, Volume v, Runnable measured) {
        v.mkdirs(t, "d", false);
        v.sync(t);
        measured.run();
        VolumeRig.Pattern gen1 = new VolumeRig.Pattern(v.kernel().store(), 1);
        VolumeRig.Pattern gen2 = new VolumeRig.Pattern(v.kernel().store(), 2);
        int fd = v.open(t, "d/log", Volume.O_CREAT | Volume.O_WRONLY);
        v.pwrite(t, fd, 0, 64 * 4096L, gen1);
        v.fsync(t, fd);
        v.pwrite(t, fd, 64 * 4096L, 64 * 4096L, gen1);
        v.fsync(t, fd);
        v.pwrite(t, fd, 0, 16 * 4096L, gen2);              // overwrite after the promise: either version may come back
        int sfd = v.open(t, "d/sync", Volume.O_CREAT | Volume.O_WRONLY | Volume.O_SYNC);
        for (int i = 0; i < 8; i++) v.pwrite(t, sfd, i * 4096L, 4096, gen2);
        v.pwrite(t, fd, 128 * 4096L, 32 * 4096L, gen1);    // never synced: no promise
    }

    private static Recording record(String mount, long seed) {
        F2fsOptions o = F2fsOptions.defaults(Optimizations.linux614()).withMountOptions(mount);
        return CrashHarness.record(new CrashHarness.Setup(PROFILE, Mkfs.Options.defaults(), o, seed), CrashHarnessTests::workload);
    }

    private static List<Outcome> checkAll(Recording r) {
        List<Outcome> out = new ArrayList<>();
        for (CrashHarness.Point p : r.points()) out.add(r.check(p));
        return out;
    }

    @Test
    void fsyncAndOsyncPromisesHoldAtEveryCrashPoint() {
        Recording r = record("", 1);
        List<Outcome> outcomes = checkAll(r);
        assertThat(r.points()).hasSizeGreaterThan(10);
        assertThat(outcomes).allSatisfy(o -> assertThat(o.verdict()).as("%s: %s", o.point().where(), o.what()).isEqualTo(Verdict.SAFE));
        // the cuts really dropped or kept un-flushed writes, both kinds of point were checked
        assertThat(outcomes).anySatisfy(o -> assertThat(o.cut().dropped()).isPositive());
        assertThat(outcomes).anySatisfy(o -> {
            assertThat(o.point().mode()).isEqualTo(CrashMode.RANDOM_SUBSET);
            assertThat(o.cut().survived()).isPositive();
        });
    }

    @Test
    void nobarrierOnAVolatileCacheLosesFsyncedData() {
        Recording r = record("nobarrier", 1);
        List<Outcome> outcomes = checkAll(r);
        Outcome first = outcomes.stream().filter(o -> o.verdict() != Verdict.SAFE).findFirst().orElseThrow();
        assertThat(first.verdict()).isIn(Verdict.DATA_LOST, Verdict.INCONSISTENT);
        assertThat(first.what()).isNotBlank();
        // the end of the command is a crash point too: everything after the last boundary is dropped
        assertThat(outcomes.get(outcomes.size() - 1).verdict()).isNotEqualTo(Verdict.SAFE);
        assertThat(outcomes.get(outcomes.size() - 1).what()).contains("/d/");
    }

    @Test
    void sameSeedSamePointsAndVerdicts() {
        Recording a = record("nobarrier", 5), b = record("nobarrier", 5);
        assertThat(b.points()).isEqualTo(a.points());
        assertThat(checkAll(b)).isEqualTo(checkAll(a));
        // points are checkable out of order with the same outcome
        CrashHarness.Point p = a.points().get(a.points().size() / 2);
        assertThat(a.check(p)).isEqualTo(record("nobarrier", 5).check(p));
    }

    /**
     * Built on purpose: a page is fdatasync'd twice with the same bytes, and the second (in-place) write is
     * misdirected by the device, so the block keeps the first write — equal bytes, older generation.
     */
    private static Recording staleEqualGeneration() {
        F2fsOptions o = F2fsOptions.defaults(Optimizations.linux614());
        return CrashHarness.record(new CrashHarness.Setup(PROFILE, Mkfs.Options.defaults(), o, 1), (t, v, measured) -> {
            v.mkdirs(t, "d", false);
            v.sync(t);
            measured.run();
            VolumeRig.Pattern gen = new VolumeRig.Pattern(v.kernel().store(), 1);
            int fd = v.open(t, "d/f", Volume.O_CREAT | Volume.O_WRONLY);
            v.pwrite(t, fd, 0, 16 * 4096L, gen);
            v.fsync(t, fd);
            v.pwrite(t, fd, 3 * 4096L, 4096, gen);                 // the same content reference: equal bytes
            v.sbi().rq().injectMisdirectedWrite(100_000);            // lands in free space; block 3 keeps write 1
            v.fdatasync(t, fd);                                    // in-place update + flush
        });
    }

    @Test
    void anOlderGenerationWithEqualBytesIsLostByIdentity() {
        Recording r = staleEqualGeneration();
        Outcome end = r.check(r.points().get(r.points().size() - 1));
        assertThat(end.verdict()).as(end.what()).isEqualTo(Verdict.DATA_LOST);
        Loss l = end.lost();
        assertThat(l.file()).isEqualTo("/d/f");
        assertThat(l.offset()).isEqualTo(3 * 4096L);
        assertThat(l.length()).isEqualTo(4096);
        assertThat(l.promise()).isEqualTo("fdatasync");
        assertThat(l.byIdentity()).isTrue();
        assertThat(l.foundWrite()).isEqualTo(1);                   // the first pwrite of the file
        assertThat(l.promisedWrite()).isEqualTo(2);
        assertThat(l.what()).contains("bytes are equal");
        // every point after the fdatasync returned sees the same loss; none before it does
        List<Outcome> all = checkAll(r);
        int first = all.stream().filter(o -> o.verdict() != Verdict.SAFE).findFirst().orElseThrow().point().number();
        assertThat(all.get(first).point().has(CrashPoints.Kind.FSYNC_RETURN)).isTrue();
        assertThat(all.subList(first, all.size())).allSatisfy(o -> assertThat(o.verdict()).isEqualTo(Verdict.DATA_LOST));
    }

    @Test
    void everyKindTheWorkloadHasIsCutAndASubsetCanFallShort() {
        Recording r = record("", 1);
        List<CrashHarness.Point> all = r.points();
        var planned = CrashPoints.coverage(all);
        for (CrashPoints.Kind k : List.of(CrashPoints.Kind.DATA_WRITE, CrashPoints.Kind.NODE_WRITE, CrashPoints.Kind.FLUSH,
                CrashPoints.Kind.FSYNC_RETURN, CrashPoints.Kind.BETWEEN)) {
            assertThat(planned.get(k)).as(k.key()).isGreaterThanOrEqualTo(CrashPoints.MIN_CUTS);
        }
        assertThat(planned.get(CrashPoints.Kind.CHECKPOINT)).isZero();              // fsync rolls forward: no checkpoint
        assertThat(CrashPoints.required(all).get(CrashPoints.Kind.CHECKPOINT)).isZero();
        assertThat(planned.get(CrashPoints.Kind.END)).isEqualTo(1);
        // with CP_COMPRESSED checkpoints the plan cuts inside and at the end of checkpoints
        assertThat(CrashPoints.coverage(compressedOsync(false).points()).get(CrashPoints.Kind.CHECKPOINT))
                .isGreaterThanOrEqualTo(CrashPoints.MIN_CUTS);
        assertThat(CrashPoints.missing(all, all)).isEmpty();
        // a selection that keeps the required cuts of each kind covers; one point does not
        assertThat(CrashPoints.missing(all, CrashPoints.select(all, 25))).isEmpty();
        assertThat(CrashPoints.missing(all, List.of(all.get(all.size() - 1)))).isNotEmpty();
        // every O_SYNC write's return is a point whose promise includes that write
        assertThat(all).filteredOn(p -> p.has(CrashPoints.Kind.FSYNC_RETURN)).hasSizeGreaterThanOrEqualTo(10);
    }

    @Test
    void recoveryWorkIsMeasuredAfterEveryCut() {
        Recording r = record("", 1);
        List<Outcome> outcomes = checkAll(r);
        assertThat(outcomes).allSatisfy(o -> assertThat(o.recovery().mountNs()).isPositive());
        // a cut after fsync'd appends that no checkpoint covers is rolled forward
        assertThat(outcomes).anySatisfy(o -> {
            assertThat(o.recovery().dnodesReplayed()).isPositive();
            assertThat(o.recovery().blocksRecovered()).isPositive();
        });
    }

    @Test
    void aFileReCreatedUnderItsNameSinceTheCheckpointGetsTheNameBackOnRecovery() {
        // recover_dentry: the checkpointed entry still names the unlinked file; roll-forward replaces it
        Recording r = CrashHarness.record(new CrashHarness.Setup(PROFILE, Mkfs.Options.defaults(),
                F2fsOptions.defaults(Optimizations.linux614()), 1), (t, v, measured) -> {
            v.mkdirs(t, "d", false);
            int old = v.open(t, "d/f", Volume.O_CREAT | Volume.O_WRONLY);
            v.pwrite(t, old, 0, 8 * 4096L, new VolumeRig.Pattern(v.kernel().store(), 1));
            v.close(t, old);
            v.sync(t);
            measured.run();
            v.unlink(t, "d/f");
            int fd = v.open(t, "d/f", Volume.O_CREAT | Volume.O_WRONLY);
            v.pwrite(t, fd, 0, 4 * 4096L, new VolumeRig.Pattern(v.kernel().store(), 2));
            v.fsync(t, fd);
        });
        Outcome end = r.check(r.points().get(r.points().size() - 1));
        assertThat(end.verdict()).as(end.what()).isEqualTo(Verdict.SAFE);
        assertThat(end.recovery().dnodesReplayed()).isPositive();
    }

    /** Seed 003: 16 KiB-aligned compressible O_SYNC appends to a compressed file, the 2025 flags but P3's under study. */
    private static Recording compressedOsync(boolean skipCp) {
        F2fsOptions o = F2fsOptions.defaults(new Optimizations(true, true, skipCp, true));
        return CrashHarness.record(new CrashHarness.Setup(PROFILE, Mkfs.Options.parse("-O extra_attr,compression"), o, 1),
                (t, v, measured) -> {
                    v.mkdirs(t, "c", true);                                  // chattr +c: files inherit compression
                    v.sync(t);
                    measured.run();
                    var text = org.f2fsobs.engine.f2fs.compress.CompressRig.text(v.kernel().store(), 1);
                    int fd = v.open(t, "c/f", Volume.O_CREAT | Volume.O_WRONLY | Volume.O_SYNC);
                    for (int i = 0; i < 8; i++) v.pwrite(t, fd, i * 16384L, 16384, text);
                });
    }

    @Test
    void skipCpCompressedWriteLosesOsyncedCompressedClustersAfterAPowerCut() {
        Recording on = compressedOsync(true);
        List<Outcome> outcomes = checkAll(on);
        Outcome first = outcomes.stream().filter(o -> o.verdict() != Verdict.SAFE).findFirst().orElseThrow();
        assertThat(first.verdict()).isIn(Verdict.DATA_LOST, Verdict.INCONSISTENT);
        assertThat(first.what()).contains("/c/f");
        assertThat(first.point().number()).isLessThan(outcomes.size());
        // without the flag every O_SYNC write checkpoints: every crash point is safe
        assertThat(checkAll(compressedOsync(false))).allSatisfy(o -> assertThat(o.verdict()).as(o.what()).isEqualTo(Verdict.SAFE));
    }
}
