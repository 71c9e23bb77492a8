package org.f2fsobs.bench.mail;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.f2fsobs.bench.scenario.UnitConversion;

/**
 * The draft's references: the mail's figures grouped by what was measured, at which point and on which side, in the
 * catalog's form ({@code references}, and iozone's {@code reference_table}), with the conversion of every unit they
 * use. A group the mail gives once with no side ("- w/o compression -") stands for both sides and says so.
 */
final class DraftFigures {
    record Result(List<Map<String, Object>> references, Map<String, Object> table, Map<String, Map<String, Object>> units,
                  List<Map<String, Object>> figures, List<String> notes) {}

    private DraftFigures() {}

    static Result build(DraftBuilder.Plan p, Figures f, String raw) {
        Map<String, Group> groups = new LinkedHashMap<>();
        List<Map<String, Object>> listed = new ArrayList<>();
        Map<String, Figures.Figure> unitSamples = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>();
        for (Figures.Figure fig : f.figures) {
            String metric = metric(p, fig);
            Boolean after = sideOf(p, fig);
            Map<String, Object> item = new LinkedHashMap<>();
            item.put("printed", fig.printed());
            item.put("value", fig.value());
            item.put("unit", fig.unit());
            item.put("label", fig.label());
            item.put("side", fig.side() == null ? null : fig.side().label() == null ? fig.side().kind() : fig.side().kind() + ": " + fig.side().label());
            item.put("metric", metric);
            if (fig.row() != null) item.put("row", fig.row());
            item.put("span", List.of(fig.span().start(), fig.span().end()));
            listed.add(item);
            if (metric == null) {
                item.put("compared", "no: no metric of ours is '" + fig.label() + "'");
                continue;
            }
            boolean both = fig.side() != null && fig.side().kind().equals("both");
            if (after == null && !both) {
                item.put("compared", "no: the figure is on neither side");
                continue;
            }
            item.put("compared", "yes");
            Map<String, Object> when = p.whenOf(fig);
            String key = metric + "|" + fig.row() + "|" + when;
            Group g = groups.computeIfAbsent(key, k -> new Group(metric, fig.row(), when));
            unitSamples.putIfAbsent(fig.unit(), fig);
            if (fig.bytes() != null) unitSamples.put(fig.unit(), fig);
            if (both) {
                g.before.add(fig);
                g.after.add(fig);
                g.once = true;
            } else if (after) {
                g.after.add(fig);
            } else {
                g.before.add(fig);
            }
        }
        Map<String, Map<String, Object>> units = new LinkedHashMap<>();
        for (Map.Entry<String, Figures.Figure> e : unitSamples.entrySet()) {
            Units.Rule r = Units.of(e.getKey(), p.tool, p.userland, e.getValue());
            UnitConversion c = r.conversion();
            Map<String, Object> u = new LinkedHashMap<>();
            u.put("base", c.base());
            u.put("factor", number(c.factor()));
            u.put("how", c.how());
            units.put(e.getKey(), u);
            if (r.assumption()) notes.add("unit " + e.getKey() + ": " + c.how());
        }
        List<Map<String, Object>> refs = new ArrayList<>();
        List<Group> rows = new ArrayList<>();
        for (Group g : groups.values()) {
            if (g.row != null) rows.add(g);
            else refs.add(g.json(raw));
        }
        return new Result(refs, rows.isEmpty() ? null : table(rows, f.iozoneColumns, raw), units, listed, notes);
    }

    /** One metric at one point (and row): the figures on each side. */
    private static final class Group {
        final String metric;
        final Integer row;
        final Map<String, Object> when;
        final List<Figures.Figure> before = new ArrayList<>(), after = new ArrayList<>();
        boolean once;

        Group(String metric, Integer row, Map<String, Object> when) {
            this.metric = metric;
            this.row = row;
            this.when = when;
        }

        Map<String, Object> json(String raw) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("when", when);
            m.put("metric", metric);
            if (!before.isEmpty()) m.put("before", side(before));
            if (!after.isEmpty()) m.put("after", side(after));
            m.put("quote", quote(raw));
            if (once) m.put("note", "measured once: the mail gives one group of runs, which stands for both sides");
            return m;
        }

