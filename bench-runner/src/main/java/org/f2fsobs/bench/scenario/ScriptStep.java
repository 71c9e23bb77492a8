package org.f2fsobs.bench.scenario;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One line of a scenario's script, as data: a template with {@code {name}} placeholders (parameters and the scale
 * rule's placeholder), the parameter values it applies at, why it is there, and whether it is the measured run whose
 * result is the scenario's (exactly one applies at every point).
 *
 * @param line     the shell line (a template)
 * @param when     parameter → values the line applies at; {} = always
 * @param why      why the line is there (the mail's own lines say so too)
 * @param headline whether this is the run the scenario measures
 */
public record ScriptStep(String line, Map<String, List<Object>> when, String why, boolean headline) {
    public ScriptStep {
        Objects.requireNonNull(line, "line");
        TreeMap<String, List<Object>> w = new TreeMap<>();
        (when == null ? Map.<String, List<Object>>of() : when).forEach((k, v) -> w.put(k, List.copyOf(v)));
        when = Collections.unmodifiableMap(w);
    }

    public boolean appliesTo(Map<String, Object> params) {
        return Conditions.matches(when, params);
    }
}
