package org.f2fsobs.engine.f2fs.ondisk;

import org.f2fsobs.engine.f2fs.F2fsConst;

/**
 * Mirrors {@code struct f2fs_super_block} (the geometry fields the model uses). Immutable; written by mkfs to
 * blocks 0 and 1 and read back at mount. {@code features} are the names mkfs.f2fs -O set (the feature bits).
 */
public record SuperBlock(
        long blockCount,
        int segsPerSec,
        int secsPerZone,
        long segment0Blkaddr,
        long cpBlkaddr,
        long sitBlkaddr,
        long natBlkaddr,
        long ssaBlkaddr,
        long mainBlkaddr,
        int segmentCount,
        int segmentCountCkpt,
        int segmentCountSit,
        int segmentCountNat,
        int segmentCountSsa,
        int segmentCountMain,
        int sectionCount,
        int cpPayload,
        int rootIno,
        double overprovision,
        int reservedSegments,
        java.util.List<String> features) implements F2fsBlock {

    public SuperBlock {
        features = java.util.List.copyOf(features);
    }

    @Override
    public BlockKind blockKind() {
        return BlockKind.SUPER;
    }

    /** f2fs_sb_has_compression: the image was made with mkfs.f2fs -O compression (F2FS_FEATURE_COMPRESSION). */
    public boolean hasCompression() {
        return features.contains("compression");
    }

    public int segsPerZone() {
        return segsPerSec * secsPerZone;
    }

    public int blocksPerSec() {
        return segsPerSec * F2fsConst.BLKS_PER_SEG;
    }

    /** Blocks of one SIT copy (the SIT area holds two). */
    public int sitBlocks() {
        return segmentCountSit / 2 * F2fsConst.BLKS_PER_SEG;
    }

    public int natBlocks() {
        return segmentCountNat / 2 * F2fsConst.BLKS_PER_SEG;
    }
}
