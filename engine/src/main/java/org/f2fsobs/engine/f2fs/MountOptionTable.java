package org.f2fsobs.engine.f2fs;

import static org.f2fsobs.engine.f2fs.F2fsEra.F2FS_2018;
import static org.f2fsobs.engine.f2fs.F2fsEra.F2FS_2020;
import static org.f2fsobs.engine.f2fs.F2fsEra.LINUX_6_14;
import static org.f2fsobs.engine.f2fs.MountOptions.Status.MATCHED;
import static org.f2fsobs.engine.f2fs.MountOptions.Status.MODELLED;
import static org.f2fsobs.engine.f2fs.MountOptions.Status.REFUSED;
import static org.f2fsobs.engine.f2fs.MountOptions.eras;

import java.util.List;
import java.util.Set;
import org.f2fsobs.engine.f2fs.MountOptions.Choice;
import org.f2fsobs.engine.f2fs.compress.Codecs;
import org.f2fsobs.engine.f2fs.MountOptions.Opt;
import org.f2fsobs.engine.f2fs.MountOptions.Setter;
import org.f2fsobs.engine.f2fs.MountOptions.Status;

/**
 * The mount options, as f2fs_tokens and parse_options of each era have them (2018: arter97/caf_msm-4.9 super.c; 2020:
 * the f2fs dev tree of July 2020; 6.14: Linux 6.14; the generic ones mount(8) passes as MS_* flags), with how the model
 * treats each value. A value is MATCHED only when it asks for what the model always does.
 */
final class MountOptionTable {
    private MountOptionTable() {}

    static final Set<F2fsEra> ALL = eras(F2FS_2018, F2FS_2020, LINUX_6_14);
    static final Set<F2fsEra> E2020 = eras(F2FS_2020, LINUX_6_14);
    static final Set<F2fsEra> E614 = eras(LINUX_6_14);
    static final Set<F2fsEra> ONLY_2020 = eras(F2FS_2020);
    static final Set<F2fsEra> UNTIL_2020 = eras(F2FS_2018, F2FS_2020);

    private static final String NO_DISCARD = "the model issues no discards";
    private static final String NO_QUOTA = "quota accounting is not modelled";
    private static final String NO_CRYPT = "encryption is not modelled";
    private static final String NO_XATTR = "no effect: no command the model runs sets or reads xattrs or ACLs";

