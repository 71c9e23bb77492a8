package org.f2fsobs.bench.script;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The kernel knobs a script may write with {@code echo V > PATH}: the ones the engine models, each with its range.
 * {@code <dev>} is any device name: it means the profile's device. Anything else under /proc, /sys or /dev is
 * refused by name. Knobs of the F2FS instance exist only while the volume is mounted (as /sys/fs/f2fs/&lt;dev&gt;/
 * does); {@code max_sectors_kb}, {@code nr_requests} and {@code scheduler} are fixed once the machine boots in the
 * model, so they must come before the first line that uses the volume.
 */
public final class Knobs {
    private Knobs() {}

    /** Where a knob lives. */
    public enum Scope { VM, QUEUE, F2FS }

    /** One modelled knob. */
    public enum Knob {
        DROP_CACHES(Scope.VM, "drop_caches", 1, 3, false, "1 or 3: clean page-cache and node pages dropped, after the "
                + "flusher's write-back (2, dentries and inodes only, is refused: the model keeps them)"),
        DIRTY_RATIO(Scope.VM, "dirty_ratio", 1, 100, false, "the dirty limit of balance_dirty_pages from then on"),
        DIRTY_BACKGROUND_RATIO(Scope.VM, "dirty_background_ratio", 0, 100, false, "the flusher's background threshold from then on"),
        DIRTY_EXPIRE_CENTISECS(Scope.VM, "dirty_expire_centisecs", 0, 360_000, false, "the age at which dirty data is written back"),
        DIRTY_WRITEBACK_CENTISECS(Scope.VM, "dirty_writeback_centisecs", 0, 360_000, false, "the flusher's period"),
        READ_AHEAD_KB(Scope.QUEUE, "read_ahead_kb", 0, 65_536, false, "bdi->ra_pages for files opened from then on"),
        MAX_SECTORS_KB(Scope.QUEUE, "max_sectors_kb", 4, 65_536, true, "the largest request, up to the device's "
                + "max_hw_sectors_kb (before the volume is used)"),
        NR_REQUESTS(Scope.QUEUE, "nr_requests", 4, 65_536, true, "the legacy request pool of the CFQ profiles (before the "
                + "volume is used)"),
        SCHEDULER(Scope.QUEUE, "scheduler", 0, 0, true, "only the device's own scheduler is accepted (matched); switching "
                + "schedulers is refused"),
        MIN_SEQ_BLOCKS(Scope.F2FS, "min_seq_blocks", 1, 1L << 30, false, "dirty pages from which a sync writeback "
                + "serializes on sbi->writepages (__should_serialize_io)"),
        MIN_FSYNC_BLOCKS(Scope.F2FS, "min_fsync_blocks", 0, 1L << 30, false, "dirty pages up to which fsync writes in "
                + "place (FI_NEED_IPU)"),
        MIN_HOT_BLOCKS(Scope.F2FS, "min_hot_blocks", 0, 1L << 30, false, "dirty pages up to which a file's data is hot "
                + "(FI_HOT_DATA: the HOT_DATA log)"),
        IPU_POLICY(Scope.F2FS, "ipu_policy", 0, 255, false, "in-place-update policy bits: F2FS_IPU_FORCE (1), F2FS_IPU_SSR "
                + "(2: while f2fs_need_SSR), F2FS_IPU_UTIL (4: utilization over min_ipu_util), F2FS_IPU_SSR_UTIL (8: both), "
                + "F2FS_IPU_FSYNC (16, the default), F2FS_IPU_ASYNC (32) are modelled; the NOCACHE and HONOR_OPU_WRITE bits "
                + "are refused; 256 or more: -EINVAL"),
        MIN_IPU_UTIL(Scope.F2FS, "min_ipu_util", 0, 0xFFFF_FFFFL, false, "the utilization (percent of user blocks valid) "
                + "over which the UTIL and SSR_UTIL ipu_policy bits update in place"),
        GC_URGENT(Scope.F2FS, "gc_urgent", 0, 3, false, "sbi->gc_mode: 0 normal, 1 urgent high (wakes the GC thread: greedy "
                + "victims every gc_urgent_sleep_time, busy or not), 2 urgent low (cost-benefit once no I/O is in flight), "
                + "3 urgent mid (wakes it: cost-benefit every gc_urgent_sleep_time); other values: -EINVAL"),
        GC_MIN_SLEEP_TIME(Scope.F2FS, "gc_min_sleep_time", 0, 0xFFFF_FFFFL, false, "the GC thread's first and shortest "
                + "sleep, ms (and its step)"),
        GC_MAX_SLEEP_TIME(Scope.F2FS, "gc_max_sleep_time", 0, 0xFFFF_FFFFL, false, "the GC thread's longest sleep while "
                + "it finds work, ms"),
        GC_NO_GC_SLEEP_TIME(Scope.F2FS, "gc_no_gc_sleep_time", 0, 0xFFFF_FFFFL, false, "the GC thread's sleep after a "
                + "pass found no victim, ms"),
        GC_URGENT_SLEEP_TIME(Scope.F2FS, "gc_urgent_sleep_time", 0, 0xFFFF_FFFFL, false, "the GC thread's period under "
                + "gc_urgent 1 or 3, ms");

