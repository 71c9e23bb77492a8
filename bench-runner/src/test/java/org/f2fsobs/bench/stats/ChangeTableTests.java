package org.f2fsobs.bench.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ChangeTableTests {
    private static final List<ChangeTable.Row> ROWS = List.of(
            new ChangeTable.Row("write_bandwidth", new double[] {2.249e9, 2.250e9, 2.248e9}, new double[] {2.68e9, 2.50e9, 2.80e9}),
            new ChangeTable.Row("seg_entry_reads", new double[] {12000, 13000, 11000}, new double[] {200, 200, 200}),
            new ChangeTable.Row("latency|p99 ms", new double[] {1.5}, new double[] {0.25}),
            new ChangeTable.Row("fua_writes", new double[] {0, 0}, new double[] {3, 3}));

    @Test
    void textTableShowsPlusMinusOnlyAboveTwoPercent() {
        String text = ChangeTable.text(ROWS);
        List<String> lines = text.lines().toList();
        assertThat(lines).hasSize(5);
        assertThat(lines.get(0)).contains("off", "%stddev", "%change", "on", "metric");
        // write_bandwidth: off CV 0.04 % (no ±), on CV 5.7 % (± 6%), +19.2 %
        assertThat(lines.get(1)).isEqualTo(String.format("%14s %8s %11s %14s %8s  %s", "2249000000", "", "+19.2%",
                "2680000000", "±  6%", "write_bandwidth"));
        // seg_entry_reads: off CV 8.3 % (± 8%), −98.3 %
        assertThat(lines.get(2)).contains("12000", "±  8%", "-98.3%", "200", "seg_entry_reads");
        assertThat(lines.get(3)).contains("1.50", "-83.3%", "0.25").doesNotContain("±");
        assertThat(lines.get(4)).contains("n/a", "fua_writes");
    }

    @Test
    void stddevOfExactlyTwoPercentIsNotShown() {
        // mean 100, sample stddev 2 → CV exactly 2 %
        double[] twoPercent = {98, 100, 102};
        assertThat(ChangeTable.plusMinus(twoPercent)).isEmpty();
        assertThat(ChangeTable.plusMinus(new double[] {97.9, 100, 102.1})).isEqualTo("±  2%");
    }

    @Test
    void markdownTableHasTheSameFigures() {
        String md = ChangeTable.markdown(ROWS);
        List<String> lines = md.lines().toList();
        assertThat(lines.get(0)).isEqualTo("| metric | off | %stddev | %change | on | %stddev |");
        assertThat(lines.get(1)).isEqualTo("| --- | ---: | ---: | ---: | ---: | ---: |");
        assertThat(lines.get(2)).isEqualTo("| write_bandwidth | 2249000000 |  | +19.2% | 2680000000 | ± 6% |");
        assertThat(lines.get(4)).startsWith("| latency\\|p99 ms |");
        assertThat(lines).hasSize(6);
    }

    @Test
    void numbersAreFormattedByMagnitude() {
        assertThat(ChangeTable.number(2.25e9)).isEqualTo("2250000000");
        assertThat(ChangeTable.number(123.4)).isEqualTo("123");
        assertThat(ChangeTable.number(1.5)).isEqualTo("1.50");
        assertThat(ChangeTable.number(0.012345)).isEqualTo("0.01235");
        assertThat(ChangeTable.number(0)).isEqualTo("0");
        assertThat(ChangeTable.number(-2.5)).isEqualTo("-2.50");
    }
}