    static final List<Opt> OPTS = List.of(
            // ---- generic options (mount(8) → MS_* flags and the VFS)
            flag("rw", ALL, MATCHED, "the model mounts read-write"),
            flag("ro", ALL, REFUSED, "read-only mounts are not modelled"),
            flag("defaults", ALL, MATCHED, "rw, suid, dev, exec, async: the model's own state"),
            flag("async", ALL, MATCHED, "the model's writes are asynchronous unless a file is opened O_SYNC"),
            flag("sync", ALL, REFUSED, "synchronous mounts (MS_SYNCHRONOUS) are not modelled"),
            flag("dirsync", ALL, REFUSED, "synchronous directory updates (MS_DIRSYNC) are not modelled"),
            flag("suid", ALL, MATCHED, "no effect on file I/O"),
            flag("nosuid", ALL, MATCHED, "no effect on file I/O"),
            flag("dev", ALL, MATCHED, "no effect on file I/O"),
            flag("nodev", ALL, MATCHED, "no effect on file I/O"),
            flag("exec", ALL, MATCHED, "no effect on file I/O"),
            flag("noexec", ALL, MATCHED, "no effect on file I/O"),
            flag("noatime", ALL, MATCHED, "the model keeps no access times: reads never dirty an inode"),
            flag("nodiratime", ALL, MATCHED, "the model keeps no access times"),
            flag("relatime", ALL, REFUSED, "access-time updates on read are not modelled (noatime matches the model)"),
            flag("strictatime", ALL, REFUSED, "access-time updates on read are not modelled (noatime matches the model)"),
            flag("lazytime", ALL, MATCHED, "timestamps never dirty an inode in the model (it keeps none), as with lazytime "
                    + "(f2fs's default)"),
            flag("nolazytime", ALL, REFUSED, "timestamp updates that dirty the inode are not modelled (lazytime matches)"),
            // ---- f2fs_tokens
            values("background_gc", ALL,
                    c("on", MODELLED, "the default: the GC thread (gc_thread_func) collects cost-benefit victims when the "
                            + "I/O is idle", (o, v) -> o.bggcMode = F2fsOptions.BggcMode.ON),
                    c("off", MODELLED, "no GC thread: only f2fs_balance_fs's foreground GC",
                            (o, v) -> o.bggcMode = F2fsOptions.BggcMode.OFF),
                    c("sync", MODELLED, "the GC thread runs f2fs_gc as FG_GC (greedy victims, collected at once)",
                            (o, v) -> o.bggcMode = F2fsOptions.BggcMode.SYNC)),
            flag("disable_roll_forward", ALL, MODELLED, "mount runs no roll-forward recovery; with data fsync'd since the "
                    + "last checkpoint waiting, a read-write mount is refused (F2FS-fs: Need to recover fsync data)",
                    (o, v) -> o.disableRollForward = true),
            flag("norecovery", ALL, REFUSED, "needs a read-only mount (the kernel returns -EINVAL on a read-write one)"),
            flag("discard", ALL, REFUSED, "discard commands are not modelled (nodiscard matches)"),
            flag("nodiscard", ALL, MATCHED, NO_DISCARD),
            flag("no_heap", UNTIL_2020, MATCHED, "hot data and node logs are allocated from the start of the main area "
                    + "(default_options sets NOHEAP)"),
            flag("heap", UNTIL_2020, REFUSED, "heap-style allocation (hot data and nodes from the end) is not modelled"),
            flag("no_heap", E614, MATCHED, "deprecated: the kernel warns \"heap/no_heap options were deprecated\" and "
                    + "ignores it"),
            flag("heap", E614, MATCHED, "deprecated: the kernel warns \"heap/no_heap options were deprecated\" and ignores it"),
            flag("user_xattr", ALL, MATCHED, NO_XATTR),
            flag("nouser_xattr", ALL, MATCHED, NO_XATTR),
            flag("acl", ALL, MATCHED, NO_XATTR),
            flag("noacl", ALL, MATCHED, NO_XATTR),
            free("active_logs", ALL, MountOptionTable::activeLogs,
                    c("6", MATCHED, "the model runs the six logs (NR_CURSEG_PERSIST_TYPE)"),
                    c("2|4", REFUSED, "fewer logs are not modelled; other numbers: -EINVAL")),
            flag("disable_ext_identify", ALL, MATCHED, "the model never types a file hot or cold by its extension"),
            flag("inline_xattr", ALL, REFUSED, "the inline xattr area of an inode (fewer data addresses in it) is not "
                    + "modelled (noinline_xattr matches)"),
            flag("noinline_xattr", ALL, MATCHED, "the model's inodes hold DEF_ADDRS_PER_INODE (923) data addresses"),
            refusedValue("inline_xattr_size", ALL, "N", "the inline xattr area is not modelled"),
            flag("inline_data", ALL, REFUSED, "data of small files in the inode is not modelled (noinline_data matches)"),
            flag("noinline_data", ALL, MATCHED, "the model keeps every file's data in data blocks"),
            flag("inline_dentry", ALL, REFUSED, "dentries in the directory's inode are not modelled (noinline_dentry matches)"),
            flag("noinline_dentry", ALL, MATCHED, "the model keeps dentries in dentry blocks"),
            flag("flush_merge", ALL, MODELLED, "fsync's cache flushes go through the issue_flush thread, merged",
                    (o, v) -> o.flushMerge = true),
            flag("noflush_merge", ALL, MODELLED, "each fsync issues its own cache flush", (o, v) -> o.flushMerge = false),
            flag("barrier", E614, MODELLED, "cache flushes and PREFLUSH|FUA checkpoints (clears nobarrier)",
                    (o, v) -> o.nobarrier = false),
            flag("nobarrier", ALL, MODELLED, "no cache flushes; checkpoints committed without PREFLUSH|FUA",
                    (o, v) -> o.nobarrier = true),
            flag("fastboot", ALL, REFUSED, "not modelled"),
            flag("extent_cache", ALL, MATCHED, "the model has one block-mapping path, standing for the default with the "
                    + "read extent cache"),
            flag("noextent_cache", ALL, REFUSED, "block mapping without the read extent cache is not modelled"),
            flag("data_flush", ALL, REFUSED, "it writes file data back before the background checkpoints of "
                    + "f2fs_balance_fs_bg, which the model does not run"),
            free("reserve_root", ALL, (o, v) -> MountOptions.number("reserve_root=" + v, v, o.era),
                    c("N", MATCHED, "blocks reserved for root: the tools run as root, whom the reserve does not limit")),
            free("resgid", ALL, (o, v) -> id("resgid", v, o), c("N", MATCHED, "the group the reserve admits: no effect for root")),
            free("resuid", ALL, (o, v) -> id("resuid", v, o), c("N", MATCHED, "the user the reserve admits: no effect for root")),
            values("mode", ALL,
                    c("adaptive", MATCHED, "the default: SSR allocation while f2fs_need_SSR, in-place updates by ipu_policy"),
                    c("lfs", MODELLED, "f2fs_lfs_mode: no SSR (f2fs_need_SSR is false: full logs always take a free "
                            + "segment) and no in-place updates: fsync's IPU (ipu_policy F2FS_IPU_FSYNC) and "
                            + "O_DIRECT overwrites allocate new blocks", (o, v) -> o.lfsMode = true)),
            values("mode", E614, c("fragment:segment|fragment:block", REFUSED, "fragmentation modes are not modelled")),
            refusedValue("io_bits", ALL, "N", "IO alignment with dummy blocks is not modelled"),
            refusedValue("fault_injection", ALL, "N", "f2fs fault injection is not modelled (the crash harness cuts power)"),
            refusedValue("fault_type", E2020, "N", "f2fs fault injection is not modelled"),
            flag("quota", ALL, REFUSED, NO_QUOTA),
            flag("noquota", ALL, MATCHED, "no quotas: the model keeps none"),
            flag("usrquota", ALL, REFUSED, NO_QUOTA),
            flag("grpquota", ALL, REFUSED, NO_QUOTA),
            flag("prjquota", ALL, REFUSED, NO_QUOTA),
            refusedValue("usrjquota", ALL, "FILE", NO_QUOTA),
            refusedValue("grpjquota", ALL, "FILE", NO_QUOTA),
            refusedValue("prjjquota", ALL, "FILE", NO_QUOTA),
            values("jqfmt", ALL, c("vfsold|vfsv0|vfsv1", REFUSED, NO_QUOTA)),
            values("whint_mode", ONLY_2020,
                    c("off", MATCHED, "no write hints are passed down (the default)"),
                    c("user-based|fs-based", REFUSED, "write-lifetime hints are not modelled")),
            values("alloc_mode", E2020,
                    c("default", MODELLED, "new data segments are searched after the log's current one (the default on a "
                            + "main area above SMALL_VOLUME_SEGMENTS, 16 GB)", (o, v) -> o.allocMode = "default"),
                    c("reuse", MODELLED, "new data segments are searched from segment 0, reusing freed ones "
                            + "(ALLOC_MODE_REUSE; the default on a 16 GB or smaller main area)", (o, v) -> o.allocMode = "reuse")),
            values("fsync_mode", ONLY_2020,
                    c("posix", MODELLED, "the default (clears an earlier fsync_mode=nobarrier)", (o, v) -> o.fsyncNobarrier = false),
                    c("strict", MODELLED, "differs from posix only after rename(2) and directory xattr changes "
                            + "(TRANS_DIR_INO, XATTR_DIR_INO), which no modelled command makes; this f2fs predates 5.15's "
                            + "atomic fsync for strict (commit 2787991516)", (o, v) -> o.fsyncNobarrier = false),
                    c("nobarrier", MODELLED, "fsync issues no cache flush (f2fs_issue_flush skipped after the node writes)",
                            (o, v) -> o.fsyncNobarrier = true)),
            values("fsync_mode", E614,
                    c("posix", MODELLED, "the default (clears an earlier strict or nobarrier)", (o, v) -> {
                        o.fsyncNobarrier = false;
                        o.fsyncStrict = false;
                    }),
                    c("strict", MODELLED, "an fsync of appended or moved data whose inode is clean writes with atomic "
                            + "semantics (5.15, commit 2787991516; f2fs_do_sync_file): only the last dirty dnode fsync-marked, "
                            + "sent with REQ_PREFLUSH | REQ_FUA, no wait for the other node writes, no separate flush; the "
                            + "rename(2)/xattr differences (TRANS_DIR_INO, XATTR_DIR_INO) no modelled command makes", (o, v) -> {
                        o.fsyncStrict = true;
                        o.fsyncNobarrier = false;
                    }),
                    c("nobarrier", MODELLED, "fsync issues no cache flush (f2fs_issue_flush skipped after the node writes)",
                            (o, v) -> {
                                o.fsyncNobarrier = true;
                                o.fsyncStrict = false;
                            })),
            flag("test_dummy_encryption", E2020, REFUSED, NO_CRYPT),
            refusedValue("test_dummy_encryption", E614, "v1|v2", NO_CRYPT),
            flag("inlinecrypt", E614, REFUSED, NO_CRYPT),
            free("checkpoint", E2020, MountOptionTable::checkpoint,
                    c("enable", MATCHED, "checkpoints are on (the default)"),
                    c("disable|disable:N|disable:N%", REFUSED, "checkpoint=disable is not modelled; a percentage over 100: "
                            + "-EINVAL")),
            flag("checkpoint_merge", E614, MODELLED, "fsync's checkpoints go through the issue_checkpoint thread, merged",
                    (o, v) -> o.checkpointMerge = true),
            flag("nocheckpoint_merge", E614, MODELLED, "each fsync writes its checkpoint itself",
                    (o, v) -> o.checkpointMerge = false),
            free("compress_algorithm", E2020, MountOptionTable::compressAlgorithm,
                    c("lz4|lzo|zstd", MODELLED, "the codec of new compressed files (i_compress_algorithm); other names: -EINVAL"),
                    c("lzo-rle", REFUSED, "a kernel-only format with no Java codec"),
                    c("lz4:N", MODELLED, "6.14 only (since 5.12): new compressed files are written with LZ4HC at level N "
                            + "(i_compress_level; lz4-java's Java port), read by the LZ4 decoder; N outside 3..16 (0: plain "
                            + "lz4): -EINVAL; 2020: -EINVAL"),
                    c("zstd:N", REFUSED, "6.14 only: zstd levels are not modelled (the Java zstd codec runs one level); "
                            + "N above 22 or negative: -EINVAL")),
            free("compress_log_size", E2020, MountOptionTable::compressLogSize,
                    c("2…8", MODELLED, "clusters of 1 << N pages for new compressed files; out of range: -EINVAL")),
            free("compress_extension", E2020, (o, v) -> o.compressExtensions = F2fsOptions.plus(o.compressExtensions,
                            extension("compress_extension", v, o.compressExtensions)),
                    c("EXT|*", MODELLED, "a new file whose name ends in .EXT (any file with *) is created compressed "
                            + "(f2fs_new_inode → set_compress_inode); 8 characters or more, or a 17th: -EINVAL")),
            free("nocompress_extension", E614, (o, v) -> o.nocompressExtensions = F2fsOptions.plus(o.nocompressExtensions,
                            extension("nocompress_extension", v, o.nocompressExtensions)),
                    c("EXT", MODELLED, "a new file whose name ends in .EXT is created uncompressed, even in a compressed "
                            + "directory; * or an extension also in compress_extension: -EINVAL")),
            flag("compress_chksum", E614, MODELLED, "the cluster header carries a crc32 of the compressed data "
                    + "(f2fs_crc32), checked when the cluster is read", (o, v) -> o.compressChksum = true),
            values("compress_mode", E614,
                    c("fs", MATCHED, "the default: writeback compresses the clusters of compressed files"),
                    c("user", MODELLED, "writeback compresses nothing on its own (f2fs_need_compress_data: only after "
                            + "F2FS_IOC_COMPRESS_FILE, which no modelled command issues)", (o, v) -> o.compressModeUser = true)),
            flag("compress_cache", E614, REFUSED, "the compressed-page cache (COMPRESS_MAPPING) is not modelled"),
            flag("atgc", E614, REFUSED, "age-threshold GC (GC_AT, AT_SSR) is not modelled: background GC is cost-benefit"),
            flag("gc_merge", E614, REFUSED, "the GC thread taking over f2fs_balance_fs's foreground GC is not modelled"),
            flag("nogc_merge", E614, MATCHED, "the default: foreground GC runs in the writing task"),
            values("discard_unit", E614,
                    c("block", MATCHED, "the default; " + NO_DISCARD),
                    c("segment|section", REFUSED, NO_DISCARD)),
            values("memory", E614,
                    c("normal", MATCHED, "the default"),
                    c("low", REFUSED, "the low-memory mode is not modelled")),
            flag("age_extent_cache", E614, REFUSED, "the age extent cache is not modelled"),
            values("errors", E614,
                    c("continue", MATCHED, "the default"),
                    c("remount-ro|panic", REFUSED, "error handling modes are not modelled")));

