package org.f2fsobs.app.web;

import java.nio.charset.StandardCharsets;
import org.f2fsobs.app.matrix.MatrixRepository;
import org.f2fsobs.app.run.Run;
import org.f2fsobs.app.run.RunRepository;
import org.f2fsobs.app.system.Database;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.reactive.result.view.Rendering;
import reactor.core.publisher.Mono;

/**
 * The dashboards (contracts.md §4 "Pages"). Each page is a skeleton: headings, landmarks, empty tables and
 * {@code <canvas>} elements carrying the REST URLs they are drawn from ({@code data-*} attributes). The ES modules in
 * {@code src-web} fetch the JSON and draw; no result data is written into the HTML or into inline scripts (the CSP
 * forbids them anyway).
 *
 * <p>An unknown scenario, matrix or run id answers 404 with a page that says so, not an empty chart.
 */
@Controller
class PageController {
    private final ScenarioCatalog catalog;
    private final MatrixRepository matrices;
    private final RunRepository runs;

    PageController(ScenarioCatalog catalog, MatrixRepository matrices, RunRepository runs) {
        this.catalog = catalog;
        this.matrices = matrices;
        this.runs = runs;
    }

    /** {@code /}: one card per scenario; the claim, the latest reproduction and the crash verdict come from the API. */
    @GetMapping(path = "/", produces = MediaType.TEXT_HTML_VALUE)
    String showOverview(org.springframework.ui.Model model) {
        model.addAttribute("scenarios", catalog.list());
        return "overview";
    }

    /** {@code /scenarios/new}: paste a patch mail, see its draft with the parts it was read from marked, store and run it. */
    @GetMapping(path = "/scenarios/new", produces = MediaType.TEXT_HTML_VALUE)
    String showNewScenarioForm() {
        return "scenarios/newFromMail";
    }

    @GetMapping(path = "/scenarios/{id}", produces = MediaType.TEXT_HTML_VALUE)
    Rendering showScenario(@PathVariable String id) {
        return catalog.find(id)
                .map(s -> Rendering.view("scenarios/scenarioDetails").modelAttribute("scenario", s).build())
                .orElseGet(() -> notFound("scenario", id, "The catalog has " + String.join(", ", catalog.ids()) + "."));
    }

    @GetMapping(path = "/matrices/{id}", produces = MediaType.TEXT_HTML_VALUE)
    Mono<Rendering> showMatrix(@PathVariable String id) {
        Long key = parseId(id);
        if (key == null) return Mono.just(notFound("matrix", id, "Matrix ids are positive integers."));
        return matrices.findById(key).subscribeOn(Database.SCHEDULER)
                .map(m -> Rendering.view("matrices/matrixProgress").modelAttribute("matrixId", m.id())
                        .modelAttribute("scenario", catalog.find(m.scenario()).orElse(null))
                        .modelAttribute("scenarioId", m.scenario()).build())
                .defaultIfEmpty(notFound("matrix", id, null));
    }

    @GetMapping(path = "/runs/{id}", produces = MediaType.TEXT_HTML_VALUE)
    Mono<Rendering> showRun(@PathVariable String id) {
        Long key = parseId(id);
        if (key == null) return Mono.just(notFound("run", id, "Run ids are positive integers."));
        return runs.findRef(key).subscribeOn(Database.SCHEDULER)
                .map(r -> Rendering.view("runs/runDetails").modelAttribute("runId", r.id()).modelAttribute("matrixId", r.matrixId()).build())
                .defaultIfEmpty(notFound("run", id, null));
    }

    /** The tool's own text output of a run, as a download ({@code run-ID-TOOL.txt}); 404 when there is none yet. */
    @GetMapping(path = "/runs/{id}/tool-output.txt")
    Mono<ResponseEntity<String>> showRunToolOutput(@PathVariable String id) {
        Long key = parseId(id);
        ResponseEntity<String> missing = ResponseEntity.status(HttpStatus.NOT_FOUND).contentType(TEXT_PLAIN)
                .body("run " + id + " has no tool output (no such run, or it has not finished)\n");
        if (key == null) return Mono.just(missing);
        return runs.findById(key).subscribeOn(Database.SCHEDULER).filter(r -> r.resultJson() != null).map(PageController::toolOutput).defaultIfEmpty(missing);
    }

    private static final MediaType TEXT_PLAIN = new MediaType("text", "plain", StandardCharsets.UTF_8);

    private static ResponseEntity<String> toolOutput(Run r) {
        RunResult result = ResultJson.read(r.resultJson(), RunResult.class);
        String text = result.toolOutput() == null ? "" : result.toolOutput();
        String name = "run-" + r.id() + "-" + (result.tool() == null ? "tool" : result.tool()) + ".txt";
        return ResponseEntity.ok().contentType(TEXT_PLAIN)
                .header("Content-Disposition", ContentDisposition.attachment().filename(name).build().toString())
                .body(text.endsWith("\n") ? text : text + "\n");
    }

    /** {@code /compare?a=&b=}: without both ids, a form to pick two runs. */
    @GetMapping(path = "/compare", produces = MediaType.TEXT_HTML_VALUE)
    String showCompare(@RequestParam(required = false) String a, @RequestParam(required = false) String b,
                       org.springframework.ui.Model model) {
        model.addAttribute("a", a == null ? "" : a);
        model.addAttribute("b", b == null ? "" : b);
        model.addAttribute("complete", parseId(a) != null && parseId(b) != null);
        return "compare/compare";
    }

    /** {@code /jmh}: the imported JMH result files and their benchmarks. */
    @GetMapping(path = "/jmh", produces = MediaType.TEXT_HTML_VALUE)
    String showJmhList() {
        return "jmh/jmhList";
    }

    private static Rendering notFound(String what, String id, String hint) {
        return Rendering.view("error/notFound").status(HttpStatus.NOT_FOUND)
                .modelAttribute("what", what).modelAttribute("id", id).modelAttribute("hint", hint == null ? "" : hint).build();
    }

    static Long parseId(String text) {
        if (text == null || !text.matches("[0-9]{1,18}")) return null;
        long v = Long.parseLong(text);
        return v > 0 ? v : null;
    }
}
