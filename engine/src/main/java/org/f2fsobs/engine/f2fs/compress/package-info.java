/**
 * F2FS compression (fs/f2fs/compress.c and the compressed branches of data.c), the layer seeds 001 and 003 study.
 *
 * <p>Who does what:
 * <ul>
 * <li>{@link org.f2fsobs.engine.f2fs.compress.F2fsCompress}: one per mount; plugs the layer into the data writer,
 *     the data reader and the write_begin hooks of the file layer; owns the mapping wrapper and the completion-side
 *     threads.</li>
 * <li>{@link org.f2fsobs.engine.f2fs.compress.CompressOps} / {@link org.f2fsobs.engine.f2fs.compress.Codecs}:
 *     {@code struct f2fs_compress_ops} and {@code f2fs_cops[]}: lz4, lzo, zstd on real bytes (aircompressor), the
 *     kernel's output budgets, CPU per byte from the profile; lzo-rle refused.</li>
 * <li>{@link org.f2fsobs.engine.f2fs.compress.CompressWriter}: f2fs_write_multi_pages and what it calls.</li>
 * <li>{@link org.f2fsobs.engine.f2fs.compress.CompressReader}: f2fs_mpage_readpages for compressed files,
 *     f2fs_read_multi_pages, read completion and decompression, f2fs_prepare_compress_overwrite.</li>
 * <li>{@link org.f2fsobs.engine.f2fs.compress.F2fsVmap}: vmap/vunmap (flag vm_map_ram off) or f2fs_vmap =
 *     vm_map_ram with retries / vm_unmap_ram (on), through the machine's vmalloc model.</li>
 * <li>{@link org.f2fsobs.engine.f2fs.compress.PostReadWq}: f2fs_post_read_wq kworkers, and per-CPU threads standing
 *     in for softirq completion.</li>
 * </ul>
 *
 * <p>Read for this model (reference only): Linux 6.x fs/f2fs/compress.c (f2fs_vmap, f2fs_compress_pages,
 * f2fs_decompress_cluster, f2fs_end_read_compressed_page, cluster_may_compress, prepare_compress_overwrite,
 * f2fs_write_compressed_pages, f2fs_compress_write_end_io, f2fs_write_raw_pages, f2fs_write_multi_pages,
 * f2fs_prepare_decomp_mem / f2fs_release_decomp_mem, f2fs_alloc_dic / f2fs_free_dic / f2fs_put_dic, the lz4/lzo/zstd
 * ops), fs/f2fs/data.c of 6.1 (f2fs_read_end_io, f2fs_handle_step_decompress, f2fs_finish_read_bio,
 * f2fs_read_single_page, f2fs_read_multi_pages, f2fs_mpage_readpages, f2fs_do_write_data_page,
 * f2fs_write_single_data_page, f2fs_write_cache_pages), f2fs.h f2fs_i_compr_blocks_update; and the 2020 code
 * (5.8-era compress.c with vmap in f2fs_compress_pages / f2fs_decompress_pages, LZ4_compressBound budget; data.c
 * bio_post_read_processing → f2fs_post_read_wq, alloc_workqueue(WQ_UNBOUND | WQ_HIGHPRI, num_online_cpus())).
 *
 * <p>Departures from the kernel (each also said where it is made):
 * <ul>
 * <li>A cluster may straddle two dnodes: the node manager keeps 923/1018 address slots per inode/dnode, where the
 *     kernel aligns them down to the cluster size for compressed inodes; each slot is addressed through its own
 *     dnode ({@code ClusterSlots}).</li>
 * <li>f2fs_prepare_compress_overwrite runs in write_begin for full-page writes too (the kernel defers those to
 *     writeback); reads and rewrites are the same, only earlier. Writeback also does it when a compressed cluster
 *     is not wholly dirty, as the kernel does.</li>
 * <li>Output budgets are 6.14's (lz4: rlen − PAGE_SIZE − header, so cbuf maps 3 pages of a 16 KiB cluster); the 2020
 *     code used LZ4_compressBound (5 pages). Codec output is format-compatible, not bit-identical, to the kernel's.</li>
 * <li>6.14 softirq decompression runs on per-CPU simulated threads that wait for a free CPU instead of preempting;
 *     the 2020 workqueue has all num_online_cpus() kworkers from the start.</li>
 * <li>No compress_cache, no compress_chksum, no compress_mode=user, no release/reserve of compressed blocks, no
 *     f2fs_truncate_partial_cluster (a truncation inside a compressed cluster is not modelled), no extent cache;
 *     a redirtied page under writeback makes writeback wait for the whole file's writeback.</li>
 * <li>Per-page CPU: a compressed block added to a read bio is charged read_page, a cluster context compress_ctx, the
 *     cluster check map_blocks; completion-side page unlocking is free as on the uncompressed path.</li>
 * </ul>
 */
package org.f2fsobs.engine.f2fs.compress;
