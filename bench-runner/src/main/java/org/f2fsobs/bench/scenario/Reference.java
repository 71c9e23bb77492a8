package org.f2fsobs.bench.scenario;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * One figure of the mail at one parameter point (and, for iozone, one record length row), before and after the
 * patch, in the mail's unit and converted to the base unit. The on/off ratio the verdict compares with follows
 * from the two sides: {@code after.value() / before.value()}.
 *
 * @param when   the parameter values this figure was measured at (a subset of the point's parameters; {} = every
 *               point); a point the mail does not cover has no reference
 * @param row    the iozone record length (KiB) of this figure, or null
 * @param metric what was measured: a headline name ({@code write_bandwidth}), an iozone column
 *               ({@code write_kbps}), or a counter path ({@code read_requests},
 *               {@code histograms.read_request_bytes.4096})
 * @param before the figure with the flag off, or null when the mail gives none
 * @param after  the figure with the flag on, or null when the mail gives none
 * @param source the seed mail's file name
 * @param quote  the mail's words for it, or null
 * @param note   how the figure was read (e.g. why one measurement stands for both sides), or null
 */
public record Reference(Map<String, Object> when, Integer row, String metric, Figure before, Figure after,
                        String source, String quote, String note) {
    public Reference {
        when = Collections.unmodifiableMap(new TreeMap<>(when == null ? Map.of() : when));
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(source, "source");
        if (before == null && after == null) throw new IllegalArgumentException(metric + ": a reference needs a side");
        if (before != null && after != null && !before.baseUnit().equals(after.baseUnit())) {
            throw new IllegalArgumentException(metric + ": before and after are in different base units");
        }
    }

    /** after / before in base units, when the mail gives both sides. */
    public OptionalDouble ratio() {
        if (before == null || after == null || before.value() == 0) return OptionalDouble.empty();
        return OptionalDouble.of(after.value() / before.value());
    }

    /** The side for a run with the studied flag {@code on}, or null. */
    public Figure side(boolean on) {
        return on ? after : before;
    }

    public String baseUnit() {
        return (before != null ? before : after).baseUnit();
    }
}
