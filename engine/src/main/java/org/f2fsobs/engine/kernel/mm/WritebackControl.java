package org.f2fsobs.engine.kernel.mm;

/** Mirrors {@code struct writeback_control}. */
public final class WritebackControl {
    public enum SyncMode { WB_SYNC_NONE, WB_SYNC_ALL }

    public final SyncMode syncMode;
    public long nrToWrite;
    public long rangeStart;
    public long rangeEnd = Long.MAX_VALUE;
    public boolean rangeCyclic;
    public boolean forBackground;
    public boolean forKupdate;
    public boolean forSync;
    public boolean forReclaim;
    public long pagesSkipped;

    public WritebackControl(SyncMode syncMode, long nrToWrite) {
        this.syncMode = syncMode;
        this.nrToWrite = nrToWrite;
    }

    public boolean syncAll() {
        return syncMode == SyncMode.WB_SYNC_ALL;
    }

    /** wbc for fsync of a byte range (file_write_and_wait_range → filemap_fdatawrite_wbc). */
    public static WritebackControl forRange(long start, long end) {
        WritebackControl w = new WritebackControl(SyncMode.WB_SYNC_ALL, Long.MAX_VALUE);
        w.rangeStart = start;
        w.rangeEnd = end;
        return w;
    }
}
