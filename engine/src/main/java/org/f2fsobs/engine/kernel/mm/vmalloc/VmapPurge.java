package org.f2fsobs.engine.kernel.mm.vmalloc;

import static org.f2fsobs.engine.kernel.mm.vmalloc.VmallocSpace.PAGE_SHIFT;
import static org.f2fsobs.engine.kernel.mm.vmalloc.VmallocSpace.PAGE_SIZE;

import java.util.List;
import org.f2fsobs.engine.sim.SimCompletion;
import org.f2fsobs.engine.sim.SimMutex;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.Simulation;

/**
 * Mirrors the lazy-free half of mm/vmalloc.c (4.x): {@code vmap_lazy_nr}, {@code lazy_max_pages()},
 * {@code free_vmap_area_noflush()}, {@code try_purge_vmap_area_lazy()}, {@code purge_vmap_area_lazy()},
 * {@code __purge_vmap_area_lazy()} under {@code vmap_purge_lock}, and arm64's {@code flush_tlb_kernel_range()};
 * for {@link VmallocEra#RBTREE_DEFERRED_PURGE} the 5.x {@code drain_vmap_work} run by a kworker task.
 * Simplifications: the drain work keeps the 5.x loop (purge again while still above the limit); 6.x purge helper
 * workers per vmap node are not modelled; {@code schedule_work} costs nothing.
 */
final class VmapPurge {
    static final long START_NONE = Long.MAX_VALUE;   // ULONG_MAX as a start
    static final long END_NONE = Long.MIN_VALUE;     // 0 as an end

    private final Vmalloc vm;
    private final Simulation sim;
    private final VmallocEra era;
    private final VmallocCosts costs;
    private final VmallocSpace space;
    private final VmallocSpinlock freeVmapAreaLock;    // 5.x, null in 4.x
    private final VmallocSpinlock purgeVmapAreaLock;   // 5.x, null in 4.x
    private final SimMutex vmapPurgeLock;
    private long vmapLazyNr;                            // atomic vmap_lazy_nr: pages freed lazily, not yet purged

    private SimCompletion drainVmapWork;               // 5.x drain_vmap_work, run by a kworker
    private boolean drainVmapWorkPending;

    VmapPurge(Vmalloc vm, Simulation sim, VmallocSpinlock freeVmapAreaLock, VmallocSpinlock purgeVmapAreaLock) {
        this.vm = vm;
        this.sim = sim;
        this.era = vm.era();
        this.costs = vm.costs();
        this.space = vm.space();
        this.freeVmapAreaLock = freeVmapAreaLock;
        this.purgeVmapAreaLock = purgeVmapAreaLock;
        this.vmapPurgeLock = new SimMutex(sim, "vmap_purge_lock", vm.acctLock, costs.lockAcquirePsForLocks());
    }

    long vmapLazyNr() {
        return vmapLazyNr;
    }

    /** lazy_max_pages(): fls(num_online_cpus()) x factor MiB / PAGE_SIZE. */
    long lazyMaxPages() {
        int log = 32 - Integer.numberOfLeadingZeros(vm.config().onlineCpus());   // fls()
        return log * ((long) vm.config().lazyPurgingFactorMib() * 1024 * 1024 / PAGE_SIZE);
    }

    /**
     * free_vmap_area_noflush(): add the pages to vmap_lazy_nr and the area to the purge list; above
     * lazy_max_pages() the caller purges (4.x) or schedules drain_vmap_work (5.x). In 5.x the area has already
     * left the busy tree.
     */
    void freeVmapAreaNoflush(SimTask t, VmapArea va) {
        t.sync();                                        // the atomic is shared: act at the task's current time
        long nrLazy = vmapLazyNr += va.pages();
        VmallocStats stats = vm.stats();
        stats.noteLazy(nrLazy);
        if (era.listWalk()) {
            space.addLazy(va);                           // llist_add: lock-free
        } else {
            purgeVmapAreaLock.lock(t);
            space.addLazy(va);                           // merge_or_add_vmap_area(purge tree)
            t.cpuPs(vm.acctArea, costs.rbInsertPs());
            purgeVmapAreaLock.unlock(t);
        }
        if (nrLazy > lazyMaxPages()) {
            if (era.deferredPurge()) scheduleDrainVmapWork();
            else tryPurgeVmapAreaLazy(t);
        }
    }

    /**
     * free_vmap_area_noflush() for the set-up population (no task, no time, no counters): above lazy_max_pages()
     * the lazy areas are purged at once, newest first, as {@link #purgeVmapAreaLazyLocked} does.
     */
    void freeAtSetup(VmapArea va) {
        vmapLazyNr += va.pages();
        space.addLazy(va);
        if (vmapLazyNr <= lazyMaxPages()) return;
        if (era.listWalk()) {
            for (VmapArea lazy : space.takePurgeList()) {
                space.freeVmapArea(lazy);
                vmapLazyNr -= lazy.pages();
            }
        } else {
            long[] ranges = space.takeLazyRanges();
            for (int i = 0; i < ranges.length; i += 2) {
                space.freeRange(ranges[i], ranges[i + 1]);
                vmapLazyNr -= (ranges[i + 1] - ranges[i]) >>> PAGE_SHIFT;
            }
        }
    }

    /** try_purge_vmap_area_lazy(): purge unless somebody else is already purging. */
    private void tryPurgeVmapAreaLazy(SimTask t) {
        costs.noteLock();
        if (vmapPurgeLock.tryLock(t)) {
            purgeVmapAreaLazyLocked(t, START_NONE, END_NONE, true);
            vmapPurgeLock.unlock(t);
        }
    }

