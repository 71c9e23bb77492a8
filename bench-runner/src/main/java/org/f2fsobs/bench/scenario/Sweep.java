package org.f2fsobs.bench.scenario;

import java.util.List;
import java.util.Map;

/**
 * A scenario's sweep of one profile constant (scenario JSON {@code sweeps}): the report runs the flag off and on at
 * {@code point} and {@code scale} for each value of {@code constant} (a {@code --profile-set} what-if, other constants
 * at their nominals) and prints the headline and {@code counters} per value. A prediction printed, not a target.
 *
 * @param constant dotted profile key, e.g. {@code kernel.vmalloc_users.threads}
 * @param values   the values to run, in order
 * @param point    parameter values of the runs (others at their defaults)
 * @param scale    the runs' scale
 * @param counters counters printed per side (each also per {@code per} call when given as {@code name/per})
 * @param why      what the sweep shows
 */
public record Sweep(String constant, List<Long> values, Map<String, Object> point, double scale, List<String> counters, String why) {
    public Sweep {
        values = List.copyOf(values);
        point = Map.copyOf(point);
        counters = List.copyOf(counters);
        if (values.isEmpty()) throw new IllegalArgumentException("a sweep needs values");
        if (!(scale > 0 && scale <= 1)) throw new IllegalArgumentException("a sweep's scale must be in (0, 1]");
    }
}
