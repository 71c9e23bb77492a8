package org.f2fsobs.bench.tool.iozone;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The machine-dependent parts of iozone's banner: start time ("Run began:"), the build target ("Build:
 * linux-AMD64"), and the timer resolution and CPU cache figures iozone measures or assumes.
 *
 * @param timeResolution seconds, printed with %1.6f (gettimeofday: 0.000001)
 * @param cacheSize      bytes (iozone 3.420's CACHE_SIZE: 1 MiB, unless -S)
 * @param cacheLineSize  bytes (CACHE_LINE_SIZE: 32, unless -L)
 */
public record IozoneReportContext(long epochMillis, ZoneId zone, String buildName, double timeResolution,
                                  long cacheSize, long cacheLineSize) {

    private static final DateTimeFormatter CTIME =
            DateTimeFormatter.ofPattern("EEE MMM ppd HH:mm:ss yyyy", Locale.ENGLISH);

    /** A 64-bit Linux build at {@code epochMillis} UTC with iozone's default figures. */
    public static IozoneReportContext at(long epochMillis) {
        return new IozoneReportContext(epochMillis, ZoneId.of("UTC"), "linux-AMD64", 0.000001, 1 << 20, 32);
    }

    String ctime() {
        return CTIME.format(Instant.ofEpochMilli(epochMillis).atZone(zone));
    }
}
