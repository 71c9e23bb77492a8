package org.f2fsobs.engine.f2fs;

import java.util.ArrayList;
import org.f2fsobs.engine.f2fs.ondisk.SuperBlock;
import java.util.List;

/**
 * Mount-time options and era rules of the F2FS model: the mount options ({@code struct f2fs_mount_info}, parsed by
 * {@link MountOptions}, reset by a remount), the sysfs tunables of /sys/fs/f2fs/&lt;dev&gt;/ (kept by a remount) and
 * how the kernel of a given era behaved where that differs. Immutable: every {@code with…} returns a copy.
 *
 * <ul>
 * <li>{@code serializeRule}: when the writepages mutex applies: "all_regular" (2018: every non-directory inode) or
 *     "should_serialize_io" (6.14 __should_serialize_io); {@code serializeTempMask}: Chao Yu's proposed serialize=
 *     mask over data temperatures (HOT=1, WARM=2, COLD=4; 7 = all)</li>
 * <li>sysfs: {@code min_seq_blocks} (default BLKS_PER_SEG = 512), {@code min_fsync_blocks} (8), {@code min_hot_blocks}
 *     (16), {@code ipu_policy} (1 &lt;&lt; F2FS_IPU_FSYNC)</li>
 * <li>mount options: see {@link MountOptions} for each one and how the model treats it</li>
 * </ul>
 */
public final class F2fsOptions {
    /** F2FS_IPU_FSYNC: the in-place-update policy bit of fsync (segment.h); the default ipu_policy is 1 &lt;&lt; it. */
    public static final int F2FS_IPU_FSYNC = 4;
    /** SMALL_VOLUME_SEGMENTS (segment.h, 16 GB): default_options picks alloc_mode=reuse on a main area this small. */
    static final int SMALL_VOLUME_SEGMENTS = 16 * 512;

    Optimizations optimizations;
    String serializeRule;
    int serializeTempMask;
    int minSeqBlocks;
    int minFsyncBlocks;
    int minHotBlocks;
    int ipuPolicy;
    /** sysfs min_ipu_util (SM_I->min_ipu_util, DEF_MIN_IPU_UTIL 70): the utilization the UTIL ipu_policy bits need. */
    int minIpuUtil;
    /** sysfs gc_urgent: 0 GC_NORMAL, 1 GC_URGENT_HIGH, 2 GC_URGENT_LOW, 3 GC_URGENT_MID (sbi->gc_mode). */
    int gcUrgent;
    /** sysfs gc_min_sleep_time, gc_max_sleep_time, gc_no_gc_sleep_time, gc_urgent_sleep_time (ms, the GC thread's). */
    long gcMinSleepTimeMs, gcMaxSleepTimeMs, gcNoGcSleepTimeMs, gcUrgentSleepTimeMs;
    F2fsEra era;
    // ---- mount options (default_options, then parse_options)
    boolean checkpointMerge;
    boolean flushMerge;
    boolean nobarrier;
    String compressAlgorithm;
    /** compress_level (6.14, since 5.12): lz4's LZ4HC level 3..16, 0 = plain LZ4. */
    int compressLevel;
    int compressLogSize;
    List<String> compressExtensions;
    List<String> nocompressExtensions;
    boolean compressChksum;
    boolean compressModeUser;
    boolean lfsMode;
    boolean fsyncNobarrier;
    /** fsync_mode=strict in an f2fs with 5.15's atomic fsync for it (6.14). */
    boolean fsyncStrict;
    /** "" = default_options' choice by volume size (2020, 6.14), "default" or "reuse". */
    String allocMode;
    boolean disableRollForward;
    /** background_gc: BGGC_MODE_ON (default_options), OFF, SYNC. */
    BggcMode bggcMode;
    /** The compress_* options given, for the mount-time check against the image's compression feature. */
    List<String> compressOptionsGiven;

    private F2fsOptions() {}

    public static F2fsOptions defaults(Optimizations o) {
        return defaults(o, F2fsEra.LINUX_6_14);
    }

