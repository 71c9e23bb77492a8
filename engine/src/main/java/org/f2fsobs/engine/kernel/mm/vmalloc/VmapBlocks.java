package org.f2fsobs.engine.kernel.mm.vmalloc;

import static org.f2fsobs.engine.kernel.mm.vmalloc.VmallocSpace.PAGE_SHIFT;
import static org.f2fsobs.engine.kernel.mm.vmalloc.VmallocSpace.PAGE_SIZE;
import static org.f2fsobs.engine.kernel.mm.vmalloc.VmallocSpace.VMALLOC_END;
import static org.f2fsobs.engine.kernel.mm.vmalloc.VmallocSpace.VMALLOC_START;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.f2fsobs.engine.sim.SimTask;

/**
 * Mirrors the "Per cpu kva allocator" section of mm/vmalloc.c (4.x): {@code vmap_block_queue} per CPU,
 * {@code vb_alloc}, {@code new_vmap_block}, {@code vb_free}, {@code free_vmap_block}, {@code purge_fragmented_blocks}
 * and the {@code vmap_block_tree} radix tree under the global {@code vmap_block_tree_lock}.
 * For {@link VmallocEra#RBTREE_DEFERRED_PURGE} the radix tree becomes 6.x's per-CPU xarrays
 * ({@code addr_to_vb_xa}: block index modulo the CPU count), each with its own lock.
 * Simplifications: RCU list walks iterate over a snapshot; a freed block's memory is not reused.
 */
final class VmapBlocks {
    /** BITS_PER_LONG: larger vm_map_ram requests bypass the per-CPU blocks. */
    static final int VMAP_MAX_ALLOC = 64;
    /** min(VMAP_BBMAP_BITS_MAX = 1024, max(128, VMALLOC_PAGES / roundup_pow_of_two(NR_CPUS) / 16)) = 1024 for
     *  VMALLOC_SPACE = 128 GiB and NR_CPUS = 8 (Pixel 3 defconfig). */
    static final int VMAP_BBMAP_BITS = 1024;
    static final long VMAP_BLOCK_SIZE = VMAP_BBMAP_BITS * PAGE_SIZE;

    /** Mirrors {@code struct vmap_block_queue}: the CPU's blocks that still have free pages. */
    private static final class VmapBlockQueue {
        final VmallocSpinlock lock;
        final ArrayList<VmapBlock> free = new ArrayList<>();

        VmapBlockQueue(VmallocSpinlock lock) {
            this.lock = lock;
        }
    }

    private final Vmalloc vm;
    private final VmapBlockQueue[] queues;
    private final TreeMap<Long, VmapBlock> vmapBlockTree = new TreeMap<>();
    private final VmallocSpinlock vmapBlockTreeLock;          // 4.x global
    private final VmallocSpinlock[] xaLocks;                  // 6.x per-CPU xarray locks
    private final List<VmallocSpinlock> blockLocks = new ArrayList<>();

    VmapBlocks(Vmalloc vm, int possibleCpus) {
        this.vm = vm;
        this.queues = new VmapBlockQueue[possibleCpus];
        for (int cpu = 0; cpu < possibleCpus; cpu++) queues[cpu] = new VmapBlockQueue(vm.newLock("vmap_block_queue.lock/" + cpu));
        if (vm.era().listWalk()) {
            vmapBlockTreeLock = vm.newGlobalLock("vmap_block_tree_lock");
            xaLocks = null;
        } else {
            vmapBlockTreeLock = null;
            xaLocks = new VmallocSpinlock[possibleCpus];
            for (int cpu = 0; cpu < possibleCpus; cpu++) xaLocks[cpu] = vm.newLock("vmap_blocks.xa_lock/" + cpu);
        }
    }

    List<VmallocSpinlock> blockLocks() {
        return blockLocks;
    }

    /** get_order(count << PAGE_SHIFT). */
    static int getOrder(int count) {
        return 32 - Integer.numberOfLeadingZeros(count - 1);
    }

    static long addrToVbIdx(long addr) {
        return (addr - (VMALLOC_START & -VMAP_BLOCK_SIZE)) / VMAP_BLOCK_SIZE;
    }

