package org.f2fsobs.bench.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.CellRunner;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.ExecSpec;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.scenario.ParamSpec;
import org.f2fsobs.bench.scenario.ScaleRegime;
import org.f2fsobs.bench.scenario.Scenario;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.f2fsobs.bench.scenario.ScenarioCommand;
import org.f2fsobs.bench.script.Script;
import org.f2fsobs.bench.script.ScriptException;
import org.f2fsobs.bench.script.ScriptParser;
import org.f2fsobs.bench.tool.dd.DdDialect;
import org.f2fsobs.engine.f2fs.F2fsException;
import org.f2fsobs.engine.f2fs.F2fsEra;
import org.f2fsobs.engine.f2fs.F2fsOptions;
import org.f2fsobs.engine.f2fs.Mkfs;
import org.f2fsobs.engine.f2fs.Optimizations;
import org.f2fsobs.engine.platform.MachineScale;
import org.f2fsobs.engine.platform.Profile;
import org.f2fsobs.engine.platform.ProfileException;
import org.f2fsobs.engine.platform.Profiles;

/**
 * The engine-backed {@link CellRunner}: resolves a cell (or a free-form command) into a {@link RunPlan}, runs it
 * and assembles the result document of contracts.md §3. Thread-safe: every run builds its own machine.
 */
public final class EngineCellRunner implements CellRunner {
    private final ScenarioCatalog catalog;

    public EngineCellRunner(ScenarioCatalog catalog) {
        this.catalog = catalog;
    }

    public ScenarioCatalog catalog() {
        return catalog;
    }

    @Override
    public RunResult run(CellSpec cell, ProgressListener progress, CancellationToken cancel) {
        Scenario s = catalog.get(cell.scenario());
        Map<String, Object> params = ScenarioCommand.effectiveParams(s, cell.params());
        RunPlan plan = plan(cell);
        Execution.Result x = Execution.run(plan, progress, cancel);
        Optimizations o = plan.options().optimizations();
        Boolean on = s.studiedOn(o.toMap(), params);
        double ours = x.outcome().headline().value();
        RunResult.Reference ref = on == null ? null : s.resultReference(params, on, ours).orElse(null);
        RunResult r = assemble(s.id(), x, plan.profile(), o, params, cell.seed(), ref, ScenarioCommand.reproduce(s, cell),
                cell.profileOverrides());
        return withRegime(r, s, params, plan.profile());
    }

    /**
     * At a scale below 1, the result says which parts of the machine shrank with the data (full and run value), which
     * mechanisms could not, and what the scenario knows drifts: {@code scale_regime} (absent at full size).
     */
    private static RunResult withRegime(RunResult r, Scenario s, Map<String, Object> params, Profile run) {
        double scale = ((Number) params.get(ParamSpec.SCALE)).doubleValue();
        if (scale >= 1) return r;
        ScaleRegime regime = s.scale().regime();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("scale", scale);
        out.put("min_scale", regime.minScale());
        Map<String, Object> scaled = new LinkedHashMap<>();
        Profile full = profile(run.name(), r.profileOverrides());
        for (Map.Entry<String, org.f2fsobs.engine.platform.Sourced> e : run.constants().entrySet()) {
            Object was = full.constants().get(e.getKey()) == null ? null : full.constants().get(e.getKey()).value();
            if (was != null && !was.equals(e.getValue().value())) scaled.put(e.getKey(), ordered("full", was, "run", e.getValue().value()));
        }
        out.put("machine_scaled", scaled);
        List<Map<String, String>> fixed = new ArrayList<>();
        for (ScaleRegime.Fixed f : regime.fixed()) fixed.add(ordered("mechanism", f.mechanism(), "implies", f.implies()));
        out.put("fixed", fixed);
        out.put("note", regime.note(scale));
        return new RunResult(r.scenario(), r.tool(), r.command(), r.toolOutput(), r.profile(), r.mkfs(), r.mount(), r.optimizations(),
                r.params(), r.seed(), r.headline(), r.metrics(), r.counters(), r.histograms(), r.timeBreakdownNs(), r.preparation(),
                r.reference(), r.virtualNs(), r.wallMs(), r.reproduce(), r.engineVersion(), r.profileOverrides(), out, r.script(),
                r.scriptRuns(), r.profileReads());
    }

    /**
     * A two-entry map that iterates as written: {@code Map.of} iterates in an order drawn per JVM, so the same result
     * serialised in two JVMs (two workers) would differ in its bytes.
     */
    private static <V> Map<String, V> ordered(String k1, V v1, String k2, V v2) {
        Map<String, V> m = new LinkedHashMap<>();
        m.put(k1, v1);
        m.put(k2, v2);
        return m;
    }

    /** A cell as a plan: the scenario's script rendered and parsed for the machine, every flag set. */
    RunPlan plan(CellSpec cell) {
        Scenario s = catalog.get(cell.scenario());
        Map<String, Object> params = ScenarioCommand.effectiveParams(s, cell.params());
        double scale = ((Number) params.get(ParamSpec.SCALE)).doubleValue();
        Profile profile = MachineScale.scale(profile(cell.profile() != null ? cell.profile() : s.profile(), cell.profileOverrides()),
                scale, s.scale().regime().machine());
        ScenarioCommand.Rendered r;
        try {
            r = ScenarioCommand.render(s, params, profile);
        } catch (ScriptException e) {
            throw new Execution.RunInputException(s.id() + " on profile " + profile.name() + ": " + e.getMessage());
        }
        Map<String, Boolean> opts = new LinkedHashMap<>(s.optimizations(false));
        opts.putAll(cell.optimizations());
        Optimizations o = Optimizations.fromMap(opts);
        F2fsOptions base = withTunables(F2fsOptions.defaults(o, F2fsEra.of(profile)), s);
        return RunPlan.of(r.parsed(), r.headline(), base, cell.seed(), dialect(profile, null));
    }

