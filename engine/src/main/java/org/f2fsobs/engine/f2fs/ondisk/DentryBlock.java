package org.f2fsobs.engine.f2fs.ondisk;

import java.util.List;

/**
 * On-disk image of {@code struct f2fs_dentry_block}: up to NR_DENTRY_IN_BLOCK (214) entries of a directory.
 * Departure: entries are kept in slot order without the kernel's multi-level hash buckets (directories here hold
 * a handful of names).
 */
public record DentryBlock(List<Dentry> entries) implements F2fsBlock {
    @Override
    public BlockKind blockKind() {
        return BlockKind.DENTRY;
    }

    /** One directory entry: name, inode number, file type (true = directory). */
    public record Dentry(String name, int ino, boolean directory) {}
}
