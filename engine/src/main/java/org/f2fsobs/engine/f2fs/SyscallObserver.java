package org.f2fsobs.engine.f2fs;

import org.f2fsobs.engine.f2fs.file.FileData;

/**
 * Sees the volume's system calls as they return, in the order the tasks saw them return: what a crash-consistency
 * checker needs to know what was written and what was promised durable. Installed with
 * {@link Volume#observe(SyscallObserver)}; none by default. Paths are canonical ("dir/file", no leading slash).
 */
public interface SyscallObserver {

    /** open(2) of {@code path} returned; {@code created} when O_CREAT made the file. */
    void opened(String path, int ino, boolean created);

    /**
     * A write of {@code len} bytes at {@code pos} returned; {@code sync} when the file was opened O_SYNC or O_DSYNC
     * (the bytes and the size they reach are then promised durable). {@code writeSeq}: the call's write identity;
     * page i of the file it wrote carries {@code WriteTags.page(writeSeq, i)} wherever its content goes.
     */
    void written(int ino, long pos, long len, FileData data, long writeSeq, boolean sync);

    /** The file's size was set by ftruncate, O_TRUNC or fallocate (bytes beyond the old size read as zeros). */
    void resized(int ino, long size);

    /** fsync(2) or fdatasync(2) ({@code datasync}) returned: the file's bytes and size are promised durable. */
    void fsynced(int ino, boolean datasync);

    /** unlink(2) of an existing file started (its effects may become durable before it returns). */
    void unlinked(String path, int ino);

    /** sync(2) or umount returned: everything is promised durable. */
    void synced();
}
