package org.f2fsobs.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Comparator;
import org.f2fsobs.app.TestDatabases;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.r2dbc.test.autoconfigure.DataR2dbcTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The run store: saved through the repository, listed by {@link RunHistory}. */
@DataR2dbcTest
@Import({RunHistory.class, org.f2fsobs.app.system.DatabaseConfiguration.class})
class RunRepositoryTests {

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestDatabases.fresh(registry, "repo");
    }

    @Autowired
    private RunRepository runs;
    @Autowired
    private RunHistory history;

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
        RunHistory.Page page = history.page("fio-large-section", 0, 50, null).block();
        assertThat(page.items()).extracting(i -> i.headline().value()).containsExactly(3.0, 1.0);
        assertThat(page.total()).isEqualTo(2);
        assertThat(page.items().get(0).optimizations()).containsEntry("vm_map_ram", true);
        assertThat(page.items().get(0).params()).isEqualTo("{\"scale\":0.01}");
        assertThat(history.page("fio-large-section", 1, 1, null).block().items()).extracting(i -> i.headline().value()).containsExactly(1.0);
        RunHistory.Page first = history.page("fio-large-section", 0, 1, null).block();
        assertThat(first.nextBefore()).isEqualTo(first.items().get(0).id());
        assertThat(history.page("fio-large-section", 0, 1, first.nextBefore()).block().items())     // keyset: the page after
                .extracting(i -> i.headline().value()).containsExactly(1.0);
        assertThat(history.page("fio-large-section", 5, 50, null).block()).satisfies(p -> {      // past the end: no rows, the total
            assertThat(p.items()).isEmpty();
            assertThat(p.total()).isEqualTo(2);
            assertThat(p.nextBefore()).isNull();
        });
        RunHistory.Page all = history.page(null, 0, 50, null).block();
        assertThat(all.items()).extracting(RunHistory.Item::scenario).contains("fio-large-section", "dd-compressed-read");
        assertThat(all.items()).extracting(RunHistory.Item::id).isSortedAccordingTo(Comparator.reverseOrder());
        assertThat(runs.countByScenario("fio-large-section").block()).isEqualTo(2);
    }

    @Test
    void runsOutsideMatricesAreNotLimitedByTheOneResultPerCellConstraint() {
        Run single = new Run(null, Run.EXEC, "DONE", null, null, null, "single", null, null, null, null, null, null, null, null,
                null, null, null, null, "{}", null, Instant.now(), null, null);
        runs.save(single).block();
        runs.save(single).block();                 // MATRIX_ID and CELL_INDEX null: NULLs are distinct in the unique index
        assertThat(runs.countByScenario("single").block()).isEqualTo(2);
    }
}