    // ------------------------------------------------------------------ builders

    private static Opt flag(String key, Set<F2fsEra> eras, Status st, String meaning) {
        return new Opt(key, false, eras, List.of(new Choice("", st, meaning, null)), null);
    }

    private static Opt flag(String key, Set<F2fsEra> eras, Status st, String meaning, Setter s) {
        return new Opt(key, false, eras, List.of(new Choice("", st, meaning, s)), null);
    }

    private static Opt values(String key, Set<F2fsEra> eras, Choice... choices) {
        return new Opt(key, true, eras, List.of(choices), null);
    }

    private static Choice c(String values, Status st, String meaning) {
        return new Choice(values, st, meaning, null);
    }

    private static Choice c(String values, Status st, String meaning, Setter s) {
        return new Choice(values, st, meaning, s);
    }

    /** An option with a free value: the validator parses it (and applies it); the choices document it. */
    private static Opt free(String key, Set<F2fsEra> eras, Setter s, Choice... docs) {
        return new Opt(key, true, eras, List.of(docs), s);
    }

    /** An option whose every value is refused (after the kernel's own syntax check where it has one). */
    private static Opt refusedValue(String key, Set<F2fsEra> eras, String values, String why) {
        return free(key, eras, (o, v) -> refuse(key, v, o, why), c(values, REFUSED, why));
    }

