package org.f2fsobs.bench.tool.fio;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import org.f2fsobs.bench.tool.ToolUsageException;

/**
 * The job options the simulation understands, with fio's names, aliases and value types (options.c
 * {@code fio_options[]}): {@code STR_SET} flags may be given bare, everything else needs a value.
 */
final class FioOptions {

    /** How an option takes its value on the command line (fio's add_to_lopt(): STR_SET is optional_argument). */
    enum Kind { VALUE, FLAG }

    record Opt(String name, Kind kind, BiConsumer<FioJob.Builder, String> apply) {}

    private static final Map<String, Opt> OPTIONS = new LinkedHashMap<>();
    private static final Map<String, String> ALIASES = Map.of(
            "readwrite", "rw", "blocksize", "bs", "timeout", "runtime", "fileoffset", "offset");

    static {
        value("name", (b, v) -> b.name = v);
        value("filename", (b, v) -> b.filename = v);
        value("directory", (b, v) -> b.directory = v);
        value("size", (b, v) -> b.size = positive("size", v, FioValues.size("size", v, b.kbBase)));
        value("offset", (b, v) -> b.offset = FioValues.size("offset", v, b.kbBase));
        value("bs", (b, v) -> b.bs = positive("bs", v, FioValues.size("bs", v, b.kbBase)));
        value("rw", (b, v) -> b.rw = FioRw.parse(v));
        value("rwmixread", (b, v) -> b.rwmixread = percent("rwmixread", v));
        value("rwmixwrite", (b, v) -> b.rwmixread = 100 - percent("rwmixwrite", v));
        value("ioengine", (b, v) -> b.ioengine = FioIoengine.parse(v));
        value("iodepth", (b, v) -> b.iodepth = (int) positive("iodepth", v, bounded("iodepth", v, 65536)));
        value("numjobs", (b, v) -> b.numjobs = (int) positive("numjobs", v, bounded("numjobs", v, 4096)));
        value("direct", (b, v) -> b.direct = FioValues.bool("direct", v));
        value("buffered", (b, v) -> b.direct = !FioValues.bool("buffered", v));
        value("fsync", (b, v) -> b.fsync = FioValues.integer("fsync", v));
        value("fdatasync", (b, v) -> b.fdatasync = FioValues.integer("fdatasync", v));
        value("end_fsync", (b, v) -> b.endFsync = FioValues.bool("end_fsync", v));
        value("runtime", (b, v) -> b.runtimeNs = FioValues.timeNs("runtime", v, true));
        flag("time_based", (b, v) -> b.timeBased = flagValue("time_based", v));
        value("loops", (b, v) -> b.loops = positive("loops", v, FioValues.integer("loops", v)));
        value("startdelay", (b, v) -> b.startdelayNs = FioValues.timeNs("startdelay", v, true));
        flag("group_reporting", (b, v) -> b.groupReporting = flagValue("group_reporting", v));
        value("randrepeat", (b, v) -> b.randrepeat = FioValues.bool("randrepeat", v));
        value("randseed", (b, v) -> {
            b.randseed = FioValues.integer("randseed", v);
            b.randseedSet = true;
        });
        flag("refill_buffers", (b, v) -> b.refillBuffers = flagValue("refill_buffers", v));
        value("scramble_buffers", (b, v) -> b.scrambleBuffers = FioValues.bool("scramble_buffers", v));
        flag("zero_buffers", (b, v) -> {
            b.zeroBuffers = flagValue("zero_buffers", v);
            b.zeroBuffersSet = true;
        });
        value("buffer_compress_percentage", (b, v) -> {
            if (FioValues.integer("buffer_compress_percentage", v) != 0) {
                throw new ToolUsageException("fio", "buffer_compress_percentage=" + v,
                        "fio: buffer_compress_percentage=" + v + " is not supported by the simulation (only 0); "
                                + "fio's default random buffers are modelled");
            }
        });
        flag("thread", (b, v) -> b.thread = flagValue("thread", v));
        value("create_on_open", (b, v) -> b.createOnOpen = FioValues.bool("create_on_open", v));
        value("kb_base", (b, v) -> {
            if (!v.equals("1024") && !v.equals("1000")) {
                throw FioValues.usage("kb_base", v, "allowed: 1024, 1000");
            }
            b.kbBase = Integer.parseInt(v);
        });
    }

    private FioOptions() {}

    private static void value(String name, BiConsumer<FioJob.Builder, String> apply) {
        OPTIONS.put(name, new Opt(name, Kind.VALUE, apply));
    }

    private static void flag(String name, BiConsumer<FioJob.Builder, String> apply) {
        OPTIONS.put(name, new Opt(name, Kind.FLAG, apply));
    }

    /** The option named {@code name} (or an alias of it), or null. */
    static Opt find(String name) {
        return OPTIONS.get(ALIASES.getOrDefault(name, name));
    }

    /** Applies {@code name=value} ({@code value} null for a bare flag) and records it in the section's list. */
    static void apply(FioJob.Builder b, Opt o, String value) {
        if (value == null && o.kind() == Kind.VALUE) {
            throw new ToolUsageException("fio", o.name(), "fio: option " + o.name() + " requires an argument (" + o.name() + "=VALUE)");
        }
        o.apply().accept(b, value);
        b.jobOptions.put(o.name(), value);
    }

    /** The known option closest to {@code name}, for "did you mean" hints (fio's string_distance()). */
    static String closest(String name) {
        String best = null;
        int bestD = Integer.MAX_VALUE;
        for (String k : OPTIONS.keySet()) {
            int d = distance(name, k);
            if (d < bestD) {
                bestD = d;
                best = k;
            }
        }
        return bestD <= Math.max(2, name.length() / 3) ? best : null;
    }

    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) prev[j] = j;
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int c = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + c);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }

    private static boolean flagValue(String name, String v) {
        return v == null || FioValues.integer(name, v) != 0;
    }

    private static long positive(String name, String v, long n) {
        if (n <= 0) {
            throw new ToolUsageException("fio", name + "=" + v,
                    "fio: failed parsing " + name + "=" + v + ": min value out of range: " + n + " (1 min)");
        }
        return n;
    }

    private static long bounded(String name, String v, long max) {
        long n = FioValues.integer(name, v);
        if (n > max) {
            throw new ToolUsageException("fio", name + "=" + v,
                    "fio: failed parsing " + name + "=" + v + ": max value out of range: " + n + " (" + max + " max)");
        }
        return n;
    }

    private static int percent(String name, String v) {
        return (int) bounded(name, v, 100);
    }
}
