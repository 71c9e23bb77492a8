package org.f2fsobs.engine.f2fs.dir;

import java.util.List;

/**
 * On-disk image of {@code struct f2fs_dentry_block}: up to NR_DENTRY_IN_BLOCK (214) entries of a directory.
 * Departure: entries are kept in slot order without the kernel's multi-level hash buckets (directories here hold
 * a handful of names).
 */
public record DentryBlock(List<Dentry> entries) {
    /** One directory entry: name, inode number, file type (true = directory). */
    public record Dentry(String name, int ino, boolean directory) {}
}
