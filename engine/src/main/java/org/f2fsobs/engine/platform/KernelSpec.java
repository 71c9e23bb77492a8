package org.f2fsobs.engine.platform;

/**
 * What kernel the profile's machine ran, as far as the model's era-dependent mechanisms care.
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
public record KernelSpec(String version, String vmalloc, String decompressContext, String f2fs, VmallocUsers vmallocUsers) {

    public KernelSpec(String version, String vmalloc, String decompressContext, String f2fs) {
        this(version, vmalloc, decompressContext, f2fs, VmallocUsers.NONE);
    }

    public KernelSpec {
        if (vmallocUsers == null) vmallocUsers = VmallocUsers.NONE;
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
