package org.f2fsobs.engine.platform;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Which constants of one {@link Profile} instance a run read: noted at the profile's accessors (the records'
 * explicit accessor methods, {@link Machine#cpu} for CPU op costs, once per op), so that a constant the run never
 * read provably did not change what it computed. The band ({@code contracts.md} §6) varies only the constants a run
 * read; a constant it never read has no swing by construction.
 *
 * <p>Deterministic and cheap: a bit set over fixed key indices (CPU ops first, by {@link CpuOp#ordinal()}, then the
 * other keys in the order of {@link #KEYS}), no hashing in hot paths. One simulation runs one task at a time, and
 * every run loads its own profile instance, so no two runs share a log. Equality ignores the log: it is not part of
 * a profile's value.
 *
 * <p>A run's log starts when its simulation does: copying a profile into a scaled machine or a script's device reads
 * every field without depending on it, and the run then reads the derived values under the same keys. A value derived
 * from another key before the run (null_blk's queue count from {@code cpu.count}) relies on the run reading that key
 * too; every run reads {@code cpu.count}.
 *
 * <p>Over-approximation: a cost captured when an object is built (a lock's hand-off cost, the simulation's context
 * switch and slice) is noted then, whether or not the run later pays it; the band then runs a point that cannot
 * move, which costs time but never hides a swing.
 */
public final class ProfileReads {
    private static final List<String> KEYS;
    private static final int CPU_OPS = CpuOp.values().length;

    public static final int CPU_COUNT, CPU_CLOCK_MHZ, CPU_CONTEXT_SWITCH_NS, CPU_SLICE_NS, CPU_WAKE_JITTER_MEAN_NS;
    public static final int MEMORY_TOTAL_BYTES, MEMORY_AVAILABLE_BYTES, MEMORY_DIRTYABLE_BYTES, MEMORY_FREE_BYTES,
            MEMORY_ACTIVE_FILE_BYTES, MEMORY_INACTIVE_FILE_BYTES, MEMORY_RESERVE_BYTES;
    public static final int DEVICE_MODEL, DEVICE_CAPACITY_BYTES, DEVICE_QUEUE_DEPTH, DEVICE_MAX_SECTORS_KB, DEVICE_READ_LATENCY_NS,
            DEVICE_WRITE_LATENCY_NS, DEVICE_READ_BANDWIDTH, DEVICE_WRITE_BANDWIDTH, DEVICE_COMMAND_OVERHEAD_NS, DEVICE_FLUSH_NS,
            DEVICE_FUA_NS, DEVICE_RELIABLE_WRITE_NS, DEVICE_VOLATILE_CACHE, DEVICE_LATENCY_JITTER_MEAN_NS, DEVICE_SCHEDULER,
            DEVICE_SUBMIT_IN_CALLER_CONTEXT, DEVICE_NR_REQUESTS;
    public static final int CFQ_QUANTUM, CFQ_SLICE_SYNC_NS, CFQ_SLICE_ASYNC_NS, CFQ_SLICE_IDLE_NS, CFQ_FIFO_EXPIRE_SYNC_NS,
            CFQ_FIFO_EXPIRE_ASYNC_NS, CFQ_TARGET_LATENCY_NS;
    public static final int TUNABLES_READ_AHEAD_KB, TUNABLES_DIRTY_BACKGROUND_RATIO, TUNABLES_DIRTY_RATIO,
            TUNABLES_DIRTY_EXPIRE_CENTISECS, TUNABLES_DIRTY_WRITEBACK_CENTISECS;
    public static final int KERNEL_VERSION, KERNEL_VMALLOC, KERNEL_DECOMPRESS_CONTEXT, KERNEL_F2FS, USERLAND;
    public static final int KERNEL_VMALLOC_USERS_THREADS, KERNEL_VMALLOC_USERS_BINDER_PROCS, KERNEL_VMALLOC_USERS_BOOT_KTHREADS,
            KERNEL_VMALLOC_USERS_RESTARTED_PROCS;

    static {
        List<String> k = new ArrayList<>();
        for (CpuOp op : CpuOp.values()) k.add("cpu.costs_ps." + op.key());
        CPU_COUNT = add(k, "cpu.count");
        CPU_CLOCK_MHZ = add(k, "cpu.clock_mhz");
        CPU_CONTEXT_SWITCH_NS = add(k, "cpu.context_switch_ns");
        CPU_SLICE_NS = add(k, "cpu.slice_ns");
        CPU_WAKE_JITTER_MEAN_NS = add(k, "cpu.wake_jitter_mean_ns");
        MEMORY_TOTAL_BYTES = add(k, "memory.total_bytes");
        MEMORY_AVAILABLE_BYTES = add(k, "memory.available_bytes");
        MEMORY_DIRTYABLE_BYTES = add(k, "memory.dirtyable_bytes");
        MEMORY_FREE_BYTES = add(k, "memory.free_bytes");
        MEMORY_ACTIVE_FILE_BYTES = add(k, "memory.active_file_bytes");
        MEMORY_INACTIVE_FILE_BYTES = add(k, "memory.inactive_file_bytes");
        MEMORY_RESERVE_BYTES = add(k, "memory.reserve_bytes");
        DEVICE_MODEL = add(k, "device.model");
        DEVICE_CAPACITY_BYTES = add(k, "device.capacity_bytes");
        DEVICE_QUEUE_DEPTH = add(k, "device.queue_depth");
        DEVICE_MAX_SECTORS_KB = add(k, "device.max_sectors_kb");
        DEVICE_READ_LATENCY_NS = add(k, "device.read_latency_ns");
        DEVICE_WRITE_LATENCY_NS = add(k, "device.write_latency_ns");
        DEVICE_READ_BANDWIDTH = add(k, "device.read_bandwidth_bytes_per_s");
        DEVICE_WRITE_BANDWIDTH = add(k, "device.write_bandwidth_bytes_per_s");
        DEVICE_COMMAND_OVERHEAD_NS = add(k, "device.command_overhead_ns");
        DEVICE_FLUSH_NS = add(k, "device.flush_ns");
        DEVICE_FUA_NS = add(k, "device.fua_ns");
        DEVICE_RELIABLE_WRITE_NS = add(k, "device.reliable_write_ns");
        DEVICE_VOLATILE_CACHE = add(k, "device.volatile_cache");
        DEVICE_LATENCY_JITTER_MEAN_NS = add(k, "device.latency_jitter_mean_ns");
        DEVICE_SCHEDULER = add(k, "device.scheduler");
        DEVICE_SUBMIT_IN_CALLER_CONTEXT = add(k, "device.submit_in_caller_context");
        DEVICE_NR_REQUESTS = add(k, "device.nr_requests");
        CFQ_QUANTUM = add(k, "device.cfq.quantum");
        CFQ_SLICE_SYNC_NS = add(k, "device.cfq.slice_sync_ns");
        CFQ_SLICE_ASYNC_NS = add(k, "device.cfq.slice_async_ns");
        CFQ_SLICE_IDLE_NS = add(k, "device.cfq.slice_idle_ns");
        CFQ_FIFO_EXPIRE_SYNC_NS = add(k, "device.cfq.fifo_expire_sync_ns");
        CFQ_FIFO_EXPIRE_ASYNC_NS = add(k, "device.cfq.fifo_expire_async_ns");
        CFQ_TARGET_LATENCY_NS = add(k, "device.cfq.target_latency_ns");
        TUNABLES_READ_AHEAD_KB = add(k, "tunables.read_ahead_kb");
        TUNABLES_DIRTY_BACKGROUND_RATIO = add(k, "tunables.dirty_background_ratio");
        TUNABLES_DIRTY_RATIO = add(k, "tunables.dirty_ratio");
        TUNABLES_DIRTY_EXPIRE_CENTISECS = add(k, "tunables.dirty_expire_centisecs");
        TUNABLES_DIRTY_WRITEBACK_CENTISECS = add(k, "tunables.dirty_writeback_centisecs");
        KERNEL_VERSION = add(k, "kernel.version");
        KERNEL_VMALLOC = add(k, "kernel.vmalloc");
        KERNEL_DECOMPRESS_CONTEXT = add(k, "kernel.decompress_context");
        KERNEL_F2FS = add(k, "kernel.f2fs");
        USERLAND = add(k, "userland");
        KERNEL_VMALLOC_USERS_THREADS = add(k, "kernel.vmalloc_users.threads");
        KERNEL_VMALLOC_USERS_BINDER_PROCS = add(k, "kernel.vmalloc_users.binder_procs");
        KERNEL_VMALLOC_USERS_BOOT_KTHREADS = add(k, "kernel.vmalloc_users.boot_kthreads");
        KERNEL_VMALLOC_USERS_RESTARTED_PROCS = add(k, "kernel.vmalloc_users.restarted_procs");
        KEYS = Collections.unmodifiableList(k);
    }

    private static int add(List<String> keys, String key) {
        keys.add(key);
        return keys.size() - 1;
    }

    private final long[] bits = new long[(KEYS.size() + 63) / 64];

    /** Every key a log can hold (dotted, as {@link Profile#constants()} names them). */
    public static List<String> keys() {
        return KEYS;
    }

    /** Notes a read of key {@code index} (one of the constants above, or a CPU op's ordinal). */
    public void note(int index) {
        bits[index >>> 6] |= 1L << index;
    }

    /** Notes a read of a CPU op's unit cost. */
    public void noteCpu(CpuOp op) {
        bits[0] |= 1L << op.ordinal();          // CPU ops are the first keys (fewer than 64 of them: checked below)
    }

    static {
        if (CPU_OPS > 64) throw new ExceptionInInitializerError("more than 64 CpuOps: noteCpu needs another word");
    }

    /** Forgets every read (a run starts its log after loading and scaling its profile). */
    public void clear() {
        java.util.Arrays.fill(bits, 0);
    }

    public boolean read(int index) {
        return (bits[index >>> 6] & (1L << index)) != 0;
    }

    /** Whether the run read {@code key} (dotted). */
    public boolean read(String key) {
        int i = KEYS.indexOf(key);
        return i >= 0 && read(i);
    }

    /** The dotted keys read so far, sorted. */
    public SortedSet<String> readKeys() {
        SortedSet<String> out = new TreeSet<>();
        for (int i = 0; i < KEYS.size(); i++) if (read(i)) out.add(KEYS.get(i));
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ProfileReads;
    }

    @Override
    public int hashCode() {
        return 0;
    }

    @Override
    public String toString() {
        return "ProfileReads" + readKeys();
    }
}
