package org.f2fsobs.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.f2fsobs.app.TestDatabases;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.r2dbc.test.autoconfigure.DataR2dbcTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

@DataR2dbcTest
class RunRepositoryTests {

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestDatabases.fresh(registry, "repo");
    }

    @Autowired
    private RunRepository runs;

    private static Run run(String scenario, double headline) {
        return new Run(null, Run.SCENARIO, "DONE", null, null, "{}", scenario, "fio", "nullblk-x86", "fio --x", "vm_map_ram=true", true,
                "{\"scale\":0.01}", 1L, "write_bandwidth", headline, "bytes/s", 10L, 2L, "{\"scenario\":\"" + scenario + "\"}", null,
                Instant.now(), null, Instant.now());
    }

    @Test
    void shouldFindRunsByScenarioNewestFirst() {
        runs.save(run("fio-large-section", 1)).block();
        runs.save(run("dd-compressed-read", 2)).block();
        runs.save(run("fio-large-section", 3)).block();
        List<RunSummary> page = runs.findPage("fio-large-section", 50, 0).collectList().block();
        assertThat(page).extracting(RunSummary::headlineValue).containsExactly(3.0, 1.0);
        assertThat(runs.countPage("fio-large-section").block()).isEqualTo(2);
        assertThat(runs.findPage("fio-large-section", 1, 1).collectList().block()).extracting(RunSummary::headlineValue).containsExactly(1.0);
        List<RunSummary> all = runs.findPage(null, 50, 0).collectList().block();
        assertThat(all).extracting(RunSummary::scenario).contains("fio-large-section", "dd-compressed-read");
        assertThat(all).extracting(RunSummary::id).isSortedAccordingTo(java.util.Comparator.reverseOrder());
    }

    @Test
    void runsOutsideMatricesAreNotLimitedByTheOneResultPerCellConstraint() {
        Run single = new Run(null, Run.EXEC, "DONE", null, null, null, "single", null, null, null, null, null, null, null, null,
                null, null, null, null, "{}", null, Instant.now(), null, null);
        runs.save(single).block();
        runs.save(single).block();                 // MATRIX_ID and CELL_INDEX null: NULLs are distinct in the unique index
        assertThat(runs.countPage("single").block()).isEqualTo(2);
    }
}
