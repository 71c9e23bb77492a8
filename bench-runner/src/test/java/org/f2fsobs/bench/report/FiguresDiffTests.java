package org.f2fsobs.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.cli.BenchRunnerCliTests;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Golden figures end to end on P1 at a tenth of its size: {@code report} writes them, {@code report --diff} on an
 * unchanged tree says nothing moved, and with one profile constant changed it names the constant, the figures it
 * moved and the verdict it changed.
 */
class FiguresDiffTests {
    static final String[] SMALL = {"--scale", "0.1", "--repeat", "1", "--threads", "2", "--scenario", "fio-large-section"};

    @Test
    void anUnchangedTreeMovesNothingAndAChangedConstantIsNamed(@TempDir Path dir) throws Exception {
        Path figures = dir.resolve("figures.json");
        var written = BenchRunnerCliTests.cli(concat(new String[] {"report", "--out", dir.resolve("r.md").toString(),
                "--figures", figures.toString()}, SMALL));
        assertThat(written.code()).as(written.err()).isZero();
        JsonNode golden = ResultJson.mapper().readTree(Files.readString(figures));
        assertThat(golden.at("/settings/scale").asDouble()).isEqualTo(0.1);
        JsonNode point = golden.at("/scenarios/fio-large-section/comparisons/segs_per_sec=128 scale=0.1");
        assertThat(point.get("ratio").asDouble()).isGreaterThan(1.05);
        assertThat(point.get("verdict").asString()).isNotBlank();
        assertThat(golden.at("/scenarios/fio-large-section/counters/segs_per_sec=128 scale=0.1/seg_entry_reads/off").asLong())
                .isGreaterThan(golden.at("/scenarios/fio-large-section/counters/segs_per_sec=128 scale=0.1/seg_entry_reads/on").asLong());
        assertThat(golden.at("/profiles/nullblk-x86/cpu.costs_ps.seg_entry_read/value").asLong()).isPositive();

        // the settings come from the committed file: no --scale needed
        var same = BenchRunnerCliTests.cli("report", "--diff", "--figures", figures.toString(), "--threads", "2",
                "--scenario", "fio-large-section");
        assertThat(same.code()).as(same.err()).isZero();
        assertThat(same.out()).contains("no figure moved").doesNotContain("differ");

        long sePs = golden.at("/profiles/nullblk-x86/cpu.costs_ps.seg_entry_read/value").asLong();
        var moved = BenchRunnerCliTests.cli("report", "--diff", "--figures", figures.toString(), "--threads", "2",
                "--scenario", "fio-large-section", "--profile-set", "cpu.costs_ps.seg_entry_read=" + (sePs * 4));
        assertThat(moved.code()).as(moved.err()).isZero();
        assertThat(moved.out()).doesNotContain("no figure moved")
                .contains("profile constants changed (1):")
                .contains("nullblk-x86 · cpu.costs_ps.seg_entry_read · value: " + sePs + " → " + (sePs * 4) + " (+300.00 %)")
                .containsPattern("verdicts changed \\(1\\):\\n  fio-large-section · comparisons · segs_per_sec=128 scale=0.1 · verdict: reproduced → \\w+")
                .contains("fio-large-section · comparisons · segs_per_sec=128 scale=0.1 · ratio: ")
                .contains("fio-large-section · comparisons · segs_per_sec=128 scale=0.1 · off_median: ");
        // -s 1 reads one seg_entry per section: its ratio stays 1 whichever the cost
        assertThat(moved.out()).doesNotContain("segs_per_sec=1 scale=0.1 · ratio:");
    }

    @Test
    void diffWithoutGoldenFiguresIsABadInput(@TempDir Path dir) {
        var r = BenchRunnerCliTests.cli("report", "--diff", "--figures", dir.resolve("none.json").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("no golden figures at");
    }

    @Test
    void anUnwritableOutputIsRefusedBeforeAnyCellRuns() {
        var r = BenchRunnerCliTests.cli("report", "--out", "/proc/nope/r.md");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--out /proc/nope/r.md").doesNotContain("[report]");
    }

    @Test
    void anUnknownConstantIsNamed(@TempDir Path dir) {
        var r = BenchRunnerCliTests.cli("report", "--out", dir.resolve("r.md").toString(), "--profile-set", "cpu.costs_ps.nope=3");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("cpu.costs_ps.nope").contains("no such constant");
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
