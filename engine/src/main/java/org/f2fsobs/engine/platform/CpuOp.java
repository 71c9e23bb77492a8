package org.f2fsobs.engine.platform;

/**
 * The CPU primitives the model charges, each with its profile key (cost in picoseconds per unit). Counts come from
 * running the algorithms; a profile gives each unit cost with its source. Keys are the names that appear in
 * {@code time_breakdown_ns.cpu} of a result.
 */
public enum CpuOp {
    // system calls and memory copies
    SYSCALL("syscall", "per system call: entry, exit, fd lookup"),
    COPY_USER_BYTE("copy_user_byte", "per byte copied between user buffer and page cache (copy_from_user/copy_to_user)"),
    MEMSET_BYTE("memset_byte", "per byte zeroed (zeroing a new page cache page, a page tail)"),
    URANDOM_BYTE("urandom_byte", "per byte read from /dev/urandom: the ChaCha20 keystream of get_random_bytes_user (the copy to the user buffer charged apart)"),
    USER_IO("user_io", "per I/O unit: the benchmark tool's own user-space work around one read()/write()"),

    // page cache, writeback, readahead
    PAGE_CACHE_LOOKUP("page_cache_lookup", "per page: find/lock a page in the page cache (xarray lookup)"),
    PAGE_ALLOC("page_alloc", "per page: allocate a page cache page and insert it (LRU, memcg charge)"),
    WRITE_BEGIN("write_begin", "per page: f2fs_write_begin minus lookups charged separately (dnode lookup, prepare)"),
    WRITE_END("write_end", "per page: f2fs_write_end + set_page_dirty + balance_dirty_pages accounting"),
    WRITEBACK_PAGE("writeback_page", "per page: write_cache_pages bookkeeping (tag lookup, lock, clear dirty, set/end writeback)"),
    WRITE_DATA_PAGE("write_data_page", "per page: f2fs_write_single_data_page + f2fs_do_write_data_page minus allocation and balance"),
    ALLOCATE_DATA_BLOCK("allocate_data_block", "per block: f2fs_allocate_data_block minus update_sit_entry (summary, next_blkoff, mtime)"),
    UPDATE_SIT_ENTRY("update_sit_entry", "per call: update_sit_entry bitmap and counter updates, dirty mark"),
    SEG_ENTRY_READ("seg_entry_read", "per seg_entry visited through get_seg_entry (e.g. the section loop of get_ckpt_valid_blocks)"),
    SEC_ENTRY_READ("sec_entry_read", "per sec_entry read through get_sec_entry"),
    BALANCE_FS("balance_fs", "per f2fs_balance_fs call, excluding the seg_entry/sec_entry reads it makes"),
    MAP_BLOCKS("map_blocks", "per f2fs_map_blocks call (dnode lookup, extent cache)"),
    READ_PAGE("read_page", "per page: f2fs_read_single_page / mpage bookkeeping on the read side"),
    READAHEAD_PAGE("readahead_page", "per page: readahead window bookkeeping and page-cache insertion"),
    END_IO_PAGE("end_io_page", "per page at bio completion: unlock, set uptodate / end writeback"),
    NODE_PAGE("node_page", "per node page written or updated (dnode update, NAT lookup)"),
    CHECKPOINT("checkpoint", "per checkpoint: block_operations, CP pack construction, CRC (CPU only, I/O separate)"),
    FSYNC("fsync", "per fsync call: f2fs_do_sync_file bookkeeping excluding writeback and I/O"),

    // block layer
    BIO_ADD_PAGE("bio_add_page", "per page appended to a bio"),
    BIO_SUBMIT("bio_submit", "per bio: submit_bio, plug handling"),
    REQUEST("request", "per request: blk-mq allocation, dispatch and completion handling"),
    DEVICE_COPY_BYTE("device_copy_byte", "per byte copied by a RAM-backed device in the submitter's context (null_blk memory_backed)"),

    // compression
    LZ4_COMPRESS_LITERAL_BYTE("lz4_compress_literal_byte", "per input byte LZ4 compression emits as a literal (a hash probe each)"),
    LZ4_COMPRESS_MATCH_BYTE("lz4_compress_match_byte", "per input byte LZ4 compression covers with a match (word compares)"),
    LZ4_COMPRESS_SEQUENCE("lz4_compress_sequence", "per sequence LZ4 compression emits (match found, checked, token written)"),
    LZ4HC_COMPRESS_BYTE("lz4hc_compress_byte", "per input byte, LZ4HC compression (compress_algorithm=lz4:N; every level at level 9's rate)"),
    LZ4_DECOMPRESS_BYTE("lz4_decompress_byte", "per output byte, LZ4 decompression"),
    LZO_COMPRESS_BYTE("lzo_compress_byte", "per input byte, LZO compression"),
    LZO_DECOMPRESS_BYTE("lzo_decompress_byte", "per output byte, LZO decompression"),
    ZSTD_COMPRESS_BYTE("zstd_compress_byte", "per input byte, zstd compression"),
    ZSTD_DECOMPRESS_BYTE("zstd_decompress_byte", "per output byte, zstd decompression"),
    COMPRESS_CTX("compress_ctx", "per cluster: compress/decompress context set-up (page arrays, dic/cic allocation)"),

    // vmalloc
    VMAP_LOCK("vmap_lock", "per acquisition of the global vmap_area_lock (uncontended)"),
    VMAP_WALK_STEP("vmap_walk_step", "per vmap_area visited by the allocator's search"),
    VMAP_AREA_ALLOC("vmap_area_alloc", "per vmap/vm_struct allocation (kmalloc, rb-tree insert)"),
    VMAP_PTE_PAGE("vmap_pte_page", "per page mapped (PTE set)"),
    VUNMAP_PTE_PAGE("vunmap_pte_page", "per page unmapped (PTE clear)"),
    TLB_FLUSH_ALL("tlb_flush_all", "per flush_tlb_all (broadcast invalidate of every CPU's TLB)"),
    TLB_FLUSH_PAGE("tlb_flush_page", "per page of a ranged kernel TLB flush"),
    VMAP_AREA_FREE("vmap_area_free", "per lazily freed vmap_area released by a purge"),
    VB_ALLOC("vb_alloc", "per vm_map_ram bump allocation in a per-CPU vmap block"),
    VB_FREE("vb_free", "per vm_unmap_ram in a per-CPU vmap block"),
    VMAP_BLOCK_NEW("vmap_block_new", "per new per-CPU vmap block (1024 pages)"),

    // synchronisation
    LOCK("lock", "per uncontended lock or unlock pair (mutex, rwsem, spinlock)");

    private final String key;
    private final String meaning;

    CpuOp(String key, String meaning) {
        this.key = key;
        this.meaning = meaning;
    }

    public String key() {
        return key;
    }

    public String meaning() {
        return meaning;
    }

    public static CpuOp byKey(String key) {
        for (CpuOp op : values()) if (op.key.equals(key)) return op;
        return null;
    }
}
