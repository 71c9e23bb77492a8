package org.f2fsobs.bench.runner;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.f2fsobs.bench.script.ScriptLine;
import org.f2fsobs.engine.f2fs.F2fsException;
import org.f2fsobs.engine.f2fs.F2fsOptions;
import org.f2fsobs.engine.f2fs.MetaType;
import org.f2fsobs.engine.f2fs.Mkfs;
import org.f2fsobs.engine.f2fs.Volume;
import org.f2fsobs.engine.f2fs.file.FileData;
import org.f2fsobs.engine.kernel.Kernel;
import org.f2fsobs.engine.platform.Tunables;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.device.ContentRegistry;

/**
 * The shell of the simulated machine: runs the script lines that are not measured tool runs, in the task that runs
 * the script, on the machine's one disk — format, mount, remount, umount, the file commands, sync, drop_caches, the
 * knobs, sleep, cd — and keeps what a later line needs: the mounted volume, its mount point and options, the shell's
 * current directory. Paths are resolved by the volume's namespace ({@link Volume#setNamespace}).
 */
final class ScriptShell {
    private final Kernel kernel;
    private final WorkloadEnv env;
    private final F2fsOptions base;
    private Volume v;
    private String mountPoint;
    private String cwd;
    private String mkfsText = "";
    private String mountText = "";
    private long checkpointsOfEarlierMounts;
    private final long[] metaReadsOfEarlierMounts = new long[MetaType.values().length];
    private final long[] metaReadsAtMark = new long[MetaType.values().length];

    ScriptShell(Kernel kernel, WorkloadEnv env, F2fsOptions base) {
        this.kernel = kernel;
        this.env = env;
        this.base = base;
    }

    /** A shell around a volume mounted by someone else (the crash harness), as if mounted at {@code mountPoint}. */
    static ScriptShell around(Volume v, WorkloadEnv env, String mountPoint) {
        ScriptShell s = new ScriptShell(v.kernel(), env, v.options());
        s.v = v;
        s.mountPoint = mountPoint;
        s.namespace();
        return s;
    }

    Volume volume() { return v; }
    String mkfsText() { return mkfsText; }
    String mountText() { return mountText; }

    /** Checkpoints written since boot, over every mount. */
    long checkpoints() {
        return checkpointsOfEarlierMounts + (v != null ? v.checkpoints() : 0);
    }

    /** Metadata blocks read by type (meta_reads_by_type) since the last {@link #markMetaReads} (boot), over every mount. */
    Map<String, Long> metaReadsSinceMark() {
        long[] now = metaReadsNow();
        Map<String, Long> m = new LinkedHashMap<>();
        for (MetaType type : MetaType.values()) m.put(type.key(), now[type.ordinal()] - metaReadsAtMark[type.ordinal()]);
        return m;
    }

    /** The end of a measured window: later preparation counts metadata reads from here. */
    void markMetaReads() {
        System.arraycopy(metaReadsNow(), 0, metaReadsAtMark, 0, metaReadsAtMark.length);
    }

    private long[] metaReadsNow() {
        long[] now = metaReadsOfEarlierMounts.clone();
        if (v != null) for (int i = 0; i < now.length; i++) now[i] += v.metaReadsByType()[i];
        return now;
    }

    /** Runs one line; tool lines run unmeasured here (the crash checker's replay), measured ones go through Execution. */
    void run(SimTask t, ScriptLine line) {
        switch (line) {
            case ScriptLine.LoadNullBlk n -> { }                       // applied to the machine at boot
            case ScriptLine.Matching m -> { }
            case ScriptLine.Format f -> format(f);
            case ScriptLine.Mount m -> mount(t, m);
            case ScriptLine.Remount r -> remount(r);
            case ScriptLine.Umount u -> {
                checkpointsOfEarlierMounts += v.checkpoints();
                v.umount(t);
                for (int i = 0; i < metaReadsOfEarlierMounts.length; i++) metaReadsOfEarlierMounts[i] += v.metaReadsByType()[i];
                v = null;
            }
            case ScriptLine.Tool tl -> Workloads.of(tl.invocation()).run(t, v, env);
            case ScriptLine.Sync s -> {
                if (v != null) v.sync(t);
            }
            case ScriptLine.DropCaches d -> {
                if (v != null) {
                    // the flusher writes dirty data back within dirty_expire_centisecs, before anyone types the next
                    // command; drop_caches itself only drops clean pages (1 and 3 alike: the model keeps inodes)
                    kernel.mm().bdi().syncAll(t);
                    v.dropCaches(t);
                }
            }
            case ScriptLine.SetKnob k -> knob(k);
            case ScriptLine.Sleep s -> t.sleepNs(s.ns());
            case ScriptLine.ChangeDir c -> cd(t, c.path());
            default -> FileCommands.run(t, v, env, line);
        }
    }

    private void format(ScriptLine.Format f) {
        try {
            Mkfs.format(kernel.store(), f.options());
        } catch (F2fsException e) {
            throw new Execution.RunInputException(f.source().text() + ": " + e.getMessage());
        }
        mkfsText = f.optionsText();
    }

    private void mount(SimTask t, ScriptLine.Mount m) {
        F2fsOptions o;
        try {
            o = base.withMountOptions(m.options());
        } catch (F2fsException e) {
            throw new Execution.RunInputException(m.source().text() + ": " + e.getMessage());
        }
        v = Volume.mount(t, kernel, o);
        mountPoint = m.mountPoint();
        mountText = m.options();
        namespace();
    }

