package org.f2fsobs.bench.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.SortedMap;
import java.util.TreeMap;
import org.f2fsobs.bench.api.Comparison;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.matrix.ParamValues;

/**
 * Turns the cells of a matrix into its comparisons (contracts.md §3, "Matrix output").
 *
 * <p><b>Grouping.</b> Cells are grouped by parameter point: every entry of {@code params} except {@code seed} and
 * {@code repetition} (values compared by {@link ParamValues}, so 128 and 128.0 are one point), together with the
 * values of the flags other than the one under study. Those are fixed per scenario, so normally there is one group
 * per parameter point; if a matrix does vary them, each combination gets its own comparisons, and
 * {@link ComparisonDetail#otherFlags()} tells them apart. Within a group, the cells with the flag off are compared
 * with the cells with the flag on; the repetitions are the samples.
 *
 * <p><b>Values.</b> A cell whose {@code metrics.rows} is non-empty (iozone) yields one value per row, the row's
 * {@code write_kbps} converted to bytes/s (× 1024, the base unit of every headline), and the group yields one
 * comparison per record length ({@code row} = reclen_kb) present on both sides. Any other cell yields its
 * {@code headline.value}. Values are sorted ascending before any statistic, so the result does not depend on the
 * order in which cells finished.
 *
 * <p><b>Per comparison.</b> Summaries per side; ratio = median(on)/median(off) with a percentile-bootstrap interval
 * ({@link Bootstrap}) whose seed is {@link Bootstrap#seedFor}(matrix seed, "params|other flags|row") — keyed, so a
 * comparison's interval does not change when other points are added; the mail's ratio from the spec; the mechanism
 * ({@link MechanismCheck}, once per group, on the group's off and on cells; iozone rows of a group share it); the
 * verdict ({@link Verdicts}), except that a zero off median (nothing measured with the flag off) gives {@code n/a}.
 *
 * <p><b>Order.</b> By parameter point ({@link ParamValues#compareMaps}: keys in sorted order, values by value), then
 * other flags, then row (headline first, then record lengths ascending).
 *
 * <p><b>Skipped.</b> A group without off cells or without on cells, or an iozone row present on one side only,
 * yields no comparison; {@link Analysis#skipped()} says which and why.
 *
 * <p>contracts.md §5 names this {@code Comparisons.of(List<RunResult>, Scenario)}: the catalog turns its scenario
 * into a {@link ComparisonSpec} (flag, mail ratios, expected counters) and passes the matrix seed.
 *
 * <p>Malformed cells (no value for the flag under study, no headline, a row without a numeric reclen_kb or
 * write_kbps, negative or non-finite values, cells of different scenarios) throw {@link IllegalArgumentException}
 * naming the cell: they are engine bugs, not user input.
 */
public final class Comparisons {
    private static final double KIB = 1024;

    private Comparisons() {}

    /**
     * @param comparisons the contract's comparisons
     * @param details     one detail per comparison, same order
     * @param skipped     groups and rows that could not be compared, with the reason
     */
    public record Analysis(List<Comparison> comparisons, List<ComparisonDetail> details, List<String> skipped) {
        public Analysis {
            comparisons = List.copyOf(comparisons);
            details = List.copyOf(details);
            skipped = List.copyOf(skipped);
        }
    }

    public static List<Comparison> of(List<RunResult> cells, ComparisonSpec spec, long matrixSeed) {
        return analyse(cells, spec, matrixSeed).comparisons();
    }

    public static Analysis analyse(List<RunResult> cells, ComparisonSpec spec, long matrixSeed) {
        TreeMap<PointKey, Group> groups = group(cells, spec.flag());
        List<Comparison> comparisons = new ArrayList<>();
        List<ComparisonDetail> details = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (Map.Entry<PointKey, Group> e : groups.entrySet()) {
            PointKey key = e.getKey();
            Group g = e.getValue();
            if (g.off.isEmpty() || g.on.isEmpty()) {
                skipped.add(key.describe() + ": no cells with " + spec.flag() + (g.off.isEmpty() ? " off" : " on"));
                continue;
            }
            MechanismCheck.Result mechanism = MechanismCheck.evaluate(spec.expectationsFor(key.params), g.off, g.on);
            if (g.off.stream().anyMatch(c -> !c.rows().isEmpty()) || g.on.stream().anyMatch(c -> !c.rows().isEmpty())) {
                TreeMap<Integer, double[]> off = rowValues(g.off);
                TreeMap<Integer, double[]> on = rowValues(g.on);
                TreeMap<Integer, Boolean> all = new TreeMap<>();
                off.keySet().forEach(k -> all.put(k, true));
                on.keySet().forEach(k -> all.put(k, true));
                for (Integer row : all.keySet()) {
                    if (!off.containsKey(row) || !on.containsKey(row)) {
                        skipped.add(key.describe() + ", row " + row + ": only in the " + (off.containsKey(row) ? "off" : "on") + " cells");
                        continue;
                    }
                    add(key, row, "bytes/s", off.get(row), on.get(row), mechanism, spec, matrixSeed, comparisons, details);
                }
            } else {
                String unit = g.off.get(0).headline().unit();
                add(key, null, unit, headlines(g.off), headlines(g.on), mechanism, spec, matrixSeed, comparisons, details);
            }
        }
        return new Analysis(comparisons, details, skipped);
    }

