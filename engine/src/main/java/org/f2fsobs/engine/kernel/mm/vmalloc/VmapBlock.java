package org.f2fsobs.engine.kernel.mm.vmalloc;

/**
 * Mirrors {@code struct vmap_block} in mm/vmalloc.c (4.x): one {@code VMAP_BBMAP_BITS}-page area carved by bump
 * allocation for {@code vm_map_ram()}. Simplification: no allocation bitmap (4.x has none either; 6.x's
 * {@code used_map} only serves vread), the per-CPU queue is remembered as {@link #cpu}.
 */
final class VmapBlock {
    final VmallocSpinlock lock;
    final VmapArea va;
    final int cpu;             // the vmap_block_queue it was put on
    int free;                  // pages never handed out (bump pointer = VMAP_BBMAP_BITS - free)
    int dirty;                 // pages handed out and unmapped again, TLB not yet flushed
    int dirtyMin;              // dirty range, in pages from va_start
    int dirtyMax;
    boolean onFreeList;

    VmapBlock(VmallocSpinlock lock, VmapArea va, int cpu, int free) {
        this.lock = lock;
        this.va = va;
        this.cpu = cpu;
        this.free = free;
        this.dirty = 0;
        this.dirtyMin = VmapBlocks.VMAP_BBMAP_BITS;
        this.dirtyMax = 0;
    }

    @Override
    public String toString() {
        return "vb[" + Long.toHexString(va.vaStart) + " cpu" + cpu + " free=" + free + " dirty=" + dirty + "]";
    }
}
