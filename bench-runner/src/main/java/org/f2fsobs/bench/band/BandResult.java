package org.f2fsobs.bench.band;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.api.Comparison;
import org.f2fsobs.bench.stats.Verdict;

/**
 * A finished band: per comparison (keyed as {@link PointRatios#key}), the range of our ratio over the band's points,
 * its influences, corners and hypercube flags; and what all comparisons share (scale, points, calibration, constants
 * listed but not swept). {@link #attach} puts it on a matrix's comparisons with the band verdict of contracts.md §6.
 *
 * @param cellsRun    distinct results the band used (nominal, calibration baselines and band cells)
 * @param pointRatios point id → comparison key → our ratio there (feasible points only)
 */
public record BandResult(double scale, Map<String, Band> bands, Map<String, Object> common, int points, int cellsRun,
                         Map<String, Map<String, Double>> pointRatios) {
    /** Effect share bounds of the verdicts (contracts.md §6). */
    static final double E_NO_EFFECT = 0.1, WIDE = 1.0, ROBUST_LO = 0.5, ROBUST_HI = 1.5, ASSUMPTION_SHARE = 0.5, NO_EFFECT_SLACK = 0.05;
    private static final double EPS = 1e-9;

    /**
     * One comparison's band.
     *
     * @param nominal         our ratio at the nominal point, at the band's scale
     * @param cornerLo        ratio at the corner of every constant's ratio-lowering end (null: no constant moved it)
     * @param hypercube       hypercube points evaluated
     * @param beyondCorners   hypercube points outside [corner lo, corner hi], each with why
     * @param assumptionShare the share of the one-at-a-time swing that comes from constants marked assumption
     * @param loPoint         the point that gave the band's low end, with every profile override it ran with
     *                        ({@code --profile-set} each to reproduce it); {@code hiPoint} likewise
     */
    public record Band(double lo, double hi, double nominal, List<Comparison.Influence> influence, Double cornerLo,
                       Double cornerHi, int hypercube, List<Map<String, Object>> beyondCorners, double assumptionShare,
                       Map<String, Object> loPoint, Map<String, Object> hiPoint) {
        public double width() {
            return hi - lo;
        }
    }

    /** The matrix's comparisons with their bands (a comparison the band did not cover is returned as it was). */
    public List<Comparison> attach(List<Comparison> comparisons) {
        List<Comparison> out = new ArrayList<>();
        for (Comparison c : comparisons) {
            Band b = bands.get(PointRatios.key(c));
            if (b == null) {
                out.add(c);
                continue;
            }
            double[] effect = effect(b, c.referenceRatio());
            out.add(c.withBand(new double[] {b.lo(), b.hi()}, effect, verdict(c, b, effect), b.influence(), detail(b)));
        }
        return out;
    }

    private Map<String, Object> detail(Band b) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("scale", scale);
        d.put("nominal_ratio", b.nominal());
        d.put("width", b.width());
        d.put("corners", b.cornerLo() == null ? null : List.of(b.cornerLo(), b.cornerHi()));
        d.put("hypercube_points", b.hypercube());
        d.put("beyond_corners", b.beyondCorners());
        d.put("assumption_share", b.assumptionShare());
        d.put("low_end", b.loPoint());
        d.put("high_end", b.hiPoint());
        d.put("points", points);
        d.put("cells_run", cellsRun);
        d.putAll(common);
        return d;
    }

    /** [E_lo, E_hi], ascending, or null when the mail's ratio is missing or exactly 1. */
    static double[] effect(Band b, Double m) {
        if (m == null || !Double.isFinite(m) || m == 1) return null;
        double a = (b.lo() - 1) / (m - 1), z = (b.hi() - 1) / (m - 1);
        return new double[] {Math.min(a, z), Math.max(a, z)};
    }

    /**
     * contracts.md §6: on effect rows the first that applies of excluded, inconclusive, robust, consistent; on
     * no-effect rows robust when |r − m| ≤ 0.05 over the whole band, consistent when only at the nominal, else
     * excluded; n/a without a mail ratio.
     */
    static String verdict(Comparison c, Band b, double[] e) {
        Double m = c.referenceRatio();
        if (m == null || !Double.isFinite(m)) return "n/a";
        if (Boolean.TRUE.equals(Comparison.effectRow(m))) {
            if (e[0] > 1 + EPS || e[1] < 1 - EPS) return "excluded";
            if (e[0] <= E_NO_EFFECT + EPS || e[1] - e[0] > WIDE + EPS || b.assumptionShare() > ASSUMPTION_SHARE) return "inconclusive";
            if (Verdict.REPRODUCED.label().equals(c.verdict()) && e[0] >= ROBUST_LO - EPS && e[1] <= ROBUST_HI + EPS) return "robust";
            return "consistent";
        }
        if (Math.abs(b.lo() - m) <= NO_EFFECT_SLACK + EPS && Math.abs(b.hi() - m) <= NO_EFFECT_SLACK + EPS) return "robust";
        if (Math.abs(c.ratio() - m) <= NO_EFFECT_SLACK + EPS) return "consistent";
        return "excluded";
    }
}
