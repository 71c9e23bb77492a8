package org.f2fsobs.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.CellRunner;
import org.f2fsobs.bench.api.Comparison;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.matrix.MatrixExpansion;
import org.f2fsobs.bench.matrix.MatrixLimits;
import org.f2fsobs.bench.matrix.MatrixRequest;
import org.f2fsobs.bench.runner.HeapSampler;
import org.f2fsobs.bench.runner.MatrixRunner;
import org.f2fsobs.bench.scenario.ParamSpec;
import org.f2fsobs.bench.scenario.Scenario;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.f2fsobs.engine.platform.Profile;
import org.f2fsobs.engine.platform.Profiles;

/**
 * {@code bench-runner report}: runs each seed scenario's matrix (its flag off and on, at the parameter values the
 * mail measured, or the default) and writes the reproduction report — a summary table, one part per scenario
 * ({@link ScenarioReport}), and the profile constants used with their sources.
 */
public final class ReproductionReport {
    private ReproductionReport() {}

    /**
     * @param scale     1 = the mails' full sizes
     * @param command   the command line that produced the report (printed in its header)
     * @param date      the date printed in the header (the caller's clock: the report is a document, not a result)
     */
    public record Options(double scale, int repetitions, long seed, int threads, List<String> scenarios, String command,
                          String date, String engineVersion, Map<String, Long> profileOverrides, boolean band) {
        /** {@code scale}: each scenario at its own smallest meaningful scale ({@code report --scale min}). */
        public static final double MIN_SCALE = -1;

        public Options {
            profileOverrides = profileOverrides == null ? Map.of() : Map.copyOf(profileOverrides);
        }

        /** Without bands ({@code report --no-band}). */
        public Options(double scale, int repetitions, long seed, int threads, List<String> scenarios, String command,
                       String date, String engineVersion, Map<String, Long> profileOverrides) {
            this(scale, repetitions, seed, threads, scenarios, command, date, engineVersion, profileOverrides, false);
        }

        public Options(double scale, int repetitions, long seed, int threads, List<String> scenarios, String command,
                       String date, String engineVersion) {
            this(scale, repetitions, seed, threads, scenarios, command, date, engineVersion, null);
        }
    }

    /** The report's Markdown and the golden figures of the same runs. */
    public record Built(String markdown, GoldenFigures figures) {}

