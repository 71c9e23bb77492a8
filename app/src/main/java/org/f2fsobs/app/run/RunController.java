package org.f2fsobs.app.run;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Positive;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.f2fsobs.app.system.ApiException;
import org.f2fsobs.app.system.Database;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.ExecSpec;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.api.RunResult;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code /api/runs}: one-cell runs (a scenario cell or any tool command), history, one result, its CSV. */
@RestController
@Tag(name = "runs", description = "one-cell runs and every stored result")
class RunController {
    static final MediaType TEXT_CSV = new MediaType("text", "csv", StandardCharsets.UTF_8);

    private final RunService runs;
    private final RunHistory history;

    RunController(RunService runs, RunHistory history) {
        this.runs = runs;
        this.history = history;
    }

    /** What a 202 answers: the run is stored, QUEUED. */
    record RunAccepted(long id, String status, @Schema(allowableValues = {"SCENARIO", "EXEC"}) String kind,
                       @Schema(description = "the run as it will execute", oneOf = {CellSpec.class, ExecSpec.class}) Object request) {}

    @Operation(summary = "Queue one run", description = "Either a catalog cell {scenario, optimizations: {flag: bool}, params: {key: value}, "
            + "seed, profile} or a free-form command {profile, mkfs, mount, optimizations, command, seed, dd_style}. 202 with Location; "
            + "400 names every invalid field; 422 the limit (command_length, run_data_bytes, run_seconds, queued_runs, body_bytes).")
    @PostMapping(path = "/api/runs", consumes = MediaType.APPLICATION_JSON_VALUE, produces = MediaType.APPLICATION_JSON_VALUE)
    @ResponseStatus(HttpStatus.ACCEPTED)
    Mono<ResponseEntity<RunAccepted>> processRunForm(@Valid @RequestBody RunRequest body) {
        return Mono.defer(() -> runs.submit(body)).subscribeOn(Database.SCHEDULER).map(a -> ResponseEntity.accepted().location(URI.create("/api/runs/" + a.id()))
                .body(new RunAccepted(a.id(), "QUEUED", a.kind(), a.spec())));
    }

    @Operation(summary = "Run history, newest first", description = "Filter by scenario; page from 0 (size 1…500, default 50), or "
            + "before=ID for the page of runs older than ID (keyset: as fast on the last page as on the first).")
    @GetMapping(path = "/api/runs", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<RunHistory.Page> showRunList(@RequestParam(required = false) String scenario,
                                      @RequestParam(defaultValue = "0") @Min(value = 0, message = "must be at least 0")
                                      @Max(value = RunHistory.MAX_PAGE, message = "must be at most " + RunHistory.MAX_PAGE) int page,
                                      @RequestParam(defaultValue = "" + RunHistory.PAGE_SIZE) @Min(value = 1, message = "must be at least 1")
                                      @Max(value = 500, message = "must be at most 500") int size,
                                      @RequestParam(required = false) @Positive(message = "must be a positive run id") Long before) {
        return Mono.defer(() -> {
            if (scenario != null && !scenario.isEmpty() && !runs.knownScenario(scenario)) {
                throw ApiException.invalid("scenario", "unknown scenario '" + scenario + "'; known: " + String.join(", ", runs.scenarioIds()));
            }
            return history.page(scenario == null || scenario.isEmpty() ? null : scenario, page, size, before);
        });
    }

    @Operation(summary = "One result (contracts.md §3) with id, status, kind; before it ends, the request")
    @GetMapping(path = "/api/runs/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<RunDocument> showRun(@PathVariable @Positive(message = "must be a positive integer id") long id) {
        return runs.find(id).map(RunDocument::of);
    }

    /** The result as {@code section,name,value,unit} rows ({@link RunCsv}); 409 while the run has none. */
    @Operation(summary = "One result as CSV: section,name,value,unit")
    @GetMapping(path = "/api/runs/{id}.csv", produces = "text/csv")
    Mono<ResponseEntity<String>> showRunCsv(@PathVariable @Positive(message = "must be a positive integer id") long id) {
        return runs.find(id).map(r -> {
            if (r.resultJson() == null) {
                throw ApiException.conflict("status", "run " + r.id() + " is " + r.status() + " and has no result"
                        + (r.error() != null ? ": " + r.error() : ""));
            }
            String csv = RunCsv.write(r.id(), ResultJson.read(r.resultJson(), RunResult.class));
            return ResponseEntity.ok().contentType(TEXT_CSV)
                    .header("Content-Disposition", ContentDisposition.attachment().filename("run-" + r.id() + ".csv").build().toString())
                    .body(csv);
        });
    }
}
