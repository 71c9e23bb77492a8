package org.f2fsobs.engine.f2fs.ondisk;

/**
 * On-disk image of {@code struct f2fs_sit_block}: up to 55 {@code f2fs_sit_entry} (vblocks with type, valid map,
 * mtime) for consecutive segments starting at {@code startSegno}.
 */
public record SitBlock(int startSegno, RawSit[] entries) implements F2fsBlock {
    @Override
    public BlockKind blockKind() {
        return BlockKind.SIT;
    }

    /** A SIT block never written: every entry zero. */
    public static SitBlock empty(int startSegno) {
        RawSit[] raw = new RawSit[org.f2fsobs.engine.f2fs.F2fsConst.SIT_ENTRY_PER_BLOCK];
        for (int i = 0; i < raw.length; i++) raw[i] = new RawSit(0, 0, new long[8], 0);
        return new SitBlock(startSegno, raw);
    }

    /** {@code struct f2fs_sit_entry} */
    public record RawSit(int validBlocks, int type, long[] validMap, long mtime) {}
}
