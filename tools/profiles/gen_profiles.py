#!/usr/bin/env python3
"""Writes engine/src/main/resources/profiles/*.json from the tables below.

Every constant is (value, source). Sources cite docs/profile-sources.md (section), kernel files, datasheets, or a
baseline row of scenarios.md ("calibrated on …"). Edit values here, never in the JSON, then run:
    python3 tools/profiles/gen_profiles.py
"""
import json, os

PS = "docs/profile-sources.md"
OUT = os.path.join(os.path.dirname(__file__), "../../engine/src/main/resources/profiles")

def leaf(v, s): return {"value": v, "source": s}

def cfq_49(slice_idle_ns, note):
    src = PS + " §5: block/cfq-iosched.c of 4.9 (0ctobot/neutrino_kernel_oneplus_sdm845, identical to upstream 4.9)"
    return {
        "quantum": leaf(8, src + ": cfq_quantum = 8"),
        "slice_sync_ns": leaf(100_000_000, src + ": cfq_slice_sync = NSEC_PER_SEC / 10"),
        "slice_async_ns": leaf(40_000_000, src + ": cfq_slice_async = NSEC_PER_SEC / 25"),
        "slice_idle_ns": leaf(slice_idle_ns, note),
        "fifo_expire_sync_ns": leaf(125_000_000, src + ": cfq_fifo_expire[1] = NSEC_PER_SEC / 8"),
        "fifo_expire_async_ns": leaf(250_000_000, src + ": cfq_fifo_expire[0] = NSEC_PER_SEC / 4"),
        "target_latency_ns": leaf(300_000_000, src + ": cfq_target_latency = 300 ms, low_latency = 1"),
    }

def costs(table):
    return {k: leaf(v, s) for k, (v, s) in table.items()}

# ------------------------------------------------------------------ shared notes
CAL_P1 = ("calibrated on the P1 `-s 1` baseline row (scenarios.md P1: 2556 MiB/s = 1.528 us per 4 KiB page for "
          "write + writeback): the per-page residuals (page_alloc, write_begin, write_end, writeback_page, "
          "write_data_page, allocate_data_block, update_sit_entry, bio_add_page, end_io_page) are scaled together so "
          "the whole pipeline costs 1.528 us per page on this profile; the split between them is an assumption "
          "(" + PS + " §2 'per-page pipeline sum')")
CAL_P2 = ("calibrated on the P2 uncompressed baseline row (scenarios.md P2: 480 MiB/s = 8.14 us per 4 KiB page of "
          "dd read): the per-page read residuals (readahead_page, read_page, page_alloc, page_cache_lookup, "
          "end_io_page) are scaled so the uncompressed read reproduces 8.14 us per page; split assumed (" + PS + " §3)")
CAL_P3 = ("calibrated on the P3 reread baseline column (scenarios.md P3: page-cache reads, unchanged by the flag; "
          + PS + " §4: 1.39-2.17 us per page): page_cache_lookup + copy residual")
LZ4_SHAPE = (PS + " §3.1: LZ4 compression priced by the shape of its output (literal bytes, match bytes, sequences); "
             "per-unit split measured with the lz4 1.9.4 CLI on 16 KiB blocks of random, zero and prose data on a stated "
             "x86 host (182 / 45.5 ps per literal / match byte, 20.1 ns per sequence; prose 2.10 ns/B)")
NOT_X86 = "not exercised by this profile's scenario; value for the reference CPU class, "