    private VmallocSpinlock treeLock(long vbIdx) {
        return vmapBlockTreeLock != null ? vmapBlockTreeLock : xaLocks[(int) (vbIdx % xaLocks.length)];
    }

    /** vb_alloc(): bump-allocate 2^order pages from the first block of this CPU's queue that has room. */
    long vbAlloc(SimTask t, int count) {
        int order = getOrder(count);
        int n = 1 << order;
        VmapBlockQueue vbq = queues[t.cpuId()];                   // get_cpu_var(vmap_block_queue)
        for (VmapBlock vb : vbq.free.toArray(new VmapBlock[0])) {  // list_for_each_entry_rcu
            vm.stats().vbAllocListSteps++;
            t.cpuPs(vm.acctBlock, vm.costs().vbAllocPs());
            vb.lock.lock(t);
            if (vb.free < n) {
                vb.lock.unlock(t);
                continue;
            }
            int pagesOff = VMAP_BBMAP_BITS - vb.free;
            long vaddr = vb.va.vaStart + ((long) pagesOff << PAGE_SHIFT);
            vb.free -= n;
            if (vb.free == 0) {
                VmapBlockQueue q = queues[vb.cpu];
                q.lock.lock(t);
                q.free.remove(vb);                               // list_del_rcu(&vb->free_list)
                vb.onFreeList = false;
                q.lock.unlock(t);
            }
            vb.lock.unlock(t);
            return vaddr;
        }
        return newVmapBlock(t, order);                           // nothing found: allocate a new block
    }

    /** new_vmap_block(): a VMAP_BLOCK_SIZE-aligned area from the global allocator, first 2^order pages taken. */
    private long newVmapBlock(SimTask t, int order) {
        t.cpuPs(vm.acctBlock, vm.costs().vmStructAllocPs() + vm.costs().newVmapBlockPs());
        VmapArea va = vm.allocVmapArea(t, VMAP_BLOCK_SIZE, VMAP_BLOCK_SIZE, VMALLOC_START, VMALLOC_END, VMAP_BBMAP_BITS, false);
        if (va == null) return 0;
        VmallocSpinlock lock = vm.newLock("vmap_block.lock");
        blockLocks.add(lock);
        int cpu = t.cpuId();                                     // get_cpu_var again after the allocation
        VmapBlock vb = new VmapBlock(lock, va, cpu, VMAP_BBMAP_BITS - (1 << order));
        long idx = addrToVbIdx(va.vaStart);
        VmallocSpinlock tl = treeLock(idx);
        tl.lock(t);
        if (vmapBlockTree.put(idx, vb) != null) throw new IllegalStateException("two vmap blocks at index " + idx);
        tl.unlock(t);
        VmapBlockQueue vbq = queues[cpu];
        vbq.lock.lock(t);
        vbq.free.add(vb);                                        // list_add_tail_rcu
        vb.onFreeList = true;
        vbq.lock.unlock(t);
        vm.stats().vmapBlocksAllocated++;
        return va.vaStart;
    }

    /** vb_free(): unmap, extend the block's dirty range; a fully dirty block is freed as one lazy area. */
    void vbFree(SimTask t, long addr, int count) {
        int order = getOrder(count);
        int n = 1 << order;
        int offset = (int) ((addr & (VMAP_BLOCK_SIZE - 1)) >>> PAGE_SHIFT);
        t.cpuPs(vm.acctBlock, vm.costs().vbFreePs());
        VmapBlock vb = vmapBlockTree.get(addrToVbIdx(addr));    // radix_tree_lookup under RCU
        if (vb == null) throw new IllegalStateException("vm_unmap_ram of unknown block address " + Long.toHexString(addr));
        t.cpuPs(vm.acctPte, count * vm.costs().pteClearPerPagePs());   // vunmap_page_range(addr, addr + size)
        vb.lock.lock(t);
        vb.dirtyMin = Math.min(vb.dirtyMin, offset);
        vb.dirtyMax = Math.max(vb.dirtyMax, offset + n);
        vb.dirty += n;
        if (vb.dirty > VMAP_BBMAP_BITS) throw new IllegalStateException("block freed twice: " + vb);
        if (vb.dirty == VMAP_BBMAP_BITS) {
            if (vb.free != 0) throw new IllegalStateException("fully dirty block with free pages: " + vb);
            vb.lock.unlock(t);
            freeVmapBlock(t, vb);
        } else {
            vb.lock.unlock(t);
        }
    }

