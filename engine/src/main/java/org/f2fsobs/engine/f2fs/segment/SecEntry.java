package org.f2fsobs.engine.f2fs.segment;

/**
 * Mirrors {@code struct sec_entry} in fs/f2fs/segment.h; {@code ckptValidBlocks} is the field added by
 * "f2fs: add ckpt_valid_blocks to the section entry" and is maintained only with the flag sec_ckpt_valid_blocks.
 */
public final class SecEntry {
    int validBlocks;          // # of valid blocks in a section
    int ckptValidBlocks;      // # of valid blocks last cp in a section (flag sec_ckpt_valid_blocks)

    public int validBlocks() { return validBlocks; }
    public int ckptValidBlocks() { return ckptValidBlocks; }
}
