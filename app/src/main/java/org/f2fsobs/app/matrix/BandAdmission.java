package org.f2fsobs.app.matrix;

import java.util.List;
import org.f2fsobs.app.system.ApiException;
import org.f2fsobs.app.system.ObservatoryProperties.Limits;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.band.BandOptions;
import org.f2fsobs.bench.band.MatrixBand;
import org.f2fsobs.bench.scenario.Scenario;
import org.f2fsobs.bench.scenario.ScenarioCatalog;

/**
 * Whether a matrix may have a band ({@code "band": true}, contracts.md §6): one scale (400 on field {@code band}
 * otherwise), and the band's upper bound of cells within {@code observatory.limits.band-cells} (422 {@code band_cells}).
 */
final class BandAdmission {
    private BandAdmission() {}

    /** Why the band is refused, or null. */
    static ApiException refusal(ScenarioCatalog catalog, Scenario s, List<CellSpec> cells, long seed, long limit) {
        if (s.sides() != null) {
            return ApiException.invalid("band", "the sides of " + s.id() + " are two values of " + s.sides().param() + " (" + s.sides().before()
                    + " vs " + s.sides().after() + "), not a flag: a band sweeps the model's constants around a flag's off/on ratio, "
                    + "and is not run for a parameter's two values (yet)");
        }
        List<CellSpec> base;
        try {
            base = MatrixBand.baseCells(cells);
        } catch (IllegalArgumentException e) {
            return ApiException.invalid("band", e.getMessage());
        }
        long bound = MatrixBand.plan(catalog, s, cells, seed, BandOptions.DEFAULT).cellBound();
        if (bound > limit) {
            return ApiException.overLimit(Limits.BAND_CELLS, "band", "the band of " + base.size() + " cells may run up to " + bound
                    + " cells, over the limit " + Limits.BAND_CELLS + " = " + limit + " (observatory.limits.band-cells); fewer points");
        }
        return null;
    }
}
