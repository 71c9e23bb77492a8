package org.f2fsobs.bench.band;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.f2fsobs.engine.platform.Profile;
import org.f2fsobs.engine.platform.Profiles;
import org.f2fsobs.engine.platform.Sourced;
import org.junit.jupiter.api.Test;

class CalibrationsTests {
    /** Calibrated on mail cells alone (no other constant enters its formula): swept over its range, not re-solved. */
    static final List<String> SWEPT_CALIBRATED = List.of("amlogic-arm64-p3:device.write_bandwidth_bytes_per_s");

    @Test
    void shouldReSolveEveryConstantCalibratedOnAnEngineRunOrOnOtherConstants() {
        for (Profile p : Profiles.all()) {
            TreeSet<String> calibrated = new TreeSet<>();
            for (Map.Entry<String, Sourced> e : p.constants().entrySet()) {
                Sourced.Range r = e.getValue().range();
                if (r != null && r.basis().equals("calibrated") && !SWEPT_CALIBRATED.contains(p.name() + ":" + e.getKey())) calibrated.add(e.getKey());
            }
            List<String> solved = Calibrations.of(p.name()).map(Calibration::dependents).orElse(List.of());
            assertThat(new TreeSet<>(solved)).as(p.name()).isEqualTo(calibrated);
        }
    }

    @Test
    void shouldNameBaselinesTheCatalogKnows() {
        ScenarioCatalog c = ScenarioCatalog.load();
        for (Calibration cal : Calibrations.all()) {
            var s = c.get(cal.scenario());
            assertThat(s.profile()).isEqualTo(cal.profile());
            var v = c.validateRun(s, Map.of(s.flag(), false), new java.util.TreeMap<>(cal.params()), 1, null);
            assertThat(v.ok()).as("%s", v.errors()).isTrue();
        }
    }

    @Test
    void shouldStepToTheTargetOnALinearMeasure() {
        // y = 2 + 3 f: from f = 1 (y = 5), a target of 8 is at f = 2; a wrong probe slope is corrected by the secant
        List<Double> fs = new ArrayList<>(List.of(1.0)), ys = new ArrayList<>(List.of(5.0));
        double f = Calibration.nextFactor(fs, ys, 8, 1.5);
        assertThat(f).isEqualTo(3.0);
        fs.add(f);
        ys.add(2 + 3 * f);
        assertThat(Calibration.nextFactor(fs, ys, 8, 1.5)).isEqualTo(2.0, org.assertj.core.data.Offset.offset(1e-12));
    }
}
