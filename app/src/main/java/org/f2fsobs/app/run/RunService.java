package org.f2fsobs.app.run;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.f2fsobs.app.queue.Admission;
import org.f2fsobs.app.queue.Durability;
import org.f2fsobs.app.queue.RunQueue;
import org.f2fsobs.app.system.ApiException;
import org.f2fsobs.app.system.Json;
import org.f2fsobs.app.system.JsonBody;
import org.f2fsobs.app.system.ObservatoryProperties;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.ExecSpec;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Single runs: accept (a catalog scenario cell, or a free-form tool command), show, list. */
@Service
class RunService {
    static final Set<String> SCENARIO_FIELDS = new LinkedHashSet<>(List.of("scenario", "optimizations", "params", "seed", "profile"));
    static final Set<String> EXEC_FIELDS = new LinkedHashSet<>(List.of("profile", "mkfs", "mount", "optimizations", "command", "script", "seed", "dd_style"));

    private final ScenarioCatalog catalog;
    private final ObservatoryProperties properties;
    private final DatabaseClient db;
    private final TransactionalOperator tx;
    private final RunRepository runs;
    private final Admission admission;
    private final Durability durability;
    private final RunQueue queue;

    RunService(ScenarioCatalog catalog, ObservatoryProperties properties, DatabaseClient db, TransactionalOperator tx,
               RunRepository runs, Admission admission, Durability durability, RunQueue queue) {
        this.catalog = catalog;
        this.properties = properties;
        this.db = db;
        this.tx = tx;
        this.runs = runs;
        this.admission = admission;
        this.durability = durability;
        this.queue = queue;
    }

    /** A queued run: its id, its kind (SCENARIO or EXEC) and what it will run. */
    record Accepted(long id, String kind, Object spec) {}

    /** {@code scenario} → a catalog cell; {@code command} or {@code script} → a free-form run; not both, not neither. */
    Mono<Accepted> submit(JsonBody body) {
        boolean scenario = body.root().has("scenario"), command = body.root().has("command") || body.root().has("script");
        if (scenario && command) {
            throw ApiException.invalid("command", "give either scenario (a catalog run) or command (a free-form tool command), not both");
        }
        if (!scenario && !command) {
            throw ApiException.invalid("command", "is required (a fio, dd, iozone or tiotest command line), or give scenario for a catalog run");
        }
        String kind;
        Object spec;
        String scenarioId = null, profile;
        if (scenario) {
            body.rejectUnknown(SCENARIO_FIELDS);
            CellSpec cell = CellRequests.cell(body, catalog, properties.limits());
            kind = Run.SCENARIO;
            spec = cell;
            scenarioId = cell.scenario();
            profile = cell.profile();
        } else {
            body.rejectUnknown(EXEC_FIELDS);
            ExecSpec exec = ExecRequests.exec(body, properties.limits());
            kind = Run.EXEC;
            spec = exec;
            profile = exec.profile();
        }
        String requestJson = Json.compact(spec);
        String commandText = spec instanceof ExecSpec e ? Json.truncate(e.command() != null ? e.command() : e.script(), 8192) : null;
        var insert = db.sql("INSERT INTO RUNS (KIND, STATUS, REQUEST_JSON, SCENARIO, PROFILE, COMMAND, CREATED_AT) "
                        + "VALUES (:kind, 'QUEUED', :request, :scenario, :profile, :command, :now)")
                .bind("kind", kind).bind("request", requestJson).bind("profile", profile).bind("now", Instant.now());
        insert = scenarioId == null ? insert.bindNull("scenario", String.class) : insert.bind("scenario", scenarioId);
        insert = commandText == null ? insert.bindNull("command", String.class) : insert.bind("command", commandText);
        Mono<Long> work = admission.admitRun().then(insert.filter(s -> s.returnGeneratedValues("ID")).map(r -> r.get("ID", Long.class)).one());
        return tx.transactional(work).subscribeOn(Schedulers.boundedElastic())
                .flatMap(id -> durability.checkpoint().thenReturn(id))
                .doOnNext(id -> queue.wake())
                .map(id -> new Accepted(id, kind, spec));
    }

    Mono<Run> find(long id) {
        return runs.findById(id).switchIfEmpty(Mono.error(() -> ApiException.notFound("run", id)));
    }

    /** The result document (contracts.md §3) plus {@code id, status, kind, matrix_id, cell_index, created_at,
     *  finished_at}; before it ends, those and the {@code request}. */
    static JsonNode document(Run r) {
        ObjectNode n;
        if (r.resultJson() != null) {
            n = (ObjectNode) ResultJson.mapper().readTree(r.resultJson());
        } else {
            n = ResultJson.mapper().createObjectNode();
            if (r.requestJson() != null) n.set("request", ResultJson.mapper().readTree(r.requestJson()));
            if (r.error() != null) n.put("error", r.error());
        }
        n.put("id", r.id());
        n.put("status", r.status());
        n.put("kind", r.kind());
        if (r.matrixId() != null) n.put("matrix_id", r.matrixId());
        if (r.cellIndex() != null) n.put("cell_index", r.cellIndex());
        n.put("created_at", r.createdAt().toString());
        if (r.finishedAt() != null) n.put("finished_at", r.finishedAt().toString());
        return n;
    }

    boolean knownScenario(String id) {
        return catalog.find(id).isPresent();
    }

    List<String> scenarioIds() {
        return catalog.ids();
    }
}