    @Override
    public RunResult exec(ExecSpec spec, ProgressListener progress, CancellationToken cancel) {
        List<RunResult> all = runExec(spec, progress, cancel);
        RunResult last = all.get(all.size() - 1);
        return spec.script() == null ? last : last.withScript(spec.script(), all);
    }

    @Override
    public List<RunResult> execAll(ExecSpec spec, ProgressListener progress, CancellationToken cancel) {
        return runExec(spec, progress, cancel);
    }

    private List<RunResult> runExec(ExecSpec spec, ProgressListener progress, CancellationToken cancel) {
        Profile profile = profile(spec.profile());
        Map<String, Boolean> opts = new LinkedHashMap<>(Optimizations.linux614().toMap());
        if (spec.optimizations() != null) opts.putAll(spec.optimizations());
        Optimizations o;
        try {
            o = Optimizations.fromMap(opts);
            F2fsOptions.defaults(o, F2fsEra.of(profile)).withMountOptions(spec.mount());
        } catch (IllegalArgumentException | F2fsException e) {
            throw new Execution.RunInputException(e.getMessage());
        }
        F2fsOptions base = F2fsOptions.defaults(o, F2fsEra.of(profile));
        DdDialect dialect = dialect(profile, spec.ddStyle());
        String mkfsText = spec.mkfs() == null ? "" : spec.mkfs();
        String mountText = spec.mount() == null ? "" : spec.mount();
        Script script = spec.script() != null
                ? ScriptParser.parse(spec.script(), new ScriptParser.Options(profile, dialect, mkfsText, mountText))
                : ScriptParser.command(spec.command(), new ScriptParser.Options(profile, dialect, mkfsText, mountText));
        RunPlan plan = RunPlan.of(script, script.tools().size() - 1, base, spec.seed(), dialect);
        List<Execution.Result> xs = Execution.runAll(plan, progress, cancel);
        String reproduce = "bench-runner exec --profile " + profile.name()
                + (mkfsText.isBlank() ? "" : " --mkfs \"" + mkfsText + "\"")
                + (mountText.isBlank() ? "" : " --mount \"" + mountText + "\"")
                + optArgs(opts) + (spec.ddStyle() != null ? " --dd-style " + spec.ddStyle() : "")
                + (spec.script() != null ? " --script SCRIPT (the result's script)" : " -- " + spec.command());
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("scale", 1.0);
        List<RunResult> out = new ArrayList<>();
        for (Execution.Result x : xs) {
            out.add(assemble(null, x, script.machine(), o, params, spec.seed(), null, reproduce, Map.of()));
        }
        return out;
    }

    private static String optArgs(Map<String, Boolean> opts) {
        StringBuilder b = new StringBuilder();
        opts.forEach((k, v) -> b.append(" --opt ").append(k).append('=').append(v ? "on" : "off"));
        return b.toString();
    }

    static Profile profile(String name) {
        return profile(name, Map.of());
    }

    static Profile profile(String name, Map<String, Long> overrides) {
        try {
            return Profiles.load(name, overrides);
        } catch (ProfileException e) {
            throw new Execution.RunInputException(e.getMessage());
        }
    }

    static Mkfs.Options mkfs(String text) {
        try {
            return Mkfs.Options.parse(text);
        } catch (F2fsException e) {
            throw new Execution.RunInputException(e.getMessage());
        }
    }

    static DdDialect dialect(Profile p, String style) {
        String s = style != null ? style : p.userland();
        return s.equals("toybox") ? DdDialect.TOYBOX : DdDialect.GNU;
    }

    /** The scenario's era rules (serialize_rule, min_seq_blocks, min_fsync_blocks). */
    static F2fsOptions withTunables(F2fsOptions o, Scenario s) {
        F2fsOptions r = o;
        var rule = s.tunable("serialize_rule");
        if (rule.isPresent()) r = r.withSerializeRule(String.valueOf(rule.get()));
        var seq = s.tunable("min_seq_blocks");
        if (seq.isPresent()) r = r.withMinSeqBlocks(((Number) seq.get()).intValue());
        var fs = s.tunable("min_fsync_blocks");
        if (fs.isPresent()) r = r.withMinFsyncBlocks(((Number) fs.get()).intValue());
        var mask = s.tunable("serialize_temp_mask");
        if (mask.isPresent()) r = r.withSerializeTempMask(((Number) mask.get()).intValue());
        return r;
    }

    private static RunResult assemble(String scenario, Execution.Result x, Profile profile, Optimizations o,
                                      Map<String, Object> params, long seed, RunResult.Reference ref, String reproduce,
                                      Map<String, Long> overrides) {
        Measurement.Window w = x.window();
        return new RunResult(scenario, x.tool(), x.command(), x.outcome().output(), profile.name(), x.mkfs(), x.mount(), o.toMap(),
                new LinkedHashMap<>(params), seed, x.outcome().headline(), x.outcome().metrics(), w.counters(),
                w.histograms(), w.breakdown(), new RunResult.Preparation(x.preparationNs(), x.preparationCounters()), ref,
                w.virtualNs(), x.wallMs(), reproduce, EngineVersion.get(), overrides, null, null, null, List.copyOf(profile.reads().readKeys()));
    }
}