    /** The defaults of a kernel of {@code era}: default_options, and the sysfs tunables' initial values. */
    public static F2fsOptions defaults(Optimizations o, F2fsEra era) {
        F2fsOptions r = new F2fsOptions();
        r.optimizations = o;
        r.serializeRule = "should_serialize_io";
        r.serializeTempMask = 7;
        r.minSeqBlocks = F2fsConst.BLKS_PER_SEG;
        r.minFsyncBlocks = F2fsConst.DEF_MIN_FSYNC_BLOCKS;
        r.minHotBlocks = F2fsConst.DEF_MIN_HOT_BLOCKS;
        r.ipuPolicy = 1 << F2FS_IPU_FSYNC;
        r.minIpuUtil = 70;
        r.gcMinSleepTimeMs = 30_000;          // DEF_GC_THREAD_MIN_SLEEP_TIME
        r.gcMaxSleepTimeMs = 60_000;          // DEF_GC_THREAD_MAX_SLEEP_TIME
        r.gcNoGcSleepTimeMs = 300_000;        // DEF_GC_THREAD_NOGC_SLEEP_TIME
        r.gcUrgentSleepTimeMs = 500;          // DEF_GC_THREAD_URGENT_SLEEP_TIME
        r.era = era;
        r.defaultMountOptions();
        return r;
    }

    /** default_options: the mount options before parse_options (a remount starts here too). */
    void defaultMountOptions() {
        checkpointMerge = era == F2fsEra.LINUX_6_14;     // the checkpoint thread came with 5.11, on by default since 5.13
        flushMerge = true;
        nobarrier = false;
        compressAlgorithm = "lz4";
        compressLevel = 0;
        compressLogSize = 2;
        compressExtensions = List.of();
        nocompressExtensions = List.of();
        compressChksum = false;
        compressModeUser = false;
        lfsMode = false;
        fsyncNobarrier = false;
        fsyncStrict = false;
        allocMode = "";
        disableRollForward = false;
        bggcMode = BggcMode.ON;
        compressOptionsGiven = List.of();
    }

    F2fsOptions copy() {
        F2fsOptions c = new F2fsOptions();
        c.optimizations = optimizations;
        c.serializeRule = serializeRule;
        c.serializeTempMask = serializeTempMask;
        c.minSeqBlocks = minSeqBlocks;
        c.minFsyncBlocks = minFsyncBlocks;
        c.minHotBlocks = minHotBlocks;
        c.ipuPolicy = ipuPolicy;
        c.minIpuUtil = minIpuUtil;
        c.gcUrgent = gcUrgent;
        c.gcMinSleepTimeMs = gcMinSleepTimeMs;
        c.gcMaxSleepTimeMs = gcMaxSleepTimeMs;
        c.gcNoGcSleepTimeMs = gcNoGcSleepTimeMs;
        c.gcUrgentSleepTimeMs = gcUrgentSleepTimeMs;
        c.era = era;
        c.checkpointMerge = checkpointMerge;
        c.flushMerge = flushMerge;
        c.nobarrier = nobarrier;
        c.compressAlgorithm = compressAlgorithm;
        c.compressLevel = compressLevel;
        c.compressLogSize = compressLogSize;
        c.compressExtensions = compressExtensions;
        c.nocompressExtensions = nocompressExtensions;
        c.compressChksum = compressChksum;
        c.compressModeUser = compressModeUser;
        c.lfsMode = lfsMode;
        c.fsyncNobarrier = fsyncNobarrier;
        c.fsyncStrict = fsyncStrict;
        c.allocMode = allocMode;
        c.disableRollForward = disableRollForward;
        c.bggcMode = bggcMode;
        c.compressOptionsGiven = compressOptionsGiven;
        return c;
    }

    /**
     * parse_options on top of these options ("compress_algorithm=lz4,compress_log_size=2", comma or space separated):
     * each option either changes the model as the kernel's does, is accepted as what the model always does, or is
     * refused naming it; values the era's kernel refuses are EINVAL as there (see {@link MountOptions}).
     */
    public F2fsOptions withMountOptions(String text) {
        return MountOptions.parse(this, text);
    }

    /**
     * f2fs_remount: default_options(sbi, true) resets the mount options, then the remount's own are parsed; the sysfs
     * tunables (min_*_blocks, ipu_policy) and the era rules are not mount options and stay.
     */
    public F2fsOptions remount(String text) {
        F2fsOptions r = copy();
        r.defaultMountOptions();
        return r.withMountOptions(text);
    }

    /**
     * The mount-time checks parse_options makes against the superblock: compress_* options on an image without the
     * compression feature are EINVAL in 2020 ("Compression feature if off"); 6.14 ignores them with "Image doesn't
     * support compression", which the model refuses rather than ignore.
     */
    public void checkImage(SuperBlock sb) {
        checkImage(sb.hasCompression());
    }

