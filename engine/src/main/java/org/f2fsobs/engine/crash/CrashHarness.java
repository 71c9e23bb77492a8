package org.f2fsobs.engine.crash;

import java.util.ArrayList;
import java.util.List;
import org.f2fsobs.engine.f2fs.F2fsOptions;
import org.f2fsobs.engine.f2fs.Mkfs;
import org.f2fsobs.engine.f2fs.Volume;
import org.f2fsobs.engine.f2fs.fsck.Fsck;
import org.f2fsobs.engine.f2fs.recovery.Recovery;
import org.f2fsobs.engine.kernel.Kernel;
import org.f2fsobs.engine.platform.Profile;
import org.f2fsobs.engine.sim.Prng;
import org.f2fsobs.engine.sim.SimFailure;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.device.CrashMode;
import org.f2fsobs.engine.sim.device.DeviceLog;
import org.f2fsobs.engine.sim.device.DeviceStore;
import org.f2fsobs.engine.sim.device.PowerCutReport;

/**
 * Crash-consistency checking in the manner of CrashMonkey and dm-log-writes, on the simulated disk: run a workload
 * once while recording every device write and flush and every promise the system calls made; then, for each crash
 * point, rebuild the disk as it was at that point, cut the power (un-flushed writes dropped, or a seeded subset kept,
 * which reorders them), boot a fresh kernel, mount with roll-forward recovery, run fsck and check every promise.
 *
 * <p>Crash points ({@link CrashPoints}): every flush or FUA completion during the measured part of the workload
 * ({@link CrashMode#DROP_ALL}); one seeded point between each two of them where writes completed in between
 * ({@link CrashMode#RANDOM_SUBSET}); every moment a promise returned; the end of the workload; and extra cuts where a
 * kind of write was cut too rarely. Each has its kinds ({@link CrashPoints.Kind}). They are numbered from 0 in device
 * order; the numbering does not depend on which points are checked.
 *
 * <p>Durability is decided on write identity first ({@link DurabilityCheck}): the device keeps, with every block,
 * which write put its content there, so an older generation with equal bytes is a loss.
 */
public final class CrashHarness {
    private CrashHarness() {}

    /** The disk, the file system and the seed of a check. */
    public record Setup(Profile profile, Mkfs.Options mkfs, F2fsOptions mount, long seed) {}

    /** The workload: runs in task "sh" on the mounted volume; calls {@code measured.run()} where crash points start. */
    @FunctionalInterface
    public interface Workload {
        void run(SimTask t, Volume v, Runnable measured);
    }

    /** Per point SAFE, DATA_LOST or INCONSISTENT; a whole check may also be INSUFFICIENT_COVERAGE (CrashPoints). */
    public enum Verdict { SAFE, DATA_LOST, INCONSISTENT, INSUFFICIENT_COVERAGE }

    /**
     * A crash point: after device-log entry {@code logIndex} (−1: before any), promises of journal events before
     * {@code tag}; {@code kind} is what it cuts at first, {@code kindBits} every kind it counts for.
     */
    public record Point(int number, int logIndex, long tag, CrashMode mode, CrashPoints.Kind kind, int kindBits, String where) {
        public boolean has(CrashPoints.Kind k) {
            return (kindBits & (1 << k.ordinal())) != 0;
        }

        /** Every kind this point counts for, in kind order. */
        public List<CrashPoints.Kind> kinds() {
            return java.util.Arrays.stream(CrashPoints.Kind.values()).filter(this::has).toList();
        }
    }

    /**
     * The work of the mount after a cut: its virtual time (superblock, checkpoint, summary, SIT and NAT reads,
     * roll-forward with its node-chain reads, the CP_RECOVERY checkpoint), what roll-forward did, and the reads the
     * mount sent through the block layer: requests, bytes, and metadata blocks by type (meta_reads_by_type keys).
     */
    public record RecoveryWork(long mountNs, int nodesWalked, int inodes, int dnodesReplayed, int blocksRecovered,
                               long readRequests, long readBytes, java.util.Map<String, Long> metaReadsByType) {}

    /** What one crash point showed: the verdict, in words, the first lost range (DATA_LOST), the recovery's work. */
    public record Outcome(Point point, Verdict verdict, String what, PowerCutReport cut, Loss lost, RecoveryWork recovery) {}

