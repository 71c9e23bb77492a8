package org.f2fsobs.engine.platform;

/**
 * What kernel the profile's machine ran, as far as the model's era-dependent mechanisms care. Structural choices,
 * not swept by a band; their reads are noted all the same ({@link ProfileReads}), so a band can list the ones a run
 * depends on.
 *
 * @param version           e.g. "6.14", "4.9 (msm-4.9)"
 * @param vmalloc           "list_walk_sync_purge" (4.x: linear VA walk, purge run by the freeing task) or
 *                          "rbtree_deferred_purge" (5.2+/6.x)
 * @param decompressContext where read-side decompression runs: "workqueue" (2020) or "completion" (6.14 softirq)
 */
public record KernelSpec(String version, String vmalloc, String decompressContext, ProfileReads reads) {

    public KernelSpec {
        if (reads == null) reads = new ProfileReads();
    }

    public KernelSpec(String version, String vmalloc, String decompressContext) {
        this(version, vmalloc, decompressContext, null);
    }

    /** The same kernel noting its reads in {@code log}. */
    public KernelSpec withReads(ProfileReads log) {
        return log == reads ? this : new KernelSpec(version, vmalloc, decompressContext, log);
    }

    @Override public String version() { reads.note(ProfileReads.KERNEL_VERSION); return version; }
    @Override public String vmalloc() { reads.note(ProfileReads.KERNEL_VMALLOC); return vmalloc; }
    @Override public String decompressContext() { reads.note(ProfileReads.KERNEL_DECOMPRESS_CONTEXT); return decompressContext; }
}
