package org.f2fsobs.app.matrix;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.f2fsobs.app.queue.Admission;
import org.f2fsobs.app.queue.Durability;
import org.f2fsobs.app.queue.MatrixFinisher;
import org.f2fsobs.app.queue.QueueEvents;
import org.f2fsobs.app.queue.RunQueue;
import org.f2fsobs.app.queue.Status;
import org.f2fsobs.app.run.ResultRow;
import org.f2fsobs.app.run.RunRepository;
import org.f2fsobs.app.system.ApiException;
import org.f2fsobs.app.system.Json;
import org.f2fsobs.app.system.ObservatoryProperties;
import org.f2fsobs.app.system.ObservatoryProperties.Limits;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.Comparison;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.matrix.FieldError;
import org.f2fsobs.bench.matrix.MatrixExpansion;
import org.f2fsobs.bench.matrix.MatrixLimits;
import org.f2fsobs.bench.matrix.ParamValues;
import org.f2fsobs.bench.scenario.Scenario;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.f2fsobs.bench.scenario.ScenarioCommand;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.JsonNode;

/**
 * Matrices: accept (validate, check the limits, persist with the expanded cells — all before the 202), show
 * (status, progress, cells with results, comparisons), list, cancel. The write transactions run on the bounded
 * elastic scheduler: r2dbc-h2 executes on the calling thread, and the admission lock may make one wait for another,
 * which must never happen on the event loop.
 */
@Service
class MatrixService {
    private final ScenarioCatalog catalog;
    private final ObservatoryProperties properties;
    private final DatabaseClient db;
    private final TransactionalOperator tx;
    private final MatrixRepository matrices;
    private final CellRepository cells;
    private final RunRepository runs;
    private final ComparisonRepository comparisons;
    private final MatrixFinisher finisher;
    private final RunQueue queue;
    private final QueueEvents events;
    private final Durability durability;
    private final Admission admission;
    private final PartialComparisons partial = new PartialComparisons(16);

    MatrixService(ScenarioCatalog catalog, ObservatoryProperties properties, DatabaseClient db, TransactionalOperator tx,
                  MatrixRepository matrices, CellRepository cells, RunRepository runs, ComparisonRepository comparisons,
                  MatrixFinisher finisher, RunQueue queue, QueueEvents events, Durability durability, Admission admission) {
        this.catalog = catalog;
        this.properties = properties;
        this.db = db;
        this.tx = tx;
        this.matrices = matrices;
        this.cells = cells;
        this.runs = runs;
        this.comparisons = comparisons;
        this.finisher = finisher;
        this.queue = queue;
        this.events = events;
        this.durability = durability;
        this.admission = admission;
    }

    /** An accepted matrix: its row and its cells in order. */
    record Accepted(Matrix matrix, List<CellSpec> cells) {}

    /** Validates and persists; the matrix and every cell are committed (and made durable) when this emits. */
    Mono<Accepted> submit(MatrixRequestParser.Parsed parsed) {
        Limits limits = properties.limits();
        MatrixExpansion.Expansion e = catalog.validate(parsed.request(), new MatrixLimits(limits.maxCells()), parsed.profile());
        if (e.invalid()) {
            return Mono.error(ApiException.invalid(e.errors().stream().filter(f -> f.kind() == FieldError.Kind.INVALID).toList()));
        }
        if (e.belowMinScale()) return Mono.error(ApiException.overLimit(Limits.MIN_SCALE, e.errors()));
        if (e.overLimit()) return Mono.error(ApiException.overLimit(Limits.MAX_CELLS, e.errors()));
        Scenario scenario = catalog.get(parsed.request().scenario());
        for (CellSpec c : e.cells()) {
            long bytes = ScenarioCommand.dataBytes(scenario, c.params());
            if (bytes > limits.runDataBytes()) {
                return Mono.error(ApiException.overLimit(Limits.RUN_DATA_BYTES, "params", "a run at " + ParamValues.canonical(c.params())
                        + " moves " + bytes + " bytes (scaled size × threads), over the limit " + Limits.RUN_DATA_BYTES + " = "
                        + limits.runDataBytes() + "; lower scale"));
            }
        }
        if (parsed.band()) {
            ApiException refused = BandAdmission.refusal(catalog, scenario, e.cells(), parsed.request().seed(), limits.bandCells());
            if (refused != null) return Mono.error(refused);
        }
        String profile = e.cells().get(0).profile();
        String requestJson = Json.compact(requestDocument(parsed, profile));
        Instant now = Instant.now();
        Mono<Matrix> insert = admission.admitMatrix()
                .then(db.sql("INSERT INTO MATRICES (SCENARIO, PROFILE, STATUS, REQUEST_JSON, SEED, REPETITIONS, CELL_COUNT, CREATED_AT, BAND_PENDING) "
                                + "VALUES (:scenario, :profile, 'QUEUED', :request, :seed, :reps, :count, :now, :band)")
                        .bind("scenario", scenario.id()).bind("profile", profile).bind("request", requestJson)
                        .bind("seed", parsed.request().seed()).bind("reps", parsed.request().repetitions())
                        .bind("count", e.cells().size()).bind("now", now).bind("band", parsed.band())
                        .filter(s -> s.returnGeneratedValues("ID")).map(r -> r.get("ID", Long.class)).one())
                .flatMap(id -> Flux.range(0, e.cells().size())
                        .concatMap(i -> db.sql("INSERT INTO CELLS (MATRIX_ID, CELL_INDEX, SPEC_JSON, STATUS) VALUES (:m, :i, :spec, 'QUEUED')")
                                .bind("m", id).bind("i", i).bind("spec", Json.compact(e.cells().get(i))).fetch().rowsUpdated())
                        .then(matrices.findById(id)));
        return tx.transactional(insert).subscribeOn(Schedulers.boundedElastic())
                .flatMap(m -> durability.checkpoint().thenReturn(m))
                .doOnNext(m -> queue.wake())
                .map(m -> new Accepted(m, e.cells()));
    }

