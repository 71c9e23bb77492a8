package org.f2fsobs.app.queue;

import java.time.Instant;
import org.f2fsobs.app.system.Json;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.CellRunner;
import org.f2fsobs.bench.api.ExecSpec;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.api.RunResult;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import static org.f2fsobs.app.system.Sql.bindNullable;

/** Single runs ({@code POST /api/runs}: a catalog cell or a free-form command) as jobs: their RUNS row is filled in when they end. */
@Component
class RunJobs implements JobKind<Work.RunWork, RunResult> {
    private final DatabaseClient db;
    private final ResultColumns columns;
    private final CellRunner runner;

    RunJobs(DatabaseClient db, ResultColumns columns, CellRunner runner) {
        this.db = db;
        this.columns = columns;
        this.runner = runner;
    }

    @Override
    public String taskName() {
        return "run";
    }

    @Override
    public Mono<Work.RunWork> claim(long id) {
        return db.sql("UPDATE RUNS SET STATUS = 'RUNNING', STARTED_AT = :now WHERE ID = :id AND STATUS IN ('QUEUED', 'RUNNING') AND KIND <> 'CELL'")
                .bind("now", Instant.now()).bind("id", id).fetch().rowsUpdated()
                .flatMap(n -> n == 0 ? Mono.empty() : db.sql("SELECT ID, KIND, REQUEST_JSON FROM RUNS WHERE ID = :id").bind("id", id)
                        .map(r -> new Work.RunWork(r.get("ID", Long.class), Work.RunKind.valueOf(r.get("KIND", String.class)),
                                r.get("REQUEST_JSON", String.class)))
                        .one());
    }

    @Override
    public RunResult run(Work.RunWork w, ProgressListener progress, CancellationToken token) {
        return switch (w.runKind()) {
            case EXEC -> runner.exec(ResultJson.read(w.requestJson(), ExecSpec.class), progress, token);
            case SCENARIO -> runner.run(Json.cell(w.requestJson()), progress, token);
        };
    }

    @Override
    public Mono<Void> done(Work.RunWork w, RunResult result) {
        var update = db.sql("UPDATE RUNS SET STATUS = 'DONE', " + ResultColumns.ASSIGNMENTS + ", FINISHED_AT = :now WHERE ID = :id AND STATUS = 'RUNNING'")
                .bind("now", Instant.now()).bind("id", w.id());
        return columns.bind(update, result).fetch().rowsUpdated().then();
    }

    @Override
    public Mono<Void> failed(Work.RunWork w, String error) {
        return end(w, Status.FAILED, error);
    }

    @Override
    public Mono<Void> cancelled(Work.RunWork w) {
        return end(w, Status.CANCELLED, "cancelled");
    }

    private Mono<Void> end(Work.RunWork w, Status status, String error) {
        return bindNullable(db.sql("UPDATE RUNS SET STATUS = :status, ERROR = :e, FINISHED_AT = :now WHERE ID = :id AND STATUS = 'RUNNING'")
                .bind("status", status.name()), "e", Json.truncate(error, 4000), String.class)
                .bind("now", Instant.now()).bind("id", w.id()).fetch().rowsUpdated().then();
    }

    @Override
    public Mono<Void> requeue(Work.RunWork w) {
        return db.sql("UPDATE RUNS SET STATUS = 'QUEUED', STARTED_AT = NULL WHERE ID = :id AND STATUS = 'RUNNING'")
                .bind("id", w.id()).fetch().rowsUpdated().then();
    }

    @Override
    public Flux<Due> unscheduled() {
        return db.sql("SELECT r.ID FROM RUNS r WHERE r.STATUS IN ('QUEUED', 'RUNNING') AND r.KIND <> 'CELL' AND NOT EXISTS (SELECT 1 FROM "
                        + Jobs.TABLE + " t WHERE t.task_name = 'run' AND t.task_instance = CAST(r.ID AS VARCHAR(20))) ORDER BY r.ID")
                .map(r -> new Due(r.get("ID", Long.class), Jobs.runOrder(r.get("ID", Long.class))))
                .all();
    }
}
