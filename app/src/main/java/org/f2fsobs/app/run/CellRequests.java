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
 * data a run may move is checked against {@code run_data_bytes}.
 */
public final class CellRequests {
    private CellRequests() {}

    public static CellSpec cell(String scenario, Map<String, Boolean> optimizations, Map<String, Object> params, Long seed,
                                String profile, ScenarioCatalog catalog, Limits limits) {
        if (scenario == null) throw ApiException.invalid("scenario", "is required");
        ScenarioCatalog.RunValidation v = catalog.validateRun(scenario, optimizations, params, seed == null ? 1 : seed, profile);
        if (!v.ok()) throw ApiException.invalid(v.errors());
        Scenario s = catalog.get(scenario);
        long bytes = ScenarioCommand.dataBytes(s, v.cell().params());
        if (bytes > limits.runDataBytes()) {
            throw ApiException.overLimit(Limits.RUN_DATA_BYTES, "params", "a run at " + ParamValues.canonical(v.cell().params())
                    + " moves " + bytes + " bytes (scaled size × threads), over the limit " + Limits.RUN_DATA_BYTES + " = "
                    + limits.runDataBytes() + "; lower scale");
        }
        return v.cell();
    }
}
