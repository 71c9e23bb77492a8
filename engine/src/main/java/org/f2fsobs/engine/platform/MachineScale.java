package org.f2fsobs.engine.platform;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A smaller machine for a smaller run: the parts of a profile that set a workload's regime, shrunk in the same
 * proportion as its data, so that a run at a tenth of the data meets the same memory pressure, dirty thresholds and
 * request-slot contention as the full run (the regime), only sooner. What the kernel derives from them follows by
 * itself: the LRU's capacity from the available memory, the dirty thresholds from the dirtyable memory
 * ({@code global_dirtyable_memory} × {@code dirty_ratio}), get_request's sleeping from {@code nr_requests}, when the
 * flusher wakes and which inodes have expired from the writeback timers (compared with a run that is shorter too).
 *
 * <p>Mechanisms with fixed sizes (MIN_WRITEBACK_PAGES, readahead windows, segment, section and cluster sizes, the
 * node tree's fan-out) do not shrink; a scenario names them with what they imply.
 */
public final class MachineScale {
    /** A part of the machine that a scenario may declare as part of its regime. */
    public enum Part {
        /** Installed, available and dirtyable memory ({@code memory.*}). */
        MEMORY("memory"),
        /** The legacy request path's {@code nr_requests} (at least BLKDEV_MIN_RQ = 4). */
        NR_REQUESTS("nr_requests"),
        /** The writeback timers: {@code dirty_writeback_centisecs} (flusher period), {@code dirty_expire_centisecs}. */
        WRITEBACK_TIMERS("writeback_timers"),
        /** The device's capacity (the volume's size). */
        CAPACITY("capacity");

        private final String key;

        Part(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }

        public static Part of(String key) {
            for (Part p : values()) if (p.key.equals(key)) return p;
            throw new IllegalArgumentException("unknown machine part '" + key + "' (known: memory, nr_requests, writeback_timers, capacity)");
        }
    }

    /** block/blk-core.c, include/linux/blkdev.h: BLKDEV_MIN_RQ. */
    static final int BLKDEV_MIN_RQ = 4;
    /** Smallest memory a scaled machine keeps (the profile loader's floor for available memory). */
    static final long MIN_MEMORY_BYTES = 16L << 20;
    /** Smallest part of a memory split (free, active, inactive file) a scaled machine keeps, unless it is 0. */
    static final long MIN_LRU_PART_BYTES = 1L << 20;
    /** Smallest device a scaled machine keeps: mkfs.f2fs needs room for its metadata and six logs. */
    static final long MIN_CAPACITY_BYTES = 256L << 20;

    private MachineScale() {}

    /** {@code p} with {@code parts} scaled by {@code factor} (0 &lt; factor ≤ 1); the constants record old and new. */
    public static Profile scale(Profile p, double factor, Set<Part> parts) {
        if (!(factor > 0 && factor <= 1)) throw new IllegalArgumentException("scale factor must be in (0, 1], got " + factor);
        if (factor == 1 || parts.isEmpty()) return p;
        Map<String, Sourced> constants = new LinkedHashMap<>(p.constants());
        long memory = p.memoryBytes(), available = p.availableBytes(), dirtyable = p.dirtyableBytes();
        LruStart lru = p.lruStart();
        DeviceSpec device = p.device();
        if (parts.contains(Part.MEMORY)) {
            memory = shrink(constants, "memory.total_bytes", memory, factor, MIN_MEMORY_BYTES);
            available = shrink(constants, "memory.available_bytes", available, factor, MIN_MEMORY_BYTES);
            dirtyable = shrink(constants, "memory.dirtyable_bytes", dirtyable, factor, MIN_MEMORY_BYTES);
            if (lru != null) {
                for (String k : new String[] {"free_bytes", "active_file_bytes", "inactive_file_bytes", "reserve_bytes"}) {
                    shrink(constants, "memory." + k, constants.containsKey("memory." + k)
                            ? ((Number) constants.get("memory." + k).value()).longValue() : 0, factor, k.equals("reserve_bytes") ? 0 : MIN_LRU_PART_BYTES);
                }
                lru = lru.scaled(factor, MIN_LRU_PART_BYTES / 4096);
            }
        }
        if (parts.contains(Part.NR_REQUESTS) && device.nrRequests() > 0) {
            device = device.withNrRequests((int) shrink(constants, "device.nr_requests", device.nrRequests(), factor, BLKDEV_MIN_RQ));
        }
        if (parts.contains(Part.CAPACITY)) {
            long cap = shrink(constants, "device.capacity_bytes", device.capacityBytes(), factor, MIN_CAPACITY_BYTES);
            device = device.withCapacityBytes(cap / 4096 * 4096);
        }
        Tunables tun = p.tunables();
        if (parts.contains(Part.WRITEBACK_TIMERS)) {
            int expire = (int) shrink(constants, "tunables.dirty_expire_centisecs", tun.dirtyExpireCentisecs(), factor, 1);
            int period = tun.dirtyWritebackCentisecs() == 0 ? 0       // 0 = periodic writeback off: stays off
                    : (int) shrink(constants, "tunables.dirty_writeback_centisecs", tun.dirtyWritebackCentisecs(), factor, 1);
            tun = new Tunables(tun.readAheadKb(), tun.dirtyBackgroundRatio(), tun.dirtyRatio(), expire, period);
        }
        return new Profile(p.name(), p.title(), p.description(), p.userland(), p.cpu(), memory, available, dirtyable, device,
                tun, p.kernel(), constants, lru, p.reads());       // the scaled machine notes into the profile's own read log
    }

    private static long shrink(Map<String, Sourced> constants, String key, long value, double factor, long floor) {
        long scaled = Math.max(Math.min(floor, value), (long) Math.floor(value * factor));
        Sourced was = constants.get(key);
        if (was != null) {
            Sourced.Range r = was.range();
            Sourced.Range scaledRange = r == null ? null : new Sourced.Range(
                    Math.max(Math.min(floor, r.low()), (long) Math.floor(r.low() * factor)),
                    Math.max(Math.min(floor, r.high()), (long) Math.floor(r.high() * factor)),
                    r.lowSource() + " (× scale " + trim(factor) + ")", r.highSource() + " (× scale " + trim(factor) + ")",
                    r.assumption(), r.basis(), null);
            constants.put(key, new Sourced(scaled, String.format(Locale.ROOT, "scaled with the run's data: %d × scale %s"
                    + " (the regime of the full run; at least %d); the profile's value: %s", value, trim(factor), Math.min(floor, value),
                    was.source()), scaledRange));
        }
        return scaled;
    }

    private static String trim(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
