package org.f2fsobs.engine.f2fs.ondisk;

/**
 * On-disk image of {@code struct f2fs_summary_block} (entries only; journals travel in the checkpoint pack):
 * for each block of a segment, the node that owns it and the slot in that node.
 */
public record SummaryBlock(int[] nid, int[] ofsInNode, byte[] version) implements F2fsBlock {
    @Override
    public BlockKind blockKind() {
        return BlockKind.SUMMARY;
    }

    /** A summary block never written: every entry zero. */
    public static SummaryBlock empty() {
        int n = org.f2fsobs.engine.f2fs.F2fsConst.BLKS_PER_SEG;
        return new SummaryBlock(new int[n], new int[n], new byte[n]);
    }
}