        final Scope scope;
        final String file;
        final long min;
        final long max;
        /** Fixed at boot in the model: only before the first line that uses the volume. */
        final boolean bootOnly;
        final String meaning;

        Knob(Scope scope, String file, long min, long max, boolean bootOnly, String meaning) {
            this.scope = scope;
            this.file = file;
            this.min = min;
            this.max = max;
            this.bootOnly = bootOnly;
            this.meaning = meaning;
        }

        public Scope scope() { return scope; }
        public String file() { return file; }
        public boolean bootOnly() { return bootOnly; }
        public String meaning() { return meaning; }

        public org.f2fsobs.bench.tool.OptionTable.Status status() {
            return this == SCHEDULER ? org.f2fsobs.bench.tool.OptionTable.Status.MATCHED
                    : org.f2fsobs.bench.tool.OptionTable.Status.MODELLED;
        }

        /** The path a script writes, with {@code <dev>} for the device name. */
        public String path() {
            return switch (scope) {
                case VM -> "/proc/sys/vm/" + file;
                case QUEUE -> "/sys/block/<dev>/queue/" + file;
                case F2FS -> "/sys/fs/f2fs/<dev>/" + file;
            };
        }
    }

    /** What writing a path does: a modelled knob, or (knob null) a file whose written value matches the model ({@code why}). */
    record Target(Knob knob, KnobTable.Entry entry) {}

    /**
     * The file at {@code path}: a modelled knob, or an entry of {@link KnobTable}; read-only, refused and non-existent
     * files are refused by name, as is anything else under /proc, /sys or /dev.
     */
    static Target at(String path) {
        String[] p = path.split("/");
        List<String> parts = new ArrayList<>();
        for (String s : p) if (!s.isEmpty()) parts.add(s);
        Knob k = null;
        KnobTable.Entry e = null;
        if (parts.size() == 4 && parts.get(0).equals("proc") && parts.get(1).equals("sys") && parts.get(2).equals("vm")) {
            k = find(Scope.VM, parts.get(3));
        } else if (parts.size() >= 5 && parts.get(0).equals("sys") && parts.get(1).equals("block") && parts.get(3).equals("queue")) {
            if (parts.size() > 5) throw new ScriptException.Why(path + ": I/O scheduler tunables (queue/iosched/) are not modelled");
            k = find(Scope.QUEUE, parts.get(4));
            if (k == null) e = KnobTable.find(Scope.QUEUE, parts.get(4));
        } else if (parts.size() == 5 && parts.get(0).equals("sys") && parts.get(1).equals("fs") && parts.get(2).equals("f2fs")) {
            k = find(Scope.F2FS, parts.get(4));
            if (k == null) e = KnobTable.find(Scope.F2FS, parts.get(4));
            if (k == null && e == null) throw new ScriptException.Why(path + ": no such file (f2fs has no attribute "
                    + parts.get(4) + ")");
        }
        if (e != null && e.readOnly()) throw new ScriptException.Why(path + " is read-only: echo: write error: Permission denied");
        if (e != null && e.matched() == null) throw new ScriptException.Why(path + " is not modelled: " + e.reason());
        if (k == null && e == null) {
            throw new ScriptException.Why(path + " is not a knob the engine models; modelled: " + modelled());
        }
        return new Target(k, e);
    }

