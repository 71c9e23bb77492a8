package org.f2fsobs.bench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.f2fsobs.bench.stats.CounterExpectation.decrease;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.api.Comparison;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.stats.ComparisonSpec.ReferenceRatio;
import org.f2fsobs.engine.sim.Prng;
import org.junit.jupiter.api.Test;

class ComparisonsTests {
    private static final double MIB = 1 << 20;
    private static final String FLAG = "sec_ckpt_valid_blocks";

    /** P1 as the catalog would declare it: 2556/2145 at -s 128, no change at -s 1, seg_entry reads at least halved. */
    private static final ComparisonSpec P1 = ComparisonSpec.of(FLAG,
            List.of(new ReferenceRatio(Map.of("segs_per_sec", 128), null, 2556.0 / 2145),
                    new ReferenceRatio(Map.of("segs_per_sec", 1), null, 1.0)),
            List.of(decrease("seg_entry_reads", 0.5))).withBootstrap(2000, 0.95);

    private static RunResult fio(boolean on, Object segsPerSec, long seed, double mibps, long segEntryReads) {
        return Cells.fio(on).param("segs_per_sec", segsPerSec).seed(seed).headline(mibps * MIB)
                .counter("seg_entry_reads", segEntryReads).build();
    }

    /** segs_per_sec 128, 16, 1 (in that order, to test sorting), three repetitions per side. */
    private static List<RunResult> p1Matrix() {
        List<RunResult> cells = new ArrayList<>();
        double[][] off = {{2145, 2140, 2150}, {2500, 2490, 2510}, {2556, 2550, 2560}};
        double[][] on = {{2556, 2550, 2560}, {2556, 2550, 2560}, {2556, 2551, 2559}};
        int[] segs = {128, 16, 1};
        for (int p = 0; p < 3; p++) {
            for (int i = 0; i < 3; i++) {
                cells.add(fio(false, segs[p], 1 + i, off[p][i], 7L * segs[p] * 1000));
                cells.add(fio(true, segs[p], 1 + i, on[p][i], 7000));
            }
        }
        return cells;
    }

    @Test
    void oneComparisonPerParameterPointInNumericOrder() {
        List<Comparison> cs = Comparisons.of(p1Matrix(), P1, 1);
        assertThat(cs).extracting(c -> c.params().get("segs_per_sec")).containsExactly(1L, 16L, 128L);
        assertThat(cs).allSatisfy(c -> {
            assertThat(c.row()).isNull();
            assertThat(c.params()).containsOnlyKeys("scale", "segs_per_sec");
            assertThat(c.off().n()).isEqualTo(3);
            assertThat(c.on().n()).isEqualTo(3);
        });
        Comparison s128 = cs.get(2);
        assertThat(s128.off()).isEqualTo(new Comparison.Summary(2145 * MIB, 2140 * MIB, 2150 * MIB, 3));
        assertThat(s128.on().median()).isEqualTo(2556 * MIB);
        assertThat(s128.ratio()).isEqualTo(2556.0 / 2145);
        assertThat(s128.ratioCi()[0]).isLessThanOrEqualTo(s128.ratio());
        assertThat(s128.ratioCi()[1]).isGreaterThanOrEqualTo(s128.ratio());
    }

    @Test
    void verdictsAndMechanismPerPoint() {
        List<Comparison> cs = Comparisons.of(p1Matrix(), P1, 1);
        Comparison s1 = cs.get(0), s16 = cs.get(1), s128 = cs.get(2);
        assertThat(s128.referenceRatio()).isEqualTo(2556.0 / 2145);
        assertThat(s128.mechanism()).isEqualTo("moved as expected");
        assertThat(s128.verdict()).isEqualTo("reproduced");
        assertThat(s1.referenceRatio()).isEqualTo(1.0);
        assertThat(s1.mechanism()).isEqualTo("did not move");     // 7000 → 7000 is no decrease…
        assertThat(s1.verdict()).isEqualTo("reproduced");          // …and the small-effect branch ignores it
        assertThat(s16.referenceRatio()).isNull();                 // the mail has no -s 16 row
        assertThat(s16.verdict()).isEqualTo("n/a");
    }

