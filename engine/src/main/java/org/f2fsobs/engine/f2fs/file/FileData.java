package org.f2fsobs.engine.f2fs.file;

/**
 * The bytes a write puts into a file, as the writing tool produces them: whole pages by content reference
 * (regenerated on demand from the tool's generator), partial pages by bytes.
 */
public interface FileData {
    /** Content reference of the whole file page {@code pageIndex} as this write leaves it. */
    long pageRef(long pageIndex);

    /** The bytes this write puts at [fileOffset, fileOffset+len), for pages it covers only in part. */
    void fill(long fileOffset, byte[] dst, int off, int len);
}
