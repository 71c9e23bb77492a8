package org.f2fsobs.engine.kernel.mm.vmalloc;

import static org.f2fsobs.engine.kernel.mm.vmalloc.VmallocSpace.PAGE_SHIFT;
import static org.f2fsobs.engine.kernel.mm.vmalloc.VmallocSpace.PAGE_SIZE;
import static org.f2fsobs.engine.kernel.mm.vmalloc.VmallocSpace.VMALLOC_END;
import static org.f2fsobs.engine.kernel.mm.vmalloc.VmallocSpace.VMALLOC_START;

import java.util.ArrayList;
import java.util.List;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.Simulation;

/**
 * Mirrors the vmap API of mm/vmalloc.c (4.x): {@code vmap}/{@code vunmap}, {@code vm_map_ram}/{@code vm_unmap_ram},
 * {@code vm_unmap_aliases}, with the lazy-free accounting ({@code vmap_lazy_nr}, {@code lazy_max_pages()}) and the
 * purge. Every call runs on a simulated task: locks are simulated spinlocks/mutexes, CPU work is charged from
 * {@link VmallocCosts}, counts go to {@link VmallocStats}.
 *
 * <p>The lazy-free and purge half lives in {@link VmapPurge}, the per-CPU blocks in {@link VmapBlocks}.
 *
 * <p>Simplifications: no page contents or {@code struct page}s (callers pass a page count); page-table population
 * is a per-page cost (no pte/pmd allocation, no cache maintenance); {@code vm_struct} kmalloc/kfree is one
 * {@code vmStructAllocPs}; RCU frees are immediate; TLB refills after a broadcast {@code flush_tlb_all} on the other
 * CPUs are not charged; overflow of the VA space retries once after a purge and then fails (no notifier chain).
 */
public final class Vmalloc {
    /** arm64 with 4 KiB pages: {@code IOREMAP_MAX_ORDER = PUD_SHIFT} (30). */
    public static final int IOREMAP_MAX_ORDER = 30;

    private final Simulation sim;
    private final VmallocConfig config;
    private final VmallocCosts costs;
    private final VmallocEra era;
    private final VmallocSpace space;
    private final VmapBlocks blocks;
    private final VmallocStats stats;

    final int acctArea;
    final int acctPte;
    final int acctPurge;
    final int acctTlb;
    final int acctBlock;
    final int acctLock;

    private final VmallocSpinlock vmapAreaLock;        // busy tree (4.x: everything)
    private final VmallocSpinlock freeVmapAreaLock;    // 5.x free tree; null in 4.x
    private final VmallocSpinlock purgeVmapAreaLock;   // 5.x lazy tree; null in 4.x
    private final List<VmallocSpinlock> globalLocks = new ArrayList<>();
    private final VmapPurge purge;

    public Vmalloc(Simulation sim, VmallocConfig config, VmallocCosts costs) {
        this.sim = sim;
        this.config = config;
        this.costs = costs;
        this.era = config.era();
        this.space = new VmallocSpace(era);
        var acc = sim.accounting();
        this.acctArea = acc.register("vmap_area");
        this.acctPte = acc.register("vmap_pte");
        this.acctPurge = acc.register("vmap_purge");
        this.acctTlb = acc.register("tlb_flush");
        this.acctBlock = acc.register("vmap_block");
        this.acctLock = acc.register("vmap_lock");
        this.vmapAreaLock = newGlobalLock("vmap_area_lock");
        this.freeVmapAreaLock = era.listWalk() ? null : newGlobalLock("free_vmap_area_lock");
        this.purgeVmapAreaLock = era.listWalk() ? null : newGlobalLock("purge_vmap_area_lock");
        this.blocks = new VmapBlocks(this, sim.options().cpus());
        this.purge = new VmapPurge(this, sim, freeVmapAreaLock, purgeVmapAreaLock);
        this.stats = new VmallocStats(this, globalLocks, blocks.blockLocks());
    }

    VmallocSpinlock newGlobalLock(String name) {
        VmallocSpinlock l = newLock(name);
        globalLocks.add(l);
        return l;
    }

