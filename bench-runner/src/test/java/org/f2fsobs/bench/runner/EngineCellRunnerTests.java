package org.f2fsobs.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.TreeMap;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.junit.jupiter.api.Test;

class EngineCellRunnerTests {
    static final ScenarioCatalog CATALOG = ScenarioCatalog.load();
    static final EngineCellRunner RUNNER = new EngineCellRunner(CATALOG);

    static RunResult run(String scenario, String flag, boolean on, Map<String, Object> params, long seed) {
        Map<String, Object> p = new TreeMap<>(params);
        p.putIfAbsent("scale", 0.01);
        CellSpec cell = CellSpec.of(scenario, Map.of(flag, on), p, seed);
        return RUNNER.run(cell, ProgressListener.NONE, CancellationToken.NONE);
    }

    @Test
    void fioLargeSectionRunsAtSmallScale() {
        RunResult off = run("fio-large-section", "sec_ckpt_valid_blocks", false, Map.of("segs_per_sec", 128L), 1);
        RunResult on = run("fio-large-section", "sec_ckpt_valid_blocks", true, Map.of("segs_per_sec", 128L), 1);
        System.err.println(off.toolOutput());
        System.err.println(ResultJson.write(off.counters()));
        System.err.println("off " + off.headline().value() / 1048576 + " MiB/s, on " + on.headline().value() / 1048576 + " MiB/s, wall " + off.wallMs() + " ms");
        assertThat(on.headline().value()).isGreaterThan(off.headline().value());
        assertThat((Long) off.counters().get("seg_entry_reads")).isGreaterThan((Long) on.counters().get("seg_entry_reads"));
    }
}