    /** f2fs_remount: default_options, then these; the flush and checkpoint threads follow the new options. */
    private void remount(ScriptLine.Remount r) {
        try {
            v.remount(r.options());
        } catch (F2fsException e) {
            throw new Execution.RunInputException(r.source().text() + ": " + e.getMessage());
        }
        mountText = r.options();
    }

    private void cd(SimTask t, String dir) {
        cwd = dir;
        if (v != null && onVolume(dir) != null) v.mkdirs(t, dir, false);   // as missing parents are created
        namespace();
    }

    /** {@code abs} relative to the volume root ("/x"), or null when it is not under the mount point. */
    private String onVolume(String abs) {
        if (mountPoint.equals("/")) return abs;
        if (abs.equals(mountPoint)) return "/";
        return abs.startsWith(mountPoint + "/") ? abs.substring(mountPoint.length()) : null;
    }

    private void namespace() {
        if (v == null) return;
        String rel = cwd == null ? "/" : onVolume(cwd);
        v.setNamespace(mountPoint, rel == null ? "/" : rel);
    }

    private void knob(ScriptLine.SetKnob k) {
        if (k.atBoot()) return;                                          // folded into the machine's profile
        int val = (int) k.value();
        Tunables t = kernel.mm().bdi().tunables();
        switch (k.knob()) {
            case DIRTY_RATIO -> kernel.mm().bdi().setTunables(new Tunables(t.readAheadKb(), t.dirtyBackgroundRatio(), val,
                    t.dirtyExpireCentisecs(), t.dirtyWritebackCentisecs()));
            case DIRTY_BACKGROUND_RATIO -> kernel.mm().bdi().setTunables(new Tunables(t.readAheadKb(), val, t.dirtyRatio(),
                    t.dirtyExpireCentisecs(), t.dirtyWritebackCentisecs()));
            case DIRTY_EXPIRE_CENTISECS -> kernel.mm().bdi().setTunables(new Tunables(t.readAheadKb(), t.dirtyBackgroundRatio(),
                    t.dirtyRatio(), val, t.dirtyWritebackCentisecs()));
            case DIRTY_WRITEBACK_CENTISECS -> kernel.mm().bdi().setTunables(new Tunables(t.readAheadKb(), t.dirtyBackgroundRatio(),
                    t.dirtyRatio(), t.dirtyExpireCentisecs(), val));
            case READ_AHEAD_KB -> kernel.mm().bdi().setTunables(new Tunables(val, t.dirtyBackgroundRatio(), t.dirtyRatio(),
                    t.dirtyExpireCentisecs(), t.dirtyWritebackCentisecs()));
            case MIN_SEQ_BLOCKS -> v.writeSysfs(o -> o.withMinSeqBlocks(val));
            case MIN_FSYNC_BLOCKS -> v.writeSysfs(o -> o.withMinFsyncBlocks(val));
            case MIN_HOT_BLOCKS -> v.writeSysfs(o -> o.withMinHotBlocks(val));
            case IPU_POLICY -> v.writeSysfs(o -> o.withIpuPolicy(val));
            case MIN_IPU_UTIL -> v.writeSysfs(o -> o.withMinIpuUtil((int) Math.min(k.value(), Integer.MAX_VALUE)));
            case GC_URGENT -> v.writeSysfs(o -> o.withGcUrgent(val));
            case GC_MIN_SLEEP_TIME -> v.writeSysfs(o -> o.withGcSleepTimes(k.value(), o.gcMaxSleepTimeMs(),
                    o.gcNoGcSleepTimeMs(), o.gcUrgentSleepTimeMs()));
            case GC_MAX_SLEEP_TIME -> v.writeSysfs(o -> o.withGcSleepTimes(o.gcMinSleepTimeMs(), k.value(),
                    o.gcNoGcSleepTimeMs(), o.gcUrgentSleepTimeMs()));
            case GC_NO_GC_SLEEP_TIME -> v.writeSysfs(o -> o.withGcSleepTimes(o.gcMinSleepTimeMs(), o.gcMaxSleepTimeMs(),
                    k.value(), o.gcUrgentSleepTimeMs()));
            case GC_URGENT_SLEEP_TIME -> v.writeSysfs(o -> o.withGcSleepTimes(o.gcMinSleepTimeMs(), o.gcMaxSleepTimeMs(),
                    o.gcNoGcSleepTimeMs(), k.value()));
            default -> throw new IllegalStateException(k.knob() + " is applied at boot");
        }
    }

    /** The bytes of a here-document or echo written at file offset {@code start}: literal blocks for whole pages. */
    static FileData bytes(ContentRegistry registry, String text, long start) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        return new FileData() {
            @Override
            public long pageRef(long pageIndex) {
                byte[] page = new byte[4096];
                fill(pageIndex * 4096, page, 0, 4096);              // only asked for pages the write covers whole
                return registry.literal(page, 0, 4096);
            }

            @Override
            public void fill(long fileOffset, byte[] dst, int off, int len) {
                for (int i = 0; i < len; i++) {
                    long p = fileOffset + i - start;
                    dst[off + i] = p >= 0 && p < b.length ? b[(int) p] : 0;
                }
            }
        };
    }
}
