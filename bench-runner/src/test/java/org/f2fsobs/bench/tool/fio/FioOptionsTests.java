package org.f2fsobs.bench.tool.fio;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.f2fsobs.bench.tool.OptionTable;
import org.junit.jupiter.api.Test;

/**
 * fio's option table: every option the issue names is in it, aliases resolve, and docs/tools.md's "fio" table is this
 * table row for row (the file itself is checked with the other tables by OptionCoverageTests).
 */
class FioOptionsTests {

    @Test
    void everyOptionTheIssueNamesIsInTheTable() {
        for (String o : List.of("filesize", "io_size", "directory", "nrfiles", "openfiles", "file_service_type", "norandommap",
                "random_distribution", "bssplit", "bsrange", "ba", "ramp_time", "stonewall", "rate", "rate_iops", "ratemin",
                "description", "threads", "overwrite", "fallocate", "sync", "verify", "verify_pattern", "do_verify",
                "verify_fatal", "fill_device", "lat_percentiles", "write_bw_log", "write_lat_log", "write_iops_log",
                "registerfiles", "fixedbufs", "sqthread_poll", "hipri", "nowait", "force_async", "uncached", "gtod_reduce",
                "invalidate")) {
            assertThat(FioOptions.find(o)).as(o).isNotNull();
        }
        assertThat(FioOptions.find("io_limit").name()).isEqualTo("io_size");
        assertThat(FioOptions.find("wait_for_previous").name()).isEqualTo("stonewall");
    }

    @Test
    void theDocTableIsTheParsersTableWithAliasesInParentheses() {
        List<OptionTable.Row> rows = FioOptionTable.jobOptions().rows();
        assertThat(rows).hasSize(FioOptions.all().size());
        assertThat(rows).contains(new OptionTable.Row("io_size (io_limit)", OptionTable.Status.MODELLED,
                FioOptions.find("io_size").note()));
        assertThat(rows.stream().filter(r -> r.option().equals("uncached")).findFirst().orElseThrow().status())
                .isEqualTo(OptionTable.Status.REFUSED);
    }
}
