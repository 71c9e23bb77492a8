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
 * @param vmallocUsers      the booted machine's other vmalloc users (thread stacks, binder areas), created by
 *                          mechanism before the workload; {@link VmallocUsers#NONE} when the profile declares none
 */
public record KernelSpec(String version, String vmalloc, String decompressContext, String f2fs, VmallocUsers vmallocUsers,
                         ProfileReads reads) {

    public KernelSpec {
        if (vmallocUsers == null) vmallocUsers = VmallocUsers.NONE;
        if (reads == null) reads = new ProfileReads();
    }

    public KernelSpec(String version, String vmalloc, String decompressContext, String f2fs) {
        this(version, vmalloc, decompressContext, f2fs, VmallocUsers.NONE, null);
    }

    public KernelSpec(String version, String vmalloc, String decompressContext, String f2fs, VmallocUsers vmallocUsers) {
        this(version, vmalloc, decompressContext, f2fs, vmallocUsers, null);
    }

    /** The same kernel noting its reads in {@code log}. */
    public KernelSpec withReads(ProfileReads log) {
        return log == reads ? this : new KernelSpec(version, vmalloc, decompressContext, f2fs, vmallocUsers, log);
    }

    @Override public String version() { reads.note(ProfileReads.KERNEL_VERSION); return version; }
    @Override public String vmalloc() { reads.note(ProfileReads.KERNEL_VMALLOC); return vmalloc; }
    @Override public String decompressContext() { reads.note(ProfileReads.KERNEL_DECOMPRESS_CONTEXT); return decompressContext; }
    @Override public String f2fs() { reads.note(ProfileReads.KERNEL_F2FS); return f2fs; }

    /** The population is built from all four counts at once: reading it reads every one of them. */
    @Override public VmallocUsers vmallocUsers() {
        reads.note(ProfileReads.KERNEL_VMALLOC_USERS_THREADS);
        reads.note(ProfileReads.KERNEL_VMALLOC_USERS_BINDER_PROCS);
        reads.note(ProfileReads.KERNEL_VMALLOC_USERS_BOOT_KTHREADS);
        reads.note(ProfileReads.KERNEL_VMALLOC_USERS_RESTARTED_PROCS);
        return vmallocUsers;
    }

    /**
     * {@code kernel.vmalloc_users}: how many of the kernel's other vmalloc users exist when the workload starts, in
     * the order they were created: {@code bootKthreads} kernel threads, then {@code binderProcs} processes (main
     * thread, binder mmap, further threads) until {@code threads} threads exist, then {@code restartedProcs} of the
     * processes exit and start again.
     */
    public record VmallocUsers(int threads, int binderProcs, int bootKthreads, int restartedProcs) {
        public static final VmallocUsers NONE = new VmallocUsers(0, 0, 0, 0);

        public VmallocUsers {
            if (threads < 0 || binderProcs < 0 || bootKthreads < 0 || restartedProcs < 0) {
                throw new IllegalArgumentException("vmalloc_users counts must be >= 0");
            }
            if (bootKthreads + binderProcs > threads && threads > 0) {
                throw new IllegalArgumentException("vmalloc_users.threads (" + threads + ") must cover boot_kthreads + one thread per process ("
                        + (bootKthreads + binderProcs) + ")");
            }
            if (restartedProcs > binderProcs) {
                throw new IllegalArgumentException("vmalloc_users.restarted_procs must not exceed binder_procs");
            }
        }

        /** The same population with another thread count (a sweep); processes keep their number, kthreads clip. */
        public VmallocUsers withThreads(int t) {
            if (t == 0) return new VmallocUsers(0, 0, 0, 0);
            int procs = Math.min(binderProcs, t);
            int k = Math.min(bootKthreads, t - procs);
            return new VmallocUsers(t, procs, k, Math.min(restartedProcs, procs));
        }
    }
}
