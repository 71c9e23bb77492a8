package org.f2fsobs.engine.kernel.mm.vmalloc;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Counters of the vmalloc model, each incremented where the work happens (never derived by formula). Lock
 * figures come from the simulated spinlocks' own statistics. {@link #toMap()} gives snake_case names in a fixed
 * order for the result JSON; {@link #reset()} starts a new measurement window (e.g. after preparation).
 */
public final class VmallocStats {
    long vmapCalls;
    long vunmapCalls;
    long vmMapRamCalls;
    long vmUnmapRamCalls;
    long vmUnmapAliasesCalls;
    long vmapAreaWalkSteps;        // vmap_areas (4.x) or free-tree nodes (5.2+) visited by address searches
    long vmapAreaWalkStepsMax;     // longest single search
    long freeVmapCacheMisses;      // 4.x searches that could not start at free_vmap_cache
    long allocVmapAreaCalls;
    long vmapPurges;               // __purge_vmap_area_lazy runs that freed something
    long vmapPurgesByCaller;       // ... of which run synchronously by a mapping/unmapping task
    long tlbFlushAll;
    long tlbFlushRange;
    long areasFreedInPurge;
    long purgeLockBreaks;          // cond_resched_lock() let a spinning waiter in during a purge
    long vmapLazyNrPeak;
    long vmapBlocksAllocated;
    long vmapBlocksFreed;
    long vbAllocListSteps;         // vmap_blocks visited on per-CPU free lists by vb_alloc

    private final Vmalloc owner;
    private final List<VmallocSpinlock> globalLocks;
    private final List<VmallocSpinlock> blockLocks;   // live list, grows as blocks are created
    private long[] globalBase = new long[3];
    private long[] areaLockBase = new long[3];
    private long blockContendedBase;

    VmallocStats(Vmalloc owner, List<VmallocSpinlock> globalLocks, List<VmallocSpinlock> blockLocks) {
        this.owner = owner;
        this.globalLocks = globalLocks;
        this.blockLocks = blockLocks;
    }

    public long vmapCalls() { return vmapCalls; }
    public long vunmapCalls() { return vunmapCalls; }
    public long vmMapRamCalls() { return vmMapRamCalls; }
    public long vmUnmapRamCalls() { return vmUnmapRamCalls; }
    public long vmapAreaWalkSteps() { return vmapAreaWalkSteps; }
    public long vmapAreaWalkStepsMax() { return vmapAreaWalkStepsMax; }
    public long freeVmapCacheMisses() { return freeVmapCacheMisses; }
    public long vmapPurges() { return vmapPurges; }
    public long vmapPurgesByCaller() { return vmapPurgesByCaller; }
    public long tlbFlushAll() { return tlbFlushAll; }
    public long tlbFlushRange() { return tlbFlushRange; }
    public long areasFreedInPurge() { return areasFreedInPurge; }
    public long vmapLazyNrPeak() { return vmapLazyNrPeak; }
    public long vmapBlocksAllocated() { return vmapBlocksAllocated; }
    public long vmapBlocksFreed() { return vmapBlocksFreed; }

    /** Acquisitions of {@code vmap_area_lock} in this window. */
    public long vmapAreaLockAcquisitions() { return areaLock()[0] - areaLockBase[0]; }
    public long vmapAreaLockContended() { return areaLock()[1] - areaLockBase[1]; }

    /** All global (not per-CPU, not per-block) vmalloc spinlocks of the era, summed. */
    public long globalLockAcquisitions() { return global()[0] - globalBase[0]; }
    public long globalLockContended() { return global()[1] - globalBase[1]; }
    public long globalLockWaitNs() { return global()[2] - globalBase[2]; }

    public long vmapBlockLockContended() { return blockContended() - blockContendedBase; }

    private long[] areaLock() {
        var s = owner.vmapAreaLock().stats();
        return new long[] {s.acquisitions(), s.contended(), s.waitNs()};
    }

    private long[] global() {
        long[] sum = new long[3];
        for (VmallocSpinlock l : globalLocks) {
            sum[0] += l.stats().acquisitions();
            sum[1] += l.stats().contended();
            sum[2] += l.stats().waitNs();
        }
        return sum;
    }

    private long blockContended() {
        long c = 0;
        for (VmallocSpinlock l : blockLocks) c += l.stats().contended();
        return c;
    }

    void noteWalk(int steps) {
        vmapAreaWalkSteps += steps;
        if (steps > vmapAreaWalkStepsMax) vmapAreaWalkStepsMax = steps;
    }

    void noteLazy(long nrLazy) {
        if (nrLazy > vmapLazyNrPeak) vmapLazyNrPeak = nrLazy;
    }

    /** Zeroes the counters and takes the current lock statistics as the new baseline. */
    public void reset() {
        vmapCalls = vunmapCalls = vmMapRamCalls = vmUnmapRamCalls = vmUnmapAliasesCalls = 0;
        vmapAreaWalkSteps = vmapAreaWalkStepsMax = freeVmapCacheMisses = allocVmapAreaCalls = 0;
        vmapPurges = vmapPurgesByCaller = tlbFlushAll = tlbFlushRange = areasFreedInPurge = purgeLockBreaks = 0;
        vmapBlocksAllocated = vmapBlocksFreed = vbAllocListSteps = 0;
        vmapLazyNrPeak = owner.vmapLazyNr();
        globalBase = global();
        areaLockBase = areaLock();
        blockContendedBase = blockContended();
    }

    /** Every counter under its snake_case name, in a fixed order. */
    public Map<String, Long> toMap() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("vmap_calls", vmapCalls);
        m.put("vunmap_calls", vunmapCalls);
        m.put("vm_map_ram_calls", vmMapRamCalls);
        m.put("vm_unmap_ram_calls", vmUnmapRamCalls);
        m.put("vm_unmap_aliases_calls", vmUnmapAliasesCalls);
        m.put("alloc_vmap_area_calls", allocVmapAreaCalls);
        m.put("vmap_area_walk_steps", vmapAreaWalkSteps);
        m.put("vmap_area_walk_steps_max", vmapAreaWalkStepsMax);
        m.put("free_vmap_cache_misses", freeVmapCacheMisses);
        m.put("vmap_purges", vmapPurges);
        m.put("vmap_purges_by_caller", vmapPurgesByCaller);
        m.put("tlb_flush_all", tlbFlushAll);
        m.put("tlb_flush_range", tlbFlushRange);
        m.put("areas_freed_in_purge", areasFreedInPurge);
        m.put("purge_lock_breaks", purgeLockBreaks);
        m.put("vmap_lazy_nr", owner.vmapLazyNr());
        m.put("vmap_lazy_nr_peak", vmapLazyNrPeak);
        m.put("vmap_blocks_allocated", vmapBlocksAllocated);
        m.put("vmap_blocks_freed", vmapBlocksFreed);
        m.put("vb_alloc_list_steps", vbAllocListSteps);
        m.put("vmap_area_lock_acquisitions", vmapAreaLockAcquisitions());
        m.put("vmap_area_lock_contended", vmapAreaLockContended());
        m.put("vmap_area_lock_wait_ns", areaLock()[2] - areaLockBase[2]);
        m.put("global_lock_acquisitions", globalLockAcquisitions());
        m.put("global_lock_contended", globalLockContended());
        m.put("global_lock_wait_ns", globalLockWaitNs());
        m.put("vmap_block_lock_contended", vmapBlockLockContended());
        return m;
    }
}
