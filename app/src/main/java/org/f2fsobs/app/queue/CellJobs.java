package org.f2fsobs.app.queue;

import java.time.Instant;
import org.f2fsobs.app.system.Json;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.CellRunner;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.api.RunResult;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Matrix cells as jobs. The rules that make a kill or a second worker safe:
 * <ul>
 * <li>a cell's result row (RUNS, unique on matrix and cell index) and the cell's DONE status commit together, with
 *     the matrix's counters — so a cell is DONE exactly when its result is stored, and never stored twice (a second
 *     worker's result for it fails on the constraint and its transaction rolls back);</li>
 * <li>a claim counts the attempt and takes a QUEUED or a RUNNING cell: RUNNING is what a killed worker leaves, and its
 *     execution comes back to a worker only once db-scheduler has seen its heartbeat stop;</li>
 * <li>a cell of an ended matrix is not run: its claim ends it CANCELLED;</li>
 * <li>the matrix ends (DONE, or FINISHED_AT of a FAILED/CANCELLED one) in the transaction that ends its last cell:
 *     the update of the matrix row locks it, so of two cells ending at once the later one sees the other's commit.</li>
 * </ul>
 */
@Component
class CellJobs implements JobKind<Work.CellWork, RunResult> {
    private final DatabaseClient db;
    private final TransactionalOperator tx;
    private final ResultColumns columns;
    private final CellRunner runner;

    CellJobs(DatabaseClient db, TransactionalOperator tx, ResultColumns columns, CellRunner runner) {
        this.db = db;
        this.tx = tx;
        this.columns = columns;
        this.runner = runner;
    }

    @Override
    public String taskName() {
        return "cell";
    }

    @Override
    public Mono<Work.CellWork> claim(long id) {
        Instant now = Instant.now();
        Mono<Long> claimed = db.sql("UPDATE CELLS SET STATUS = 'RUNNING', STARTED_AT = :now, ATTEMPTS = ATTEMPTS + 1, WORKER = :worker, "
                        + "PHASE = NULL, FRACTION = NULL WHERE ID = :id AND STATUS IN ('QUEUED', 'RUNNING') "
                        + "AND MATRIX_ID IN (SELECT ID FROM MATRICES WHERE STATUS = 'RUNNING')")
                .bind("now", now).bind("worker", Jobs.NAME).bind("id", id).fetch().rowsUpdated();
        return claimed.flatMap(n -> n == 1 ? load(id) : endOfEndedMatrix(id, now).then(Mono.<Work.CellWork>empty()));
    }

    private Mono<Work.CellWork> load(long id) {
        return db.sql("SELECT ID, MATRIX_ID, CELL_INDEX, SPEC_JSON FROM CELLS WHERE ID = :id").bind("id", id)
                .map(r -> new Work.CellWork(r.get("ID", Long.class), r.get("MATRIX_ID", Long.class), r.get("CELL_INDEX", Integer.class),
                        Json.cell(r.get("SPEC_JSON", String.class))))
                .one();
    }

    /** A cell whose matrix ended (cancelled, failed) before it ran, or while its worker was dead: CANCELLED. */
    private Mono<Long> endOfEndedMatrix(long id, Instant now) {
        Mono<Long> work = db.sql("SELECT MATRIX_ID FROM CELLS WHERE ID = :id AND STATUS IN ('QUEUED', 'RUNNING') "
                        + "AND MATRIX_ID IN (SELECT ID FROM MATRICES WHERE STATUS IN ('DONE', 'FAILED', 'CANCELLED'))")
                .bind("id", id).map(r -> r.get("MATRIX_ID", Long.class)).one()
                .flatMap(m -> db.sql("UPDATE CELLS SET STATUS = 'CANCELLED', FINISHED_AT = :now WHERE ID = :id AND STATUS IN ('QUEUED', 'RUNNING')")
                        .bind("now", now).bind("id", id).fetch().rowsUpdated()
                        .then(finishMatrixIfDone(m, now)));
        return tx.transactional(work);
    }

