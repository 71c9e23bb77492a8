package org.f2fsobs.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.CellRunner;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.ExecSpec;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.matrix.MatrixExpansion;
import org.f2fsobs.bench.matrix.MatrixLimits;
import org.f2fsobs.bench.matrix.MatrixRequest;
import org.f2fsobs.bench.scenario.Scenario;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.junit.jupiter.api.Test;

/** Matrices on the engine: parallel cells give the serial results; cancellation stops within one cell. */
class MatrixRunnerTests {
    private static final ScenarioCatalog CATALOG = ScenarioCatalog.load();

    private static List<CellSpec> twoFlagsTwoParams() {
        MatrixRequest req = new MatrixRequest("fio-large-section",
                Map.of("sec_ckpt_valid_blocks", List.of(false, true), "vm_map_ram", List.of(false, true)),
                Map.of("segs_per_sec", List.of(2L, 16L), "scale", List.of(0.01)), 1, 7L);
        MatrixExpansion.Expansion e = CATALOG.validate(req, MatrixLimits.DEFAULT);
        assertThat(e.errors()).isEmpty();
        return e.cells();
    }

    private static String withoutWallTime(MatrixRunner.MatrixResult m) {
        return ResultJson.write(m).replaceAll("\"wall_ms\" ?: ?\\d+", "\"wall_ms\":0");
    }

    @Test
    void parallelCellsGiveExactlyTheSerialResults() {
        List<CellSpec> cells = twoFlagsTwoParams();
        assertThat(cells).hasSize(8);
        Scenario s = CATALOG.get("fio-large-section");
        EngineCellRunner engine = new EngineCellRunner(CATALOG);
        MatrixRunner.MatrixResult serial = new MatrixRunner(engine, 1).run(cells, s, 7, MatrixRunner.Listener.NONE,
                ProgressListener.NONE, CancellationToken.NONE);
        MatrixRunner.MatrixResult parallel = new MatrixRunner(engine, 4).run(cells, s, 7, MatrixRunner.Listener.NONE,
                ProgressListener.NONE, CancellationToken.NONE);
        assertThat(withoutWallTime(parallel)).isEqualTo(withoutWallTime(serial));
        // one per segs_per_sec value and value of the other flag, off vs on of the studied flag
        assertThat(serial.comparisons()).hasSize(4);
        assertThat(serial.comparisons()).extracting(c -> c.otherFlags().get("vm_map_ram")).containsExactlyInAnyOrder(false, true, false, true);
    }

    @Test
    void cancellingMidWayStopsWithinOneCell() {
        List<CellSpec> cells = twoFlagsTwoParams();
        AtomicInteger started = new AtomicInteger();
        EngineCellRunner engine = new EngineCellRunner(CATALOG);
        CellRunner counting = new CellRunner() {
            @Override
            public RunResult run(CellSpec cell, ProgressListener progress, CancellationToken cancel) {
                started.incrementAndGet();
                return engine.run(cell, progress, cancel);
            }

            @Override
            public RunResult exec(ExecSpec spec, ProgressListener progress, CancellationToken cancel) {
                throw new UnsupportedOperationException();
            }
        };
        CancellationToken cancel = new CancellationToken();
        assertThatThrownBy(() -> new MatrixRunner(counting, 1).run(cells, CATALOG.get("fio-large-section"), 7,
                (i, r) -> cancel.cancel(), ProgressListener.NONE, cancel))
                .isInstanceOf(CancellationToken.CancelledException.class);
        assertThat(started.get()).isEqualTo(1);
    }
}
