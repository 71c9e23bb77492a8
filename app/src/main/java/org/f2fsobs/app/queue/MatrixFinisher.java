package org.f2fsobs.app.queue;

import java.time.Instant;
import java.util.List;
import org.f2fsobs.app.system.Json;
import org.f2fsobs.app.system.Sql;
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

    /**
     * The comparisons of {@code results} (the DONE cells of a matrix of {@code scenario} with seed {@code seed}): of
     * its own cells only, a band's cells ({@code profile_overrides}) are not samples of them.
     */
    public List<Comparison> comparisons(List<RunResult> results, String scenario, long seed) {
        Scenario s = catalog.find(scenario).orElse(null);
        List<RunResult> own = MatrixBands.ownCells(results);
        if (s == null || own.isEmpty()) return List.of();
        return ScenarioComparisons.of(own, s, seed);
    }

    /** The point key of a comparison: profile, canonical parameters, iozone row. */
    public static String pointKey(String profile, Comparison c) {
        return "profile=" + profile + ";" + ParamValues.canonical(c.params()) + (c.row() == null ? "" : ";row=" + c.row());
    }

    /**
     * Blocking; called by the worker that ended a cell: a band goes on, or a DONE matrix is compared. Whether the queue
     * changed: band cells appended, or the matrix ended (its running slot is free).
     */
    synchronized boolean compareIfDone(long matrixId) {
        boolean changed = advanceBand(matrixId);
        var m = db.sql("SELECT SCENARIO, PROFILE, SEED FROM MATRICES WHERE ID = :id AND STATUS = 'DONE' AND COMPARED = FALSE")
                .bind("id", matrixId)
                .map(r -> new Object[] {r.get("SCENARIO", String.class), r.get("PROFILE", String.class), r.get("SEED", Long.class)})
                .one().block();
        if (m != null) compare(matrixId, (String) m[0], (String) m[1], (Long) m[2]);
        return changed || m != null;
    }

    /**
     * A band matrix none of whose cells is queued or running: appends its band's next cells, or, when the band is
     * complete, ends the matrix (DONE). A plan that fails ends the matrix FAILED with its message. Whether it did any.
     */
    synchronized boolean advanceBand(long matrixId) {
        var m = db.sql("SELECT REQUEST_JSON, SCENARIO, PROFILE, SEED FROM MATRICES WHERE ID = :id AND STATUS = 'RUNNING' AND BAND_PENDING = TRUE "
                        + "AND NOT EXISTS (SELECT 1 FROM CELLS WHERE MATRIX_ID = :id AND STATUS IN ('QUEUED', 'RUNNING'))")
                .bind("id", matrixId)
                .map(r -> new Object[] {r.get("REQUEST_JSON", String.class), r.get("SCENARIO", String.class), r.get("PROFILE", String.class),
                        r.get("SEED", Long.class)})
                .one().block();
        if (m == null) return false;
        Instant now = Instant.now();
        Mono<Long> change;
        try {
            List<RunResult> results = results(matrixId);
            var step = MatrixBands.plan(catalog, (String) m[0]).next(results);
            if (step.done()) {
                // DONE and its comparisons (with the band) in one transaction: a reader never sees a DONE band matrix without its band
                change = db.sql("UPDATE MATRICES SET BAND_PENDING = FALSE, STATUS = 'DONE', FINISHED_AT = :now WHERE ID = :id AND STATUS = 'RUNNING'")
                        .bind("now", now).bind("id", matrixId).fetch().rowsUpdated();
                List<Comparison> comparisons = null;
                try {
                    comparisons = step.result().attach(comparisons(results, (String) m[1], (Long) m[3]));
                } catch (RuntimeException e) {
                    log.error("matrix {}: comparisons failed: {}", matrixId, e.toString(), e);
                }
                if (comparisons != null) {
                    List<Comparison> stored = comparisons;
                    change = change.flatMap(n -> n == 0 ? Mono.just(0L) : storeComparisons(matrixId, (String) m[1], (String) m[2], stored, now));
                }
                log.info("matrix {}: band complete ({} points){}", matrixId, step.pointsKnown(),
                        comparisons == null ? "" : ", " + comparisons.size() + " comparisons stored");
            } else {
                List<String> specs = MatrixBands.specs(step.cells());
                List<String> stored = db.sql("SELECT SPEC_JSON FROM CELLS WHERE MATRIX_ID = :id").bind("id", matrixId)
                        .map(r -> r.get("SPEC_JSON", String.class)).all().collectList().block();
                for (String spec : specs) {
                    if (stored != null && stored.contains(spec)) {
                        throw new IllegalStateException("the plan asks again for a cell that has run (its result does not match its spec): " + spec);
                    }
                }
                change = db.sql("SELECT COALESCE(MAX(CELL_INDEX), -1) AS LAST FROM CELLS WHERE MATRIX_ID = :id").bind("id", matrixId)
                        .map(r -> r.get("LAST", Integer.class)).one()
                        .flatMap(last -> Flux.range(0, specs.size())
                                .concatMap(i -> db.sql("INSERT INTO CELLS (MATRIX_ID, CELL_INDEX, SPEC_JSON, STATUS) VALUES (:m, :i, :spec, 'QUEUED')")
                                        .bind("m", matrixId).bind("i", last + 1 + i).bind("spec", specs.get(i)).fetch().rowsUpdated())
                                .then(db.sql("UPDATE MATRICES SET CELL_COUNT = CELL_COUNT + :n WHERE ID = :id").bind("n", specs.size())
                                        .bind("id", matrixId).fetch().rowsUpdated()));
                log.info("matrix {}: band {}: {} more cells ({}/{} points complete)", matrixId, step.phase(), specs.size(),
                        step.pointsComplete(), step.pointsKnown());
            }
        } catch (RuntimeException e) {
            log.error("matrix {}: band failed: {}", matrixId, e.toString(), e);
            change = db.sql("UPDATE MATRICES SET STATUS = 'FAILED', ERROR = :e, FINISHED_AT = :now WHERE ID = :id AND STATUS = 'RUNNING'")
                    .bind("e", Json.truncate("band: " + e.getMessage(), 4000)).bind("now", now).bind("id", matrixId).fetch().rowsUpdated();
        }
        tx.transactional(change).then(durability.checkpoint()).block();
        return true;
    }

    private List<RunResult> results(long matrixId) {
        List<RunResult> r = db.sql("SELECT RESULT_JSON FROM RUNS WHERE MATRIX_ID = :id ORDER BY CELL_INDEX").bind("id", matrixId)
                .map(x -> ResultJson.read(x.get("RESULT_JSON", String.class), RunResult.class)).all().collectList().block();
        return r == null ? List.of() : r;
    }

    /** At start-up: band matrices that stopped between two steps. */
    synchronized void advanceBands() {
        List<Long> ids = db.sql("SELECT ID FROM MATRICES WHERE STATUS = 'RUNNING' AND BAND_PENDING = TRUE ORDER BY ID")
                .map(r -> r.get("ID", Long.class)).all().collectList().block();
        if (ids != null) for (long id : ids) advanceBand(id);
    }

    /** At start-up: DONE matrices whose comparisons were never stored. */
    synchronized void compareUncompared() {
        List<Long> ids = db.sql("SELECT ID FROM MATRICES WHERE STATUS = 'DONE' AND COMPARED = FALSE ORDER BY ID")
                .map(r -> r.get("ID", Long.class)).all().collectList().block();
        if (ids != null) for (long id : ids) compareIfDone(id);
    }

    private void compare(long matrixId, String scenario, String profile, long seed) {
        List<RunResult> results = results(matrixId);
        String request = db.sql("SELECT REQUEST_JSON FROM MATRICES WHERE ID = :id").bind("id", matrixId)
                .map(r -> r.get("REQUEST_JSON", String.class)).one().block();
        List<Comparison> comparisons;
        try {
            comparisons = comparisons(results, scenario, seed);
            if (MatrixBands.wanted(request)) {
                var step = MatrixBands.plan(catalog, request).next(results);
                if (step.done()) comparisons = step.result().attach(comparisons);
            }
        } catch (RuntimeException e) {
            log.error("matrix {}: comparisons failed: {}", matrixId, e.toString(), e);
            return;
        }
        tx.transactional(storeComparisons(matrixId, scenario, profile, comparisons, Instant.now())).then(durability.checkpoint()).block();
        log.info("matrix {} done: {} comparisons stored", matrixId, comparisons.size());
    }

    /** Replaces the matrix's comparisons and marks it compared; to run in a transaction. */
    private Mono<Long> storeComparisons(long matrixId, String scenario, String profile, List<Comparison> comparisons, Instant now) {
        return db.sql("DELETE FROM COMPARISONS WHERE MATRIX_ID = :id").bind("id", matrixId).fetch().rowsUpdated()
                .thenMany(Flux.fromIterable(comparisons).concatMap(c -> {
                    var s = db.sql("INSERT INTO COMPARISONS (MATRIX_ID, SCENARIO, POINT_KEY, ROW_KB, RATIO, REFERENCE_RATIO, VERDICT, "
                                    + "COMPARISON_JSON, CREATED_AT) VALUES (:m, :scenario, :key, :row, :ratio, :ref, :verdict, :json, :now)")
                            .bind("m", matrixId).bind("scenario", scenario).bind("key", Json.truncate(pointKey(profile, c), 2000))
                            .bind("verdict", c.verdict()).bind("json", Json.compact(c)).bind("now", now);
                    s = Sql.bindNullable(s, "row", c.row(), Integer.class);
                    s = Sql.bindNullable(s, "ratio", Double.isFinite(c.ratio()) ? c.ratio() : null, Double.class);
                    s = Sql.bindNullable(s, "ref", c.referenceRatio(), Double.class);
                    return s.fetch().rowsUpdated();
                }))
                .then(db.sql("UPDATE MATRICES SET COMPARED = TRUE WHERE ID = :id").bind("id", matrixId).fetch().rowsUpdated());
    }
}
