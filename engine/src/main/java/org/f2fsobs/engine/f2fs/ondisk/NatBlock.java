package org.f2fsobs.engine.f2fs.ondisk;

/** On-disk image of {@code struct f2fs_nat_block}: 455 entries (version, ino, block_addr) from {@code startNid}. */
public record NatBlock(int startNid, int[] ino, long[] blkaddr, byte[] version) implements F2fsBlock {
    @Override
    public BlockKind blockKind() {
        return BlockKind.NAT;
    }

    public static NatBlock empty(int startNid) {
        int n = org.f2fsobs.engine.f2fs.F2fsConst.NAT_ENTRY_PER_BLOCK;
        return new NatBlock(startNid, new int[n], new long[n], new byte[n]);
    }
}
