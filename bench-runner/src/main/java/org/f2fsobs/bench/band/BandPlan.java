package org.f2fsobs.bench.band;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.scenario.ParamSpec;
import org.f2fsobs.bench.scenario.Scenario;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.f2fsobs.engine.platform.ProfileException;
import org.f2fsobs.engine.platform.Profiles;
import org.f2fsobs.engine.platform.Sourced;

/**
 * The band of a matrix (contracts.md §6) as a plan that says, from the results so far, which cells to run next, or
 * that it is complete: a pure function of the results, so a band resumes after a restart from whatever results were
 * stored (the app stores them; the CLI keeps them in memory).
 *
 * <p>Order of the points: the nominal (the base cells: each parameter point off and on, one repetition, the matrix
 * seed, at the band's scale); then every swept constant one at a time at its {@code low} and {@code high}; then, per
 * comparison, the two corners the one-at-a-time signs give (every constant at its ratio-lowering end, then at its
 * raising end); then a seeded Latin hypercube ({@link BandOptions#lhsPoints()}, at least 32 by default) over every
 * constant whose swing is at least {@link BandOptions#lhsShare()} of the largest of some comparison.
 *
 * <p>Swept constants: every numeric profile constant whose range is not a single value and which some nominal run
 * read ({@code RunResult.profileReads}), except the calibrated ones, which are re-solved at every point
 * ({@link Calibration}). Structural choices (scheduler, allocator era, flags) are listed, not swept. A cell whose
 * nominal run read none of the constants a point changes is not run again: it gives its nominal result exactly.
 */
public final class BandPlan {
    private final Scenario scenario;
    private final String profile;
    private final List<CellSpec> base;
    private final Map<String, Long> baseOverrides;
    private final long seed;
    private final BandOptions options;
    private final Map<String, Sourced> constants;
    private final Calibration cal;
    private final CellSpec calBaseline;
    private final CellSpec calProbe;
    private final Map<String, Long> calNominals = new TreeMap<>();
    private final Map<String, String> feasibility = new HashMap<>();

    /**
     * @param baseCells the nominal cells of the band: one per parameter point and flag value, one repetition, at the
     *                  band's scale (every cell of a matrix with one repetition, or repetition 0 of any)
     */
    public BandPlan(ScenarioCatalog catalog, Scenario scenario, List<CellSpec> baseCells, long seed, BandOptions options) {
        if (baseCells.isEmpty()) throw new IllegalArgumentException("a band needs cells");
        this.scenario = scenario;
        this.base = List.copyOf(baseCells);
        this.profile = base.get(0).profile() != null ? base.get(0).profile() : scenario.profile();
        this.baseOverrides = new TreeMap<>(base.get(0).profileOverrides());
        this.seed = seed;
        this.options = options;
        this.constants = Profiles.load(profile, baseOverrides).constants();
        this.cal = Calibrations.of(profile).orElse(null);
        if (cal != null) {
            for (String k : cal.dependents()) calNominals.put(k, ((Number) constants.get(k).value()).longValue());
            calBaseline = baselineCell(catalog);
            calProbe = calBaseline.withProfileOverrides(merge(baseOverrides, cal.at(Calibration.PROBE, calNominals)));
        } else {
            calBaseline = null;
            calProbe = null;
        }
    }

    /** One step of the plan: cells to run now, or (none left) the band. */
    public record Step(List<CellSpec> cells, String phase, int pointsKnown, int pointsComplete, BandResult result) {
        public boolean done() {
            return result != null;
        }
    }

    /** The band's scale (the base cells'). */
    public double scale() {
        return ((Number) base.get(0).params().get(ParamSpec.SCALE)).doubleValue();
    }

    public List<CellSpec> baseCells() {
        return base;
    }

    /** Which cells to run next given every result so far (results of other cells are ignored). */
    public Step next(Collection<RunResult> results) {
        Map<String, RunResult> all = new HashMap<>();
        for (RunResult r : results) if (r != null) all.put(CellKey.of(r), r);
        Used done = new Used(all);
        List<CellSpec> missing = new ArrayList<>();
        for (CellSpec c : nominalCells()) if (!done.containsKey(CellKey.of(c))) missing.add(c);
        if (!missing.isEmpty()) return new Step(missing, "nominal", 1, 0, null);
        Nominal nominal = nominal(done);
        List<BandPoint> first = oneAtATime(nominal);
        first.add(0, new BandPoint("nominal", BandPoint.Kind.NOMINAL, new TreeMap<>()));
        Map<String, Resolved> resolved = new LinkedHashMap<>();
        int complete = resolveAll(first, nominal, done, missing, resolved);
        if (!missing.isEmpty()) return new Step(dedupe(missing), "one at a time", first.size(), complete, null);
        BandAnalysis.OneAtATime oat = BandAnalysis.oneAtATime(this, nominal, resolved);
        List<BandPoint> second = new ArrayList<>(oat.corners());
        second.addAll(Hypercube.points(oat.hypercubeKeys(), this::range, options.lhsPoints(), seed));
        complete += resolveAll(second, nominal, done, missing, resolved);
        int known = first.size() + second.size();
        if (!missing.isEmpty()) return new Step(dedupe(missing), "corners and hypercube", known, complete, null);
        return new Step(List.of(), "done", known, complete, BandAnalysis.band(this, nominal, resolved, oat, done.used.size()));
    }

