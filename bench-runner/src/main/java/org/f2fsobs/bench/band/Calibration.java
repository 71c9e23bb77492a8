package org.f2fsobs.bench.band;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.f2fsobs.bench.api.RunResult;

/**
 * A profile's constants calibrated on a baseline row ({@code docs/profile-sources.md} §0 R4), as runner code: at
 * every band point the dependents are re-solved, together by one factor {@code f} on their nominals (the split
 * between them is the profile's assumption, their sum is what the row pins), so that the baseline row, run at that
 * point, gives what it gives at the nominal (which the profile's calibration made the mail's figure). No band point
 * then contradicts the baseline row. The solve runs the baseline cell: first at {@code f} = 1, then Newton steps on a
 * slope measured once at the nominal ({@link #PROBE}), then secant steps, until the baseline's measure is within
 * {@link #TOLERANCE} of its nominal value.
 *
 * @param profile    the profile whose constants these are
 * @param dependents the calibrated constants (dotted keys)
 * @param scenario   the scenario of the baseline row
 * @param params     the baseline point's parameters (the band's scale is added)
 * @param measure    what of the baseline cell the calibration pins
 * @param rule       where the rule is stated (for the band's notes)
 */
record Calibration(String profile, List<String> dependents, String scenario, Map<String, Object> params, Measure measure,
                   String rule) {
    /**
     * Relative distance from the nominal measure within which the baseline counts as reproduced. Not tighter: a small
     * run's measure is a step function of the costs (a discrete event, such as a writeback wake-up, lands inside or
     * outside the timed window), so the nominal value may lie in a step's gap; the closest point is then kept and the
     * band says how far it is ({@code worst_relative_error}).
     */
    static final double TOLERANCE = 1e-3;
    /** The factor of the slope probe at the nominal. */
    static final double PROBE = 1.05;
    /** Baseline runs per point at most (then the closest is kept and the point is flagged). */
    static final int MAX_ITERATIONS = 8;
    /** Factors are kept in [MIN_F, MAX_F]: a calibrated residual never goes to zero or runs away. */
    static final double MIN_F = 0.02, MAX_F = 50;

    Calibration {
        dependents = List.copyOf(dependents);
        params = new TreeMap<>(params);
    }

    /** What a calibration pins, as a quantity linear in the calibrated costs (so that secant steps converge at once). */
    sealed interface Measure {
        /** The quantity of a baseline result; null when the result has no value for it. */
        Double of(RunResult r);

        String describe();
    }

    /** The headline's time per byte (1 / bandwidth): linear in per-page costs. */
    record Headline() implements Measure {
        @Override
        public Double of(RunResult r) {
            return r.headline() == null || r.headline().value() <= 0 ? null : 1.0 / r.headline().value();
        }

        @Override
        public String describe() {
            return "the headline";
        }
    }

    /**
     * The per-page slope of an iozone column: a least-squares fit of seconds per call (reclen / KB/s) against pages per
     * call (reclen / 4) over the rows whose record length lies in [{@code fromKb}, {@code toKb}].
     */
    record RowSlope(String column, int fromKb, int toKb) implements Measure {
        @Override
        public Double of(RunResult r) {
            List<double[]> xy = new ArrayList<>();
            for (Map<String, Object> row : r.rows()) {
                if (!(row.get("reclen_kb") instanceof Number kb) || !(row.get(column) instanceof Number kbps)) continue;
                if (kb.intValue() < fromKb || kb.intValue() > toKb || kbps.doubleValue() <= 0) continue;
                xy.add(new double[] {kb.doubleValue() / 4, kb.doubleValue() / kbps.doubleValue()});
            }
            if (xy.size() < 2) return null;
            double mx = 0, my = 0;
            for (double[] p : xy) {
                mx += p[0];
                my += p[1];
            }
            mx /= xy.size();
            my /= xy.size();
            double sxy = 0, sxx = 0;
            for (double[] p : xy) {
                sxy += (p[0] - mx) * (p[1] - my);
                sxx += (p[0] - mx) * (p[0] - mx);
            }
            return sxx == 0 ? null : sxy / sxx;
        }

        @Override
        public String describe() {
            return "the per-page slope of " + column + " over records of " + fromKb + "–" + toKb + " KiB";
        }
    }

    /** The dependents at factor {@code f} on their nominals (half up, at least 0). */
    Map<String, Long> at(double f, Map<String, Long> nominals) {
        Map<String, Long> out = new TreeMap<>();
        for (String k : dependents) out.put(k, Math.max(0, (long) Math.floor(nominals.get(k) * f + 0.5)));
        return out;
    }

    /**
     * The next factor to try, from the factors tried so far and their measures ({@code ys}), the target measure and
     * the slope dy/df measured at the nominal: a Newton step from the last point on that slope, then secant steps.
     */
    static double nextFactor(List<Double> fs, List<Double> ys, double target, double probeSlope) {
        int n = fs.size();
        if (n == 0) return 1.0;
        int below = -1, above = -1;                 // the tries closest to the target on either side
        for (int i = 0; i < n; i++) {
            double y = ys.get(i);
            if (y < target && (below < 0 || y > ys.get(below))) below = i;
            if (y > target && (above < 0 || y < ys.get(above))) above = i;
        }
        if (below >= 0 && above >= 0) {             // bracketed: regula falsi between the two closest tries
            double fb = fs.get(below), yb = ys.get(below), fa = fs.get(above), ya = ys.get(above);
            return fb + (target - yb) * (fa - fb) / (ya - yb);
        }
        double f = fs.get(n - 1), y = ys.get(n - 1);
        double slope = probeSlope;
        if (n >= 2) {
            double df = f - fs.get(n - 2), dy = y - ys.get(n - 2);
            if (df != 0 && dy != 0 && Double.isFinite(dy / df)) slope = dy / df;
        }
        double next = slope == 0 || !Double.isFinite(slope) ? f : f + (target - y) / slope;
        return Math.max(MIN_F, Math.min(MAX_F, next));
    }

    static boolean close(double y, double target) {
        return Math.abs(y - target) <= TOLERANCE * Math.abs(target);
    }
}
