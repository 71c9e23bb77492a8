package org.f2fsobs.engine.f2fs;

/** Constants of include/linux/f2fs_fs.h and fs/f2fs/f2fs.h that the model uses, with the kernel's names. */
public final class F2fsConst {
    private F2fsConst() {}

    public static final int F2FS_BLKSIZE = 4096;
    public static final int LOG_BLOCKS_PER_SEG = 9;
    public static final int BLKS_PER_SEG = 1 << LOG_BLOCKS_PER_SEG;      // 512 blocks = 2 MiB

    /** struct f2fs_sit_entry: __le16 vblocks, __u8 valid_map[SIT_VBLOCK_MAP_SIZE], __le64 mtime (packed). */
    public static final int SIT_VBLOCK_MAP_SIZE = 64;
    public static final int SIZEOF_F2FS_SIT_ENTRY = 2 + SIT_VBLOCK_MAP_SIZE + 8;              // 74
    public static final int SIT_ENTRY_PER_BLOCK = F2FS_BLKSIZE / SIZEOF_F2FS_SIT_ENTRY;       // 55
    /** struct f2fs_nat_entry: __u8 version, __le32 ino, __le32 block_addr (packed). */
    public static final int SIZEOF_F2FS_NAT_ENTRY = 1 + 4 + 4;                                // 9
    public static final int NAT_ENTRY_PER_BLOCK = F2FS_BLKSIZE / SIZEOF_F2FS_NAT_ENTRY;       // 455

    /** struct f2fs_summary_block: ENTRIES_IN_SUM summaries, the NAT or SIT journal, the footer. */
    public static final int ENTRIES_IN_SUM = 512;
    public static final int SUMMARY_SIZE = 7;                                                 // sizeof(struct f2fs_summary)
    public static final int SUM_FOOTER_SIZE = 5;                                              // sizeof(struct summary_footer)
    public static final int SUM_ENTRY_SIZE = SUMMARY_SIZE * ENTRIES_IN_SUM;
    public static final int SUM_JOURNAL_SIZE = F2FS_BLKSIZE - SUM_FOOTER_SIZE - SUM_ENTRY_SIZE; // 507
    /** sizeof(struct nat_journal_entry): __le32 nid + struct f2fs_nat_entry. */
    public static final int SIZEOF_NAT_JOURNAL_ENTRY = 4 + SIZEOF_F2FS_NAT_ENTRY;
    /** sizeof(struct sit_journal_entry): __le32 segno + struct f2fs_sit_entry. */
    public static final int SIZEOF_SIT_JOURNAL_ENTRY = 4 + SIZEOF_F2FS_SIT_ENTRY;
    /** The journal's first two bytes are n_nats / n_sits. */
    public static final int NAT_JOURNAL_ENTRIES = (SUM_JOURNAL_SIZE - 2) / SIZEOF_NAT_JOURNAL_ENTRY;   // 38
    public static final int SIT_JOURNAL_ENTRIES = (SUM_JOURNAL_SIZE - 2) / SIZEOF_SIT_JOURNAL_ENTRY;   // 6

