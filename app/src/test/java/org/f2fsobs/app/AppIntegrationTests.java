package org.f2fsobs.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.api.RunResult;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.http.MediaType;
import org.springframework.http.codec.ServerSentEvent;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The app end to end over HTTP on a random port, with the engine-backed runner: matrices run to DONE and stream
 * their cells, results read back as JSON and CSV, runs compare, JMH files import, operations endpoints answer.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "observatory.queue.workers=2")
@AutoConfigureWebTestClient(timeout = "PT60S")
class AppIntegrationTests {
    /** The two cells of fio-large-section at 1 % of the mail's size: sec_ckpt_valid_blocks off, then on. */
    static final String TWO_CELLS = "{\"scenario\": \"fio-large-section\", \"params\": {\"scale\": [0.01]}, \"repetitions\": 1, \"seed\": 7}";

    @Autowired
    private WebTestClient webClient;

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestDatabases.fresh(registry, "app");
    }

    private Api api() {
        return new Api(webClient, null);
    }

    @Test
    void healthIsUp() {
        webClient.get().uri("/actuator/health").exchange()
                .expectStatus().isOk()
                .expectBody().jsonPath("$.status").isEqualTo("UP");
    }

    @Test
    void twoCellMatrixRunsToDoneAndStreamsItsCells() {
        Api api = api();
        long id = api.submitMatrix(TWO_CELLS);
        Map<String, Object> m = api.awaitMatrix(id, "DONE", 240);
        assertThat(m.get("cell_count")).isEqualTo(2);
        assertThat(m.get("cells_done")).isEqualTo(2);
        Map<String, Object> full = api.get("/api/matrices/" + id);
        List<Map<String, Object>> cells = list(full.get("cells"));
        assertThat(cells).extracting(c -> c.get("status")).containsExactly("DONE", "DONE");
        Map<String, Object> result0 = map(cells.get(0).get("result"));
        assertThat(result0).containsKeys("scenario", "tool", "command", "tool_output", "headline", "counters", "histograms",
                "time_breakdown_ns", "preparation", "virtual_ns", "wall_ms", "reproduce", "engine_version");
        assertThat(map(result0.get("optimizations")).get("sec_ckpt_valid_blocks")).isEqualTo(false);
        assertThat(map(map(cells.get(1).get("result")).get("optimizations")).get("sec_ckpt_valid_blocks")).isEqualTo(true);
        List<Map<String, Object>> comparisons = list(full.get("comparisons"));
        assertThat(comparisons).hasSize(1);
        assertThat(comparisons.get(0)).containsKeys("params", "row", "off", "on", "ratio", "ratio_ci", "reference_ratio", "mechanism", "verdict");
        assertThat(full.get("comparisons_complete")).isEqualTo(true);

        // a client that subscribes after the end still gets every cell, in order, then done
        List<ServerSentEvent<String>> events = api.events(id, null);
        assertThat(events).extracting(ServerSentEvent::event).containsExactly("cell", "cell", "done");
        assertThat(events).extracting(ServerSentEvent::id).containsExactly("0", "1", null);
        Map<?, ?> headline0 = ResultJson.read(events.get(0).data(), Map.class);
        assertThat(headline0.get("name")).isEqualTo("write_bandwidth");
        assertThat(headline0.get("unit")).isEqualTo("bytes/s");
        assertThat(((Number) headline0.get("value")).doubleValue()).isEqualTo(((Number) map(result0.get("headline")).get("value")).doubleValue());
        assertThat(ResultJson.read(events.get(2).data(), Map.class).get("status")).isEqualTo("DONE");

        // Last-Event-ID skips what the client has seen
        assertThat(api.events(id, "0")).extracting(ServerSentEvent::id).containsExactly("1", null);
        assertThat(api.events(id, "1")).extracting(ServerSentEvent::event).containsExactly("done");

        // the scenario's standing includes this point (stored right after the last cell), with the mail's figures
        Map<String, Object> standing = api.await("/api/scenarios/fio-large-section/comparison", s -> list(s.get("comparisons")).stream()
                .anyMatch(p -> ((Number) p.get("matrix_id")).longValue() == id), 30);
        List<Map<String, Object>> points = list(standing.get("comparisons"));
        assertThat(points).anySatisfy(p -> {
            assertThat(((Number) p.get("matrix_id")).longValue()).isEqualTo(id);
            assertThat(p.get("verdict")).isNotNull();
            assertThat(list(p.get("reference"))).isNotEmpty();
        });

        // the history lists it, newest first, and filters
        Map<String, Object> history = api.get("/api/matrices?scenario=fio-large-section&status=DONE&page=0");
        assertThat(list(history.get("items"))).extracting(x -> ((Number) x.get("id")).longValue()).contains(id);
        assertThat(list(api.get("/api/matrices?status=FAILED").get("items"))).extracting(x -> x.get("id")).doesNotContain((int) id);

        // each cell is a run: JSON (§3 + id/status), CSV, compare
        long run0 = ((Number) cells.get(0).get("run_id")).longValue(), run1 = ((Number) cells.get(1).get("run_id")).longValue();
        String json = webClient.get().uri("/api/runs/" + run0).exchange().expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody();
        RunResult parsed = ResultJson.read(json, RunResult.class);
        assertThat(parsed.headline().name()).isEqualTo("write_bandwidth");
        assertThat(parsed.params()).containsEntry("segs_per_sec", 128);
        String csv = webClient.get().uri("/api/runs/" + run0 + ".csv").exchange().expectStatus().isOk()
                .expectHeader().contentTypeCompatibleWith("text/csv")
                .expectHeader().valueMatches("Content-Disposition", "attachment; filename=\"run-" + run0 + ".csv\"")
                .expectBody(String.class).returnResult().getResponseBody();
        assertThat(csv).startsWith("section,name,value,unit\r\n").contains("\r\nheadline,write_bandwidth,")
                .contains("\r\nparam,segs_per_sec,128,").contains("\r\ncounter,seg_entry_reads,").contains("\r\noptimization,sec_ckpt_valid_blocks,false,");
        Map<String, Object> cmp = api.get("/api/compare?a=" + run0 + "&b=" + run1);
        assertThat(map(cmp.get("headline")).get("change_percent")).isInstanceOf(Number.class);
        assertThat(list(cmp.get("counters"))).anySatisfy(c -> assertThat(c.get("name")).isEqualTo("seg_entry_reads"));
        assertThat(map(cmp.get("histograms"))).containsKey("write_request_bytes");
        Map<String, Object> runs = api.get("/api/runs?scenario=fio-large-section&page=0");
        assertThat(list(runs.get("items"))).extracting(x -> ((Number) x.get("id")).longValue()).contains(run0, run1);
    }

    @Test
    void singleRunsOfAScenarioAndOfAFreeFormCommandRunToDone() {
        Api api = api();
        // a scenario run's plumbing on P1, whose regime holds at 1 % (P2's smallest meaningful scale is 0.5: docs/scale.md)
        Map<String, Object> a = api.post("/api/runs").bodyValue("{\"scenario\": \"fio-large-section\", \"params\": {\"scale\": 0.01}}")
                .exchange().expectStatus().isAccepted().expectHeader().valueMatches("Location", "/api/runs/[0-9]+")
                .expectBody(Api.MAP).returnResult().getResponseBody();
        Map<String, Object> b = api.post("/api/runs").bodyValue("{\"profile\": \"nullblk-x86\", \"command\": \"dd if=/dev/zero of=/mnt/f bs=1M count=4\"}")
                .exchange().expectStatus().isAccepted().expectBody(Api.MAP).returnResult().getResponseBody();
        Map<String, Object> ra = api.await("/api/runs/" + a.get("id"), r -> "DONE".equals(r.get("status")), 240);
        Map<String, Object> rb = api.await("/api/runs/" + b.get("id"), r -> "DONE".equals(r.get("status")), 240);
        assertThat(ra.get("scenario")).isEqualTo("fio-large-section");
        assertThat(ra.get("kind")).isEqualTo("SCENARIO");
        assertThat(map(ra.get("headline")).get("name")).isEqualTo("write_bandwidth");
        assertThat(rb.get("kind")).isEqualTo("EXEC");
        assertThat(rb.get("tool")).isEqualTo("dd");
        assertThat((String) rb.get("tool_output")).contains("4194304 bytes");
    }

    @Test
    @SuppressWarnings("unchecked")
    void aScriptRunsToDoneWithEveryToolRun() {
        Api api = api();
        String script = "dd if=/dev/zero of=/data/f bs=1M count=2\\necho 3 > /proc/sys/vm/drop_caches\\ndd if=/data/f of=/dev/null bs=1M\\n";
        Map<String, Object> s = api.post("/api/runs").bodyValue("{\"profile\": \"ufs21-2018\", \"script\": \"" + script + "\"}")
                .exchange().expectStatus().isAccepted().expectBody(Api.MAP).returnResult().getResponseBody();
        Map<String, Object> r = api.await("/api/runs/" + s.get("id"), x -> "DONE".equals(x.get("status")), 240);
        assertThat(r.get("kind")).isEqualTo("EXEC");
        assertThat(r.get("command")).as("the result is the last run").isEqualTo("dd if=/data/f of=/dev/null bs=1M");
        assertThat((String) r.get("script")).startsWith("dd if=/dev/zero of=/data/f bs=1M count=2\n");
        List<Object> runs = (List<Object>) r.get("script_runs");
        assertThat(runs).hasSize(2);
        assertThat(map(runs.get(0)).get("command")).isEqualTo("dd if=/dev/zero of=/data/f bs=1M count=2");
        assertThat(((Number) map(map(runs.get(1)).get("counters")).get("read_bytes")).longValue()).isGreaterThanOrEqualTo(2L << 20);
    }

    @Test
    void aFioJobFileTravelsAsTheScriptsHereDocument() {
        Api api = api();
        // REST reads no host file: the job file's text is a here-document of the script, fio reads it from the volume
        String script = "export SZ=2m\\ncat > /jobs/seq.fio <<'EOF'\\n[global]\\nbs=64k ; inline comment\\n"
                + "[seq]\\nfilename=/data/f\\nrw=write\\nsize=${SZ}\\ndescription=from a job file\\nEOF\\nfio /jobs/seq.fio\\n";
        Map<String, Object> s = api.post("/api/runs").bodyValue("{\"profile\": \"ufs21-2018\", \"script\": \"" + script + "\"}")
                .exchange().expectStatus().isAccepted().expectBody(Api.MAP).returnResult().getResponseBody();
        Map<String, Object> r = api.await("/api/runs/" + s.get("id"), x -> "DONE".equals(x.get("status")), 240);
        assertThat((String) r.get("tool_output")).contains("seq: (g=0): rw=write, bs=(R) 64.0KiB-64.0KiB")
                .contains("Description  : [from a job file]").contains("(2048KiB/");
    }

    @Test
    void crashCheckIsQueuedAndEnds() {
        Api api = api();
        Map<String, Object> c = api.post("/api/crash-checks").bodyValue("{\"scenario\": \"fio-large-section\", \"params\": {\"scale\": 0.01}, \"max_points\": 3}")
                .exchange().expectStatus().isAccepted().expectHeader().valueMatches("Location", "/api/crash-checks/[0-9]+")
                .expectBody(Api.MAP).returnResult().getResponseBody();
        Map<String, Object> done = api.await("/api/crash-checks/" + c.get("id"), r -> !"QUEUED".equals(r.get("status"))
                && !"RUNNING".equals(r.get("status")), 240);
        assertThat(done.get("status")).isEqualTo("DONE");
        assertThat(done).containsKeys("verdict", "crash_points", "checked", "failures", "reproduce", "coverage", "coverage_required");
        // 3 points of 7 cannot cut each kind of moment fio's workload has: not "safe"
        assertThat(done.get("verdict")).isEqualTo("insufficient_coverage");
        assertThat((List<?>) done.get("coverage_missing")).isNotEmpty();
        assertThat(((Number) done.get("checked")).intValue()).isBetween(1, 3);
    }

    @Test
    void jmhResultFileIsImportedAndReadBack() {
        String file = """
                [ {"jmhVersion": "1.37", "benchmark": "org.f2fsobs.bench.jmh.EventLoopBenchmark.runOne", "mode": "avgt", "threads": 1,
                   "forks": 1, "jdkVersion": "25", "params": {"tasks": "32"},
                   "primaryMetric": {"score": 41.5, "scoreError": 0.7, "scoreUnit": "ns/op", "rawData": [[41.0, 42.0]]}},
                  {"jmhVersion": "1.37", "benchmark": "org.f2fsobs.bench.jmh.EventLoopBenchmark.baseline", "mode": "avgt", "threads": 1,
                   "forks": 1, "primaryMetric": {"score": 0.3, "scoreError": "NaN", "scoreUnit": "ns/op"}} ]""";
        Map<String, Object> imported = api().post("/api/jmh?name=smoke").bodyValue(file).exchange()
                .expectStatus().isCreated().expectHeader().valueMatches("Location", "/api/jmh/[0-9]+")
                .expectBody(Api.MAP).returnResult().getResponseBody();
        assertThat(imported.get("benchmarks")).isEqualTo(2);
        Map<String, Object> back = api().get("/api/jmh/" + imported.get("id"));
        List<Map<String, Object>> results = list(back.get("results"));
        assertThat(results).extracting(r -> r.get("benchmark")).containsExactly(
                "org.f2fsobs.bench.jmh.EventLoopBenchmark.runOne", "org.f2fsobs.bench.jmh.EventLoopBenchmark.baseline");
        assertThat(results.get(0).get("score")).isEqualTo(41.5);
        assertThat(results.get(1).get("score_error")).isNull();
        assertThat(map(results.get(0).get("params")).get("tasks")).isEqualTo("32");
        assertThat(back.get("jmh_version")).isEqualTo("1.37");
    }

    @Test
    void scenariosAndProfilesAreListed() {
        webClient.get().uri("/api/scenarios").exchange().expectStatus().isOk()
                .expectBody()
                .jsonPath("$").isArray()
                .jsonPath("$.length()").isEqualTo(4)
                .jsonPath("$[0].id").isEqualTo("fio-large-section")
                .jsonPath("$[0].flag").isEqualTo("sec_ckpt_valid_blocks")
                .jsonPath("$[0].params").isArray()
                .jsonPath("$[0].references").isArray()
                .jsonPath("$[0].expected_mechanism").exists();
        webClient.get().uri("/api/profiles").exchange().expectStatus().isOk()
                .expectBody()
                .jsonPath("$[0].name").isEqualTo("nullblk-x86")
                .jsonPath("$[0].constants").isMap();
        String profiles = webClient.get().uri("/api/profiles").exchange().expectBody(String.class).returnResult().getResponseBody();
        assertThat(profiles).contains("\"source\"");
    }

    @Test
    void operationsEndpointsAndSecurityHeaders() {
        long id = api().submitMatrix(TWO_CELLS);
        api().awaitMatrix(id, "DONE", 240);
        // a job's metrics are recorded when its worker lets go of it, just after its result is stored: the matrix can
        // read DONE a moment before its last cell is counted, so wait for the counter, not for a time
        String prometheus = null;
        for (long end = System.nanoTime() + 60_000_000_000L; System.nanoTime() < end; ) {
            prometheus = webClient.get().uri("/actuator/prometheus").exchange().expectStatus().isOk()
                    .expectBody(String.class).returnResult().getResponseBody();
            if (prometheus.contains("observatory_cells_completed_total{kind=\"cell\",outcome=\"done\"}")) break;
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        assertThat(prometheus).contains("observatory_queue_depth{kind=\"cells\"}")
                .contains("observatory_cells_completed_total{kind=\"cell\",outcome=\"done\"}")
                .contains("observatory_cell_duration_seconds_count{kind=\"cell\",outcome=\"done\"}");
        webClient.get().uri("/api/scenarios").exchange()
                .expectHeader().valueEquals("X-Content-Type-Options", "nosniff")
                .expectHeader().valueEquals("X-Frame-Options", "DENY")
                .expectHeader().valueMatches("Content-Security-Policy", "default-src 'self';.*");
        webClient.get().uri("/api/no-such-thing").exchange().expectStatus().isNotFound()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectHeader().valueMatches("Content-Security-Policy", "default-src 'self';.*");
        webClient.get().uri("/h2-console").exchange().expectStatus().isNotFound();
        webClient.get().uri("/v3/api-docs").exchange().expectStatus().isOk()
                .expectBody().jsonPath("$.paths['/api/matrices']").exists().jsonPath("$.paths['/api/runs/{id}.csv']").exists();
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object o) {
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> list(Object o) {
        return (List<Map<String, Object>>) o;
    }

    /** Runs the app from the IDE with a throwaway database (PetClinic's PetClinicIntegrationTests#main). */
    public static void main(String[] args) {
        SpringApplication.run(ObservatoryApplication.class, "--observatory.data-dir=./target/dev-data");
    }
}
