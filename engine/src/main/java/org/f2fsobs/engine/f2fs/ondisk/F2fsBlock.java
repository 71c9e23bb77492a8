package org.f2fsobs.engine.f2fs.ondisk;

import org.f2fsobs.engine.sim.device.MetaImage;

/**
 * Every kind of metadata block F2FS writes (include/linux/f2fs_fs.h): the superblock, the checkpoint block and the
 * other blocks of a CP pack, NAT, SIT and SSA (summary) blocks, node blocks (inodes, direct and indirect nodes) and
 * directory (dentry) blocks. The disk keeps them as {@link MetaImage}s; {@link Blocks} reads one back as the kind
 * the reader expects — a typed read per kind, one place that decides what a block that holds something else means.
 */
public sealed interface F2fsBlock extends MetaImage
        permits SuperBlock, CheckpointImage, CpPackBlock, NatBlock, SitBlock, SummaryBlock, NodeImage, DentryBlock {

    /** The area or structure this block belongs to. */
    BlockKind blockKind();
}
