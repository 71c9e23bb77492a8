package org.f2fsobs.app.matrix;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import java.net.URI;
import java.util.List;
import java.util.stream.IntStream;
import org.f2fsobs.app.queue.Status;
import org.f2fsobs.app.system.ApiException;
import org.f2fsobs.app.system.Database;
import org.f2fsobs.bench.api.CellSpec;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.codec.ServerSentEvent;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** {@code /api/matrices}: submit, history, one matrix, its events, cancel (contracts.md §4). */
@RestController
@Tag(name = "matrices", description = "scenario × flags × parameters × repetitions, run by the queue")
class MatrixController {
    private static final int MAX_PAGE = 1_000_000;

    private final MatrixService matrices;
    private final MatrixEventStream events;

    MatrixController(MatrixService matrices, MatrixEventStream events) {
        this.matrices = matrices;
        this.events = events;
    }

    /** 202 with {@code Location}, {@code id}, {@code status} and the expanded {@code cells}; the matrix is stored. */
    @Operation(summary = "Submit a matrix", description = "202 with Location; the matrix and its cells are stored before the answer. 400 "
            + "names every invalid field, 422 the limit (max_cells, run_data_bytes, concurrent_matrices, queued_matrices, body_bytes).")
    @PostMapping(path = "/api/matrices", consumes = MediaType.APPLICATION_JSON_VALUE, produces = MediaType.APPLICATION_JSON_VALUE)
    @ResponseStatus(HttpStatus.ACCEPTED)
    Mono<ResponseEntity<MatrixViews.Accepted>> processMatrixForm(@Valid @RequestBody MatrixRequestBody body) {
        return Mono.defer(() -> matrices.submit(body)).subscribeOn(Database.SCHEDULER).map(a -> ResponseEntity.accepted()
                .location(URI.create("/api/matrices/" + a.matrix().id()))
                .body(new MatrixViews.Accepted(a.matrix().id(), a.matrix().status(), a.cells().size(), cells(a.cells()))));
    }

    private static List<MatrixViews.AcceptedCell> cells(List<CellSpec> specs) {
        return IntStream.range(0, specs.size()).mapToObj(i -> {
            CellSpec c = specs.get(i);
            return new MatrixViews.AcceptedCell(i, c.scenario(), c.profile(), c.optimizations(), c.params(), c.seed(), c.repetition());
        }).toList();
    }

    @Operation(summary = "Matrix history, newest first", description = "Filters: scenario, status; page from 0, size 1…500 (default 50).")
    @GetMapping(path = "/api/matrices", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<MatrixViews.Page> showMatrixList(@RequestParam(required = false) String scenario,
                                          @RequestParam(required = false) Status status,
                                          @RequestParam(defaultValue = "0") @Min(value = 0, message = "must be at least 0")
                                          @Max(value = MAX_PAGE, message = "must be at most " + MAX_PAGE) int page,
                                          @RequestParam(defaultValue = "50") @Min(value = 1, message = "must be at least 1")
                                          @Max(value = 500, message = "must be at most 500") int size) {
        return Mono.defer(() -> {
            if (scenario != null && !scenario.isEmpty() && !matrices.knownScenario(scenario)) {
                throw ApiException.invalid("scenario", "unknown scenario '" + scenario + "'; known: " + String.join(", ", matrices.scenarioIds()));
            }
            return matrices.list(scenario == null || scenario.isEmpty() ? null : scenario, status == null ? null : status.name(), page, size);
        });
    }

    /** Status, progress, cells (with their results unless {@code results=false}) and comparisons. */
    @Operation(summary = "One matrix: status, progress, cells with results (results=false: headlines only), comparisons")
    @GetMapping(path = "/api/matrices/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<MatrixViews.Detail> showMatrix(@PathVariable @Positive(message = "must be a positive integer id") long id,
                                        @RequestParam(defaultValue = "true") boolean results) {
        return matrices.show(id, results);
    }

    @Operation(summary = "Progress as server-sent events", description = "Replays finished cells, then live ones (event cell, id = cell "
            + "index, data = headline), then event done, then closes. Last-Event-ID: k skips cells 0…k.",
            responses = @ApiResponse(responseCode = "200", description = "the event stream", content = @Content(
                    mediaType = MediaType.TEXT_EVENT_STREAM_VALUE, schema = @Schema(oneOf = {MatrixViews.CellEvent.class, MatrixViews.DoneEvent.class}))))
    @GetMapping(path = "/api/matrices/{id}/events", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    Mono<ResponseEntity<Flux<ServerSentEvent<Object>>>> showMatrixEvents(
            @PathVariable @Positive(message = "must be a positive integer id") long id,
            @RequestHeader(name = "Last-Event-ID", required = false) @PositiveOrZero(message = "must be a cell index (a non-negative integer)")
            Integer lastEventId) {
        return matrices.find(id).map(m -> ResponseEntity.ok()
                .contentType(MediaType.TEXT_EVENT_STREAM)
                .header("Cache-Control", "no-cache")
                .header("X-Accel-Buffering", "no")
                .body(events.stream(m.id(), lastEventId)));
    }

    /** 200 with the matrix, now CANCELLED (a running cell may still finish and keep its result). */
    @Operation(summary = "Cancel a queued or running matrix", description = "409 when it already ended DONE or FAILED.")
    @DeleteMapping(path = "/api/matrices/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<MatrixViews.Summary> processCancel(@PathVariable @Positive(message = "must be a positive integer id") long id) {
        return matrices.cancel(id).map(MatrixViews.Summary::of);
    }
}
