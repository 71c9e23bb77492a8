package org.f2fsobs.app.distributed;

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
import java.util.TreeSet;
import java.util.function.Predicate;
import org.f2fsobs.app.system.Json;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.runner.EngineCellRunner;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Several instances on one real PostgreSQL (embedded, from Maven Central), each a separate JVM started from the
 * packaged jar (failsafe, after repackage): one {@code web} instance takes the matrices, two {@code worker} instances
 * (one thread each) run their cells through db-scheduler's table.
 * <ol>
 * <li>Both workers take cells of one matrix; each cell runs exactly once (one attempt, one result row); the union of
 *     the results is, bit for bit (all but {@code wall_ms}, the simulator's own speed), what the engine gives for each
 *     cell run alone in this JVM; the web instance streams every cell although none finished there.</li>
 * <li>{@code kill -9} of one worker while it runs a cell: the other worker finishes the matrix, the killed worker's
 *     cell included (attempts 2, run by the survivor), and the results are again the engine's own.</li>
 * </ol>
 * Heartbeats are 1 s here and 4 missed make a job dead, so the survivor takes the cell about 5 s after the kill; a
 * worker writes its running cells' progress every 200 ms (the poll interval), which is how the test, through the web
 * instance, catches worker A inside a cell.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DistributedIT {
    /** 2 flag settings × 3 repetitions of fio-large-section at a fifth of the mail's size: 6 cells of about a second. */
    static final String SHARED = "{\"scenario\": \"fio-large-section\", \"params\": {\"scale\": [0.2]}, \"repetitions\": 3, \"seed\": 11}";
    /** 2 × 6 cells at the mail's size (about a second each): each worker runs several, one of them is killed inside one. */
    static final String KILLED = "{\"scenario\": \"fio-large-section\", \"params\": {\"scale\": [1.0]}, \"repetitions\": 6, \"seed\": 5}";

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final List<Process> started = new ArrayList<>();
    private Path dir;
    private int webPort;
    private Process workerA, workerB;

    @BeforeAll
    void startCluster() throws Exception {
        assumeTrue(System.getProperty("app.jar") != null, "runs under failsafe, which sets app.jar to the packaged jar");
        dir = Files.createTempDirectory(Path.of("target"), "distributed-");
        String db = TestPostgres.freshDatabase("dist");
        webPort = freePort();
        Process web = start("web", webPort, db, "web", 1);
        awaitHealth(web, "web", webPort);                     // the web instance migrates the schema first
        int portA = freePort(), portB = freePort();
        workerA = start("worker-a", portA, db, "worker", 1);
        workerB = start("worker-b", portB, db, "worker", 1);
        awaitHealth(workerA, "worker-a", portA);
        awaitHealth(workerB, "worker-b", portB);
        // a worker serves no API
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + portA + "/api/scenarios")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(r.body()).contains("observatory.role=worker");
    }

    @AfterAll
    void stopCluster() {
        for (Process p : started) p.destroyForcibly();
    }

    @Test
    @Order(1)
    void twoWorkersShareAMatrixEachCellRunsOnceAndTheUnionIsTheEnginesOwn() throws Exception {
        long id = submit(SHARED);
        JsonNode done = await("/api/matrices/" + id, m -> m.get("status").asString().equals("DONE"), 600);
        assertThat(done.get("cells_done").asInt()).isEqualTo(6);
        TreeSet<String> workers = new TreeSet<>();
        List<Long> runIds = new ArrayList<>();
        for (JsonNode c : done.get("cells")) {
            assertThat(c.get("status").asString()).isEqualTo("DONE");
            assertThat(c.get("attempts").asInt()).as("attempts of cell %d", c.get("index").asInt()).isEqualTo(1);
            workers.add(c.get("worker").asString());
            runIds.add(c.get("run_id").asLong());
        }
        assertThat(runIds).doesNotHaveDuplicates().hasSize(6);
        assertThat(workers).as("both workers took cells").containsExactlyInAnyOrder(name(workerA), name(workerB));
        assertThat(resultRows(id)).isEqualTo(6);
        assertSameAsTheEngineAlone(done);
        // the page's instance ran no cell, yet its stream replays them all, in order, then done
        String events = get("/api/matrices/" + id + "/events");
        assertThat(events.split("event:cell", -1)).hasSize(7);
        assertThat(events).contains("event:done");
    }

    @Test
    @Order(2)
    void aKilledWorkersCellIsFinishedByTheOther() throws Exception {
        long id = submit(KILLED);
        JsonNode mid = await("/api/matrices/" + id + "?results=false", m -> {
            assertThat(m.get("status").asString()).as("the matrix ended before a cell was caught running on worker A").isNotEqualTo("DONE");
            return runningEarlyOn(m, name(workerA)) != null;
        }, 600);
        int killedCell = runningEarlyOn(mid, name(workerA));
        workerA.destroyForcibly();                            // kill -9, mid-cell
        assertThat(workerA.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();

        JsonNode done = await("/api/matrices/" + id, m -> m.get("status").asString().equals("DONE"), 900);
        assertThat(done.get("cells_done").asInt()).isEqualTo(12);
        List<Long> runIds = new ArrayList<>();
        for (JsonNode c : done.get("cells")) {
            int index = c.get("index").asInt();
            assertThat(c.get("status").asString()).isEqualTo("DONE");
            runIds.add(c.get("run_id").asLong());
            if (index == killedCell) {
                assertThat(c.get("attempts").asInt()).as("the killed cell ran again").isEqualTo(2);
                assertThat(c.get("worker").asString()).as("on the survivor").isEqualTo(name(workerB));
            } else {
                assertThat(c.get("attempts").asInt()).as("attempts of cell %d", index).isEqualTo(1);
            }
        }
        assertThat(runIds).doesNotHaveDuplicates().hasSize(12);
        assertThat(resultRows(id)).isEqualTo(12);
        assertSameAsTheEngineAlone(done);
    }

    /** The index of a cell that {@code worker} runs and has reported progress for, not yet half-way; else null. */
    private static Integer runningEarlyOn(JsonNode m, String worker) {
        Map<Integer, Double> fraction = new LinkedHashMap<>();
        for (JsonNode rc : m.at("/progress/running_cells")) fraction.put(rc.get("index").asInt(), rc.get("fraction").asDouble());
        for (JsonNode c : m.get("cells")) {
            int index = c.get("index").asInt();
            if (c.get("status").asString().equals("RUNNING") && worker.equals(c.path("worker").asString(""))
                    && fraction.containsKey(index) && fraction.get(index) > 0 && fraction.get(index) < 0.5) {
                return index;
            }
        }
        return null;
    }

    /** Each stored result equals the engine's for that cell's spec, run here alone, in every field but wall_ms. */
    private static void assertSameAsTheEngineAlone(JsonNode matrix) {
        EngineCellRunner engine = new EngineCellRunner(ScenarioCatalog.load());
        for (JsonNode c : matrix.get("cells")) {
            RunResult alone = engine.run(Json.cell(c.get("spec").toString()), (phase, f) -> {}, new CancellationToken());
            assertThat(withoutWall(c.get("result")))
                    .as("cell %d: stored result vs the engine alone", c.get("index").asInt())
                    .isEqualTo(withoutWall(ResultJson.mapper().readTree(Json.compact(alone))));
        }
    }

    private static String withoutWall(JsonNode result) {
        ObjectNode copy = (ObjectNode) result.deepCopy();
        copy.remove("wall_ms");
        return copy.toString();
    }

    private long resultRows(long matrixId) throws Exception {
        int mine = 0;
        for (JsonNode r : ResultJson.mapper().readTree(get("/api/runs?scenario=fio-large-section&size=500")).get("items")) {
            if (r.hasNonNull("matrix_id") && r.get("matrix_id").asLong() == matrixId) mine++;
        }
        return mine;
    }

    private static String name(Process p) {
        return hostName() + "-" + p.pid();
    }

    private static String hostName() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "localhost";
        }
    }

    // ---------------------------------------------------------------- processes and HTTP

    private Process start(String name, int port, String db, String role, int workers) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        File log = dir.resolve(name + ".log").toFile();
        Process p = new ProcessBuilder(java, "-Xmx1g", "-jar", new File(System.getProperty("app.jar")).getAbsolutePath(),
                "--server.port=" + port, "--observatory.role=" + role, "--observatory.queue.workers=" + workers,
                "--observatory.queue.poll-interval=200ms", "--observatory.queue.heartbeat=1s", "--observatory.queue.missed-heartbeats=4",
                "--spring.r2dbc.url=" + TestPostgres.r2dbcUrl(db), "--spring.r2dbc.username=postgres", "--spring.r2dbc.password=postgres",
                "--spring.flyway.url=" + TestPostgres.jdbcUrl(db), "--spring.flyway.user=postgres", "--spring.flyway.password=postgres")
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log).start();
        started.add(p);
        return p;
    }

    private void awaitHealth(Process p, String name, int port) throws Exception {
        long end = System.nanoTime() + Duration.ofSeconds(300).toNanos();
        while (System.nanoTime() < end) {
            assertThat(p.isAlive()).as("%s exited; see %s", name, dir.resolve(name + ".log")).isTrue();
            try {
                HttpRequest health = HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/actuator/health")).GET().build();
                if (http.send(health, HttpResponse.BodyHandlers.ofString()).statusCode() == 200) return;
            } catch (IOException notYet) {
                // starting
            }
            Thread.sleep(250);
        }
        throw new AssertionError(name + " did not start in 300 s; see " + dir.resolve(name + ".log"));
    }

    private long submit(String body) throws Exception {
        HttpResponse<String> r = http.send(request("/api/matrices").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as("POST /api/matrices: %s", r.body()).isEqualTo(202);
        return ResultJson.mapper().readTree(r.body()).get("id").asLong();
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

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://localhost:" + webPort + path)).timeout(Duration.ofSeconds(60));
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
