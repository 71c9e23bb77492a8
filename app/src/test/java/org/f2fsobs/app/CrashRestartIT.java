package org.f2fsobs.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.f2fsobs.bench.api.ResultJson;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Crash and restart of the packaged app (failsafe, after repackage): start {@code app/target/app-*.jar} as its own
 * process on a fresh H2 file, submit a matrix whose cells take seconds, {@code kill -9} it while a cell runs and
 * after another finished, start it again on the same file. The matrix finishes; no cell is lost or duplicated;
 * finished cells keep their result byte for byte (same run id, same stored JSON); the interrupted cell ran again.
 */
class CrashRestartIT {
    /**
     * fio-large-section at the mail's size: 2 flag settings × 4 repetitions = 8 cells of about a second each on a quiet
     * host (a few on a busy one): enough cells that the poll below catches one early in its measured command.
     */
    static final String MATRIX = "{\"scenario\": \"fio-large-section\", \"params\": {\"scale\": [1.0]}, \"repetitions\": 4, \"seed\": 3}";
    static final int CELLS = 8;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final List<Process> started = new ArrayList<>();
    private int port;

    @AfterEach
    void stopAll() {
        for (Process p : started) p.destroyForcibly();
    }

    @Test
    void aMatrixSurvivesKillDashNine() throws Exception {
        assumeTrue(System.getProperty("app.jar") != null, "runs under failsafe, which sets app.jar to the packaged jar");
        Path dir = Files.createTempDirectory(Path.of("target"), "crash-restart-");
        port = freePort();
        Process first = start(dir, "first");
        long id = ResultJson.mapper().readTree(post("/api/matrices", MATRIX)).get("id").asLong();

        JsonNode mid = caughtMidway("/api/matrices/" + id + "?results=false");
        Map<Long, String> before = new LinkedHashMap<>();          // run id → stored result, of every finished cell
        Map<Integer, Long> runOfCell = new LinkedHashMap<>();
        for (JsonNode c : mid.get("cells")) {
            if (c.get("status").asString().equals("DONE")) {
                long run = c.get("run_id").asLong();
                before.put(run, get("/api/runs/" + run));
                runOfCell.put(c.get("index").asInt(), run);
            }
        }
        first.destroyForcibly();                                   // kill -9
        assertThat(first.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(before).isNotEmpty();
        List<Integer> interrupted = new ArrayList<>();
        for (JsonNode c : mid.get("cells")) if (c.get("status").asString().equals("RUNNING")) interrupted.add(c.get("index").asInt());
        assertThat(interrupted).as("a cell was running at the kill").isNotEmpty();

        start(dir, "second");
        JsonNode done = await("/api/matrices/" + id + "?results=false", m -> m.get("status").asString().equals("DONE"), 900);
        assertThat(done.get("cells_done").asInt()).isEqualTo(CELLS);
        List<Long> runIds = new ArrayList<>();
        for (JsonNode c : done.get("cells")) {
            assertThat(c.get("status").asString()).isEqualTo("DONE");
            runIds.add(c.get("run_id").asLong());
            if (interrupted.contains(c.get("index").asInt())) assertThat(c.get("attempts").asInt()).isEqualTo(2);
        }
        assertThat(runIds).doesNotHaveDuplicates().hasSize(CELLS);
        runOfCell.forEach((cell, run) -> assertThat(runIds.get(cell)).as("run of cell %d", cell).isEqualTo(run));
        for (Map.Entry<Long, String> e : before.entrySet()) {
            assertThat(get("/api/runs/" + e.getKey())).as("stored result of run %d", e.getKey()).isEqualTo(e.getValue());
        }
        // exactly one result per cell belongs to the matrix
        int mine = 0;
        for (JsonNode r : ResultJson.mapper().readTree(get("/api/runs?scenario=fio-large-section&size=500")).get("items")) {
            if (r.hasNonNull("matrix_id") && r.get("matrix_id").asLong() == id) mine++;
        }
        assertThat(mine).isEqualTo(CELLS);
        // the event stream after the restart replays every cell, then done
        String events = get("/api/matrices/" + id + "/events");
        assertThat(events.split("event:cell", -1)).hasSize(CELLS + 1);
        assertThat(events).contains("event:done");
    }

    private Process start(Path dir, String name) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        String jar = System.getProperty("app.jar");
        assertThat(jar).as("system property app.jar (set by failsafe)").isNotNull();
        File log = dir.resolve(name + ".log").toFile();
        Process p = new ProcessBuilder(java, "-jar", new File(jar).getAbsolutePath(), "--server.port=" + port,
                "--observatory.data-dir=./data", "--observatory.queue.workers=1")
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log).start();
        started.add(p);
        long end = System.nanoTime() + Duration.ofSeconds(300).toNanos();
        while (System.nanoTime() < end) {
            assertThat(p.isAlive()).as("app %s exited; see %s", name, log).isTrue();
            try {
                if (http.send(request("/actuator/health").GET().build(), HttpResponse.BodyHandlers.ofString()).statusCode() == 200) return p;
            } catch (IOException notYet) {
                // starting
            }
            Thread.sleep(250);
        }
        throw new AssertionError("app " + name + " did not start in 300 s; see " + log);
    }

    /**
     * A snapshot with at least one cell DONE and one cell RUNNING that has reported progress, at most half-way. The
     * queue checkpoints a claim before the cell starts (Jobs.execute) and each result before the next
     * claim (one worker), so a cell that reports progress is durably RUNNING and every cell before it durably DONE;
     * less than half-way through its measured command, it is still running when the kill follows (cells take about a
     * second). A condition on the app's own state, not on elapsed time.
     */
    private JsonNode caughtMidway(String path) throws Exception {
        long end = System.nanoTime() + Duration.ofSeconds(600).toNanos();
        while (System.nanoTime() < end) {
            JsonNode m = ResultJson.mapper().readTree(get(path));
            assertThat(m.get("status").asString()).as("the matrix ended before a cell was caught running").isNotEqualTo("DONE");
            boolean early = false;
            for (JsonNode rc : m.at("/progress/running_cells")) {
                if (rc.hasNonNull("fraction") && rc.get("fraction").asDouble() > 0 && rc.get("fraction").asDouble() < 0.5) early = true;
            }
            if (m.at("/progress/done").asInt() >= 1 && early) return m;
            Thread.sleep(20);
        }
        throw new AssertionError("timed out waiting for a cell to report progress after another finished: " + path);
    }

    private JsonNode await(String path, Predicate<JsonNode> done, int seconds) throws Exception {
        long end = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        JsonNode last = null;
        while (System.nanoTime() < end) {
            last = ResultJson.mapper().readTree(get(path));
            if (done.test(last)) return last;
            Thread.sleep(50);
        }
        throw new AssertionError("timed out waiting on " + path + "; last: " + last);
    }

    private String get(String path) throws Exception {
        HttpResponse<String> r = http.send(request(path).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as("GET %s: %s", path, r.body()).isEqualTo(200);
        return r.body();
    }

    private String post(String path, String json) throws Exception {
        HttpResponse<String> r = http.send(request(path).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as("POST %s: %s", path, r.body()).isEqualTo(202);
        return r.body();
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://localhost:" + port + path)).timeout(Duration.ofSeconds(60));
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