    VmallocSpinlock newLock(String name) {
        return new VmallocSpinlock(sim, name, acctLock, costs);
    }

    public VmallocConfig config() { return config; }
    public VmallocStats stats() { return stats; }
    public VmallocSpace space() { return space; }
    public long vmapLazyNr() { return purge.vmapLazyNr(); }
    VmallocCosts costs() { return costs; }
    VmallocEra era() { return era; }
    VmallocSpinlock vmapAreaLock() { return vmapAreaLock; }
    VmapBlocks blocks() { return blocks; }
    VmapPurge purge() { return purge; }

    /** lazy_max_pages(): fls(num_online_cpus()) x factor MiB / PAGE_SIZE (4 CPUs: 3 x 8192 = 24576 pages). */
    public long lazyMaxPages() {
        return purge.lazyMaxPages();
    }

    // ================================================================== vmap / vunmap

    /**
     * {@code vmap(pages, count, VM_MAP, PAGE_KERNEL)}: reserve count + 1 (guard) pages under the global lock, attach
     * the vm_struct, map the count pages. Returns the address, or 0 (NULL) when the VA space is exhausted.
     */
    public long vmap(SimTask t, int count) {
        if (count < 1) throw new IllegalArgumentException("vmap of " + count + " pages");
        stats.vmapCalls++;
        long size = (count + 1L) << PAGE_SHIFT;          // __get_vm_area_node: + PAGE_SIZE unless VM_NO_GUARD
        t.cpuPs(acctArea, costs.vmStructAllocPs());     // kzalloc_node(vm_struct)
        // get_vm_area_caller -> __get_vm_area_node(size, align = 1, ...): byte alignment, below every other caller's
        VmapArea va = allocVmapArea(t, size, 1, VMALLOC_START, VMALLOC_END, count, true);
        if (va == null) return 0;
        if (era.listWalk()) {                            // setup_vmalloc_vm(): vmap_area_lock again
            vmapAreaLock.lock(t);
            va.vm = true;
            vmapAreaLock.unlock(t);
        }
        t.cpuPs(acctPte, count * costs.ptePerPagePs());  // map_vm_area -> vmap_page_range
        return va.vaStart;
    }

    /** {@code vunmap(addr)}: find and detach the area, clear its PTEs, free its VA lazily. */
    public void vunmap(SimTask t, long addr) {
        stats.vunmapCalls++;
        VmapArea va;
        if (era.listWalk()) {
            va = findVmapArea(t, addr);                  // __vunmap: find_vmap_area(addr)->vm
            if (va == null || !va.vm) throw new IllegalStateException("vunmap of nonexistent vm area " + Long.toHexString(addr));
            va = findVmapArea(t, addr);                  // remove_vm_area: find_vmap_area again
            vmapAreaLock.lock(t);                        // ... and clear va->vm under the lock
            va.vm = false;
            vmapAreaLock.unlock(t);
        } else {
            va = findUnlinkVmapArea(t, addr);
            if (va == null || !va.vm) throw new IllegalStateException("vunmap of nonexistent vm area " + Long.toHexString(addr));
            va.vm = false;
        }
        freeUnmapVmapArea(t, va);
    }

    // ================================================================== vm_map_ram / vm_unmap_ram

    /**
     * {@code vm_map_ram(pages, count, node)}: up to VMAP_MAX_ALLOC pages from this CPU's vmap blocks (2^order
     * pages, no guard, no vm_struct), larger counts through alloc_vmap_area. Returns the address or 0.
     */
    public long vmMapRam(SimTask t, int count) {
        if (count < 1) throw new IllegalArgumentException("vm_map_ram of " + count + " pages");
        stats.vmMapRamCalls++;
        long addr;
        if (count <= VmapBlocks.VMAP_MAX_ALLOC) {
            addr = blocks.vbAlloc(t, count);
            if (addr == 0) return 0;
        } else {
            VmapArea va = allocVmapArea(t, (long) count << PAGE_SHIFT, PAGE_SIZE, VMALLOC_START, VMALLOC_END, count, false);
            if (va == null) return 0;
            addr = va.vaStart;
        }
        t.cpuPs(acctPte, count * costs.ptePerPagePs());  // vmap_page_range
        return addr;
    }