        private String quote(String raw) {
            List<String> parts = new ArrayList<>();
            for (List<Figures.Figure> side : once ? List.of(before) : List.of(before, after)) {
                List<String> ps = new ArrayList<>();
                for (Figures.Figure x : side) ps.add(lineOf(raw, x.span()));
                if (!ps.isEmpty()) parts.add(String.join("; ", ps.stream().distinct().toList()));
            }
            return String.join(" ... ", parts);
        }
    }

    private static Map<String, Object> side(List<Figures.Figure> figs) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("values", figs.stream().map(x -> number(x.value())).toList());
        m.put("unit", figs.get(0).unit());
        if (figs.stream().anyMatch(Figures.Figure::approximate)) m.put("approximate", true);
        return m;
    }

    /** iozone's rows: one array per record length, the columns in the mail's order. */
    private static Map<String, Object> table(List<Group> rows, List<String> columns, String raw) {
        TreeMap<Integer, Map<String, Double>> before = new TreeMap<>(), after = new TreeMap<>();
        for (Group g : rows) {
            String col = g.metric;
            for (Figures.Figure x : g.before) before.computeIfAbsent(g.row, k -> new LinkedHashMap<>()).put(col, x.value());
            for (Figures.Figure x : g.after) after.computeIfAbsent(g.row, k -> new LinkedHashMap<>()).put(col, x.value());
        }
        List<String> cols = new ArrayList<>();
        cols.add("reclen_kb");
        for (String c : columns) cols.add(c + "_kbps");
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("unit", "KB/s");
        t.put("row", "reclen_kb");
        t.put("columns", cols);
        t.put("quote", "KB reclen " + String.join(" ", columns) + " (file " + rows.get(0).before.stream().findFirst()
                .map(x -> x.params().get("file_kb") + " KB").orElse("?") + ")");
        t.put("before", rowsOf(before, cols));
        t.put("after", rowsOf(after, cols));
        return t;
    }

    private static List<List<Object>> rowsOf(TreeMap<Integer, Map<String, Double>> rows, List<String> cols) {
        List<List<Object>> out = new ArrayList<>();
        for (Map.Entry<Integer, Map<String, Double>> r : rows.entrySet()) {
            List<Object> row = new ArrayList<>();
            row.add(r.getKey());
            for (String c : cols.subList(1, cols.size())) row.add(number(r.getValue().getOrDefault(c, Double.NaN)));
            out.add(row);
        }
        return out;
    }

    /** The metric of ours a figure is, or null (not compared). */
    static String metric(DraftBuilder.Plan p, Figures.Figure f) {
        String l = f.label().toLowerCase(java.util.Locale.ROOT);
        if (f.column() != null) return f.column() + "_kbps";
        if (l.equals("dd")) return "bandwidth";
        if (l.equals("real")) return null;                      // bash's real time: not a headline (see the draft's notes)
        if (l.matches("(read|write) throughput")) return l.split(" ")[0] + "_bandwidth";
        if (l.matches("total (read|write) requests")) return l.split(" ")[1] + "_requests";
        if (l.matches("(read|write) requests of \\d+ bytes")) return "histograms." + l.split(" ")[0] + "_request_bytes." + f.params().get("request_bytes");
        if (f.unit().endsWith("/s") && !f.unit().equals("IOPS")) return p.headline;
        return null;
    }

    /** true = after, false = before, null = neither (a figure of a third column, or on no side). */
    private static Boolean sideOf(DraftBuilder.Plan p, Figures.Figure f) {
        if (f.side() == null) return null;
        return switch (f.side().kind()) {
            case "before" -> false;
            case "after" -> true;
            case "column" -> p.sideColumns.indexOf(f.side().label()) == 1 ? Boolean.TRUE : p.sideColumns.indexOf(f.side().label()) == 0 ? Boolean.FALSE : null;
            default -> null;
        };
    }

    private static String lineOf(String raw, Span s) {
        int a = raw.lastIndexOf('\n', Math.max(0, s.start() - 1)) + 1;
        int b = raw.indexOf('\n', s.end());
        if (b < 0) b = raw.length();
        if (b - a > 200) {
            a = Math.max(0, s.start() - 40);
            b = Math.min(raw.length(), s.end() + 10);
        }
        return raw.substring(a, b).replaceAll("^[>\\s]+", "").replaceAll("\\s+", " ").trim();
    }

    static Number number(double d) {
        return d == Math.rint(d) && Math.abs(d) < 0x1p53 ? (Number) (long) d : (Number) d;
    }
}
