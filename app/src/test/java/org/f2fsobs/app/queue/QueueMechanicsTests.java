package org.f2fsobs.app.queue;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.f2fsobs.app.Api;
import org.f2fsobs.app.TestDatabases;
import org.f2fsobs.bench.api.CellRunner;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.ResultJson;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.MediaType;
import org.springframework.http.codec.ServerSentEvent;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import reactor.core.Disposable;

/**
 * Queue, SSE and restart mechanics with a gated {@link CellRunner} double (each cell waits for the test): cancel
 * mid-matrix, a running cell that finishes after the cancel keeps its result, a failing cell fails the matrix, live
 * events in cell order, exact admission under concurrent posts, the unique (matrix, cell) result, and the restart
 * path that re-queues interrupted cells without touching stored results.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "observatory.queue.workers=2", "observatory.queue.poll-interval=200ms",
        "observatory.limits.concurrent-matrices=1", "observatory.limits.queued-matrices=2"})
@AutoConfigureWebTestClient(timeout = "PT60S")
class QueueMechanicsTests {
    /** fio-large-section, 2 flag settings × 3 repetitions = 6 cells, seeds 1, 2, 3 per setting. */
    static final String SIX_CELLS = "{\"scenario\": \"fio-large-section\", \"params\": {\"scale\": [0.01]}, \"repetitions\": 3, \"seed\": 1}";
    static final String TWO_CELLS = "{\"scenario\": \"fio-large-section\", \"params\": {\"scale\": [0.01]}, \"repetitions\": 1, \"seed\": 1}";

    @TestConfiguration
    static class Runner {
        @Bean
        @Primary
        GatedCellRunner gatedCellRunner() {
            return new GatedCellRunner();
        }
    }

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestDatabases.fresh(registry, "queue");
    }

    @Autowired
    private WebTestClient webClient;
    @Autowired
    private GatedCellRunner runner;
    @Autowired
    private DatabaseClient db;
    @Autowired
    private CellJobs cellJobs;
    @Autowired
    private Jobs queue;

    private Api api;

    @BeforeEach
    void setUp() {
        runner.reset();
        api = new Api(webClient, null);
    }

    /** Nothing of one test may hold a queue slot in the next. */
    @AfterEach
    void drain() {
        List<Long> open = db.sql("SELECT ID FROM MATRICES WHERE STATUS IN ('QUEUED', 'RUNNING')").map(r -> r.get("ID", Long.class)).all()
                .collectList().block();
        for (long id : open) webClient.delete().uri("/api/matrices/" + id).exchange();
        runner.open();
        api.await("/api/matrices?page=0", m -> count("SELECT COUNT(*) AS N FROM CELLS WHERE STATUS IN ('QUEUED', 'RUNNING')") == 0, 30);
    }

    /**
     * A band matrix grows: after its own cells, the band's (here the synthetic runs read no profile constant, so the
     * band is its nominal point and the calibration's baseline and slope probe: two more cells), and it ends only
     * when the band is complete, with the band on its comparisons.
     */
    @Test
    void aBandMatrixAppendsItsBandsCellsAndEndsWithTheBand() {
        runner.open();
        long id = api.submitMatrix("{\"scenario\": \"fio-large-section\", \"params\": {\"scale\": [0.01]}, \"repetitions\": 1, "
                + "\"seed\": 1, \"band\": true}");
        Map<String, Object> m = api.awaitMatrix(id, "DONE", 30);
        assertThat(m.get("cell_count")).isEqualTo(4);
        assertThat(((Map<?, ?>) m.get("request")).get("band")).isEqualTo(true);
        assertThat(runner.started).filteredOn(c -> !c.profileOverrides().isEmpty()).hasSize(1);      // the probe
        List<?> comparisons = (List<?>) m.get("comparisons");
        assertThat(comparisons).hasSize(1);
        Map<?, ?> c = (Map<?, ?>) comparisons.get(0);
        assertThat((List<?>) c.get("band")).hasSize(2);
        assertThat(c.get("band_verdict")).isNotNull();
        assertThat(((Map<?, ?>) c.get("off")).get("n")).isEqualTo(1);                                  // band cells are no samples
        List<ServerSentEvent<String>> events = api.events(id, null);
        assertThat(events).extracting(ServerSentEvent::event).containsExactly("cell", "cell", "cell", "cell", "done");
    }

    @Test
    void cancelMidMatrixStopsTheRunningCellsAndTheQueuedOnes() {
        long id = api.submitMatrix(SIX_CELLS);
        awaitRunning(id, 2);
        Map<String, Object> cancelled = webClient.delete().uri("/api/matrices/" + id).exchange().expectStatus().isOk()
                .expectBody(Api.MAP).returnResult().getResponseBody();
        assertThat(cancelled.get("status")).isEqualTo("CANCELLED");
        Map<String, Object> m = api.awaitMatrix(id, "CANCELLED", 30);
        assertThat(statuses(id)).containsOnly("CANCELLED").hasSize(6);
        assertThat(runner.calls.get()).isEqualTo(2);
        assertThat(((Map<?, ?>) m.get("progress")).get("done")).isEqualTo(0);
        List<ServerSentEvent<String>> events = api.events(id, null);
        assertThat(events).extracting(ServerSentEvent::event).containsExactly("done");
        assertThat(ResultJson.read(events.get(0).data(), Map.class).get("status")).isEqualTo("CANCELLED");
        // a cancelled matrix stays cancelled; cancelling again is a no-op
        webClient.delete().uri("/api/matrices/" + id).exchange().expectStatus().isOk();
    }

    @Test
    void aRunningCellThatFinishesAfterTheCancelKeepsItsResult() {
        runner.ignoreCancel = true;
        long id = api.submitMatrix(SIX_CELLS);
        awaitRunning(id, 2);
        webClient.delete().uri("/api/matrices/" + id).exchange().expectStatus().isOk();
        runner.release(2);
        api.awaitMatrix(id, "CANCELLED", 30);
        List<String> statuses = statuses(id);
        assertThat(statuses.subList(0, 2)).containsOnly("DONE");
        assertThat(statuses.subList(2, 6)).containsOnly("CANCELLED");
        assertThat(count("SELECT COUNT(*) AS N FROM RUNS WHERE MATRIX_ID = " + id)).isEqualTo(2);
        assertThat(api.events(id, null)).extracting(ServerSentEvent::event).containsExactly("cell", "cell", "done");
    }

    @Test
    void aFailingCellFailsTheMatrixAndCancelsTheRest() {
        runner.failWhen = c -> c.seed() == 2;
        runner.open();
        long id = api.submitMatrix(SIX_CELLS);
        Map<String, Object> m = api.awaitMatrix(id, "FAILED", 30);
        assertThat((String) m.get("error")).contains("cell 1").contains("synthetic failure of seed 2");
        List<String> statuses = statuses(id);
        assertThat(statuses.get(1)).isEqualTo("FAILED");
        assertThat(statuses).doesNotContain("QUEUED", "RUNNING");
        // a cell a free worker took before the failure was recorded may finish (at most one per worker); the rest never start
        assertThat(statuses.subList(2, 6)).doesNotContain("FAILED").contains("CANCELLED");
        assertThat(runner.calls.get()).isLessThanOrEqualTo(2 + 2);
        assertThat(ResultJson.read(last(api.events(id, null)).data(), Map.class).get("status")).isEqualTo("FAILED");
    }

    @Test
    void liveEventsComeInCellOrderEvenWhenCellsFinishOutOfOrder() throws Exception {
        long id = api.submitMatrix(SIX_CELLS);
        awaitRunning(id, 2);
        List<ServerSentEvent<String>> received = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch ended = new CountDownLatch(1);
        Disposable sub = webClient.mutate().responseTimeout(Duration.ofSeconds(60)).build()
                .get().uri("/api/matrices/" + id + "/events").accept(MediaType.TEXT_EVENT_STREAM).exchange()
                .returnResult(new ParameterizedTypeReference<ServerSentEvent<String>>() {}).getResponseBody()
                .filter(e -> e.event() != null)
                .doOnTerminate(ended::countDown)
                .subscribe(received::add);
        try {
            // cell 1 (seed 2, flag off) finishes first; its event must wait for cell 0
            runner.releaseSeed(2);
            api.await("/api/matrices/" + id + "?results=false", m -> "DONE".equals(cellStatus(m, 1)), 30);
            // no wait for "nothing happened": the ids below come in cell order only if cell 1 waited for cell 0
            runner.open();
            assertThat(ended.await(60, TimeUnit.SECONDS)).isTrue();
        } finally {
            sub.dispose();
        }
        assertThat(received).extracting(ServerSentEvent::id).containsExactly("0", "1", "2", "3", "4", "5", null);
        assertThat(last(received).event()).isEqualTo("done");
        Map<?, ?> first = ResultJson.read(received.get(0).data(), Map.class);
        assertThat(first.get("value")).isEqualTo(1e9 + 1);
        assertThat(first.get("cell")).isEqualTo(0);
    }

    @Test
    void admissionIsExactWhenPostsRace() throws Exception {
        int n = 8;
        ExecutorService pool = Executors.newFixedThreadPool(n);
        List<java.util.concurrent.Future<Integer>> statuses = new ArrayList<>();
        CountDownLatch start = new CountDownLatch(1);
        for (int i = 0; i < n; i++) {
            statuses.add(pool.submit(() -> {
                start.await();
                return webClient.post().uri("/api/matrices").contentType(MediaType.APPLICATION_JSON).bodyValue(TWO_CELLS)
                        .exchange().returnResult(String.class).getStatus().value();
            }));
        }
        start.countDown();
        List<Integer> codes = new ArrayList<>();
        for (var f : statuses) codes.add(f.get(60, TimeUnit.SECONDS));
        pool.shutdown();
        // concurrent-matrices 1 + queued-matrices 2
        assertThat(codes).filteredOn(c -> c == 202).hasSize(3);
        assertThat(codes).filteredOn(c -> c == 422).hasSize(n - 3);
        webClient.post().uri("/api/matrices").contentType(MediaType.APPLICATION_JSON).bodyValue(TWO_CELLS).exchange()
                .expectStatus().isEqualTo(422)
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody().jsonPath("$.limit").isEqualTo("queued_matrices");
    }

    /**
     * A matrix left RUNNING with every cell DONE (as a clean-clone CI run once left one, its page waiting for ever; or a
     * worker killed right after its cell's commit): the recurring sweep ends it DONE, and it is compared.
     */
    @Test
    void theSweepEndsAMatrixWhoseCellsAllEnded() {
        long id = api.submitMatrix(TWO_CELLS);
        runner.open();
        api.awaitMatrix(id, "DONE", 30);
        db.sql("UPDATE MATRICES SET STATUS = 'RUNNING', FINISHED_AT = NULL, COMPARED = FALSE WHERE ID = :m").bind("m", id)
                .fetch().rowsUpdated().block();
        api.await("/api/matrices/" + id + "?results=false", m -> "DONE".equals(m.get("status")) && Boolean.TRUE.equals(m.get("comparisons_complete")), 30);
        assertThat(count("SELECT COUNT(*) AS N FROM MATRICES WHERE ID = " + id + " AND FINISHED_AT IS NOT NULL AND COMPARED = TRUE")).isEqualTo(1);
    }

    @Test
    void aSecondResultForTheSameCellIsRefused() {
        long id = api.submitMatrix(TWO_CELLS);
        awaitRunning(id, 2);
        Map<String, Object> cell0 = db.sql("SELECT ID, SPEC_JSON FROM CELLS WHERE MATRIX_ID = :m AND CELL_INDEX = 0").bind("m", id)
                .fetch().one().block();
        Work.CellWork w = new Work.CellWork((Long) cell0.get("ID"), id, 0, org.f2fsobs.app.system.Json.cell((String) cell0.get("SPEC_JSON")));
        var mine = GatedCellRunner.result("fio-large-section", "nullblk-x86", w.spec().optimizations(), Map.of(), 4242);
        cellJobs.done(w, mine).block();
        runner.open();                              // the worker's own result for cell 0 now hits the unique constraint
        api.awaitMatrix(id, "DONE", 30);
        assertThat(count("SELECT COUNT(*) AS N FROM RUNS WHERE MATRIX_ID = " + id)).isEqualTo(2);
        String stored = db.sql("SELECT RESULT_JSON FROM RUNS WHERE MATRIX_ID = :m AND CELL_INDEX = 0").bind("m", id)
                .map(r -> r.get("RESULT_JSON", String.class)).one().block();
        assertThat(stored).contains("\"seed\":4242");
        webClient.delete().uri("/api/matrices/" + id).exchange().expectStatus().isEqualTo(409)
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON);
    }

    @Test
    void aRestartRequeuesInterruptedCellsAndKeepsStoredResults() {
        long id = api.submitMatrix(SIX_CELLS);
        runner.release(2);
        api.await("/api/matrices/" + id + "?results=false", m -> ((Map<?, ?>) m.get("progress")).get("done").equals(2)
                && ((Map<?, ?>) m.get("progress")).get("running").equals(2), 30);
        List<String> before = results(id);
        queue.stop();                                // as at shutdown: running cells are cancelled and go back to QUEUED
        assertThat(statuses(id)).containsExactly("DONE", "DONE", "QUEUED", "QUEUED", "QUEUED", "QUEUED");
        // as a kill -9 would leave them: claimed, no result
        db.sql("UPDATE CELLS SET STATUS = 'RUNNING' WHERE MATRIX_ID = :m AND CELL_INDEX IN (2, 3)").bind("m", id).fetch().rowsUpdated().block();
        runner.open();
        queue.start();
        Map<String, Object> m = api.awaitMatrix(id, "DONE", 30);
        assertThat(m.get("cells_done")).isEqualTo(6);
        assertThat(count("SELECT COUNT(*) AS N FROM RUNS WHERE MATRIX_ID = " + id)).isEqualTo(6);
        assertThat(results(id).subList(0, 2)).isEqualTo(before);
        assertThat(db.sql("SELECT ATTEMPTS FROM CELLS WHERE MATRIX_ID = :m ORDER BY CELL_INDEX").bind("m", id)
                .map(r -> r.get("ATTEMPTS", Integer.class)).all().collectList().block()).containsExactly(1, 1, 2, 2, 1, 1);
        assertThat(runner.started).extracting(CellSpec::seed).hasSize(8);
    }

    private void awaitRunning(long id, int running) {
        api.await("/api/matrices/" + id + "?results=false", m -> ((Map<?, ?>) m.get("progress")).get("running").equals(running), 30);
    }

    private List<String> statuses(long id) {
        return db.sql("SELECT STATUS FROM CELLS WHERE MATRIX_ID = :m ORDER BY CELL_INDEX").bind("m", id)
                .map(r -> r.get("STATUS", String.class)).all().collectList().block();
    }

    private List<String> results(long id) {
        return db.sql("SELECT RESULT_JSON FROM RUNS WHERE MATRIX_ID = :m ORDER BY CELL_INDEX").bind("m", id)
                .map(r -> r.get("RESULT_JSON", String.class)).all().collectList().block();
    }

    private long count(String sql) {
        return db.sql(sql).map(r -> r.get("N", Long.class)).one().block();
    }

    @SuppressWarnings("unchecked")
    private static String cellStatus(Map<String, Object> m, int index) {
        return (String) ((List<Map<String, Object>>) m.get("cells")).get(index).get("status");
    }

    private static <T> T last(List<T> list) {
        return list.get(list.size() - 1);
    }
}
