package org.f2fsobs.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.f2fsobs.bench.api.Comparison;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.runner.MatrixRunner;
import org.f2fsobs.bench.scenario.Scenario;
import org.f2fsobs.engine.platform.Profile;
import org.f2fsobs.engine.platform.Sourced;

/**
 * The golden figures ({@code docs/figures.json}): every headline, ratio, interval, verdict and key counter of the seed
 * matrices, and every profile constant's value and range, as {@code bench-runner report} found them. Committed with every change
 * that moves a figure, so {@code report --diff} ({@link FiguresDiff}) can say what a change moved.
 *
 * <p>Layout: {@code settings} (scale, repetitions, seed: what the figures were run at), {@code scenarios.ID.comparisons.POINT}
 * (medians off and on in the headline's base unit, ratio, interval, the mail's ratio, mechanism, verdict),
 * {@code scenarios.ID.counters.POINT.COUNTER} (median off and on), {@code profiles.NAME.KEY} ({@code value}, and for a
 * numeric constant {@code low}, {@code high}, {@code assumption}, {@code candidates} and {@code rule} where picked). Keys that describe
 * the run rather than its figures ({@code generated_by}, {@code engine_version}) are not compared.
 */
public final class GoldenFigures {
    /** Top-level keys that say how the file was made; a diff ignores them. */
    static final List<String> NOT_FIGURES = List.of("about", "generated_by", "engine_version");

    private final Map<String, Object> root = new LinkedHashMap<>();
    private final Map<String, Object> scenarios = new LinkedHashMap<>();
    private final Map<String, Object> profiles = new TreeMap<>();

    /** @param scale a number, or "min" (each scenario at its smallest meaningful scale) */
    public GoldenFigures(String generatedBy, String engineVersion, Object scale, int repetitions, long seed) {
        this(generatedBy, engineVersion, scale, repetitions, seed, false);
    }

    /** @param band whether the comparisons carry bands ({@code report} without {@code --no-band}) */
    public GoldenFigures(String generatedBy, String engineVersion, Object scale, int repetitions, long seed, boolean band) {
        root.put("about", "Golden figures of the seed matrices, written by bench-runner report; bench-runner report --diff "
                + "compares a fresh run with them. Commit this file with every change that moves a figure.");
        root.put("generated_by", generatedBy);
        root.put("engine_version", engineVersion);
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("scale", scale);
        settings.put("repetitions", repetitions);
        settings.put("seed", seed);
        settings.put("band", band);
        root.put("settings", settings);
        root.put("scenarios", scenarios);
        root.put("profiles", profiles);
    }

    /** One scenario's matrix: its comparisons and the medians of the counters the report explains them with. */
    public void addScenario(Scenario s, MatrixRunner.MatrixResult m) {
        Map<String, Object> part = new LinkedHashMap<>();
        part.put("flag", s.flag());
        part.put("profile", s.profile());
        Map<String, Object> comparisons = new LinkedHashMap<>();
        for (Comparison c : m.comparisons()) comparisons.put(ScenarioReport.point(c), comparison(c));
        part.put("comparisons", comparisons);
        Map<String, Object> counters = new LinkedHashMap<>();
        ScenarioReport.counterMedians(s, m.cells()).forEach((point, byName) -> {
            Map<String, Object> named = new LinkedHashMap<>();
            byName.forEach((name, offOn) -> named.put(name, offOn(offOn[0], offOn[1])));
            counters.put(point, named);
        });
        part.put("counters", counters);
        if (bandCells.containsKey(s.id())) part.put("band_cells", bandCells.get(s.id()));
        scenarios.put(s.id(), part);
    }

    /** What a scenario's band ran (cells: deterministic, so a figure; wall time is not). */
    @SuppressWarnings("unchecked")
    public void addBandCost(Scenario s, int cells, long wallMs) {
        bandCells.put(s.id(), cells);
    }

    private final Map<String, Integer> bandCells = new LinkedHashMap<>();

    /** One point of the standing scale test: its ratio at the scenario's smallest scale, against the full-size ratio. */
    @SuppressWarnings("unchecked")
    public void addScaleCheck(Scenario s, String point, double scale, double ratio, double fullRatio, boolean agrees) {
        Map<String, Object> part = (Map<String, Object>) scenarios.get(s.id());
        Map<String, Object> check = (Map<String, Object>) part.computeIfAbsent("scale_check", k -> new LinkedHashMap<>());
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("scale", scale);
        c.put("ratio", ratio);
        c.put("full_ratio", fullRatio);
        c.put("agrees", agrees);
        check.put(point, c);
    }

    /** Every constant of a profile: its value and, for a numeric one, its range, whether it is an assumption, and the candidates and rule of a picked nominal. */
    public void addProfile(Profile p) {
        Map<String, Object> constants = new LinkedHashMap<>();
        for (Map.Entry<String, Sourced> e : p.constants().entrySet()) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("value", e.getValue().value());
            Sourced.Range r = e.getValue().range();
            if (r != null) {
                c.put("low", r.low());
                c.put("high", r.high());
                c.put("assumption", r.assumption());
                if (r.pick() != null) {
                    c.put("candidates", r.pick().candidates());
                    c.put("rule", r.pick().rule());
                }
            }
            constants.put(e.getKey(), c);
        }
        profiles.put(p.name(), constants);
    }

    public String json() {
        return ResultJson.write(root) + "\n";
    }

    private static Map<String, Object> comparison(Comparison c) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("off_median", c.off().median());
        out.put("on_median", c.on().median());
        out.put("n", List.of(c.off().n(), c.on().n()));
        out.put("ratio", c.ratio());
        List<Double> ci = new ArrayList<>();
        for (double d : c.ratioCi()) ci.add(d);
        out.put("ratio_ci", ci);
        out.put("reference_ratio", c.referenceRatio());
        out.put("mechanism", c.mechanism());
        out.put("verdict", c.verdict());
        if (c.absolute() != null) out.put("absolute", offOn(c.absolute().off(), c.absolute().on()));
        out.put("effect_row", c.effectRow());
        if (c.band() != null) {
            out.put("band", List.of(c.band()[0], c.band()[1]));
            out.put("band_effect", c.bandEffect() == null ? null : List.of(c.bandEffect()[0], c.bandEffect()[1]));
            out.put("band_verdict", c.bandVerdict());
            Map<String, Object> d = c.bandDetail();
            out.put("band_scale", d.get("scale"));
            out.put("band_nominal_ratio", d.get("nominal_ratio"));
            out.put("band_corners", d.get("corners"));
            out.put("band_beyond_corners", ((List<?>) d.get("beyond_corners")).size());
            out.put("band_assumption_share", d.get("assumption_share"));
            Map<String, Object> top = new LinkedHashMap<>();
            for (Comparison.Influence i : c.influence()) {
                if (top.size() == 3 || i.swing() == 0) break;
                top.put(i.constant(), List.of(i.ratioAtLow(), i.ratioAtHigh()));
            }
            out.put("band_top", top);
        }
        return out;
    }

    private static Object offOn(Object off, Object on) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("off", off);
        m.put("on", on);
        return m;
    }
}