    // ------------------------------------------------------------------ validators

    private static void refuse(String key, String v, F2fsOptions o, String why) {
        throw MountOptions.refused(key + "=" + v, why);
    }

    private static void activeLogs(F2fsOptions o, String v) {
        long n = MountOptions.number("active_logs=" + v, v, o.era);
        if (n == 6) return;
        if (n == 2 || n == 4) throw MountOptions.refused("active_logs=" + v, "the model runs six logs; fewer are not modelled");
        throw MountOptions.einval("active_logs=" + v, "must be 2, 4 or 6 (the kernel returns -EINVAL)");
    }

    /** make_kuid / make_kgid: -1 (4294967295) is not a valid id. */
    private static void id(String key, String v, F2fsOptions o) {
        long n = MountOptions.number(key + "=" + v, v, o.era);
        if (n >= 0xFFFFFFFFL) throw MountOptions.einval(key + "=" + v, "F2FS-fs: Invalid " + (key.equals("resuid") ? "uid" : "gid")
                + " value " + (int) n);
    }

    private static void checkpoint(F2fsOptions o, String v) {
        String token = "checkpoint=" + v;
        if (v.equals("enable")) return;
        if (v.matches("disable(:\\d{1,10}%?)?")) {
            if (v.endsWith("%") && Long.parseLong(v.substring(8, v.length() - 1)) > 100) {
                throw MountOptions.einval(token, "the percentage must be 0..100 (the kernel returns -EINVAL)");
            }
            throw MountOptions.refused(token, "checkpoint=disable is not modelled");
        }
        throw MountOptions.unrecognized(token, o.era);
    }

