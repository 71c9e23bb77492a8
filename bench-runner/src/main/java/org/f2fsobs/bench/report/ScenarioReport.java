package org.f2fsobs.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.f2fsobs.bench.api.Comparison;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.runner.MatrixRunner;
import org.f2fsobs.bench.scenario.ExpectedMechanism;
import org.f2fsobs.bench.scenario.Reference;
import org.f2fsobs.bench.scenario.Scenario;
import org.f2fsobs.bench.stats.CounterExpectation;

/**
 * One scenario's part of the reproduction report, in Markdown: the mail's figures, ours (medians, ratios with
 * intervals, verdicts), the counters and request sizes that explain them, the command as run, the scenario's notes,
 * and what the matrix cost. {@code bench-runner matrix --format markdown} prints the same.
 */
public final class ScenarioReport {
    private ScenarioReport() {}

    /** Counters every part shows besides those the catalog expects to move. */
    private static final List<String> ALWAYS = List.of("read_requests", "write_requests", "checkpoints", "flushes");

    /** What running the matrix cost on the host. */
    /** A matrix's wall time and heap: the most left after a collection (bounds the live set) and the most seen in use. */
    public record Cost(long wallMs, long heapAfterGcBytes, long heapUsedBytes) {}

    public static String markdown(Scenario s, MatrixRunner.MatrixResult m, long seed, Cost cost) {
        StringBuilder b = new StringBuilder();
        b.append("### ").append(s.id()).append("\n\n");
        b.append(s.title()).append(".  \n");
        b.append("Patch: ").append(s.patch()).append(" (seed file `").append(s.seedFile()).append("`). Flag `")
                .append(s.flag()).append("`; profile `").append(s.profile()).append("`; era ").append(s.era()).append(".\n\n");
        if (!m.cells().isEmpty()) b.append("Command as run (first cell): `").append(m.cells().get(0).command()).append("`\n\n");
        b.append("**The mail's figures**\n\n");
        for (Reference r : s.references()) {
            b.append("- ").append(when(r.when(), r.row())).append(": ").append(r.metric()).append(' ')
                    .append(r.before() == null ? "—" : r.before().describe()).append(" → ")
                    .append(r.after() == null ? "—" : r.after().describe());
            if (r.ratio().isPresent()) b.append(String.format(Locale.ROOT, " (ratio %.3f)", r.ratio().getAsDouble()));
            if (r.quote() != null) b.append(" — “").append(r.quote()).append("”");
            b.append('\n');
        }
        b.append("\n**Ours** (matrix seed ").append(seed).append(", ").append(m.cells().size()).append(" cells")
                .append(cost == null ? "" : String.format(Locale.ROOT, ", wall %.1f s, heap peak %d MiB after GC, %d MiB in use",
                        cost.wallMs() / 1000.0, cost.heapAfterGcBytes() >> 20, cost.heapUsedBytes() >> 20)).append(")\n\n");
        b.append(comparisons(m.comparisons()));
        b.append(BandReport.section(s, m.comparisons()));
        java.util.LinkedHashSet<String> notes = new java.util.LinkedHashSet<>();
        for (Comparison c : m.comparisons()) if (c.scaleNote() != null) notes.add(c.scaleNote());
        for (String n : notes) b.append("\n*Scale:* ").append(n).append('\n');
        b.append("\n**Why: counters and request sizes** (medians per cell of the measured command, off → on)\n\n");
        b.append(counters(s, m.cells()));
        List<String> flagged = new ArrayList<>();
        for (Comparison c : m.comparisons()) {
            double spread = Math.max(c.off().max() - c.off().min(), c.on().max() - c.on().min());
            double effect = Math.abs(c.on().median() - c.off().median());
            if (spread > effect && c.off().n() > 1) flagged.add(point(c));
        }
        if (!flagged.isEmpty()) {
            b.append("\nSpread wider than the effect (the difference is within run-to-run variation) at: ")
                    .append(String.join("; ", flagged)).append(".\n");
        }
        if (!s.notes().isEmpty()) {
            b.append("\n**Notes and known departures**\n\n");
            for (String n : s.notes()) b.append("- ").append(n).append('\n');
        }
        return b.toString();
    }