# ------------------------------------------------------------------ nullblk-x86 (P1)
def nullblk():
    c = {
        "syscall": (100_000, PS + " §2: syscall entry/exit 70-90 ns without mitigations (blog.i0.pm, low confidence); 100 ns"),
        "copy_user_byte": (65, PS + " §2: memcpy 52-73 ps/B (lz4 README i7-9700K 13.7 GB/s; EPYC 7763 19.1 GB/s), 65 recommended"),
        "memset_byte": (40, NOT_X86 + "zeroing a page at ~25 GB/s (store-only, rep stosb): assumption"),
        "urandom_byte": (3_000, "dd if=/dev/urandom: ChaCha20 keystream of get_random_bytes_user, 250-400 MB/s on x86 after the 5.17-5.19 RNG rework (blogs.oracle.com/linux 'entropy_avail 256 is good enough for everyone'); 333 MB/s = 3 ns/B, copy_to_user charged apart"),
        "user_io": (300_000, PS + " §2: io_uring 3.8M IOPS per core (Phoronix 2021) = 263 ns per I/O including kernel; 300 ns for fio's own per-I/O work"),
        "page_cache_lookup": (20_000, "assumption: one xarray lookup, ~20 ns on the reference CPU; no public figure (" + PS + " §7)"),
        "page_alloc": (180_000, CAL_P1),
        "write_begin": (120_000, CAL_P1),
        "write_end": (100_000, CAL_P1),
        "writeback_page": (140_000, CAL_P1),
        "write_data_page": (160_000, CAL_P1),
        "allocate_data_block": (90_000, CAL_P1),
        "update_sit_entry": (20_000, CAL_P1),
        "seg_entry_read": (400, PS + " §1: our microbenchmark of the 6.14 get_ckpt_valid_blocks loop (tools/microbench), 0.40 ns per visited seg_entry (1.4 cycles, clean-host runs; sensitivity 0.28-0.69)"),
        "sec_entry_read": (400, PS + " §1: one struct access, as a seg_entry visit"),
        "balance_fs": (15_000, "assumption: f2fs_balance_fs / f2fs_is_checkpoint_ready call overhead besides the entry reads, ~15 ns"),
        "map_blocks": (150_000, "assumption: f2fs_map_blocks with a dnode lookup, ~150 ns (a few cache misses)"),
        "read_page": (150_000, NOT_X86 + "assumption: f2fs_read_single_page bookkeeping ~150 ns"),
        "readahead_page": (150_000, NOT_X86 + "assumption: readahead window and page insertion ~150 ns"),
        "end_io_page": (40_000, CAL_P1),
        "node_page": (300_000, "assumption: dnode update / NAT lookup for one node page, ~0.3 us"),
        "checkpoint": (20_000_000, "assumption: CPU of one checkpoint (block_operations scans, CP pack, CRC) ~20 us"),
        "fsync": (1_000_000, "assumption: f2fs_do_sync_file bookkeeping ~1 us"),
        "bio_add_page": (20_000, CAL_P1),
        "bio_submit": (200_000, "assumption: submit_bio + plug handling ~200 ns"),
        "request": (500_000, PS + " §2: blk-mq request submit+complete 263 ns (polled) to 1.25 us (IRQ); 0.5 us recommended"),
        "device_copy_byte": (65, PS + " §2: null_blk memory_backed copies each page with memcpy (copy_to_nullb) in the submitting context; memcpy 65 ps/B"),
        "lz4_compress_literal_byte": (113, NOT_X86 + LZ4_SHAPE + " scaled to lz4 README (i7-9700K): LZ4 compression 780 MB/s = 1.3 ns/B on Silesia taken as the prose rate"),
        "lz4_compress_match_byte": (28, NOT_X86 + LZ4_SHAPE + " scaled to lz4 README (i7-9700K): LZ4 compression 780 MB/s = 1.3 ns/B on Silesia taken as the prose rate"),
        "lz4_compress_sequence": (12_500, NOT_X86 + LZ4_SHAPE + " scaled to lz4 README (i7-9700K): LZ4 compression 780 MB/s = 1.3 ns/B on Silesia taken as the prose rate"),
        "lz4_decompress_byte": (200, NOT_X86 + "lz4 README (i7-9700K): LZ4 decompression 4970 MB/s"),
        "lzo_compress_byte": (1_500, NOT_X86 + "lz4 README (i7-9700K): LZO 2.09 compression 670 MB/s"),
        "lzo_decompress_byte": (1_160, NOT_X86 + "lz4 README (i7-9700K): LZO 2.09 decompression 860 MB/s"),
        "zstd_compress_byte": (1_940, NOT_X86 + "lz4 README (i7-9700K): zstd -1 compression 515 MB/s"),
        "zstd_decompress_byte": (720, NOT_X86 + "lz4 README (i7-9700K): zstd -1 decompression 1380 MB/s"),
        "compress_ctx": (500_000, "assumption: compress/decompress context set-up (page arrays, dic/cic) ~0.5 us"),
        "vmap_lock": (10_000, NOT_X86 + "assumption: uncontended spinlock ~10 ns"),
        "vmap_walk_step": (5_000, NOT_X86 + "assumption: one vmap_area visited in a list/tree walk ~5 ns"),
        "vmap_area_alloc": (12_000, PS + " §2: SLUB alloc+free fast path 42 cycles = 10.6 ns (i7-4790K), 12 ns"),
        "vmap_pte_page": (5_000, NOT_X86 + "assumption: one PTE set ~5 ns"),
        "vunmap_pte_page": (5_000, NOT_X86 + "assumption: one PTE clear ~5 ns"),
        "tlb_flush_all": (1_000_000, NOT_X86 + "assumption: flush_tlb_all via IPIs ~1 us"),
        "tlb_flush_page": (50_000, NOT_X86 + "assumption: invlpg per page ~50 ns"),
        "vmap_area_free": (12_000, NOT_X86 + "as vmap_area_alloc (kfree)"),
        "vb_alloc": (20_000, NOT_X86 + "assumption: per-CPU vmap block bump allocation ~20 ns"),
        "vb_free": (20_000, NOT_X86 + "assumption: ~20 ns"),
        "vmap_block_new": (2_000_000, NOT_X86 + "assumption: new vmap block (alloc_vmap_area + xarray insert) ~2 us"),
        "lock": (20_000, "assumption: uncontended mutex/rwsem/spinlock acquire+release on x86 ~20 ns"),
    }
    return {
        "name": "nullblk-x86",
        "title": "null_blk (memory backed) on an x86-class machine, Linux 6.14",
        "description": ("Seed 000 (P1): null_blk nr_devices=1 completion_nsec=1 submit_queues=8 hw_queue_depth=64 "
                        "max_sectors=512 bs=4096 memory_backed=1. The CPU is not stated in the mail (an x86 reference "
                        "class is assumed; the commands hint at an Android userspace: " + PS + " §6.1)."),
        "userland": leaf("gnu", "scenarios.md P1: a Linux machine with GNU userland (assumption; the mail shows no dd)"),
        "cpu": {
            "count": leaf(8, PS + " §2: submit_queues=8 is clamped to nr_cpu_ids (null_blk/main.c), so >= 8 CPUs"),
            "clock_mhz": leaf(3500, PS + " §2: reference class 3.5-4.5 GHz (assumption)"),
            "context_switch_ns": leaf(2000, "assumption: wake-up + switch of a sleeping thread on a modern x86 core, 1-3 us (lmbench lat_ctx order)"),
            "slice_ns": leaf(3_000_000, "kernel/sched/fair.c: sysctl_sched_base_slice 0.75 ms x (1 + ilog2(8 CPUs)) = 3 ms"),
            "wake_jitter_mean_ns": leaf(0, "no scheduler jitter declared (seeds give identical figures)"),
            "costs_ps": costs(c),
        },
        "memory": {
            "total_bytes": leaf(16 << 30, PS + " §2: 16 GiB assumed (not stated); results are sensitive to it through the dirty limits"),
            "available_bytes": leaf(14 << 30, "assumption: MemAvailable of an idle 16 GiB machine ~14 GiB (kernel, daemons and null_blk's own pages aside)"),
        },
        "device": {
            "model": leaf("null_blk memory_backed, 250 GiB", PS + " §2: drivers/block/null_blk/main.c defaults (gb=250)"),
            "capacity_bytes": leaf(250 << 30, PS + " §2: g_gb = 250 (null_blk default; the mail sets no size)"),
            "queue_depth": leaf(512, "mail: submit_queues=8 x hw_queue_depth=64"),
            "max_sectors_kb": leaf(256, "mail: max_sectors=512 (sectors of 512 B) = 256 KiB requests"),
            "read_latency_ns": leaf(0, PS + " §2: irqmode=softirq completes at once; completion_nsec only applies to irqmode=2"),
            "write_latency_ns": leaf(0, PS + " §2: as read_latency_ns"),
            "read_bandwidth_bytes_per_s": leaf(1 << 40, "the copy is CPU work in the submitting context (device_copy_byte); the device adds no transfer time"),
            "write_bandwidth_bytes_per_s": leaf(1 << 40, "as read_bandwidth_bytes_per_s"),
            "command_overhead_ns": leaf(0, "blk-mq per-request CPU is charged as cpu request cost"),
            "flush_ns": leaf(0, PS + " §2: cache_size=0 default: no volatile write cache, flush is a no-op"),
            "fua_ns": leaf(0, PS + " §2: no write cache, FUA costs nothing extra"),
            "reliable_write_ns": leaf(0, "null_blk is not an eMMC: no reliable write"),
            "volatile_cache": leaf(False, PS + " §2: cache_size default 0 -> no BLK_FEAT_WRITE_CACHE"),
            "latency_jitter_mean_ns": leaf(0, "memory device: no latency variation declared"),
            "scheduler": leaf("none", "6.14 blk-mq default for a multi-queue device: none"),
            "submit_in_caller_context": leaf(True, PS + " §2: memory_backed forces a blocking queue; the copy runs in the submitter (null_handle_rq)"),
        },
        "tunables": {
            "read_ahead_kb": leaf(128, "include/linux/pagemap.h VM_READAHEAD_PAGES = 128 KiB"),
            "dirty_background_ratio": leaf(10, "mm/page-writeback.c dirty_background_ratio = 10"),
            "dirty_ratio": leaf(20, "mm/page-writeback.c vm_dirty_ratio = 20"),
            "dirty_expire_centisecs": leaf(3000, "mm/page-writeback.c dirty_expire_interval = 30 s"),
            "dirty_writeback_centisecs": leaf(500, "mm/page-writeback.c dirty_writeback_interval = 5 s"),
        },
        "kernel": {
            "version": leaf("6.14", "f2fs-mechanics.md §0: the mail's patch is against the 6.15-rc f2fs tree; 6.14 code paths"),
            "vmalloc": leaf("rbtree_deferred_purge", "6.14 mm/vmalloc.c: free-area rb-tree, drain_vmap_work"),
            "decompress_context": leaf("completion", "6.14: f2fs_handle_step_decompress in the read completion (ML:29dfc200)"),
        },
    }

