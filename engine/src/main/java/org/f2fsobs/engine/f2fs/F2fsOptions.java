package org.f2fsobs.engine.f2fs;

/**
 * Mount-time options and era rules of the F2FS model (mount options, sysfs tunables, and how the kernel of a given
 * era behaved where that differs). Defaults are Linux 6.14's.
 *
 * @param optimizations     the switches under study
 * @param serializeRule     when the writepages mutex applies: "all_regular" (2018: every non-directory inode) or
 *                          "should_serialize_io" (6.14 __should_serialize_io)
 * @param serializeTempMask Chao Yu's proposed serialize= mask over data temperatures (HOT=1, WARM=2, COLD=4); 7 = all
 * @param minSeqBlocks      sysfs min_seq_blocks (default BLKS_PER_SEG = 512)
 * @param minFsyncBlocks    sysfs min_fsync_blocks (default 8)
 * @param minHotBlocks      sysfs min_hot_blocks (default 16)
 * @param checkpointMerge   mount option checkpoint_merge (default on)
 * @param flushMerge        mount option flush_merge (default on)
 * @param compressAlgorithm mount option compress_algorithm: lz4 (default), lzo, zstd (lzo-rle is kernel-only)
 * @param compressLogSize   mount option compress_log_size: cluster = 1 &lt;&lt; n pages (2…8, default 2)
 * @param nobarrier         mount option nobarrier: no cache flushes, and checkpoints committed without PREFLUSH|FUA
 *                          (safe only on a device without a volatile cache)
 */