    public static Built build(ScenarioCatalog catalog, CellRunner runner, Options o, Consumer<String> log, CancellationToken cancel) {
        GoldenFigures figures = new GoldenFigures(o.command(), o.engineVersion(), o.scale() == Options.MIN_SCALE ? "min" : o.scale(),
                o.repetitions(), o.seed(), o.band());
        StringBuilder parts = new StringBuilder();
        StringBuilder summary = new StringBuilder("| scenario | flag | point | mail's ratio | ours (seed interval) | mechanism | verdict | band | band verdict |\n"
                + "|---|---|---|---:|---|---|---|---|---|\n");
        StringBuilder bandTable = new StringBuilder();
        List<Comparison> banded = new ArrayList<>();
        long bandMs = 0;
        int bandCells = 0;
        TreeSet<String> profiles = new TreeSet<>();
        long totalMs = 0;
        StringBuilder scaleCheck = new StringBuilder();
        for (Scenario s : catalog.list()) {
            if (!o.scenarios().isEmpty() && !o.scenarios().contains(s.id())) continue;
            MatrixRequest req = request(s, o, scaleOf(s, o), o.repetitions());
            MatrixExpansion.Expansion e = catalog.validate(req, MatrixLimits.DEFAULT);
            if (!e.ok()) throw new IllegalArgumentException(s.id() + ": " + e.errors());
            log.accept("[report] " + s.id() + ": " + e.cells().size() + " cells");
            System.gc();            // the previous matrix's garbage must not count against this one (host-side, untimed)
            HeapSampler heap = new HeapSampler();
            long t0 = System.nanoTime();
            MatrixRunner.MatrixResult m = new MatrixRunner(runner, o.threads()).run(e.cells(), s, o.seed(),
                    (i, r) -> log.accept("[report] " + s.id() + " cell " + i + ": " + r.headline().name() + " = "
                            + String.format(Locale.ROOT, "%.1f MiB/s", r.headline().value() / 1048576.0) + " (wall " + r.wallMs() + " ms)"),
                    ProgressListener.NONE, cancel);
            long wallMs = (System.nanoTime() - t0) / 1_000_000;
            heap.close();
            totalMs += wallMs;
            ScenarioReport.Cost cost = new ScenarioReport.Cost(wallMs, heap.peakAfterGcBytes(), heap.peakUsedBytes());
            MatrixRunner.MatrixResult small = null;
            if (o.scale() == 1 && s.scale().regime().minScale() < 1) {
                small = smallMatrix(catalog, runner, s, o, log, cancel);
            }
            MatrixRunner.MatrixResult full = m;
            if (o.band()) {
                long b0 = System.nanoTime();
                BandRun br = band(catalog, runner, s, o, m, small, log, cancel);
                m = br.matrix();
                bandCells += br.cells();
                long ms = (System.nanoTime() - b0) / 1_000_000;
                bandMs += ms;
                figures.addBandCost(s, br.cells(), ms);
            }
            parts.append(ScenarioReport.markdown(s, m, o.seed(), cost)).append('\n');
            for (org.f2fsobs.bench.scenario.Sweep w : s.sweeps()) {
                double ws = SweepReport.scale(w, scaleOf(s, o));
                parts.append(SweepReport.markdown(s, w, ws, SweepReport.run(catalog, runner, s, w, ws, o.seed(), o.profileOverrides(),
                        o.threads(), log, cancel)));
            }
            figures.addScenario(s, m);
            if (small != null) scaleCheck.append(scaleCheck(s, full, small, figures));
            profiles.add(s.profile());
            for (Comparison c : m.comparisons()) {
                summary.append("| `").append(s.id()).append("` | `").append(s.flag()).append("` | ").append(ScenarioReport.point(c))
                        .append(" | ").append(c.referenceRatio() == null ? "—" : String.format(Locale.ROOT, "%.3f", c.referenceRatio()))
                        .append(String.format(Locale.ROOT, " | %.3f ", c.ratio())).append(BandReport.noWidth(c) ? "(" + BandReport.NO_NOISE + ")"
                                : String.format(Locale.ROOT, "[%.3f, %.3f]", c.ratioCi()[0], c.ratioCi()[1])).append(" | ")
                        .append(c.mechanism()).append(" | ").append(BandReport.verdict(c)).append(" | ").append(BandReport.band(c)).append(" | ")
                        .append(BandReport.bandVerdict(c)).append(" |\n");
                if (c.band() != null) {
                    bandTable.append(BandReport.row(s, c));
                    banded.add(c);
                }
            }
        }
        totalMs += bandMs;
        StringBuilder b = new StringBuilder();
        b.append("# Reproduction report\n\n");
        b.append("Generated ").append(o.date()).append(" by `").append(o.command()).append("` — engine ").append(o.engineVersion())
                .append(String.format(Locale.ROOT, "; scale %s, %d repetitions per side, matrix seed %d, %d threads, max heap %d MiB; "
                        + "total wall %.1f s. Wall times are the host's; a matrix's heap peak \"after GC\" is the most heap left after a "
                        + "collection while it ran (a full collection runs before each matrix; its cells run in parallel, and G1 collects old garbage late, so this bounds their live data from above), \"in use\" includes "
                        + "garbage not yet collected.%n%n",
                        o.scale() == Options.MIN_SCALE ? "each scenario's smallest meaningful one" : trim(o.scale()), o.repetitions(), o.seed(), o.threads(), Runtime.getRuntime().maxMemory() >> 20,
                        totalMs / 1000.0));
        b.append("Every figure below is **virtual time from the simulation** (see the README), compared with the figures the patch "
                + "mails print. Ratios are on/off of the medians; seed intervals are seeded bootstrap intervals over the repetitions "
                + "(the model has no run-to-run noise, so they have no width: labelled so); verdicts follow contracts.md §3, band "
                + "verdicts contracts.md §6. Profiles were calibrated only on rows the optimization does not change. Beside a verdict, "
                + "the absolute factor (ours / the mail's figure) when it is beyond 1.5×.\n\n");
        b.append("## Summary\n\n").append(summary).append('\n');
        if (o.band()) {
            b.append("## Band verdicts\n\n").append(String.format(Locale.ROOT, "Each comparison again with every profile constant its runs "
                    + "read moved across its sourced range (contracts.md §6, docs/band.md): one at a time to each end, then the two corners "
                    + "those signs give, then a seeded Latin hypercube; calibrated constants re-solved at every point so the baseline rows "
                    + "stay as they are. Bands run at each scenario's smallest meaningful scale (docs/scale.md); %d cells, wall %.1f s. "
                    + "Band verdict: on effect rows `excluded` when the mail's effect lies outside the band's, `inconclusive` when the band "
                    + "reaches no effect, is wider than the effect itself or owes more than half its swing to assumed constants, `robust` "
                    + "when reproduced and within [0.5, 1.5] of the mail's effect throughout, else `consistent`; on no-effect rows `robust` "
                    + "within 0.05 of the mail's ratio over the whole band, `consistent` only at the nominal, else `excluded`.%n%n",
                    bandCells, bandMs / 1000.0));
            b.append(BandReport.tally(banded)).append("\n\n").append(BandReport.TABLE_HEAD).append(bandTable).append('\n');
        }
        if (!scaleCheck.isEmpty()) {
            b.append("## Scale check\n\nEach seed matrix again at its scenario's smallest meaningful scale (one repetition: the model "
                    + "has no run-to-run noise), against the full-size ratio. It agrees when, for an effect of at least 10 %, the small "
                    + "run's effect (r − 1) is within 15 % of the full run's, else when the ratios are within 0.03 (docs/scale.md).\n\n"
                    + "| scenario | point | scale | ratio there | full-size ratio | effect there / full | agrees |\n"
                    + "|---|---|---:|---:|---:|---:|---|\n").append(scaleCheck).append('\n');
        }
        b.append("## Scenarios\n\n").append(parts);
        b.append("## Profile constants and their sources\n\n");
        if (!o.profileOverrides().isEmpty()) {
            b.append("Run with profile constants overridden (`--profile-set`): ").append(new java.util.TreeMap<>(o.profileOverrides()))
                    .append(".\n\n");
        }
        for (String name : profiles) {
            Profile p = Profiles.load(name, o.profileOverrides());
            b.append(profile(p));
            figures.addProfile(p);
        }
        return new Built(b.toString(), figures);
    }

