package org.f2fsobs.app.crash;

import java.net.URI;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.f2fsobs.app.queue.Admission;
import org.f2fsobs.app.queue.Durability;
import org.f2fsobs.app.queue.RunQueue;
import org.f2fsobs.app.run.CellRequests;
import org.f2fsobs.app.system.ApiException;
import org.f2fsobs.app.system.Json;
import org.f2fsobs.app.system.JsonBody;
import org.f2fsobs.app.system.ObservatoryProperties;
import org.f2fsobs.app.system.ObservatoryProperties.Limits;
import org.f2fsobs.app.system.RequestParams;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.node.ObjectNode;

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
    static final Set<String> FIELDS = new LinkedHashSet<>(List.of("scenario", "optimizations", "params", "seed", "profile", "point", "max_points"));

    private final ScenarioCatalog catalog;
    private final ObservatoryProperties properties;
    private final CrashCheckRepository checks;
    private final DatabaseClient db;
    private final TransactionalOperator tx;
    private final Admission admission;
    private final Durability durability;
    private final RunQueue queue;

    CrashCheckController(ScenarioCatalog catalog, ObservatoryProperties properties, CrashCheckRepository checks, DatabaseClient db,
                         TransactionalOperator tx, Admission admission, Durability durability, RunQueue queue) {
        this.catalog = catalog;
        this.properties = properties;
        this.checks = checks;
        this.db = db;
        this.tx = tx;
        this.admission = admission;
        this.durability = durability;
        this.queue = queue;
    }

    @Operation(summary = "Queue a crash-consistency check of one cell", description = "202 with Location; 422 crash_points over the limit.")
    @PostMapping(path = "/api/crash-checks", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<ResponseEntity<Map<String, Object>>> processCrashCheckForm(@io.swagger.v3.oas.annotations.parameters.RequestBody(description = "one cell, one value per flag and parameter", content = @Content(mediaType = "application/json",
            examples = @ExampleObject(value = "{\"scenario\": \"iozone-compressed-sync\", \"optimizations\": {\"skip_cp_compressed_write\": true}, \"params\": {\"scale\": 0.01}, \"max_points\": 20}"))) @RequestBody(required = false) String body) {
        return Mono.fromCallable(() -> JsonBody.parse(body)).flatMap(b -> {
            Limits limits = properties.limits();
            b.rejectUnknown(FIELDS);
            Long point = b.integer("point", 0, Integer.MAX_VALUE);
            Long maxPoints = b.integer("max_points", 1, Integer.MAX_VALUE);
            CellSpec cell = CellRequests.cell(b, catalog, limits, true);
            if (maxPoints != null && maxPoints > limits.crashPoints()) {
                throw ApiException.overLimit(Limits.CRASH_POINTS, "max_points", maxPoints + " crash points, over the limit "
                        + Limits.CRASH_POINTS + " = " + limits.crashPoints());
            }
            int max = maxPoints == null ? limits.crashPoints() : maxPoints.intValue();
            var insert = db.sql("INSERT INTO CRASH_CHECKS (STATUS, SCENARIO, PROFILE, SPEC_JSON, POINT, MAX_POINTS, CREATED_AT) "
                            + "VALUES ('QUEUED', :scenario, :profile, :spec, :point, :max, :now)")
                    .bind("scenario", cell.scenario()).bind("profile", cell.profile()).bind("spec", Json.compact(cell))
                    .bind("max", max).bind("now", Instant.now());
            insert = point == null ? insert.bindNull("point", Integer.class) : insert.bind("point", point.intValue());
            var work = admission.admitRun().then(insert.filter(s -> s.returnGeneratedValues("ID")).map(r -> r.get("ID", Long.class)).one());
            return tx.transactional(work).subscribeOn(Schedulers.boundedElastic()).flatMap(id -> durability.checkpoint().thenReturn(id)).doOnNext(id -> queue.wake()).map(id -> {
                Map<String, Object> out = new LinkedHashMap<>();
                out.put("id", id);
                out.put("status", "QUEUED");
                out.put("request", request(cell, point == null ? null : point.intValue(), max));
                return ResponseEntity.accepted().location(URI.create("/api/crash-checks/" + id)).body(out);
            });
        });
    }

    @GetMapping(path = "/api/crash-checks/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<ObjectNode> showCrashCheck(@PathVariable String id) {
        return Mono.fromCallable(() -> RequestParams.id("id", id))
                .flatMap(i -> checks.findById(i).switchIfEmpty(Mono.error(() -> ApiException.notFound("crash check", i))))
                .map(CrashCheckController::document);
    }

    static ObjectNode document(CrashCheck c) {
        ObjectNode n = ResultJson.mapper().createObjectNode();
        n.put("id", c.id());
        n.put("status", c.status());
        n.set("request", ResultJson.mapper().valueToTree(request(Json.cell(c.specJson()), c.point(), c.maxPoints())));
        if (c.reportJson() != null) n.setAll((ObjectNode) ResultJson.mapper().readTree(c.reportJson()));
        if (c.error() != null) n.put("error", c.error());
        n.put("created_at", c.createdAt().toString());
        if (c.finishedAt() != null) n.put("finished_at", c.finishedAt().toString());
        return n;
    }

    private static Map<String, Object> request(CellSpec cell, Integer point, Integer maxPoints) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("scenario", cell.scenario());
        m.put("profile", cell.profile());
        m.put("optimizations", cell.optimizations());
        m.put("params", cell.params());
        m.put("seed", cell.seed());
        m.put("point", point);
        m.put("max_points", maxPoints);
        return m;
    }
}
