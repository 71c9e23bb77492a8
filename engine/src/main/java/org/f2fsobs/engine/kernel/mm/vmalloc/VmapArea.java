package org.f2fsobs.engine.kernel.mm.vmalloc;

/**
 * Mirrors {@code struct vmap_area} in mm/vmalloc.c (4.x): one reserved range of kernel virtual addresses.
 * Simplification: the {@code vm_struct} of a vmap() area is not a separate object; {@link #vm} and
 * {@link #nrPages} stand for {@code va->vm} and its {@code get_vm_area_size()}.
 */
public final class VmapArea {
    final long vaStart;            // address of the first page
    final long vaEnd;              // one past the last byte (guard page included)
    boolean vm;                    // VM_VM_AREA: a vm_struct is attached (vmap), cleared by remove_vm_area
    final int nrPages;             // pages mapped by the caller (no guard page)
    boolean lazy;                  // on vmap_purge_list: unmapped, TLB not yet flushed, VA not yet reusable
    VmapArea listNext;             // va->list in the address-sorted vmap_area_list (null: list_is_last)
    VmapArea listPrev;             // rb_prev / the previous list entry (null: first)
    GapBlocks.Block block;         // host-side index only (4.x era): the run of the list this area is in

    VmapArea(long vaStart, long vaEnd, int nrPages) {
        this.vaStart = vaStart;
        this.vaEnd = vaEnd;
        this.nrPages = nrPages;
    }

    public long vaStart() { return vaStart; }
    public long vaEnd() { return vaEnd; }

    /** Size of the reserved range in pages, guard page included (what {@code vmap_lazy_nr} adds up). */
    public int pages() {
        return (int) ((vaEnd - vaStart) >>> VmallocSpace.PAGE_SHIFT);
    }

    @Override
    public String toString() {
        return String.format("va[%x-%x%s]", vaStart, vaEnd, lazy ? " lazy" : "");
    }
}