    /** The seed matrix of a scenario: its flag off and on × the values the mail measured (or the default) × scale. */
    static MatrixRequest request(Scenario s, Options o, double scale, int repetitions) {
        Map<String, List<Object>> params = new LinkedHashMap<>();
        for (ParamSpec p : s.params()) {
            if (p.mailValues() != null && !p.mailValues().isEmpty()) params.put(p.name(), new ArrayList<>(p.mailValues()));
        }
        params.put("scale", List.of(scale));
        return new MatrixRequest(s.id(), Map.of(s.flag(), List.of(false, true)), params, repetitions, o.seed(), o.profileOverrides());
    }

    /** The scale a scenario runs at: the report's, or with {@link Options#MIN_SCALE} the scenario's smallest meaningful one. */
    static double scaleOf(Scenario s, Options o) {
        return o.scale() == Options.MIN_SCALE ? s.scale().regime().minScale() : o.scale();
    }

    /** The seed matrix at the scenario's smallest meaningful scale, one repetition. */
    private static MatrixRunner.MatrixResult smallMatrix(ScenarioCatalog catalog, CellRunner runner, Scenario s, Options o,
                                                         Consumer<String> log, CancellationToken cancel) {
        double min = s.scale().regime().minScale();
        MatrixExpansion.Expansion e = catalog.validate(request(s, o, min, 1), MatrixLimits.DEFAULT);
        if (!e.ok()) throw new IllegalArgumentException(s.id() + " at scale " + min + ": " + e.errors());
        log.accept("[report] " + s.id() + ": scale check at " + min + ", " + e.cells().size() + " cells");
        return new MatrixRunner(runner, o.threads()).run(e.cells(), s, o.seed(), MatrixRunner.Listener.NONE, ProgressListener.NONE, cancel);
    }

