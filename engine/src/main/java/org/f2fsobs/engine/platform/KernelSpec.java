package org.f2fsobs.engine.platform;

/**
 * What kernel the profile's machine ran, as far as the model's era-dependent mechanisms care.
 *
 * @param version           e.g. "6.14", "4.9 (msm-4.9)"
 * @param vmalloc           "list_walk_sync_purge" (4.x: linear VA walk, purge run by the freeing task) or
 *                          "rbtree_deferred_purge" (5.2+/6.x)
 * @param decompressContext where read-side decompression runs: "workqueue" (2020) or "completion" (6.14 softirq)
 */
public record KernelSpec(String version, String vmalloc, String decompressContext) {}