    /** Runs the workload once, recording; the returned recording checks crash points. */
    public static Recording record(Setup s, Workload w) {
        DeviceStore store = Kernel.newDisk(s.profile());
        Mkfs.format(store, s.mkfs());
        DeviceStore base = store.copy();
        PromiseJournal journal = new PromiseJournal(store.registry());
        DeviceLog log = new DeviceLog(journal::size);
        store.log(log);
        Kernel k = new Kernel(s.profile(), store, s.seed());
        int[] measuredFrom = {-1};
        long[] measuredTag = {0};
        k.machine().sim().spawn("sh", t -> {
            Volume v = Volume.mount(t, k, s.mount());
            v.observe(journal);
            w.run(t, v, () -> {
                measuredFrom[0] = log.size();
                measuredTag[0] = journal.size();
            });
            v.observe(null);
        });
        try {
            k.machine().sim().run();
        } finally {
            store.log(null);
        }
        int from = measuredFrom[0] < 0 ? 0 : measuredFrom[0];
        List<Point> pts = CrashPoints.plan(log, from, measuredTag[0], journal.size(), journal.promiseEvents(),
                new Prng(s.seed() * 0x9E3779B97F4A7C15L + 3));
        return new Recording(s, base, log, journal, pts);
    }

    /** A recorded run: its crash points, checkable in any order (fastest in increasing order). */
    public static final class Recording {
        private final Setup setup;
        private final DeviceStore base;
        private final DeviceLog log;
        private final PromiseJournal journal;
        private final List<Point> points;
        private DurabilityCheck check;
        private DeviceStore replay;
        private int replayed;                 // log entries applied to replay

        Recording(Setup setup, DeviceStore base, DeviceLog log, PromiseJournal journal, List<Point> points) {
            this.setup = setup;
            this.base = base;
            this.log = log;
            this.journal = journal;
            this.points = List.copyOf(points);
        }

        public List<Point> points() { return points; }
        public int deviceWrites() { return log.size(); }
        public long journalEvents() { return journal.size(); }

        /** Cuts the power at {@code p}, boots, mounts with recovery, runs fsck and checks the promises. */
        public Outcome check(Point p) {
            if (check == null) check = new DurabilityCheck(journal, base.tags());
            if (replay == null || replayed > p.logIndex() + 1) {
                replay = base.copy();
                replayed = 0;
            }
            log.replay(replay, replayed, p.logIndex() + 1);
            replayed = p.logIndex() + 1;
            DeviceStore image = replay.crashImage(p.mode(), new Prng(setup.seed() * 31 + p.number()));
            Kernel k = new Kernel(setup.profile(), image, setup.seed() + 7919L * (p.number() + 1));
            Outcome[] out = new Outcome[1];
            RecoveryWork[] work = new RecoveryWork[1];
            k.machine().sim().spawn("check", t -> {
                Volume v;
                long t0 = t.nowNs();
                try {
                    v = Volume.mount(t, k, setup.mount());
                } catch (RuntimeException e) {
                    out[0] = new Outcome(p, Verdict.INCONSISTENT, "mount with recovery failed: " + e.getMessage(), image.lastCut(), null, null);
                    return;
                }
                Recovery.Result r = v.recovery();
                var bs = k.rq().stats();
                work[0] = new RecoveryWork(t.nowNs() - t0, r.nodesWalked(), r.inodes(), r.dnodesReplayed(), r.blocksRecovered(),
                        bs.readRequests(), bs.readBytes(), v.sbi().stat().metaReads());
                List<String> fsck = Fsck.check(v.sbi());
                if (!fsck.isEmpty()) {
                    out[0] = new Outcome(p, Verdict.INCONSISTENT, "fsck after recovery: " + fsck.get(0)
                            + (fsck.size() > 1 ? " (and " + (fsck.size() - 1) + " more)" : ""), image.lastCut(), null, work[0]);
                    return;
                }
                List<Loss> lost = check.verify(t, v, (int) p.tag());
                out[0] = lost.isEmpty() ? new Outcome(p, Verdict.SAFE, "", image.lastCut(), null, work[0])
                        : new Outcome(p, Verdict.DATA_LOST, lost.get(0).what(), image.lastCut(), lost.get(0), work[0]);
            });
            try {
                k.machine().sim().run();
            } catch (SimFailure f) {
                Throwable c = f.getCause() != null ? f.getCause() : f;
                return new Outcome(p, Verdict.INCONSISTENT, "the check failed after recovery: " + c.getMessage(), image.lastCut(), null, work[0]);
            }
            return out[0];
        }
    }
}
