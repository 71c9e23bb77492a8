package org.f2fsobs.app.run;

import java.util.Map;
import org.f2fsobs.app.system.ApiException;
import org.f2fsobs.app.system.ObservatoryProperties.Limits;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.matrix.ParamValues;
import org.f2fsobs.bench.scenario.Scenario;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.f2fsobs.bench.scenario.ScenarioCommand;

/**
 * One cell the way a matrix cell is given but with one value each ({@code POST /api/runs} of a scenario,
 * {@code POST /api/crash-checks}). The catalog checks names and values ({@link ScenarioCatalog#validateRun}); the
 * data a run may move is checked against {@code run_data_bytes}. A scale below the scenario's smallest meaningful one
 * is refused like a limit (422 {@code min_scale}), except for a crash check, which takes any scale.
 */
public final class CellRequests {
    private CellRequests() {}

    public static CellSpec cell(String scenario, Map<String, Boolean> optimizations, Map<String, Object> params, Long seed,
                                String profile, ScenarioCatalog catalog, Limits limits) {
        return cell(scenario, optimizations, params, seed, profile, catalog, limits, false);
    }

    /** As {@link #cell(String, Map, Map, Long, String, ScenarioCatalog, Limits)}; a crash check ({@code crash}) takes any scale. */
    public static CellSpec cell(String scenario, Map<String, Boolean> optimizations, Map<String, Object> params, Long seed,
                                String profile, ScenarioCatalog catalog, Limits limits, boolean crash) {
        if (scenario == null) throw ApiException.invalid("scenario", "is required");
        long sd = seed == null ? 1 : seed;
        ScenarioCatalog.RunValidation v = crash ? catalog.validateRunAtAnyScale(scenario, optimizations, params, sd, profile)
                : catalog.validateRun(scenario, optimizations, params, sd, profile);
        if (!v.ok() && v.errors().stream().allMatch(f -> f.belowMinScale())) throw ApiException.overLimit(Limits.MIN_SCALE, v.errors());
        if (!v.ok()) throw ApiException.invalid(v.errors());
        ApiException.throwIfOver(ScenarioCommand.checkDataLimit(limits.run(), catalog.get(scenario), v.cell()));
        return v.cell();
    }
}
