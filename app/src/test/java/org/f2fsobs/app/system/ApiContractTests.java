package org.f2fsobs.app.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.f2fsobs.app.Api;
import org.f2fsobs.app.TestDatabases;
import org.f2fsobs.app.queue.GatedCellRunner;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import reactor.blockhound.BlockingOperationError;
import reactor.core.scheduler.Schedulers;

/**
 * The API's contract from the outside: every problem of a body in one answer, wrong content types refused (415),
 * the OpenAPI document typed (a title, a schema for every body, the real success codes), and the guard that keeps
 * database work off the threads that must not block.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient(timeout = "PT60S")
class ApiContractTests {

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
        TestDatabases.fresh(registry, "contract");
    }

    @Autowired
    private WebTestClient webClient;
    @Autowired
    private DatabaseClient db;

    private List<String> fieldsOfProblem(String path, String body) {
        Map<String, Object> problem = webClient.post().uri(path).contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange()
                .expectStatus().isBadRequest()
                .expectHeader().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody(Api.MAP).returnResult().getResponseBody();
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> errors = (List<Map<String, Object>>) problem.get("errors");
        return errors.stream().map(e -> (String) e.get("field")).toList();
    }

    @Test
    void everyProblemOfABodyIsInOneAnswer() {
        assertThat(fieldsOfProblem("/api/matrices", "{\"scenario\": 42, \"repetitions\": \"3\", \"colour\": 1, \"optimizations\": "
                + "{\"vm_map_ram\": [true, \"no\"]}}")).containsExactlyInAnyOrder("scenario", "repetitions", "colour", "optimizations.vm_map_ram[1]");
        // type problems and Bean Validation constraints together
        assertThat(fieldsOfProblem("/api/crash-checks", "{\"scenario\": \"fio-large-section\", \"point\": -1, \"max_points\": \"x\", \"seed\": 1.5}"))
                .containsExactlyInAnyOrder("point", "max_points", "seed");
        assertThat(fieldsOfProblem("/api/runs", "{\"profile\": 7, \"command\": \"dd if=/dev/zero of=f count=1\", \"dd_style\": \"bsd\", "
                + "\"mkfs\": [\"-s\"]}")).containsExactlyInAnyOrder("profile", "mkfs", "dd_style");
    }

    @Autowired
    @org.springframework.beans.factory.annotation.Qualifier("requestMappingHandlerMapping")
    private org.springframework.web.reactive.result.method.annotation.RequestMappingHandlerMapping handlers;

    /** Issue 30: no handler takes or answers an untyped {@code Map<String, Object>} (records, or a written document with its schema). */
    @Test
    void noHandlerTakesOrAnswersAnUntypedMap() {
        List<String> untyped = new ArrayList<>();
        handlers.getHandlerMethods().forEach((mapping, m) -> {
            if (!m.getBeanType().getPackageName().startsWith("org.f2fsobs")) return;
            List<java.lang.reflect.Type> types = new ArrayList<>(List.of(m.getMethod().getGenericParameterTypes()));
            types.add(m.getMethod().getGenericReturnType());
            for (java.lang.reflect.Type t : types)
                if (t.getTypeName().contains("java.util.Map<java.lang.String, java.lang.Object>")) untyped.add(m.getShortLogMessage() + ": " + t.getTypeName());
        });
        assertThat(handlers.getHandlerMethods()).isNotEmpty();
        assertThat(untyped).isEmpty();
    }

    @Test
    void aBodyThatIsNotJsonIsRefusedWith415() {
        webClient.post().uri("/api/matrices").contentType(MediaType.TEXT_PLAIN).bodyValue("{\"scenario\": \"fio-large-section\"}").exchange()
                .expectStatus().isEqualTo(415)
                .expectHeader().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody().jsonPath("$.errors[0].field").isEqualTo("Content-Type");
        webClient.post().uri("/api/jmh").contentType(MediaType.TEXT_PLAIN).bodyValue("[]").exchange().expectStatus().isEqualTo(415);
    }

    @Test
    @SuppressWarnings("unchecked")
    void apiDocsHaveATitleASchemaForEveryBodyAndTheRealStatusCodes() {
        Map<String, Object> docs = webClient.get().uri("/v3/api-docs").exchange().expectStatus().isOk()
                .expectBody(Api.MAP).returnResult().getResponseBody();
        assertThat(((Map<String, Object>) docs.get("info")).get("title")).isEqualTo("F2FS Observatory API");
        Map<String, Map<String, Map<String, Object>>> paths = (Map<String, Map<String, Map<String, Object>>>) docs.get("paths");
        assertThat(((Map<String, Object>) paths.get("/api/matrices").get("post").get("responses"))).containsKey("202").doesNotContainKey("200");
        assertThat(((Map<String, Object>) paths.get("/api/runs").get("post").get("responses"))).containsKey("202").doesNotContainKey("200");
        assertThat(((Map<String, Object>) paths.get("/api/crash-checks").get("post").get("responses"))).containsKey("202");
        assertThat(((Map<String, Object>) paths.get("/api/jmh").get("post").get("responses"))).containsKey("201");
        List<String> untyped = new ArrayList<>();
        paths.forEach((path, ops) -> ops.forEach((method, op) -> {
            if (op.get("requestBody") instanceof Map<?, ?> body) {
                ((Map<String, Map<String, Object>>) body.get("content")).forEach((type, c) -> {
                    if (!typed(c.get("schema"))) untyped.add(method + " " + path + " request " + type);
                });
            }
            ((Map<String, Map<String, Object>>) op.get("responses")).forEach((code, response) -> {
                if (!(response.get("content") instanceof Map<?, ?> content)) {
                    untyped.add(method + " " + path + " " + code + ": no content");
                    return;
                }
                ((Map<String, Map<String, Object>>) content).forEach((type, c) -> {
                    if (type.startsWith("text/csv")) return;
                    if (!typed(c.get("schema"))) untyped.add(method + " " + path + " " + code + " " + type + ": " + c.get("schema"));
                });
            });
        }));
        assertThat(untyped).isEmpty();
    }

    /** A schema that says something: a reference to a component, an array of such, or an object with properties. */
    private static boolean typed(Object schema) {
        if (!(schema instanceof Map<?, ?> s)) return false;
        if (s.containsKey("$ref") || s.containsKey("oneOf")) return true;
        if ("array".equals(s.get("type"))) return typed(s.get("items")) || s.get("items") instanceof Map<?, ?>;
        return "object".equals(s.get("type")) && (s.containsKey("properties") || s.containsKey("additionalProperties"));
    }

    @Test
    void anH2StatementOnAThreadThatMustNotBlockFailsTheTest() {
        // the guard itself: BlockHound is installed (blockhound-junit-platform) and H2BlockingIntegration marks H2 statements
        assertThat(db.sql("SELECT COUNT(*) AS N FROM RUNS").fetch().one().subscribeOn(Database.SCHEDULER).block()).containsKey("N");
        // on a connection of its own (a connection given back from a parallel thread would serve the next borrower there)
        var h2 = io.r2dbc.spi.ConnectionFactories.get("r2dbc:h2:mem:///guard");
        assertThatThrownBy(() -> reactor.core.publisher.Mono.from(h2.create())
                .flatMapMany(c -> reactor.core.publisher.Flux.from(c.createStatement("SELECT 1").execute())
                        .flatMap(r -> r.map((row, meta) -> row.get(0))).concatWith(reactor.core.publisher.Mono.from(c.close()).then(reactor.core.publisher.Mono.empty())))
                .subscribeOn(Schedulers.parallel()).blockLast())
                .hasRootCauseInstanceOf(BlockingOperationError.class);
    }
}
