package org.f2fsobs.engine.f2fs;

import java.util.LinkedHashMap;
import java.util.Map;
import org.f2fsobs.engine.f2fs.checkpoint.CpReason;
import org.f2fsobs.engine.f2fs.segment.CursegType;

/**
 * The mechanism counters of the file system (cf. fs/f2fs/debug.c and iostat.c), counted where the work happens.
 * Names are those of the result JSON (contracts.md §3).
 */
public final class F2fsStat {
    public long balanceFsCalls;
    public long hasNotEnoughFreeSecsCalls;
    public long ckptValidBlocksSectionCalls;      // get_ckpt_valid_blocks(…, use_section=true) calls
    public final long[] blocksWrittenByLog = new long[CursegType.NR_PERSISTENT_LOG];
    public final long[] checkpointsByReason = new long[CpReason.values().length];
    public long checkpoints;
    public long checkpointRequestsMerged;
    public long fsyncCheckpoint;
    public long fsyncRollForward;
    /** Roll-forward fsyncs with atomic semantics (fsync_mode=strict, 6.14): the last dnode PREFLUSH | FUA, no flush. */
    public long fsyncAtomic;
    /** sync_nodes rounds repeated because f2fs_need_inode_block_update asked for the inode page. */
    public long fsyncInodeBlockUpdates;
    public long fsyncIpuFlush;
    public long fsyncNone;
    public long ipuBlocks;
    public long opuBlocks;
    /** Blocks allocated by f2fs_allocate_data_block in logs allocating LFS / SSR (debug.c's block_count[alloc_type]). */
    public long lfsBlocks;
    public long ssrBlocks;
    /** Segments a log took by new_curseg (LFS) / change_curseg (SSR) (debug.c's segment_count[alloc_type]). */
    public long lfsSegments;
    public long ssrSegments;
    public long nodeBlocksWritten;
    /** Data pages written by WB_SYNC_ALL writeback (fsync, sync) and by async writeback (flusher). */
    public long syncWritebackPages;
    public long asyncWritebackPages;
    public long metaBlocksWritten;
    public long rfNodeBlocks;                     // fsync-marked dnodes written (rf_node_block_count)
    public long dataBlocksRead;
    public long recoveredInodes;
    public long recoveredBlocks;
    public long compressedClustersWritten;
    public long rawClustersWritten;
    public long compressedBlocksWritten;
    public long compressedClustersRead;
    // compression layer (f2fs/compress): counted where compress.c / data.c do the work
    public long compressedBlocksRead;            // compressed blocks added to read bios
    public long rawClustersRead;                 // clusters of compressed files found raw by f2fs_is_compressed_cluster
    public long compressEagain;                  // full clusters that did not save a block (-EAGAIN, written raw)
    public long compressedClustersOverwritten;   // compressed clusters read back by f2fs_prepare_compress_overwrite
    public long decompressFailures;              // clusters whose decompression failed (pages left !uptodate)
    public long compressChksumsVerified;         // compress_chksum: clusters whose crc32 was checked on read
    public long compressChksumMismatches;        // … and did not match (FI_COMPRESS_CORRUPT, SBI_NEED_FSCK)
    // foreground garbage collection (fs/f2fs/gc.c; cf. debug.c's call_count, gc_data_blks, gc_node_blks)
    public long gcCalls;                         // f2fs_gc calls from f2fs_balance_fs
    public long gcVictims;                       // victim sections selected
    public long gcNoVictim;                      // f2fs_gc calls that found no victim (-ENODATA)
    public long gcSegments;                      // segments with valid blocks collected (stat_inc_seg_count)
    public long gcDataBlocks;                    // data blocks moved (stat_inc_data_blk_count)
    public long gcNodeBlocks;                    // node blocks moved (stat_inc_node_blk_count)
    public long gcSectionsFreed;                 // victim sections left with no valid block
    public long gcCheckpoints;                   // checkpoints f2fs_gc wrote to turn prefree segments free
    public long gcVictimsGreedy;                 // victims chosen by GC_GREEDY (foreground, gc_urgent=1)
    public long gcVictimsCb;                     // victims chosen by GC_CB (get_cb_cost: background GC)
    public long gcTimeNs;                        // virtual time inside f2fs_gc called from f2fs_balance_fs
    // the GC thread (gc_thread_func; cf. debug.c's bg_gc, io_skip_bggc, other_skip_bggc)
    public long bgGcWakeups;                     // times the thread woke and looked
    public long bgGcCalls;                       // f2fs_gc calls from the thread (stat_inc_gc_call_count BACKGROUND)
    public long bgGcSkipIo;                      // wake-ups skipped because the I/O was not idle (is_idle)
    public long bgGcSkipOther;                   // wake-ups skipped because gc_lock was held
    public long bgGcTimeNs;                      // virtual time inside the thread's f2fs_gc calls
    /** Bytes the system calls asked to write (pwrite/write), for write amplification. */
    public long userBytesWritten;
    /** Metadata blocks read from the disk, by what they were read for (every one a bio through the block layer). */
    public final long[] metaReadsByType = new long[MetaType.values().length];

    /** One metadata block read from the disk for {@code type}. */
    public void metaRead(MetaType type) {
        metaReadsByType[type.ordinal()]++;
    }

    /** meta_reads_by_type: {super, cp, nat, sit, ssa, node, por} → blocks read. */
    public Map<String, Long> metaReads() {
        Map<String, Long> m = new LinkedHashMap<>();
        for (MetaType t : MetaType.values()) m.put(t.key(), metaReadsByType[t.ordinal()]);
        return m;
    }

