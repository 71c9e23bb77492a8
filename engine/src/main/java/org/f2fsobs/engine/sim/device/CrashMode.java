package org.f2fsobs.engine.sim.device;

/**
 * What a power cut does to writes that completed but were not yet flushed from the device's volatile cache
 * (FoundationDB {@code AsyncFileNonDurable.KillMode}, H2 {@code FilePathReorderWrites}). In-flight writes are
 * always lost; flushed and FUA writes always survive.
 */
public enum CrashMode {
    /** Every un-flushed write is lost. */
    DROP_ALL,
    /** Every un-flushed write happens to survive. */
    KEEP_ALL,
    /** Each un-flushed write survives or not by a seeded coin: a later write may survive an earlier one (reordering). */
    RANDOM_SUBSET
}
