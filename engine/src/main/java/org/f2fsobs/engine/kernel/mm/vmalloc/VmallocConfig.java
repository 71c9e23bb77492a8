package org.f2fsobs.engine.kernel.mm.vmalloc;

/**
 * What the vmalloc model needs to know about the machine besides unit costs.
 *
 * @param onlineCpus           {@code num_online_cpus()}, drives {@code lazy_max_pages()}; the profile's CPU count
 *                             (P2: 4 little cores online)
 * @param era                  allocator generation, see {@link VmallocEra}
 * @param lazyPurgingFactorMib MiB of lazily freed VA per {@code fls(num_online_cpus())} step: 32 in mainline, and
 *                             {@code CONFIG_VMAP_LAZY_PURGING_FACTOR} (default 32, 8 on 32-bit ARM) in msm-4.9
 * @param maxRangeFlushPages   {@code flush_tlb_kernel_range} flushes up to this many pages one by one, and does
 *                             {@code flush_tlb_all()} above it (arm64: 1024 in 4.9, 511 in 6.x)
 */
public record VmallocConfig(int onlineCpus, VmallocEra era, int lazyPurgingFactorMib, int maxRangeFlushPages) {

    public VmallocConfig {
        if (onlineCpus < 1) throw new IllegalArgumentException("onlineCpus must be >= 1: " + onlineCpus);
        if (era == null) throw new IllegalArgumentException("era is required");
        if (lazyPurgingFactorMib < 1) throw new IllegalArgumentException("lazyPurgingFactorMib must be >= 1");
        if (maxRangeFlushPages < 0) throw new IllegalArgumentException("maxRangeFlushPages must be >= 0");
    }

    /** The era's defaults: factor 32 MiB, arm64 TLB range limit of that era. */
    public static VmallocConfig of(int onlineCpus, VmallocEra era) {
        return new VmallocConfig(onlineCpus, era, 32, era.maxRangeFlushPages());
    }
}
