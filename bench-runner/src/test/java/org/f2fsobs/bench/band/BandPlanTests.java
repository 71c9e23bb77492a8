package org.f2fsobs.bench.band;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.Comparison;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.matrix.MatrixLimits;
import org.f2fsobs.bench.matrix.MatrixRequest;
import org.f2fsobs.bench.runner.EngineCellRunner;
import org.f2fsobs.bench.runner.MatrixRunner;
import org.f2fsobs.bench.scenario.Scenario;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The band machinery on a small scenario: fio-large-section at its smallest meaningful scale (0.01, 15 MiB) with
 * {@code -s 4}, whose ratio rests on seg_entry reads (and whose profile has a calibration that the band re-solves).
 */
class BandPlanTests {
    static final String SCENARIO = "fio-large-section";
    static final String SEG = "cpu.costs_ps.seg_entry_read";
    static final String SEC = "cpu.costs_ps.sec_entry_read";
    static final String REQUEST = "cpu.costs_ps.request";
    static final String SYSCALL = "cpu.costs_ps.syscall";
    /** Constants the fio write path never reads on nullblk-x86 (decompression, vmalloc, the installed RAM). */
    static final List<String> UNREAD = List.of("cpu.costs_ps.lz4_decompress_byte", "cpu.costs_ps.vmap_walk_step", "memory.total_bytes");

    static ScenarioCatalog catalog;
    static Scenario scenario;
    static EngineCellRunner runner;
    static List<CellSpec> cells;
    static MatrixRunner.MatrixResult matrix;

    @BeforeAll
    static void matrix() {
        catalog = ScenarioCatalog.load();
        scenario = catalog.get(SCENARIO);
        runner = new EngineCellRunner(catalog);
        var e = catalog.validate(new MatrixRequest(SCENARIO, Map.of(scenario.flag(), List.of(false, true)),
                Map.of("segs_per_sec", List.of(4L), "scale", List.of(0.01)), 1, 1L), MatrixLimits.DEFAULT);
        assertThat(e.ok()).as("%s", e.errors()).isTrue();
        cells = e.cells();
        matrix = new MatrixRunner(runner, 2).run(cells, scenario, 1, MatrixRunner.Listener.NONE, (p, f) -> { }, CancellationToken.NONE);
    }

    static BandResult band(BandOptions o) {
        BandPlan plan = MatrixBand.plan(catalog, scenario, cells, 1, o);
        return new BandRunner(runner, 2).run(plan, matrix.cells(), SCENARIO, line -> { }, CancellationToken.NONE).result();
    }

    static BandResult.Band only(BandResult r) {
        assertThat(r.bands()).hasSize(1);
        return r.bands().values().iterator().next();
    }

    static Comparison.Influence influence(BandResult.Band b, String key) {
        return b.influence().stream().filter(i -> i.constant().equals(key)).findFirst().orElseThrow(() -> new AssertionError(key + " not swept"));
    }

    @Test
    void shouldGiveNoSwingToAConstantTheRunNeverReads() {
        for (RunResult r : matrix.cells()) {
            assertThat(r.profileReads()).contains(SEG).doesNotContainAnyElementsOf(UNREAD);
        }
        List<String> keys = new ArrayList<>(UNREAD);
        keys.add(SEG);
        // every constant swept, read or not, and every cell of every point run again: nothing is taken on trust
        BandResult r = band(BandOptions.DEFAULT.withLhsPoints(0).withOnly(Set.copyOf(keys)).sweepingAll(false));
        BandResult.Band b = only(r);
        for (String k : UNREAD) {
            Comparison.Influence i = influence(b, k);
            assertThat(i.swing()).as(k).isZero();
            assertThat(i.ratioAtLow()).as(k).isEqualTo(b.nominal());
            assertThat(i.ratioAtHigh()).as(k).isEqualTo(b.nominal());
        }
        assertThat(influence(b, SEG).swing()).isGreaterThan(0.01);
        // with reuse (the default), the unread constants are not swept at all and listed as never read
        BandResult reused = band(BandOptions.DEFAULT.withLhsPoints(0).withOnly(Set.copyOf(keys)));
        assertThat(only(reused).influence()).extracting(Comparison.Influence::constant).containsExactly(SEG);
        @SuppressWarnings("unchecked")
        List<String> notRead = (List<String>) reused.common().get("not_read");
        assertThat(notRead).containsAll(UNREAD);
        assertThat(only(reused).lo()).isEqualTo(b.lo());
        assertThat(only(reused).hi()).isEqualTo(b.hi());
    }

