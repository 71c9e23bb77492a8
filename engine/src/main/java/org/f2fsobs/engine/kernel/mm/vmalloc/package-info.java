/**
 * The vmalloc layer that F2FS compression maps its buffers with: {@code vmap()} before the 2020 patch
 * "f2fs: change vmap to vm_map_ram in compress/decompress", {@code vm_map_ram()} after it.
 *
 * <p>Read for this model: mm/vmalloc.c of an SDM845 msm-4.9 tree (AOSPA/android_kernel_oneplus_sdm845, the
 * Pixel 3's SoC and kernel line: {@code alloc_vmap_area} next fit + list walk, {@code __free_vmap_area},
 * {@code free_vmap_area_noflush}, {@code try_purge_vmap_area_lazy}/{@code __purge_vmap_area_lazy} with
 * {@code vmap_purge_lock} and {@code cond_resched_lock}, {@code vb_alloc}/{@code new_vmap_block}/{@code vb_free},
 * {@code remove_vm_area}, {@code vm_unmap_aliases}); its mm/Kconfig ({@code VMAP_LAZY_PURGING_FACTOR} = 32 on
 * arm64); the Pixel 3 blueline_defconfig ({@code NR_CPUS=8}, {@code PREEMPT=y}); arm64 4.9 tlbflush.h
 * ({@code MAX_TLB_RANGE} = 1024 pages); and for comparison mm/vmalloc.c and arm64 tlbflush.h of 6.14
 * ({@code __alloc_vmap_area}/{@code find_vmap_lowest_match}, {@code find_unlink_vmap_area},
 * {@code drain_vmap_work}, {@code vmap_nodes}, {@code MAX_DVM_OPS}).
 *
 * <p>Use: one {@link org.f2fsobs.engine.kernel.mm.vmalloc.Vmalloc} per simulated machine, built from a
 * {@link org.f2fsobs.engine.kernel.mm.vmalloc.VmallocConfig} (online CPUs, era) and
 * {@link org.f2fsobs.engine.kernel.mm.vmalloc.VmallocCosts} from the profile; call it from simulated tasks; read
 * {@link org.f2fsobs.engine.kernel.mm.vmalloc.VmallocStats#toMap()}.
 *
 * <p>Precondition until the simulation core changes: keep runnable tasks at or below the CPU count.
 * {@code SimSpinlock} does not disable preemption, so a holder preempted at its slice end leaves the spinners
 * owning every CPU (see the disabled test {@code moreVmapUsersThanCpusDoNotDeadlock}).
 */
package org.f2fsobs.engine.kernel.mm.vmalloc;