    /** purge_vmap_area_lazy() (5.x: reclaim_and_purge_vmap_areas()): wait for the purge lock, free fragmented blocks too. */
    void purgeVmapAreaLazy(SimTask t) {
        costs.noteLock();
        vmapPurgeLock.lock(t);
        vm.blocks().purgeFragmentedBlocksAllcpus(t);
        purgeVmapAreaLazyLocked(t, START_NONE, END_NONE, true);
        vmapPurgeLock.unlock(t);
    }

    /** vm_unmap_aliases(), second half: fragmented blocks, purge, and a flush of the dirty range if nothing was purged. */
    void purgeAliases(SimTask t, long start, long end, boolean flush) {
        costs.noteLock();
        vmapPurgeLock.lock(t);
        vm.blocks().purgeFragmentedBlocksAllcpus(t);
        if (!purgeVmapAreaLazyLocked(t, start, end, true) && flush) flushTlbKernelRange(t, start, end);
        vmapPurgeLock.unlock(t);
    }

    /**
     * __purge_vmap_area_lazy(start, end): take every lazy area, one TLB flush over their span (and the given range),
     * then free them all under the lock, letting spinning waiters in between areas (cond_resched_lock).
     * Caller holds vmap_purge_lock. Returns false when there was nothing to free.
     */
    private boolean purgeVmapAreaLazyLocked(SimTask t, long start, long end, boolean byCaller) {
        t.sync();
        if (era.listWalk()) {
            List<VmapArea> valist = space.takePurgeList();  // llist_del_all
            if (valist.isEmpty()) return false;
            for (VmapArea va : valist) {
                start = Math.min(start, va.vaStart);
                end = Math.max(end, va.vaEnd);
            }
            flushTlbKernelRange(t, start, end);
            VmallocSpinlock lock = vm.vmapAreaLock();
            lock.lock(t);
            for (VmapArea va : valist) {
                space.freeVmapArea(va);                  // __free_vmap_area
                vmapLazyNr -= va.pages();                // atomic_sub(nr, &vmap_lazy_nr)
                freedOne(t, lock);
            }
            lock.unlock(t);
        } else {
            purgeVmapAreaLock.lock(t);
            long[] ranges = space.takeLazyRanges();
            purgeVmapAreaLock.unlock(t);
            if (ranges.length == 0) return false;
            start = Math.min(start, ranges[0]);
            end = Math.max(end, ranges[ranges.length - 1]);
            flushTlbKernelRange(t, start, end);
            freeVmapAreaLock.lock(t);
            for (int i = 0; i < ranges.length; i += 2) {
                space.freeRange(ranges[i], ranges[i + 1]);   // merge_or_add_vmap_area_augment(free tree)
                vmapLazyNr -= (ranges[i + 1] - ranges[i]) >>> PAGE_SHIFT;
                freedOne(t, freeVmapAreaLock);
            }
            freeVmapAreaLock.unlock(t);
        }
        VmallocStats stats = vm.stats();
        stats.vmapPurges++;
        if (byCaller) stats.vmapPurgesByCaller++;
        return true;
    }

    private void freedOne(SimTask t, VmallocSpinlock held) {
        VmallocStats stats = vm.stats();
        stats.areasFreedInPurge++;
        t.cpuPs(vm.acctPurge, costs.freeAreaPs());
        if (held.isContended(t)) {                       // cond_resched_lock -> spin_needbreak (CONFIG_PREEMPT)
            stats.purgeLockBreaks++;
            held.unlock(t);
            held.lock(t);
        }
    }

    /** flush_tlb_kernel_range() on arm64: per-page TLBI up to the era's limit, flush_tlb_all() above it. */
    void flushTlbKernelRange(SimTask t, long start, long end) {
        long pages = (end - start + PAGE_SIZE - 1) >>> PAGE_SHIFT;
        VmallocStats stats = vm.stats();
        if (pages > vm.config().maxRangeFlushPages()) {
            stats.tlbFlushAll++;
            t.cpuPs(vm.acctTlb, costs.tlbFlushAllPs());
        } else {
            stats.tlbFlushRange++;
            t.cpuPs(vm.acctTlb, pages * costs.tlbFlushPerPagePs());
        }
    }

    /** 5.x schedule_work(&drain_vmap_work): queue the purge unless already queued; a kworker runs it. */
    private void scheduleDrainVmapWork() {
        if (drainVmapWorkPending) return;
        drainVmapWorkPending = true;
        if (drainVmapWork == null) {
            drainVmapWork = new SimCompletion(sim, "drain_vmap_work");
            sim.spawn("kworker/drain_vmap_work", true, this::drainVmapAreaWork);
        }
        drainVmapWork.complete();
    }

    /** drain_vmap_area_work(): purge under vmap_purge_lock while more than lazy_max_pages() are lazy (5.x loop). */
    private void drainVmapAreaWork(SimTask kw) {
        while (true) {
            drainVmapWork.await(kw);
            drainVmapWorkPending = false;
            boolean freed;
            do {
                costs.noteLock();
                vmapPurgeLock.lock(kw);
                freed = purgeVmapAreaLazyLocked(kw, START_NONE, END_NONE, false);
                vmapPurgeLock.unlock(kw);
            } while (freed && vmapLazyNr > lazyMaxPages());
        }
    }
}