    /** {@code vm_unmap_ram(mem, count)}: count must be the one passed to {@link #vmMapRam}. */
    public void vmUnmapRam(SimTask t, long addr, int count) {
        stats.vmUnmapRamCalls++;
        if (count <= VmapBlocks.VMAP_MAX_ALLOC) {
            blocks.vbFree(t, addr, count);
            return;
        }
        VmapArea va = era.listWalk() ? findVmapArea(t, addr) : findUnlinkVmapArea(t, addr);
        if (va == null) throw new IllegalStateException("vm_unmap_ram of unknown area " + Long.toHexString(addr));
        freeUnmapVmapArea(t, va);
    }

    /**
     * {@code vm_unmap_aliases()}: gather the dirty ranges of every CPU's vmap blocks, free fragmented blocks, purge
     * the lazy areas, and flush the TLB over the union when the purge had nothing to flush.
     */
    public void vmUnmapAliases(SimTask t) {
        stats.vmUnmapAliasesCalls++;
        long[] range = {VmapPurge.START_NONE, VmapPurge.END_NONE};
        boolean flush = blocks.collectDirtyRanges(t, range);
        purge.purgeAliases(t, range[0], range[1], flush);
    }

    // ================================================================== global kva allocator

    /**
     * alloc_vmap_area(): kmalloc the vmap_area, search under the lock, insert; on overflow purge once and retry.
     * {@code withVm} marks a vmap() area (5.x binds the vm_struct here; 4.x does it in setup_vmalloc_vm).
     */
    VmapArea allocVmapArea(SimTask t, long size, long align, long vstart, long vend, int nrPages, boolean withVm) {
        t.cpuPs(acctArea, costs.vmStructAllocPs());     // kmalloc_node(vmap_area)
        for (boolean purged = false; ; purged = true) {
            stats.allocVmapAreaCalls++;
            VmapArea va = era.listWalk() ? allocListWalk(t, size, align, vstart, vend, nrPages)
                    : allocFreeTree(t, size, align, vstart, vend, nrPages, withVm);
            if (va != null) return va;
            if (purged) return null;
            purge.purgeVmapAreaLazy(t);                  // overflow: purge and retry once
        }
    }

    private VmapArea allocListWalk(SimTask t, long size, long align, long vstart, long vend, int nrPages) {
        vmapAreaLock.lock(t);
        VmapArea va = space.allocListWalk(size, align, vstart, vend, nrPages);
        chargeSearch(t);
        if (va != null) t.cpuPs(acctArea, costs.rbInsertPs());
        vmapAreaLock.unlock(t);
        return va;
    }

    private VmapArea allocFreeTree(SimTask t, long size, long align, long vstart, long vend, int nrPages, boolean withVm) {
        freeVmapAreaLock.lock(t);
        long addr = space.findFreeArea(size, align, vstart, vend);
        chargeSearch(t);
        VmapArea va = null;
        if (addr != Long.MIN_VALUE) {
            va = space.clipFreeArea(addr, size, nrPages);
            t.cpuPs(acctArea, costs.rbInsertPs());
        }
        freeVmapAreaLock.unlock(t);
        if (va == null) return null;
        va.vm = withVm;
        vmapAreaLock.lock(t);
        space.insertVmapArea(va);
        t.cpuPs(acctArea, costs.rbInsertPs());
        vmapAreaLock.unlock(t);
        return va;
    }

    private void chargeSearch(SimTask t) {
        stats.noteWalk(space.lastWalkSteps);
        long ps = space.lastWalkSteps * costs.walkStepPs();
        if (space.lastCacheMiss) {
            stats.freeVmapCacheMisses++;
            ps += costs.rbLookupPs();
        }
        t.cpuPs(acctArea, ps);
    }

    /** find_vmap_area(): one rb-tree lookup under vmap_area_lock. */
    private VmapArea findVmapArea(SimTask t, long addr) {
        vmapAreaLock.lock(t);
        VmapArea va = space.findVmapArea(addr);
        t.cpuPs(acctArea, costs.rbLookupPs());
        vmapAreaLock.unlock(t);
        return va;
    }

