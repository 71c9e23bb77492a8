package org.f2fsobs.app.queue;

import java.time.Instant;
import java.util.Map;
import java.util.function.Function;
import org.f2fsobs.app.system.Json;
import org.f2fsobs.bench.api.CrashReport;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.scenario.Scenario;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * The queue's state changes, each one transaction. The rules that make a restart safe:
 * <ul>
 * <li>a cell's result row (RUNS, unique on matrix and cell index) and the cell's DONE status commit together, with
 *     the matrix's counters — so a cell is DONE exactly when its result is stored, and never stored twice;</li>
 * <li>a RUNNING cell, run or crash check has no result, so at start-up it goes back to QUEUED ({@link #recover});</li>
 * <li>the matrix ends (DONE, or FINISHED_AT of a FAILED/CANCELLED one) in the transaction that ends its last cell:
 *     the update of the matrix row locks it, so of two cells ending at once the later one sees the other's commit.</li>
 * </ul>
 */
@Component
public class QueueStore {
    private final DatabaseClient db;
    private final TransactionalOperator tx;
    private final ScenarioCatalog catalog;

    QueueStore(DatabaseClient db, TransactionalOperator tx, ScenarioCatalog catalog) {
        this.db = db;
        this.tx = tx;
        this.catalog = catalog;
    }

    // ---------------------------------------------------------------- claiming

    /** The next queued cell: of a RUNNING matrix first, else of the oldest QUEUED one when {@code mayStartMatrix}. */
    Mono<Work.CellWork> claimCell(boolean mayStartMatrix) {
        String select = "SELECT c.ID, c.MATRIX_ID, c.CELL_INDEX, c.SPEC_JSON FROM CELLS c JOIN MATRICES m ON m.ID = c.MATRIX_ID "
                + "WHERE c.STATUS = 'QUEUED' AND m.STATUS = :matrixStatus ORDER BY c.MATRIX_ID, c.CELL_INDEX LIMIT 1";
        Function<String, Mono<Work.CellWork>> next = status -> db.sql(select).bind("matrixStatus", status)
                .map(r -> new Work.CellWork(r.get("ID", Long.class), r.get("MATRIX_ID", Long.class), r.get("CELL_INDEX", Integer.class),
                        Json.cell(r.get("SPEC_JSON", String.class))))
                .one();
        Mono<Work.CellWork> candidate = next.apply("RUNNING");
        if (mayStartMatrix) candidate = candidate.switchIfEmpty(Mono.defer(() -> next.apply("QUEUED")));
        return candidate.flatMap(w -> {
            Instant now = Instant.now();
            Mono<Long> claim = db.sql("UPDATE CELLS SET STATUS = 'RUNNING', STARTED_AT = :now, ATTEMPTS = ATTEMPTS + 1 "
                            + "WHERE ID = :id AND STATUS = 'QUEUED'").bind("now", now).bind("id", w.id()).fetch().rowsUpdated()
                    .flatMap(n -> n == 0 ? Mono.<Long>empty() : db.sql("UPDATE MATRICES SET STATUS = 'RUNNING', "
                                    + "STARTED_AT = COALESCE(STARTED_AT, :now) WHERE ID = :m AND STATUS = 'QUEUED'")
                            .bind("now", now).bind("m", w.matrixId()).fetch().rowsUpdated().thenReturn(n));
            return tx.transactional(claim).map(n -> w);
        });
    }

    Mono<Work.RunWork> claimRun() {
        return db.sql("SELECT ID, KIND, REQUEST_JSON FROM RUNS WHERE STATUS = 'QUEUED' ORDER BY ID LIMIT 1")
                .map(r -> new Work.RunWork(r.get("ID", Long.class), r.get("KIND", String.class), r.get("REQUEST_JSON", String.class)))
                .one()
                .flatMap(w -> db.sql("UPDATE RUNS SET STATUS = 'RUNNING', STARTED_AT = :now WHERE ID = :id AND STATUS = 'QUEUED'")
                        .bind("now", Instant.now()).bind("id", w.id()).fetch().rowsUpdated()
                        .flatMap(n -> n == 0 ? Mono.empty() : Mono.just(w)));
    }

    Mono<Work.CrashWork> claimCrashCheck() {
        return db.sql("SELECT ID, SPEC_JSON, POINT, MAX_POINTS FROM CRASH_CHECKS WHERE STATUS = 'QUEUED' ORDER BY ID LIMIT 1")
                .map(r -> new Work.CrashWork(r.get("ID", Long.class), Json.cell(r.get("SPEC_JSON", String.class)),
                        r.get("POINT", Integer.class), r.get("MAX_POINTS", Integer.class)))
                .one()
                .flatMap(w -> db.sql("UPDATE CRASH_CHECKS SET STATUS = 'RUNNING', STARTED_AT = :now WHERE ID = :id AND STATUS = 'QUEUED'")
                        .bind("now", Instant.now()).bind("id", w.id()).fetch().rowsUpdated()
                        .flatMap(n -> n == 0 ? Mono.empty() : Mono.just(w)));
    }

    Mono<Long> countRunningMatrices() {
        return db.sql("SELECT COUNT(*) AS N FROM MATRICES WHERE STATUS = 'RUNNING'").map(r -> r.get("N", Long.class)).one();
    }

    /** Queued cells, runs and crash checks (for the queue-depth gauges). */
    Mono<long[]> depth() {
        return db.sql("SELECT (SELECT COUNT(*) FROM CELLS WHERE STATUS = 'QUEUED') AS C, (SELECT COUNT(*) FROM RUNS WHERE STATUS = 'QUEUED') AS R, "
                        + "(SELECT COUNT(*) FROM CRASH_CHECKS WHERE STATUS = 'QUEUED') AS K")
                .map(r -> new long[] {r.get("C", Long.class), r.get("R", Long.class), r.get("K", Long.class)}).one();
    }

    // ---------------------------------------------------------------- cells

    /**
     * Stores a cell's result and marks it DONE, in one transaction; ends the matrix if it was the last cell. A cell
     * cancelled while it ran keeps its result (at most the running cell finishes). Emits the new run id.
     */
    Mono<Long> completeCell(Work.CellWork w, RunResult result) {
        Instant now = Instant.now();
        GenericExecuteSpec insert = db.sql("INSERT INTO RUNS (KIND, STATUS, MATRIX_ID, CELL_INDEX, REQUEST_JSON, SCENARIO, TOOL, PROFILE, "
                        + "COMMAND, FLAGS, STUDIED_FLAG_ON, PARAMS_JSON, SEED, HEADLINE_NAME, HEADLINE_VAL, HEADLINE_UNIT, VIRTUAL_NS, WALL_MS, "
                        + "RESULT_JSON, CREATED_AT, STARTED_AT, FINISHED_AT) VALUES ('CELL', 'DONE', :matrix, :cell, :request, :scenario, "
                        + ":tool, :profile, :command, :flags, :studied, :params, :seed, :hname, :hval, :hunit, :vns, :wall, :result, :now, :now, :now)")
                .bind("matrix", w.matrixId()).bind("cell", w.cellIndex()).bind("request", Json.compact(w.spec())).bind("now", now);
        Mono<Long> work = bindResult(insert, result)
                .filter(s -> s.returnGeneratedValues("ID")).map(r -> r.get("ID", Long.class)).one()
                .flatMap(runId -> db.sql("UPDATE CELLS SET STATUS = 'DONE', RUN_ID = :run, ERROR = NULL, FINISHED_AT = :now "
                                + "WHERE ID = :id AND STATUS IN ('RUNNING', 'CANCELLED')")
                        .bind("run", runId).bind("now", now).bind("id", w.id()).fetch().rowsUpdated()
                        .flatMap(n -> n == 1 ? Mono.just(runId)
                                : Mono.error(new IllegalStateException("cell " + w.id() + " was not running")))
                        .flatMap(id -> db.sql("UPDATE MATRICES SET CELLS_DONE = CELLS_DONE + 1 WHERE ID = :m").bind("m", w.matrixId())
                                .fetch().rowsUpdated().thenReturn(id))
                        .flatMap(id -> finishMatrixIfDone(w.matrixId(), now).thenReturn(id)));
        return tx.transactional(work);
    }

    /** The cell failed: the matrix is FAILED, its queued cells CANCELLED (the caller cancels its running ones). */
    Mono<Void> failCell(Work.CellWork w, String error) {
        Instant now = Instant.now();
        String message = Json.truncate("cell " + w.cellIndex() + ": " + error, 4000);
        Mono<Long> work = db.sql("UPDATE CELLS SET STATUS = 'FAILED', ERROR = :e, FINISHED_AT = :now WHERE ID = :id AND STATUS IN ('RUNNING', 'CANCELLED')")
                .bind("e", Json.truncate(error, 4000)).bind("now", now).bind("id", w.id()).fetch().rowsUpdated()
                .then(db.sql("UPDATE MATRICES SET CELLS_FAILED = CELLS_FAILED + 1 WHERE ID = :m").bind("m", w.matrixId()).fetch().rowsUpdated())
                .then(db.sql("UPDATE MATRICES SET STATUS = 'FAILED', ERROR = :e WHERE ID = :m AND STATUS IN ('QUEUED', 'RUNNING')")
                        .bind("e", message).bind("m", w.matrixId()).fetch().rowsUpdated())
                .then(db.sql("UPDATE CELLS SET STATUS = 'CANCELLED', FINISHED_AT = :now WHERE MATRIX_ID = :m AND STATUS = 'QUEUED'")
                        .bind("now", now).bind("m", w.matrixId()).fetch().rowsUpdated())
                .then(finishMatrixIfDone(w.matrixId(), now));
        return tx.transactional(work).then();
    }

    /** The runner stopped on the cell's cancellation token (the matrix was cancelled or failed). */
    Mono<Void> cancelCell(Work.CellWork w) {
        Instant now = Instant.now();
        return tx.transactional(db.sql("UPDATE CELLS SET STATUS = 'CANCELLED', FINISHED_AT = :now WHERE ID = :id AND STATUS IN ('RUNNING', 'CANCELLED')")
                .bind("now", now).bind("id", w.id()).fetch().rowsUpdated()
                .then(finishMatrixIfDone(w.matrixId(), now))).then();
    }

    /** Shutting down: the cell goes back to the queue (it has no result). */
    Mono<Void> requeueCell(Work.CellWork w) {
        return db.sql("UPDATE CELLS SET STATUS = 'QUEUED', STARTED_AT = NULL WHERE ID = :id AND STATUS = 'RUNNING'")
                .bind("id", w.id()).fetch().rowsUpdated().then();
    }

    /**
     * A running matrix whose band is not complete does not end when its cells have: {@link MatrixFinisher#advanceBand}
     * appends the band's next cells, or ends it.
     */
    private static final String BAND_GOES_ON = "AND NOT (STATUS = 'RUNNING' AND BAND_PENDING = TRUE) ";

    /**
     * Ends matrix {@code m} when none of its cells is QUEUED or RUNNING: RUNNING → DONE, and FINISHED_AT for a
     * FAILED or CANCELLED one. Runs inside the caller's transaction, after it updated the matrix row.
     */
    private Mono<Long> finishMatrixIfDone(long m, Instant now) {
        return db.sql("UPDATE MATRICES SET STATUS = CASE WHEN STATUS = 'RUNNING' THEN 'DONE' ELSE STATUS END, FINISHED_AT = :now "
                        + "WHERE ID = :m AND FINISHED_AT IS NULL AND STATUS IN ('RUNNING', 'FAILED', 'CANCELLED') " + BAND_GOES_ON
                        + "AND NOT EXISTS (SELECT 1 FROM CELLS WHERE MATRIX_ID = :m AND STATUS IN ('QUEUED', 'RUNNING'))")
                .bind("now", now).bind("m", m).fetch().rowsUpdated();
    }

    // ---------------------------------------------------------------- single runs and crash checks

    Mono<Void> completeRun(Work.RunWork w, RunResult result) {
        GenericExecuteSpec update = db.sql("UPDATE RUNS SET STATUS = 'DONE', SCENARIO = :scenario, TOOL = :tool, PROFILE = :profile, "
                        + "COMMAND = :command, FLAGS = :flags, STUDIED_FLAG_ON = :studied, PARAMS_JSON = :params, SEED = :seed, "
                        + "HEADLINE_NAME = :hname, HEADLINE_VAL = :hval, HEADLINE_UNIT = :hunit, VIRTUAL_NS = :vns, WALL_MS = :wall, "
                        + "RESULT_JSON = :result, FINISHED_AT = :now WHERE ID = :id AND STATUS = 'RUNNING'")
                .bind("now", Instant.now()).bind("id", w.id());
        return bindResult(update, result).fetch().rowsUpdated().then();
    }

    Mono<Void> endRun(Work.RunWork w, String status, String error) {
        return bindNullable(db.sql("UPDATE RUNS SET STATUS = :status, ERROR = :e, FINISHED_AT = :now WHERE ID = :id AND STATUS = 'RUNNING'")
                .bind("status", status), "e", Json.truncate(error, 4000), String.class)
                .bind("now", Instant.now()).bind("id", w.id()).fetch().rowsUpdated().then();
    }

    Mono<Void> requeueRun(Work.RunWork w) {
        return db.sql("UPDATE RUNS SET STATUS = 'QUEUED', STARTED_AT = NULL WHERE ID = :id AND STATUS = 'RUNNING'")
                .bind("id", w.id()).fetch().rowsUpdated().then();
    }

    Mono<Void> completeCrashCheck(Work.CrashWork w, CrashReport report) {
        return db.sql("UPDATE CRASH_CHECKS SET STATUS = 'DONE', VERDICT = :verdict, CRASH_POINTS = :points, CHECKED = :checked, "
                        + "REPORT_JSON = :report, FINISHED_AT = :now WHERE ID = :id AND STATUS = 'RUNNING'")
                .bind("verdict", report.verdict()).bind("points", report.crashPoints()).bind("checked", report.checked())
                .bind("report", Json.compact(report)).bind("now", Instant.now()).bind("id", w.id()).fetch().rowsUpdated().then();
    }

    Mono<Void> endCrashCheck(Work.CrashWork w, String status, String error) {
        return bindNullable(db.sql("UPDATE CRASH_CHECKS SET STATUS = :status, ERROR = :e, FINISHED_AT = :now WHERE ID = :id AND STATUS = 'RUNNING'")
                .bind("status", status), "e", Json.truncate(error, 4000), String.class)
                .bind("now", Instant.now()).bind("id", w.id()).fetch().rowsUpdated().then();
    }

    Mono<Void> requeueCrashCheck(Work.CrashWork w) {
        return db.sql("UPDATE CRASH_CHECKS SET STATUS = 'QUEUED', STARTED_AT = NULL WHERE ID = :id AND STATUS = 'RUNNING'")
                .bind("id", w.id()).fetch().rowsUpdated().then();
    }

    // ---------------------------------------------------------------- start-up

    /** What {@link #recover} found. */
    public record Recovery(long cellsRequeued, long cellsCancelled, long runsRequeued, long crashChecksRequeued, long matricesEnded) {}

    /**
     * At start-up, before the dispatcher runs: work left RUNNING by a stopped or killed process has no result, so it
     * is queued again (cells of a matrix that ended meanwhile are CANCELLED), and matrices whose cells all ended are
     * ended. Stored results are not touched.
     */
    public Mono<Recovery> recover() {
        Instant now = Instant.now();
        Mono<Recovery> work = db.sql("UPDATE CELLS SET STATUS = 'QUEUED', STARTED_AT = NULL WHERE STATUS = 'RUNNING' "
                        + "AND MATRIX_ID IN (SELECT ID FROM MATRICES WHERE STATUS IN ('QUEUED', 'RUNNING'))").fetch().rowsUpdated()
                .zipWith(db.sql("UPDATE CELLS SET STATUS = 'CANCELLED', FINISHED_AT = :now WHERE STATUS = 'RUNNING'").bind("now", now)
                        .fetch().rowsUpdated())
                .zipWith(db.sql("UPDATE RUNS SET STATUS = 'QUEUED', STARTED_AT = NULL WHERE STATUS = 'RUNNING' AND KIND <> 'CELL'")
                        .fetch().rowsUpdated())
                .zipWith(db.sql("UPDATE CRASH_CHECKS SET STATUS = 'QUEUED', STARTED_AT = NULL WHERE STATUS = 'RUNNING'").fetch().rowsUpdated())
                .zipWith(db.sql("UPDATE MATRICES m SET STATUS = CASE WHEN STATUS = 'RUNNING' THEN 'DONE' ELSE STATUS END, FINISHED_AT = :now "
                                + "WHERE FINISHED_AT IS NULL AND STATUS IN ('RUNNING', 'FAILED', 'CANCELLED') " + BAND_GOES_ON + "AND NOT EXISTS "
                                + "(SELECT 1 FROM CELLS c WHERE c.MATRIX_ID = m.ID AND c.STATUS IN ('QUEUED', 'RUNNING'))").bind("now", now)
                        .fetch().rowsUpdated())
                .map(t -> new Recovery(t.getT1().getT1().getT1().getT1(), t.getT1().getT1().getT1().getT2(), t.getT1().getT1().getT2(),
                        t.getT1().getT2(), t.getT2()));
        return tx.transactional(work);
    }

    /** Ends every matrix whose cells all ended (a safety net the dispatcher runs when idle). */
    Mono<Long> finishEndedMatrices() {
        return db.sql("UPDATE MATRICES m SET STATUS = CASE WHEN STATUS = 'RUNNING' THEN 'DONE' ELSE STATUS END, FINISHED_AT = :now "
                        + "WHERE FINISHED_AT IS NULL AND STATUS IN ('RUNNING', 'FAILED', 'CANCELLED') " + BAND_GOES_ON + "AND NOT EXISTS "
                        + "(SELECT 1 FROM CELLS c WHERE c.MATRIX_ID = m.ID AND c.STATUS IN ('QUEUED', 'RUNNING'))")
                .bind("now", Instant.now()).fetch().rowsUpdated();
    }

    // ---------------------------------------------------------------- helpers

    /** Binds the result's headline columns ({@code :scenario … :result}). */
    private GenericExecuteSpec bindResult(GenericExecuteSpec s, RunResult r) {
        Boolean studied = null;
        if (r.scenario() != null && r.optimizations() != null) {
            studied = catalog.find(r.scenario()).map(sc -> sc.studiedOn(r.optimizations(), r.params() == null ? Map.of() : r.params())).orElse(null);
        }
        s = bindNullable(s, "scenario", r.scenario(), String.class);
        s = bindNullable(s, "tool", r.tool(), String.class);
        s = bindNullable(s, "profile", r.profile(), String.class);
        s = bindNullable(s, "command", Json.truncate(r.command(), 8192), String.class);
        s = bindNullable(s, "flags", Json.truncate(Json.flags(r.optimizations()), 1000), String.class);
        s = bindNullable(s, "studied", studied, Boolean.class);
        s = bindNullable(s, "params", r.params() == null ? null : Json.truncate(Json.compact(r.params()), 4000), String.class);
        s = s.bind("seed", r.seed());
        Map.Entry<String, Double> h = r.headline() == null ? null : Map.entry(r.headline().name(), r.headline().value());
        s = bindNullable(s, "hname", h == null ? null : h.getKey(), String.class);
        s = bindNullable(s, "hval", h == null ? null : h.getValue(), Double.class);
        s = bindNullable(s, "hunit", r.headline() == null ? null : r.headline().unit(), String.class);
        s = s.bind("vns", r.virtualNs()).bind("wall", r.wallMs());
        return s.bind("result", Json.compact(r));
    }

    static <T> GenericExecuteSpec bindNullable(GenericExecuteSpec s, String name, T value, Class<T> type) {
        return value == null ? s.bindNull(name, type) : s.bind(name, value);
    }
}