    /**
     * parse_options' Opt_compress_algorithm. 6.14 (levels since 5.12, commit "f2fs: compress: support compress level"):
     * "lzo" (level 0), a name starting "lz4" (f2fs_set_lz4hc_level: "lz4" is level 0, "lz4:N" LZ4HC with
     * lz4_is_level_valid = 0 or LZ4HC_MIN_CLEVEL..LZ4HC_MAX_CLEVEL, 3..16 in include/linux/lz4.h), a name starting "zstd"
     * (f2fs_set_zstd_level), "lzo-rle", else -EINVAL. 2020 has no levels: only the four exact names.
     */
    private static void compressAlgorithm(F2fsOptions o, String v) {
        String token = "compress_algorithm=" + v;
        if (o.era == LINUX_6_14 && v.startsWith("lz4")) {
            o.compressLevel = lz4hcLevel(token, v.substring(3));
            o.compressAlgorithm = "lz4";
            return;
        }
        if (o.era == LINUX_6_14 && v.startsWith("zstd") && !v.equals("zstd")) {
            int level = level(token, v.substring(4), true);
            if (level > 22) throw MountOptions.einval(token, "F2FS-fs: invalid zstd compress level: " + level);
            throw MountOptions.refused(token, "zstd levels are not modelled (the Java zstd codec runs one level)");
        }
        if (v.equals("lzo-rle")) throw MountOptions.refused(token, "lzo-rle is a kernel-only format with no Java codec");
        if (!v.equals("lz4") && !v.equals("lzo") && !v.equals("zstd")) {
            throw MountOptions.einval(token, "unknown algorithm (the kernel returns -EINVAL)");
        }
        o.compressAlgorithm = v;
        o.compressLevel = 0;       // lzo resets compress_level; the model's zstd has one level (the kernel's default 1)
    }