    /** {@link #checkImage(SuperBlock)} for an image that has ({@code compression}) or lacks the compression feature. */
    public void checkImage(boolean compression) {
        if (compressOptionsGiven.isEmpty() || compression) return;
        String opts = String.join(",", compressOptionsGiven);
        if (era == F2fsEra.F2FS_2020) {
            throw new F2fsException("EINVAL", "mount option " + opts + ": F2FS-fs: Compression feature if off (the image has no "
                    + "compression feature: mkfs.f2fs -O extra_attr,compression)");
        }
        throw new F2fsException("EINVAL", "mount option " + opts + ": the image has no compression feature (mkfs.f2fs -O "
                + "extra_attr,compression); the kernel ignores the option (F2FS-fs: Image doesn't support compression), "
                + "the simulation refuses it rather than ignore it");
    }

    // ------------------------------------------------------------------ accessors

    public Optimizations optimizations() { return optimizations; }
    public String serializeRule() { return serializeRule; }
    public int serializeTempMask() { return serializeTempMask; }
    public int minSeqBlocks() { return minSeqBlocks; }
    public int minFsyncBlocks() { return minFsyncBlocks; }
    public int minHotBlocks() { return minHotBlocks; }
    /** sysfs ipu_policy (F2FS_IPU_* bits). */
    public int ipuPolicy() { return ipuPolicy; }
    public int minIpuUtil() { return minIpuUtil; }

    /** sysfs min_ipu_util */
    public F2fsOptions withMinIpuUtil(int util) {
        F2fsOptions c = copy();
        c.minIpuUtil = util;
        return c;
    }

    /** background_gc. */
    public BggcMode bggcMode() { return bggcMode; }
    /** sysfs gc_urgent (sbi->gc_mode: 0 normal, 1 high, 2 low, 3 mid). */
    public int gcUrgent() { return gcUrgent; }
    public long gcMinSleepTimeMs() { return gcMinSleepTimeMs; }
    public long gcMaxSleepTimeMs() { return gcMaxSleepTimeMs; }
    public long gcNoGcSleepTimeMs() { return gcNoGcSleepTimeMs; }
    public long gcUrgentSleepTimeMs() { return gcUrgentSleepTimeMs; }

    /** background_gc=on|off|sync (BGGC_MODE_*). */
    public enum BggcMode { ON, OFF, SYNC }

    /** sysfs gc_urgent (0..3; the caller refuses other values as sysfs does with -EINVAL). */
    public F2fsOptions withGcUrgent(int mode) {
        if (mode < 0 || mode > 3) throw new IllegalArgumentException("gc_urgent must be 0..3: " + mode);
        F2fsOptions c = copy();
        c.gcUrgent = mode;
        return c;
    }

    /** sysfs gc_min_sleep_time, gc_max_sleep_time, gc_no_gc_sleep_time, gc_urgent_sleep_time (ms). */
    public F2fsOptions withGcSleepTimes(long minMs, long maxMs, long noGcMs, long urgentMs) {
        F2fsOptions c = copy();
        c.gcMinSleepTimeMs = minMs;
        c.gcMaxSleepTimeMs = maxMs;
        c.gcNoGcSleepTimeMs = noGcMs;
        c.gcUrgentSleepTimeMs = urgentMs;
        return c;
    }
    public F2fsEra era() { return era; }
    /** checkpoint_merge: fsync's checkpoints go through the issue_checkpoint thread. */
    public boolean checkpointMerge() { return checkpointMerge; }
    /** flush_merge: fsync's cache flushes go through the issue_flush thread. */
    public boolean flushMerge() { return flushMerge; }
    /** nobarrier: no cache flushes, and checkpoints committed without PREFLUSH|FUA (safe only without a volatile cache). */
    public boolean nobarrier() { return nobarrier; }
    /** compress_algorithm: lz4 (default), lzo, zstd. */
    public String compressAlgorithm() { return compressAlgorithm; }
    /** compress_algorithm=lz4:N: the LZ4HC level N new compressed files take (i_compress_level); 0 = none. */
    public int compressLevel() { return compressLevel; }
    /** compress_log_size: cluster = 1 &lt;&lt; n pages (2…8, default 2). */
    public int compressLogSize() { return compressLogSize; }
    /** compress_extension values, in the order given ("*" = every file). */
    public List<String> compressExtensions() { return compressExtensions; }
    /** nocompress_extension values. */
    public List<String> nocompressExtensions() { return nocompressExtensions; }
    /** compress_chksum: a crc32 of the compressed data in the cluster header, checked on read. */
    public boolean compressChksum() { return compressChksum; }
    /** compress_mode=user: writeback compresses nothing on its own (f2fs_need_compress_data without FI_ENABLE_COMPRESS). */
    public boolean compressModeUser() { return compressModeUser; }
    /** mode=lfs (f2fs_lfs_mode): no SSR allocation and no in-place updates. */
    public boolean lfsMode() { return lfsMode; }
    /** fsync_mode=nobarrier: fsync issues no cache flush. */
    public boolean fsyncNobarrier() { return fsyncNobarrier; }

