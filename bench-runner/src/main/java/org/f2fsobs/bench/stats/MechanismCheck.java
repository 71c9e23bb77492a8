package org.f2fsobs.bench.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.api.RunResult;

/**
 * Checks the catalog's {@link CounterExpectation}s on the off and on cells of one matrix point: "moved as
 * expected" iff every expectation holds on the medians of the off cells' and the on cells' values.
 *
 * <p><b>Missing values.</b> A result's nested maps (counter maps such as {@code checkpoints_by_reason}, histograms)
 * list what occurred, so a key missing inside a map that is present counts as 0 (no CP_COMPRESSED checkpoint, no
 * 4 KiB request). The first name under the root — the counter itself, or the histogram — must be present, and the
 * value must be a finite number: otherwise that cell does not report the counter (a typo in the catalog, or an
 * engine that does not count it), the expectation cannot be checked and it <b>fails</b> with a note. A declared
 * expectation that cannot be checked never earns "moved as expected".
 *
 * <p>Status: no expectations → {@link MechanismStatus#NA}; all hold → {@link MechanismStatus#MOVED}; otherwise
 * {@link MechanismStatus#DID_NOT_MOVE}.
 */
public final class MechanismCheck {
    private static final String SHARE = ":share";

    private MechanismCheck() {}

    /**
     * One expectation, checked.
     *
     * @param off            median of the off cells' values, or null when the counter could not be read
     * @param on             median of the on cells' values, or null when the counter could not be read
     * @param relativeChange (on − off)/off, or null when off is 0 or a value is missing
     * @param holds          whether the expectation holds
     * @param note           why it could not be checked, or null
     */
    public record Outcome(CounterExpectation expectation, Double off, Double on, Double relativeChange, boolean holds,
                          String note) {}

    public record Result(MechanismStatus status, List<Outcome> outcomes) {
        public Result {
            outcomes = List.copyOf(outcomes);
        }
    }

    /** A counter path resolved in one result: a value, or why there is none. */
    public record Resolved(double value, String error) {
        public boolean ok() {
            return error == null;
        }
    }

    public static Result evaluate(List<CounterExpectation> expectations, List<RunResult> off, List<RunResult> on) {
        if (off.isEmpty() || on.isEmpty()) throw new IllegalArgumentException("need at least one off and one on cell");
        if (expectations.isEmpty()) return new Result(MechanismStatus.NA, List.of());
        List<Outcome> outcomes = new ArrayList<>();
        boolean all = true;
        for (CounterExpectation e : expectations) {
            Outcome o = check(e, off, on);
            all &= o.holds();
            outcomes.add(o);
        }
        return new Result(all ? MechanismStatus.MOVED : MechanismStatus.DID_NOT_MOVE, outcomes);
    }

    private static Outcome check(CounterExpectation e, List<RunResult> offCells, List<RunResult> onCells) {
        double[] off = new double[offCells.size()];
        double[] on = new double[onCells.size()];
        String error = collect(e.counter(), offCells, off);
        if (error == null) error = collect(e.counter(), onCells, on);
        if (error != null) return new Outcome(e, null, null, null, false, error);
        double offM = Summary.median(off);
        double onM = Summary.median(on);
        Double rel = offM == 0 ? null : (onM - offM) / offM;
        return new Outcome(e, offM, onM, rel, e.holds(offM, onM), null);
    }

    private static String collect(String path, List<RunResult> cells, double[] into) {
        int missing = 0;
        String first = null;
        for (int i = 0; i < cells.size(); i++) {
            Resolved r = resolve(cells.get(i), path);
            if (r.ok()) {
                into[i] = r.value();
            } else {
                missing++;
                if (first == null) first = r.error();
            }
        }
        return missing == 0 ? null : first + " (in " + missing + " of " + cells.size() + " cells)";
    }

    /** Reads a counter path (see {@link CounterExpectation}) from one result. */
    public static Resolved resolve(RunResult result, String path) {
        boolean share = path.endsWith(SHARE);
        String p = share ? path.substring(0, path.length() - SHARE.length()) : path;
        String[] seg = p.split("\\.", -1);
        for (String s : seg) if (s.isEmpty()) return fail(path, "empty name in path");
        Object root;
        int start;
        if (seg[0].equals("histograms")) {
            root = result.histograms();
            start = 1;
        } else {
            root = result.counters();
            start = seg[0].equals("counters") ? 1 : 0;
        }
        if (seg.length - start < 1) return fail(path, "path names no counter");
        if (share && seg.length - start < 2) return fail(path, ":share needs a key inside a map");
        if (!(root instanceof Map<?, ?> map)) return fail(path, "result has no " + (start == 1 && seg[0].equals("histograms") ? "histograms" : "counters"));
        if (!map.containsKey(seg[start])) return fail(path, "'" + seg[start] + "' is not reported");
        Object cur = map;
        Map<?, ?> parent = null;
        for (int i = start; i < seg.length; i++) {
            if (!(cur instanceof Map<?, ?> m)) return fail(path, "'" + seg[i - 1] + "' is not a map");
            parent = m;
            cur = m.containsKey(seg[i]) ? m.get(seg[i]) : (i > start ? (Object) 0L : null);
        }
        if (!(cur instanceof Number n) || !Double.isFinite(n.doubleValue())) return fail(path, "value is not a finite number");
        double v = n.doubleValue();
        if (!share) return new Resolved(v, null);
        double[] parts = new double[parent.size()];
        int k = 0;
        for (Object o : parent.values()) {
            if (!(o instanceof Number x) || !Double.isFinite(x.doubleValue())) return fail(path, "the map holding it is not all numbers");
            parts[k++] = x.doubleValue();
        }
        java.util.Arrays.sort(parts); // sum in value order: the same bits whatever the map's iteration order
        double sum = 0;
        for (double x : parts) sum += x;
        return new Resolved(sum == 0 ? 0 : v / sum, null);
    }

    private static Resolved fail(String path, String why) {
        return new Resolved(0, path + ": " + why);
    }
}
