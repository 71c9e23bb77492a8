package org.f2fsobs.engine.kernel.mm.vmalloc;

import org.f2fsobs.engine.platform.CpuOp;
import org.f2fsobs.engine.platform.ProfileReads;

/**
 * Unit CPU costs of the vmalloc primitives, all in picoseconds. The model counts how many times each primitive
 * runs; these values only price them. The platform layer fills them from sourced profile values.
 *
 * @param lockAcquirePs      one uncontended acquire of a vmalloc spinlock or of {@code vmap_purge_lock}
 * @param walkStepPs         one {@code vmap_area} visited by the address search (4.x list walk) or one node of
 *                           the free-area tree visited (5.2+ lowest-fit descent)
 * @param rbLookupPs         one rb-tree descent ({@code __find_vmap_area}, the 4.x cache-miss descent); a flat
 *                           price per descent, not per level
 * @param rbInsertPs         one rb-tree insert or erase of a {@code vmap_area} (with its list link)
 * @param ptePerPagePs       set one kernel PTE ({@code vmap_page_range})
 * @param pteClearPerPagePs  clear one kernel PTE ({@code vunmap_page_range}, guard page included)
 * @param tlbFlushAllPs      {@code flush_tlb_all()} on the issuing CPU (TLBI VMALLE1IS + DSB ISH + ISB)
 * @param tlbFlushPerPagePs  one TLBI VAAE1IS of a range flush below the arm64 limit
 * @param freeAreaPs         per lazily freed area in a purge: span scan, {@code __free_vmap_area}, atomic_sub,
 *                           {@code kfree_rcu}
 * @param vmStructAllocPs    one kmalloc of a {@code vm_struct}, {@code vmap_area} or {@code vmap_block} (the
 *                           matching kfree is folded in)
 * @param vbAllocPs          {@code vb_alloc} bookkeeping per block visited on the per-CPU free list
 * @param vbFreePs           {@code vb_free} bookkeeping (radix lookup, dirty range) per call
 * @param newVmapBlockPs     {@code new_vmap_block} bookkeeping besides its kmalloc and {@code alloc_vmap_area}
 *                           (radix insert, list add)
 * @param reads              the profile's read log: each accessor notes the profile key it prices from (the rb-tree
 *                           prices are multiples of {@code vmap_walk_step}); a lock's cost is noted when it is taken
 */
public record VmallocCosts(long lockAcquirePs, long walkStepPs, long rbLookupPs, long rbInsertPs,
                           long ptePerPagePs, long pteClearPerPagePs, long tlbFlushAllPs, long tlbFlushPerPagePs,
                           long freeAreaPs, long vmStructAllocPs, long vbAllocPs, long vbFreePs,
                           long newVmapBlockPs, ProfileReads reads) {

    public VmallocCosts(long lockAcquirePs, long walkStepPs, long rbLookupPs, long rbInsertPs, long ptePerPagePs,
                        long pteClearPerPagePs, long tlbFlushAllPs, long tlbFlushPerPagePs, long freeAreaPs,
                        long vmStructAllocPs, long vbAllocPs, long vbFreePs, long newVmapBlockPs) {
        this(lockAcquirePs, walkStepPs, rbLookupPs, rbInsertPs, ptePerPagePs, pteClearPerPagePs, tlbFlushAllPs,
                tlbFlushPerPagePs, freeAreaPs, vmStructAllocPs, vbAllocPs, vbFreePs, newVmapBlockPs, null);
    }

    @Override public long lockAcquirePs() { reads.noteCpu(CpuOp.VMAP_LOCK); return lockAcquirePs; }
    @Override public long walkStepPs() { reads.noteCpu(CpuOp.VMAP_WALK_STEP); return walkStepPs; }
    @Override public long rbLookupPs() { reads.noteCpu(CpuOp.VMAP_WALK_STEP); return rbLookupPs; }
    @Override public long rbInsertPs() { reads.noteCpu(CpuOp.VMAP_WALK_STEP); return rbInsertPs; }
    @Override public long ptePerPagePs() { reads.noteCpu(CpuOp.VMAP_PTE_PAGE); return ptePerPagePs; }
    @Override public long pteClearPerPagePs() { reads.noteCpu(CpuOp.VUNMAP_PTE_PAGE); return pteClearPerPagePs; }
    @Override public long tlbFlushAllPs() { reads.noteCpu(CpuOp.TLB_FLUSH_ALL); return tlbFlushAllPs; }
    @Override public long tlbFlushPerPagePs() { reads.noteCpu(CpuOp.TLB_FLUSH_PAGE); return tlbFlushPerPagePs; }
    @Override public long freeAreaPs() { reads.noteCpu(CpuOp.VMAP_AREA_FREE); return freeAreaPs; }
    @Override public long vmStructAllocPs() { reads.noteCpu(CpuOp.VMAP_AREA_ALLOC); return vmStructAllocPs; }
    @Override public long vbAllocPs() { reads.noteCpu(CpuOp.VB_ALLOC); return vbAllocPs; }
    @Override public long vbFreePs() { reads.noteCpu(CpuOp.VB_FREE); return vbFreePs; }
    @Override public long newVmapBlockPs() { reads.noteCpu(CpuOp.VMAP_BLOCK_NEW); return newVmapBlockPs; }

    /** The lock price for building a lock, not noted: the lock notes it when taken ({@link #noteLock}). */
    long lockAcquirePsForLocks() {
        return lockAcquirePs;
    }

    /** A vmalloc lock was taken: its price was read. */
    void noteLock() {
        reads.noteCpu(CpuOp.VMAP_LOCK);
    }

    public VmallocCosts {
        if (reads == null) reads = new ProfileReads();
        long[] all = {lockAcquirePs, walkStepPs, rbLookupPs, rbInsertPs, ptePerPagePs, pteClearPerPagePs,
                tlbFlushAllPs, tlbFlushPerPagePs, freeAreaPs, vmStructAllocPs, vbAllocPs, vbFreePs, newVmapBlockPs};
        for (long v : all) {
            if (v < 0) throw new IllegalArgumentException("vmalloc costs must be >= 0");
        }
    }

    /** Every primitive free: counts only (mechanism tests). */
    public static VmallocCosts zero() {
        return new VmallocCosts(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    /**
     * Illustrative orders of magnitude for a ~1.8 GHz in-order arm64 core, for tests and examples only: NOT sourced,
     * never a profile input. 20 ns lock, 15 ns per list node (a cache-missing pointer chase), 100 ns rb descent,
     * 150 ns insert, 30/20 ns per PTE set/clear, 2 us flush_tlb_all, 30 ns per TLBI, 100 ns per purged area,
     * 100 ns kmalloc, 50/80 ns vb_alloc/vb_free, 500 ns new_vmap_block.
     */
    public static VmallocCosts example() {
        return new VmallocCosts(20_000, 15_000, 100_000, 150_000, 30_000, 20_000, 2_000_000, 30_000,
                100_000, 100_000, 50_000, 80_000, 500_000);
    }
}
