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
import org.f2fsobs.app.queue.Jobs;
import org.f2fsobs.app.queue.Status;
import org.f2fsobs.app.run.ResultRow;
import org.f2fsobs.app.run.RunRepository;
import org.f2fsobs.app.system.ApiException;
import org.f2fsobs.app.system.Database;
import org.f2fsobs.app.system.Json;
import org.f2fsobs.app.system.ObservatoryProperties;
import org.f2fsobs.app.system.ObservatoryProperties.Limits;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.Comparison;
import org.f2fsobs.bench.api.FieldError;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.matrix.MatrixExpansion;
import org.f2fsobs.bench.matrix.MatrixLimits;
import org.f2fsobs.bench.matrix.MatrixRequest;
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
    private final Jobs jobs;
    private final QueueEvents events;
    private final Durability durability;
    private final Admission admission;
    private final PartialComparisons partial = new PartialComparisons(16);

    MatrixService(ScenarioCatalog catalog, ObservatoryProperties properties, DatabaseClient db, TransactionalOperator tx,
                  MatrixRepository matrices, CellRepository cells, RunRepository runs, ComparisonRepository comparisons,
                  MatrixFinisher finisher, Jobs jobs, QueueEvents events, Durability durability, Admission admission) {
        this.catalog = catalog;
        this.properties = properties;
        this.db = db;
        this.tx = tx;
        this.matrices = matrices;
        this.cells = cells;
        this.runs = runs;
        this.comparisons = comparisons;
        this.finisher = finisher;
        this.jobs = jobs;
        this.events = events;
        this.durability = durability;
        this.admission = admission;
    }

    /** An accepted matrix: its row and its cells in order. */
    record Accepted(Matrix matrix, List<CellSpec> cells) {}

    /** Validates and persists; the matrix and every cell are committed (and made durable) when this emits. */
    Mono<Accepted> submit(MatrixRequestBody body) {
        Limits limits = properties.limits();
        MatrixRequest request = body.request();
        MatrixExpansion.Expansion e = catalog.validate(request, new MatrixLimits(limits.maxCells()), body.profile());
        if (e.invalid()) {
            return Mono.error(ApiException.invalid(e.errors().stream().filter(f -> f.kind() == FieldError.Kind.INVALID).toList()));
        }
        if (e.belowMinScale()) return Mono.error(ApiException.overLimit(Limits.MIN_SCALE, e.errors()));
        if (e.overLimit()) return Mono.error(ApiException.overLimit(Limits.MAX_CELLS, e.errors()));
        Scenario scenario = catalog.get(request.scenario());
        for (CellSpec c : e.cells()) {
            var over = ScenarioCommand.checkDataLimit(limits.run(), scenario, c);     // the bench runner's check, the same as the CLI's
            if (!over.isEmpty()) return Mono.error(ApiException.overLimit(over.get(0)));
        }
        boolean band = Boolean.TRUE.equals(body.band());
        if (band) {
            ApiException refused = BandAdmission.refusal(catalog, scenario, e.cells(), request.seed(), limits.bandCells());
            if (refused != null) return Mono.error(refused);
        }
        String profile = e.cells().get(0).profile();
        String requestJson = Json.compact(requestDocument(request, profile, band));
        Instant now = Instant.now();
        org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec row = db.sql("INSERT INTO MATRICES (SCENARIO, PROFILE, STATUS, "
                        + "REQUEST_JSON, SEED, REPETITIONS, CELL_COUNT, CREATED_AT, BAND_PENDING, OWN_CELLS) "
                        + "VALUES (:scenario, :profile, 'QUEUED', :request, :seed, :reps, :count, :now, :band, :own)")
                .bind("scenario", scenario.id()).bind("profile", profile).bind("request", requestJson)
                .bind("seed", request.seed()).bind("reps", request.repetitions())
                .bind("count", e.cells().size()).bind("now", now).bind("band", band);
        var withOwn = band ? row.bind("own", e.cells().size()) : row.bindNull("own", Integer.class);
        Mono<Matrix> insert = admission.admitMatrix()
                .then(withOwn.filter(s -> s.returnGeneratedValues("ID")).map(r -> r.get("ID", Long.class)).one())
                .flatMap(id -> Flux.range(0, e.cells().size())
                        .concatMap(i -> db.sql("INSERT INTO CELLS (MATRIX_ID, CELL_INDEX, SPEC_JSON, STATUS) VALUES (:m, :i, :spec, 'QUEUED')")
                                .bind("m", id).bind("i", i).bind("spec", Json.compact(e.cells().get(i))).fetch().rowsUpdated())
                        .then(matrices.findById(id)));
        return tx.transactional(insert)
                .flatMap(m -> durability.checkpoint().thenReturn(m))
                .doOnNext(m -> jobs.matricesChanged())
                .subscribeOn(Database.SCHEDULER)
                .map(m -> new Accepted(m, e.cells()));
    }

    /** The request as accepted, normalised: what REQUEST_JSON keeps and GET shows. */
    private static MatrixViews.AcceptedRequest requestDocument(MatrixRequest r, String profile, boolean band) {
        Map<String, List<Object>> params = new LinkedHashMap<>();
        r.params().forEach((k, v) -> params.put(k, v.stream().map(ParamValues::normalize).toList()));
        return new MatrixViews.AcceptedRequest(r.scenario(), profile, r.optimizations(), params, r.repetitions(), r.seed(),
                band ? Boolean.TRUE : null);
    }

    Mono<Matrix> find(long id) {
        return matrices.findById(id).subscribeOn(Database.SCHEDULER).switchIfEmpty(Mono.error(() -> ApiException.notFound("matrix", id)));
    }

    /** {@code GET /api/matrices/{id}}: with every DONE cell's result, or only its headline ({@code withResults} false). */
    Mono<MatrixViews.Detail> show(long id, boolean withResults) {
        return find(id).flatMap(m -> Mono.zip(cells.findByMatrixIdOrderByCellIndex(id).collectList(),
                        withResults ? runs.findResultsByMatrix(id).collectMap(ResultRow::id, ResultRow::resultJson) : Mono.just(Map.<Long, String>of()),
                        withResults ? Mono.just(Map.<Integer, CellHeadline>of()) : cells.findHeadlines(id, 0).collectMap(CellHeadline::cellIndex),
                        comparisons(m))
                .map(t -> view(m, t.getT1(), t.getT2(), t.getT3(), t.getT4(), withResults)).subscribeOn(Database.SCHEDULER));
    }

    /** The comparisons of a matrix: stored once it is DONE; before, computed from the cells done so far (cached per count). */
    private Mono<MatrixComparisons> comparisons(Matrix m) {
        if (m.compared()) {
            return comparisons.findByMatrixIdOrderById(m.id()).map(c -> ResultJson.read(c.comparisonJson(), Comparison.class)).collectList()
                    .map(list -> new MatrixComparisons(list, true, null));
        }
        MatrixComparisons cached = partial.get(m.id(), m.cellsDone());
        if (cached != null) return Mono.just(cached);
        return runs.findOwnResultsByMatrix(m.id()).map(r -> ResultJson.read(r.resultJson(), RunResult.class)).collectList()
                .publishOn(Schedulers.boundedElastic())
                .map(results -> {
                    try {
                        List<Comparison> list = finisher.comparisons(results, m.scenario(), m.seed());
                        return new MatrixComparisons(list, Status.DONE.name().equals(m.status()), null);
                    } catch (RuntimeException e) {
                        return new MatrixComparisons(List.of(), false, e.getMessage());
                    }
                })
                .doOnNext(c -> partial.put(m.id(), m.cellsDone(), c));
    }

    /** Comparisons of a matrix; {@code complete} once every cell is DONE (stored or, just after, computed the same way). */
    record MatrixComparisons(List<Comparison> list, boolean complete, String error) {}

    private MatrixViews.Detail view(Matrix m, List<Cell> cellRows, Map<Long, String> results, Map<Integer, CellHeadline> headlines,
                                    MatrixComparisons comparisonsOfMatrix, boolean withResults) {
        int queued = 0, running = 0, done = 0, failed = 0, cancelled = 0;
        List<MatrixViews.CellState> cellViews = new ArrayList<>();
        List<MatrixViews.RunningCell> runningCells = new ArrayList<>();
        for (Cell c : cellRows) {
            switch (Status.valueOf(c.status())) {
                case QUEUED -> queued++;
                case RUNNING -> running++;
                case DONE -> done++;
                case FAILED -> failed++;
                case CANCELLED -> cancelled++;
            }
            String result = null;
            MatrixViews.Headline headline = null;
            if (c.runId() != null && withResults) {
                result = results.get(c.runId());
            } else if (c.runId() != null) {
                CellHeadline h = headlines.get(c.cellIndex());
                if (h != null && h.headlineName() != null) headline = new MatrixViews.Headline(h.headlineName(), h.headlineVal(), h.headlineUnit());
            }
            if (Status.RUNNING.name().equals(c.status())) {
                var here = jobs.running("cell:" + c.id());              // here: live; on another instance: as it last wrote it
                if (here.isPresent()) runningCells.add(new MatrixViews.RunningCell(c.cellIndex(), here.get().phase(), here.get().fraction()));
                else if (c.phase() != null) runningCells.add(new MatrixViews.RunningCell(c.cellIndex(), c.phase(), c.fraction() == null ? 0 : c.fraction()));
            }
            cellViews.add(new MatrixViews.CellState(c.cellIndex(), c.status(), c.specJson(), c.runId(), c.attempts(), c.error(), result, headline,
                    c.worker()));
        }
        MatrixViews.Progress progress = new MatrixViews.Progress(cellRows.size(), queued, running, done, failed, cancelled,
                cellRows.isEmpty() ? 1.0 : (double) (done + failed + cancelled) / cellRows.size(), runningCells);
        return new MatrixViews.Detail(MatrixViews.Summary.of(m), ResultJson.read(m.requestJson(), MatrixViews.AcceptedRequest.class), progress,
                cellViews, comparisonsOfMatrix.complete(), comparisonsOfMatrix.error(), comparisonsOfMatrix.list());
    }

    /** {@code GET /api/matrices?scenario=&status=&page=}: newest first. */
    Mono<MatrixViews.Page> list(String scenario, String status, int page, int size) {
        return Mono.zip(matrices.findPage(scenario, status, size, (long) page * size).map(MatrixViews.Summary::of).collectList(),
                        matrices.countPage(scenario, status))
                .map(t -> new MatrixViews.Page(page, size, t.getT2(), t.getT1()))
                .subscribeOn(Database.SCHEDULER);
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
        return find(id).flatMap(before -> tx.transactional(work)
                .flatMap(n -> durability.checkpoint().thenReturn(n))
                .then(find(id))
                .flatMap(after -> {
                    if (Status.CANCELLED.name().equals(after.status())) {
                        jobs.cancelMatrix(id);
                        events.matrixChanged(id);
                        jobs.matricesChanged();
                        return Mono.just(after);
                    }
                    return Mono.error(ApiException.conflict("status", "matrix " + id + " is " + after.status() + "; only a QUEUED or "
                            + "RUNNING matrix can be cancelled"));
                })).subscribeOn(Database.SCHEDULER);
    }

    /** For the scenario filter of the history. */
    boolean knownScenario(String id) {
        return catalog.find(id).isPresent();
    }

    List<String> scenarioIds() {
        return catalog.ids();
    }
}
