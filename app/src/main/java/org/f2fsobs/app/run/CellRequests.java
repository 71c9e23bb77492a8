package org.f2fsobs.app.run;

import java.util.LinkedHashMap;
import java.util.Map;
import org.f2fsobs.app.system.ApiException;
import org.f2fsobs.app.system.JsonBody;
import org.f2fsobs.app.system.ObservatoryProperties.Limits;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.matrix.ParamValues;
import org.f2fsobs.bench.scenario.Scenario;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.f2fsobs.bench.scenario.ScenarioCommand;
import org.f2fsobs.engine.f2fs.Optimizations;
import tools.jackson.databind.JsonNode;

/**
 * One cell from a request body, the way a matrix cell is given but with one value each ({@code POST /api/runs} of
 * a scenario, {@code POST /api/crash-checks}): {@code {"scenario", "optimizations": {flag: bool}, "params": {key:
 * value}, "seed", "profile"}}. The catalog checks names and values ({@link ScenarioCatalog#validateRun}); the data
 * a run may move is checked against {@code run_data_bytes}.
 */
public final class CellRequests {
    private CellRequests() {}

    /** Reads the cell fields of {@code body} (the caller rejects unknown fields and throws the errors). */
    public static CellSpec cell(JsonBody body, ScenarioCatalog catalog, Limits limits) {
        return cell(body, catalog, limits, false);
    }

    /** As {@link #cell(JsonBody, ScenarioCatalog, Limits)}; a crash check ({@code crash}) takes any scale &gt; 0. */
    public static CellSpec cell(JsonBody body, ScenarioCatalog catalog, Limits limits, boolean crash) {
        String scenario = body.string("scenario");
        String profile = body.string("profile");
        Long seed = body.integer("seed", Long.MIN_VALUE, Long.MAX_VALUE);
        Map<String, Boolean> optimizations = flags(body);
        Map<String, Object> params = new LinkedHashMap<>();
        Map<String, JsonNode> p = body.object("params");
        if (p != null) p.forEach((k, v) -> params.put(k, JsonBody.scalar(v)));
        body.throwIfErrors();
        if (scenario == null) throw ApiException.invalid("scenario", "is required");
        long sd = seed == null ? 1 : seed;
        ScenarioCatalog.RunValidation v = crash ? catalog.validateRunAtAnyScale(scenario, optimizations, params, sd, profile)
                : catalog.validateRun(scenario, optimizations, params, sd, profile);
        if (!v.ok() && v.errors().stream().allMatch(f -> f.belowMinScale())) throw ApiException.overLimit(Limits.MIN_SCALE, v.errors());
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

    /** {@code optimizations}: flag → true/false, names from the engine's list. */
    public static Map<String, Boolean> flags(JsonBody body) {
        Map<String, Boolean> out = new LinkedHashMap<>();
        Map<String, JsonNode> o = body.object("optimizations");
        if (o == null) return out;
        o.forEach((flag, v) -> {
            String field = "optimizations." + flag;
            if (!Optimizations.NAMES.contains(flag)) {
                body.error(field, "unknown flag; known: " + String.join(", ", Optimizations.NAMES));
            } else if (v.isArray()) {
                body.error(field, "must be true or false (one run has one value; a matrix takes lists)");
            } else if (!v.isBoolean()) {
                body.error(field, "must be true or false, not " + JsonBody.kind(v));
            } else {
                out.put(flag, v.booleanValue());
            }
        });
        return out;
    }
}
