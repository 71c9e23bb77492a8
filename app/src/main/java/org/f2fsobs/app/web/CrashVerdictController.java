package org.f2fsobs.app.web;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import org.f2fsobs.app.system.ApiException;
import org.f2fsobs.app.system.Database;
import org.f2fsobs.app.system.Json;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.scenario.Scenario;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code GET /api/scenarios/{id}/crash-checks}: the crash checks of one scenario, newest first (at most
 * {@link #LIMIT}), and {@code latest}: the newest DONE verdict with the studied flag off and with it on. The overview
 * shows it next to the throughput verdict; {@code GET /api/crash-checks/{id}} has the full report.
 */
@RestController
@Tag(name = "crash checks")
class CrashVerdictController {
    static final int LIMIT = 20;

    private final ScenarioCatalog catalog;
    private final DatabaseClient db;

    CrashVerdictController(ScenarioCatalog catalog, DatabaseClient db) {
        this.catalog = catalog;
        this.db = db;
    }

    /** {@code GET /api/scenarios/{id}/crash-checks}. */
    record CrashVerdicts(String scenario, String flag, Latest latest, List<Item> items) {}

    /** The newest DONE check with the studied flag off, and with it on (null when there is none). */
    record Latest(Item off, Item on) {}

    record Item(long id, String status, String profile, Boolean studiedFlagOn, Map<String, Boolean> optimizations,
                Map<String, Object> params, long seed, Integer point, Integer maxPoints, String verdict, Integer crashPoints,
                Integer checked, String error, Instant createdAt, Instant finishedAt) {}

    @Operation(summary = "A scenario's crash checks, newest first, and the latest verdict with its flag off and on")
    @GetMapping(path = "/api/scenarios/{id}/crash-checks", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<CrashVerdicts> showCrashCheckList(@PathVariable String id) {
        Scenario s = catalog.find(id).orElseThrow(() -> ApiException.notFound("scenario", id + " (known: " + String.join(", ", catalog.ids()) + ")"));
        return db.sql("SELECT ID, STATUS, PROFILE, SPEC_JSON, POINT, MAX_POINTS, VERDICT, CRASH_POINTS, CHECKED, ERROR, CREATED_AT, FINISHED_AT "
                        + "FROM CRASH_CHECKS WHERE SCENARIO = :scenario ORDER BY ID DESC LIMIT " + LIMIT)
                .bind("scenario", s.id())
                .map((row, meta) -> item(s, row.get("ID", Long.class), row.get("STATUS", String.class), row.get("PROFILE", String.class),
                        row.get("SPEC_JSON", String.class), row.get("POINT", Integer.class), row.get("MAX_POINTS", Integer.class),
                        row.get("VERDICT", String.class), row.get("CRASH_POINTS", Integer.class), row.get("CHECKED", Integer.class),
                        row.get("ERROR", String.class), instant(row.get("CREATED_AT")), instant(row.get("FINISHED_AT"))))
                .all().collectList()
                .subscribeOn(Database.SCHEDULER)
                .map(items -> {
                    Item off = null, on = null;
                    for (Item i : items) {
                        if (!"DONE".equals(i.status())) continue;
                        if (Boolean.TRUE.equals(i.studiedFlagOn())) on = on == null ? i : on;
                        else off = off == null ? i : off;
                    }
                    return new CrashVerdicts(s.id(), s.flag(), new Latest(off, on), items);
                });
    }

    private static Item item(Scenario s, Long id, String status, String profile, String specJson, Integer point, Integer maxPoints,
                             String verdict, Integer crashPoints, Integer checked, String error, Instant createdAt, Instant finishedAt) {
        CellSpec cell = Json.cell(specJson);
        return new Item(id, status, profile, s.studiedOn(cell.optimizations(), cell.params()), cell.optimizations(), cell.params(), cell.seed(), point,
                maxPoints, verdict, crashPoints, checked, error, createdAt, finishedAt);
    }

    private static Instant instant(Object o) {
        if (o instanceof Instant i) return i;
        if (o instanceof OffsetDateTime t) return t.toInstant();
        return null;
    }
}