    /** An upper bound of the cells a band of these base cells runs (for limits, before anything ran). */
    public long cellBound() {
        long swept = 0;
        for (Map.Entry<String, Sourced> e : constants.entrySet()) if (sweepable(e.getKey())) swept++;
        long points = 1 + 2 * swept + 2L * base.size() + Math.max(options.lhsPoints(), 0);
        long perPoint = base.size() + (cal == null ? 0 : Calibration.MAX_ITERATIONS);
        return points * perPoint + 2;
    }

    /** The results by key, remembering which ones the band used. */
    private static final class Used {
        final Map<String, RunResult> byKey;
        final java.util.Set<String> used = new java.util.HashSet<>();

        Used(Map<String, RunResult> byKey) {
            this.byKey = byKey;
        }

        RunResult get(String key) {
            RunResult r = byKey.get(key);
            if (r != null) used.add(key);
            return r;
        }

        boolean containsKey(String key) {
            return get(key) != null;
        }
    }

    // ------------------------------------------------------------------ what the results say

    /** The nominal results: per base cell, and the constants some nominal run read. */
    record Nominal(List<RunResult> cells, RunResult baseline, RunResult probe, SortedSet<String> read) {}

    private Nominal nominal(Used done) {
        List<RunResult> cells = new ArrayList<>();
        SortedSet<String> read = new TreeSet<>();
        for (CellSpec c : base) {
            RunResult r = done.get(CellKey.of(c));
            cells.add(r);
            read.addAll(r.profileReads());
        }
        RunResult b = calBaseline == null ? null : done.get(CellKey.of(calBaseline));
        if (b != null) read.addAll(b.profileReads());
        return new Nominal(cells, b, calProbe == null ? null : done.get(CellKey.of(calProbe)), read);
    }

    private List<CellSpec> nominalCells() {
        List<CellSpec> out = new ArrayList<>(base);
        if (calBaseline != null) {
            out.add(calBaseline);
            out.add(calProbe);
        }
        return out;
    }

    /** Every swept constant at its low and at its high end. */
    private List<BandPoint> oneAtATime(Nominal nominal) {
        List<BandPoint> out = new ArrayList<>();
        for (String k : swept(nominal)) {
            long[] r = range(k);
            out.add(new BandPoint("low:" + k, BandPoint.Kind.ONE_AT_A_TIME, new TreeMap<>(Map.of(k, r[0]))));
            out.add(new BandPoint("high:" + k, BandPoint.Kind.ONE_AT_A_TIME, new TreeMap<>(Map.of(k, r[1]))));
        }
        return out;
    }

    /** The constants this band sweeps, in key order. */
    List<String> swept(Nominal nominal) {
        List<String> out = new ArrayList<>();
        for (String k : constants.keySet()) {
            if (sweepable(k) && (options.sweepAll() || nominal.read().contains(k))) out.add(k);
        }
        out.sort(null);
        return out;
    }

    private boolean sweepable(String k) {
        Sourced c = constants.get(k);
        if (c == null || c.range() == null || (cal != null && cal.dependents().contains(k))) return false;
        if (options.only() != null && !options.only().contains(k)) return false;
        long[] r = range(k);
        return r[0] < r[1];
    }

    /** [low, high] of a constant: its sourced range, or the options' replacement. */
    long[] range(String k) {
        long[] r = options.ranges().get(k);
        if (r != null) return r.clone();
        Sourced.Range s = constants.get(k).range();
        return new long[] {s.low(), s.high()};
    }

    long nominalValue(String k) {
        return ((Number) constants.get(k).value()).longValue();
    }

    Map<String, Sourced> constants() {
        return constants;
    }

    Scenario scenario() {
        return scenario;
    }

    Calibration calibration() {
        return cal;
    }

    BandOptions options() {
        return options;
    }

    // ------------------------------------------------------------------ resolving a point into cells

    /**
     * A point with every cell's result: {@code cells} align with the base cells; {@code overrides} are the values it
     * ran with (swept and re-solved); {@code calibration} says how the calibrated constants were found (or null).
     */
    record Resolved(BandPoint point, List<RunResult> cells, Map<String, Long> overrides, String infeasible,
                    CalibrationOutcome calibration) {}

