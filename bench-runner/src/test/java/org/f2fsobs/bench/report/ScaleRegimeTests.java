package org.f2fsobs.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.Comparison;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.matrix.MatrixExpansion;
import org.f2fsobs.bench.matrix.MatrixLimits;
import org.f2fsobs.bench.runner.EngineCellRunner;
import org.f2fsobs.bench.runner.MatrixRunner;
import org.f2fsobs.bench.scenario.ScaleRegime;
import org.f2fsobs.bench.scenario.Scenario;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * The standing scale test, small half (the report runs it in full): each seed matrix at its scenario's smallest
 * meaningful scale agrees, point by point, with the full-size ratio committed in {@code docs/figures.json} — for an
 * effect of at least 10 % within 15 % of its size, else within 0.03 of the ratio. A regime that a small run no
 * longer keeps fails here, not silently in a user's small matrix.
 */
class ScaleRegimeTests {
    static final ScenarioCatalog CATALOG = ScenarioCatalog.load();

    static JsonNode committedFigures() throws Exception {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.isRegularFile(p.resolve("docs/figures.json"))) p = p.getParent();
        assertThat(p).as("docs/figures.json above " + Path.of("").toAbsolutePath()).isNotNull();
        return ResultJson.mapper().readTree(Files.readString(p.resolve("docs/figures.json")));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"fio-large-section", "dd-compressed-read", "iozone-compressed-sync", "tiotest-multithread-read"})
    void theSmallestMeaningfulScaleKeepsTheFullSizeRatio(String id) throws Exception {
        JsonNode golden = committedFigures();
        assertThat(golden.at("/settings/scale").asDouble()).as("the committed figures are the full-size run").isEqualTo(1.0);
        JsonNode full = golden.at("/scenarios/" + id + "/comparisons");
        Scenario s = CATALOG.get(id);
        double min = s.scale().regime().minScale();
        if (min == 1) {     // no smaller run keeps this regime: nothing to run small, and the catalog says why
            assertThat(s.scale().regime().drift()).as(id + ": why no scale below 1").isNotBlank();
            assertThat(golden.at("/scenarios/" + id + "/scale_check").isMissingNode()).isTrue();
            return;
        }
        var o = new ReproductionReport.Options(min, 1, 1, 2, List.of(id), "test", "-", "-");
        MatrixExpansion.Expansion e = CATALOG.validate(ReproductionReport.request(s, o, min, 1), MatrixLimits.DEFAULT);
        assertThat(e.errors()).isEmpty();
        MatrixRunner.MatrixResult m = new MatrixRunner(new EngineCellRunner(CATALOG), 2).run(e.cells(), s, 1,
                MatrixRunner.Listener.NONE, ProgressListener.NONE, CancellationToken.NONE);
        List<String> disagree = new ArrayList<>();
        int compared = 0;
        for (Comparison c : m.comparisons()) {
            JsonNode f = full.get(ScaleCheck.key(c));
            if (f == null) continue;       // an iozone row larger than the scaled file is dropped, as iozone does
            compared++;
            double r1 = f.get("ratio").asDouble();
            if (!ScaleRegime.agrees(c.ratio(), r1)) {
                disagree.add(ScaleCheck.key(c) + ": " + c.ratio() + " at scale " + min + " vs " + r1 + " at full size");
            }
        }
        assertThat(compared).as("points compared").isGreaterThanOrEqualTo(Math.max(1, full.size() - 2));
        assertThat(disagree).as(id + " at its smallest meaningful scale " + min).isEmpty();
    }
}
