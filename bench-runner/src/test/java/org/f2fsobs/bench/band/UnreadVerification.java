package org.f2fsobs.bench.band;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.matrix.MatrixLimits;
import org.f2fsobs.bench.matrix.MatrixRequest;
import org.f2fsobs.bench.runner.EngineCellRunner;
import org.f2fsobs.bench.runner.MatrixRunner;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.junit.jupiter.api.Test;

/** One-off check (not part of the suite: no "Tests" suffix): every constant no nominal run read has no swing. */
class UnreadVerification {
    @Test
    void unreadConstantsHaveNoSwingInAnySeedScenario() {
        ScenarioCatalog c = ScenarioCatalog.load();
        var runner = new EngineCellRunner(c);
        Object[][] cases = {{"fio-large-section", Map.of("segs_per_sec", List.of(128L), "scale", List.of(0.01))},
                {"dd-compressed-read", Map.of("compression", List.of("lz4", "none"), "scale", List.of(0.5))},
                {"iozone-compressed-sync", Map.of("scale", List.of(0.1))},
                {"tiotest-multithread-read", Map.of("scale", List.of(1.0))}};
        for (Object[] k : cases) {
            var s = c.get((String) k[0]);
            @SuppressWarnings("unchecked")
            var e = c.validate(new MatrixRequest(s.id(), Map.of(s.flag(), List.of(false, true)), (Map<String, List<Object>>) k[1], 1, 1L), MatrixLimits.DEFAULT);
            var m = new MatrixRunner(runner, 2).run(e.cells(), s, 1, MatrixRunner.Listener.NONE, (p, f) -> { }, CancellationToken.NONE);
            var reuse = new BandRunner(runner, 2).run(MatrixBand.plan(c, s, e.cells(), 1, BandOptions.DEFAULT.withLhsPoints(0).withOnly(Set.of("none"))),
                    m.cells(), s.id(), l -> { }, CancellationToken.NONE).result();
            @SuppressWarnings("unchecked")
            Set<String> notRead = new TreeSet<>((List<String>) reuse.common().get("not_read"));
            var all = new BandRunner(runner, 2).run(MatrixBand.plan(c, s, e.cells(), 1,
                    BandOptions.DEFAULT.withLhsPoints(0).withOnly(notRead).sweepingAll(false)), m.cells(), s.id(), l -> { }, CancellationToken.NONE).result();
            int n = 0;
            for (var b : all.bands().entrySet()) {
                for (var i : b.getValue().influence()) {
                    n++;
                    if (i.swing() != 0 || i.ratioAtLow() != b.getValue().nominal()) {
                        throw new AssertionError(s.id() + " " + b.getKey() + ": " + i.constant() + " was never read but swings " + i.swing());
                    }
                }
            }
            System.out.println("[verify] " + s.id() + ": " + notRead.size() + " unread constants, " + n + " (constant, comparison) pairs run at both ends: no swing");
        }
    }
}
