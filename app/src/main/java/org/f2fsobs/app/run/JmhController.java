package org.f2fsobs.app.run;

import java.net.URI;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.f2fsobs.app.queue.Durability;
import org.f2fsobs.app.system.ApiException;
import org.f2fsobs.app.system.RequestParams;
import org.f2fsobs.bench.api.ResultJson;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.transaction.reactive.TransactionalOperator;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
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

    @Operation(summary = "Import a JMH result file (-rf json)", description = "201 with Location /api/jmh/{id}.")
    @PostMapping(path = "/api/jmh", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<ResponseEntity<Map<String, Object>>> processImportForm(@RequestBody(required = false) String body,
                                                                @RequestParam(required = false) String name) {
        return Mono.fromCallable(() -> {
            if (name != null && name.length() > 200) throw ApiException.invalid("name", "at most 200 characters");
            return JmhImporter.parse(body);
        }).flatMap(p -> tx.transactional(imports.save(new JmhImport(null, name, p.results().size(), p.jmhVersion(), p.jdkVersion(),
                                p.document(), Instant.now()))
                        .flatMap(saved -> Flux.fromIterable(p.results())
                                .concatMap(r -> results.save(new JmhResult(null, saved.id(), r.benchmark(), r.mode(), r.threads(), r.forks(),
                                        r.paramsJson(), r.score(), r.scoreError(), r.scoreUnit())))
                                .then(Mono.just(saved))))
                .flatMap(saved -> durability.checkpoint().thenReturn(saved)))
                .flatMap(saved -> show(saved.id()).map(view -> ResponseEntity.created(URI.create("/api/jmh/" + saved.id())).body(view)));
    }

    @GetMapping(path = "/api/jmh", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<List<Map<String, Object>>> showImportList() {
        return imports.findAll().sort((x, y) -> Long.compare(y.id(), x.id())).map(JmhController::summary).collectList();
    }

    @GetMapping(path = "/api/jmh/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<Map<String, Object>> showImport(@PathVariable String id) {
        return Mono.fromCallable(() -> RequestParams.id("id", id)).flatMap(this::show);
    }

    private Mono<Map<String, Object>> show(long id) {
        return imports.findById(id).switchIfEmpty(Mono.error(() -> ApiException.notFound("JMH import", id)))
                .zipWith(results.findByImportIdOrderById(id).map(r -> {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("benchmark", r.benchmark());
                    m.put("mode", r.mode());
                    m.put("threads", r.threads());
                    m.put("forks", r.forks());
                    m.put("params", r.paramsJson() == null ? null : ResultJson.mapper().readTree(r.paramsJson()));
                    m.put("score", r.score());
                    m.put("score_error", r.scoreError());
                    m.put("score_unit", r.scoreUnit());
                    return m;
                }).collectList())
                .map(t -> {
                    Map<String, Object> m = summary(t.getT1());
                    m.put("results", t.getT2());
                    return m;
                });
    }

    private static Map<String, Object> summary(JmhImport i) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", i.id());
        m.put("name", i.name());
        m.put("benchmarks", i.benchmarks());
        m.put("jmh_version", i.jmhVersion());
        m.put("jdk_version", i.jdkVersion());
        m.put("created_at", i.createdAt());
        return m;
    }

}
