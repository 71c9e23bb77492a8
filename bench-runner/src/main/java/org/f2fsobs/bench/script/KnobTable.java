package org.f2fsobs.bench.script;

import java.util.List;
import org.f2fsobs.bench.tool.OptionTable;

/**
 * The files of /sys/fs/f2fs/&lt;dev&gt;/ (fs/f2fs/sysfs.c) and /sys/block/&lt;dev&gt;/queue/ (block/blk-sysfs.c) that the
 * model does not implement as a {@link Knobs.Knob}: each is accepted at the values that ask for what the model always
 * does (MATCHED), refused with the reason (REFUSED), or read-only (writing it fails as there: Permission denied).
 * A file in neither list does not exist.
 */
final class KnobTable {
    private KnobTable() {}

    /**
     * One file.
     *
     * @param matched the values accepted as the model's own behaviour ({@code "*"}: any number), or null
     * @param reason  what a matched value means, or why the file (or its other values) is refused
     */
    record Entry(Knobs.Scope scope, String file, List<String> matched, boolean readOnly, String reason) {
        String path() {
            return (scope == Knobs.Scope.QUEUE ? "/sys/block/<dev>/queue/" : "/sys/fs/f2fs/<dev>/") + file;
        }
    }

    private static final String NO_GC = "this part of garbage collection (gc.c) is not modelled";
    private static final String NO_DISCARD = "the model issues no discards";

    static final List<Entry> ENTRIES = List.of(
            f2fs("gc_idle", null, NO_GC),
            f2fs("gc_idle_interval", null, NO_GC),
            f2fs("gc_pin_file_thresh", null, NO_GC),
            f2fs("gc_segment_mode", null, NO_GC),
            f2fs("gc_reclaimed_segments", null, NO_GC),
            f2fs("gc_remaining_trials", null, NO_GC),
            f2fs("gc_urgent_high_remaining", null, NO_GC),
            f2fs("reclaim_segments", null, NO_GC),
            f2fs("max_victim_search", null, NO_GC),
            f2fs("migration_granularity", null, NO_GC),
            f2fs("max_fragment_chunk", null, "fragmentation modes are not modelled"),
            f2fs("max_fragment_hole", null, "fragmentation modes are not modelled"),
            f2fs("min_ssr_sections", null, "not modelled as a knob: f2fs_need_SSR uses its default, reserved_sections"),
            f2fs("max_small_discards", null, NO_DISCARD),
            f2fs("discard_granularity", null, NO_DISCARD),
            f2fs("max_discard_request", null, NO_DISCARD),
            f2fs("min_discard_issue_time", null, NO_DISCARD),
            f2fs("mid_discard_issue_time", null, NO_DISCARD),
            f2fs("max_discard_issue_time", null, NO_DISCARD),
            f2fs("max_ordered_discard", null, NO_DISCARD),
            f2fs("discard_urgent_util", null, NO_DISCARD),
            f2fs("discard_io_aware_gran", null, NO_DISCARD),
            f2fs("discard_idle_interval", null, NO_DISCARD),
            f2fs("umount_discard_timeout", null, NO_DISCARD),
            f2fs("batched_trim_sections", null, NO_DISCARD),
            f2fs("reserved_blocks", List.of("0"), "0: nothing reserved (the default); reserving blocks is not modelled"),
            f2fs("dir_level", null, "multi-level dentry hash tables are not modelled"),
            f2fs("ram_thresh", null, "the node manager's memory limits are not modelled"),
            f2fs("ra_nid_pages", null, "NAT readahead is not modelled"),
            f2fs("dirty_nats_ratio", null, "the node manager's memory limits are not modelled"),
            f2fs("cp_interval", null, "time-based background checkpoints (f2fs_balance_fs_bg) are not modelled"),
            f2fs("idle_interval", null, "idle-time background work is not modelled"),
            f2fs("iostat_enable", null, "f2fs's iostat counters are not modelled"),
            f2fs("iostat_period_ms", null, "f2fs's iostat counters are not modelled"),
            f2fs("readdir_ra", null, "readdir readahead is not modelled"),
            f2fs("extension_list", null, "the superblock's hot and cold extension lists are not modelled"),
            f2fs("data_io_flag", null, "per-temperature REQ_FUA/REQ_META flags are not modelled"),
            f2fs("node_io_flag", null, "per-temperature REQ_FUA/REQ_META flags are not modelled"),
            f2fs("ckpt_thread_ioprio", null, "I/O priorities are not modelled"),
            f2fs("seq_file_ra_mul", null, "the sequential-read readahead multiplier is not modelled"),
            f2fs("max_roll_forward_node_blocks", null, "the roll-forward node-block limit is not modelled"),
            f2fs("compr_written_block", null, "f2fs's compression statistics are not modelled (the counters are the run's)"),
            f2fs("compr_saved_block", null, "f2fs's compression statistics are not modelled (the counters are the run's)"),
            f2fs("compr_new_inode", null, "f2fs's compression statistics are not modelled (the counters are the run's)"),
            f2fs("hot_data_age_threshold", null, "the age extent cache is not modelled"),
            f2fs("warm_data_age_threshold", null, "the age extent cache is not modelled"),
            f2fs("last_age_weight", null, "the age extent cache is not modelled"),
            f2fs("max_read_extent_count", null, "the read extent cache is not modelled"),
            readOnly(Knobs.Scope.F2FS, "dirty_segments", "free_segments", "ovp_segments", "main_blkaddr", "lifetime_write_kbytes",
                    "features", "current_reserved_blocks", "unusable", "encoding", "mounted_time_sec", "moved_blocks_foreground",
                    "moved_blocks_background", "avg_vblocks", "cp_foreground_calls", "cp_background_calls",
                    "gc_foreground_calls", "gc_background_calls", "pending_discard", "sb_status", "cp_status"),
            queue("rotational", List.of("0"), "0: a flash device (the model's); 1 is not modelled"),
            queue("nomerges", List.of("0"), "0: merges on (the default); turning merges off is not modelled"),
            queue("rq_affinity", List.of("1"), "1: the default; completion CPU steering is not modelled"),
            queue("add_random", List.of("0"), "0: no entropy from I/O timings (the default for flash); 1 is not modelled"),
            queue("iostats", List.of("1"), "1: the default, I/O statistics kept (the model counts every request); 0 is not modelled"),
            queue("write_cache", List.of("<device>"), "the device's own cache mode (write back / write through) matches; "
                    + "switching it is not modelled"),
            queue("wbt_lat_usec", List.of("0"), "0: writeback throttling off (the model has none); a latency target is not modelled"),
            queue("io_poll", List.of("0"), "0: interrupt completions (the model's); polled I/O is not modelled"),
            queue("io_poll_delay", List.of("-1"), "-1: the default; polled I/O is not modelled"),
            queue("io_timeout", List.of("30000"), "30000: the default (no request of the model times out)"),
            queue("discard_max_bytes", null, NO_DISCARD),
            readOnly(Knobs.Scope.QUEUE, "max_hw_sectors_kb", "hw_sector_size", "logical_block_size", "physical_block_size",
                    "minimum_io_size", "optimal_io_size", "max_segments", "max_segment_size", "max_integrity_segments",
                    "discard_granularity", "discard_max_hw_bytes", "discard_zeroes_data", "write_same_max_bytes",
                    "write_zeroes_max_bytes", "zoned", "nr_zones", "chunk_sectors", "dax", "fua", "max_discard_segments",
                    "virt_boundary_mask", "zone_append_max_bytes"));

