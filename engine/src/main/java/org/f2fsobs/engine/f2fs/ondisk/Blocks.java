package org.f2fsobs.engine.f2fs.ondisk;

import java.util.List;
import org.f2fsobs.engine.f2fs.F2fsConst;
import org.f2fsobs.engine.f2fs.F2fsException;
import org.f2fsobs.engine.sim.device.MetaImage;

/**
 * Typed reads of metadata blocks: what a block read from the disk holds, as the kind its reader expects. A block
 * never written reads as zeros (an empty NAT, SIT, summary or dentry block; no superblock, checkpoint or node). A
 * checkpoint or node read of a block that holds something else is not one (validate_checkpoint and the node footer
 * checks reject it); a NAT, SIT or summary read of another kind of block is corruption (EFSCORRUPTED).
 */
public final class Blocks {
    private Blocks() {}

    /** The F2FS block an image is (null: never written). */
    public static F2fsBlock of(MetaImage img) {
        return switch (img) {
            case null -> null;
            case F2fsBlock b -> b;
            default -> throw new F2fsException("EFSCORRUPTED", "not an F2FS block: " + img);
        };
    }

    /** The kind of the block an image is (null: never written). */
    public static BlockKind kindOf(MetaImage img) {
        F2fsBlock b = of(img);
        return b == null ? null : b.blockKind();
    }

    /** A superblock copy, or null when the block holds none. */
    public static SuperBlock superBlock(MetaImage img) {
        return switch (of(img)) {
            case SuperBlock sb -> sb;
            case null, default -> null;
        };
    }

    /** The checkpoint block of a CP pack, or null (never written, or another block: the pack is not valid). */
    public static CheckpointImage checkpoint(MetaImage img) {
        return switch (of(img)) {
            case CheckpointImage cp -> cp;
            case null, default -> null;
        };
    }

    /** A NAT block of block offset {@code blockOff} (never written: all entries NULL). */
    public static NatBlock nat(MetaImage img, int blockOff) {
        return switch (of(img)) {
            case null -> NatBlock.empty(blockOff * F2fsConst.NAT_ENTRY_PER_BLOCK);
            case NatBlock b -> b;
            case F2fsBlock other -> throw wrong(other, BlockKind.NAT);
        };
    }

    /** A SIT block of block offset {@code blockOff} (never written: every entry empty). */
    public static SitBlock sit(MetaImage img, int blockOff) {
        return switch (of(img)) {
            case null -> SitBlock.empty(blockOff * F2fsConst.SIT_ENTRY_PER_BLOCK);
            case SitBlock b -> b;
            case F2fsBlock other -> throw wrong(other, BlockKind.SIT);
        };
    }

    /** The SSA block of a segment (never written: every entry zero). */
    public static SummaryBlock summary(MetaImage img) {
        return switch (of(img)) {
            case null -> SummaryBlock.empty();
            case SummaryBlock b -> b;
            case F2fsBlock other -> throw wrong(other, BlockKind.SUMMARY);
        };
    }

    /** A node block, or null when the block holds none (its footer cannot match anything). */
    public static NodeImage node(MetaImage img) {
        return switch (of(img)) {
            case NodeImage n -> n;
            case null, default -> null;
        };
    }

    /** A directory block (never written or a hole: no entries). */
    public static DentryBlock dentry(MetaImage img) {
        return switch (of(img)) {
            case null -> new DentryBlock(List.of());
            case DentryBlock d -> d;
            case F2fsBlock other -> throw wrong(other, BlockKind.DENTRY);
        };
    }

    /** How a block is described in a corruption message. */
    public static String describe(MetaImage img) {
        return switch (of(img)) {
            case null -> "a block never written";
            case NodeImage n -> "node nid " + n.nid() + " ino " + n.ino();
            case F2fsBlock b -> "a " + b.blockKind().key() + " block";
        };
    }

    private static F2fsException wrong(F2fsBlock found, BlockKind expected) {
        return new F2fsException("EFSCORRUPTED", "a " + expected.key() + " block was expected, the block holds a "
                + found.blockKind().key() + " block");
    }
}
