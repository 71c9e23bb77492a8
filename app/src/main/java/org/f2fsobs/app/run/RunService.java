package org.f2fsobs.app.run;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.f2fsobs.app.queue.Admission;
import org.f2fsobs.app.queue.Durability;
import org.f2fsobs.app.queue.Jobs;
import org.f2fsobs.app.system.ApiException;
import org.f2fsobs.app.system.Json;
import org.f2fsobs.app.system.Database;
import org.f2fsobs.app.system.ObservatoryProperties;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.ExecSpec;
import org.f2fsobs.bench.api.FieldError;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/** Single runs: accept (a catalog scenario cell, or a free-form tool command), show, list. */
@Service
class RunService {
    private final ScenarioCatalog catalog;
    private final ObservatoryProperties properties;
    private final DatabaseClient db;
    private final TransactionalOperator tx;
    private final RunRepository runs;
    private final Admission admission;
    private final Durability durability;
    private final Jobs jobs;

    RunService(ScenarioCatalog catalog, ObservatoryProperties properties, DatabaseClient db, TransactionalOperator tx,
               RunRepository runs, Admission admission, Durability durability, Jobs jobs) {
        this.catalog = catalog;
        this.properties = properties;
        this.db = db;
        this.tx = tx;
        this.runs = runs;
        this.admission = admission;
        this.durability = durability;
        this.jobs = jobs;
    }

    /** A queued run: its id, its kind (SCENARIO or EXEC) and what it will run ({@link CellSpec} or {@link ExecSpec}). */
    record Accepted(long id, String kind, Object spec) {}

    /** {@code scenario} → a catalog cell; {@code command} or {@code script} → a free-form run; not both, not neither. */
    Mono<Accepted> submit(RunRequest body) {
        boolean freeForm = body.command() != null || body.script() != null;
        if (body.scenario() != null && freeForm) {
            throw ApiException.invalid("command", "give either scenario (a catalog run) or command / script (a free-form run), not both");
        }
        if (body.scenario() == null && !freeForm) {
            throw ApiException.invalid("command", "is required (a fio, dd, iozone or tiotest command line, or a script), or give scenario for a catalog run");
        }
        rejectOtherForm(body);
        String kind;
        Object spec;
        String scenarioId = null, profile;
        if (body.catalogRun()) {
            CellSpec cell = CellRequests.cell(body.scenario(), body.optimizations(), body.params(), body.seed(), body.profile(), catalog,
                    properties.limits());
            kind = Run.SCENARIO;
            spec = cell;
            scenarioId = cell.scenario();
            profile = cell.profile();
        } else {
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
        return tx.transactional(work)
                .flatMap(id -> durability.checkpoint().thenReturn(id))
                .doOnNext(jobs::runAccepted)
                .subscribeOn(Database.SCHEDULER)
                .map(id -> new Accepted(id, kind, spec));
    }

    /** A field of the other form (mkfs in a catalog run, params in a command run) is named, not ignored. */
    private static void rejectOtherForm(RunRequest b) {
        List<FieldError> errors = new ArrayList<>();
        if (b.catalogRun()) {
            String known = "not a field of a catalog run (known: scenario, optimizations, params, seed, profile)";
            if (b.mkfs() != null) errors.add(new FieldError("mkfs", known));
            if (b.mount() != null) errors.add(new FieldError("mount", known));
            if (b.ddStyle() != null) errors.add(new FieldError("dd_style", known));
            if (b.script() != null) errors.add(new FieldError("script", known));
        } else if (b.params() != null) {
            errors.add(new FieldError("params", "not a field of a command run (known: profile, mkfs, mount, optimizations, command, script, seed, dd_style)"));
        }
        if (!errors.isEmpty()) throw ApiException.invalid(errors);
    }

    Mono<Run> find(long id) {
        return runs.findById(id).subscribeOn(Database.SCHEDULER).switchIfEmpty(Mono.error(() -> ApiException.notFound("run", id)));
    }

    boolean knownScenario(String id) {
        return catalog.find(id).isPresent();
    }

    List<String> scenarioIds() {
        return catalog.ids();
    }
}