    /** F2FS_CP_PACKS: the two checkpoint packs; also the two CP blocks (head and commit) of a pack's block count. */
    public static final int F2FS_CP_PACKS = 2;
    /**
     * The logs (fs/f2fs/f2fs.h): NR_CURSEG_DATA_TYPE + NR_CURSEG_NODE_TYPE = NR_CURSEG_PERSIST_TYPE. The kernel's
     * NR_CURSEG_TYPE adds NR_CURSEG_INMEM_TYPE in-memory logs (atomic writes, pinned files), which the model does not
     * have: every per-log array here is NR_CURSEG_PERSIST_TYPE long.
     */
    public static final int NR_CURSEG_DATA_TYPE = 3;
    public static final int NR_CURSEG_NODE_TYPE = 3;
    public static final int NR_CURSEG_PERSIST_TYPE = NR_CURSEG_DATA_TYPE + NR_CURSEG_NODE_TYPE;
    /** enum temp_type (HOT, WARM, COLD): the write-merge contexts of one page type (sbi->write_io[type][temp]). */
    public static final int NR_TEMP_TYPE = 3;
    /** CP_CHKSUM_OFFSET: the checkpoint block's CRC is its last __le32. */
    public static final int CP_CHKSUM_OFFSET = F2FS_BLKSIZE - Integer.BYTES;                  // 4092
    /** CP_BITMAP_OFFSET: offsetof(struct f2fs_checkpoint, sit_nat_version_bitmap). */
    public static final int CP_BITMAP_OFFSET = 192;
    public static final int MIN_NAT_BITMAP_SIZE = 64;
    /** The version bitmaps' room inside the checkpoint block; a larger SIT bitmap goes to the cp_payload blocks. */
    public static final int MAX_SIT_BITMAP_SIZE_IN_CKPT = CP_CHKSUM_OFFSET - CP_BITMAP_OFFSET - MIN_NAT_BITMAP_SIZE;
    public static final int MAX_BITMAP_SIZE_IN_CKPT = CP_CHKSUM_OFFSET - CP_BITMAP_OFFSET;
    /** 4-byte block addresses: 16 TiB of 2 MiB segments. */
    public static final int F2FS_MAX_SEGMENT = (16 * 1024 * 1024) / 2;
    public static final int F2FS_MIN_SEGMENTS = 9;

    /** Block address values with a meaning of their own. */
    public static final long NULL_ADDR = 0;
    public static final long NEW_ADDR = 0xFFFFFFFFL;
    public static final long COMPRESS_ADDR = 0xFFFFFFFEL;
    public static final int NULL_SEGNO = -1;

    /** Index structure (f2fs.rst "Index Structure"). */
    public static final int DEF_ADDRS_PER_INODE = 923;
    public static final int DEF_ADDRS_PER_BLOCK = 1018;
    public static final int NIDS_PER_BLOCK = 1018;
    public static final int DEF_NIDS_PER_INODE = 5;
    public static final int NODE_DIR1_BLOCK = DEF_ADDRS_PER_INODE + 1;
    public static final int NODE_DIR2_BLOCK = DEF_ADDRS_PER_INODE + 2;
    public static final int NODE_IND1_BLOCK = DEF_ADDRS_PER_INODE + 3;
    public static final int NODE_IND2_BLOCK = DEF_ADDRS_PER_INODE + 4;
    public static final int NODE_DIND_BLOCK = DEF_ADDRS_PER_INODE + 5;

    public static final int F2FS_NODE_INO = 1;
    public static final int F2FS_META_INO = 2;
    public static final int F2FS_ROOT_INO = 3;

    /** Dentry slots in one dentry block (NR_DENTRY_IN_BLOCK). */
    public static final int NR_DENTRY_IN_BLOCK = 214;

    /** Tunable defaults of fs/f2fs (segment.h, f2fs.h). */
    public static final int DEF_MIN_FSYNC_BLOCKS = 8;
    public static final int DEF_MIN_HOT_BLOCKS = 16;
    public static final int F2FS_ONSTACK_PAGES = 16;

    /** Metadata readahead (f2fs.h, node.h): BIO_MAX_VECS pages at most, one at least, per f2fs_ra_meta_pages. */
    public static final int BIO_MAX_VECS = 256;
    public static final int RECOVERY_MAX_RA_BLOCKS = BIO_MAX_VECS;
    public static final int RECOVERY_MIN_RA_BLOCKS = 1;
    /** NAT blocks one free-nid scan reads (node.h FREE_NID_PAGES). */
    public static final int FREE_NID_PAGES = 8;

    public static boolean isValidBlkaddr(long addr) {
        return addr != NULL_ADDR && addr != NEW_ADDR && addr != COMPRESS_ADDR;
    }
}
