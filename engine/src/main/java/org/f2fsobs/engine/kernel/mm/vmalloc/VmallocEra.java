package org.f2fsobs.engine.kernel.mm.vmalloc;

/**
 * Which generation of {@code mm/vmalloc.c} (and of arm64's {@code flush_tlb_kernel_range}) the model runs.
 * The engine picks one per profile; nothing else in the model branches on kernel versions.
 */
public enum VmallocEra {
    /**
     * Linux 4.x (4.9/4.14: the Pixel 3 ran an msm-4.9 kernel). {@code alloc_vmap_area} uses the next-fit cache
     * ({@code free_vmap_cache}, {@code cached_hole_size}, {@code cached_vstart}, {@code cached_align}) and, when it
     * fails, walks {@code vmap_area_list} linearly from {@code vstart}; lazily freed areas stay in that list until
     * purged. The freeing task itself runs {@code try_purge_vmap_area_lazy} once {@code vmap_lazy_nr >
     * lazy_max_pages()}. One global {@code vmap_area_lock}; {@code remove_vm_area} takes it three times.
     * arm64 4.9: {@code flush_tlb_kernel_range} becomes {@code flush_tlb_all} above {@code MAX_TLB_RANGE} = 1024 pages.
     */
    LIST_WALK_SYNC_PURGE(1024),

    /**
     * Linux 5.2+ allocator (augmented rb-tree of free areas, lowest fit in O(log n)) with the 2022 change that
     * moved the purge to {@code drain_vmap_work}, as in 5.19..6.8: separate {@code free_vmap_area_lock},
     * {@code vmap_area_lock} (busy tree) and {@code purge_vmap_area_lock} (lazy tree, merged). Not modelled: the
     * 6.9+ per-node split ({@code vmap_nodes}, per-node pools) that 6.14 has. arm64 6.x without FEAT_TLBIRANGE:
     * {@code flush_tlb_all} from {@code MAX_DVM_OPS} = {@code PTRS_PER_PTE} = 512 pages.
     */
    RBTREE_DEFERRED_PURGE(511);

    private final int maxRangeFlushPages;

    VmallocEra(int maxRangeFlushPages) {
        this.maxRangeFlushPages = maxRangeFlushPages;
    }

    /** Largest span, in pages, that {@code flush_tlb_kernel_range} flushes page by page; above it: flush_tlb_all. */
    public int maxRangeFlushPages() {
        return maxRangeFlushPages;
    }

    boolean listWalk() {
        return this == LIST_WALK_SYNC_PURGE;
    }

    boolean deferredPurge() {
        return this == RBTREE_DEFERRED_PURGE;
    }
}
