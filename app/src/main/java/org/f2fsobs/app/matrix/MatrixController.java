package org.f2fsobs.app.matrix;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.f2fsobs.app.queue.Status;
import org.f2fsobs.app.system.ApiException;
import org.f2fsobs.app.system.JsonBody;
import org.f2fsobs.app.system.RequestParams;
import org.f2fsobs.bench.api.CellSpec;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.tags.Tag;
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
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** {@code /api/matrices}: submit, history, one matrix, its events, cancel (contracts.md §4). */
@RestController
@Tag(name = "matrices", description = "scenario × flags × parameters × repetitions, run by the queue")
class MatrixController {
    private final MatrixService matrices;
    private final MatrixEventStream events;

    MatrixController(MatrixService matrices, MatrixEventStream events) {
        this.matrices = matrices;
        this.events = events;
    }

    /** 202 with {@code Location}, {@code id}, {@code status} and the expanded {@code cells}; the matrix is stored. */
    @Operation(summary = "Submit a matrix", description = "202 with Location; the matrix and its cells are stored before the answer. 400 names the invalid field, 422 the limit (max_cells, run_data_bytes, concurrent_matrices, queued_matrices, body_bytes).")
    @PostMapping(path = "/api/matrices", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<ResponseEntity<Map<String, Object>>> processMatrixForm(@io.swagger.v3.oas.annotations.parameters.RequestBody(description = "the matrix", content = @Content(mediaType = "application/json",
            examples = @ExampleObject(value = "{\"scenario\": \"fio-large-section\", \"optimizations\": {\"sec_ckpt_valid_blocks\": [false, true]}, \"params\": {\"segs_per_sec\": [1, 128], \"scale\": [0.01]}, \"repetitions\": 3, \"seed\": 1}"))) @RequestBody(required = false) String body) {
        return Mono.fromCallable(() -> MatrixRequestParser.parse(JsonBody.parse(body)))
                .flatMap(matrices::submit)
                .map(a -> {
                    Map<String, Object> out = new LinkedHashMap<>();
                    out.put("id", a.matrix().id());
                    out.put("status", a.matrix().status());
                    out.put("cell_count", a.cells().size());
                    out.put("cells", cells(a.cells()));
                    return ResponseEntity.accepted().location(URI.create("/api/matrices/" + a.matrix().id())).body(out);
                });
    }

    private static List<Map<String, Object>> cells(List<CellSpec> specs) {
        return java.util.stream.IntStream.range(0, specs.size()).mapToObj(i -> {
            CellSpec c = specs.get(i);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("index", i);
            m.put("scenario", c.scenario());
            m.put("profile", c.profile());
            m.put("optimizations", c.optimizations());
            m.put("params", c.params());
            m.put("seed", c.seed());
            m.put("repetition", c.repetition());
            return m;
        }).toList();
    }

    @Operation(summary = "Matrix history, newest first", description = "Filters: scenario, status; page from 0, size 1…500 (default 50).")
    @GetMapping(path = "/api/matrices", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<Map<String, Object>> showMatrixList(@RequestParam(required = false) String scenario,
                                             @RequestParam(required = false) String status,
                                             @RequestParam(required = false) String page,
                                             @RequestParam(required = false) String size) {
        return Mono.fromCallable(() -> {
            if (scenario != null && !scenario.isEmpty() && !matrices.knownScenario(scenario)) {
                throw ApiException.invalid("scenario", "unknown scenario '" + scenario + "'; known: " + String.join(", ", matrices.scenarioIds()));
            }
            return new Object[] {scenario == null || scenario.isEmpty() ? null : scenario, RequestParams.oneOf("status", status, Status.names()),
                    RequestParams.page(page), RequestParams.size(size)};
        }).flatMap(a -> matrices.list((String) a[0], (String) a[1], (int) a[2], (int) a[3]));
    }

    /** Status, progress, cells (with their results unless {@code results=false}) and comparisons. */
    @Operation(summary = "One matrix: status, progress, cells with results (results=false: headlines only), comparisons")
    @GetMapping(path = "/api/matrices/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<Map<String, Object>> showMatrix(@PathVariable String id, @RequestParam(required = false) String results) {
        return Mono.fromCallable(() -> RequestParams.id("id", id))
                .flatMap(m -> matrices.show(m, !"false".equals(RequestParams.oneOf("results", results, List.of("true", "false")))));
    }

    @Operation(summary = "Progress as server-sent events", description = "Replays finished cells, then live ones (event cell, id = cell index, data = headline), then event done, then closes. Last-Event-ID: k skips cells 0…k.")
    @GetMapping(path = "/api/matrices/{id}/events", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    Mono<ResponseEntity<Flux<ServerSentEvent<Object>>>> showMatrixEvents(@PathVariable String id,
            @RequestHeader(name = "Last-Event-ID", required = false) String lastEventId) {
        return Mono.fromCallable(() -> new long[] {RequestParams.id("id", id), lastEventId(lastEventId)})
                .flatMap(a -> matrices.find(a[0]).map(m -> ResponseEntity.ok()
                        .contentType(MediaType.TEXT_EVENT_STREAM)
                        .header("Cache-Control", "no-cache")
                        .header("X-Accel-Buffering", "no")
                        .body(events.stream(m.id(), a[1] < 0 ? null : (int) a[1]))));
    }

    private static long lastEventId(String text) {
        if (text == null || text.isBlank()) return -1;
        if (!text.strip().matches("[0-9]{1,9}")) {
            throw ApiException.invalid("Last-Event-ID", "must be a cell index (a non-negative integer), got '" + text + "'");
        }
        return Long.parseLong(text.strip());
    }

    /** 200 with the matrix, now CANCELLED (a running cell may still finish and keep its result). */
    @Operation(summary = "Cancel a queued or running matrix", description = "409 when it already ended DONE or FAILED.")
    @DeleteMapping(path = "/api/matrices/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<Map<String, Object>> processCancel(@PathVariable String id) {
        return Mono.fromCallable(() -> RequestParams.id("id", id)).flatMap(matrices::cancel).map(MatrixService::summary);
    }
}