    /** 5.x find_unlink_vmap_area(): lookup and erase from the busy tree under one lock hold. */
    private VmapArea findUnlinkVmapArea(SimTask t, long addr) {
        vmapAreaLock.lock(t);
        VmapArea va = space.findVmapArea(addr);
        long ps = costs.rbLookupPs();
        if (va != null) {
            space.unlinkVmapArea(va);
            ps += costs.rbInsertPs();
        }
        t.cpuPs(acctArea, ps);
        vmapAreaLock.unlock(t);
        return va;
    }

    /** free_unmap_vmap_area(): clear the PTEs of the whole area (guard included), then free lazily. */
    private void freeUnmapVmapArea(SimTask t, VmapArea va) {
        t.cpuPs(acctPte, va.pages() * costs.pteClearPerPagePs());
        purge.freeVmapAreaNoflush(t, va);
    }

    // ================================================================== set-up

    /**
     * {@code __get_vm_area_node(size, align, flags, VMALLOC_START, VMALLOC_END)} before the measured workload
     * (fork's stacks, binder's areas of the booted machine): PAGE_ALIGN, the VM_IOREMAP alignment
     * {@code 1 << clamp(fls_long(size), PAGE_SHIFT, IOREMAP_MAX_ORDER)}, one guard page, then the era's search. No
     * simulated time and no counters; the search's walk steps stay readable in {@link VmallocSpace} for tests.
     */
    public VmapArea setupGetVmArea(long sizeBytes, long align, boolean ioremap) {
        long size = VmallocSpace.align(sizeBytes, PAGE_SIZE);
        if (ioremap) {
            int order = Math.max(PAGE_SHIFT, Math.min(IOREMAP_MAX_ORDER, 64 - Long.numberOfLeadingZeros(size)));
            align = 1L << order;
        }
        int nrPages = (int) (size >>> PAGE_SHIFT);
        size += PAGE_SIZE;                                   // guard page (no VM_NO_GUARD)
        VmapArea va;
        if (era.listWalk()) {
            va = space.allocListWalk(size, align, VMALLOC_START, VMALLOC_END, nrPages);
        } else {
            long addr = space.findFreeArea(size, align, VMALLOC_START, VMALLOC_END);
            va = addr == Long.MIN_VALUE ? null : space.clipFreeArea(addr, size, nrPages);
            if (va != null) space.insertVmapArea(va);
        }
        if (va == null) throw new IllegalStateException("vmalloc space exhausted while creating the boot population");
        va.vm = true;
        return va;
    }

    /** {@code vfree()} of a set-up area before the workload: detach, free lazily, purge above lazy_max_pages(). */
    public void setupVfree(VmapArea va) {
        if (!va.vm) throw new IllegalStateException("vfree of a detached area " + va);
        va.vm = false;
        if (!era.listWalk()) space.unlinkVmapArea(va);      // 5.x find_unlink_vmap_area
        purge.freeAtSetup(va);
    }

    /**
     * Areas that exist before the measured workload (boot-time vmalloc/ioremap users, as listed by
     * /proc/vmallocinfo): {@code nrAreas} areas of {@code pagesEach} pages + guard, allocated through the same
     * allocator, bottom up, with no simulated cost. Call before {@link Simulation#run()}.
     */
    public void populateBootAreas(int nrAreas, int pagesEach) {
        long size = (pagesEach + 1L) << PAGE_SHIFT;
        for (int i = 0; i < nrAreas; i++) {
            VmapArea va;
            if (era.listWalk()) {
                va = space.allocListWalk(size, 1, VMALLOC_START, VMALLOC_END, pagesEach);   // vmalloc: align 1
            } else {
                long addr = space.findFreeArea(size, 1, VMALLOC_START, VMALLOC_END);
                va = addr == Long.MIN_VALUE ? null : space.clipFreeArea(addr, size, pagesEach);
                if (va != null) space.insertVmapArea(va);
            }
            if (va == null) throw new IllegalStateException("vmalloc space exhausted by boot areas");
            va.vm = true;
        }
    }
}