    /** Each point at the smallest meaningful scale against the full-size ratio. */
    private static String scaleCheck(Scenario s, MatrixRunner.MatrixResult full, MatrixRunner.MatrixResult small, GoldenFigures figures) {
        double min = s.scale().regime().minScale();
        Map<String, Double> fullRatios = new LinkedHashMap<>();
        for (Comparison c : full.comparisons()) fullRatios.put(ScaleCheck.key(c), c.ratio());
        StringBuilder b = new StringBuilder();
        for (Comparison c : small.comparisons()) {
            Double r1 = fullRatios.get(ScaleCheck.key(c));
            if (r1 == null) continue;
            boolean agrees = org.f2fsobs.bench.scenario.ScaleRegime.agrees(c.ratio(), r1);
            figures.addScaleCheck(s, ScaleCheck.key(c), min, c.ratio(), r1, agrees);
            b.append("| `").append(s.id()).append("` | ").append(ScaleCheck.key(c)).append(String.format(Locale.ROOT,
                    " | %s | %.3f | %.3f | %s | %s |%n", trim(min), c.ratio(), r1, ScaleCheck.relative(c.ratio(), r1),
                    agrees ? "yes" : "**no**"));
        }
        return b.toString();
    }

    /** A matrix with its band and what the band ran. */
    private record BandRun(MatrixRunner.MatrixResult matrix, int cells) {}

    /**
     * The band of a seed matrix at the scenario's smallest meaningful scale (the scale check's cells are its nominal
     * point; at full size, the matrix's repetition 0), attached to the full-size comparisons.
     */
    private static BandRun band(ScenarioCatalog catalog, CellRunner runner, Scenario s, Options o, MatrixRunner.MatrixResult m,
                                MatrixRunner.MatrixResult small, Consumer<String> log, CancellationToken cancel) {
        double at = s.scale().regime().minScale();
        MatrixExpansion.Expansion e = catalog.validate(request(s, o, at, 1), MatrixLimits.DEFAULT);
        if (!e.ok()) throw new IllegalArgumentException(s.id() + " band at scale " + at + ": " + e.errors());
        List<org.f2fsobs.bench.api.RunResult> known = new ArrayList<>(m.cells());
        if (small != null) known.addAll(small.cells());
        var plan = org.f2fsobs.bench.band.MatrixBand.plan(catalog, s, e.cells(), o.seed(), org.f2fsobs.bench.band.BandOptions.DEFAULT);
        var out = new org.f2fsobs.bench.band.BandRunner(runner, o.threads()).run(plan, known, s.id(), log, cancel);
        return new BandRun(new MatrixRunner.MatrixResult(m.cells(), out.result().attach(m.comparisons())), out.cellsRun());
    }

    private static String profile(Profile p) {
        StringBuilder b = new StringBuilder();
        b.append("### `").append(p.name()).append("` — ").append(p.title()).append("\n\n<details><summary>")
                .append(p.constants().size()).append(" constants</summary>\n\n")
                .append("Range and basis by the rules of `docs/profile-sources.md` §0; *assumption* marks the constants listed in its §7.2.\n\n")
                .append("| constant | value | low | high | basis | source |\n|---|---:|---:|---:|---|---|\n");
        p.constants().forEach((k, v) -> {
            var r = v.range();
            b.append("| <a id=\"").append(BandReport.anchor(p.name(), k)).append("\"></a>`").append(k).append("` | ").append(v.value()).append(" | ")
                    .append(r == null ? "" : Long.toString(r.low())).append(" | ").append(r == null ? "" : Long.toString(r.high())).append(" | ")
                    .append(r == null ? "" : r.assumption() ? "*assumption*" : r.basis() + (r.pick() != null ? " (" + r.pick().rule() + " of "
                            + r.pick().candidates().size() + ")" : "")).append(" | ")
                    .append(String.valueOf(v.source()).replace("|", "\\|").replace("\n", " ")).append(" |\n");
        });
        return b.append("\n</details>\n\n").toString();
    }

    private static String trim(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
