package org.f2fsobs.bench.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.CellRunner;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.matrix.MatrixExpansion;
import org.f2fsobs.bench.matrix.MatrixLimits;
import org.f2fsobs.bench.matrix.MatrixRequest;
import org.f2fsobs.bench.runner.MatrixRunner;
import org.f2fsobs.bench.scenario.Scenario;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.f2fsobs.bench.scenario.Sweep;

/**
 * The sweeps a scenario declares ({@link Sweep}): per value of the profile constant, the flag off and on, one
 * repetition, the headline, the ratio and the declared counters of each side. Printed as a prediction; nothing is
 * compared with a mail.
 */
final class SweepReport {
    private SweepReport() {}

    /** The scale a sweep runs at: its own, or the report's when that is smaller. */
    static double scale(Sweep w, double reportScale) {
        return reportScale > 0 ? Math.min(w.scale(), reportScale) : w.scale();
    }

    /** One sweep's cells: value → {off, on}. */
    static Map<Long, RunResult[]> run(ScenarioCatalog catalog, CellRunner runner, Scenario s, Sweep w, double scale, long seed,
                                      Map<String, Long> overrides, int threads, Consumer<String> log, CancellationToken cancel) {
        Map<Long, RunResult[]> out = new LinkedHashMap<>();
        for (long v : w.values()) {
            Map<String, List<Object>> params = new LinkedHashMap<>();
            w.point().forEach((k, x) -> params.put(k, List.of(x)));
            params.put("scale", List.of(scale));
            Map<String, Long> o = new TreeMap<>(overrides);
            o.put(w.constant(), v);
            MatrixRequest req = new MatrixRequest(s.id(), Map.of(s.flag(), List.of(false, true)), params, 1, seed, o);
            MatrixExpansion.Expansion e = catalog.validate(req, MatrixLimits.DEFAULT);
            if (!e.ok()) throw new IllegalArgumentException(s.id() + " sweep " + w.constant() + "=" + v + ": " + e.errors());
            log.accept("[report] " + s.id() + ": sweep " + w.constant() + " = " + v);
            MatrixRunner.MatrixResult m = new MatrixRunner(runner, threads).run(e.cells(), s, seed, (i, r) -> { },
                    ProgressListener.NONE, cancel);
            RunResult[] pair = new RunResult[2];
            for (RunResult r : m.cells()) pair[Boolean.TRUE.equals(r.optimizations().get(s.flag())) ? 1 : 0] = r;
            out.put(v, pair);
        }
        return out;
    }

    static String markdown(Scenario s, Sweep w, double scale, Map<Long, RunResult[]> cells) {
        StringBuilder b = new StringBuilder("#### Sweep of `").append(w.constant()).append("`\n\n").append(w.why())
                .append(String.format(Locale.ROOT, " Point %s, scale %s, one repetition per side; the other profile constants at their nominals (`--profile-set %s=…`).%n%n",
                        ScenarioReport.label(w.point()), trim(scale), w.constant()));
        b.append("| ").append(w.constant().substring(w.constant().lastIndexOf('.') + 1)).append(" | off MiB/s | on MiB/s | on/off");
        for (String c : w.counters()) b.append(" | ").append(c).append(" off | on");
        b.append(" |\n|---:|---:|---:|---:");
        b.append("|---:|---:".repeat(w.counters().size())).append("|\n");
        for (Map.Entry<Long, RunResult[]> e : cells.entrySet()) {
            RunResult off = e.getValue()[0], on = e.getValue()[1];
            double offMib = off.headline().value() / 1048576.0, onMib = on.headline().value() / 1048576.0;
            b.append(String.format(Locale.ROOT, "| %d | %.1f | %.1f | %.3f", e.getKey(), offMib, onMib, onMib / offMib));
            for (String c : w.counters()) b.append(" | ").append(value(off, c)).append(" | ").append(value(on, c));
            b.append(" |\n");
        }
        return b.append('\n').toString();
    }

    /** A counter, or {@code a/b+c} as counter a per (b + c) ("—" when that is 0). */
    static String value(RunResult r, String spec) {
        int slash = spec.indexOf('/');
        if (slash < 0) return String.valueOf(count(r, spec));
        long a = count(r, spec.substring(0, slash)), d = 0;
        for (String x : spec.substring(slash + 1).split("\\+")) d += count(r, x);
        return d == 0 ? "—" : String.format(Locale.ROOT, "%.2f", (double) a / d);
    }

    private static long count(RunResult r, String name) {
        Object v = r.counters().get(name);
        if (!(v instanceof Number n)) throw new IllegalArgumentException("sweep counter " + name + " is not a counter of " + r.scenario());
        return n.longValue();
    }

    private static String trim(double d) {
        return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
    }
}