    /** A value written to a KnobTable file: accepted when it is one the model matches, refused naming the file otherwise. */
    static String matchedValue(KnobTable.Entry e, String text, org.f2fsobs.engine.platform.DeviceSpec device) {
        String v = text.trim();
        if (e.matched().contains("*")) {
            if (!v.matches("\\d{1,10}")) throw new ScriptException.Why(e.path() + ": '" + v + "' is not a number");
            return e.reason();
        }
        String own = device.volatileCache() ? "write back" : "write through";
        for (String m : e.matched()) {
            if (m.equals(v) || (m.equals("<device>") && v.equals(own))) return e.reason();
        }
        throw new ScriptException.Why(e.path() + " " + v + " is not modelled: " + e.reason());
    }

    private static Knob find(Scope s, String file) {
        for (Knob k : Knob.values()) if (k.scope == s && k.file.equals(file)) return k;
        return null;
    }

    /** Every modelled knob's path, for messages and docs. */
    public static String modelled() {
        List<String> out = new ArrayList<>();
        for (Knob k : Knob.values()) out.add(k.path());
        return String.join(", ", out);
    }

    /**
     * The value written: a number in the knob's range (sysfs parses with kstrtoul), or for {@code scheduler} the
     * scheduler's index (0 none, 1 cfq) — only the device's own scheduler is accepted.
     */
    static long value(Knob k, String text, String currentScheduler) {
        String v = text.trim();
        if (k == Knob.SCHEDULER) {
            String want = v.toLowerCase(Locale.ROOT);
            if (!want.equals(currentScheduler)) {
                throw new ScriptException.Why("scheduler " + v + ": switching the I/O scheduler is not modelled (this device runs "
                        + currentScheduler + ", which may be written back as it is)");
            }
            return want.equals("cfq") ? 1 : 0;
        }
        long x;
        try {
            x = Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new ScriptException.Why(k.path() + ": '" + v + "' is not a number");
        }
        if (k == Knob.GC_URGENT && (x < 0 || x > 3)) {
            throw new ScriptException.Why(k.path() + ": " + x + ": write error: Invalid argument");
        }
        if (k == Knob.IPU_POLICY && x > k.max) {
            throw new ScriptException.Why(k.path() + ": " + x + ": write error: Invalid argument (t >= BIT(F2FS_IPU_MAX))");
        }
        if (x < k.min || x > k.max) throw new ScriptException.Why(k.path() + ": " + x + " is out of range " + k.min + ".." + k.max);
        if (k == Knob.IPU_POLICY && (x & ~63L) != 0) {
            throw new ScriptException.Why(k.path() + " " + x + ": only the F2FS_IPU_FORCE (1), SSR (2), UTIL (4), SSR_UTIL "
                    + "(8), FSYNC (16) and ASYNC (32) bits are modelled (NOCACHE, HONOR_OPU_WRITE are not)");
        }
        if (k == Knob.DROP_CACHES && x == 2) {
            throw new ScriptException.Why("echo 2 > /proc/sys/vm/drop_caches drops only dentries and inodes, which the model keeps "
                    + "(it drops clean page-cache and node pages with 1 or 3): not modelled");
        }
        return x;
    }
}
