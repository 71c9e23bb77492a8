package org.f2fsobs.app.crash;

import java.net.URI;
import java.time.Instant;
import java.util.Map;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import org.f2fsobs.app.queue.Admission;
import org.f2fsobs.app.queue.Durability;
import org.f2fsobs.app.queue.Jobs;
import org.f2fsobs.app.run.CellRequests;
import org.f2fsobs.app.system.ApiException;
import org.f2fsobs.app.system.Json;
import org.f2fsobs.app.system.Database;
import org.f2fsobs.app.system.ObservatoryProperties;
import org.f2fsobs.app.system.ObservatoryProperties.Limits;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.CrashReport;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code POST /api/crash-checks}: body like a matrix cell, one value each — {@code {"scenario", "optimizations":
 * {flag: bool}, "params": {key: value}, "seed", "profile", "point", "max_points"}} — → 202 with {@code Location}.
 * {@code max_points} defaults to, and may not exceed, {@code observatory.limits.crash-points} (422 naming
 * {@code crash_points}). {@code GET /api/crash-checks/{id}}: {@code id, status, request} and, once DONE, the crash
 * output of contracts.md §3 ({@code verdict, crash_points, checked, failures, reproduce}).
 */
@RestController
@Tag(name = "crash checks", description = "power cuts at flush/FUA boundaries, remount, check")
class CrashCheckController {
    private final ScenarioCatalog catalog;
    private final ObservatoryProperties properties;
    private final CrashCheckRepository checks;
    private final DatabaseClient db;
    private final TransactionalOperator tx;
    private final Admission admission;
    private final Durability durability;
    private final Jobs jobs;

    CrashCheckController(ScenarioCatalog catalog, ObservatoryProperties properties, CrashCheckRepository checks, DatabaseClient db,
                         TransactionalOperator tx, Admission admission, Durability durability, Jobs jobs) {
        this.catalog = catalog;
        this.properties = properties;
        this.checks = checks;
        this.db = db;
        this.tx = tx;
        this.admission = admission;
        this.durability = durability;
        this.jobs = jobs;
    }

    /** {@code POST /api/crash-checks}: one cell, one value per flag and parameter, and which crash points to visit. */
    @Schema(example = "{\"scenario\": \"iozone-compressed-sync\", \"optimizations\": {\"skip_cp_compressed_write\": true}, "
            + "\"params\": {\"scale\": 0.01}, \"max_points\": 20}")
    record CrashCheckRequest(@NotNull(message = "is required: a catalog scenario id") String scenario,
                             Map<String, Boolean> optimizations, Map<String, Object> params, Long seed, String profile,
                             @Schema(description = "check only this crash point") @PositiveOrZero(message = "must be at least 0") Integer point,
                             @Schema(description = "visit at most this many crash points (default and most: the crash_points limit)")
                             @Positive(message = "must be at least 1") Integer maxPoints) {}

    /** The check as it will run. */
    record CrashRequestView(String scenario, String profile, Map<String, Boolean> optimizations, Map<String, Object> params, long seed,
                            Integer point, Integer maxPoints) {
        static CrashRequestView of(CellSpec cell, Integer point, Integer maxPoints) {
            return new CrashRequestView(cell.scenario(), cell.profile(), cell.optimizations(), cell.params(), cell.seed(), point, maxPoints);
        }
    }

    record CrashCheckAccepted(long id, String status, CrashRequestView request) {}

    /** {@code GET /api/crash-checks/{id}}: where it stands and, once DONE, the crash output (contracts.md §3) at the top level. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record CrashCheckDocument(long id, String status, CrashRequestView request, @JsonUnwrapped CrashReport report, String error,
                              Instant createdAt, Instant finishedAt) {}

    @Operation(summary = "Queue a crash-consistency check of one cell", description = "202 with Location; 400 names every invalid field; "
            + "422 crash_points, run_data_bytes or queued_runs over the limit.")
    @PostMapping(path = "/api/crash-checks", consumes = MediaType.APPLICATION_JSON_VALUE, produces = MediaType.APPLICATION_JSON_VALUE)
    @ResponseStatus(HttpStatus.ACCEPTED)
    Mono<ResponseEntity<CrashCheckAccepted>> processCrashCheckForm(@Valid @RequestBody CrashCheckRequest b) {
        return Mono.defer(() -> {
            Limits limits = properties.limits();
            CellSpec cell = CellRequests.cell(b.scenario(), b.optimizations(), b.params(), b.seed(), b.profile(), catalog, limits, true);
            if (b.maxPoints() != null) ApiException.throwIfOver(limits.run().checkCrashPoints(b.maxPoints()));
            int max = b.maxPoints() == null ? limits.crashPoints() : b.maxPoints();
            var insert = db.sql("INSERT INTO CRASH_CHECKS (STATUS, SCENARIO, PROFILE, SPEC_JSON, POINT, MAX_POINTS, CREATED_AT) "
                            + "VALUES ('QUEUED', :scenario, :profile, :spec, :point, :max, :now)")
                    .bind("scenario", cell.scenario()).bind("profile", cell.profile()).bind("spec", Json.compact(cell))
                    .bind("max", max).bind("now", Instant.now());
            insert = b.point() == null ? insert.bindNull("point", Integer.class) : insert.bind("point", b.point());
            var work = admission.admitRun().then(insert.filter(s -> s.returnGeneratedValues("ID")).map(r -> r.get("ID", Long.class)).one());
            return tx.transactional(work).flatMap(id -> durability.checkpoint().thenReturn(id)).doOnNext(jobs::crashCheckAccepted)
                    .subscribeOn(Database.SCHEDULER)
                    .map(id -> ResponseEntity.accepted().location(URI.create("/api/crash-checks/" + id))
                            .body(new CrashCheckAccepted(id, "QUEUED", CrashRequestView.of(cell, b.point(), max))));
        }).subscribeOn(Database.SCHEDULER);
    }

    @Operation(summary = "One crash check: its request and, once DONE, the crash output (verdict, crash_points, checked, failures, reproduce)")
    @GetMapping(path = "/api/crash-checks/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<CrashCheckDocument> showCrashCheck(@PathVariable @Positive(message = "must be a positive integer id") long id) {
        return checks.findById(id).subscribeOn(Database.SCHEDULER)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("crash check", id)))
                .map(CrashCheckController::document);
    }

    static CrashCheckDocument document(CrashCheck c) {
        CrashReport report = c.reportJson() == null ? null : ResultJson.read(c.reportJson(), CrashReport.class);
        return new CrashCheckDocument(c.id(), c.status(), CrashRequestView.of(Json.cell(c.specJson()), c.point(), c.maxPoints()), report,
                c.error(), c.createdAt(), c.finishedAt());
    }
}
