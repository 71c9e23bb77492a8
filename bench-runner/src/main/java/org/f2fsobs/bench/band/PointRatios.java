package org.f2fsobs.bench.band;

import java.util.Map;
import java.util.TreeMap;
import org.f2fsobs.bench.api.Comparison;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.matrix.ParamValues;

/**
 * The on/off ratio of every comparison at one band point: one cell per side and parameter point (the band runs one
 * repetition: the model has no run-to-run noise), the headline or, for iozone, each row's write column, as
 * {@link org.f2fsobs.bench.stats.Comparisons} compares them. Comparisons are keyed without the scale, so a band run
 * at a smaller scale attaches to the full-size matrix's comparisons.
 */
final class PointRatios {
    private PointRatios() {}

    /** The key of a comparison: its parameters without scale, the other flags, the row. */
    static String key(Comparison c) {
        return key(c.params(), c.otherFlags(), c.row());
    }

    static String key(Map<String, ?> params, Map<String, Boolean> otherFlags, Integer row) {
        TreeMap<String, Object> p = new TreeMap<>(params);
        p.remove("scale");
        p.remove("seed");
        p.remove("repetition");
        return ParamValues.canonical(p) + "|" + ParamValues.canonical(new TreeMap<>(otherFlags == null ? Map.of() : otherFlags))
                + "|row=" + (row == null ? "-" : row);
    }

    /** comparison key → on/off ratio, over cells of one band point (comparisons without both sides are left out). */
    static Map<String, Double> of(Iterable<RunResult> cells, String flag) {
        Map<String, double[]> sides = new TreeMap<>();
        for (RunResult r : cells) {
            boolean on = Boolean.TRUE.equals(r.optimizations().get(flag));
            TreeMap<String, Boolean> others = new TreeMap<>(r.optimizations());
            others.remove(flag);
            if (!r.rows().isEmpty()) {
                for (Map<String, Object> row : r.rows()) {
                    if (row.get("reclen_kb") instanceof Number kb && row.get("write_kbps") instanceof Number w) {
                        sides.computeIfAbsent(key(r.params(), others, kb.intValue()), k -> new double[] {Double.NaN, Double.NaN})[on ? 1 : 0] =
                                w.doubleValue();
                    }
                }
            } else {
                sides.computeIfAbsent(key(r.params(), others, null), k -> new double[] {Double.NaN, Double.NaN})[on ? 1 : 0] =
                        r.headline().value();
            }
        }
        Map<String, Double> out = new TreeMap<>();
        sides.forEach((k, v) -> {
            if (!Double.isNaN(v[0]) && !Double.isNaN(v[1]) && v[0] > 0) out.put(k, v[1] / v[0]);
        });
        return out;
    }
}
