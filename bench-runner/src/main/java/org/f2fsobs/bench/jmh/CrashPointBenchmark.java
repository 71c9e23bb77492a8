package org.f2fsobs.bench.jmh;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.f2fsobs.engine.crash.CrashHarness;
import org.f2fsobs.engine.f2fs.F2fsOptions;
import org.f2fsobs.engine.f2fs.Mkfs;
import org.f2fsobs.engine.f2fs.Optimizations;
import org.f2fsobs.engine.f2fs.Volume;
import org.f2fsobs.engine.f2fs.file.FileData;
import org.f2fsobs.engine.platform.Profile;
import org.f2fsobs.engine.platform.Profiles;
import org.f2fsobs.engine.sim.device.ContentRegistry;
import org.f2fsobs.engine.sim.device.ContentSource;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = "-Xmx2g")
@State(Scope.Thread)
public class CrashPointBenchmark {
    /*
     * What this measures: crash points checked per second by the crash harness (engine.crash.CrashHarness) — one
     * check = rebuild the disk at the point from the device log, cut the power, boot a kernel on the profile's disk,
     * mount with roll-forward recovery, fsck, and verify every fsync/O_SYNC promise by reading the files back.
     * Workload: 64 O_SYNC 16 KiB appends plus one fsync'd 4 MiB file (≈ 130 points), recorded once per trial;
     * the benchmark cycles through its points in order (the fast path: the replayed disk advances).
     *   profile: each seed profile — nullblk-x86 (250 GiB null_blk: mounting reads the SIT of 128 000 segments),
     *            pixel3-ufs21-little4, amlogic-arm64-p3 (smaller eMMC), ufs21-2018.
     * Since issue 17 a point also checks write identities and the plan holds fsync-return cuts (same workload).
     * Higher is better.
     */

    @Param({"nullblk-x86", "pixel3-ufs21-little4", "amlogic-arm64-p3", "ufs21-2018"})
    String profile;

    CrashHarness.Recording recording;
    List<CrashHarness.Point> points;
    int next;

    @Setup
    public void setUp() {
        Profile p = Profiles.load(profile);
        CrashHarness.Setup setup = new CrashHarness.Setup(p, Mkfs.Options.defaults(),
                F2fsOptions.defaults(Optimizations.linux614()), 1);
        recording = CrashHarness.record(setup, (t, v, measured) -> {
            v.mkdirs(t, "d", false);
            v.sync(t);
            measured.run();
            FileData data = pattern(v.registry());
            int fd = v.open(t, "d/osync", Volume.O_CREAT | Volume.O_WRONLY | Volume.O_SYNC);
            for (int i = 0; i < 64; i++) v.pwrite(t, fd, i * 16384L, 16384, data);
            int fd2 = v.open(t, "d/big", Volume.O_CREAT | Volume.O_WRONLY);
            v.pwrite(t, fd2, 0, 4L << 20, data);
            v.fsync(t, fd2);
        });
        points = recording.points();
    }

    static FileData pattern(ContentRegistry registry) {
        int id = registry.register(new ContentSource() {
            @Override
            public void fill(long index, byte[] dst, int off) {
                for (int i = 0; i < 4096; i++) dst[off + i] = (byte) (index * 31 + i);
            }

            @Override
            public String describe() {
                return "benchmark pattern";
            }
        });
        return new FileData() {
            @Override
            public long pageRef(long pageIndex) {
                return ContentRegistry.ref(id, pageIndex);
            }

            @Override
            public void fill(long fileOffset, byte[] dst, int off, int len) {
                for (int i = 0; i < len; i++) dst[off + i] = (byte) (((fileOffset + i) >>> 12) * 31 + ((fileOffset + i) & 4095));
            }
        };
    }

    @Benchmark
    public CrashHarness.Verdict checkOnePoint() {
        CrashHarness.Point p = points.get(next);
        next = (next + 1) % points.size();
        return recording.check(p).verdict();
    }
}
