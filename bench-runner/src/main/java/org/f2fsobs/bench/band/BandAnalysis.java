package org.f2fsobs.bench.band;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.f2fsobs.bench.api.Comparison;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.engine.platform.Sourced;

/**
 * What the band's points say: after the one-at-a-time points, each comparison's influences, its corners and the
 * hypercube's constants; at the end, each comparison's band ({@link BandResult.Band}).
 */
final class BandAnalysis {
    /** Below this swing (in ratio) a comparison does not choose hypercube constants: nothing moves it. */
    static final double MIN_SWING = 1e-6;
    /** Slack for "beyond the corners" (relative, absorbs rounding). */
    static final double CORNER_SLACK = 1e-9;

    private BandAnalysis() {}

    /** The one-at-a-time stage: per comparison its influences; the corner points; the hypercube's constants. */
    record OneAtATime(Map<String, Double> nominal, Map<String, List<Comparison.Influence>> influence, List<BandPoint> corners,
                      Map<String, String[]> cornerIds, List<String> hypercubeKeys, List<String> swept) {}

    static OneAtATime oneAtATime(BandPlan plan, BandPlan.Nominal nominal, Map<String, BandPlan.Resolved> resolved) {
        String flag = plan.scenario().flag();
        Map<String, Double> r0 = PointRatios.of(nominal.cells(), flag);
        List<String> swept = plan.swept(nominal);
        Map<String, Map<String, Double>> ratios = new LinkedHashMap<>();
        for (BandPlan.Resolved r : resolved.values()) ratios.put(r.point().id(), r.infeasible() != null ? r0 : PointRatios.of(r.cells(), flag));
        Map<String, List<Comparison.Influence>> influence = new TreeMap<>();
        List<BandPoint> corners = new ArrayList<>();
        Map<String, String[]> cornerIds = new TreeMap<>();
        TreeSet<String> cube = new TreeSet<>();
        for (Map.Entry<String, Double> q : r0.entrySet()) {
            List<Comparison.Influence> list = new ArrayList<>();
            TreeMap<String, Long> lo = new TreeMap<>(), hi = new TreeMap<>();
            for (String k : swept) {
                long[] range = plan.range(k);
                double rl = ratios.get("low:" + k).getOrDefault(q.getKey(), q.getValue());
                double rh = ratios.get("high:" + k).getOrDefault(q.getKey(), q.getValue());
                Sourced.Range sr = plan.constants().get(k).range();
                list.add(new Comparison.Influence(k, range[0], range[1], rl, rh, Math.abs(rh - rl), sr.assumption(), sr.basis()));
                if (rl < rh) {
                    lo.put(k, range[0]);
                    hi.put(k, range[1]);
                } else if (rh < rl) {
                    lo.put(k, range[1]);
                    hi.put(k, range[0]);
                }
            }
            list.sort(Comparator.comparingDouble(Comparison.Influence::swing).reversed().thenComparing(Comparison.Influence::constant));
            influence.put(q.getKey(), list);
            if (!lo.isEmpty()) {
                String name = shortName(q.getKey(), r0.keySet());
                String a = "corner-lo:" + name, b = "corner-hi:" + name;
                corners.add(new BandPoint(a, BandPoint.Kind.CORNER, lo));
                corners.add(new BandPoint(b, BandPoint.Kind.CORNER, hi));
                cornerIds.put(q.getKey(), new String[] {a, b});
            }
            double max = list.isEmpty() ? 0 : list.get(0).swing();
            if (max > MIN_SWING) {
                for (Comparison.Influence i : list) if (i.swing() >= plan.options().lhsShare() * max) cube.add(i.constant());
            }
        }
        return new OneAtATime(r0, influence, corners, cornerIds, new ArrayList<>(cube), swept);
    }

    /** A comparison's key without the other flags (its params and row), unless another comparison then shares it. */
    static String shortName(String key, java.util.Collection<String> all) {
        String[] p = key.split("\\|", -1);
        String name = p[0] + (p[2].equals("row=-") ? "" : "|" + p[2]);
        long same = all.stream().filter(k -> {
            String[] o = k.split("\\|", -1);
            return o[0].equals(p[0]) && o[2].equals(p[2]);
        }).count();
        return same > 1 ? key : name;
    }