    @Test
    void shouldWidenTheBandWhenOneRangeWidens() {
        BandOptions o = BandOptions.DEFAULT.withLhsPoints(0).withOnly(Set.of(SEG, SEC));
        BandResult.Band narrow = only(band(o));
        BandResult.Band wide = only(band(o.withRange(SEG, 100, 2500)));
        assertThat(wide.lo()).isLessThan(narrow.lo());
        assertThat(wide.hi()).isGreaterThan(narrow.hi());
        assertThat(wide.width()).isGreaterThan(narrow.width());
        assertThat(influence(wide, SEG).swing()).isGreaterThan(influence(narrow, SEG).swing());
        assertThat(influence(wide, SEC).swing()).isEqualTo(influence(narrow, SEC).swing());
    }

    @Test
    void shouldBoundTheHypercubeByTheCornersOrSayWhyNot() {
        BandResult r = band(BandOptions.DEFAULT.withOnly(Set.of(SEG, SEC, REQUEST, SYSCALL)));
        BandResult.Band b = only(r);
        String q = r.bands().keySet().iterator().next();
        assertThat(b.hypercube()).isEqualTo(BandOptions.DEFAULT_LHS_POINTS);
        assertThat(b.cornerLo()).isNotNull();
        double lo = Math.min(b.cornerLo(), b.cornerHi()), hi = Math.max(b.cornerLo(), b.cornerHi());
        int outside = 0;
        for (Map.Entry<String, Map<String, Double>> p : r.pointRatios().entrySet()) {
            if (!p.getKey().startsWith("lhs:")) continue;
            double x = p.getValue().get(q);
            boolean inside = x >= lo - 1e-9 && x <= hi + 1e-9;
            var flag = b.beyondCorners().stream().filter(f -> f.get("point").equals(p.getKey())).findFirst();
            if (inside) {
                assertThat(flag).as(p.getKey() + " inside the corners but flagged").isEmpty();
            } else {
                outside++;
                assertThat(flag).as(p.getKey() + " at " + x + " is outside [" + lo + ", " + hi + "] and not flagged").isPresent();
                assertThat((String) flag.get().get("why")).isNotBlank();
            }
        }
        assertThat(b.beyondCorners()).hasSize(outside);
        assertThat(b.lo()).isLessThanOrEqualTo(lo);
        assertThat(b.hi()).isGreaterThanOrEqualTo(hi);
    }

    @Test
    void shouldKeepTheBaselineRowWhereACalibrationInputMoves() {
        BandResult r = band(BandOptions.DEFAULT.withLhsPoints(0).withOnly(Set.of(SEG)));
        BandResult.Band b = only(r);
        // the band's high end is seg_entry_read at its high end, with the nine residuals re-solved
        assertThat(b.hiPoint().get("point")).isEqualTo("high:" + SEG);
        @SuppressWarnings("unchecked")
        Map<String, Long> overrides = (Map<String, Long>) b.hiPoint().get("profile_overrides");
        Calibration cal = Calibrations.of("nullblk-x86").orElseThrow();
        assertThat(overrides).containsKey(SEG).containsKeys(cal.dependents().toArray(String[]::new));
        var v = catalog.validateRun(scenario, Map.of(scenario.flag(), false), Map.of("segs_per_sec", 1L, "scale", 0.01), 1, null);
        double nominal = runner.run(v.cell(), (p, f) -> { }, CancellationToken.NONE).headline().value();
        double moved = runner.run(v.cell().withProfileOverrides(Map.of(SEG, overrides.get(SEG))), (p, f) -> { }, CancellationToken.NONE)
                .headline().value();
        double resolved = runner.run(v.cell().withProfileOverrides(overrides), (p, f) -> { }, CancellationToken.NONE).headline().value();
        assertThat(Math.abs(moved / nominal - 1)).as("seg_entry_read alone moves the -s 1 row").isGreaterThan(0.002);
        assertThat(Math.abs(resolved / nominal - 1)).as("re-solved, the -s 1 row stays").isLessThanOrEqualTo(Calibration.TOLERANCE);
    }
}
