package org.f2fsobs.app.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.f2fsobs.app.Api;
import org.f2fsobs.app.TestDatabases;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST /api/scenarios/import} (a draft, or a 422 naming what is missing), {@code POST /api/scenarios} (201,
 * Location; 409 for a built-in or taken id), the user scenario in {@code GET /api/scenarios}, edited before it runs
 * and not after, its matrix through the same queue and cell runner as the catalog's, and the result's link to the mail.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "observatory.queue.workers=2")
@AutoConfigureWebTestClient
class MailScenarioTests {
    WebTestClient web;

    /** The test client with the same patience as {@link Api}'s: a 5 s default fails a busy CI host, not the app. */
    @Autowired
    void client(WebTestClient autowired) {
        web = autowired.mutate().responseTimeout(java.time.Duration.ofSeconds(120)).build();
    }

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestDatabases.fresh(registry, "mail-scenarios");
    }

    private Api api() {
        return new Api(web, null);
    }

    private Map<String, Object> importJson(String mail) {
        return api().post("/api/scenarios/import").bodyValue(Map.of("mail", mail)).exchange()
                .expectStatus().isOk().expectBody(Api.MAP).returnResult().getResponseBody();
    }

    @Test
    void aSeedMailIsADraft() {
        String mail = TestMails.read("seeds/004_2c36bc703d07533a.txt");
        Map<String, Object> d = importJson(mail);
        assertThat(d).containsEntry("runnable", true).containsEntry("id", "mail-fix-performance-issue-observed-with-multi-thread-sequential");
        assertThat(((Map<?, ?>) d.get("scenario")).get("flag")).isEqualTo("serialize_writepages");
        web.post().uri("/api/scenarios/import").contentType(MediaType.TEXT_PLAIN).bodyValue(mail).exchange().expectStatus().isEqualTo(415);
    }

    @Test
    void aMailWithNoMeasuredCommandIs422NamingWhatIsMissing() {
        web.post().uri("/api/scenarios/import").contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("mail", TestMails.read("mails/05_checkpoint-merge.eml"))).exchange()
                .expectStatus().isEqualTo(422)
                .expectHeader().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody()
                .jsonPath("$.errors[0].field").isEqualTo("command")
                .jsonPath("$.errors[1].field").isEqualTo("flag")
                .jsonPath("$.detail").value(d -> assertThat((String) d).contains("Elapsed Time", "no switch yet"));
        web.post().uri("/api/scenarios/import").contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("mail", "hello\nworld\n")).exchange()
                .expectStatus().isEqualTo(422).expectBody().jsonPath("$.errors[0].field").isEqualTo("mail")
                .jsonPath("$.detail").value(d -> assertThat((String) d).contains("not a patch mail"));
        web.post().uri("/api/scenarios/import").contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("mail", "x".repeat(2 << 20))).exchange()
                .expectStatus().isEqualTo(422).expectBody().jsonPath("$.limit").isEqualTo("mail_chars");
        web.post().uri("/api/scenarios/import").contentType(MediaType.APPLICATION_JSON).bodyValue("{\"mail\": \"" + "y".repeat(10 << 20) + "\"}").exchange()
                .expectStatus().isEqualTo(422).expectBody().jsonPath("$.limit").isEqualTo("body_bytes");
        web.post().uri("/api/scenarios/import").contentType(MediaType.APPLICATION_JSON).bodyValue("{}").exchange()
                .expectStatus().isBadRequest().expectBody().jsonPath("$.errors[0].field").isEqualTo("mail");
    }

    @Test
    @SuppressWarnings("unchecked")
    void aStoredDraftIsACatalogEntryThatRunsAndItsResultLinksToTheMail() throws Exception {
        String mail = TestMails.read("seeds/000_ea68bffc9d5138c9.txt");
        Map<String, Object> scenario = (Map<String, Object>) importJson(mail).get("scenario");
        String id = (String) scenario.get("id");
        web.post().uri("/api/scenarios").contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("scenario", scenario, "mail", mail)).exchange()
                .expectStatus().isCreated().expectHeader().valueEquals("Location", "/api/scenarios/" + id)
                .expectBody().jsonPath("$.origin").isEqualTo("user").jsonPath("$.message_id").isEqualTo("20250502044146.552-2-yohan.joung@sk.com");
        web.post().uri("/api/scenarios").contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("scenario", scenario)).exchange()
                .expectStatus().isEqualTo(409).expectBody().jsonPath("$.errors[0].field").isEqualTo("scenario.id");
        Map<String, Object> shadow = new java.util.LinkedHashMap<>(scenario);
        shadow.put("id", "fio-large-section");
        web.post().uri("/api/scenarios").contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("scenario", shadow)).exchange()
                .expectStatus().isEqualTo(409).expectBody().jsonPath("$.detail").value(d -> assertThat((String) d).contains("built-in"));
        List<Map<String, Object>> list = JsonMapper.builder().build().readValue(web.get().uri("/api/scenarios").exchange().expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody(), List.class);
        assertThat(list).extracting(e -> e.get("id")).containsExactly("fio-large-section", "dd-compressed-read", "iozone-compressed-sync",
                "tiotest-multithread-read", id);
        assertThat(list.get(0).get("origin")).isEqualTo("catalog");

        // edited before it runs: a new title
        Map<String, Object> edited = new java.util.LinkedHashMap<>(scenario);
        edited.put("title", "P1 again, edited");
        web.put().uri("/api/scenarios/" + id).contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("scenario", edited)).exchange()
                .expectStatus().isOk().expectBody().jsonPath("$.title").isEqualTo("P1 again, edited");
        web.put().uri("/api/scenarios/fio-large-section").contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("scenario", edited)).exchange()
                .expectStatus().isEqualTo(409);
        Map<String, Object> stored = api().get("/api/scenarios/" + id + "/mail");
        assertThat(stored.get("mail")).isEqualTo(mail);
        assertThat(((Map<?, ?>) stored.get("draft")).get("id")).isEqualTo(id);

        long matrix = api().submitMatrix("{\"scenario\": \"" + id + "\", \"optimizations\": {\"sec_ckpt_valid_blocks\": [false, true]},"
                + " \"params\": {\"segs_per_sec\": [128], \"scale\": [0.01]}, \"repetitions\": 1, \"seed\": 1}");
        Map<String, Object> done = api().awaitMatrix(matrix, "DONE", 240);
        Map<String, Object> m = api().get("/api/matrices/" + matrix);
        List<Map<String, Object>> comparisons = (List<Map<String, Object>>) m.get("comparisons");
        assertThat(comparisons).singleElement().satisfies(c -> assertThat(((Number) c.get("reference_ratio")).doubleValue()).isEqualTo(2556.0 / 2145));
        List<Map<String, Object>> cells = (List<Map<String, Object>>) m.get("cells");
        Map<String, Object> result = (Map<String, Object>) cells.get(0).get("result");
        assertThat(result).as("the cell's result").isNotNull();
        Map<String, Object> reference = (Map<String, Object>) result.get("reference");
        assertThat(reference).containsEntry("message_id", "20250502044146.552-2-yohan.joung@sk.com");
        assertThat((String) reference.get("quote")).contains("SEGS_PER_SEC 128 2145MiB/s");
        assertThat(done).isNotNull();
        // it has run: no more editing
        web.put().uri("/api/scenarios/" + id).contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("scenario", edited)).exchange()
                .expectStatus().isEqualTo(409).expectBody().jsonPath("$.detail").value(d -> assertThat((String) d).contains("matrices or runs"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void aScenarioThatDoesNotLoadIs422AndANoSwitchDraftCannotBeStored() {
        Map<String, Object> d = importJson(TestMails.read("mails/03_buffered-async-reads.eml"));
        assertThat(d).containsEntry("runnable", false);
        web.post().uri("/api/scenarios").contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("scenario", d.get("scenario"))).exchange()
                .expectStatus().isEqualTo(422).expectBody().jsonPath("$.errors[0].field").isEqualTo("scenario")
                .jsonPath("$.detail").value(x -> assertThat((String) x).contains("flag"));
        Map<String, Object> level = importJson(TestMails.read("mails/04_compress-level.eml"));
        web.post().uri("/api/scenarios").contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("scenario", level.get("scenario"))).exchange()
                .expectStatus().isEqualTo(422).expectBody().jsonPath("$.detail").value(x -> assertThat((String) x).contains("lz4:9", "LZ4HC"));
        Map<String, Object> edited = new java.util.LinkedHashMap<>((Map<String, Object>) level.get("scenario"));
        edited.put("sides", Map.of("param", "compression", "before", "lz4", "after", "zstd"));
        web.post().uri("/api/scenarios").contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("scenario", edited)).exchange()
                .expectStatus().isCreated().expectBody().jsonPath("$.sides.after").isEqualTo("zstd").jsonPath("$.flag").isEmpty();
        // a band sweeps constants around a flag's off/on ratio: refused, by name, for a parameter's two values
        web.post().uri("/api/matrices").contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"scenario\": \"" + edited.get("id") + "\", \"params\": {\"scale\": [0.01]}, \"band\": true}").exchange()
                .expectStatus().isBadRequest().expectBody().jsonPath("$.errors[0].field").isEqualTo("band")
                .jsonPath("$.detail").value(x -> assertThat((String) x).contains("two values of compression", "not a flag"));
        // its sides are two values of a parameter: a matrix runs them (before as off, after as on) and compares with the mail
        long matrix = api().submitMatrix("{\"scenario\": \"" + edited.get("id") + "\", \"params\": {\"scale\": [0.01]}, \"repetitions\": 1, \"seed\": 1}");
        api().awaitMatrix(matrix, "DONE", 240);
        Map<String, Object> m = api().get("/api/matrices/" + matrix);
        List<Map<String, Object>> cells = (List<Map<String, Object>>) m.get("cells");
        assertThat(cells).extracting(c -> ((Map<String, Object>) ((Map<String, Object>) c.get("spec")).get("params")).get("compression"))
                .containsExactly("lz4", "zstd");
        assertThat((List<Map<String, Object>>) m.get("comparisons")).singleElement()
                .satisfies(c -> assertThat(((Number) c.get("reference_ratio")).doubleValue()).isEqualTo(37.4 / 60.9));
        Map<String, Object> reference = (Map<String, Object>) ((Map<String, Object>) cells.get(1).get("result")).get("reference");
        assertThat(reference).containsEntry("message_id", "20210122094643.47558-1-yuchao0@huawei.com");
        assertThat((String) reference.get("quote")).contains("37.4 MB/s");
    }
}