    static String comparisons(List<Comparison> cs) {
        StringBuilder b = new StringBuilder();
        b.append("| point | off (median) | on (median) | n | ratio on/off | seed interval (95 %) | mail's ratio | mechanism | verdict | band | band verdict |\n");
        b.append("|---|---:|---:|---:|---:|---|---:|---|---|---|---|\n");
        for (Comparison c : cs) {
            b.append("| ").append(point(c)).append(" | ").append(mib(c.off().median())).append(" | ").append(mib(c.on().median()))
                    .append(" | ").append(c.off().n()).append('/').append(c.on().n())
                    .append(String.format(Locale.ROOT, " | %.3f | ", c.ratio())).append(BandReport.interval(c)).append(" | ")
                    .append(c.referenceRatio() == null ? "—" : String.format(Locale.ROOT, "%.3f", c.referenceRatio()))
                    .append(" | ").append(c.mechanism()).append(" | ").append(BandReport.verdict(c)).append(" | ").append(BandReport.band(c))
                    .append(" | ").append(BandReport.bandVerdict(c)).append(" |\n");
        }
        return b.toString();
    }

    /** A comparison's point: its parameters (scale only when not 1), its iozone row, other flags when recorded. */
    public static String point(Comparison c) {
        StringBuilder b = new StringBuilder(label(c.params()));
        if (c.row() != null) b.append(b.isEmpty() ? "" : ", ").append("row ").append(c.row()).append(" KiB");
        return b.toString();
    }

    /** Parameters as "k=v k2=v2": names in alphabetical order, {@code scale} last and only when it is not 1. */
    static String label(Map<String, Object> params) {
        StringBuilder b = new StringBuilder();
        Object scale = null;
        for (Map.Entry<String, Object> e : new TreeMap<>(params).entrySet()) {
            if (e.getKey().equals("scale")) {
                scale = e.getValue();
                continue;
            }
            b.append(b.isEmpty() ? "" : " ").append(e.getKey()).append('=').append(e.getValue());
        }
        if (scale != null && !(scale instanceof Number n && n.doubleValue() == 1.0)) b.append(b.isEmpty() ? "" : " ").append("scale=").append(scale);
        return b.toString();
    }

    static String mib(double bytesPerSec) {
        return String.format(Locale.ROOT, "%.1f MiB/s", bytesPerSec / 1048576.0);
    }

    private static String when(Map<String, Object> when, Integer row) {
        StringBuilder b = new StringBuilder();
        when.forEach((k, v) -> b.append(b.isEmpty() ? "" : ", ").append(k).append('=').append(v));
        if (row != null) b.append(b.isEmpty() ? "" : ", ").append("reclen_kb=").append(row);
        return b.isEmpty() ? "default parameters" : b.toString();
    }

    /** Per parameter point: the median of each explaining counter off and on, and the commonest request sizes. */
    static String counters(Scenario s, List<RunResult> cells) {
        StringBuilder b = new StringBuilder("| point | counter | off | on |\n|---|---|---:|---:|\n");
        counterMedians(s, cells).forEach((point, byName) -> byName.forEach((name, offOn) -> {
            String label = name.startsWith(COMMONEST) ? name.replace('_', ' ') : "`" + name + "`";
            boolean share = name.endsWith(":share");
            b.append("| ").append(point).append(" | ").append(label).append(" | ").append(share ? pct(offOn[0]) : fmt(offOn[0]))
                    .append(" | ").append(share ? pct(offOn[1]) : fmt(offOn[1])).append(" |\n");
        }));
        return b.toString();
    }

    private static final String COMMONEST = "commonest_";

