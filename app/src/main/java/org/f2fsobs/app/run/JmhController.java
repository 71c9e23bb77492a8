package org.f2fsobs.app.run;

import java.net.URI;
import java.time.Instant;
import java.util.List;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonRawValue;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import org.f2fsobs.app.queue.Durability;
import org.f2fsobs.app.system.ApiException;
import org.f2fsobs.app.system.Database;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.transaction.reactive.TransactionalOperator;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * {@code POST /api/jmh}: imports a JMH result file (body = the file, {@code -rf json}; optional {@code ?name=}),
 * stored whole and one row per benchmark → 201 with {@code Location: /api/jmh/{id}}. {@code GET /api/jmh} lists the
 * imports, newest first; {@code GET /api/jmh/{id}} shows one with its benchmarks.
 */
@RestController
@Tag(name = "jmh", description = "imported JMH result files")
class JmhController {
    private final JmhImportRepository imports;
    private final JmhResultRepository results;
    private final TransactionalOperator tx;
    private final Durability durability;

    JmhController(JmhImportRepository imports, JmhResultRepository results, TransactionalOperator tx, Durability durability) {
        this.imports = imports;
        this.results = results;
        this.tx = tx;
        this.durability = durability;
    }

    /** One imported file; {@code results} only when one import is shown. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record JmhImportView(long id, String name, int benchmarks, String jmhVersion, String jdkVersion, Instant createdAt,
                         List<Benchmark> results) {}

    /** One benchmark (and parameter set) of a file: the primary metric. */
    record Benchmark(String benchmark, String mode, Integer threads, Integer forks,
                     @Schema(type = "object", description = "the benchmark's @Param values") @JsonRawValue String params,
                     double score, Double scoreError, String scoreUnit) {}

    @Operation(summary = "Import a JMH result file (-rf json)", description = "201 with Location /api/jmh/{id}; 400 names every bad "
            + "element ([2].primaryMetric.score); 422 body_bytes.")
    @PostMapping(path = "/api/jmh", consumes = MediaType.APPLICATION_JSON_VALUE, produces = MediaType.APPLICATION_JSON_VALUE)
    @ResponseStatus(HttpStatus.CREATED)
    Mono<ResponseEntity<JmhImportView>> processImportForm(
            @io.swagger.v3.oas.annotations.parameters.RequestBody(description = "a JMH result file: the JSON array of -rf json",
                    content = @Content(mediaType = "application/json", array = @ArraySchema(schema = @Schema(type = "object"))))
            @RequestBody String body,
            @RequestParam(required = false) @Size(max = 200, message = "at most 200 characters") String name) {
        return Mono.fromCallable(() -> JmhImporter.parse(body))
                .flatMap(p -> tx.transactional(imports.save(new JmhImport(null, name, p.results().size(), p.jmhVersion(), p.jdkVersion(),
                                        p.document(), Instant.now()))
                                .flatMap(saved -> Flux.fromIterable(p.results())
                                        .concatMap(r -> results.save(new JmhResult(null, saved.id(), r.benchmark(), r.mode(), r.threads(),
                                                r.forks(), r.paramsJson(), r.score(), r.scoreError(), r.scoreUnit())))
                                        .then(Mono.just(saved))))
                        .flatMap(saved -> durability.checkpoint().thenReturn(saved)))
                .flatMap(saved -> show(saved.id()).map(view -> ResponseEntity.created(URI.create("/api/jmh/" + saved.id())).body(view)))
                .subscribeOn(Database.SCHEDULER);
    }

    @Operation(summary = "The imported JMH files, newest first")
    @GetMapping(path = "/api/jmh", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<List<JmhImportView>> showImportList() {
        return imports.findAll().sort((x, y) -> Long.compare(y.id(), x.id())).map(i -> view(i, null)).collectList()
                .subscribeOn(Database.SCHEDULER);
    }

    @Operation(summary = "One imported JMH file with its benchmarks")
    @GetMapping(path = "/api/jmh/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<JmhImportView> showImport(@PathVariable @Positive(message = "must be a positive integer id") long id) {
        return show(id).subscribeOn(Database.SCHEDULER);
    }

    private Mono<JmhImportView> show(long id) {
        return imports.findById(id).switchIfEmpty(Mono.error(() -> ApiException.notFound("JMH import", id)))
                .zipWith(results.findByImportIdOrderById(id).map(r -> new Benchmark(r.benchmark(), r.mode(), r.threads(), r.forks(),
                        r.paramsJson(), r.score(), r.scoreError(), r.scoreUnit())).collectList())
                .map(t -> view(t.getT1(), t.getT2()));
    }

    private static JmhImportView view(JmhImport i, List<Benchmark> results) {
        return new JmhImportView(i.id(), i.name(), i.benchmarks(), i.jmhVersion(), i.jdkVersion(), i.createdAt(), results);
    }
}
