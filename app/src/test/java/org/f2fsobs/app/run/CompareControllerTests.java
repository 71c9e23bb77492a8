package org.f2fsobs.app.run;

import static org.mockito.BDDMockito.given;

import java.time.Instant;
import java.util.Map;
import org.f2fsobs.app.queue.GatedCellRunner;
import org.f2fsobs.app.system.Json;
import org.f2fsobs.bench.api.RunResult;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.reactive.server.WebTestClient;
import reactor.core.publisher.Mono;

@WebFluxTest(CompareController.class)
class CompareControllerTests {

    @Autowired
    private WebTestClient webClient;

    @MockitoBean
    private RunService runs;

    private static Run run(long id, RunResult r) {
        return new Run(id, Run.CELL, "DONE", 1L, (int) id, null, r.scenario(), r.tool(), r.profile(), r.command(), null, null, null,
                r.seed(), null, null, null, r.virtualNs(), r.wallMs(), Json.compact(r), null, Instant.EPOCH, null, null);
    }

    @Test
    void showComparisonGivesPercentChanges() {
        RunResult off = GatedCellRunner.result("fio-large-section", "nullblk-x86", Map.of("sec_ckpt_valid_blocks", false), Map.of(), 0);
        RunResult on = GatedCellRunner.result("fio-large-section", "nullblk-x86", Map.of("sec_ckpt_valid_blocks", true), Map.of(), 0);
        given(runs.find(1)).willReturn(Mono.just(run(1, off)));
        given(runs.find(2)).willReturn(Mono.just(run(2, on)));
        webClient.get().uri("/api/compare?a=1&b=2").exchange()
                .expectStatus().isOk()
                .expectBody()
                .jsonPath("$.a.id").isEqualTo(1)
                .jsonPath("$.b.optimizations.sec_ckpt_valid_blocks").isEqualTo(true)
                .jsonPath("$.headline.name").isEqualTo("write_bandwidth")
                .jsonPath("$.headline.change_percent").value(v -> org.assertj.core.api.Assertions.assertThat(((Number) v).doubleValue())
                        .isCloseTo(20.0, org.assertj.core.data.Offset.offset(1e-9)))
                .jsonPath("$.counters[?(@.name == 'seg_entry_reads')].change_percent").isEqualTo(-99.0)
                .jsonPath("$.counters[?(@.name == 'checkpoints')].change_percent").isEqualTo(0.0)
                .jsonPath("$.histograms.write_request_bytes[0].bytes").isEqualTo(524288)
                .jsonPath("$.time_breakdown_ns[?(@.name == 'cpu.copy')].a").isEqualTo(2.0);
    }

    @Test
    void aRunWithoutResultCannotBeCompared() {
        RunResult r = GatedCellRunner.result("fio-large-section", "nullblk-x86", Map.of(), Map.of(), 0);
        given(runs.find(1)).willReturn(Mono.just(run(1, r)));
        given(runs.find(2)).willReturn(Mono.just(new Run(2L, Run.EXEC, "QUEUED", null, null, "{}", null, null, "nullblk-x86", "dd",
                null, null, null, null, null, null, null, null, null, null, null, Instant.EPOCH, null, null)));
        webClient.get().uri("/api/compare?a=1&b=2").exchange()
                .expectStatus().isEqualTo(409)
                .expectBody().jsonPath("$.errors[0].field").isEqualTo("status");
    }

    @Test
    void changeIsUndefinedFromZero() {
        org.assertj.core.api.Assertions.assertThat(CompareController.change(0.0, 0.0)).isEqualTo(0.0);
        org.assertj.core.api.Assertions.assertThat(CompareController.change(0.0, 5.0)).isNull();
        org.assertj.core.api.Assertions.assertThat(CompareController.change(null, 5.0)).isNull();
        org.assertj.core.api.Assertions.assertThat(CompareController.change(4.0, 5.0)).isEqualTo(25.0);
    }
}
