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
import java.util.List;
import org.f2fsobs.bench.api.ResultJson;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The distribution's overhead (issue 32): a 64-cell matrix on 2 workers × 1 thread against 1 worker × 2 threads, on the
 * same cores and the same embedded PostgreSQL, each setup beside an idle web instance that takes the matrix. Each
 * setup first runs a 32-cell matrix of the same cells (the JIT warms up in every worker JVM), then the 64-cell one, timed from the POST
 * to the web instance seeing DONE. The setups alternate, {@link #ROUNDS} times; the printed figures go to
 * docs/benchmarks.md. A few minutes, so not part of {@code mvn verify}:
 * <pre>./mvnw -B -pl app -am verify -Dit.test=DistributedBenchmarkIT -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false -Dbenchmark.distributed=true</pre>
 */
class DistributedBenchmarkIT {
    static final int ROUNDS = Integer.getInteger("benchmark.rounds", 2);
    /** The cells' size: the mail's (under a second a cell on a quiet host; smaller cells measure JVM start-up, not distribution). */
    static final String SCALE = System.getProperty("benchmark.scale", "1.0");
    /** 64 cells: fio-large-section, 2 flag settings × 32 repetitions. */
    static final String MATRIX = "{\"scenario\": \"fio-large-section\", \"params\": {\"scale\": [" + SCALE + "]}, \"repetitions\": 32, \"seed\": 1}";
    /** 32 cells of the same size first, so that every worker JVM has compiled the engine before the clock starts. */
    static final String WARM_UP = "{\"scenario\": \"fio-large-section\", \"params\": {\"scale\": [" + SCALE + "]}, \"repetitions\": 16, \"seed\": 100}";

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final List<Process> started = new ArrayList<>();
    private final List<String> evidence = new ArrayList<>();
    private Path dir;

    @AfterEach
    void stopAll() {
        for (Process p : started) p.destroyForcibly();
        started.clear();
    }

    @Test
    void twoWorkersOfOneThreadAgainstOneWorkerOfTwo() throws Exception {
        assumeTrue(System.getProperty("app.jar") != null, "runs under failsafe, which sets app.jar to the packaged jar");
        assumeTrue(Boolean.getBoolean("benchmark.distributed"), "a benchmark of a few minutes: run it with -Dbenchmark.distributed=true");
        dir = Files.createTempDirectory(Path.of("target"), "distributed-benchmark-");
        List<Long> two = new ArrayList<>(), one = new ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            two.add(run("two-by-one-" + round, 2, 1));
            one.add(run("one-by-two-" + round, 1, 2));
        }
        double ratio = median(two) / median(one);
        System.out.printf("DISTRIBUTED BENCHMARK: 64 cells, 2 workers x 1 thread: %s ms; 1 worker x 2 threads: %s ms; "
                + "ratio of medians %.3f (rounds: %d, cores: %d)%n", two, one, ratio, ROUNDS, Runtime.getRuntime().availableProcessors());
        evidence.forEach(System.out::println);
        assertThat(ratio).as("2 workers x 1 thread over 1 worker x 2 threads").isLessThanOrEqualTo(1.1);
    }

    /** One setup: a fresh database, a web instance and {@code workers} workers of {@code threads} threads; the 64-cell wall time. */
    private long run(String name, int workers, int threads) throws Exception {
        String db = TestPostgres.freshDatabase("bench");
        int webPort = freePort();
        Process web = start(name + "-web", webPort, db, "web", 1, "--observatory.queue.poll-interval=200ms");
        awaitHealth(web, name + "-web", webPort);
        List<Process> mine = new ArrayList<>();
        List<Integer> ports = new ArrayList<>();
        for (int i = 0; i < workers; i++) {
            int port = freePort();
            ports.add(port);
            mine.add(start(name + "-worker-" + i, port, db, "worker", threads, "--observatory.queue.poll-interval=2s"));
        }
        for (int i = 0; i < workers; i++) awaitHealth(mine.get(i), name + "-worker-" + i, ports.get(i));
        awaitDone(webPort, submit(webPort, WARM_UP));
        long t0 = System.nanoTime();
        long id = submit(webPort, MATRIX);
        awaitDone(webPort, id);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        evidence.add(name + ": " + ms + " ms; " + cellTimes(db, id, workers * threads, ms));
        stopAll();
        return ms;
    }

    /**
     * Where the wall time went, from the cells' own rows: the time inside cells (claim to result), per cell, and what
     * the lanes (workers × threads) spent outside them — claiming, storing, polling, waiting — per cell.
     */
    private static String cellTimes(String db, long matrixId, int lanes, long wallMs) throws Exception {
        try (var c = java.sql.DriverManager.getConnection(TestPostgres.jdbcUrl(db), "postgres", "postgres");
             var rs = c.createStatement().executeQuery("SELECT COUNT(*), SUM(EXTRACT(EPOCH FROM (FINISHED_AT - STARTED_AT))) * 1000, "
                     + "COUNT(DISTINCT WORKER), MAX(ATTEMPTS) FROM CELLS WHERE MATRIX_ID = " + matrixId)) {
            rs.next();
            int cells = rs.getInt(1);
            double inside = rs.getDouble(2);
            double outside = (double) lanes * wallMs - inside;
            return String.format("%d cells on %d worker(s), max attempts %d; inside cells %.0f ms (%.0f ms a cell); outside %.0f ms a cell and lane",
                    cells, rs.getInt(3), rs.getInt(4), inside, inside / cells, outside / cells);
        }
    }

    private static double median(List<Long> xs) {
        List<Long> s = new ArrayList<>(xs);
        s.sort(null);
        int n = s.size();
        return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2.0;
    }

    private Process start(String name, int port, String db, String role, int workers, String pollInterval) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        File log = dir.resolve(name + ".log").toFile();
        Process p = new ProcessBuilder(java, "-Xmx1g", "-jar", new File(System.getProperty("app.jar")).getAbsolutePath(),
                "--server.port=" + port, "--observatory.role=" + role, "--observatory.queue.workers=" + workers, pollInterval,
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
                if (http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/actuator/health")).GET().build(),
                        HttpResponse.BodyHandlers.ofString()).statusCode() == 200) return;
            } catch (IOException notYet) {
                // starting
            }
            Thread.sleep(250);
        }
        throw new AssertionError(name + " did not start in 300 s");
    }

    private long submit(int port, String body) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/api/matrices"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as("POST: %s", r.body()).isEqualTo(202);
        return ResultJson.mapper().readTree(r.body()).get("id").asLong();
    }

    /**
     * Until the matrix is DONE: its event stream ends with {@code done} (the web instance reads the store every 200 ms; a
     * GET of the matrix would recompute its partial comparisons at each new cell, work that competes with the workers).
     */
    private void awaitDone(int port, long id) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/api/matrices/" + id + "/events"))
                .timeout(Duration.ofSeconds(1200)).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.body()).as("matrix %d's stream", id).contains("event:done").contains("\"status\":\"DONE\"");
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