    private static Entry f2fs(String file, List<String> matched, String reason) {
        return new Entry(Knobs.Scope.F2FS, file, matched, false, reason);
    }

    private static Entry queue(String file, List<String> matched, String reason) {
        return new Entry(Knobs.Scope.QUEUE, file, matched, false, reason);
    }

    /** Read-only attributes: one entry whose file lists them (split on lookup). */
    private static Entry readOnly(Knobs.Scope scope, String... files) {
        return new Entry(scope, String.join(" ", files), null, true, "read-only: writing it fails (Permission denied)");
    }

    static Entry find(Knobs.Scope scope, String file) {
        for (Entry e : ENTRIES) {
            if (e.scope() != scope) continue;
            if (e.readOnly() ? List.of(e.file().split(" ")).contains(file) : e.file().equals(file)) return e;
        }
        return null;
    }

    /** The rows of the documentation table: the modelled knobs, then these. */
    static List<OptionTable.Row> rows() {
        List<OptionTable.Row> out = new java.util.ArrayList<>();
        for (Knobs.Knob k : Knobs.Knob.values()) out.add(new OptionTable.Row(k.path(), k.status(), k.meaning()));
        for (Entry e : ENTRIES) {
            String name = e.readOnly() ? e.path().replace(e.file(), "{" + e.file().replace(" ", ", ") + "}") : e.path();
            OptionTable.Status st = e.matched() != null ? OptionTable.Status.MATCHED : OptionTable.Status.REFUSED;
            String meaning = e.matched() == null || e.matched().contains("*") ? e.reason()
                    : e.reason() + " (accepted: " + String.join(", ", e.matched()) + ")";
            out.add(new OptionTable.Row(name, st, meaning));
        }
        return out;
    }
}
