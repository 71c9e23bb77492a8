package org.f2fsobs.app.scenario;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.f2fsobs.app.matrix.StoredComparison;
import org.f2fsobs.app.matrix.ComparisonRepository;
import org.f2fsobs.app.system.ApiException;
import org.f2fsobs.app.system.Database;
import org.f2fsobs.bench.api.Comparison;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.scenario.CatalogJson;
import org.f2fsobs.bench.scenario.Figure;
import org.f2fsobs.bench.scenario.Reference;
import org.f2fsobs.bench.scenario.Scenario;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * The catalog ({@code GET /api/scenarios}, the array of contracts.md §4 as {@link CatalogJson} writes it) and each
 * scenario's standing: the latest comparison per parameter point, with the mail's figures and the verdict.
 */
@RestController
@Tag(name = "scenarios", description = "the catalog and where each claim stands")
class ScenarioController {
    private final ScenarioCatalog catalog;
    private final ComparisonRepository comparisons;
    /** The built-in entries, written once (the shipped catalog never changes while the app runs). */
    private final List<Map<String, Object>> builtIn;

    ScenarioController(ScenarioCatalog catalog, ComparisonRepository comparisons) {
        this.catalog = catalog;
        this.comparisons = comparisons;
        this.builtIn = catalog.builtIns().stream().map(CatalogJson::entry).toList();
    }

    /** The main fields of a catalog entry as {@link CatalogJson} writes it (the document has more: see contracts.md §4). */
    @Schema(description = "a catalog entry (contracts.md §4); further fields as bench-runner's CatalogJson writes them")
    record CatalogEntry(String id, String title, String tool, String command, boolean inferred, String flag,
                        @Schema(description = "parameters with their allowed values") List<Map<String, Object>> params,
                        @Schema(description = "flag → its era value") Map<String, Object> flags,
                        @Schema(description = "the mail's figures: value, unit, source") List<Map<String, Object>> references,
                        @Schema(description = "per point condition, the counters expected to move") Object expectedMechanism) {}

    @Operation(summary = "The catalog (contracts.md §4)", description = "The built-in scenarios in catalog order, then the user scenarios "
            + "stored from mails (origin \"user\"), in the order they were stored.",
            responses = @ApiResponse(responseCode = "200", description = "every scenario",
            content = @Content(mediaType = MediaType.APPLICATION_JSON_VALUE, array = @ArraySchema(schema = @Schema(implementation = CatalogEntry.class)))))
    @GetMapping(path = "/api/scenarios", produces = MediaType.APPLICATION_JSON_VALUE)
    String showScenarioList() {
        List<Map<String, Object>> all = new ArrayList<>(builtIn);
        for (Scenario s : catalog.list()) if (Scenario.USER.equals(s.origin())) all.add(CatalogJson.entry(s));
        return ResultJson.write(all);
    }

    @Operation(summary = "One catalog entry", responses = @ApiResponse(responseCode = "200", description = "the scenario",
            content = @Content(mediaType = MediaType.APPLICATION_JSON_VALUE, schema = @Schema(implementation = CatalogEntry.class))))
    @GetMapping(path = "/api/scenarios/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
    String showScenario(@PathVariable String id) {
        return ResultJson.write(CatalogJson.entry(scenario(id)));
    }

    /** {@code GET /api/scenarios/{id}/comparison}. */
    record Standing(String scenario, String title, String flag, String headline, List<PointComparison> comparisons) {}

    /** The latest comparison (contracts.md §3) at one parameter point, with its matrix, profile and the mail's figures. */
    record PointComparison(@JsonUnwrapped Comparison comparison, long matrixId, String profile, List<MailFigures> reference,
                           Instant comparedAt) {}

    /** The mail's before (off) and after (on) figures for a point and row, in base units. */
    record MailFigures(String metric, Integer row, String unit, FigureView off, FigureView on, Double ratio, String source, String quote) {}

    record FigureView(double value, List<Double> printed, String printedUnit, boolean approximate, String how) {}

    /**
     * Per parameter point (profile, parameters, iozone row), the comparison of the newest DONE matrix that covered
     * it, with {@code matrix_id}, {@code profile} and the mail's figures at that point ({@code reference}).
     */
    @Operation(summary = "Latest comparison per parameter point, with the mail's figures and the verdict")
    @GetMapping(path = "/api/scenarios/{id}/comparison", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<Standing> showComparison(@PathVariable String id) {
        Scenario s = scenario(id);
        return comparisons.findLatestPerPoint(s.id()).collectList().subscribeOn(Database.SCHEDULER).map(rows -> {
            List<PointComparison> out = new ArrayList<>(rows.size());
            for (StoredComparison c : rows) {
                Comparison comparison = ResultJson.read(c.comparisonJson(), Comparison.class);
                out.add(new PointComparison(comparison, c.matrixId(), profileOf(c.pointKey()), references(s, comparison), c.createdAt()));
            }
            return new Standing(s.id(), s.title(), s.flag(), s.headline(), out);
        });
    }

    private Scenario scenario(String id) {
        return catalog.find(id).orElseThrow(() -> ApiException.notFound("scenario", id + " (known: " + String.join(", ", catalog.ids()) + ")"));
    }

    /** The mail's figures for the comparison's point and row (before = off, after = on), or an empty list. */
    private static List<MailFigures> references(Scenario s, Comparison comparison) {
        List<MailFigures> out = new ArrayList<>();
        for (Reference r : s.referencesAt(comparison.params())) {
            if (!Objects.equals(r.row(), comparison.row())) continue;
            boolean compared = comparison.row() == null ? r.metric().equals(s.headline()) : r.metric().equals(s.rowMetric());
            if (!compared) continue;
            out.add(new MailFigures(r.metric(), r.row(), r.baseUnit(), figure(r.before()), figure(r.after()),
                    r.ratio().isPresent() ? r.ratio().getAsDouble() : null, r.source(), r.quote()));
        }
        return out;
    }

    private static FigureView figure(Figure f) {
        return f == null ? null : new FigureView(f.value(), f.printed(), f.conversion().unit(), f.approximate(), f.describe());
    }

    static String profileOf(String pointKey) {
        int semi = pointKey.indexOf(';');
        return pointKey.startsWith("profile=") && semi > 0 ? pointKey.substring("profile=".length(), semi) : null;
    }
}
