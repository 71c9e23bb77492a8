package org.f2fsobs.engine.f2fs.segment;

/**
 * On-disk image of {@code struct f2fs_sit_block}: up to 55 {@code f2fs_sit_entry} (vblocks with type, valid map,
 * mtime) for consecutive segments starting at {@code startSegno}.
 */
public record SitBlock(int startSegno, RawSit[] entries) {
    /** {@code struct f2fs_sit_entry} */
    public record RawSit(int validBlocks, int type, long[] validMap, long mtime) {}
}
