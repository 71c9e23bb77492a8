package org.f2fsobs.engine.platform;

/**
 * Kernel tunables of a profile (sysctl / sysfs), Linux defaults unless the profile cites a platform override.
 *
 * @param readAheadKb              /sys/block/X/queue/read_ahead_kb (bdi ra_pages × 4)
 * @param dirtyBackgroundRatio     vm.dirty_background_ratio, % of available memory
 * @param dirtyRatio               vm.dirty_ratio
 * @param dirtyExpireCentisecs     vm.dirty_expire_centisecs
 * @param dirtyWritebackCentisecs  vm.dirty_writeback_centisecs
 */
public record Tunables(int readAheadKb, int dirtyBackgroundRatio, int dirtyRatio,
                       int dirtyExpireCentisecs, int dirtyWritebackCentisecs) {

    public int raPages() {
        return readAheadKb / 4;
    }
}