    @Override
    public RunResult run(Work.CellWork w, ProgressListener progress, CancellationToken token) {
        return runner.run(w.spec(), progress, token);
    }

    /**
     * Stores a cell's result and marks it DONE, in one transaction; ends the matrix if it was the last cell. A cell
     * cancelled while it ran keeps its result (at most the running cell finishes).
     */
    @Override
    public Mono<Void> done(Work.CellWork w, RunResult result) {
        Instant now = Instant.now();
        var insert = db.sql("INSERT INTO RUNS (KIND, STATUS, MATRIX_ID, CELL_INDEX, REQUEST_JSON, " + ResultColumns.NAMES
                        + ", CREATED_AT, STARTED_AT, FINISHED_AT) VALUES ('CELL', 'DONE', :matrix, :cell, :request, " + ResultColumns.VALUES
                        + ", :now, :now, :now)")
                .bind("matrix", w.matrixId()).bind("cell", w.cellIndex()).bind("request", Json.compact(w.spec())).bind("now", now);
        Mono<Long> work = columns.bind(insert, result)
                .filter(s -> s.returnGeneratedValues("ID")).map(r -> r.get("ID", Long.class)).one()
                .flatMap(runId -> db.sql("UPDATE CELLS SET STATUS = 'DONE', RUN_ID = :run, ERROR = NULL, FINISHED_AT = :now "
                                + "WHERE ID = :id AND STATUS IN ('RUNNING', 'CANCELLED')")
                        .bind("run", runId).bind("now", now).bind("id", w.id()).fetch().rowsUpdated()
                        .flatMap(n -> n == 1 ? Mono.just(runId)
                                : Mono.error(new IllegalStateException("cell " + w.id() + " was not running")))
                        .flatMap(id -> db.sql("UPDATE MATRICES SET CELLS_DONE = CELLS_DONE + 1 WHERE ID = :m").bind("m", w.matrixId())
                                .fetch().rowsUpdated().thenReturn(id))
                        .flatMap(id -> finishMatrixIfDone(w.matrixId(), now).thenReturn(id)));
        return tx.transactional(work).then(endedElsewhere(w.matrixId(), now));
    }

    /** The cell failed: the matrix is FAILED, its queued cells CANCELLED (the workers running others are told to stop). */
    @Override
    public Mono<Void> failed(Work.CellWork w, String error) {
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
        return tx.transactional(work).then(endedElsewhere(w.matrixId(), now));
    }

    @Override
    public Mono<Void> cancelled(Work.CellWork w) {
        Instant now = Instant.now();
        return tx.transactional(db.sql("UPDATE CELLS SET STATUS = 'CANCELLED', FINISHED_AT = :now WHERE ID = :id AND STATUS IN ('RUNNING', 'CANCELLED')")
                .bind("now", now).bind("id", w.id()).fetch().rowsUpdated()
                .then(finishMatrixIfDone(w.matrixId(), now))).then(endedElsewhere(w.matrixId(), now));
    }

    @Override
    public Mono<Void> requeue(Work.CellWork w) {
        return db.sql("UPDATE CELLS SET STATUS = 'QUEUED', STARTED_AT = NULL WHERE ID = :id AND STATUS = 'RUNNING'")
                .bind("id", w.id()).fetch().rowsUpdated().then();
    }

