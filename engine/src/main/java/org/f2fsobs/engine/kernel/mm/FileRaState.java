package org.f2fsobs.engine.kernel.mm;

/** Mirrors {@code struct file_ra_state}: the readahead window of one open file. */
public final class FileRaState {
    long start;
    long size;
    long asyncSize;
    long prevPos = -1;
    final int raPages;

    public FileRaState(int raPages) {
        this.raPages = raPages;
    }

    public long start() { return start; }
    public long size() { return size; }
    public long asyncSize() { return asyncSize; }
}
