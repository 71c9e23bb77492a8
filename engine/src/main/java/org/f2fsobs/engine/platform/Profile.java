package org.f2fsobs.engine.platform;

import java.util.Map;

/**
 * A named simulated machine: CPUs and their primitive costs, memory, block device, kernel tunables and era.
 * Every constant carries its source ({@link #constants()}, flattened as {@code cpu.costs_ps.copy_user_byte} etc.).
 * The accessors of the constants note their reads in {@link #reads()}, one log per loaded profile, shared by its parts
 * and by the profiles derived from it (a scaled machine, a script's device: they pass {@code reads} on), so that
 * what a derivation read counts as read ({@link ProfileReads}).
 *
 * @param userland       "gnu" or "toybox": what {@code dd} prints by default on this machine
 * @param memoryBytes    installed RAM
 * @param availableBytes memory the page cache can use at the start of a benchmark (MemAvailable): the LRU's
 *                       capacity, and the base of the dirty thresholds unless {@code dirtyableBytes} says otherwise
 * @param dirtyableBytes global_dirtyable_memory (free + active and inactive file pages): the base of the dirty
 *                       thresholds. Linux counts file pages a streaming writer cannot take (an app's active working
 *                       set), so it may exceed {@code availableBytes}; {@code memory.dirtyable_bytes}, default
 *                       {@code availableBytes}
 * @param lruStart       the memory split the run starts with ({@code memory.free_bytes} …), or null: when set, the
 *                       LRU and the dirty limits follow it as Linux's reclaim and global_dirtyable_memory do, and
 *                       {@code availableBytes} / {@code dirtyableBytes} are what it gives at the start
 * @param reads          which constants were read since the log was last cleared
 */
public record Profile(String name, String title, String description, String userland, CpuSpec cpu,
                      long memoryBytes, long availableBytes, long dirtyableBytes, DeviceSpec device, Tunables tunables,
                      KernelSpec kernel, Map<String, Sourced> constants, LruStart lruStart, ProfileReads reads) {

    public Profile {
        constants = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(constants));
        if (reads == null) reads = new ProfileReads();
        cpu = cpu.withReads(reads);
        device = device.withReads(reads);
        tunables = tunables.withReads(reads);
        kernel = kernel.withReads(reads);
    }

    /** A profile with a fresh read log (its parts are rebound to it): a profile of its own, not derived from another. */
    public Profile(String name, String title, String description, String userland, CpuSpec cpu, long memoryBytes,
                   long availableBytes, long dirtyableBytes, DeviceSpec device, Tunables tunables, KernelSpec kernel,
                   Map<String, Sourced> constants, LruStart lruStart) {
        this(name, title, description, userland, cpu, memoryBytes, availableBytes, dirtyableBytes, device, tunables, kernel,
                constants, lruStart, null);
    }

    @Override public String userland() { reads.note(ProfileReads.USERLAND); return userland; }
    @Override public long memoryBytes() { reads.note(ProfileReads.MEMORY_TOTAL_BYTES); return memoryBytes; }
    @Override public long availableBytes() { reads.note(ProfileReads.MEMORY_AVAILABLE_BYTES); return availableBytes; }
    @Override public long dirtyableBytes() { reads.note(ProfileReads.MEMORY_DIRTYABLE_BYTES); return dirtyableBytes; }
    @Override public LruStart lruStart() {
        if (lruStart != null) {
            reads.note(ProfileReads.MEMORY_FREE_BYTES);
            reads.note(ProfileReads.MEMORY_ACTIVE_FILE_BYTES);
            reads.note(ProfileReads.MEMORY_INACTIVE_FILE_BYTES);
            reads.note(ProfileReads.MEMORY_RESERVE_BYTES);
        }
        return lruStart;
    }
}