    /**
     * Cells of running matrices (and running cells of matrices that ended but wait for them) without an execution in
     * the job table, in matrix and cell order.
     */
    @Override
    public Flux<Due> unscheduled() {
        return db.sql("SELECT c.ID, c.MATRIX_ID, c.CELL_INDEX FROM CELLS c JOIN MATRICES m ON m.ID = c.MATRIX_ID "
                        + "WHERE c.STATUS IN ('QUEUED', 'RUNNING') AND (m.STATUS = 'RUNNING' OR (c.STATUS = 'RUNNING' AND m.FINISHED_AT IS NULL)) "
                        + "AND NOT EXISTS (SELECT 1 FROM " + Jobs.TABLE + " t WHERE t.task_name = 'cell' AND t.task_instance = CAST(c.ID AS VARCHAR(20))) "
                        + "ORDER BY c.MATRIX_ID, c.CELL_INDEX")
                .map(r -> new Due(r.get("ID", Long.class), Jobs.cellOrder(r.get("MATRIX_ID", Long.class), r.get("CELL_INDEX", Integer.class))))
                .all();
    }

    /** How far running cell {@code id} has got, for the pages of other instances. */
    Mono<Long> progress(long id, String phase, double fraction) {
        return db.sql("UPDATE CELLS SET PHASE = :phase, FRACTION = :fraction WHERE ID = :id AND STATUS = 'RUNNING'")
                .bind("phase", Json.truncate(phase, 64)).bind("fraction", fraction).bind("id", id).fetch().rowsUpdated();
    }

    /** Of {@code matrixIds} (matrices with cells running here), those that ended: their cells should stop. */
    Flux<Long> ended(java.util.Collection<Long> matrixIds) {
        if (matrixIds.isEmpty()) return Flux.empty();
        return db.sql("SELECT ID FROM MATRICES WHERE ID IN (:ids) AND STATUS IN ('DONE', 'FAILED', 'CANCELLED')").bind("ids", matrixIds)
                .map(r -> r.get("ID", Long.class)).all();
    }

    /** Queued cells, runs and crash checks (for the queue-depth gauges). */
    Mono<long[]> depth() {
        return db.sql("SELECT (SELECT COUNT(*) FROM CELLS WHERE STATUS = 'QUEUED') AS C, (SELECT COUNT(*) FROM RUNS WHERE STATUS = 'QUEUED') AS R, "
                        + "(SELECT COUNT(*) FROM CRASH_CHECKS WHERE STATUS = 'QUEUED') AS K")
                .map(r -> new long[] {r.get("C", Long.class), r.get("R", Long.class), r.get("K", Long.class)}).one();
    }

    /**
     * A running matrix whose band is not complete does not end when its cells have: {@link MatrixFinisher#advanceBand}
     * appends the band's next cells, or ends it.
     */
    private static final String BAND_GOES_ON = "AND NOT (STATUS = 'RUNNING' AND BAND_PENDING = TRUE) ";

    /**
     * After a cell's transaction committed: the matrix's end looked at again in a statement of its own. Two cells that
     * end at once each look, inside their transactions, at the other still RUNNING (the later one waits on the
     * matrix row, but its check of the cells still missed the other's commit: a matrix stayed RUNNING with every cell
     * DONE in a CI run); the later commit's look from here sees both.
     */
    private Mono<Void> endedElsewhere(long m, Instant now) {
        return finishMatrixIfDone(m, now).then();
    }

    /**
     * Every matrix none of whose cells is queued or running, not ended yet, ended (the recurring sweep's net for a
     * worker killed between a cell's commit and {@link #endedElsewhere}). The ids it ended.
     */
    Flux<Long> finishEndedMatrices() {
        Instant now = Instant.now();
        return db.sql("SELECT ID FROM MATRICES WHERE FINISHED_AT IS NULL AND STATUS IN ('RUNNING', 'FAILED', 'CANCELLED') "
                        + "AND NOT (STATUS = 'RUNNING' AND BAND_PENDING = TRUE) "
                        + "AND NOT EXISTS (SELECT 1 FROM CELLS WHERE MATRIX_ID = MATRICES.ID AND STATUS IN ('QUEUED', 'RUNNING')) ORDER BY ID")
                .map(r -> r.get("ID", Long.class)).all()
                .concatMap(m -> finishMatrixIfDone(m, now).filter(n -> n > 0).map(n -> m));
    }

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
}