    /** free_vmap_block(): drop it from the radix tree (5.x: and the busy tree), free its area lazily. */
    private void freeVmapBlock(SimTask t, VmapBlock vb) {
        long idx = addrToVbIdx(vb.va.vaStart);
        VmallocSpinlock tl = treeLock(idx);
        tl.lock(t);
        if (vmapBlockTree.remove(idx) != vb) throw new IllegalStateException("vmap_block_tree lost " + vb);
        tl.unlock(t);
        if (!vm.era().listWalk()) {                              // 6.x: unlink_va from the busy tree first
            vm.vmapAreaLock().lock(t);
            vm.space().unlinkVmapArea(vb.va);
            t.cpuPs(vm.acctArea, vm.costs().rbInsertPs());
            vm.vmapAreaLock().unlock(t);
        }
        vm.stats().vmapBlocksFreed++;
        vm.purge().freeVmapAreaNoflush(t, vb.va);
    }

    /** purge_fragmented_blocks(cpu): blocks whose pages are all free or dirty (but not all dirty) go away now. */
    private void purgeFragmentedBlocks(SimTask t, int cpu) {
        VmapBlockQueue vbq = queues[cpu];
        List<VmapBlock> purge = new ArrayList<>();
        for (VmapBlock vb : vbq.free.toArray(new VmapBlock[0])) {
            if (!(vb.free + vb.dirty == VMAP_BBMAP_BITS && vb.dirty != VMAP_BBMAP_BITS)) continue;
            vb.lock.lock(t);
            if (vb.free + vb.dirty == VMAP_BBMAP_BITS && vb.dirty != VMAP_BBMAP_BITS) {
                vb.free = 0;                                     // prevent further allocs after releasing lock
                vb.dirty = VMAP_BBMAP_BITS;                      // prevent purging it again
                vb.dirtyMin = 0;
                vb.dirtyMax = VMAP_BBMAP_BITS;
                vbq.lock.lock(t);
                vbq.free.remove(vb);
                vb.onFreeList = false;
                vbq.lock.unlock(t);
                vb.lock.unlock(t);
                purge.add(vb);
            } else {
                vb.lock.unlock(t);
            }
        }
        for (VmapBlock vb : purge) freeVmapBlock(t, vb);
    }

    void purgeFragmentedBlocksAllcpus(SimTask t) {
        for (int cpu = 0; cpu < queues.length; cpu++) purgeFragmentedBlocks(t, cpu);
    }

    /**
     * vm_unmap_aliases(), first half: union of the dirty ranges of every CPU's blocks into {@code range}
     * ({start, end}); 5.x also resets each block's range so it is not flushed twice. Returns "flush needed".
     */
    boolean collectDirtyRanges(SimTask t, long[] range) {
        boolean flush = false;
        boolean reset = !vm.era().listWalk();
        for (VmapBlockQueue vbq : queues) {
            for (VmapBlock vb : vbq.free.toArray(new VmapBlock[0])) {
                vb.lock.lock(t);
                if (vb.dirty > 0 && vb.dirtyMax > vb.dirtyMin) {
                    range[0] = Math.min(range[0], vb.va.vaStart + ((long) vb.dirtyMin << PAGE_SHIFT));
                    range[1] = Math.max(range[1], vb.va.vaStart + ((long) vb.dirtyMax << PAGE_SHIFT));
                    flush = true;
                    if (reset) {
                        vb.dirtyMin = VMAP_BBMAP_BITS;
                        vb.dirtyMax = 0;
                    }
                }
                vb.lock.unlock(t);
            }
        }
        return flush;
    }

    /** Blocks currently indexed (allocated and not yet freed). */
    int blockCount() {
        return vmapBlockTree.size();
    }

    /** The block holding addr, for tests. */
    VmapBlock blockOf(long addr) {
        return vmapBlockTree.get(addrToVbIdx(addr));
    }
}