    /**
     * Per parameter point ({@code —} when every parameter is at its default and scale 1): each explaining counter's
     * median off and on (a Long when whole, a Double otherwise, null when no cell has it), then
     * {@code commonest_read_request} and {@code commonest_write_request} (size and share, or "—"). The report prints
     * these; {@link GoldenFigures} records them.
     */
    static Map<String, Map<String, Object[]>> counterMedians(Scenario s, List<RunResult> cells) {
        Set<String> names = new LinkedHashSet<>();
        for (ExpectedMechanism e : s.expectedMechanism()) for (CounterExpectation c : e.counters()) names.add(c.counter());
        names.addAll(ALWAYS);
        TreeMap<String, List<RunResult>[]> groups = new TreeMap<>();
        for (RunResult r : cells) {
            String key = pointKey(r, s.flag());
            @SuppressWarnings("unchecked")
            List<RunResult>[] g = groups.computeIfAbsent(key, k -> new List[] {new ArrayList<>(), new ArrayList<>()});
            g[Boolean.TRUE.equals(r.optimizations().get(s.flag())) ? 1 : 0].add(r);
        }
        Map<String, Map<String, Object[]>> out = new LinkedHashMap<>();
        for (Map.Entry<String, List<RunResult>[]> g : groups.entrySet()) {
            Map<String, Object[]> byName = new LinkedHashMap<>();
            for (String n : names) byName.put(n, new Object[] {number(median(g.getValue()[0], n)), number(median(g.getValue()[1], n))});
            for (String h : List.of("read_request_bytes", "write_request_bytes")) {
                byName.put(COMMONEST + h.replace("_request_bytes", "") + "_request",
                        new Object[] {commonest(g.getValue()[0], h), commonest(g.getValue()[1], h)});
            }
            out.put(g.getKey(), byName);
        }
        return out;
    }

    private static Object number(double v) {
        if (Double.isNaN(v)) return null;
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? (Object) (long) v : (Object) v;
    }

    private static String pointKey(RunResult r, String flag) {
        String l = label(r.params());
        return l.isEmpty() ? "—" : l;
    }

    /** The median over cells of a counter path as the mechanism check reads it (nested maps, histograms, :share). */
    private static double median(List<RunResult> rs, String counter) {
        double[] v = rs.stream().map(r -> org.f2fsobs.bench.stats.MechanismCheck.resolve(r, counter))
                .filter(x -> x.ok()).mapToDouble(x -> x.value()).sorted().toArray();
        if (v.length == 0) return Double.NaN;
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static String pct(Object v) {
        return v instanceof Number n ? String.format(Locale.ROOT, "%.1f %%", 100 * n.doubleValue()) : fmt(v);
    }

    private static String fmt(Object v) {
        if (v == null) return "—";
        if (v instanceof Long l) return String.format(Locale.ROOT, "%,d", l);
        if (v instanceof Double d) return String.format(Locale.ROOT, "%.1f", d);
        return v.toString();
    }

    /** The request size (bytes) the most requests had, over the group's cells, with its share. */
    private static String commonest(List<RunResult> rs, String histogram) {
        TreeMap<Long, Long> sum = new TreeMap<>();
        long total = 0;
        for (RunResult r : rs) {
            Map<String, Long> h = r.histograms().get(histogram);
            if (h == null) continue;
            for (Map.Entry<String, Long> e : h.entrySet()) {
                sum.merge(Long.parseLong(e.getKey()), e.getValue(), Long::sum);
                total += e.getValue();
            }
        }
        if (total == 0) return "—";
        Map.Entry<Long, Long> best = null;
        for (Map.Entry<Long, Long> e : sum.entrySet()) if (best == null || e.getValue() > best.getValue()) best = e;
        return String.format(Locale.ROOT, "%s (%.0f %%)", size(best.getKey()), 100.0 * best.getValue() / total);
    }

    private static String size(long bytes) {
        if (bytes % (1 << 20) == 0) return (bytes >> 20) + " MiB";
        if (bytes % 1024 == 0) return (bytes >> 10) + " KiB";
        return bytes + " B";
    }
}