# ------------------------------------------------------------------ ARM little-core costs (Pixel 3, 2020)
A55 = PS + " §3"
def arm_costs(cal, copy_ps, clock_note):
    return {
        "syscall": (400_000, PS + " §7: 0.3-0.5 us on an A55-class core, scaled from x86 (assumption)"),
        "copy_user_byte": (copy_ps, clock_note),
        "memset_byte": (copy_ps // 2, "assumption: zeroing at about twice the copy rate on the same core"),
        "urandom_byte": (6_250, "dd if=/dev/urandom: ChaCha20 keystream of get_random_bytes_user, ~160 MB/s on a Raspberry Pi 4 (Cortex-A72 1.5 GHz; blogs.oracle.com/linux 'entropy_avail 256 is good enough for everyone') = 6.25 ns/B, taken for this ARM core (assumption; 4.x kernels were slower)"),
        "user_io": (2_000_000, "assumption: the tool's own user-space work per read()/write() call ~2 us on a little core"),
        "page_cache_lookup": (150_000, cal),
        "page_alloc": (900_000, cal),
        "write_begin": (800_000, "assumption: f2fs_write_begin on an in-order core ~0.8 us"),
        "write_end": (600_000, "assumption: f2fs_write_end ~0.6 us"),
        "writeback_page": (700_000, "assumption: write_cache_pages bookkeeping per page ~0.7 us"),
        "write_data_page": (800_000, "assumption: f2fs_write_single_data_page ~0.8 us"),
        "allocate_data_block": (500_000, "assumption: f2fs_allocate_data_block ~0.5 us"),
        "update_sit_entry": (100_000, "assumption: update_sit_entry ~0.1 us"),
        "seg_entry_read": (1_200, PS + " §1: 1.4 cycles per visit on Zen 5; an in-order A55 needs more: 2 cycles at ~1.77 GHz (assumption)"),
        "sec_entry_read": (1_200, "as seg_entry_read"),
        "balance_fs": (60_000, "assumption: ~60 ns"),
        "map_blocks": (600_000, "assumption: f2fs_map_blocks with a dnode lookup ~0.6 us"),
        "read_page": (1_500_000, cal),
        "readahead_page": (1_500_000, cal),
        "end_io_page": (600_000, cal),
        "node_page": (1_200_000, "assumption: dnode update / NAT lookup ~1.2 us"),
        "checkpoint": (60_000_000, "assumption: checkpoint CPU ~60 us on an A55-class core"),
        "fsync": (4_000_000, "assumption: f2fs_do_sync_file bookkeeping ~4 us"),
        "bio_add_page": (80_000, "assumption: ~80 ns"),
        "bio_submit": (1_000_000, "assumption: submit_bio on the legacy path ~1 us"),
        "request": (8_000_000, "assumption: legacy request_fn + SCSI + UFS host per request CPU ~8 us on a little core"),
        "device_copy_byte": (0, "a UFS device moves data by DMA: no CPU copy"),
        "lz4_compress_literal_byte": (1_060, A55 + ": " + LZ4_SHAPE + " scaled to lz4 compression 82 MB/s = 12.2 ns/B on Cortex-A53 (lz4 commit bfdb5db0, dickens) as the prose rate"),
        "lz4_compress_match_byte": (265, A55 + ": " + LZ4_SHAPE + " scaled to lz4 compression 82 MB/s = 12.2 ns/B on Cortex-A53 (lz4 commit bfdb5db0, dickens) as the prose rate"),
        "lz4_compress_sequence": (117_000, A55 + ": " + LZ4_SHAPE + " scaled to lz4 compression 82 MB/s = 12.2 ns/B on Cortex-A53 (lz4 commit bfdb5db0, dickens) as the prose rate"),
        "lz4_decompress_byte": (250, A55 + ": lz4 decompression of all-zero clusters ~ copy speed, 250 ps/B (assumption; text: 2.2 ns/B)"),
        "lzo_compress_byte": (14_200, A55 + ": LZO compression 0.86x lz4 (lz4 README ratios)"),
        "lzo_decompress_byte": (1_470, A55 + ": LZO decompression 0.17x lz4 (lz4 README ratios) on the zero-cluster base"),
        "zstd_compress_byte": (18_500, A55 + ": zstd -1 compression 0.66x lz4 (lz4 README ratios)"),
        "zstd_decompress_byte": (890, A55 + ": zstd -1 decompression 0.28x lz4 (lz4 README ratios) on the zero-cluster base"),
        "compress_ctx": (3_000_000, "assumption: cluster context set-up (page arrays, dic/cic allocation, mempool) ~3 us"),
        "vmap_lock": (15_000, A55 + ": spinlock acquire+release uncontended 15 ns (derived from SDM845 Silver cache latencies)"),
        "vmap_walk_step": (20_000, A55 + ": one vmap_area visited: ~a L2 hit (10.6 ns) + compare, 20 ns (derived)"),
        "vmap_area_alloc": (40_000, A55 + ": kmalloc pair 40 ns (SLUB fast path x 1.6 for in-order)"),
        "vmap_pte_page": (10_000, A55 + ": per-PTE set 10 ns (assumption)"),
        "vunmap_pte_page": (10_000, A55 + ": per-PTE clear 10 ns (assumption)"),
        "tlb_flush_all": (2_000_000, A55 + ": flush_tlb_all (TLBI VMALLE1IS + DSB ISH) 2 us (assumption, no public figure)"),
        "tlb_flush_page": (100_000, "assumption: one TLBI VAE1IS per page ~100 ns"),
        "vmap_area_free": (40_000, A55 + ": kfree of a vmap_area, as the kmalloc pair"),
        "vb_alloc": (60_000, "assumption: per-CPU block bump allocation under its own lock ~60 ns"),
        "vb_free": (60_000, "assumption: ~60 ns"),
        "vmap_block_new": (6_000_000, "assumption: new vmap block ~6 us"),
        "lock": (15_000, A55 + ": uncontended lock 15 ns"),
    }

# The P2 residuals as arm_costs sets them sum to 5.1 us per uncompressed page in the engine (copy 0.99 + lookup 0.15
# + page_alloc 0.9 + read_page 1.5 + readahead_page 1.5 + per-request share), so the uncompressed dd read ran
# device-bound at 745 MiB/s instead of the mail's 480 (8.14 us per page). Scaling the five residuals together by
# P2_RESIDUAL_SCALE makes the engine's uncompressed row reproduce 480 MiB/s (docs/reproduction-notes-p2-p3.md §2.1).
# Only the baseline row is used; the compressed rows are not looked at. ufs21-2018 keeps the unscaled values.
P2_RESIDUAL_SCALE = 1.74
P2_RESIDUALS = ("page_cache_lookup", "page_alloc", "read_page", "readahead_page", "end_io_page")

def pixel3():
    cal = CAL_P2
    c = arm_costs(cal, 242, A55 + ": tinymembench standard memcpy on a Silver core 4130 MB/s = 242 ps/B (sbc-bench 4dJV, SDM845)")
    for k in P2_RESIDUALS:
        v, s = c[k]
        c[k] = (int(round(v * P2_RESIDUAL_SCALE / 1000.0)) * 1000,
                s + "; x %.2f so that the engine's uncompressed dd read gives 480 MiB/s (the unscaled split summed to 5.1 us "
                    "per page in the engine, 745 MiB/s; docs/reproduction-notes-p2-p3.md)" % P2_RESIDUAL_SCALE)
    return {
        "name": "pixel3-ufs21-little4",
        "title": "Pixel 3 (SDM845), only the four little cores online, UFS 2.1, Android kernel 4.9",
        "description": "Seed 001 (P2): Pixel 3, cores 0-3 (Kryo 385 Silver) at the top OPP, 128 GB UFS 2.1, msm-4.9 kernel with the pre-5.2 vmalloc allocator and CFQ.",
        "userland": leaf("toybox", "Android: toybox dd (the mail's output lines)"),
        "cpu": {
            "count": leaf(4, "mail: only cores 0-3 online"),
            "clock_mhz": leaf(1766, A55 + ": SDM845 Silver top OPP 1766 MHz (sbc-bench 4dJV); the mail says 1.785 GHz"),
            "context_switch_ns": leaf(5000, A55 + ": wake-up to run ~5 us on an A55-class core (assumption)"),
            "slice_ns": leaf(3_000_000, "kernel/sched/fair.c (4.9): sched_min_granularity 0.75 ms x (1 + ilog2(4)) = 2.25 ms, latency 18 ms; 3 ms"),
            "wake_jitter_mean_ns": leaf(0, "no scheduler jitter declared"),
            "costs_ps": costs(c),
        },
        "memory": {
            "total_bytes": leaf(4 << 30, A55 + ": Pixel 3 ships with 4 GB (the mail says 6 GB)"),
            "available_bytes": leaf(800 << 20, "public dumpsys meminfo of a Qualcomm (codeaurora) Android device (lucasdai.gitbooks.io/ulmm/content/lost-ram.html): Total RAM 2,822,140K, Free RAM 559,338K (cached pss + cached kernel + free) = 19.8 % of total; × 4 GiB ≈ 800 MiB available to the page cache (assumption: the same share on a 4 GiB SDM845 device with apps loaded)"),
        },
        "device": device_ufs21("Pixel 3 128 GB UFS 2.1", 0, "cfq"),
        "tunables": {
            "read_ahead_kb": leaf(128, A55 + ": init.hardware.rc sets read_ahead_kb 128 after boot"),
            "dirty_background_ratio": leaf(5, A55 + ": Android 10/11 init.rc 'Tweak background writeout' dirty_background_ratio 5"),
            "dirty_ratio": leaf(20, "mm/page-writeback.c vm_dirty_ratio = 20 (not overridden by Android)"),
            "dirty_expire_centisecs": leaf(200, A55 + ": Android init.rc dirty_expire_centisecs 200"),
            "dirty_writeback_centisecs": leaf(500, "mm/page-writeback.c 5 s (not overridden)"),
        },
        "kernel": {
            "version": leaf("4.9 (android-msm-crosshatch-4.9)", A55 + ": Google kernel/msm 4.9 of the Pixel 3 generation"),
            "vmalloc": leaf("list_walk_sync_purge", A55 + ": msm-4.9 mm/vmalloc.c alloc_vmap_area list walk, synchronous lazy purge"),
            "decompress_context": leaf("workqueue", "f2fs-mechanics.md §7.5: the 2020 code decompressed from the post-read workqueue"),
        },
    }

UFS = PS + " §5"
def device_ufs21(model, slice_idle_ns, scheduler):
    d = {
        "model": leaf(model, UFS + ": UFS 2.1 class (Samsung eUFS 2.1 figures)"),
        "capacity_bytes": leaf(64 << 30, "a 64 GiB data partition (size does not affect the benchmarks; assumption)"),
        "queue_depth": leaf(32, UFS + ": UFSHCI 2.x transfer request list, 32 slots"),
        "max_sectors_kb": leaf(512, UFS + ": SCSI_DEFAULT_MAX_SECTORS 1024 sectors = 512 KiB (4.9 ufshcd sets none)"),
        "read_latency_ns": leaf(60_000, "assumption: UFS 2.1 QD1 4 KiB read latency 80-120 us typical (" + UFS + "); 60 us fixed part + transfer + command overhead"),
        "write_latency_ns": leaf(60_000, "assumption: as read_latency_ns"),
        "read_bandwidth_bytes_per_s": leaf(860_000_000, UFS + ": Samsung eUFS 2.1 860 MB/s sequential read (vendor)"),
        "write_bandwidth_bytes_per_s": leaf(255_000_000, UFS + ": Samsung eUFS 2.1 255 MB/s sequential write (vendor)"),
        "command_overhead_ns": leaf(19_000, UFS + ": per-request fixed cost 1/42000 IOPS - 4096 B / 860 MB/s = 19.0 us (derived from the two vendor read figures)"),
        "flush_ns": leaf(1_000_000, "assumption: UFS cache flush ~1 ms (no public figure)"),
        "fua_ns": leaf(200_000, "assumption: FUA write extra ~0.2 ms (no public figure; " + UFS + " 'FUA on UFS')"),
        "reliable_write_ns": leaf(0, "UFS is a SCSI device: REQ_FUA is the FUA bit of WRITE(10) (sd driver), priced by fua_ns; no eMMC reliable write"),
        "volatile_cache": leaf(True, "UFS devices have a volatile write cache (flush / FUA supported)"),
        "latency_jitter_mean_ns": leaf(0, "no jitter declared (the mails' spreads are ~1%)"),
        "scheduler": leaf(scheduler, UFS + ": CFQ (sdm845_defconfig lacks deadline; Pixel 3 init selects cfq)"),
        "cfq": cfq_49(slice_idle_ns, UFS + ": cfq_registered_queue sets slice_idle = 0 for non-rotational queues (IOPS mode)"),
        "submit_in_caller_context": leaf(False, "DMA device: the request is queued, not copied by the CPU"),
        "nr_requests": leaf(128, UFS + ": legacy request path, include/linux/blkdev.h BLKDEV_MAX_RQ = 128 (4.19 source read; 4.9 the same), "
                                 "and Pixel 3 init.hardware.rc writes 128 after boot; get_request() sleeps when a direction has that many allocated"),
    }
    return d

def ufs2018():
    cal = ("calibrated: no baseline row of P4 is unchanged by the flag; per-page read CPU taken from the P2 Pixel 3 "
           "calibration (same SoC family, Silver cores) scaled by the Gold/Silver memcpy ratio 131/242 (" + UFS + ")")
    c = arm_costs(cal, 131, UFS + ": memcpy on a Gold core 7650 MB/s = 131 ps/B (sbc-bench 4dJV)")
    # big cores run the tiotest threads: scale the assumed per-page CPU of the write path down
    for k in ("write_begin", "write_end", "writeback_page", "write_data_page", "allocate_data_block", "page_alloc",
              "read_page", "readahead_page", "end_io_page", "node_page", "map_blocks"):
        v, s = c[k]
        c[k] = (v * 131 // 242, s + "; x 131/242 for the Gold cores (memcpy ratio, " + UFS + ")")
    c["request"] = (8_000_000, "assumption: legacy request_fn + SCSI + UFS host per request CPU ~8 us (" + UFS + ": the ~31 us per small request gap must come from mechanism, not from this constant)")
    return {
        "name": "ufs21-2018",
        "title": "Qualcomm SDM845-class phone, UFS 2.1, Android 9 kernel 4.9 with CFQ (2018)",
        "description": "Seed 004 (P4): UFS device on a 2018 Qualcomm platform; the exact phone is unknown (codeaurora author). Legacy block layer with CFQ in IOPS mode (slice_idle 0 on non-rotational queues).",
        "userland": leaf("toybox", "Android 9 userland"),
        "cpu": {
            "count": leaf(8, UFS + ": SDM845 4 Gold + 4 Silver = 8 CPUs"),
            "clock_mhz": leaf(2803, UFS + ": Kryo 385 Gold top OPP 2803 MHz (sbc-bench 4dJV)"),
            "context_switch_ns": leaf(3000, "assumption: wake-up to run ~3 us on a Gold core"),
            "slice_ns": leaf(3_000_000, "kernel/sched/fair.c (4.9): min granularity 0.75 ms x (1 + ilog2(8)) = 3 ms"),
            "wake_jitter_mean_ns": leaf(0, "no scheduler jitter declared"),
            "costs_ps": costs(c),
        },
        "memory": {
            "total_bytes": leaf(4 << 30, UFS + ": 4 GiB assumed (Pixel 3 class; other SDM845 phones 6-8 GB)"),
            "available_bytes": leaf(800 << 20, "public dumpsys meminfo of a Qualcomm (codeaurora) Android device (lucasdai.gitbooks.io/ulmm/content/lost-ram.html): Total RAM 2,822,140K, Free RAM 559,338K (cached pss + cached kernel + free) = 19.8 % of total; × 4 GiB ≈ 800 MiB available to the page cache (assumption: the same share on a 4 GiB SDM845 device with apps loaded)"),
        },
        "device": device_ufs21("UFS 2.1 (2018 Qualcomm platform)", 0, "cfq"),
        "tunables": {
            "read_ahead_kb": leaf(128, UFS + ": VM_MAX_READAHEAD 128 KiB (4.9)"),
            "dirty_background_ratio": leaf(5, UFS + ": Android 9 init.rc 'Tweak background writeout' dirty_background_ratio 5"),
            "dirty_ratio": leaf(20, "mm/page-writeback.c vm_dirty_ratio = 20"),
            "dirty_expire_centisecs": leaf(200, UFS + ": Android 9 init.rc dirty_expire_centisecs 200"),
            "dirty_writeback_centisecs": leaf(500, "mm/page-writeback.c 5 s"),
        },
        "kernel": {
            "version": leaf("4.9 (msm-4.9)", UFS + ": Qualcomm SDM845 kernels of 2018"),
            "vmalloc": leaf("list_walk_sync_purge", "msm-4.9 mm/vmalloc.c (not exercised by P4)"),
            "decompress_context": leaf("workqueue", "2018 kernels (not exercised by P4)"),
        },
    }

AML = PS + " §4"
# One NAND page program per eMMC reliable write: the mean of the two MLC page types profiled on Micron L95B chips
# (MoatLab/FEMU hw/femu/nand/nand.h: MLC_LOWER_PAGE_WRITE_LATENCY_NS 850000, MLC_UPPER_PAGE_WRITE_LATENCY_NS 2300000).
# Successive reliable writes land in successive pages of the open block, whose types alternate, so the deterministic
# engine charges the mean (MQSim averages the page types the same way). Sources and alternatives: docs/profile-sources.md §4.
RELIABLE_WRITE_NS = (850_000 + 2_300_000) // 2
def amlogic():
    c = arm_costs(CAL_P3, 283, AML + ": S905X3 (Cortex-A55 @ 2.1 GHz) tinymembench memcpy 3540 MB/s = 283 ps/B")
    c["read_page"] = (1_500_000, "assumption (as Pixel 3 little cores)")
    c["readahead_page"] = (1_500_000, "assumption (as Pixel 3 little cores)")
    c["end_io_page"] = (600_000, "assumption (as Pixel 3 little cores)")
    c["page_cache_lookup"] = (400_000, CAL_P3)
    c["page_alloc"] = (900_000, "assumption (as Pixel 3 little cores)")
    return {
        "name": "amlogic-arm64-p3",
        "title": "Amlogic ARM64 board, storage unknown (eMMC 5.1 assumed), Linux 6.x",
        "description": "Seed 003 (P3): the mail states neither the SoC nor the storage. Assumed: 4 x Cortex-A55 at 2.0 GHz and eMMC 5.1; the device's flush and write figures are fitted only to the baseline O_SYNC rewrite cells (4 and 8 KiB), never to the write column.",
        "userland": leaf("toybox", "assumption: an Android TV / box image (Amlogic); iozone output does not depend on it"),
        "cpu": {
            "count": leaf(4, AML + ": 4 x Cortex-A55 assumed (S905X3/X4 class)"),
            "clock_mhz": leaf(2000, AML + ": A55 at ~2.0 GHz assumed"),
            "context_switch_ns": leaf(5000, "assumption: wake-up to run ~5 us on an A55-class core"),
            "slice_ns": leaf(3_000_000, "kernel/sched/fair.c: base slice 0.75 ms x (1 + ilog2(4)) = 2.25 ms; 3 ms"),
            "wake_jitter_mean_ns": leaf(0, "no scheduler jitter declared"),
            "costs_ps": costs(c),
        },
        "memory": {
            "total_bytes": leaf(2 << 30, AML + ": 2-4 GiB typical boards (assumption)"),
            "available_bytes": leaf(1 << 30, "assumption: ~1 GiB MemAvailable; the 100 MiB iozone file fits either way"),
        },
        "device": {
            "model": leaf("unknown storage (eMMC 5.1 assumed)", AML + ": the mail does not state the storage; eMMC 5.1 HS400 assumed"),
            "capacity_bytes": leaf(32 << 30, "assumption: 32 GiB (size does not affect the benchmark)"),
            "queue_depth": leaf(32, "assumption: eMMC 5.1 command queue depth 32 (CQE)"),
            "max_sectors_kb": leaf(512, "assumption: 512 KiB requests"),
            "read_latency_ns": leaf(60_000, "assumption: eMMC 4 KiB read ~60-100 us"),
            "write_latency_ns": leaf(20_000, AML + ": fixed part of an O_SYNC rewrite 77.6 us = ~25 us CPU + ~50 us device; 20 us write command (split assumed), calibrated on the 4/8 KiB rewrite baseline cells"),
            "read_bandwidth_bytes_per_s": leaf(300_000_000, "assumption: eMMC 5.1 HS400 sequential read ~300 MB/s (bus 400 MB/s)"),
            "write_bandwidth_bytes_per_s": leaf(117_000_000, AML + ": 35.1 us per extra 4 KiB between the 4 and 8 KiB O_SYNC rewrite cells = 117 MB/s (baseline cells)"),
            "command_overhead_ns": leaf(0, "assumption: included in the latencies"),
            "flush_ns": leaf(30_000, AML + ": the remaining ~30 us of the ~50 us device part of an O_SYNC rewrite is one cache flush (calibrated on the 4/8 KiB rewrite baseline cells, split assumed)"),
            "fua_ns": leaf(0, "not used: an eMMC has no FUA bit; Linux's mmc block driver serves every REQ_FUA write as a "
                            "reliable write (drivers/mmc/core/block.c mmc_blk_data_prep do_rel_wr), priced by reliable_write_ns"),
            "reliable_write_ns": leaf(RELIABLE_WRITE_NS, AML + " 'reliable write': a reliable write bypasses the eMMC's volatile "
                            "cache (JEDEC; Porzio's mmc commit: 'bypass the cache and do a write to the underling NVM'), so it "
                            "completes after one NAND page program. Value: mean of the lower- and upper-page program latencies "
                            "profiled on Micron L95B MLC NAND, (0.85 + 2.3) / 2 ms (MoatLab/FEMU hw/femu/nand/nand.h @19b55004; "
                            "public measurement). The board's cell type is unknown: planar TLC (same file, from the SimpleSSD "
                            "paper) gives 2.93 ms, a part that lands reliable writes in an SLC buffer ~0.25 ms; see the sensitivity "
                            "table there. Not fitted to the write column"),
            "volatile_cache": leaf(True, "eMMC 5.1 cache (flush supported)"),
            "latency_jitter_mean_ns": leaf(0, "no jitter declared"),
            "scheduler": leaf("none", "Linux 6.x blk-mq: mq-deadline or none for eMMC; none modelled (single queue, few requests)"),
            "submit_in_caller_context": leaf(False, "DMA device"),
        },
        "tunables": {
            "read_ahead_kb": leaf(128, "include/linux/pagemap.h VM_READAHEAD_PAGES = 128 KiB"),
            "dirty_background_ratio": leaf(10, "mm/page-writeback.c default (Android 12+ overrides only on low-RAM devices, commit 58ff5075)"),
            "dirty_ratio": leaf(20, "mm/page-writeback.c default"),
            "dirty_expire_centisecs": leaf(3000, "mm/page-writeback.c default"),
            "dirty_writeback_centisecs": leaf(500, "mm/page-writeback.c default"),
        },
        "kernel": {
            "version": leaf("6.x (2025)", "mail date 2025-08 against the f2fs dev tree"),
            "vmalloc": leaf("rbtree_deferred_purge", "6.x mm/vmalloc.c"),
            "decompress_context": leaf("completion", "6.x: decompression in the read completion (ML:29dfc200)"),
        },
    }

def main():
    os.makedirs(OUT, exist_ok=True)
    for p in (nullblk(), pixel3(), amlogic(), ufs2018()):
        with open(os.path.join(OUT, p["name"] + ".json"), "w") as f:
            json.dump(p, f, indent=2)
            f.write("\n")
        print("wrote", p["name"])

main()
