/**
 * The booted machine's tasks as far as the vmalloc allocator sees them: {@code kernel/fork.c}'s thread stacks with
 * {@code CONFIG_VMAP_STACK} and its per-CPU stack cache, and binder's per-process kernel area
 * ({@code binder_alloc_mmap_handler}). {@link org.f2fsobs.engine.kernel.task.VmallocUsersBoot} creates them in the
 * order a phone does (kernel threads, then processes, then some processes restarted) through the same allocator the
 * workload uses, so the holes the workload meets are the ones that order leaves, none placed by hand.
 */
package org.f2fsobs.engine.kernel.task;
