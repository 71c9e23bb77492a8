package org.f2fsobs.engine.f2fs;

/** Constants of include/linux/f2fs_fs.h and fs/f2fs/f2fs.h that the model uses, with the kernel's names. */
public final class F2fsConst {
    private F2fsConst() {}

    public static final int F2FS_BLKSIZE = 4096;
    public static final int LOG_BLOCKS_PER_SEG = 9;
    public static final int BLKS_PER_SEG = 1 << LOG_BLOCKS_PER_SEG;      // 512 blocks = 2 MiB
    public static final int SIT_VBLOCK_MAP_SIZE = 64;
    public static final int SIT_ENTRY_PER_BLOCK = 55;                     // 4096 / sizeof(f2fs_sit_entry) = 74
    public static final int NAT_ENTRY_PER_BLOCK = 455;                    // 4096 / sizeof(f2fs_nat_entry) = 9
    public static final int ENTRIES_IN_SUM = 512;
    public static final int NAT_JOURNAL_ENTRIES = 38;                     // (SUM_JOURNAL_SIZE - 2) / sizeof(nat_journal_entry)
    public static final int SIT_JOURNAL_ENTRIES = 6;                      // (SUM_JOURNAL_SIZE - 2) / sizeof(sit_journal_entry)
    public static final int F2FS_NUMBER_OF_CHECKPOINT_PACK = 2;
    public static final int NR_CURSEG_TYPE = 6;
    public static final int CHECKSUM_OFFSET = 4092;
    /** sizeof(struct f2fs_checkpoint) without the trailing bitmaps. */
    public static final int SIZEOF_F2FS_CHECKPOINT = 193;  // packed, with sit_nat_version_bitmap[1]
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
    /** Node summary blocks of a CP pack written by a CP_UMOUNT checkpoint (NR_CURSEG_NODE_TYPE). */
    public static final int NR_CURSEG_NODE_TYPE = 3;

    public static boolean isValidBlkaddr(long addr) {
        return addr != NULL_ADDR && addr != NEW_ADDR && addr != COMPRESS_ADDR;
    }
}
