package org.f2fsobs.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/**
 * {@code bench-runner report --diff}: a fresh set of golden figures against the committed one. Every leaf is compared
 * exactly (the engine is deterministic, so any change is a move); the output names each figure that moved with its
 * old and new value and relative change, lists verdict changes apart, and then every profile constant whose value or
 * range (low, high, assumption, candidates, rule) changed, one line per constant.
 * Scenarios and profiles the fresh run did not cover (a {@code --scenario} subset) are not compared.
 */
public final class FiguresDiff {
    /** One leaf that differs: its path (scenario, point, figure…), the committed value and the fresh one (null = absent). */
    public record Change(List<String> path, JsonNode before, JsonNode after) {
        boolean verdict() {
            return path.get(path.size() - 1).equals("verdict") || path.get(path.size() - 1).equals("band_verdict");
        }

        boolean constant() {
            return path.get(0).equals("profiles");
        }

        /** For a constant: profile and key. */
        List<String> constantKey() {
            return path.subList(0, Math.min(3, path.size()));
        }
    }

    public record Result(List<Change> changes, int compared, List<String> notes) {
        public boolean unchanged() {
            return changes.isEmpty();
        }

        public long verdictChanges() {
            return changes.stream().filter(Change::verdict).count();
        }
    }

    private FiguresDiff() {}

    public static Result compare(JsonNode committed, JsonNode fresh) {
        List<String> notes = new ArrayList<>();
        if (!Objects.equals(committed.get("settings"), fresh.get("settings"))) {
            notes.add("the committed figures were run with settings " + committed.get("settings") + ", this run with "
                    + fresh.get("settings") + ": figures are compared anyway");
        }
        boolean noBand = committed.path("settings").path("band").asBoolean(false) && !fresh.path("settings").path("band").asBoolean(false);
        if (noBand) notes.add("this run has no bands (--no-band): the committed band figures are not compared");
        Map<List<String>, JsonNode> a = new LinkedHashMap<>(), b = new LinkedHashMap<>();
        for (String section : List.of("scenarios", "profiles")) {
            JsonNode fs = fresh.path(section), cs = committed.path(section);
            for (String key : new TreeSet<>(fs.propertyNames())) {
                flatten(List.of(section, key), cs.get(key), a);
                flatten(List.of(section, key), fs.get(key), b);
            }
        }
        Set<List<String>> paths = new java.util.LinkedHashSet<>(a.keySet());
        paths.addAll(b.keySet());
        List<Change> changes = new ArrayList<>();
        for (List<String> p : paths) {
            if (noBand && p.stream().skip(2).anyMatch(k -> k.startsWith("band"))) continue;
            JsonNode x = a.get(p), y = b.get(p);
            if (!same(x, y)) changes.add(new Change(p, x, y));
        }
        return new Result(changes, b.size(), notes);
    }

    /** What the CLI prints. */
    public static String text(Result r, String against) {
        StringBuilder out = new StringBuilder();
        for (String n : r.notes()) out.append("note: ").append(n).append('\n');
        if (r.unchanged()) {
            return out.append("no figure moved (").append(r.compared()).append(" figures compared with ").append(against).append(")\n").toString();
        }
        List<Change> verdicts = r.changes().stream().filter(Change::verdict).toList();
        Map<List<String>, List<Change>> constants = new LinkedHashMap<>();
        for (Change c : r.changes()) if (c.constant()) constants.computeIfAbsent(c.constantKey(), k -> new ArrayList<>()).add(c);
        List<Change> figures = r.changes().stream().filter(c -> !c.verdict() && !c.constant()).toList();
        if (!verdicts.isEmpty()) {
            out.append("verdicts changed (").append(verdicts.size()).append("):\n");
            for (Change c : verdicts) out.append("  ").append(line(c)).append('\n');
        }
        if (!figures.isEmpty()) {
            out.append("figures moved (").append(figures.size()).append("):\n");
            for (Change c : figures) out.append("  ").append(line(c)).append('\n');
        }
        if (!constants.isEmpty()) {
            out.append("profile constants changed (").append(constants.size()).append("):\n");
            constants.forEach((key, changes) -> out.append("  ").append(constantLine(key, changes)).append('\n'));
        }
        out.append(String.format(Locale.ROOT, "%d of %d figures differ from %s (%d verdict%s changed, %d constant%s)%n",
                r.changes().size(), r.compared(), against, verdicts.size(), verdicts.size() == 1 ? "" : "s",
                constants.size(), constants.size() == 1 ? "" : "s"));
        return out.toString();
    }

    /** {@code nullblk-x86 · cpu.costs_ps.seg_entry_read: value 400 → 582 (+45.50 %); low (absent) → 216} */
    private static String constantLine(List<String> key, List<Change> changes) {
        StringBuilder b = new StringBuilder(String.join(" · ", key.subList(1, key.size()))).append(": ");
        for (int i = 0; i < changes.size(); i++) {
            Change c = changes.get(i);
            if (i > 0) b.append("; ");
            List<String> p = c.path();
            b.append(p.size() > key.size() ? String.join(".", p.subList(key.size(), p.size())) : "constant").append(' ')
                    .append(show(c.before())).append(" → ").append(show(c.after())).append(relative(c.before(), c.after()));
        }
        return b.toString();
    }

    private static String line(Change c) {
        List<String> p = c.path();
        String where = String.join(" · ", p.subList(1, p.size()));
        return where + ": " + show(c.before()) + " → " + show(c.after()) + relative(c.before(), c.after());
    }

    private static String relative(JsonNode a, JsonNode b) {
        if (a == null || b == null || !a.isNumber() || !b.isNumber()) return "";
        double x = a.asDouble(), y = b.asDouble();
        if (x == 0) return "";
        return String.format(Locale.ROOT, " (%+.2f %%)", 100 * (y - x) / Math.abs(x));
    }

    private static String show(JsonNode n) {
        if (n == null) return "(absent)";
        if (n.isString()) return n.asString();
        return n.toString();
    }

    private static boolean same(JsonNode x, JsonNode y) {
        if (x == null || y == null) return x == y;
        if (x.isNumber() && y.isNumber()) return x.asDouble() == y.asDouble();
        return x.equals(y);
    }

    private static void flatten(List<String> path, JsonNode n, Map<List<String>, JsonNode> out) {
        if (n == null) return;
        if (n.isObject()) {
            for (String k : n.propertyNames()) flatten(append(path, k), n.get(k), out);
        } else {
            out.put(path, n);     // arrays (intervals, n) are compared whole
        }
    }

    private static List<String> append(List<String> path, String k) {
        List<String> p = new ArrayList<>(path);
        p.add(k);
        return List.copyOf(p);
    }
}
