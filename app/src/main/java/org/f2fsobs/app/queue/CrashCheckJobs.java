package org.f2fsobs.app.queue;

import java.time.Instant;
import org.f2fsobs.app.system.Json;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.CrashChecker;
import org.f2fsobs.bench.api.CrashReport;
import org.f2fsobs.bench.api.ProgressListener;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import static org.f2fsobs.app.system.Sql.bindNullable;

/** Crash checks ({@code POST /api/crash-checks}) as jobs: their CRASH_CHECKS row gets the report when they end. */
@Component
class CrashCheckJobs implements JobKind<Work.CrashWork, CrashReport> {
    private final DatabaseClient db;
    private final CrashChecker checker;

    CrashCheckJobs(DatabaseClient db, CrashChecker checker) {
        this.db = db;
        this.checker = checker;
    }

    @Override
    public String taskName() {
        return "crash-check";
    }

    @Override
    public Mono<Work.CrashWork> claim(long id) {
        return db.sql("UPDATE CRASH_CHECKS SET STATUS = 'RUNNING', STARTED_AT = :now WHERE ID = :id AND STATUS IN ('QUEUED', 'RUNNING')")
                .bind("now", Instant.now()).bind("id", id).fetch().rowsUpdated()
                .flatMap(n -> n == 0 ? Mono.empty() : db.sql("SELECT ID, SPEC_JSON, POINT, MAX_POINTS FROM CRASH_CHECKS WHERE ID = :id").bind("id", id)
                        .map(r -> new Work.CrashWork(r.get("ID", Long.class), Json.cell(r.get("SPEC_JSON", String.class)),
                                r.get("POINT", Integer.class), r.get("MAX_POINTS", Integer.class)))
                        .one());
    }

    @Override
    public CrashReport run(Work.CrashWork w, ProgressListener progress, CancellationToken token) {
        return checker.run(w.spec(), w.point(), w.maxPoints(), progress, token);
    }

    @Override
    public Mono<Void> done(Work.CrashWork w, CrashReport report) {
        return db.sql("UPDATE CRASH_CHECKS SET STATUS = 'DONE', VERDICT = :verdict, CRASH_POINTS = :points, CHECKED = :checked, "
                        + "REPORT_JSON = :report, FINISHED_AT = :now WHERE ID = :id AND STATUS = 'RUNNING'")
                .bind("verdict", report.verdict()).bind("points", report.crashPoints()).bind("checked", report.checked())
                .bind("report", Json.compact(report)).bind("now", Instant.now()).bind("id", w.id()).fetch().rowsUpdated().then();
    }

    @Override
    public Mono<Void> failed(Work.CrashWork w, String error) {
        return end(w, Status.FAILED, error);
    }

    @Override
    public Mono<Void> cancelled(Work.CrashWork w) {
        return end(w, Status.CANCELLED, "cancelled");
    }

    private Mono<Void> end(Work.CrashWork w, Status status, String error) {
        return bindNullable(db.sql("UPDATE CRASH_CHECKS SET STATUS = :status, ERROR = :e, FINISHED_AT = :now WHERE ID = :id AND STATUS = 'RUNNING'")
                .bind("status", status.name()), "e", Json.truncate(error, 4000), String.class)
                .bind("now", Instant.now()).bind("id", w.id()).fetch().rowsUpdated().then();
    }

    @Override
    public Mono<Void> requeue(Work.CrashWork w) {
        return db.sql("UPDATE CRASH_CHECKS SET STATUS = 'QUEUED', STARTED_AT = NULL WHERE ID = :id AND STATUS = 'RUNNING'")
                .bind("id", w.id()).fetch().rowsUpdated().then();
    }

    @Override
    public Flux<Due> unscheduled() {
        return db.sql("SELECT k.ID FROM CRASH_CHECKS k WHERE k.STATUS IN ('QUEUED', 'RUNNING') AND NOT EXISTS (SELECT 1 FROM " + Jobs.TABLE
                        + " t WHERE t.task_name = 'crash-check' AND t.task_instance = CAST(k.ID AS VARCHAR(20))) ORDER BY k.ID")
                .map(r -> new Due(r.get("ID", Long.class), Jobs.runOrder(r.get("ID", Long.class))))
                .all();
    }
}
