package org.f2fsobs.bench.extension;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.Comparison;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.matrix.MatrixExpansion;
import org.f2fsobs.bench.matrix.MatrixLimits;
import org.f2fsobs.bench.matrix.MatrixRequest;
import org.f2fsobs.bench.runner.EngineCellRunner;
import org.f2fsobs.bench.runner.MatrixRunner;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.f2fsobs.engine.f2fs.Optimizations;
import org.junit.jupiter.api.Test;

/**
 * docs/adding-an-optimization.md, proven: a flag added by an {@code OptimizationProvider} and a scenario added by a
 * {@code scenario-dirs} index — both only on this execution's class path (src/test/extension), no shipped file touched —
 * join the catalog, run in a matrix and get a verdict, while the shipped scenarios keep working with the new flag off.
 * Runs in its own Surefire execution ("extension") so the other tests never see the extra flag.
 */
class AddingAnOptimizationTests {
    private static final ScenarioCatalog CATALOG = ScenarioCatalog.load();

    @Test
    void theNewFlagIsKnownAfterTheBuiltInFour() {
        assertThat(Optimizations.NAMES).containsExactly("sec_ckpt_valid_blocks", "vm_map_ram", "skip_cp_compressed_write",
                "serialize_writepages", "noop_probe");
        assertThat(Optimizations.linux614().isOn("noop_probe")).isFalse();
    }

    @Test
    void theNewScenarioJoinsTheCatalogAndGetsAVerdict() {
        assertThat(CATALOG.ids()).containsExactly("fio-large-section", "dd-compressed-read", "iozone-compressed-sync",
                "tiotest-multithread-read", "dd-noop-probe");
        MatrixRequest req = new MatrixRequest("dd-noop-probe", Map.of("noop_probe", List.of(false, true)),
                Map.of("scale", List.of(0.25)), 2, 1L);
        MatrixExpansion.Expansion e = CATALOG.validate(req, MatrixLimits.DEFAULT);
        assertThat(e.errors()).isEmpty();
        MatrixRunner.MatrixResult m = new MatrixRunner(new EngineCellRunner(CATALOG), 2).run(e.cells(), CATALOG.get("dd-noop-probe"),
                1, MatrixRunner.Listener.NONE, ProgressListener.NONE, CancellationToken.NONE);
        assertThat(m.cells()).hasSize(4).allSatisfy(r -> assertThat(r.optimizations()).containsKey("noop_probe"));
        Comparison c = m.comparisons().get(0);
        assertThat(c.ratio()).isEqualTo(1.0);                           // the patch changes nothing …
        assertThat(c.referenceRatio()).isEqualTo(1.0);                  // … as its mail says,
        assertThat(c.mechanism()).isEqualTo("moved as expected");      // its counters agree,
        assertThat(c.verdict()).isEqualTo("reproduced");                // so the claim is reproduced
    }

    @Test
    void theShippedScenariosRunWithTheNewFlagOff() {
        RunResult r = new EngineCellRunner(CATALOG).run(CellSpec.of("fio-large-section", Map.of("sec_ckpt_valid_blocks", true),
                Map.of("scale", 0.01), 1), ProgressListener.NONE, CancellationToken.NONE);
        assertThat(r.optimizations()).containsEntry("noop_probe", false).containsEntry("sec_ckpt_valid_blocks", true);
        assertThat(r.headline().value()).isPositive();
    }
}