    private static void add(PointKey key, Integer row, String unit, double[] offValues, double[] onValues,
                            MechanismCheck.Result mechanism, ComparisonSpec spec, long matrixSeed,
                            List<Comparison> comparisons, List<ComparisonDetail> details) {
        double[] off = offValues.clone();
        double[] on = onValues.clone();
        Arrays.sort(off);
        Arrays.sort(on);
        long seed = Bootstrap.seedFor(matrixSeed, key.canonical() + "|row=" + (row == null ? "-" : row));
        Bootstrap.Interval ci = Bootstrap.ratioOfMedians(off, on, seed, spec.resamples(), spec.level());
        Double m = spec.referenceFor(key.params, row).orElse(null);
        Comparison.Summary offS = Summary.toComparisonSummary(off);
        Comparison.Summary onS = Summary.toComparisonSummary(on);
        double r = ci.ratio();
        Verdict verdict = offS.median() == 0 ? Verdict.NA : Verdicts.verdict(r, m, mechanism.status());
        comparisons.add(new Comparison(key.params, row, offS, onS, r, ci.toArray(), m, mechanism.status().label(),
                verdict.label(), key.otherFlags));
        details.add(detail(key, row, unit, off, on, offS, onS, ci, r, m, mechanism));
    }

    private static ComparisonDetail detail(PointKey key, Integer row, String unit, double[] off, double[] on,
                                           Comparison.Summary offS, Comparison.Summary onS, Bootstrap.Interval ci,
                                           double r, Double m, MechanismCheck.Result mechanism) {
        List<String> warnings = new ArrayList<>();
        if (off.length < ComparisonDetail.MIN_RUNS || on.length < ComparisonDetail.MIN_RUNS) {
            warnings.add(String.format(Locale.ROOT, "fewer than %d runs on a side (off n = %d, on n = %d): the "
                    + "statistics are indicative only", ComparisonDetail.MIN_RUNS, off.length, on.length));
        }
        Double offSd = stddevPercent(off), onSd = stddevPercent(on);
        cvWarning(warnings, "off", offSd);
        cvWarning(warnings, "on", onSd);
        if (ci.note() != null) warnings.add(ci.note());
        if (offS.median() == 0) warnings.add("off median is 0: the ratio is undefined and the verdict n/a");
        boolean spreadWider = Math.max(offS.max() - offS.min(), onS.max() - onS.min()) > Math.abs(onS.median() - offS.median());
        MannWhitney.Result mw = MannWhitney.test(off, on);
        Optional<WelchT.Result> welch = WelchT.test(off, on);
        double delta = CliffsDelta.of(off, on);
        Integer needed = null;
        if (m != null && offSd != null && onSd != null) {
            OptionalInt n = Power.repetitionsNeeded(offSd / 100, onSd / 100, m - 1);
            if (n.isPresent()) {
                needed = n.getAsInt();
                if (needed > Math.min(off.length, on.length)) {
                    warnings.add(String.format(Locale.ROOT, "detecting the claimed effect (%+.1f %%) at this noise "
                            + "needs about %d runs per side", (m - 1) * 100, needed));
                }
            }
        }
        return new ComparisonDetail(key.params, row, key.otherFlags, unit, boxed(off), boxed(on),
                offS.median() == 0 ? null : (onS.median() / offS.median() - 1) * 100, offSd, onSd, spreadWider,
                mw.u(), mw.p(), mw.exact(),
                welch.map(WelchT.Result::t).orElse(null), welch.map(WelchT.Result::df).orElse(null),
                welch.map(WelchT.Result::p).orElse(null), delta, CliffsDelta.magnitude(delta),
                ci.level(), ci.resamples(), ci.degenerate(), offS.median() == 0 ? null : Verdicts.effectShare(r, m), needed,
                mechanism.outcomes(), warnings);
    }

    private static void cvWarning(List<String> warnings, String side, Double sdPercent) {
        if (sdPercent != null && sdPercent > ComparisonDetail.MAX_CV_PERCENT) {
            warnings.add(String.format(Locale.ROOT, "%s CV %.1f %% is above %.1f %%: add repetitions", side, sdPercent,
                    ComparisonDetail.MAX_CV_PERCENT));
        }
    }

    private static Double stddevPercent(double[] v) {
        if (v.length < 2) return null;
        double cv = Summary.cv(v);
        return Double.isFinite(cv) ? cv * 100 : null;
    }

    private static List<Double> boxed(double[] v) {
        List<Double> l = new ArrayList<>(v.length);
        for (double d : v) l.add(d);
        return l;
    }

