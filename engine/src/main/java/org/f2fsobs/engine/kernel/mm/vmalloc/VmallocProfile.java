package org.f2fsobs.engine.kernel.mm.vmalloc;

import org.f2fsobs.engine.kernel.task.VmallocUsersBoot;
import org.f2fsobs.engine.platform.CpuOp;
import org.f2fsobs.engine.platform.KernelSpec;
import org.f2fsobs.engine.platform.Machine;

/**
 * Binds the vmalloc model to a machine profile: one {@link Vmalloc} per simulated machine, its era from
 * {@code kernel.vmalloc}, {@code num_online_cpus()} = the profile's CPU count, and its unit costs from the profile's
 * {@code cpu.costs_ps} keys (read through {@link Machine#costPs}, so what-if overrides apply).
 *
 * <p>Key map: {@code vmap_lock} → lock acquire, {@code vmap_walk_step} → one area visited, {@code vmap_area_alloc} →
 * kmalloc of a vm_struct / vmap_area / vmap_block, {@code vmap_pte_page} / {@code vunmap_pte_page} → PTE set / clear,
 * {@code tlb_flush_all}, {@code tlb_flush_page}, {@code vmap_area_free} → one area freed in a purge, {@code vb_alloc},
 * {@code vb_free}, {@code vmap_block_new}. The profiles carry no key for one rb-tree descent or insert; it is priced
 * as {@link #RB_DESCENT_STEPS} walk steps (a descent of a balanced tree of ~4 096 areas visits ~12 nodes, each like
 * one step of the list walk): an assumption of this adapter, not a sourced value.
 */
public final class VmallocProfile {
    /** Nodes visited by one rb-tree descent or insert, priced at {@code vmap_walk_step} each (assumption, see above). */
    public static final int RB_DESCENT_STEPS = 12;

    private VmallocProfile() {}

    /** A new vmalloc model for the machine (call once per simulated machine, before or while it runs). */
    public static Vmalloc forMachine(Machine m) {
        int cpus = m.profile().cpu().count();
        Vmalloc vm = new Vmalloc(m.sim(), VmallocConfig.of(cpus, era(m.profile().kernel())), costs(m));
        VmallocUsersBoot.create(vm, cpus, m.profile().kernel().vmallocUsers());   // the booted machine's stacks, binder areas
        return vm;
    }

    /** The allocator generation a profile's kernel ran. */
    public static VmallocEra era(KernelSpec k) {
        return switch (k.vmalloc()) {
            case "list_walk_sync_purge" -> VmallocEra.LIST_WALK_SYNC_PURGE;
            case "rbtree_deferred_purge" -> VmallocEra.RBTREE_DEFERRED_PURGE;
            default -> throw new IllegalArgumentException("unknown kernel.vmalloc '" + k.vmalloc() + "'");
        };
    }

    /** The profile's unit costs as vmalloc primitives. */
    public static VmallocCosts costs(Machine m) {
        long step = m.unitCostPs(CpuOp.VMAP_WALK_STEP);     // unnoted here: VmallocCosts notes each price when used
        return new VmallocCosts(
                m.unitCostPs(CpuOp.VMAP_LOCK),
                step,
                RB_DESCENT_STEPS * step,                 // rbLookupPs
                RB_DESCENT_STEPS * step,                 // rbInsertPs
                m.unitCostPs(CpuOp.VMAP_PTE_PAGE),
                m.unitCostPs(CpuOp.VUNMAP_PTE_PAGE),
                m.unitCostPs(CpuOp.TLB_FLUSH_ALL),
                m.unitCostPs(CpuOp.TLB_FLUSH_PAGE),
                m.unitCostPs(CpuOp.VMAP_AREA_FREE),
                m.unitCostPs(CpuOp.VMAP_AREA_ALLOC),
                m.unitCostPs(CpuOp.VB_ALLOC),
                m.unitCostPs(CpuOp.VB_FREE),
                m.unitCostPs(CpuOp.VMAP_BLOCK_NEW),
                m.reads());
    }
}
