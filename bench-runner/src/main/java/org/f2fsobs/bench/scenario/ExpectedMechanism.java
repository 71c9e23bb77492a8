package org.f2fsobs.bench.scenario;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.f2fsobs.bench.stats.CounterExpectation;

/**
 * How the mechanism counters should move from off to on at the parameter points matching {@code when}
 * (contracts.md §3 "mechanism"). The first entry whose {@code when} matches a point applies to it, so specific
 * entries come before general ones. {@code when} maps a parameter to the values it applies to (a point matches
 * when each named parameter has one of the listed values; {} matches every point).
 *
 * @param when     parameter → values
 * @param counters the expected movements ({@link CounterExpectation}; its JSON form in the scenario file)
 * @param why      the mechanism behind the expectation, with its source
 */
public record ExpectedMechanism(Map<String, List<Object>> when, List<CounterExpectation> counters, String why) {
    public ExpectedMechanism {
        TreeMap<String, List<Object>> w = new TreeMap<>();
        (when == null ? Map.<String, List<Object>>of() : when).forEach((k, v) -> w.put(k, List.copyOf(v)));
        when = Collections.unmodifiableMap(w);
        counters = List.copyOf(counters);
    }

    public boolean matches(Map<String, Object> params) {
        return Conditions.matches(when, params);
    }
}
