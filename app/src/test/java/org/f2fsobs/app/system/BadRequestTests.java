package org.f2fsobs.app.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.f2fsobs.app.Api;
import org.f2fsobs.app.TestDatabases;
import org.f2fsobs.app.queue.GatedCellRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Bad requests, each answered 4xx {@code application/problem+json} naming the offending field (400, 404, 401, 405)
 * or the limit (422), never a 5xx and never a stack trace. The app runs with an API token and small limits.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "observatory.api-token=s3cret", "observatory.limits.max-cells=8", "observatory.limits.run-data-bytes=1073741824",
        "observatory.limits.command-length=200", "observatory.limits.crash-points=100", "observatory.limits.body-bytes=65536",
        "observatory.limits.concurrent-matrices=1", "observatory.limits.queued-matrices=0", "observatory.limits.band-cells=1000"})
@AutoConfigureWebTestClient(timeout = "PT60S")
class BadRequestTests {
    static final String TOKEN = "s3cret";
    static final String FIO = "\"scenario\": \"fio-large-section\"";

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
        TestDatabases.fresh(registry, "bad");
    }

    @Autowired
    private WebTestClient webClient;
    @Autowired
    private GatedCellRunner runner;

    /** method, path, body (null = none), token to send (null = none), status, field or limit named. */
    static Stream<Arguments> badRequests() {
        String big = "{" + FIO + ", \"params\": {\"segs_per_sec\": [" + "1, ".repeat(30000) + "2]}}";
        return Stream.of(
                // matrices: malformed JSON, wrong shapes and types
                bad("POST", "/api/matrices", "{\"scenario\": ", TOKEN, 400, "body"),
                bad("POST", "/api/matrices", "[1, 2]", TOKEN, 400, "body"),
                bad("POST", "/api/matrices", "", TOKEN, 400, "body"),
                bad("POST", "/api/matrices", "{" + FIO + "} trailing", TOKEN, 400, "body"),
                bad("POST", "/api/matrices", "{" + FIO + ", " + FIO + "}", TOKEN, 400, "body"),
                bad("POST", "/api/matrices", "{\"scenario\": 42}", TOKEN, 400, "scenario"),
                bad("POST", "/api/matrices", "{}", TOKEN, 400, "scenario"),
                bad("POST", "/api/matrices", "{\"scenario\": \"fio-small-section\"}", TOKEN, 400, "scenario"),
                bad("POST", "/api/matrices", "{" + FIO + ", \"colour\": \"red\"}", TOKEN, 400, "colour"),
                bad("POST", "/api/matrices", "{" + FIO + ", \"profile\": \"cray-1\"}", TOKEN, 400, "profile"),
                // flags
                bad("POST", "/api/matrices", "{" + FIO + ", \"optimizations\": {\"warp_drive\": [true]}}", TOKEN, 400, "optimizations.warp_drive"),
                bad("POST", "/api/matrices", "{" + FIO + ", \"optimizations\": {\"vm_map_ram\": true}}", TOKEN, 400, "optimizations.vm_map_ram"),
                bad("POST", "/api/matrices", "{" + FIO + ", \"optimizations\": {\"vm_map_ram\": [\"yes\"]}}", TOKEN, 400, "optimizations.vm_map_ram[0]"),
                bad("POST", "/api/matrices", "{" + FIO + ", \"optimizations\": {\"vm_map_ram\": []}}", TOKEN, 400, "optimizations.vm_map_ram"),
                bad("POST", "/api/matrices", "{" + FIO + ", \"optimizations\": [true]}", TOKEN, 400, "optimizations"),
                // parameters: unknown, out of range, huge, negative, wrong type, empty
                bad("POST", "/api/matrices", "{" + FIO + ", \"params\": {\"colour\": [1]}}", TOKEN, 400, "params.colour"),
                bad("POST", "/api/matrices", "{" + FIO + ", \"params\": {\"segs_per_sec\": [3]}}", TOKEN, 400, "params.segs_per_sec[0]"),
                bad("POST", "/api/matrices", "{" + FIO + ", \"params\": {\"segs_per_sec\": [128, 1024]}}", TOKEN, 400, "params.segs_per_sec[1]"),
                bad("POST", "/api/matrices", "{" + FIO + ", \"params\": {\"segs_per_sec\": [\"many\"]}}", TOKEN, 400, "params.segs_per_sec[0]"),
                bad("POST", "/api/matrices", "{" + FIO + ", \"params\": {\"segs_per_sec\": []}}", TOKEN, 400, "params.segs_per_sec"),
                bad("POST", "/api/matrices", "{" + FIO + ", \"params\": {\"segs_per_sec\": 128}}", TOKEN, 400, "params.segs_per_sec"),
                bad("POST", "/api/matrices", "{" + FIO + ", \"params\": {\"segs_per_sec\": [1e400]}}", TOKEN, 400, "params.segs_per_sec[0]"),
                bad("POST", "/api/matrices", "{" + FIO + ", \"params\": {\"scale\": [0]}}", TOKEN, 400, "params.scale[0]"),
                bad("POST", "/api/matrices", "{" + FIO + ", \"params\": {\"scale\": [-0.5]}}", TOKEN, 400, "params.scale[0]"),
                bad("POST", "/api/matrices", "{" + FIO + ", \"params\": {\"scale\": [[0.1]]}}", TOKEN, 400, "params.scale[0]"),
                bad("POST", "/api/matrices", "{\"scenario\": \"iozone-compressed-sync\", \"params\": {\"reclen_kb\": [16384], \"scale\": [0.1]}}",
                        TOKEN, 400, "params.reclen_kb"),
                // below a scenario's smallest meaningful scale: well formed, refused like a limit, naming the minimum
                bad("POST", "/api/matrices", "{\"scenario\": \"tiotest-multithread-read\", \"params\": {\"scale\": [0.1]}}", TOKEN, 422, "min_scale"),
                bad("POST", "/api/matrices", "{" + FIO + ", \"params\": {\"scale\": [1e-300]}}", TOKEN, 422, "min_scale"),
                bad("POST", "/api/runs", "{\"scenario\": \"iozone-compressed-sync\", \"params\": {\"scale\": 0.01}}", TOKEN, 422, "min_scale"),
                bad("POST", "/api/runs", "{\"scenario\": \"dd-compressed-read\", \"params\": {\"scale\": 0.25}}", TOKEN, 422, "min_scale"),
                // repetitions and seed
                bad("POST", "/api/matrices", "{" + FIO + ", \"repetitions\": 0}", TOKEN, 400, "repetitions"),
                bad("POST", "/api/matrices", "{" + FIO + ", \"repetitions\": -3}", TOKEN, 400, "repetitions"),
                bad("POST", "/api/matrices", "{" + FIO + ", \"repetitions\": \"3\"}", TOKEN, 400, "repetitions"),
                bad("POST", "/api/matrices", "{" + FIO + ", \"repetitions\": 99999999999}", TOKEN, 400, "repetitions"),
                bad("POST", "/api/matrices", "{" + FIO + ", \"repetitions\": 2.5}", TOKEN, 400, "repetitions"),
                bad("POST", "/api/matrices", "{" + FIO + ", \"seed\": 1.5}", TOKEN, 400, "seed"),
                bad("POST", "/api/matrices", "{" + FIO + ", \"seed\": 9223372036854775807, \"repetitions\": 2}", TOKEN, 400, "seed"),
                // limits → 422
                bad("POST", "/api/matrices", "{" + FIO + ", \"params\": {\"segs_per_sec\": [1, 2, 4], \"scale\": [0.01]}, \"repetitions\": 2}",
                        TOKEN, 422, "max_cells"),
                bad("POST", "/api/matrices", "{" + FIO + ", \"repetitions\": 1000000000}", TOKEN, 422, "max_cells"),
                bad("POST", "/api/matrices", "{" + FIO + ", \"repetitions\": 1}", TOKEN, 422, "run_data_bytes"),
                bad("POST", "/api/matrices", big, TOKEN, 422, "body_bytes"),
                // a band (contracts.md §6): a boolean, one scale, within its own cell limit
                bad("POST", "/api/matrices", "{" + FIO + ", \"params\": {\"scale\": [0.01]}, \"repetitions\": 1, \"band\": \"yes\"}", TOKEN, 400, "band"),
                bad("POST", "/api/matrices", "{" + FIO + ", \"params\": {\"scale\": [0.01, 0.02]}, \"repetitions\": 1, \"band\": true}", TOKEN, 400, "band"),
                bad("POST", "/api/matrices", "{" + FIO + ", \"params\": {\"scale\": [0.01]}, \"repetitions\": 1, \"band\": true}", TOKEN, 422, "band_cells"),
                // single runs
                bad("POST", "/api/runs", "{\"command\": \"fio --name=x --size=1m\"}", TOKEN, 400, "profile"),
                bad("POST", "/api/runs", "{\"profile\": \"nullblk-x86\", \"command\": \"rm -rf /\"}", TOKEN, 400, "command"),
                bad("POST", "/api/runs", "{\"profile\": \"nullblk-x86\", \"command\": \"fio --name=x --frobnicate=1\"}", TOKEN, 400, "command"),
                bad("POST", "/api/runs", "{\"profile\": \"nullblk-x86\", \"command\": \"   \"}", TOKEN, 400, "command"),
                bad("POST", "/api/runs", "{\"profile\": \"nullblk-x86\"}", TOKEN, 400, "command"),
                bad("POST", "/api/runs", "{" + FIO + ", \"command\": \"dd if=/dev/zero of=f bs=1M count=1\"}", TOKEN, 400, "command"),
                bad("POST", "/api/runs", "{\"profile\": \"nullblk-x86\", \"mkfs\": \"-s 3\", \"command\": \"dd if=/dev/zero of=f bs=1M count=1\"}",
                        TOKEN, 400, "mkfs"),
                bad("POST", "/api/runs", "{\"profile\": \"nullblk-x86\", \"mount\": \"warp=9\", \"command\": \"dd if=/dev/zero of=f bs=1M count=1\"}",
                        TOKEN, 400, "mount"),
                bad("POST", "/api/runs", "{\"profile\": \"nullblk-x86\", \"dd_style\": \"bsd\", \"command\": \"dd if=/dev/zero of=f bs=1M count=1\"}",
                        TOKEN, 400, "dd_style"),
                bad("POST", "/api/runs", "{\"profile\": \"nullblk-x86\", \"optimizations\": {\"vm_map_ram\": 1}, \"command\": \"dd if=/dev/zero of=f count=1\"}",
                        TOKEN, 400, "optimizations.vm_map_ram"),
                bad("POST", "/api/runs", "{\"profile\": \"nullblk-x86\", \"command\": \"dd if=/dev/zero of=f bs=1M count=1 " + "x".repeat(200) + "\"}",
                        TOKEN, 422, "command_length"),
                bad("POST", "/api/runs", "{\"profile\": \"nullblk-x86\", \"command\": \"dd if=/dev/zero of=f bs=1G count=100\"}", TOKEN, 422, "run_data_bytes"),
                bad("POST", "/api/runs", "{\"profile\": \"nullblk-x86\", \"command\": \"fio --name=t --rw=write --size=1M --time_based --runtime=2h\"}",
                        TOKEN, 422, "run_seconds"),
                bad("POST", "/api/runs", "{\"profile\": \"nullblk-x86\", \"script\": \"dd if=/dev/zero of=/a count=1\\nrsync /a /b\"}", TOKEN, 422, "script"),
                bad("POST", "/api/runs", "{\"profile\": \"nullblk-x86\", \"script\": \"fio --name=a --filename=/dev/sda --size=1M\"}", TOKEN, 422, "script"),
                bad("POST", "/api/runs", "{\"profile\": \"nullblk-x86\", \"command\": \"dd if=/etc/passwd of=/dev/null\"}", TOKEN, 400, "command"),
                bad("POST", "/api/runs", "{\"profile\": \"nullblk-x86\", \"command\": \"dd if=/dev/zero of=/a count=1\", \"script\": \"dd if=/dev/zero of=/a count=1\"}",
                        TOKEN, 400, "script"),
                bad("POST", "/api/runs", "{\"profile\": \"nullblk-x86\", \"script\": \"dd if=/dev/zero of=/a bs=1G count=10\\ndd if=/dev/zero of=/b bs=1G count=10\"}",
                        TOKEN, 422, "run_data_bytes"),
                bad("POST", "/api/runs", "{" + FIO + ", \"params\": {\"segs_per_sec\": [1]}}", TOKEN, 400, "params.segs_per_sec"),
                bad("POST", "/api/runs", "{" + FIO + ", \"optimizations\": {\"sec_ckpt_valid_blocks\": [true, false]}}", TOKEN, 400,
                        "optimizations.sec_ckpt_valid_blocks"),
                // crash checks
                bad("POST", "/api/crash-checks", "{" + FIO + ", \"params\": {\"scale\": 0.01}, \"max_points\": 1000000}", TOKEN, 422, "crash_points"),
                bad("POST", "/api/crash-checks", "{" + FIO + ", \"point\": -1}", TOKEN, 400, "point"),
                bad("POST", "/api/crash-checks", "{\"params\": {\"scale\": 0.01}}", TOKEN, 400, "scenario"),
                // JMH files
                bad("POST", "/api/jmh", "{\"benchmark\": \"x\"}", TOKEN, 400, "body"),
                bad("POST", "/api/jmh", "[]", TOKEN, 400, "body"),
                bad("POST", "/api/jmh", "[{\"benchmark\": \"x\", \"mode\": \"avgt\", \"primaryMetric\": {\"score\": \"fast\", \"scoreUnit\": \"ns/op\"}}]",
                        TOKEN, 400, "[0].primaryMetric.score"),
                // reads: bad ids, unknown ids, bad filters
                bad("GET", "/api/matrices/abc", null, null, 400, "id"),
                bad("GET", "/api/matrices/-1", null, null, 400, "id"),
                bad("GET", "/api/matrices/987654", null, null, 404, "id"),
                bad("GET", "/api/matrices/987654/events", null, null, 404, "id"),
                bad("GET", "/api/matrices?status=SLEEPING", null, null, 400, "status"),
                bad("GET", "/api/matrices?page=-1", null, null, 400, "page"),
                bad("GET", "/api/matrices?page=99999999999", null, null, 400, "page"),
                bad("GET", "/api/matrices?scenario=nope", null, null, 400, "scenario"),
                bad("GET", "/api/matrices/1?results=maybe", null, null, 400, "results"),
                bad("GET", "/api/runs/987654", null, null, 404, "id"),
                bad("GET", "/api/runs/987654.csv", null, null, 404, "id"),
                bad("GET", "/api/runs?page=x", null, null, 400, "page"),
                bad("GET", "/api/crash-checks/987654", null, null, 404, "id"),
                bad("GET", "/api/jmh/987654", null, null, 404, "id"),
                bad("GET", "/api/compare?a=1", null, null, 400, "b"),
                bad("GET", "/api/compare?a=x&b=2", null, null, 400, "a"),
                bad("GET", "/api/compare?a=987654&b=987655", null, null, 404, "id"),
                bad("GET", "/api/scenarios/nope/comparison", null, null, 404, "id"),
                bad("GET", "/api/nothing-here", null, null, 404, "path"),
                bad("DELETE", "/api/matrices/987654", null, TOKEN, 404, "id"),
                bad("DELETE", "/api/matrices/x1", null, TOKEN, 400, "id"),
                // the token
                bad("POST", "/api/matrices", "{" + FIO + "}", null, 401, "Authorization"),
                bad("POST", "/api/matrices", "{" + FIO + "}", "wrong", 401, "Authorization"),
                bad("POST", "/api/runs", "{}", null, 401, "Authorization"),
                bad("DELETE", "/api/matrices/1", null, null, 401, "Authorization"),
                bad("POST", "/api/jmh", "[]", "s3cret-not", 401, "Authorization"),
                // methods
                bad("PUT", "/api/matrices", "{}", TOKEN, 405, "method"),
                bad("DELETE", "/api/runs/1", null, TOKEN, 405, "method"));
    }

    private static Arguments bad(String method, String path, String body, String token, int status, String named) {
        return Arguments.of(method, path, body, token, status, named);
    }

    @ParameterizedTest(name = "{0} {1} → {4} naming {5}")
    @MethodSource("badRequests")
    void badRequestIsAProblemNamingTheFieldOrLimit(String method, String path, String body, String token, int status, String named) {
        WebTestClient.RequestBodySpec spec = webClient.method(HttpMethod.valueOf(method)).uri(path);
        if (token != null) spec.header("Authorization", "Bearer " + token);
        WebTestClient.RequestHeadersSpec<?> request = body == null ? spec : spec.contentType(MediaType.APPLICATION_JSON).bodyValue(body);
        EntityExchangeResult<Map<String, Object>> result = request.exchange()
                .expectStatus().isEqualTo(status)
                .expectHeader().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody(Api.MAP).returnResult();
        Map<String, Object> problem = result.getResponseBody();
        assertThat(problem).containsEntry("status", status).containsKeys("title", "detail");
        assertThat(problem.toString()).doesNotContain("Exception", "\tat ", "org.f2fsobs", "org.springframework");
        if (status == 422 && !named.equals("script")) {
            assertThat(problem.get("limit")).isEqualTo(named);
            assertThat((String) problem.get("detail")).contains(named);
        } else {
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> errors = (List<Map<String, Object>>) problem.get("errors");
            assertThat(errors).extracting(e -> e.get("field")).contains(named);
            assertThat((String) problem.get("detail")).contains(named);
        }
        if (status == 401) assertThat(result.getResponseHeaders().getFirst("WWW-Authenticate")).startsWith("Bearer");
    }

    @Test
    void badRequestTableIsLargeEnough() {
        assertThat(badRequests().count()).isGreaterThanOrEqualTo(20);
    }

    @Test
    void aFullQueueIsA422NamingItsLimit() {
        Api api = new Api(webClient, TOKEN);
        String ok = "{" + FIO + ", \"params\": {\"scale\": [0.01]}, \"repetitions\": 1}";
        long id = api.submitMatrix(ok);
        try {
            api.post("/api/matrices").bodyValue(ok).exchange()
                    .expectStatus().isEqualTo(422)
                    .expectHeader().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON)
                    .expectBody().jsonPath("$.limit").isEqualTo("concurrent_matrices");
        } finally {
            webClient.delete().uri("/api/matrices/" + id).header("Authorization", "Bearer " + TOKEN).exchange().expectStatus().isOk();
            runner.open();
        }
        // reads need no token; writes with it are accepted
        webClient.get().uri("/api/matrices/" + id).exchange().expectStatus().isOk();
    }
}
