package org.f2fsobs.app.run;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.f2fsobs.app.system.ApiException;
import org.f2fsobs.app.system.JsonBody;
import org.f2fsobs.app.system.RequestParams;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.api.RunResult;
import org.springframework.http.ContentDisposition;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

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

    /** 202 with {@code Location}, {@code id}, {@code status} (QUEUED), {@code kind} and the normalised request. */
    @Operation(summary = "Queue one run", description = "Either a catalog cell {scenario, optimizations: {flag: bool}, params: {key: value}, seed, profile} or a free-form command {profile, mkfs, mount, optimizations, command, seed, dd_style}. 202 with Location.")
    @PostMapping(path = "/api/runs", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<ResponseEntity<Map<String, Object>>> processRunForm(@io.swagger.v3.oas.annotations.parameters.RequestBody(description = "a catalog cell or a free-form command", content = @Content(mediaType = "application/json",
            examples = @ExampleObject(value = "{\"profile\": \"nullblk-x86\", \"mkfs\": \"-s 128\", \"mount\": \"\", \"optimizations\": {\"sec_ckpt_valid_blocks\": true}, \"command\": \"fio --name=w --rw=write --bs=512k --size=64m --filename=/mnt/f\"}"))) @RequestBody(required = false) String body) {
        return Mono.fromCallable(() -> JsonBody.parse(body)).flatMap(runs::submit).map(a -> {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("id", a.id());
            out.put("status", "QUEUED");
            out.put("kind", a.kind());
            out.put("request", a.spec());
            return ResponseEntity.accepted().location(URI.create("/api/runs/" + a.id())).body(out);
        });
    }

    @Operation(summary = "Run history, newest first (scenario filter, page, size)")
    @GetMapping(path = "/api/runs", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<RunHistory.Page> showRunList(@RequestParam(required = false) String scenario, @RequestParam(required = false) String page,
                                          @RequestParam(required = false) String size) {
        return Mono.fromCallable(() -> {
            if (scenario != null && !scenario.isEmpty() && !runs.knownScenario(scenario)) {
                throw ApiException.invalid("scenario", "unknown scenario '" + scenario + "'; known: " + String.join(", ", runs.scenarioIds()));
            }
            return new Object[] {scenario == null || scenario.isEmpty() ? null : scenario, RequestParams.page(page), RequestParams.size(size)};
        }).flatMap(a -> history.page((String) a[0], (int) a[1], (int) a[2]));
    }

    @Operation(summary = "One result (contracts.md §3) with id, status, kind")
    @GetMapping(path = "/api/runs/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<JsonNode> showRun(@PathVariable String id) {
        return Mono.fromCallable(() -> RequestParams.id("id", id)).flatMap(runs::find).map(RunService::document);
    }

    /** The result as {@code section,name,value,unit} rows ({@link RunCsv}); 409 while the run has none. */
    @Operation(summary = "One result as CSV: section,name,value,unit")
    @GetMapping(path = "/api/runs/{id}.csv", produces = "text/csv")
    Mono<ResponseEntity<String>> showRunCsv(@PathVariable String id) {
        return Mono.fromCallable(() -> RequestParams.id("id", id)).flatMap(runs::find).map(r -> {
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
