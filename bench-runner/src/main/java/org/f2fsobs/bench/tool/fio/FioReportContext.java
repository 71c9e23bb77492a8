package org.f2fsobs.bench.tool.fio;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/**
 * The parts of fio's report that come from the machine rather than from the measurement: the (virtual) wall-clock
 * time at which the report is printed, the time zone of {@code ctime()}, and the files fio had to lay out first.
 */
public record FioReportContext(long epochMillis, ZoneId zone, List<FioLayout> layouts) {

    private static final DateTimeFormatter CTIME =
            DateTimeFormatter.ofPattern("EEE MMM ppd HH:mm:ss yyyy", Locale.ENGLISH);

    public FioReportContext {
        layouts = List.copyOf(layouts);
    }

    /** A context at {@code epochMillis} in UTC with no file layout. */
    public static FioReportContext at(long epochMillis) {
        return new FioReportContext(epochMillis, ZoneId.of("UTC"), List.of());
    }

    /** ctime(3) without the trailing newline: {@code Mon Nov 30 01:52:06 2026}. */
    String ctime() {
        return CTIME.format(Instant.ofEpochMilli(epochMillis).atZone(zone));
    }
}
