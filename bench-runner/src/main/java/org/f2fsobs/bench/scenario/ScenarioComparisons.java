package org.f2fsobs.bench.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.f2fsobs.bench.api.Comparison;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.stats.Bootstrap;
import org.f2fsobs.bench.stats.ComparisonSpec;
import org.f2fsobs.bench.stats.Comparisons;

/**
 * contracts.md §5 {@code Comparisons.of(List<RunResult>, Scenario)}: the scenario's flag, the mail's on/off ratios
 * and its expected counter movements as a {@link ComparisonSpec}, then {@link Comparisons#of}.
 *
 * <p>Reference ratios: every {@link Reference} of the compared metric with both sides — the headline
 * ({@code row} = null), or for iozone the row metric per record length. References match whatever the
 * {@code scale}: the mail's ratio is the claim at any size, and the comparison's parameters show the scale it was
 * checked at. Expectations: each {@link ExpectedMechanism} in file order, one entry per combination of its listed
 * values (first match wins, as in the file).
 */
public final class ScenarioComparisons {
    private ScenarioComparisons() {}

    public static List<Comparison> of(List<RunResult> cells, Scenario scenario, long matrixSeed) {
        return withAbsolute(withScaleNotes(Comparisons.of(bySides(cells, scenario), ScenarioCatalog.comparisonSpec(scenario), matrixSeed), scenario),
                scenario);
    }

    /** The name under which a sides scenario's two sides are compared as "off" (before) and "on" (after). */
    static String sideKey(Scenario s) {
        return "side:" + s.sides().param();
    }

    /**
     * For a scenario whose sides are two values of a parameter: each cell at one of them, relabelled so that the
     * comparison sees that parameter as the "flag" (before = off, after = on) and no longer as a parameter; cells at other
     * values of it are left out. A flag scenario's cells are returned as they are.
     */
    static List<RunResult> bySides(List<RunResult> cells, Scenario s) {
        if (s.sides() == null) return cells;
        List<RunResult> out = new ArrayList<>();
        for (RunResult c : cells) {
            Boolean after = c.params() == null ? null : s.sides().sideOf(c.params().get(s.sides().param()));
            if (after == null) continue;
            Map<String, Boolean> o = new java.util.TreeMap<>(c.optimizations());
            o.put(sideKey(s), after);
            Map<String, Object> p = new LinkedHashMap<>(c.params());
            p.remove(s.sides().param());
            out.add(new RunResult(c.scenario(), c.tool(), c.command(), c.toolOutput(), c.profile(), c.mkfs(), c.mount(), o, p, c.seed(),
                    c.headline(), c.metrics(), c.counters(), c.histograms(), c.timeBreakdownNs(), c.preparation(), c.reference(),
                    c.virtualNs(), c.wallMs(), c.reproduce(), c.engineVersion(), c.profileOverrides(), c.scaleRegime(), c.script(),
                    c.scriptRuns()));
        }
        return out;
    }

    /**
     * contracts.md §6 {@code absolute}: our median over the mail's figure, off and on, for the compared metric (the
     * headline, or the iozone row's column) at the comparison's point; absent where the mail gives no figure.
     */
    public static List<Comparison> withAbsolute(List<Comparison> cs, Scenario scenario) {
        List<Comparison> out = new ArrayList<>();
        for (Comparison c : cs) {
            Reference ref = null;
            for (Reference r : scenario.references()) {
                boolean compared = r.row() == null ? r.metric().equals(scenario.headline()) : Objects.equals(r.metric(), scenario.rowMetric());
                if (compared && Objects.equals(r.row(), c.row()) && Scenario.matchesPoint(r.when(), c.params())) {
                    ref = r;
                    break;
                }
            }
            if (ref == null) {
                out.add(c);
                continue;
            }
            out.add(c.withAbsolute(new Comparison.Absolute(over(c.off().median(), ref.before()), over(c.on().median(), ref.after()))));
        }
        return out;
    }

    private static Double over(double ours, Figure mail) {
        return mail == null || mail.value() == 0 ? null : ours / mail.value();
    }

    /** Each comparison below scale 1 carries what the scenario knows drifts at its scale (ScaleRegime#note). */
    public static List<Comparison> withScaleNotes(List<Comparison> cs, Scenario scenario) {
        List<Comparison> out = new ArrayList<>();
        for (Comparison c : cs) {
            Object scale = c.params().get(ParamSpec.SCALE);
            String note = scale instanceof Number n ? scenario.scale().regime().note(n.doubleValue()) : null;
            out.add(note == null ? c : c.withScaleNote(note));
        }
        return out;
    }

    public static Comparisons.Analysis analyse(List<RunResult> cells, Scenario scenario, long matrixSeed) {
        return Comparisons.analyse(bySides(cells, scenario), ScenarioCatalog.comparisonSpec(scenario), matrixSeed);
    }

    static ComparisonSpec spec(Scenario s, int resamples, double level) {
        List<ComparisonSpec.ReferenceRatio> refs = new ArrayList<>();
        for (Reference r : s.references()) {
            boolean compared = r.row() == null ? r.metric().equals(s.headline()) : Objects.equals(r.metric(), s.rowMetric());
            if (compared && r.ratio().isPresent()) refs.add(new ComparisonSpec.ReferenceRatio(r.when(), r.row(), r.ratio().getAsDouble()));
        }
        List<ComparisonSpec.PointExpectations> exp = new ArrayList<>();
        for (ExpectedMechanism e : s.expectedMechanism()) {
            for (Map<String, Object> when : combinations(e.when())) exp.add(new ComparisonSpec.PointExpectations(when, e.counters()));
        }
        return new ComparisonSpec(s.sides() == null ? s.flag() : sideKey(s), refs, exp, resamples, level);
    }

    /** {a: [1, 2], b: [x]} → {a: 1, b: x}, {a: 2, b: x}. */
    static List<Map<String, Object>> combinations(Map<String, List<Object>> when) {
        List<Map<String, Object>> out = new ArrayList<>();
        out.add(new LinkedHashMap<>());
        for (Map.Entry<String, List<Object>> e : when.entrySet()) {
            List<Map<String, Object>> next = new ArrayList<>();
            for (Map<String, Object> m : out) {
                for (Object v : e.getValue()) {
                    Map<String, Object> n = new LinkedHashMap<>(m);
                    n.put(e.getKey(), v);
                    next.add(n);
                }
            }
            out = next;
        }
        return out;
    }

    /** Default bootstrap settings, for callers that build the spec themselves. */
    static ComparisonSpec spec(Scenario s) {
        return spec(s, Bootstrap.DEFAULT_RESAMPLES, Bootstrap.DEFAULT_LEVEL);
    }
}
