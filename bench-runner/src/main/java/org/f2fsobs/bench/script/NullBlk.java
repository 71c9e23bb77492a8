package org.f2fsobs.bench.script;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.f2fsobs.engine.platform.DeviceSpec;
import org.f2fsobs.engine.platform.Profile;
import org.f2fsobs.engine.platform.Sourced;

/**
 * The module parameters of {@code insmod null_blk.ko …} (drivers/block/null_blk/main.c of 6.14), with the driver's
 * defaults for the ones not given, and what they make of the profile's device ({@link #apply}): the capacity
 * ({@code gb}), the logical block size ({@code bs}), the tag depth ({@code submit_queues × hw_queue_depth}, the queues
 * clamped to the CPUs as null_validate_conf does), the largest request ({@code max_sectors}, 0 = the block layer's
 * BLK_SAFE_MAX_SECTORS), and the completion time ({@code completion_nsec}, used by the driver only in
 * {@code irqmode=2}, its timer mode). {@code memory_backed=1} is required: without it null_blk keeps no data, so no
 * file system could be mounted on it. Parameters whose value matches what the model always does are accepted
 * ({@code queue_mode=2}, {@code cache_size=0}, {@code mbps=0}, {@code zoned=0}, {@code discard=0}, {@code blocking},
 * which memory_backed forces on); any other parameter is refused by name.
 */
