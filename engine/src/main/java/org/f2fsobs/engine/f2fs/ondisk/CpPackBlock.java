package org.f2fsobs.engine.f2fs.ondisk;

/**
 * A block in the middle of a CP pack (payload, orphan, data or node summary block). Their content travels in the
 * {@link CheckpointImage}; these blocks are written so that the pack has the kernel's size and I/O.
 */
public record CpPackBlock(long checkpointVer, int index, String what) implements F2fsBlock {
    @Override
    public BlockKind blockKind() {
        return BlockKind.CP_PACK;
    }
}
