package org.f2fsobs.app.queue;

import java.time.Instant;
import java.util.List;
import org.f2fsobs.app.system.ApiException;
import org.f2fsobs.app.system.ObservatoryProperties;
import org.f2fsobs.app.system.ObservatoryProperties.Limits;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The queue limits, checked inside the transaction that inserts the new work: each check first updates the single
 * row of {@code ADMISSION}, which the database locks to the end of the transaction, so two requests cannot both take
 * the last slot. Over a limit → 422 naming it. A queued matrix takes a running slot under the same lock
 * ({@link #startMatrices}), so two workers starting matrices at once cannot pass {@code concurrent_matrices} either.
 */
@Component
public class Admission {
    private final DatabaseClient db;
    private final TransactionalOperator tx;
    private final Limits limits;

    Admission(DatabaseClient db, TransactionalOperator tx, ObservatoryProperties properties) {
        this.db = db;
        this.tx = tx;
        this.limits = properties.limits();
    }

    /** A matrix needs a running slot ({@code concurrent_matrices}) or a waiting one ({@code queued_matrices}). */
    public Mono<Void> admitMatrix() {
        return lock().then(count("SELECT COUNT(*) AS N FROM MATRICES WHERE STATUS IN ('QUEUED', 'RUNNING')")).flatMap(unfinished -> {
            long capacity = (long) limits.concurrentMatrices() + limits.queuedMatrices();
            if (unfinished < capacity) return Mono.empty();
            String limit = limits.queuedMatrices() > 0 ? Limits.QUEUED_MATRICES : Limits.CONCURRENT_MATRICES;
            return Mono.error(ApiException.overLimit(limit, "matrix", unfinished + " matrices are queued or running, the most allowed ("
                    + Limits.CONCURRENT_MATRICES + " = " + limits.concurrentMatrices() + " running + " + Limits.QUEUED_MATRICES + " = "
                    + limits.queuedMatrices() + " waiting); retry when one ends"));
        });
    }

    /** Single runs and crash checks share {@code queued_runs} waiting slots. */
    public Mono<Void> admitRun() {
        return lock().then(count("SELECT (SELECT COUNT(*) FROM RUNS WHERE STATUS = 'QUEUED') + "
                + "(SELECT COUNT(*) FROM CRASH_CHECKS WHERE STATUS = 'QUEUED') AS N")).flatMap(queued -> {
            if (queued < limits.queuedRuns()) return Mono.empty();
            return Mono.error(ApiException.overLimit(Limits.QUEUED_RUNS, "run", queued + " runs and crash checks are waiting, the most "
                    + "allowed (" + Limits.QUEUED_RUNS + " = " + limits.queuedRuns() + "); retry when one starts"));
        });
    }

    /**
     * Queued matrices take the free running slots, oldest first ({@code concurrent_matrices}): QUEUED → RUNNING. Only a
     * RUNNING matrix's cells are given to the job scheduler. Emits the ids of the matrices started.
     */
    Mono<List<Long>> startMatrices() {
        Instant now = Instant.now();
        Mono<List<Long>> work = lock().then(count("SELECT COUNT(*) AS N FROM MATRICES WHERE STATUS = 'RUNNING'")).flatMap(running -> {
            long free = limits.concurrentMatrices() - running;
            if (free <= 0) return Mono.just(List.<Long>of());
            return db.sql("SELECT ID FROM MATRICES WHERE STATUS = 'QUEUED' ORDER BY ID LIMIT " + free).map(r -> r.get("ID", Long.class)).all()
                    .concatMap(id -> db.sql("UPDATE MATRICES SET STATUS = 'RUNNING', STARTED_AT = COALESCE(STARTED_AT, :now) "
                                    + "WHERE ID = :id AND STATUS = 'QUEUED'").bind("now", now).bind("id", id).fetch().rowsUpdated()
                            .flatMapMany(n -> n == 1 ? Flux.just(id) : Flux.empty()))
                    .collectList();
        });
        return tx.transactional(work);
    }

    private Mono<Long> lock() {
        return db.sql("UPDATE ADMISSION SET ADMITTED = ADMITTED + 1 WHERE ID = 1").fetch().rowsUpdated();
    }

    private Mono<Long> count(String sql) {
        return db.sql(sql).map(r -> r.get("N", Long.class)).one();
    }
}