    /** The request as accepted, normalised: what REQUEST_JSON keeps and GET shows. */
    private static Map<String, Object> requestDocument(MatrixRequestParser.Parsed p, String profile) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("scenario", p.request().scenario());
        m.put("profile", profile);
        m.put("optimizations", p.request().optimizations());
        Map<String, List<Object>> params = new LinkedHashMap<>();
        p.request().params().forEach((k, v) -> params.put(k, v.stream().map(ParamValues::normalize).toList()));
        m.put("params", params);
        m.put("repetitions", p.request().repetitions());
        m.put("seed", p.request().seed());
        if (p.band()) m.put("band", true);
        return m;
    }

    Mono<Matrix> find(long id) {
        return matrices.findById(id).switchIfEmpty(Mono.error(() -> ApiException.notFound("matrix", id)));
    }

    /** {@code GET /api/matrices/{id}}: with every DONE cell's result, or only its headline ({@code withResults} false). */
    Mono<Map<String, Object>> show(long id, boolean withResults) {
        return find(id).flatMap(m -> Mono.zip(cells.findByMatrixIdOrderByCellIndex(id).collectList(),
                        withResults ? runs.findResultsByMatrix(id).collectMap(ResultRow::id, ResultRow::resultJson) : Mono.just(Map.<Long, String>of()),
                        withResults ? Mono.just(Map.<Integer, CellHeadline>of()) : cells.findHeadlines(id, 0).collectMap(CellHeadline::cellIndex),
                        comparisons(m))
                .map(t -> view(m, t.getT1(), t.getT2(), t.getT3(), t.getT4(), withResults)));
    }

    /** The comparisons of a matrix: stored once it is DONE; before, computed from the cells done so far (cached per count). */
    private Mono<MatrixComparisons> comparisons(Matrix m) {
        if (m.compared()) {
            return comparisons.findByMatrixIdOrderById(m.id()).map(c -> ResultJson.mapper().readTree(c.comparisonJson())).collectList()
                    .map(list -> new MatrixComparisons(list, true, null));
        }
        MatrixComparisons cached = partial.get(m.id(), m.cellsDone());
        if (cached != null) return Mono.just(cached);
        return runs.findResultsByMatrix(m.id()).map(r -> ResultJson.read(r.resultJson(), RunResult.class)).collectList()
                .publishOn(Schedulers.boundedElastic())
                .map(results -> {
                    try {
                        List<JsonNode> list = new ArrayList<>();
                        for (Comparison c : finisher.comparisons(results, m.scenario(), m.seed())) list.add(ResultJson.mapper().valueToTree(c));
                        return new MatrixComparisons(list, Status.DONE.name().equals(m.status()), null);
                    } catch (RuntimeException e) {
                        return new MatrixComparisons(List.of(), false, e.getMessage());
                    }
                })
                .doOnNext(c -> partial.put(m.id(), m.cellsDone(), c));
    }

    /** Comparisons of a matrix; {@code complete} once every cell is DONE (stored or, just after, computed the same way). */
    record MatrixComparisons(List<JsonNode> list, boolean complete, String error) {}

    private Map<String, Object> view(Matrix m, List<Cell> cellRows, Map<Long, String> results, Map<Integer, CellHeadline> headlines,
                                     MatrixComparisons comparisonsOfMatrix, boolean withResults) {
        Map<String, Object> out = summary(m);
        out.put("request", ResultJson.mapper().readTree(m.requestJson()));
        int queued = 0, running = 0, done = 0, failed = 0, cancelled = 0;
        List<Map<String, Object>> cellViews = new ArrayList<>();
        List<Map<String, Object>> runningCells = new ArrayList<>();
        for (Cell c : cellRows) {
            switch (Status.valueOf(c.status())) {
                case QUEUED -> queued++;
                case RUNNING -> running++;
                case DONE -> done++;
                case FAILED -> failed++;
                case CANCELLED -> cancelled++;
            }
            Map<String, Object> v = new LinkedHashMap<>();
            v.put("index", c.cellIndex());
            v.put("status", c.status());
            v.put("spec", ResultJson.mapper().readTree(c.specJson()));
            v.put("run_id", c.runId());
            v.put("attempts", c.attempts());
            if (c.error() != null) v.put("error", c.error());
            if (c.runId() != null) {
                if (withResults) {
                    String json = results.get(c.runId());
                    if (json != null) v.put("result", ResultJson.mapper().readTree(json));
                } else {
                    CellHeadline h = headlines.get(c.cellIndex());
                    if (h != null && h.headlineName() != null) v.put("headline", headline(h.headlineName(), h.headlineVal(), h.headlineUnit()));
                }
            }
            if (Status.RUNNING.name().equals(c.status())) {
                queue.running("cell:" + c.id()).ifPresent(p -> {
                    Map<String, Object> rp = new LinkedHashMap<>();
                    rp.put("index", c.cellIndex());
                    rp.put("phase", p.phase());
                    rp.put("fraction", p.fraction());
                    runningCells.add(rp);
                });
            }
            cellViews.add(v);
        }
        Map<String, Object> progress = new LinkedHashMap<>();
        progress.put("cells", cellRows.size());
        progress.put("queued", queued);
        progress.put("running", running);
        progress.put("done", done);
        progress.put("failed", failed);
        progress.put("cancelled", cancelled);
        progress.put("fraction", cellRows.isEmpty() ? 1.0 : (double) (done + failed + cancelled) / cellRows.size());
        progress.put("running_cells", runningCells);
        out.put("progress", progress);
        out.put("cells", cellViews);
        out.put("comparisons_complete", comparisonsOfMatrix.complete());
        if (comparisonsOfMatrix.error() != null) out.put("comparisons_error", comparisonsOfMatrix.error());
        out.put("comparisons", comparisonsOfMatrix.list());
        return out;
    }

    static Map<String, Object> headline(String name, Double value, String unit) {
        Map<String, Object> h = new LinkedHashMap<>();
        h.put("name", name);
        h.put("value", value);
        h.put("unit", unit);
        return h;
    }

    static Map<String, Object> summary(Matrix m) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", m.id());
        out.put("scenario", m.scenario());
        out.put("profile", m.profile());
        out.put("status", m.status());
        out.put("seed", m.seed());
        out.put("repetitions", m.repetitions());
        out.put("cell_count", m.cellCount());
        out.put("cells_done", m.cellsDone());
        out.put("cells_failed", m.cellsFailed());
        out.put("error", m.error());
        out.put("created_at", m.createdAt());
        out.put("started_at", m.startedAt());
        out.put("finished_at", m.finishedAt());
        return out;
    }

    /** {@code GET /api/matrices?scenario=&status=&page=}: newest first. */
    Mono<Map<String, Object>> list(String scenario, String status, int page, int size) {
        return Mono.zip(matrices.findPage(scenario, status, size, (long) page * size).map(MatrixService::summary).collectList(),
                        matrices.countPage(scenario, status))
                .map(t -> {
                    Map<String, Object> out = new LinkedHashMap<>();
                    out.put("page", page);
                    out.put("size", size);
                    out.put("total", t.getT2());
                    out.put("items", t.getT1());
                    return out;
                });
    }

    /**
     * {@code DELETE /api/matrices/{id}}: a QUEUED or RUNNING matrix becomes CANCELLED, its queued cells too, and
     * the running ones are told to stop (each either stops or finishes and keeps its result). Cancelling a
     * cancelled matrix is a no-op; a DONE or FAILED one is a 409.
     */
    Mono<Matrix> cancel(long id) {
        Instant now = Instant.now();
        Mono<Long> work = db.sql("UPDATE MATRICES SET STATUS = 'CANCELLED', FINISHED_AT = CASE WHEN EXISTS (SELECT 1 FROM CELLS "
                        + "WHERE MATRIX_ID = :id AND STATUS = 'RUNNING') THEN NULL ELSE :now END WHERE ID = :id AND STATUS IN ('QUEUED', 'RUNNING')")
                .bind("id", id).bind("now", now).fetch().rowsUpdated()
                .flatMap(n -> db.sql("UPDATE CELLS SET STATUS = 'CANCELLED', FINISHED_AT = :now WHERE MATRIX_ID = :id AND STATUS = 'QUEUED'")
                        .bind("id", id).bind("now", now).fetch().rowsUpdated().thenReturn(n));
        return find(id).flatMap(before -> tx.transactional(work).subscribeOn(Schedulers.boundedElastic())
                .flatMap(n -> durability.checkpoint().thenReturn(n))
                .then(find(id))
                .flatMap(after -> {
                    if (Status.CANCELLED.name().equals(after.status())) {
                        queue.cancelMatrix(id);
                        events.matrixChanged(id);
                        queue.wake();
                        return Mono.just(after);
                    }
                    return Mono.error(ApiException.conflict("status", "matrix " + id + " is " + after.status() + "; only a QUEUED or "
                            + "RUNNING matrix can be cancelled"));
                }));
    }

    /** For the scenario filter of the history. */
    boolean knownScenario(String id) {
        return catalog.find(id).isPresent();
    }

    List<String> scenarioIds() {
        return catalog.ids();
    }
}