    public void checkpoint(CpReason reason) {
        checkpoints++;
        checkpointsByReason[reason.ordinal()]++;
    }

    /** Counters in result-JSON form (snake_case keys, nested maps for per-reason and per-log counts). */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("checkpoints", checkpoints);
        Map<String, Long> byReason = new LinkedHashMap<>();
        for (CpReason r : CpReason.values()) if (checkpointsByReason[r.ordinal()] > 0) byReason.put(r.name(), checkpointsByReason[r.ordinal()]);
        m.put("checkpoints_by_reason", byReason);
        m.put("checkpoint_requests_merged", checkpointRequestsMerged);
        Map<String, Long> fsync = new LinkedHashMap<>();
        fsync.put("checkpoint", fsyncCheckpoint);
        fsync.put("roll_forward", fsyncRollForward);
        fsync.put("roll_forward_atomic", fsyncAtomic);
        fsync.put("inode_block_updates", fsyncInodeBlockUpdates);
        fsync.put("ipu_flush", fsyncIpuFlush);
        fsync.put("none", fsyncNone);
        m.put("fsync_paths", fsync);
        m.put("balance_fs_calls", balanceFsCalls);
        m.put("has_not_enough_free_secs_calls", hasNotEnoughFreeSecsCalls);
        m.put("ckpt_valid_blocks_section_calls", ckptValidBlocksSectionCalls);
        Map<String, Long> byLog = new LinkedHashMap<>();
        for (CursegType t : CursegType.values()) byLog.put(t.key(), blocksWrittenByLog[t.ordinal()]);
        m.put("blocks_written_by_log", byLog);
        m.put("ipu_blocks", ipuBlocks);
        m.put("opu_blocks", opuBlocks);
        m.put("lfs_blocks", lfsBlocks);
        m.put("ssr_blocks", ssrBlocks);
        m.put("lfs_segments", lfsSegments);
        m.put("ssr_segments", ssrSegments);
        m.put("node_blocks_written", nodeBlocksWritten);
        m.put("sync_writeback_pages", syncWritebackPages);
        m.put("async_writeback_pages", asyncWritebackPages);
        m.put("meta_blocks_written", metaBlocksWritten);
        m.put("rf_node_blocks", rfNodeBlocks);
        m.put("recovered_inodes", recoveredInodes);
        m.put("recovered_blocks", recoveredBlocks);
        m.put("compressed_clusters_written", compressedClustersWritten);
        m.put("raw_clusters_written", rawClustersWritten);
        m.put("compressed_blocks_written", compressedBlocksWritten);
        m.put("compressed_clusters_read", compressedClustersRead);
        m.put("compressed_blocks_read", compressedBlocksRead);
        m.put("raw_clusters_read", rawClustersRead);
        m.put("compress_eagain", compressEagain);
        m.put("compressed_clusters_overwritten", compressedClustersOverwritten);
        m.put("decompress_failures", decompressFailures);
        m.put("compress_chksums_verified", compressChksumsVerified);
        m.put("compress_chksum_mismatches", compressChksumMismatches);
        m.put("meta_reads_by_type", metaReads());
        m.put("gc_calls", gcCalls);
        m.put("gc_victims", gcVictims);
        m.put("gc_no_victim", gcNoVictim);
        m.put("gc_segments", gcSegments);
        m.put("gc_data_blocks", gcDataBlocks);
        m.put("gc_node_blocks", gcNodeBlocks);
        m.put("gc_sections_freed", gcSectionsFreed);
        m.put("gc_checkpoints", gcCheckpoints);
        m.put("gc_victims_greedy", gcVictimsGreedy);
        m.put("gc_victims_cb", gcVictimsCb);
        m.put("gc_time_ns", gcTimeNs);
        m.put("bg_gc_wakeups", bgGcWakeups);
        m.put("bg_gc_calls", bgGcCalls);
        m.put("bg_gc_skip_io", bgGcSkipIo);
        m.put("bg_gc_skip_other", bgGcSkipOther);
        m.put("bg_gc_time_ns", bgGcTimeNs);
        m.put("user_bytes_written", userBytesWritten);
        return m;
    }

    /** A copy of the current values, for differences (measured command = after − before). */
    public F2fsStat snapshot() {
        F2fsStat s = new F2fsStat();
        copy(this, s);
        return s;
    }

    /** this − earlier, field by field. */
    public F2fsStat minus(F2fsStat earlier) {
        F2fsStat d = new F2fsStat();
        copy(this, d);
        for (var f : F2fsStat.class.getFields()) {
            try {
                if (f.getType() == long.class) f.setLong(d, f.getLong(this) - f.getLong(earlier));
                else if (f.getType() == long[].class) {
                    long[] a = (long[]) f.get(d), b = (long[]) f.get(earlier);
                    for (int i = 0; i < a.length; i++) a[i] -= b[i];
                }
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
        return d;
    }

    private static void copy(F2fsStat from, F2fsStat to) {
        for (var f : F2fsStat.class.getFields()) {
            if (java.lang.reflect.Modifier.isStatic(f.getModifiers())) continue;
            try {
                if (f.getType() == long.class) f.setLong(to, f.getLong(from));
                else if (f.getType() == long[].class) {
                    long[] src = (long[]) f.get(from);
                    System.arraycopy(src, 0, (long[]) f.get(to), 0, src.length);
                }
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
