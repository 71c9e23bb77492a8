package org.f2fsobs.engine.kernel.task;

import org.f2fsobs.engine.kernel.mm.vmalloc.Vmalloc;
import org.f2fsobs.engine.kernel.mm.vmalloc.VmapArea;

/**
 * Mirrors {@code alloc_thread_stack_node} / {@code free_thread_stack} of msm-4.9 {@code kernel/fork.c} with
 * {@code CONFIG_VMAP_STACK=y}: a stack comes from this CPU's {@code cached_stacks[NR_CACHED_STACKS]} when one is
 * there, else from {@code __vmalloc_node_range(THREAD_SIZE, THREAD_SIZE, VMALLOC_START, VMALLOC_END, …)}; a freed
 * stack goes into an empty slot of this CPU's cache, else to {@code vfree} (a lazy free).
 * Departure: the CPU a task forks or exits on is given by the caller (the scheduler's placement is not modelled).
 */
public final class ThreadStacks {
    /** arm64 {@code THREAD_SIZE} with 4 KiB pages (THREAD_SHIFT 14). */
    public static final long THREAD_SIZE = 16 * 1024;
    /** {@code NR_CACHED_STACKS} in kernel/fork.c. */
    public static final int NR_CACHED_STACKS = 2;

    private final Vmalloc vm;
    private final VmapArea[][] cachedStacks;          // per CPU
    private long vmallocs;
    private long cacheHits;
    private long vfrees;

    public ThreadStacks(Vmalloc vm, int cpus) {
        this.vm = vm;
        this.cachedStacks = new VmapArea[cpus][NR_CACHED_STACKS];
    }

    /** alloc_thread_stack_node() on {@code cpu}. */
    public VmapArea alloc(int cpu) {
        VmapArea[] cache = cachedStacks[cpu];
        for (int i = 0; i < NR_CACHED_STACKS; i++) {
            VmapArea s = cache[i];
            if (s == null) continue;
            cache[i] = null;
            cacheHits++;
            return s;
        }
        vmallocs++;
        return vm.setupGetVmArea(THREAD_SIZE, THREAD_SIZE, false);
    }

    /** free_thread_stack() on {@code cpu}. */
    public void free(int cpu, VmapArea stack) {
        VmapArea[] cache = cachedStacks[cpu];
        for (int i = 0; i < NR_CACHED_STACKS; i++) {
            if (cache[i] != null) continue;
            cache[i] = stack;
            return;
        }
        vfrees++;
        vm.setupVfree(stack);
    }

    public long vmallocs() { return vmallocs; }
    public long cacheHits() { return cacheHits; }
    public long vfrees() { return vfrees; }
}
