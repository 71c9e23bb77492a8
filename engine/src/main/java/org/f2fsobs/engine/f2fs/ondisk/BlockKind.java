package org.f2fsobs.engine.f2fs.ondisk;

import java.util.Locale;

/** The kinds of {@link F2fsBlock}: where in the layout a block lives and what struct it holds. */
public enum BlockKind {
    /** struct f2fs_super_block (blocks 0 and 1). */
    SUPER,
    /** struct f2fs_checkpoint: the first and the last block of a CP pack. */
    CHECKPOINT,
    /** a payload, orphan or summary block inside a CP pack. */
    CP_PACK,
    /** struct f2fs_nat_block. */
    NAT,
    /** struct f2fs_sit_block. */
    SIT,
    /** struct f2fs_summary_block in the SSA area. */
    SUMMARY,
    /** struct f2fs_node: an inode, a direct or an indirect node. */
    NODE,
    /** struct f2fs_dentry_block: a directory's data block. */
    DENTRY;

    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
