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
        // an override changes the value, not the sourced range: one constant, one field
        assertThat(moved.out()).doesNotContain("no figure moved")
                .contains("profile constants changed (1):")
                .contains("nullblk-x86 · cpu.costs_ps.seg_entry_read: value " + sePs + " → " + (sePs * 4) + " (+300.00 %)\n")
                .contains("fio-large-section · comparisons · segs_per_sec=128 scale=0.1 · ratio: ")
                .contains("fio-large-section · comparisons · segs_per_sec=128 scale=0.1 · off_median: ");
        // -s 1 reads one seg_entry per section: its ratio stays 1 whichever the cost
        assertThat(moved.out()).doesNotContain("segs_per_sec=1 scale=0.1 · ratio:");
    }

    /** A verdict change is listed apart; a constant whose range or pick changed is one line naming every field that moved. */
    @Test
    void verdictsAndConstantRangesAreListedByName() throws Exception {
        String before = """
                {"settings": {"scale": 1}, "scenarios": {"s": {"comparisons": {"p": {"ratio": 1.2, "verdict": "reproduced"}}}},
                 "profiles": {"m": {"a.x": {"value": 400}, "a.y": {"value": 7, "low": 7, "high": 7, "assumption": false},
                                    "a.z": {"value": 5, "low": 2, "high": 10, "assumption": true}}}}""";
        String after = """
                {"settings": {"scale": 1}, "scenarios": {"s": {"comparisons": {"p": {"ratio": 1.5, "verdict": "partly"}}}},
                 "profiles": {"m": {"a.x": {"value": 582, "low": 216, "high": 1181, "assumption": false, "candidates": [500, 664], "rule": "median"},
                                    "a.y": {"value": 7, "low": 3, "high": 14, "assumption": true},
                                    "a.z": {"value": 5, "low": 2, "high": 10, "assumption": true}}}}""";
        var r = FiguresDiff.compare(ResultJson.mapper().readTree(before), ResultJson.mapper().readTree(after));
        String text = FiguresDiff.text(r, "golden.json");
        assertThat(text).contains("verdicts changed (1):\n  s · comparisons · p · verdict: reproduced → partly\n")
                .contains("figures moved (1):\n  s · comparisons · p · ratio: 1.2 → 1.5 (+25.00 %)\n")
                .contains("profile constants changed (2):\n")
                .contains("  m · a.x: value 400 → 582 (+45.50 %); low (absent) → 216; high (absent) → 1181; assumption (absent) → false; "
                        + "candidates (absent) → [500,664]; rule (absent) → median\n")
                .contains("  m · a.y: low 7 → 3 (-57.14 %); high 7 → 14 (+100.00 %); assumption false → true\n")
                .doesNotContain("a.z")
                .contains("(1 verdict changed, 2 constants)");
    }

    /** A band verdict change is a verdict change; a run without bands (--no-band) does not call the committed band figures gone. */
    @Test
    void bandFiguresAreComparedAndLeftAsideWithoutABand() throws Exception {
        String committed = """
                {"settings": {"scale": 1, "band": true}, "scenarios": {"s": {"comparisons": {"p": {"ratio": 1.2, "band": [1.1, 1.3],
                  "band_verdict": "consistent", "band_top": {"k": [1.1, 1.3]}}}, "band_cells": 300}}, "profiles": {}}""";
        String moved = """
                {"settings": {"scale": 1, "band": true}, "scenarios": {"s": {"comparisons": {"p": {"ratio": 1.2, "band": [1.1, 1.6],
                  "band_verdict": "inconclusive", "band_top": {"k": [1.1, 1.6]}}}, "band_cells": 300}}, "profiles": {}}""";
        String noBand = """
                {"settings": {"scale": 1, "band": false}, "scenarios": {"s": {"comparisons": {"p": {"ratio": 1.2}}}}, "profiles": {}}""";
        var m = ResultJson.mapper();
        var r = FiguresDiff.compare(m.readTree(committed), m.readTree(moved));
        assertThat(r.verdictChanges()).isEqualTo(1);
        assertThat(FiguresDiff.text(r, "g")).contains("s · comparisons · p · band_verdict: consistent → inconclusive")
                .contains("s · comparisons · p · band: [1.1,1.3] → [1.1,1.6]").contains("band_top · k");
        var without = FiguresDiff.compare(m.readTree(committed), m.readTree(noBand));
        assertThat(without.unchanged()).isTrue();
        assertThat(without.notes()).anySatisfy(n -> assertThat(n).contains("--no-band"));
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