    @Test
    void countersThatDidNotMoveMakeAnInRangeEffectPartly() {
        List<RunResult> cells = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            cells.add(fio(false, 128, i, 2145 + i, 1000));
            cells.add(fio(true, 128, i, 2556 + i, 1000));
        }
        Comparison c = Comparisons.of(cells, P1, 1).get(0);
        assertThat(c.mechanism()).isEqualTo("did not move");
        assertThat(c.verdict()).isEqualTo("partly");
    }

    @Test
    void slowdownGivesOpposite() {
        List<RunResult> cells = List.of(fio(false, 128, 1, 2145, 896_000), fio(true, 128, 1, 1900, 7000));
        assertThat(Comparisons.of(cells, P1, 1).get(0).verdict()).isEqualTo("opposite");
    }

    @Test
    void paramsEqualInValueAreOnePointAndSeedIsNotAParameter() {
        List<RunResult> cells = List.of(
                Cells.fio(false).param("segs_per_sec", 128).param("seed", 1L).seed(1).headline(100).build(),
                Cells.fio(false).param("segs_per_sec", 128L).param("seed", 2L).seed(2).headline(102).build(),
                Cells.fio(true).param("segs_per_sec", 128.0).param("repetition", 0).seed(1).headline(120).build());
        List<Comparison> cs = Comparisons.of(cells, P1, 1);
        assertThat(cs).hasSize(1);
        assertThat(cs.get(0).params()).doesNotContainKeys("seed", "repetition");
        assertThat(cs.get(0).off().n()).isEqualTo(2);
    }

    @Test
    void iozoneGivesOneComparisonPerRecordLengthFromTheWriteColumn() {
        // two repetitions per side; the off cells also ran 16384 KiB records, which the on cells dropped
        List<RunResult> cells = List.of(
                Cells.iozone(false).seed(1).row(4, 1314).row(8, 2387).row(16384, 143246).build(),
                Cells.iozone(false).seed(2).row(4, 1316).row(8, 2389).row(16384, 143240).build(),
                Cells.iozone(true).seed(1).row(8, 25980).row(4, 14658).build(),
                Cells.iozone(true).seed(2).row(4, 14660).row(8, 25982).build());
        ComparisonSpec spec = ComparisonSpec.of("skip_cp_compressed_write",
                List.of(new ReferenceRatio(Map.of(), 4, 14658.0 / 1314), new ReferenceRatio(Map.of(), 8, 25980.0 / 2387)),
                List.of()).withBootstrap(500, 0.95);
        Comparisons.Analysis a = Comparisons.analyse(cells, spec, 3);
        assertThat(a.comparisons()).extracting(Comparison::row).containsExactly(4, 8);
        Comparison r4 = a.comparisons().get(0);
        assertThat(r4.off()).isEqualTo(new Comparison.Summary(1315 * 1024.0, 1314 * 1024.0, 1316 * 1024.0, 2));
        assertThat(r4.ratio()).isCloseTo(14659.0 / 1315, within(1e-12));
        assertThat(r4.referenceRatio()).isEqualTo(14658.0 / 1314);
        assertThat(r4.mechanism()).isEqualTo("n/a");
        assertThat(r4.verdict()).isEqualTo("reproduced");
        assertThat(a.details().get(0).unit()).isEqualTo("bytes/s");
        assertThat(a.details().get(0).row()).isEqualTo(4);
        assertThat(a.skipped()).singleElement().asString().contains("row 16384", "only in the off cells");
    }

    @Test
    void headlineIsNotComparedForIozoneCells() {
        List<RunResult> cells = List.of(Cells.iozone(false).row(4, 1000).headline(5).build(),
                Cells.iozone(true).row(4, 2000).headline(5).build());
        ComparisonSpec spec = ComparisonSpec.of("skip_cp_compressed_write", List.of(), List.of());
        assertThat(Comparisons.of(cells, spec, 1)).singleElement().satisfies(c -> {
            assertThat(c.row()).isEqualTo(4);
            assertThat(c.ratio()).isEqualTo(2.0);
        });
    }

    @Test
    void aPointWithoutOnCellsIsSkippedAndSaysWhy() {
        List<RunResult> cells = List.of(fio(false, 128, 1, 2145, 1), fio(false, 1, 1, 2556, 1), fio(true, 1, 1, 2556, 1));
        Comparisons.Analysis a = Comparisons.analyse(cells, P1, 1);
        assertThat(a.comparisons()).hasSize(1);
        assertThat(a.skipped()).singleElement().asString().contains("segs_per_sec=128", "no cells with " + FLAG + " on");
    }

    @Test
    void otherFlagsThatVarySplitThePoint() {
        List<RunResult> cells = new ArrayList<>();
        for (boolean vm : new boolean[] {true, false}) {
            cells.add(Cells.fio(false).flag("vm_map_ram", vm).headline(100).build());
            cells.add(Cells.fio(true).flag("vm_map_ram", vm).headline(vm ? 120 : 110).build());
        }
        Comparisons.Analysis a = Comparisons.analyse(cells, P1, 1);
        assertThat(a.comparisons()).extracting(Comparison::ratio).containsExactly(1.1, 1.2);   // false before true
        assertThat(a.details()).extracting(d -> d.otherFlags().get("vm_map_ram")).containsExactly(false, true);
        assertThat(a.details().get(0).otherFlags()).doesNotContainKey(FLAG);
    }

    @Test
    void zeroOffMedianIsNAAndStaysValidJson() {
        List<RunResult> cells = List.of(fio(false, 128, 1, 0, 1), fio(false, 128, 2, 0, 1), fio(true, 128, 1, 2556, 0),
                fio(true, 128, 2, 2550, 0));
        Comparisons.Analysis a = Comparisons.analyse(cells, P1, 1);
        Comparison c = a.comparisons().get(0);
        assertThat(c.verdict()).isEqualTo("n/a");
        assertThat(c.ratio()).isEqualTo(Double.MAX_VALUE);
        assertThat(a.details().get(0).changePercent()).isNull();
        assertThat(a.details().get(0).effectShare()).isNull();
        assertThat(a.details().get(0).warnings()).anyMatch(w -> w.contains("off median is 0"));
        String json = ResultJson.write(a);
        assertThat(json).doesNotContain("NaN", "Infinity");
    }

    @Test
    void detailCarriesTheLkpAndAsvFigures() {
        Comparisons.Analysis a = Comparisons.analyse(p1Matrix(), P1, 1);
        ComparisonDetail d = a.details().get(2);                    // segs_per_sec = 128
        assertThat(d.params()).containsEntry("segs_per_sec", 128L);
        assertThat(d.changePercent()).isCloseTo((2556.0 / 2145 - 1) * 100, within(1e-9));
        assertThat(d.offStddevPercent()).isCloseTo(5.0 / 2145 * 100, within(1e-9));   // stddev of {2140, 2145, 2150} = 5
        assertThat(d.spreadWiderThanEffect()).isFalse();
        assertThat(d.mannWhitneyExact()).isTrue();
        assertThat(d.mannWhitneyP()).isCloseTo(0.1, within(1e-12));
        assertThat(d.mannWhitneyU()).isEqualTo(9);
        assertThat(d.welchP()).isNotNull().isLessThan(1e-4);
        assertThat(d.cliffsDelta()).isEqualTo(1.0);
        assertThat(d.cliffsMagnitude()).isEqualTo("large");
        assertThat(d.effectShare()).isCloseTo(1.0, within(1e-12));
        assertThat(d.repetitionsNeeded()).isEqualTo(2);
        assertThat(d.offValues()).containsExactly(2140 * MIB, 2145 * MIB, 2150 * MIB);
        assertThat(d.ciResamples()).isEqualTo(2000);
        assertThat(d.mechanismOutcomes()).singleElement().satisfies(o -> assertThat(o.holds()).isTrue());
        assertThat(d.warnings()).singleElement().asString().contains("fewer than 5 runs", "off n = 3");

        ComparisonDetail s1 = a.details().get(0);                  // 2556 vs 2556 ± 5: the noise is the effect
        assertThat(s1.spreadWiderThanEffect()).isTrue();
        assertThat(s1.repetitionsNeeded()).isNull();               // m = 1: nothing to detect
        assertThat(s1.welchP()).isGreaterThan(0.5);
    }

    @Test
    void noisyRunsDrawRerunAndPowerWarnings() {
        Prng prng = new Prng(8);
        List<RunResult> cells = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            cells.add(fio(false, 128, i, 2145 * (1 + 0.1 * (prng.nextDouble() - 0.5) * 2), 896_000));
            cells.add(fio(true, 128, i, 2556 * (1 + 0.1 * (prng.nextDouble() - 0.5) * 2), 7000));
        }
        ComparisonDetail d = Comparisons.analyse(cells, P1, 1).details().get(0);
        assertThat(d.warnings()).noneMatch(w -> w.contains("fewer than 5"));
        assertThat(d.warnings()).anyMatch(w -> w.startsWith("off CV") && w.contains("above 3.5 %"));
        assertThat(d.repetitionsNeeded()).isGreaterThan(1);
    }

    @Test
    void independentOfCellOrderAndBitIdenticalRunToRun() {
        List<RunResult> cells = p1Matrix();
        String first = ResultJson.write(Comparisons.analyse(cells, P1, 42));
        List<RunResult> shuffled = new ArrayList<>(cells);
        Prng prng = new Prng(1);
        for (int i = shuffled.size() - 1; i > 0; i--) java.util.Collections.swap(shuffled, i, prng.nextInt(i + 1));
        assertThat(ResultJson.write(Comparisons.analyse(shuffled, P1, 42))).isEqualTo(first);
        assertThat(ResultJson.write(Comparisons.analyse(cells, P1, 42))).isEqualTo(first);
    }

    @Test
    void bootstrapSeedIsKeyedByPointNotByPosition() {
        Prng prng = new Prng(4);
        List<RunResult> all = new ArrayList<>();
        for (int segs : new int[] {1, 128}) {
            for (int i = 0; i < 8; i++) {
                all.add(fio(false, segs, i, 2145 * (1 + 0.05 * BootstrapTests.gaussish(prng)), 896_000));
                all.add(fio(true, segs, i, 2556 * (1 + 0.05 * BootstrapTests.gaussish(prng)), 7000));
            }
        }
        List<RunResult> only128 = all.stream().filter(c -> ((Number) c.params().get("segs_per_sec")).intValue() == 128).toList();
        Comparison alone = Comparisons.of(only128, P1, 9).get(0);      // first when alone…
        Comparison inMatrix = Comparisons.of(all, P1, 9).get(1);        // …second in the full matrix
        assertThat(alone.ratioCi()).containsExactly(inMatrix.ratioCi());
        assertThat(Comparisons.of(only128, P1, 10).get(0).ratioCi()).isNotEqualTo(alone.ratioCi());
    }

    @Test
    void comparisonJsonUsesTheContractNames() {
        String json = ResultJson.write(Comparisons.of(p1Matrix(), P1, 1).get(0));
        assertThat(json).contains("\"params\"", "\"row\"", "\"off\"", "\"on\"", "\"median\"", "\"ratio\"", "\"ratio_ci\"",
                "\"reference_ratio\"", "\"mechanism\"", "\"verdict\"");
    }

    @Test
    void malformedCellsAreRejectedNamingTheCell() {
        RunResult noFlag = Cells.fio(false).build();
        noFlag.optimizations().remove(FLAG);
        assertThatThrownBy(() -> Comparisons.of(List.of(noFlag), P1, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cell 0", "no value for flag " + FLAG);
        assertThatThrownBy(() -> Comparisons.of(List.of(Cells.fio(false).build(), Cells.iozone(true).build()), P1, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("scenario");
        assertThatThrownBy(() -> Comparisons.of(List.of(Cells.fio(false).headline(Double.NaN).build(),
                Cells.fio(true).build()), P1, 1)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("headline");
    }

    @Test
    void emptyInputGivesNoComparisons() {
        assertThat(Comparisons.analyse(List.of(), P1, 1).comparisons()).isEmpty();
    }

    @Test
    void referenceAndExpectationMatchingTakesTheFirstMatch() {
        ComparisonSpec spec = new ComparisonSpec(FLAG,
                List.of(new ReferenceRatio(Map.of("segs_per_sec", 128.0), null, 1.5), ReferenceRatio.everywhere(1.1)),
                List.of(new ComparisonSpec.PointExpectations(Map.of("segs_per_sec", 1), List.of()),
                        new ComparisonSpec.PointExpectations(Map.of(), List.of(decrease("seg_entry_reads", 0.5)))),
                100, 0.9);
        Map<String, Object> p128 = Map.of("segs_per_sec", 128L, "scale", 1.0);
        Map<String, Object> p1 = Map.of("segs_per_sec", 1L, "scale", 1.0);
        assertThat(spec.referenceFor(p128, null)).hasValue(1.5);
        assertThat(spec.referenceFor(p1, null)).hasValue(1.1);
        assertThat(spec.referenceFor(p1, 4)).isEmpty();               // a row needs a row reference
        assertThat(spec.expectationsFor(p1)).isEmpty();
        assertThat(spec.expectationsFor(p128)).hasSize(1);
        assertThatThrownBy(() -> new ReferenceRatio(Map.of(), null, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ComparisonSpec.of(" ", List.of(), List.of())).isInstanceOf(IllegalArgumentException.class);
    }
}