    static BandResult band(BandPlan plan, BandPlan.Nominal nominal, Map<String, BandPlan.Resolved> resolved, OneAtATime oat,
                           int cellsKnown) {
        String flag = plan.scenario().flag();
        Map<String, Map<String, Double>> ratios = new LinkedHashMap<>();
        List<Map<String, Object>> infeasible = new ArrayList<>();
        int calibrated = 0, calRuns = 0, notConverged = 0;
        double worstCal = 0;
        for (BandPlan.Resolved r : resolved.values()) {
            if (r.infeasible() != null) {
                infeasible.add(Map.of("point", r.point().id(), "why", r.infeasible()));
                continue;
            }
            ratios.put(r.point().id(), PointRatios.of(r.cells(), flag));
            if (r.calibration() != null) {
                calibrated++;
                calRuns += r.calibration().runs();
                if (!r.calibration().converged()) notConverged++;
                worstCal = Math.max(worstCal, r.calibration().relativeError());
            }
        }
        Map<String, Object> common = common(plan, nominal, oat, resolved.size(), infeasible);
        if (plan.calibration() != null) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("constants", plan.calibration().dependents());
            c.put("baseline", plan.calibration().scenario() + " " + plan.calibration().params() + ", flag off: "
                    + plan.calibration().measure().describe() + " kept at its nominal value");
            c.put("rule", plan.calibration().rule());
            c.put("points_re_solved", calibrated);
            c.put("baseline_runs", calRuns);
            c.put("not_converged", notConverged);
            c.put("worst_relative_error", worstCal);
            common.put("calibration", c);
        }
        Map<String, BandResult.Band> bands = new TreeMap<>();
        for (Map.Entry<String, Double> q : oat.nominal().entrySet()) {
            bands.put(q.getKey(), one(q.getKey(), q.getValue(), ratios, oat, resolved));
        }
        return new BandResult(plan.scale(), bands, common, resolved.size(), cellsKnown, ratios);
    }

    private static BandResult.Band one(String q, double r0, Map<String, Map<String, Double>> ratios, OneAtATime oat,
                                       Map<String, BandPlan.Resolved> resolved) {
        double lo = r0, hi = r0;
        String loId = "nominal", hiId = "nominal";
        for (Map.Entry<String, Map<String, Double>> m : ratios.entrySet()) {
            Double r = m.getValue().get(q);
            if (r == null) continue;
            if (r < lo) {
                lo = r;
                loId = m.getKey();
            }
            if (r > hi) {
                hi = r;
                hiId = m.getKey();
            }
        }
        String[] ids = oat.cornerIds().get(q);
        Double cLo = ids == null ? null : ratios.getOrDefault(ids[0], Map.of()).get(q);
        Double cHi = ids == null ? null : ratios.getOrDefault(ids[1], Map.of()).get(q);
        List<Comparison.Influence> infl = oat.influence().get(q);
        List<Map<String, Object>> beyond = new ArrayList<>();
        int cube = 0;
        for (BandPlan.Resolved r : resolved.values()) {
            if (r.point().kind() != BandPoint.Kind.HYPERCUBE || r.infeasible() != null) continue;
            cube++;
            Double x = ratios.get(r.point().id()).get(q);
            if (x == null) continue;
            double a = cLo == null ? r0 : Math.min(cLo, cHi), b = cLo == null ? r0 : Math.max(cLo, cHi);
            double slack = CORNER_SLACK * Math.max(1, Math.abs(r0));
            if (x < a - slack || x > b + slack) beyond.add(beyondFlag(r.point().id(), x, a, b, r0, infl, cLo == null));
        }
        double sum = 0, assumed = 0;
        for (Comparison.Influence i : infl) {
            sum += i.swing();
            if (i.assumption()) assumed += i.swing();
        }
        return new BandResult.Band(lo, hi, r0, infl, cLo, cHi, cube, beyond, sum == 0 ? 0 : assumed / sum,
                end(loId, resolved), end(hiId, resolved));
    }

    /** A band end: the point that gave it and every override it ran with (swept and re-solved). */
    private static Map<String, Object> end(String id, Map<String, BandPlan.Resolved> resolved) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("point", id);
        m.put("profile_overrides", new TreeMap<>(resolved.get(id).overrides()));
        return m;
    }

    /** A hypercube point outside the corners, and why the corners do not bound it. */
    private static Map<String, Object> beyondFlag(String id, double x, double a, double b, double r0,
                                                  List<Comparison.Influence> infl, boolean noCorners) {
        List<String> nonMonotone = new ArrayList<>();
        for (Comparison.Influence i : infl) {
            if ((i.ratioAtLow() - r0) * (i.ratioAtHigh() - r0) > 0) nonMonotone.add(i.constant());
        }
        String why;
        if (noCorners) why = "no constant moved this comparison one at a time, so there are no corners; the hypercube point moved it by combining constants";
        else if (!nonMonotone.isEmpty()) why = "not monotone one at a time (both ends on the same side of the nominal): "
                + String.join(", ", nonMonotone.subList(0, Math.min(6, nonMonotone.size())))
                + (nonMonotone.size() > 6 ? " and " + (nonMonotone.size() - 6) + " more" : "")
                + "; a corner takes each constant's lower or higher end, which misses an extreme inside the range";
        else why = "constants interact: their one-at-a-time effects do not add, so the corners that add them are not the extremes";
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("point", id);
        m.put("ratio", x);
        m.put("corners", List.of(a, b));
        m.put("by", x < a ? a - x : x - b);
        m.put("why", why);
        return m;
    }

    private static Map<String, Object> common(BandPlan plan, BandPlan.Nominal nominal, OneAtATime oat, int points,
                                              List<Map<String, Object>> infeasible) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("scale", plan.scale());
        m.put("points", points);
        m.put("swept", oat.swept().size());
        List<String> structural = new ArrayList<>(), fixed = new ArrayList<>(), notRead = new ArrayList<>();
        for (Map.Entry<String, Sourced> e : plan.constants().entrySet()) {
            String k = e.getKey();
            boolean read = nominal.read().contains(k);
            if (e.getValue().range() == null) {
                if (read) structural.add(k + " = " + e.getValue().value());
            } else if (plan.calibration() != null && plan.calibration().dependents().contains(k)) {
                continue;
            } else if (!read && !oat.swept().contains(k)) {
                long[] r = plan.range(k);
                if (r[0] < r[1]) notRead.add(k);
            } else if (read && !oat.swept().contains(k)) {
                fixed.add(k);
            }
        }
        m.put("structural", structural);
        m.put("fixed_read", fixed);
        m.put("not_read", notRead);
        m.put("hypercube_constants", oat.hypercubeKeys());
        m.put("hypercube_share", plan.options().lhsShare());
        if (!infeasible.isEmpty()) m.put("infeasible", infeasible);
        return m;
    }

    static String fmt(double d) {
        return String.format(Locale.ROOT, "%.4f", d);
    }
}
