package org.f2fsobs.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.f2fsobs.bench.cli.BenchRunnerCliTests;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench-runner report} end to end at a small scale: every seed scenario, its figures, ours, counters, sources. */
class ReproductionReportTests {

    @Test
    void reportRunsEveryScenarioAndExplainsItsFigures(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("docs/reproduction.md");
        var r = BenchRunnerCliTests.cli("report", "--out", out.toString(), "--figures", dir.resolve("docs/figures.json").toString(), "--scale", "0.004", "--repeat", "1", "--threads", "2");
        assertThat(r.code()).as(r.err()).isZero();
        String md = Files.readString(out);
        assertThat(md).startsWith("# Reproduction report").contains("--scale 0.004 --repeat 1");
        for (String id : new String[] {"fio-large-section", "dd-compressed-read", "iozone-compressed-sync", "tiotest-multithread-read"}) {
            assertThat(md).contains("### " + id);
        }
        // the mail's figures, ours with intervals and verdicts, and the counters behind them
        assertThat(md).contains("2145").contains("2556").contains("| ratio on/off | 95 % CI |");
        assertThat(md).containsPattern("\\| segs_per_sec=128 scale=0.004 \\| `seg_entry_reads` \\| [0-9,]+ \\| [0-9,]+ \\|");
        assertThat(md).contains("commonest read request");
        assertThat(md).contains("heap peak").contains(" MiB after GC, ").contains(" MiB in use").contains("wall ");
        // the profile constants with their sources
        assertThat(md).contains("## Profile constants and their sources").contains("`nullblk-x86`").contains("`device.flush_ns`");
    }

    @Test
    void reportRejectsABadScale() {
        var r = BenchRunnerCliTests.cli("report", "--scale", "2");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--scale");
    }
}
