package org.f2fsobs.engine.platform;

import java.util.Map;

/**
 * A named simulated machine: CPUs and their primitive costs, memory, block device, kernel tunables and era.
 * Every constant carries its source ({@link #constants()}, flattened as {@code cpu.costs_ps.copy_user_byte} etc.).
 *
 * @param userland "gnu" or "toybox": what {@code dd} prints by default on this machine
 */
public record Profile(String name, String title, String description, String userland, CpuSpec cpu,
                      long memoryBytes, DeviceSpec device, Tunables tunables, KernelSpec kernel,
                      Map<String, Sourced> constants) {

    public Profile {
        constants = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(constants));
    }
}