    /** The solve of one point: the factor found, the baseline runs it took, whether it met the tolerance. */
    record CalibrationOutcome(double factor, int runs, boolean converged, double relativeError) {}

    private int resolveAll(List<BandPoint> points, Nominal nominal, Used done, List<CellSpec> missing,
                           Map<String, Resolved> resolved) {
        int complete = 0;
        for (BandPoint p : points) {
            if (resolved.containsKey(p.id())) {
                complete++;
                continue;
            }
            Resolved r = resolve(p, nominal, done, missing);
            if (r != null) {
                resolved.put(p.id(), r);
                complete++;
            }
        }
        return complete;
    }

    private Resolved resolve(BandPoint p, Nominal nominal, Used done, List<CellSpec> missing) {
        Map<String, Long> swept = merge(baseOverrides, p.overrides());
        String why = infeasible(swept);
        if (why != null) return new Resolved(p, List.of(), swept, why, null);
        Map<String, Long> deps = Map.of();
        CalibrationOutcome outcome = null;
        if (cal != null && touches(p.overrides().keySet(), nominal.baseline())) {
            double target = cal.measure().of(nominal.baseline());
            double slope = (cal.measure().of(nominal.probe()) - target) / (Calibration.PROBE - 1);
            List<Double> fs = new ArrayList<>(), ys = new ArrayList<>();
            double best = 1, bestErr = Double.POSITIVE_INFINITY;
            while (fs.size() < Calibration.MAX_ITERATIONS) {
                double f = Calibration.nextFactor(fs, ys, target, slope);
                if (fs.contains(f)) break;          // the bracket closed on a step of the measure: keep the closest
                Map<String, Long> at = f == 1.0 ? Map.of() : cal.at(f, calNominals);
                CellSpec cell = calBaseline.withProfileOverrides(merge(swept, at));
                RunResult r = done.get(CellKey.of(cell));
                if (r == null) {
                    missing.add(cell);
                    return null;
                }
                double y = cal.measure().of(r);
                fs.add(f);
                ys.add(y);
                double err = Math.abs(y - target) / Math.abs(target);
                if (err < bestErr) {
                    bestErr = err;
                    best = f;
                }
                if (Calibration.close(y, target)) break;
            }
            deps = best == 1.0 ? Map.of() : cal.at(best, calNominals);
            outcome = new CalibrationOutcome(best, fs.size(), bestErr <= Calibration.TOLERANCE, bestErr);
        }
        Map<String, Long> all = merge(swept, deps);
        TreeSet<String> changed = new TreeSet<>(p.overrides().keySet());
        changed.addAll(deps.keySet());
        List<RunResult> cells = new ArrayList<>();
        boolean complete = true;
        for (int i = 0; i < base.size(); i++) {
            if (options.reuseUnread() && !touches(changed, nominal.cells().get(i))) {
                cells.add(nominal.cells().get(i));
                continue;
            }
            CellSpec cell = base.get(i).withProfileOverrides(all);
            RunResult r = done.get(CellKey.of(cell));
            if (r == null) {
                missing.add(cell);
                complete = false;
            }
            cells.add(r);
        }
        return complete ? new Resolved(p, cells, all, null, outcome) : null;
    }

    /** Whether the run read any of {@code keys}. */
    private static boolean touches(Collection<String> keys, RunResult r) {
        for (String k : keys) if (r.profileReads().contains(k)) return true;
        return false;
    }

    /** Why the profile refuses these values (e.g. available memory above total), or null. */
    private String infeasible(Map<String, Long> overrides) {
        String key = overrides.toString();
        return feasibility.computeIfAbsent(key, k -> {
            try {
                Profiles.load(profile, overrides);
                return "";
            } catch (ProfileException e) {
                return e.getMessage();
            }
        }).isEmpty() ? null : feasibility.get(key);
    }

    private CellSpec baselineCell(ScenarioCatalog catalog) {
        Scenario s = catalog.get(cal.scenario());
        Map<String, Object> params = new TreeMap<>(cal.params());
        params.put(ParamSpec.SCALE, Math.max(scale(), s.scale().regime().minScale()));
        var v = catalog.validateRun(s, Map.of(s.flag(), false), params, seed, profile);
        if (!v.ok()) throw new IllegalStateException("calibration baseline of " + profile + ": " + v.errors());
        return v.cell().withProfileOverrides(baseOverrides);
    }

    static Map<String, Long> merge(Map<String, Long> a, Map<String, Long> b) {
        SortedMap<String, Long> m = new TreeMap<>(a);
        m.putAll(b);
        return m;
    }

    private static List<CellSpec> dedupe(List<CellSpec> cells) {
        Map<String, CellSpec> m = new LinkedHashMap<>();
        for (CellSpec c : cells) m.putIfAbsent(CellKey.of(c), c);
        return new ArrayList<>(m.values());
    }
}
