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

    /** Entries of a block never written (shared: nobody writes into an image's entries; writers clone them). */
    private static final RawSit[] ZERO_ENTRIES = new RawSit[org.f2fsobs.engine.f2fs.F2fsConst.SIT_ENTRY_PER_BLOCK];

    static {
        RawSit zero = new RawSit(0, 0, new long[org.f2fsobs.engine.f2fs.F2fsConst.SIT_VBLOCK_MAP_SIZE / Long.BYTES], 0);
        java.util.Arrays.fill(ZERO_ENTRIES, zero);
    }

    /** A SIT block never written: every entry zero (a mount of a large disk reads thousands). */
    public static SitBlock empty(int startSegno) {
        return new SitBlock(startSegno, ZERO_ENTRIES);
    }

    /** True for a block never written (all entries zero). */
    public boolean neverWritten() {
        return entries == ZERO_ENTRIES;
    }

    /** {@code struct f2fs_sit_entry} */
    public record RawSit(int validBlocks, int type, long[] validMap, long mtime) {}
}
