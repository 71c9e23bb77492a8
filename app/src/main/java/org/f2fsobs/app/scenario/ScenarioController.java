package org.f2fsobs.app.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.f2fsobs.app.matrix.StoredComparison;
import org.f2fsobs.app.matrix.ComparisonRepository;
import org.f2fsobs.app.system.ApiException;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.scenario.CatalogJson;
import org.f2fsobs.bench.scenario.Figure;
import org.f2fsobs.bench.scenario.Reference;
import org.f2fsobs.bench.scenario.Scenario;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The catalog ({@code GET /api/scenarios}, the array of contracts.md §4 as {@link CatalogJson} writes it) and each
 * scenario's standing: the latest comparison per parameter point, with the mail's figures and the verdict.
 */
@RestController
@Tag(name = "scenarios", description = "the catalog and where each claim stands")
class ScenarioController {
    private final ScenarioCatalog catalog;
    private final ComparisonRepository comparisons;
    private final String catalogJson;

    ScenarioController(ScenarioCatalog catalog, ComparisonRepository comparisons) {
        this.catalog = catalog;
        this.comparisons = comparisons;
        this.catalogJson = CatalogJson.write(catalog);
    }

    @Operation(summary = "The catalog (contracts.md §4)")
    @GetMapping(path = "/api/scenarios", produces = MediaType.APPLICATION_JSON_VALUE)
    String showScenarioList() {
        return catalogJson;
    }

    @GetMapping(path = "/api/scenarios/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
    String showScenario(@PathVariable String id) {
        return ResultJson.write(CatalogJson.entry(scenario(id)));
    }

    /**
     * Per parameter point (profile, parameters, iozone row), the comparison of the newest DONE matrix that covered
     * it, with {@code matrix_id}, {@code profile} and the mail's figures at that point ({@code reference}).
     */
    @Operation(summary = "Latest comparison per parameter point, with the mail's figures and the verdict")
    @GetMapping(path = "/api/scenarios/{id}/comparison", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<Map<String, Object>> showComparison(@PathVariable String id) {
        Scenario s = scenario(id);
        return comparisons.findLatestPerPoint(s.id()).collectList().map(rows -> {
            List<JsonNode> out = new ArrayList<>();
            for (StoredComparison c : rows) {
                ObjectNode n = (ObjectNode) ResultJson.mapper().readTree(c.comparisonJson());
                n.put("matrix_id", c.matrixId());
                n.put("profile", profileOf(c.pointKey()));
                n.set("reference", ResultJson.mapper().valueToTree(references(s, n)));
                n.put("compared_at", c.createdAt().toString());
                out.add(n);
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("scenario", s.id());
            m.put("title", s.title());
            m.put("flag", s.flag());
            m.put("headline", s.headline());
            m.put("comparisons", out);
            return m;
        });
    }

    private Scenario scenario(String id) {
        return catalog.find(id).orElseThrow(() -> ApiException.notFound("scenario", id + " (known: " + String.join(", ", catalog.ids()) + ")"));
    }

    /** The mail's figures for the comparison's point and row (before = off, after = on), or an empty list. */
    private static List<Map<String, Object>> references(Scenario s, JsonNode comparison) {
        Map<String, Object> params = ResultJson.mapper().convertValue(comparison.get("params"), Map.class);
        Integer row = comparison.hasNonNull("row") ? comparison.get("row").intValue() : null;
        List<Map<String, Object>> out = new ArrayList<>();
        for (Reference r : s.referencesAt(params)) {
            if (!Objects.equals(r.row(), row)) continue;
            boolean compared = row == null ? r.metric().equals(s.headline()) : r.metric().equals(s.rowMetric());
            if (!compared) continue;
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("metric", r.metric());
            m.put("row", r.row());
            m.put("unit", r.baseUnit());
            m.put("off", figure(r.before()));
            m.put("on", figure(r.after()));
            m.put("ratio", r.ratio().isPresent() ? r.ratio().getAsDouble() : null);
            m.put("source", r.source());
            m.put("quote", r.quote());
            out.add(m);
        }
        return out;
    }

    private static Map<String, Object> figure(Figure f) {
        if (f == null) return null;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("value", f.value());
        m.put("printed", f.printed());
        m.put("printed_unit", f.conversion().unit());
        m.put("approximate", f.approximate());
        m.put("how", f.describe());
        return m;
    }

    static String profileOf(String pointKey) {
        int semi = pointKey.indexOf(';');
        return pointKey.startsWith("profile=") && semi > 0 ? pointKey.substring("profile=".length(), semi) : null;
    }
}
