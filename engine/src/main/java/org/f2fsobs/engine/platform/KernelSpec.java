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
 * @param f2fs              which f2fs the kernel carries, for its mount options and their defaults: "2018" (Qualcomm
 *                          msm-4.9), "2020" (the f2fs dev tree of mid-2020 as Android 4.9 kernels carried it) or "6.14"
 */
public record KernelSpec(String version, String vmalloc, String decompressContext, String f2fs, ProfileReads reads) {

    public KernelSpec {
        if (reads == null) reads = new ProfileReads();
    }

    public KernelSpec(String version, String vmalloc, String decompressContext, String f2fs) {
        this(version, vmalloc, decompressContext, f2fs, null);
    }

    /** The same kernel noting its reads in {@code log}. */
    public KernelSpec withReads(ProfileReads log) {
        return log == reads ? this : new KernelSpec(version, vmalloc, decompressContext, f2fs, log);
    }

    @Override public String version() { reads.note(ProfileReads.KERNEL_VERSION); return version; }
    @Override public String vmalloc() { reads.note(ProfileReads.KERNEL_VMALLOC); return vmalloc; }
    @Override public String decompressContext() { reads.note(ProfileReads.KERNEL_DECOMPRESS_CONTEXT); return decompressContext; }
    @Override public String f2fs() { reads.note(ProfileReads.KERNEL_F2FS); return f2fs; }
}