    /** f2fs_set_lz4hc_level on what follows "lz4": nothing is level 0, ":N" a valid LZ4HC level. */
    private static int lz4hcLevel(String token, String rest) {
        if (rest.isEmpty()) return 0;
        int level = level(token, rest, false);
        if (level != 0 && (level < Codecs.LZ4HC_MIN_CLEVEL || level > Codecs.LZ4HC_MAX_CLEVEL)) {
            throw MountOptions.einval(token, "F2FS-fs: invalid lz4hc compress level: " + level);
        }
        return level;
    }

    /** ":N" after the algorithm's name: kstrtouint (lz4) or kstrtoint (zstd, whose negative levels are -ERANGE). */
    private static int level(String token, String rest, boolean signed) {
        if (rest.charAt(0) != ':') throw MountOptions.einval(token, "F2FS-fs: wrong format, e.g. <alg_name>:<compr_level>");
        String n = rest.substring(1);
        if (!n.matches(signed ? "[+-]?\\d{1,10}" : "\\+?\\d{1,10}")) {
            throw MountOptions.einval(token, "not a number (kstrto" + (signed ? "int" : "uint") + " fails: -EINVAL)");
        }
        long level = Long.parseLong(n.startsWith("+") ? n.substring(1) : n);
        if (signed ? level > Integer.MAX_VALUE || level < Integer.MIN_VALUE : level > 0xFFFFFFFFL) {
            throw MountOptions.einval(token, "out of range (kstrto" + (signed ? "int" : "uint") + " fails: -EINVAL)");
        }
        if (level < 0) throw MountOptions.einval(token, "F2FS-fs: do not support negative compress level: " + level);
        return (int) Math.min(level, Integer.MAX_VALUE);
    }

    private static void compressLogSize(F2fsOptions o, String v) {
        long n = MountOptions.number("compress_log_size=" + v, v, o.era);
        if (n < 2 || n > 8) throw MountOptions.einval("compress_log_size=" + v, "F2FS-fs: Compress cluster log size is out of range (2..8)");
        o.compressLogSize = (int) n;
    }

    /** F2FS_EXTENSION_LEN (8, with the NUL) and COMPRESS_EXT_NUM (16). */
    private static String extension(String key, String v, List<String> have) {
        if (v.isEmpty() || v.length() >= 8 || have.size() >= 16) {
            throw MountOptions.einval(key + "=" + v, "F2FS-fs: invalid extension length/number");
        }
        return v;
    }
}
