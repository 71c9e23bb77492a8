package org.f2fsobs.bench.report;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.f2fsobs.bench.api.Comparison;
import org.f2fsobs.bench.scenario.ParamSpec;

/** The standing scale test's bookkeeping: a comparison's point without its scale, and the effect there vs full. */
final class ScaleCheck {
    private ScaleCheck() {}

    /** A point's label with the scale left out (the same point at another scale has the same key). */
    static String key(Comparison c) {
        Map<String, Object> p = new LinkedHashMap<>(c.params());
        p.remove(ParamSpec.SCALE);
        String label = ScenarioReport.label(p);
        if (c.row() != null) label += (label.isEmpty() ? "" : ", ") + "row " + c.row() + " KiB";
        return label.isEmpty() ? "—" : label;
    }

    /** (rs − 1)/(r1 − 1) for an effect of at least 10 %, else rs − r1, as the test compares them. */
    static String relative(double rs, double r1) {
        if (Math.abs(r1 - 1) >= 0.10) return String.format(Locale.ROOT, "%.3f", (rs - 1) / (r1 - 1));
        return String.format(Locale.ROOT, "Δ %+.3f", rs - r1);
    }
}
