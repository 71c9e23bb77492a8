package org.f2fsobs.bench.scenario;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One form of a text that depends on the parameters (the measured command, mkfs or mount options): a template with
 * {@code {name}} placeholders, used at the points matching {@code when}. A scenario file writes a plain string for a
 * single unconditional form, or a list of {@code {"when": {...}, "value": "..."}} whose last entry has no
 * {@code when}; the first matching form is used.
 *
 * @param when     parameter → values (see {@link ExpectedMechanism}); {} = always
 * @param template the text with {@code {param}} placeholders
 */
public record Variant(Map<String, List<Object>> when, String template) {
    public Variant {
        TreeMap<String, List<Object>> w = new TreeMap<>();
        (when == null ? Map.<String, List<Object>>of() : when).forEach((k, v) -> w.put(k, List.copyOf(v)));
        when = Collections.unmodifiableMap(w);
        Objects.requireNonNull(template, "template");
    }

    public static Variant always(String template) {
        return new Variant(Map.of(), template);
    }

    /** The template of the first variant matching {@code params}. */
    static String pick(List<Variant> variants, Map<String, Object> params) {
        for (Variant v : variants) if (Conditions.matches(v.when, params)) return v.template;
        throw new IllegalStateException("no variant matches " + params + " (the last variant must be unconditional)");
    }
}
