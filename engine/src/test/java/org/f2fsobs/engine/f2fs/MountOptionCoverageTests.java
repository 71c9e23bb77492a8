package org.f2fsobs.engine.f2fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.f2fsobs.engine.f2fs.file.FileData;
import org.f2fsobs.engine.f2fs.inode.F2fsInode;
import org.f2fsobs.engine.f2fs.segment.CursegType;
import org.f2fsobs.engine.sim.SimTask;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every mount option of {@link MountOptions#rows()}: a MODELLED row has a with/without pair below that changes a named
 * counter or figure of the volume; a MATCHED row is accepted in the eras that know it; a REFUSED one is refused naming
 * it. A row without a pair fails: adding a modelled option means adding its pair.
 */
class MountOptionCoverageTests {
    private static final long GIB = 1L << 30;

    /** What a probe does on a volume mounted with the options, and returns what it looked at (null: the mount failed). */
    @FunctionalInterface
    interface Body {
        Object run(SimTask t, Volume v);
    }

    record Probe(long deviceBytes, String without, String with, Body body, String what) {}

    static final Map<String, Probe> PAIRS = new LinkedHashMap<>();

    static {
        PAIRS.put("disable_roll_forward", new Probe(GIB, "", "disable_roll_forward", (t, v) -> v.recovery().inodes(),
                "recovered inodes (or the mount refused: Need to recover fsync data)"));
        PAIRS.put("flush_merge", new Probe(GIB, "noflush_merge", "noflush_merge,flush_merge",
                (t, v) -> { concurrentFsyncs(t, v, "/f", 6); return v.flushControl().flushes(); }, "cache flushes"));
        PAIRS.put("noflush_merge", new Probe(GIB, "", "noflush_merge",
                (t, v) -> { concurrentFsyncs(t, v, "/f", 6); return v.flushControl().flushes(); }, "cache flushes"));
        PAIRS.put("barrier", new Probe(GIB, "nobarrier", "nobarrier,barrier",
                (t, v) -> { concurrentFsyncs(t, v, "/f", 1); return v.flushControl().flushes(); }, "cache flushes"));
        PAIRS.put("nobarrier", new Probe(GIB, "", "nobarrier",
                (t, v) -> { concurrentFsyncs(t, v, "/f", 1); return v.flushControl().flushes(); }, "cache flushes"));
        PAIRS.put("background_gc=off", new Probe(GIB, "", "background_gc=off",
                (t, v) -> { holesThenIdle(t, v); return v.sbi().stat().bgGcCalls; }, "background f2fs_gc calls"));
        PAIRS.put("background_gc=on", new Probe(GIB, "background_gc=off", "background_gc=off,background_gc=on",
                (t, v) -> { holesThenIdle(t, v); return v.sbi().stat().gcVictimsCb; }, "cost-benefit victims"));
        PAIRS.put("background_gc=sync", new Probe(GIB, "", "background_gc=sync",
                (t, v) -> { holesThenIdle(t, v); return v.sbi().stat().gcVictimsGreedy; }, "greedy victims"));
        PAIRS.put("mode=lfs", new Probe(GIB, "", "mode=lfs", (t, v) -> { smallOverwriteFsync(t, v); return v.sbi().stat().ipuBlocks; }, "blocks updated in place"));
        PAIRS.put("alloc_mode=default", new Probe(GIB, "", "alloc_mode=default", (t, v) -> { writeDeleteWrite(t, v); return v.sbi().cursegI(CursegType.WARM_DATA).segno(); }, "the WARM_DATA log's segment"));
        PAIRS.put("alloc_mode=reuse", new Probe(20 * GIB, "", "alloc_mode=reuse", (t, v) -> { writeDeleteWrite(t, v); return v.sbi().cursegI(CursegType.WARM_DATA).segno(); }, "the WARM_DATA log's segment"));
        PAIRS.put("fsync_mode=nobarrier", new Probe(GIB, "", "fsync_mode=nobarrier",
                (t, v) -> { concurrentFsyncs(t, v, "/f", 1); return v.flushControl().flushes(); }, "cache flushes"));
        PAIRS.put("fsync_mode=posix", new Probe(GIB, "fsync_mode=nobarrier", "fsync_mode=nobarrier,fsync_mode=posix",
                (t, v) -> { concurrentFsyncs(t, v, "/f", 1); return v.flushControl().flushes(); }, "cache flushes"));
        PAIRS.put("fsync_mode=strict", new Probe(GIB, "", "fsync_mode=strict",
                (t, v) -> { overwriteFsync(t, v); return v.sbi().stat().fsyncAtomic; }, "fsyncs with atomic semantics"));
        PAIRS.put("checkpoint_merge", new Probe(GIB, "nocheckpoint_merge", "nocheckpoint_merge,checkpoint_merge",
                (t, v) -> { concurrentFsyncs(t, v, "/newdir/f", 6); return v.sbi().stat().checkpointRequestsMerged; }, "merged checkpoint requests"));
        PAIRS.put("nocheckpoint_merge", new Probe(GIB, "", "nocheckpoint_merge",
                (t, v) -> { concurrentFsyncs(t, v, "/newdir/f", 6); return v.sbi().stat().checkpointRequestsMerged; }, "merged checkpoint requests"));
        PAIRS.put("compress_algorithm=lz4|lzo|zstd", new Probe(GIB, "", "compress_algorithm=zstd",
                (t, v) -> { write(t, v, "/c/file", 64 << 10); return v.lookup(t, "/c/file").compressAlgorithm; }, "i_compress_algorithm"));
        PAIRS.put("compress_algorithm=lz4:N", new Probe(GIB, "", "compress_algorithm=lz4:9",
                (t, v) -> { write(t, v, "/c/file", 64 << 10); return v.lookup(t, "/c/file").compressLevel; }, "i_compress_level"));
        PAIRS.put("compress_log_size=2…8", new Probe(GIB, "", "compress_log_size=4",
                (t, v) -> { write(t, v, "/c/file", 256 << 10); return v.sbi().stat().compressedClustersWritten; }, "compressed clusters"));
        PAIRS.put("compress_extension=EXT|*", new Probe(GIB, "", "compress_extension=txt",
                (t, v) -> { write(t, v, "/notes.txt", 256 << 10); return v.sbi().stat().compressedClustersWritten; }, "compressed clusters"));
        PAIRS.put("nocompress_extension=EXT", new Probe(GIB, "", "nocompress_extension=txt",
                (t, v) -> { write(t, v, "/c/notes.txt", 256 << 10); return v.sbi().stat().compressedClustersWritten; }, "compressed clusters"));
        PAIRS.put("compress_chksum", new Probe(GIB, "", "compress_chksum", (t, v) -> { compressedWriteAndColdRead(t, v); return v.sbi().stat().compressChksumsVerified; }, "checksums verified on read"));
        PAIRS.put("compress_mode=user", new Probe(GIB, "", "compress_mode=user",
                (t, v) -> { write(t, v, "/c/file", 256 << 10); return v.sbi().stat().compressedClustersWritten; }, "compressed clusters"));
    }

    @TestFactory
    Stream<DynamicTest> everyModelledMountOptionChangesSomething() {
        List<DynamicTest> tests = new ArrayList<>();
        for (MountOptions.Row r : MountOptions.rows()) {
            if (r.status() != MountOptions.Status.MODELLED) continue;
            tests.add(DynamicTest.dynamicTest(r.option(), () -> {
                Probe p = PAIRS.get(r.option());
                if (p == null) fail("modelled mount option " + r.option() + " has no with/without pair in " + getClass().getSimpleName());
                Object without = run(p, p.without(), r.option().equals("disable_roll_forward"));
                Object with = run(p, p.with(), r.option().equals("disable_roll_forward"));
                assertThat(with).as(r.option() + " changes " + p.what() + " (without: " + without + ")").isNotEqualTo(without);
            }));
        }
        return tests.stream();
    }

    @Test
    void everyMatchedRowIsAcceptedAndEveryRefusedRowIsRefusedByName() {
        for (MountOptions.Row r : MountOptions.rows()) {
            if (r.status() == MountOptions.Status.MODELLED) continue;
            F2fsEra era = r.eras().iterator().next();
            String opt = example(r.option());
            F2fsOptions base = F2fsOptions.defaults(Optimizations.linux614(), era);
            if (r.status() == MountOptions.Status.MATCHED) {
                assertThat(base.withMountOptions(opt)).as(opt + " (" + era + ")").isNotNull();
            } else {
                String key = opt.contains("=") ? opt.substring(0, opt.indexOf('=')) : opt;
                assertThatThrownBy(() -> base.withMountOptions(opt)).as(opt + " (" + era + ")").isInstanceOf(F2fsException.class)
                        .hasMessageContaining(key);
            }
        }
    }

    @Test
    void anOptionTheErasF2fsDoesNotKnowIsUnrecognizedAndABadValueIsEinval() {
        assertThatThrownBy(() -> F2fsOptions.defaults(Optimizations.linux614(), F2fsEra.F2FS_2018).withMountOptions("compress_extension=txt"))
                .hasMessageContaining("Unrecognized mount option");
        assertThatThrownBy(() -> F2fsOptions.defaults(Optimizations.linux614()).withMountOptions("mode=bogus"))
                .hasMessageContaining("-EINVAL");
        assertThatThrownBy(() -> F2fsOptions.defaults(Optimizations.linux614()).withMountOptions("active_logs=3"))
                .hasMessageContaining("-EINVAL");
        assertThatThrownBy(() -> F2fsOptions.defaults(Optimizations.linux614()).withMountOptions("compress_extension=verylongx"))
                .hasMessageContaining("invalid extension length");
        assertThatThrownBy(() -> F2fsOptions.defaults(Optimizations.linux614()).withMountOptions("compress_extension=so,nocompress_extension=so"))
                .hasMessageContaining("both compress and nocompress");
    }

    @Test
    void compressOptionsOnAnImageWithoutTheCompressionFeatureAreRefused() {
        VolumeRig rig = new VolumeRig(GIB, 1);                       // mkfs without -O compression
        assertThatThrownBy(() -> rig.boot(F2fsOptions.defaults(Optimizations.linux614()).withMountOptions("compress_extension=txt"),
                (t, v) -> { })).satisfies(e -> assertThat(root(e).getMessage()).contains("no compression feature"));
    }

    private static Throwable root(Throwable e) {
        Throwable c = e;
        while (c.getCause() != null) c = c.getCause();
        return c;
    }

    // ------------------------------------------------------------------ running a probe

    private static Object run(Probe p, String options, boolean crashFirst) {
        VolumeRig rig = new VolumeRig(p.deviceBytes(), 1);
        Mkfs.format(rig.store, new Mkfs.Options(1, 1, 0, List.of("extra_attr", "compression")));
        Optimizations o = Optimizations.linux614();
        if (crashFirst) {                               // fsync'd data left in the node log: a mount that must recover it
            rig.boot(F2fsOptions.defaults(o), (t, v) -> write(t, v, "/fsyncd", 64 << 10));
        }
        F2fsOptions opts = F2fsOptions.defaults(o).withMountOptions(options);
        Object[] seen = new Object[1];
        try {
            rig.boot(opts, (t, vol) -> {
                if (vol.lookup(t, "/c") == null) vol.mkdirs(t, "/c", true);
                seen[0] = p.body().run(t, vol);
            });
            return seen[0];
        } catch (RuntimeException e) {
            if (!crashFirst) throw e;
            return "mount refused: " + root(e).getMessage();
        }
    }

    private static String example(String option) {
        String o = option.contains("|") ? option.substring(0, option.indexOf('|')) : option;
        return o.replace("=N", "=9").replace(":N", ":9").replace("EXT", "txt").replace("FILE", "quota").replace("2…8", "2");
    }

    private static FileData zeros(Volume v) {
        long z = v.sbi().registry().zeroRef();
        return new FileData() {
            @Override
            public long pageRef(long pageIndex) {
                return z;
            }

            @Override
            public void fill(long fileOffset, byte[] dst, int off, int len) {
                java.util.Arrays.fill(dst, off, off + len, (byte) 0);
            }
        };
    }

    /** A file of {@code bytes} zeros, fsync'd. */
    static void write(SimTask t, Volume v, String path, long bytes) {
        int fd = v.open(t, path, Volume.O_CREAT | Volume.O_RDWR);
        v.pwrite(t, fd, 0, bytes, zeros(v));
        v.fsync(t, fd);
        v.close(t, fd);
    }


    /** {@code n} tasks, each writing its own file and fsyncing it at the same moment. */
    private static void concurrentFsyncs(SimTask t, Volume v, String prefix, int n) {
        if (prefix.contains("/newdir/")) v.mkdirs(t, "/newdir", false);
        org.f2fsobs.engine.sim.WaitCount left = new org.f2fsobs.engine.sim.WaitCount(t.sim(), "writers");
        for (int i = 0; i < n; i++) {
            String path = prefix + i;
            left.inc();
            t.sim().spawn("writer" + i, w -> {
                write(w, v, path, 16 << 10);
                left.dec();
            });
        }
        left.awaitZero(t);
    }

    /** 64 KiB written and fsync'd, then overwritten in place (out of place on disk: FI_APPEND_WRITE) and fsync'd. */
    private static void overwriteFsync(SimTask t, Volume v) {
        write(t, v, "/o", 64 << 10);
        int fd = v.open(t, "/o", Volume.O_RDWR);
        v.pwrite(t, fd, 0, 64 << 10, zeros(v));
        v.fsync(t, fd);
        v.close(t, fd);
    }

    private static void smallOverwriteFsync(SimTask t, Volume v) {
        write(t, v, "/f", 32 << 10);
        v.sync(t);
        int fd = v.open(t, "/f", Volume.O_RDWR);
        v.pwrite(t, fd, 0, 4096, zeros(v));
        v.fsync(t, fd);
        v.close(t, fd);
    }

    /**
     * Eight segments written, every other 4 KiB page overwritten 100 s later (older segments than the newest mtime:
     * get_cb_cost gives them an age), then ten idle minutes for the GC thread.
     */
    private static void holesThenIdle(SimTask t, Volume v) {
        t.sleepNs(10_000_000_000L);                  // an mtime of 0 means "none" to update_segment_mtime
        write(t, v, "/g", 16L << 20);
        v.sync(t);
        t.sleepNs(100_000_000_000L);
        int fd = v.open(t, "/g", Volume.O_RDWR);
        for (long off = 0; off < 16L << 20; off += 8192) v.pwrite(t, fd, off, 4096, zeros(v));
        v.close(t, fd);
        v.sync(t);
        t.sleepNs(600_000_000_000L);
    }

    /** Fill four segments, free them, write two more: ALLOC_MODE_REUSE takes the freed ones from segment 0. */
    private static void writeDeleteWrite(SimTask t, Volume v) {
        write(t, v, "/a", 4L * 2 << 20);
        v.sync(t);
        v.unlink(t, "/a");
        v.sync(t);
        v.sync(t);
        write(t, v, "/b", 6L * 2 << 20);
    }

    private static void compressedWriteAndColdRead(SimTask t, Volume v) {
        write(t, v, "/c/file", 256 << 10);
        v.sync(t);
        v.dropCaches(t);
        int fd = v.open(t, "/c/file", Volume.O_RDONLY);
        v.pread(t, fd, 0, 256 << 10, (idx, ref, o, len) -> { });
        v.close(t, fd);
    }
}