    /** fsync_mode=strict with atomic fsync (6.14): f2fs_do_sync_file sets atomic for appended/moved data of a clean inode. */
    public boolean fsyncStrict() { return fsyncStrict; }
    /** disable_roll_forward: mount does not recover fsync'd data. */
    public boolean disableRollForward() { return disableRollForward; }

    /**
     * ALLOC_MODE_REUSE: new segments of the data logs are searched from segment 0 (__get_next_segno). Explicit with
     * alloc_mode=reuse, or default_options' choice for a main area of at most SMALL_VOLUME_SEGMENTS (2020, 6.14; the
     * 2018 kernel had no alloc_mode).
     */
    public boolean allocReuse(int segmentCountMain) {
        if (allocMode.equals("reuse")) return true;
        return allocMode.isEmpty() && era != F2fsEra.F2FS_2018 && segmentCountMain <= SMALL_VOLUME_SEGMENTS;
    }

    /** compress_algorithm as stored in i_compress_algorithm (COMPRESS_LZO 0, COMPRESS_LZ4 1, COMPRESS_ZSTD 2). */
    public int compressAlgorithmId() {
        return switch (compressAlgorithm) {
            case "lzo" -> 0;
            case "lz4" -> 1;
            default -> 2;
        };
    }

    // ------------------------------------------------------------------ sysfs and era rules

    public F2fsOptions withMinHotBlocks(int blocks) {
        if (blocks < 0) throw new IllegalArgumentException("bad sysfs tunable min_hot_blocks " + blocks);
        F2fsOptions c = copy();
        c.minHotBlocks = blocks;
        return c;
    }

    public F2fsOptions withMinFsyncBlocks(int blocks) {
        if (blocks < 0) throw new IllegalArgumentException("bad sysfs tunable min_fsync_blocks " + blocks);
        F2fsOptions c = copy();
        c.minFsyncBlocks = blocks;
        return c;
    }

    public F2fsOptions withMinSeqBlocks(int blocks) {
        if (blocks < 1) throw new IllegalArgumentException("bad sysfs tunable min_seq_blocks " + blocks);
        F2fsOptions c = copy();
        c.minSeqBlocks = blocks;
        return c;
    }

    /** sysfs ipu_policy; the model implements the F2FS_IPU_FSYNC bit only (others are refused where written). */
    public F2fsOptions withIpuPolicy(int policy) {
        F2fsOptions c = copy();
        c.ipuPolicy = policy;
        return c;
    }

    public F2fsOptions withSerializeRule(String rule) {
        if (!rule.equals("all_regular") && !rule.equals("should_serialize_io")) {
            throw new IllegalArgumentException("serialize_rule must be all_regular or should_serialize_io: " + rule);
        }
        F2fsOptions c = copy();
        c.serializeRule = rule;
        return c;
    }

    public F2fsOptions withSerializeTempMask(int mask) {
        if (mask < 1 || mask > 7) throw new IllegalArgumentException("serialize mask must be 1..7");
        F2fsOptions c = copy();
        c.serializeTempMask = mask;
        return c;
    }

    /** compress_algorithm and compress_log_size set directly (tests, the scenario layer). */
    public F2fsOptions withCompression(String algorithm, int logSize) {
        MountOptions.checkAlgorithm(algorithm);
        MountOptions.checkLogSize(logSize);
        F2fsOptions c = copy();
        c.compressAlgorithm = algorithm;
        c.compressLevel = 0;
        c.compressLogSize = logSize;
        return c;
    }

    public F2fsOptions withOptimizations(Optimizations o) {
        F2fsOptions c = copy();
        c.optimizations = o;
        return c;
    }

    static List<String> plus(List<String> l, String s) {
        List<String> r = new ArrayList<>(l);
        r.add(s);
        return List.copyOf(r);
    }
}
