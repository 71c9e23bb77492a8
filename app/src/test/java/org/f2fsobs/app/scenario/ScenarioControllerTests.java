package org.f2fsobs.app.scenario;

import static org.mockito.BDDMockito.given;

import java.time.Instant;
import org.f2fsobs.app.matrix.ComparisonRepository;
import org.f2fsobs.app.matrix.StoredComparison;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.reactive.server.WebTestClient;
import reactor.core.publisher.Flux;

@WebFluxTest({ScenarioController.class, ProfileController.class})
@Import(CatalogConfiguration.class)
class ScenarioControllerTests {

    @Autowired
    private WebTestClient webClient;

    @MockitoBean
    private ComparisonRepository comparisons;

    /** A stored comparison of matrix 7 at the mail's point (segs_per_sec 128, scale 1). */
    private StoredComparison largeSections() {
        String json = "{\"params\": {\"segs_per_sec\": 128, \"scale\": 1.0}, \"row\": null, \"off\": {\"median\": 2.2e9, \"min\": 2.1e9,"
                + " \"max\": 2.3e9, \"n\": 3}, \"on\": {\"median\": 2.6e9, \"min\": 2.5e9, \"max\": 2.7e9, \"n\": 3}, \"ratio\": 1.18,"
                + " \"ratio_ci\": [1.1, 1.25], \"reference_ratio\": 1.19, \"mechanism\": \"moved as expected\", \"verdict\": \"reproduced\"}";
        return new StoredComparison(1L, 7, "fio-large-section", "profile=nullblk-x86;scale=1,segs_per_sec=128", null, 1.18, 1.19,
                "reproduced", json, Instant.parse("2026-01-02T03:04:05Z"));
    }

    @Test
    void showScenarioList() {
        webClient.get().uri("/api/scenarios").exchange()
                .expectStatus().isOk()
                .expectHeader().contentTypeCompatibleWith(MediaType.APPLICATION_JSON)
                .expectBody()
                .jsonPath("$.length()").isEqualTo(4)
                .jsonPath("$[*].id").value(ids -> org.assertj.core.api.Assertions.assertThat(ids.toString())
                        .contains("fio-large-section", "dd-compressed-read", "iozone-compressed-sync", "tiotest-multithread-read"));
    }

    @Test
    void showComparisonGivesTheLatestPerPointWithTheMailsFigures() {
        given(comparisons.findLatestPerPoint("fio-large-section")).willReturn(Flux.just(largeSections()));
        webClient.get().uri("/api/scenarios/fio-large-section/comparison").exchange()
                .expectStatus().isOk()
                .expectBody()
                .jsonPath("$.scenario").isEqualTo("fio-large-section")
                .jsonPath("$.flag").isEqualTo("sec_ckpt_valid_blocks")
                .jsonPath("$.comparisons[0].verdict").isEqualTo("reproduced")
                .jsonPath("$.comparisons[0].matrix_id").isEqualTo(7)
                .jsonPath("$.comparisons[0].profile").isEqualTo("nullblk-x86")
                .jsonPath("$.comparisons[0].reference[0].metric").isEqualTo("write_bandwidth")
                .jsonPath("$.comparisons[0].reference[0].source").isEqualTo("000_ea68bffc9d5138c9.txt")
                .jsonPath("$.comparisons[0].reference[0].off.printed_unit").isEqualTo("MiB/s");
    }

    @Test
    void showComparisonOfAnUnknownScenarioIsANotFoundProblem() {
        webClient.get().uri("/api/scenarios/nope/comparison").exchange()
                .expectStatus().isNotFound()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody().jsonPath("$.detail").value(d -> org.assertj.core.api.Assertions.assertThat((String) d).contains("nope"));
    }

    @Test
    void showProfileList() {
        webClient.get().uri("/api/profiles").exchange()
                .expectStatus().isOk()
                .expectBody()
                .jsonPath("$[0].name").isEqualTo("nullblk-x86")
                .jsonPath("$[0].constants").isMap()
                .jsonPath("$[*].userland").exists();
    }
}
