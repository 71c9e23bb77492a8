package org.f2fsobs.app.queue;

import java.time.Instant;
import java.util.List;
import org.f2fsobs.app.system.Json;
import org.f2fsobs.bench.api.Comparison;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.matrix.ParamValues;
import org.f2fsobs.bench.scenario.Scenario;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.f2fsobs.bench.scenario.ScenarioComparisons;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Stores the comparisons (contracts.md §3) of a matrix once it is DONE, one row per parameter point, for the
 * scenario pages. Idempotent: a matrix whose comparisons a crash prevented is compared at the next start.
 */
@Component
public class MatrixFinisher {
    private static final Logger log = LoggerFactory.getLogger(MatrixFinisher.class);

    private final DatabaseClient db;
    private final TransactionalOperator tx;
    private final ScenarioCatalog catalog;
    private final Durability durability;

    MatrixFinisher(DatabaseClient db, TransactionalOperator tx, ScenarioCatalog catalog, Durability durability) {
        this.db = db;
        this.tx = tx;
        this.catalog = catalog;
        this.durability = durability;
    }

    /** The comparisons of {@code results} (the DONE cells of a matrix of {@code scenario} with seed {@code seed}). */
    public List<Comparison> comparisons(List<RunResult> results, String scenario, long seed) {
        Scenario s = catalog.find(scenario).orElse(null);
        if (s == null || results.isEmpty()) return List.of();
        return ScenarioComparisons.of(results, s, seed);
    }

    /** The point key of a comparison: profile, canonical parameters, iozone row. */
    public static String pointKey(String profile, Comparison c) {
        return "profile=" + profile + ";" + ParamValues.canonical(c.params()) + (c.row() == null ? "" : ";row=" + c.row());
    }

    /** Blocking; called by the worker that ended a cell. */
    synchronized void compareIfDone(long matrixId) {
        var m = db.sql("SELECT SCENARIO, PROFILE, SEED FROM MATRICES WHERE ID = :id AND STATUS = 'DONE' AND COMPARED = FALSE")
                .bind("id", matrixId)
                .map(r -> new Object[] {r.get("SCENARIO", String.class), r.get("PROFILE", String.class), r.get("SEED", Long.class)})
                .one().block();
        if (m != null) compare(matrixId, (String) m[0], (String) m[1], (Long) m[2]);
    }

    /** At start-up: DONE matrices whose comparisons were never stored. */
    synchronized void compareUncompared() {
        List<Long> ids = db.sql("SELECT ID FROM MATRICES WHERE STATUS = 'DONE' AND COMPARED = FALSE ORDER BY ID")
                .map(r -> r.get("ID", Long.class)).all().collectList().block();
        if (ids != null) for (long id : ids) compareIfDone(id);
    }

    private void compare(long matrixId, String scenario, String profile, long seed) {
        List<RunResult> results = db.sql("SELECT RESULT_JSON FROM RUNS WHERE MATRIX_ID = :id ORDER BY CELL_INDEX").bind("id", matrixId)
                .map(r -> ResultJson.read(r.get("RESULT_JSON", String.class), RunResult.class)).all().collectList().block();
        List<Comparison> comparisons;
        try {
            comparisons = comparisons(results == null ? List.of() : results, scenario, seed);
        } catch (RuntimeException e) {
            log.error("matrix {}: comparisons failed: {}", matrixId, e.toString(), e);
            return;
        }
        Instant now = Instant.now();
        Mono<Long> store = db.sql("DELETE FROM COMPARISONS WHERE MATRIX_ID = :id").bind("id", matrixId).fetch().rowsUpdated()
                .thenMany(Flux.fromIterable(comparisons).concatMap(c -> {
                    var s = db.sql("INSERT INTO COMPARISONS (MATRIX_ID, SCENARIO, POINT_KEY, ROW_KB, RATIO, REFERENCE_RATIO, VERDICT, "
                                    + "COMPARISON_JSON, CREATED_AT) VALUES (:m, :scenario, :key, :row, :ratio, :ref, :verdict, :json, :now)")
                            .bind("m", matrixId).bind("scenario", scenario).bind("key", Json.truncate(pointKey(profile, c), 2000))
                            .bind("verdict", c.verdict()).bind("json", Json.compact(c)).bind("now", now);
                    s = QueueStore.bindNullable(s, "row", c.row(), Integer.class);
                    s = QueueStore.bindNullable(s, "ratio", Double.isFinite(c.ratio()) ? c.ratio() : null, Double.class);
                    s = QueueStore.bindNullable(s, "ref", c.referenceRatio(), Double.class);
                    return s.fetch().rowsUpdated();
                }))
                .then(db.sql("UPDATE MATRICES SET COMPARED = TRUE WHERE ID = :id").bind("id", matrixId).fetch().rowsUpdated());
        tx.transactional(store).then(durability.checkpoint()).block();
        log.info("matrix {} done: {} comparisons stored", matrixId, comparisons.size());
    }
}
