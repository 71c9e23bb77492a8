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
        var r = BenchRunnerCliTests.cli("report", "--out", out.toString(), "--figures", dir.resolve("docs/figures.json").toString(), "--scale", "min",
                "--repeat", "1", "--threads", "2", "--no-band");
        assertThat(r.code()).as(r.err()).isZero();
        String md = Files.readString(out);
        assertThat(md).startsWith("# Reproduction report").contains("--scale min --repeat 1").contains("--no-band").doesNotContain("## Band verdicts");
        for (String id : new String[] {"fio-large-section", "dd-compressed-read", "iozone-compressed-sync", "tiotest-multithread-read"}) {
            assertThat(md).contains("### " + id);
        }
        // the mail's figures, ours with intervals and verdicts, and the counters behind them
        assertThat(md).contains("2145").contains("2556").contains("| ratio on/off | seed interval (95 %) |")
                .contains("no run-to-run noise in the model");
        assertThat(md).containsPattern("\\| segs_per_sec=128 scale=0.01 \\| `seg_entry_reads` \\| [0-9,]+ \\| [0-9,]+ \\|");
        assertThat(md).contains("commonest read request");
        assertThat(md).contains("heap peak").contains(" MiB after GC, ").contains(" MiB in use").contains("wall ");
        // the profile constants with their sources
        assertThat(md).contains("## Profile constants and their sources").contains("`nullblk-x86`").contains("`device.flush_ns`");
    }

    @Test
    void reportRunsTheBandsAndPrintsVerdictsWidthsAndTheConstantsThatMoveTheRatio(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("r.md"), figures = dir.resolve("f.json");
        var r = BenchRunnerCliTests.cli("report", "--out", out.toString(), "--figures", figures.toString(), "--scale", "min", "--repeat", "1",
                "--threads", "2", "--scenario", "fio-large-section");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).contains("[band] fio-large-section: done");
        String md = Files.readString(out);
        assertThat(md).contains("## Band verdicts").contains("Effect rows (|m − 1| ≥ 0.10): ").contains("No-effect rows: ")
                .contains("| scenario | point | ours (nominal) | band | width | mail's ratio | verdict | band verdict | top three constants by swing |");
        assertThat(md).containsPattern("\\| `fio-large-section` \\| segs_per_sec=128 scale=0.01 \\| [0-9.]+ \\| \\[[0-9.]+, [0-9.]+\\] \\| [0-9.]+ \\| 1.192 \\| "
                + "\\*\\*not_reproduced\\*\\* \\| \\*\\*(robust|consistent|inconclusive|excluded)\\*\\* \\(width [0-9.]+\\) \\| `seg_entry_read` ");
        assertThat(md).contains("Tornado of segs_per_sec=128").contains("[`cpu.costs_ps.seg_entry_read`](#c-nullblk-x86-cpu-costs-ps-seg-entry-read)")
                .contains("<a id=\"c-nullblk-x86-cpu-costs-ps-seg-entry-read\"></a>");
        var golden = tools.jackson.databind.json.JsonMapper.builder().build().readTree(Files.readString(figures));
        var c = golden.path("scenarios").path("fio-large-section").path("comparisons").path("segs_per_sec=128 scale=0.01");
        assertThat(c.path("band").size()).isEqualTo(2);
        assertThat(c.path("band_verdict").asString()).isNotBlank();
        assertThat(c.path("band_top").propertyNames()).first().isEqualTo("cpu.costs_ps.seg_entry_read");
        assertThat(golden.path("settings").path("band").asBoolean()).isTrue();
    }

    @Test
    void aScaleBelowAScenariosMinimumIsRefusedNamingIt() {
        var r = BenchRunnerCliTests.cli("report", "--scale", "0.1");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("dd-compressed-read").contains("smallest meaningful scale 0.5").doesNotContain("[report]");
        var p4 = BenchRunnerCliTests.cli("report", "--scale", "0.1", "--scenario", "tiotest-multithread-read");
        assertThat(p4.code()).isEqualTo(2);
        assertThat(p4.err()).contains("tiotest-multithread-read").contains("smallest meaningful scale 0.25").doesNotContain("[report]");
        var tiny = BenchRunnerCliTests.cli("report", "--scale", "1e-300", "--scenario", "fio-large-section");
        assertThat(tiny.code()).isEqualTo(2);
        assertThat(tiny.err()).contains("smallest meaningful scale 0.01");
        var word = BenchRunnerCliTests.cli("report", "--scale", "half");
        assertThat(word.code()).isEqualTo(2);
        assertThat(word.err()).contains("--scale must be a number in (0, 1] or min");
    }

    @Test
    void reportRejectsABadScale() {
        var r = BenchRunnerCliTests.cli("report", "--scale", "2");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--scale");
    }
}
