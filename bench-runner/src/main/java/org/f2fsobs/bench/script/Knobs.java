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
        DROP_CACHES(Scope.VM, "drop_caches", 1, 3, false),
        DIRTY_RATIO(Scope.VM, "dirty_ratio", 1, 100, false),
        DIRTY_BACKGROUND_RATIO(Scope.VM, "dirty_background_ratio", 0, 100, false),
        DIRTY_EXPIRE_CENTISECS(Scope.VM, "dirty_expire_centisecs", 0, 360_000, false),
        DIRTY_WRITEBACK_CENTISECS(Scope.VM, "dirty_writeback_centisecs", 0, 360_000, false),
        READ_AHEAD_KB(Scope.QUEUE, "read_ahead_kb", 0, 65_536, false),
        MAX_SECTORS_KB(Scope.QUEUE, "max_sectors_kb", 4, 65_536, true),
        NR_REQUESTS(Scope.QUEUE, "nr_requests", 4, 65_536, true),
        SCHEDULER(Scope.QUEUE, "scheduler", 0, 0, true),
        MIN_SEQ_BLOCKS(Scope.F2FS, "min_seq_blocks", 1, 1L << 30, false),
        MIN_FSYNC_BLOCKS(Scope.F2FS, "min_fsync_blocks", 0, 1L << 30, false),
        MIN_HOT_BLOCKS(Scope.F2FS, "min_hot_blocks", 0, 1L << 30, false);

        final Scope scope;
        final String file;
        final long min;
        final long max;
        /** Fixed at boot in the model: only before the first line that uses the volume. */
        final boolean bootOnly;

        Knob(Scope scope, String file, long min, long max, boolean bootOnly) {
            this.scope = scope;
            this.file = file;
            this.min = min;
            this.max = max;
            this.bootOnly = bootOnly;
        }

        public Scope scope() { return scope; }
        public String file() { return file; }
        public boolean bootOnly() { return bootOnly; }

        /** The path a script writes, with {@code <dev>} for the device name. */
        public String path() {
            return switch (scope) {
                case VM -> "/proc/sys/vm/" + file;
                case QUEUE -> "/sys/block/<dev>/queue/" + file;
                case F2FS -> "/sys/fs/f2fs/<dev>/" + file;
            };
        }
    }

    /** The knob at {@code path}; anything else under /proc, /sys or /dev is refused by name. */
    static Knob at(String path) {
        String[] p = path.split("/");
        List<String> parts = new ArrayList<>();
        for (String s : p) if (!s.isEmpty()) parts.add(s);
        Knob k = null;
        if (parts.size() == 4 && parts.get(0).equals("proc") && parts.get(1).equals("sys") && parts.get(2).equals("vm")) {
            k = find(Scope.VM, parts.get(3));
        } else if (parts.size() == 5 && parts.get(0).equals("sys") && parts.get(1).equals("block") && parts.get(3).equals("queue")) {
            k = find(Scope.QUEUE, parts.get(4));
        } else if (parts.size() == 5 && parts.get(0).equals("sys") && parts.get(1).equals("fs") && parts.get(2).equals("f2fs")) {
            k = find(Scope.F2FS, parts.get(4));
        }
        if (k == null) {
            throw new ScriptException.Why(path + " is not a knob the engine models; modelled: " + modelled());
        }
        return k;
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
        if (x < k.min || x > k.max) throw new ScriptException.Why(k.path() + ": " + x + " is out of range " + k.min + ".." + k.max);
        if (k == Knob.DROP_CACHES && x == 2) {
            throw new ScriptException.Why("echo 2 > /proc/sys/vm/drop_caches drops only dentries and inodes, which the model keeps "
                    + "(it drops clean page-cache and node pages with 1 or 3): not modelled");
        }
        return x;
    }
}