public record NullBlk(int nrDevices, long gb, int bs, long completionNsec, int hwQueueDepth, int submitQueues,
                      int maxSectors, boolean memoryBacked, int irqmode, String text) {
    /** include/linux/blkdev.h BLK_SAFE_MAX_SECTORS: a request limit for drivers that give none. */
    static final int BLK_SAFE_MAX_SECTORS = 255;
    /** BLK_DEF_MAX_SECTORS_CAP: max_sectors is capped at 1280 KiB unless the device asks for more. */
    static final int BLK_DEF_MAX_SECTORS_CAP = 2560;
    private static final Map<String, String> MATCHING = Map.of("queue_mode", "2", "cache_size", "0", "mbps", "0",
            "zoned", "0", "discard", "0");

    /** Parses the {@code name=value} words after the module name; unknown or unmodelled names are refused. */
    static NullBlk parse(List<String> params, String text) {
        Map<String, String> given = new LinkedHashMap<>();
        for (String p : params) {
            int eq = p.indexOf('=');
            String name = eq < 0 ? p : p.substring(0, eq);
            String value = eq < 0 ? "1" : p.substring(eq + 1);   // a bare bool parameter means 1
            if (given.put(name, value) != null) throw new ScriptException.Why("null_blk parameter " + name + " is given twice");
        }
        int nr = 1, bs = 512, depth = 64, queues = 1, maxSectors = 0, irq = 1;
        long gb = 250, completion = 10_000;
        boolean memory = false;
        for (Map.Entry<String, String> e : given.entrySet()) {
            String n = e.getKey(), v = e.getValue();
            switch (n) {
                case "nr_devices" -> nr = (int) integer(n, v, 0, 1024);
                case "gb" -> gb = integer(n, v, 1, 1L << 20);
                case "bs" -> bs = (int) integer(n, v, 1, 1 << 20);
                case "completion_nsec" -> completion = integer(n, v, 0, 1_000_000_000L);
                case "hw_queue_depth" -> depth = (int) integer(n, v, 1, 65_536);
                case "submit_queues" -> queues = (int) integer(n, v, 0, 4096);
                case "max_sectors" -> maxSectors = (int) integer(n, v, 0, 1 << 24);
                case "memory_backed" -> memory = bool(n, v);
                case "irqmode" -> irq = (int) integer(n, v, 0, 2);
                case "blocking" -> bool(n, v);           // memory_backed sets blocking whatever is given (null_validate_conf)
                default -> {
                    String match = MATCHING.get(n);
                    if (match == null) {
                        throw new ScriptException.Why("null_blk parameter " + n + " is not modelled (modelled: nr_devices, gb, bs, "
                                + "completion_nsec, hw_queue_depth, submit_queues, max_sectors, memory_backed, irqmode; accepted at "
                                + "the model's own value: queue_mode=2, cache_size=0, mbps=0, zoned=0, discard=0, blocking)");
                    }
                    if (integer(n, v, 0, Long.MAX_VALUE) != Long.parseLong(match)) {
                        throw new ScriptException.Why("null_blk " + n + "=" + v + " is not modelled (only " + n + "=" + match
                                + ", what the model does, is accepted)");
                    }
                }
            }
        }
        if (nr != 1) throw new ScriptException.Why("null_blk nr_devices=" + nr + ": the simulated machine has one device (nr_devices=1)");
        if (!memory) {
            throw new ScriptException.Why("null_blk without memory_backed=1 keeps no data (reads return whatever the buffer held), "
                    + "so no F2FS could be mounted on it: add memory_backed=1");
        }
        if (bs < 512 || Integer.bitCount(bs) != 1) {
            throw new ScriptException.Why("null_blk bs=" + bs + ": the block layer needs a power of two of at least 512 (blk_validate_limits)");
        }
        if (bs > 4096) bs = 4096;                             // null_init: "invalid block size", defaults to PAGE_SIZE
        return new NullBlk(nr, gb, bs, completion, depth, queues, maxSectors, memory, irq, text);
    }

    /** max_sectors_kb as the block layer sets it, in whole 4 KiB pages (the model splits requests at page boundaries). */
    int maxSectorsKb() {
        int hw = maxSectors == 0 ? BLK_SAFE_MAX_SECTORS : maxSectors;
        hw -= hw % (bs / 512);                               // round_down to the logical block size
        int sectors = Math.min(hw, BLK_DEF_MAX_SECTORS_CAP);
        return sectors / 2 / 4 * 4;                          // departure: 255 sectors (127.5 KiB) become 124 KiB
    }

    /** The profile with this null_blk as its device; the profile must model a null_blk. */
    Profile apply(Profile p) {
        DeviceSpec d = p.device();
        if (!d.model().startsWith("null_blk")) {
            throw new ScriptException.Why("profile " + p.name() + " has no null_blk (its device: " + d.model()
                    + "); insmod null_blk needs a null_blk profile, e.g. nullblk-x86");
        }
        int queues = Math.max(1, Math.min(submitQueues, p.cpu().count()));   // null_validate_conf
        int maxKb = maxSectorsKb();
        if (maxKb < 4) throw new ScriptException.Why("null_blk max_sectors=" + maxSectors + " is below one 4 KiB page");
        long latency = irqmode == 2 ? completionNsec : 0;    // NULL_IRQ_TIMER completes after completion_nsec
        Map<String, Sourced> c = new LinkedHashMap<>(p.constants());
        String src = "script: " + text;
        String lat = src + " (irqmode=" + irqmode + ", completion_nsec=" + completionNsec + ")";
        long capacity = set(c, "device.capacity_bytes", gb << 30, src + " (gb=" + gb + ")", d.capacityBytes());
        long depth = set(c, "device.queue_depth", (long) queues * hwQueueDepth,
                src + " (submit_queues " + queues + " x hw_queue_depth " + hwQueueDepth + ")", d.queueDepth());
        long kb = set(c, "device.max_sectors_kb", maxKb, src + " (max_sectors=" + maxSectors + ", bs=" + bs + ")", d.maxSectorsKb());
        long read = set(c, "device.read_latency_ns", latency, lat, d.readLatencyNs());
        long write = set(c, "device.write_latency_ns", latency, lat, d.writeLatencyNs());
        DeviceSpec nd = new DeviceSpec(d.model(), capacity, (int) depth, (int) kb, read, write,
                d.readBandwidthBytesPerSec(), d.writeBandwidthBytesPerSec(), d.commandOverheadNs(), d.flushNs(), d.fuaNs(),
                d.reliableWriteNs(), d.volatileCache(), d.latencyJitterMeanNs(), d.scheduler(), d.cfq(), true, d.nrRequests());
        return new Profile(p.name(), p.title(), p.description(), p.userland(), p.cpu(), p.memoryBytes(), p.availableBytes(),
                p.dirtyableBytes(), nd, p.tunables(), p.kernel(), c, p.lruStart(), p.reads());    // one read log: what set this device was read too
    }

    /**
     * Sets a device constant from the script, unless --profile-set pinned it (an override's source says so): a
     * what-if on a constant wins over the line that would set it. Returns the value in effect.
     */
    static long set(Map<String, Sourced> c, String key, long value, String source, long current) {
        Sourced was = c.get(key);
        if (was != null && was.source().startsWith("override")) return current;
        c.put(key, new Sourced(value, source));
        return value;
    }

    private static long integer(String name, String v, long min, long max) {
        long x;
        try {
            x = v.startsWith("0x") || v.startsWith("0X") ? Long.parseLong(v.substring(2), 16) : Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new ScriptException.Why("null_blk " + name + "=" + v + " is not a number");
        }
        if (x < min || x > max) throw new ScriptException.Why("null_blk " + name + "=" + v + " is out of range " + min + ".." + max);
        return x;
    }

    /** kstrtobool: 1/y/Y/t/T/on true, 0/n/N/f/F/off false. */
    private static boolean bool(String name, String v) {
        return switch (v) {
            case "1", "y", "Y", "yes", "t", "T", "true", "on" -> true;
            case "0", "n", "N", "no", "f", "F", "false", "off" -> false;
            default -> throw new ScriptException.Why("null_blk " + name + "=" + v + " is not a boolean (1/0, y/n, on/off)");
        };
    }
}