public record F2fsOptions(Optimizations optimizations, String serializeRule, int serializeTempMask, int minSeqBlocks,
                          int minFsyncBlocks, int minHotBlocks, boolean checkpointMerge, boolean flushMerge,
                          String compressAlgorithm, int compressLogSize, boolean nobarrier) {

    public F2fsOptions {
        if (!serializeRule.equals("all_regular") && !serializeRule.equals("should_serialize_io")) {
            throw new IllegalArgumentException("serialize_rule must be all_regular or should_serialize_io: " + serializeRule);
        }
        if (serializeTempMask < 1 || serializeTempMask > 7) throw new IllegalArgumentException("serialize mask must be 1..7");
        if (minSeqBlocks < 1 || minFsyncBlocks < 0 || minHotBlocks < 0) throw new IllegalArgumentException("bad sysfs tunable");
        if (compressAlgorithm.equals("lzo-rle")) {
            throw new F2fsException("EINVAL", "compress_algorithm=lzo-rle is a kernel-only format with no Java codec: unsupported");
        }
        if (!compressAlgorithm.equals("lz4") && !compressAlgorithm.equals("lzo") && !compressAlgorithm.equals("zstd")) {
            throw new F2fsException("EINVAL", "compress_algorithm must be lz4, lzo or zstd, got '" + compressAlgorithm + "'");
        }
        if (compressLogSize < 2 || compressLogSize > 8) {
            throw new F2fsException("EINVAL", "compress_log_size must be in 2..8, got " + compressLogSize);
        }
    }

    public static F2fsOptions defaults(Optimizations o) {
        return new F2fsOptions(o, "should_serialize_io", 7, F2fsConst.BLKS_PER_SEG, F2fsConst.DEF_MIN_FSYNC_BLOCKS,
                F2fsConst.DEF_MIN_HOT_BLOCKS, true, true, "lz4", 2, false);
    }

    /**
     * Applies mount options ("compress_algorithm=lz4,compress_log_size=2", comma or space separated): the ones the model
     * implements change the options; others the kernel accepts and that do not affect the model are accepted; anything
     * else is EINVAL naming the option.
     */
    public F2fsOptions withMountOptions(String text) {
        F2fsOptions o = this;
        if (text == null || text.isBlank()) return o;
        for (String opt : text.trim().split("[,\\s]+")) {
            String key = opt.contains("=") ? opt.substring(0, opt.indexOf('=')) : opt;
            String val = opt.contains("=") ? opt.substring(opt.indexOf('=') + 1) : null;
            switch (key) {
                case "compress_algorithm" -> o = o.withCompression(requireValue(opt, val), o.compressLogSize);
                case "compress_log_size" -> {
                    try {
                        o = o.withCompression(o.compressAlgorithm, Integer.parseInt(requireValue(opt, val)));
                    } catch (NumberFormatException e) {
                        throw new F2fsException("EINVAL", "mount option compress_log_size needs a number, got '" + val + "'");
                    }
                }
                case "checkpoint_merge" -> o = new F2fsOptions(o.optimizations, o.serializeRule, o.serializeTempMask, o.minSeqBlocks,
                        o.minFsyncBlocks, o.minHotBlocks, true, o.flushMerge, o.compressAlgorithm, o.compressLogSize, o.nobarrier);
                case "nocheckpoint_merge" -> o = new F2fsOptions(o.optimizations, o.serializeRule, o.serializeTempMask, o.minSeqBlocks,
                        o.minFsyncBlocks, o.minHotBlocks, false, o.flushMerge, o.compressAlgorithm, o.compressLogSize, o.nobarrier);
                case "flush_merge" -> o = new F2fsOptions(o.optimizations, o.serializeRule, o.serializeTempMask, o.minSeqBlocks,
                        o.minFsyncBlocks, o.minHotBlocks, o.checkpointMerge, true, o.compressAlgorithm, o.compressLogSize, o.nobarrier);
                case "noflush_merge" -> o = new F2fsOptions(o.optimizations, o.serializeRule, o.serializeTempMask, o.minSeqBlocks,
                        o.minFsyncBlocks, o.minHotBlocks, o.checkpointMerge, false, o.compressAlgorithm, o.compressLogSize, o.nobarrier);
                case "nobarrier" -> o = new F2fsOptions(o.optimizations, o.serializeRule, o.serializeTempMask, o.minSeqBlocks,
                        o.minFsyncBlocks, o.minHotBlocks, o.checkpointMerge, o.flushMerge, o.compressAlgorithm, o.compressLogSize, true);
                case "barrier" -> o = new F2fsOptions(o.optimizations, o.serializeRule, o.serializeTempMask, o.minSeqBlocks,
                        o.minFsyncBlocks, o.minHotBlocks, o.checkpointMerge, o.flushMerge, o.compressAlgorithm, o.compressLogSize, false);
                case "rw", "noatime", "nodiratime", "relatime", "lazytime", "nolazytime", "background_gc", "discard", "nodiscard",
                     "user_xattr", "acl", "inline_xattr", "inline_data", "inline_dentry", "extent_cache", "mode", "active_logs",
                     "alloc_mode", "fsync_mode", "compress_chksum", "compress_mode", "compress_extension" -> {
                    // accepted; no effect on the model (its defaults are those of 6.14)
                }
                default -> throw new F2fsException("EINVAL", "unsupported mount option '" + opt + "'");
            }
        }
        return o;
    }

    /**
     * f2fs_remount: default_options(sbi, true) resets the mount options, then the remount's own are parsed; the sysfs
     * tunables (min_*_blocks) and the era rules are not mount options and stay.
     */
    public F2fsOptions remount(String text) {
        F2fsOptions d = defaults(optimizations);
        return new F2fsOptions(optimizations, serializeRule, serializeTempMask, minSeqBlocks, minFsyncBlocks, minHotBlocks,
                d.checkpointMerge, d.flushMerge, d.compressAlgorithm, d.compressLogSize, d.nobarrier).withMountOptions(text);
    }

    public F2fsOptions withMinHotBlocks(int blocks) {
        return new F2fsOptions(optimizations, serializeRule, serializeTempMask, minSeqBlocks, minFsyncBlocks, blocks,
                checkpointMerge, flushMerge, compressAlgorithm, compressLogSize, nobarrier);
    }

    private static String requireValue(String opt, String val) {
        if (val == null || val.isEmpty()) throw new F2fsException("EINVAL", "mount option " + opt + " needs a value");
        return val;
    }

    public F2fsOptions withMinFsyncBlocks(int blocks) {
        return new F2fsOptions(optimizations, serializeRule, serializeTempMask, minSeqBlocks, blocks, minHotBlocks,
                checkpointMerge, flushMerge, compressAlgorithm, compressLogSize, nobarrier);
    }

    public F2fsOptions withSerializeRule(String rule) {
        return new F2fsOptions(optimizations, rule, serializeTempMask, minSeqBlocks, minFsyncBlocks, minHotBlocks,
                checkpointMerge, flushMerge, compressAlgorithm, compressLogSize, nobarrier);
    }

    public F2fsOptions withSerializeTempMask(int mask) {
        return new F2fsOptions(optimizations, serializeRule, mask, minSeqBlocks, minFsyncBlocks, minHotBlocks,
                checkpointMerge, flushMerge, compressAlgorithm, compressLogSize, nobarrier);
    }

    public F2fsOptions withMinSeqBlocks(int blocks) {
        return new F2fsOptions(optimizations, serializeRule, serializeTempMask, blocks, minFsyncBlocks, minHotBlocks,
                checkpointMerge, flushMerge, compressAlgorithm, compressLogSize, nobarrier);
    }

    public F2fsOptions withCompression(String algorithm, int logSize) {
        return new F2fsOptions(optimizations, serializeRule, serializeTempMask, minSeqBlocks, minFsyncBlocks, minHotBlocks,
                checkpointMerge, flushMerge, algorithm, logSize, nobarrier);
    }

    /** compress_algorithm as stored in i_compress_algorithm (COMPRESS_LZO 0, COMPRESS_LZ4 1, COMPRESS_ZSTD 2). */
    public int compressAlgorithmId() {
        return switch (compressAlgorithm) {
            case "lzo" -> 0;
            case "lz4" -> 1;
            default -> 2;
        };
    }

    public F2fsOptions withOptimizations(Optimizations o) {
        return new F2fsOptions(o, serializeRule, serializeTempMask, minSeqBlocks, minFsyncBlocks, minHotBlocks,
                checkpointMerge, flushMerge, compressAlgorithm, compressLogSize, nobarrier);
    }
}
