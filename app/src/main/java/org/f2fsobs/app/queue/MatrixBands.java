package org.f2fsobs.app.queue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.f2fsobs.app.system.Json;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.band.BandOptions;
import org.f2fsobs.bench.band.BandPlan;
import org.f2fsobs.bench.band.MatrixBand;
import org.f2fsobs.bench.matrix.MatrixLimits;
import org.f2fsobs.bench.matrix.MatrixRequest;
import org.f2fsobs.bench.scenario.Scenario;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import tools.jackson.databind.JsonNode;

/**
 * The band of a matrix stored with {@code "band": true} (contracts.md §6): a band matrix is a matrix whose cells grow.
 * Its plan ({@link BandPlan}) is rebuilt from the stored request and reads every stored result, so after a restart
 * the band goes on from what was stored: when none of its cells is queued or running, the plan's next cells are
 * appended (QUEUED, indexes after the last), or, when it has none left, the band is complete and the matrix DONE.
 * The matrix's own cells (no profile overrides) are its comparisons' samples; band cells carry
 * {@code profile_overrides} and are only the band's.
 */
public final class MatrixBands {
    private MatrixBands() {}

    /** Whether a stored request asks for a band. */
    public static boolean wanted(String requestJson) {
        return requestJson != null && ResultJson.mapper().readTree(requestJson).path("band").asBoolean(false);
    }

    /** The band plan of a stored request (the request as {@code MatrixService} normalised it). */
    public static BandPlan plan(ScenarioCatalog catalog, String requestJson) {
        JsonNode r = ResultJson.mapper().readTree(requestJson);
        Map<String, List<Boolean>> opts = new TreeMap<>();
        for (String flag : r.path("optimizations").propertyNames()) {
            List<Boolean> l = new ArrayList<>();
            r.path("optimizations").get(flag).forEach(v -> l.add(v.asBoolean()));
            opts.put(flag, l);
        }
        Map<String, List<Object>> params = new TreeMap<>();
        for (String key : r.path("params").propertyNames()) {
            List<Object> l = new ArrayList<>();
            r.path("params").get(key).forEach(v -> l.add(v.isNumber() ? v.numberValue() : v.asString()));
            params.put(key, l);
        }
        String scenario = r.path("scenario").asString();
        long seed = r.path("seed").asLong(MatrixRequest.DEFAULT_SEED);
        int reps = r.path("repetitions").asInt(MatrixRequest.DEFAULT_REPETITIONS);
        String profile = r.hasNonNull("profile") ? r.get("profile").asString() : null;
        var e = catalog.validate(new MatrixRequest(scenario, opts, params, reps, seed), new MatrixLimits(Long.MAX_VALUE), profile);
        if (!e.ok()) throw new IllegalStateException("the stored request no longer expands: " + e.errors());
        Scenario s = catalog.get(scenario);
        return MatrixBand.plan(catalog, s, e.cells(), seed, BandOptions.DEFAULT);
    }

    /** The matrix's own results (its comparisons' samples): those without profile overrides. */
    public static List<RunResult> ownCells(List<RunResult> results) {
        return results.stream().filter(r -> r.profileOverrides().isEmpty()).toList();
    }

    /** The cells to append, as stored specs. */
    static List<String> specs(List<CellSpec> cells) {
        return cells.stream().map(Json::compact).toList();
    }
}