    // ---- grouping -------------------------------------------------------------------------------------------------

    private static final class Group {
        final List<RunResult> off = new ArrayList<>();
        final List<RunResult> on = new ArrayList<>();
    }

    /** A parameter point: the params without seed/repetition, and the other flags' values. */
    private record PointKey(SortedMap<String, Object> params, SortedMap<String, Boolean> otherFlags)
            implements Comparable<PointKey> {
        @Override
        public int compareTo(PointKey o) {
            int c = ParamValues.compareMaps(params, o.params);
            return c != 0 ? c : ParamValues.compareMaps(otherFlags, o.otherFlags);
        }

        String canonical() {
            return ParamValues.canonical(params) + "|" + ParamValues.canonical(otherFlags);
        }

        String describe() {
            return "params {" + ParamValues.canonical(params) + "}"
                    + (otherFlags.isEmpty() ? "" : " with {" + ParamValues.canonical(otherFlags) + "}");
        }
    }

    private static TreeMap<PointKey, Group> group(List<RunResult> cells, String flag) {
        TreeMap<PointKey, Group> groups = new TreeMap<>();
        String scenario = null;
        for (int i = 0; i < cells.size(); i++) {
            RunResult c = cells.get(i);
            if (c == null) throw new IllegalArgumentException("cell " + i + " is null");
            if (scenario == null) scenario = c.scenario();
            else if (!java.util.Objects.equals(scenario, c.scenario())) {
                throw new IllegalArgumentException("cell " + i + " is of scenario " + c.scenario() + ", not " + scenario);
            }
            Boolean value = c.optimizations() == null ? null : c.optimizations().get(flag);
            if (value == null) throw new IllegalArgumentException(cellName(i, c) + " has no value for flag " + flag);
            TreeMap<String, Object> params = new TreeMap<>();
            if (c.params() != null) {
                for (Map.Entry<String, Object> p : c.params().entrySet()) {
                    if (p.getKey().equals("seed") || p.getKey().equals("repetition")) continue;
                    try {
                        params.put(p.getKey(), ParamValues.normalize(p.getValue()));
                    } catch (IllegalArgumentException bad) {
                        throw new IllegalArgumentException(cellName(i, c) + ", param " + p.getKey() + ": " + bad.getMessage());
                    }
                }
            }
            TreeMap<String, Boolean> others = new TreeMap<>(c.optimizations());
            others.remove(flag);
            PointKey key = new PointKey(Collections.unmodifiableSortedMap(params), Collections.unmodifiableSortedMap(others));
            Group g = groups.computeIfAbsent(key, k -> new Group());
            (value ? g.on : g.off).add(c);
        }
        return groups;
    }

    private static double[] headlines(List<RunResult> cells) {
        double[] v = new double[cells.size()];
        for (int i = 0; i < v.length; i++) {
            RunResult c = cells.get(i);
            if (c.headline() == null) throw new IllegalArgumentException(cellName(i, c) + " has no headline");
            v[i] = checkValue(c.headline().value(), c, "headline");
        }
        return v;
    }

    /** reclen_kb → write_kbps × 1024 of every cell that has the row. */
    private static TreeMap<Integer, double[]> rowValues(List<RunResult> cells) {
        TreeMap<Integer, List<Double>> byRow = new TreeMap<>();
        for (int i = 0; i < cells.size(); i++) {
            RunResult c = cells.get(i);
            TreeMap<Integer, Boolean> seen = new TreeMap<>();
            for (Map<String, Object> row : c.rows()) {
                if (!(row.get("reclen_kb") instanceof Number reclen) || reclen.doubleValue() != Math.rint(reclen.doubleValue())) {
                    throw new IllegalArgumentException(cellName(i, c) + ": a row has no integral reclen_kb");
                }
                if (!(row.get("write_kbps") instanceof Number write)) {
                    throw new IllegalArgumentException(cellName(i, c) + ": row " + reclen + " has no numeric write_kbps");
                }
                int r = reclen.intValue();
                if (seen.put(r, true) != null) throw new IllegalArgumentException(cellName(i, c) + ": row " + r + " twice");
                byRow.computeIfAbsent(r, k -> new ArrayList<>()).add(checkValue(write.doubleValue() * KIB, c, "write_kbps"));
            }
        }
        TreeMap<Integer, double[]> out = new TreeMap<>();
        byRow.forEach((r, l) -> out.put(r, l.stream().mapToDouble(Double::doubleValue).toArray()));
        return out;
    }

    private static double checkValue(double v, RunResult c, String what) {
        if (!Double.isFinite(v) || v < 0) {
            throw new IllegalArgumentException("cell seed " + c.seed() + ": " + what + " must be finite and >= 0, got " + v);
        }
        return v;
    }

    private static String cellName(int i, RunResult c) {
        return "cell " + i + " (seed " + c.seed() + ")";
    }
}
