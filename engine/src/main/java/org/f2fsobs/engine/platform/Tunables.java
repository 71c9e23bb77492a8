package org.f2fsobs.engine.platform;

/**
 * Kernel tunables of a profile (sysctl / sysfs), Linux defaults unless the profile cites a platform override. Each
 * accessor notes its read in {@code reads} ({@link ProfileReads}).
 *
 * @param readAheadKb              /sys/block/X/queue/read_ahead_kb (bdi ra_pages × 4)
 * @param dirtyBackgroundRatio     vm.dirty_background_ratio, % of available memory
 * @param dirtyRatio               vm.dirty_ratio
 * @param dirtyExpireCentisecs     vm.dirty_expire_centisecs
 * @param dirtyWritebackCentisecs  vm.dirty_writeback_centisecs
 */
public record Tunables(int readAheadKb, int dirtyBackgroundRatio, int dirtyRatio,
                       int dirtyExpireCentisecs, int dirtyWritebackCentisecs, ProfileReads reads) {

    public Tunables {
        if (reads == null) reads = new ProfileReads();
    }

    public Tunables(int readAheadKb, int dirtyBackgroundRatio, int dirtyRatio, int dirtyExpireCentisecs, int dirtyWritebackCentisecs) {
        this(readAheadKb, dirtyBackgroundRatio, dirtyRatio, dirtyExpireCentisecs, dirtyWritebackCentisecs, null);
    }

    /** The same tunables noting their reads in {@code log}. */
    public Tunables withReads(ProfileReads log) {
        return log == reads ? this : new Tunables(readAheadKb, dirtyBackgroundRatio, dirtyRatio, dirtyExpireCentisecs,
                dirtyWritebackCentisecs, log);
    }

    @Override public int readAheadKb() { reads.note(ProfileReads.TUNABLES_READ_AHEAD_KB); return readAheadKb; }
    @Override public int dirtyBackgroundRatio() { reads.note(ProfileReads.TUNABLES_DIRTY_BACKGROUND_RATIO); return dirtyBackgroundRatio; }
    @Override public int dirtyRatio() { reads.note(ProfileReads.TUNABLES_DIRTY_RATIO); return dirtyRatio; }
    @Override public int dirtyExpireCentisecs() { reads.note(ProfileReads.TUNABLES_DIRTY_EXPIRE_CENTISECS); return dirtyExpireCentisecs; }
    @Override public int dirtyWritebackCentisecs() { reads.note(ProfileReads.TUNABLES_DIRTY_WRITEBACK_CENTISECS); return dirtyWritebackCentisecs; }

    public int raPages() {
        return readAheadKb() / 4;
    }
}
