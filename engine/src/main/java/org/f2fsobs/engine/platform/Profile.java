package org.f2fsobs.engine.platform;

import java.util.Map;

/**
 * A named simulated machine: CPUs and their primitive costs, memory, block device, kernel tunables and era.
 * Every constant carries its source ({@link #constants()}, flattened as {@code cpu.costs_ps.copy_user_byte} etc.).
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
 */
public record Profile(String name, String title, String description, String userland, CpuSpec cpu,
                      long memoryBytes, long availableBytes, long dirtyableBytes, DeviceSpec device, Tunables tunables,
                      KernelSpec kernel, Map<String, Sourced> constants, LruStart lruStart) {

    public Profile {
        constants = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(constants));
    }
}
