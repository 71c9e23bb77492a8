package org.f2fsobs.engine.f2fs.data;

/** A page that is the subject of block I/O (data page, node page, meta page): told when its I/O completes. */
public interface IoPage {
    /** The write of this page completed (end_page_writeback); runs in completion context. */
    void endWrite(int status);

    /** The read of this page completed with the block's content and its write identity; runs in completion context. */
    default void endRead(int status, long ref, long tag, org.f2fsobs.engine.sim.device.MetaImage meta) {
        throw new IllegalStateException(getClass().getSimpleName() + " is never read");
    }
}
