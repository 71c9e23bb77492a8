package org.f2fsobs.bench.mail;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The figures a patch's message quotes, each with the side it belongs to and where it is. Sides come from headings
 * ("before", "- after patch -", "[ w/o patch ]", "With this change, …"), from the columns of a table ("| Before |
 * After |", "lz4  lz4hc-9"), from an arrow ("167M/s -> 234M/s"), or — for a group named neither before nor after
 * ("- w/o compression -") — stand for both sides. Figure forms: dd's summary line, bash's {@code real} time, "label:
 * value unit", "LABEL param value unit" (P1), tiotest's request counts with their "(of these ~N are 4KB …)" asides,
 * iozone's table (one row per record length) and tables with a column per side.
 */
final class Figures {

    /** Which comparison a figure is on: before (off), after (on), both (measured once), or a column's label. */
    record Side(String kind, String label) {
        static final Side BEFORE = new Side("before", null);
        static final Side AFTER = new Side("after", null);

        static Side both(String label) {
            return new Side("both", label);
        }

        static Side column(String label) {
            return new Side("column", label);
        }
    }

    /**
     * One figure as printed.
     *
     * @param label    what the mail calls it ("read throughput", "Elapsed Time", "speed", a dd line, "real")
     * @param params   parameter labels the line gives with their values (SEGS_PER_SEC → 128; "File size" → 5GB)
     * @param row      iozone: the record length (KiB) of the row, else null
     * @param column   iozone: the column name (write, rewrite, …), else null
     * @param bytes    dd: the bytes it copied, else null (with {@code seconds}: the unit can be checked)
     * @param caseLabel the case of the Test section the figure follows, or null
     */
    record Figure(Side side, String label, Map<String, String> params, double value, String unit, String printed, Span span,
                  Integer row, String column, boolean approximate, Double bytes, Double seconds, int lineIndex, String caseLabel) {}

    static final String UNIT = "(MiB/s|MB/s|KiB/s|KB/s|kB/s|GiB/s|GB/s|M/s|K/s|G/s|IOPS|iops|ms|us|seconds|sec|s|requests)";
    private static final Pattern DD = Pattern.compile("^(\\d+) bytes(?: \\([^)]*\\))?(?: \\([^)]*\\))? (?:copied|transferred)(?: in)?,? "
            + "([\\d.]+) ?s(?:ec(?:onds)?)?, ([\\d.]+) ?([kKMG]i?B?/s)");
    private static final Pattern REAL = Pattern.compile("^real\\s+(\\d+)m([\\d.]+)s$");
    private static final Pattern ARROW = Pattern.compile("([\\d.]+)\\s*([A-Za-z/%]+)\\s*->\\s*([\\d.]+)\\s*([A-Za-z/%]+)");
    private static final Pattern LABEL_PARAM = Pattern.compile("^([A-Z][A-Z0-9_]{2,})\\s+(\\d+)\\s+([\\d.]+)\\s*" + UNIT + "$");
    private static final Pattern LABELLED = Pattern.compile("^([A-Za-z][\\w ()./-]{1,60}?)\\s*:\\s*(?:avg\\.?\\s*)?~?([\\d.]+)\\s*" + UNIT + "\\b",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern REQUESTS = Pattern.compile("^total (read|write) requests:\\s*(\\d+)");
    private static final Pattern ASIDE = Pattern.compile("~(\\d+)(?: requests)? are (?:written in )?(\\d+)\\s*KB");
    private static final Pattern SIDE_HEAD = Pattern.compile("(?i)^[\\s\\-\\[(]*(before|after|w/o\\s+patch|w/\\s*patch|without\\s+(?:the\\s+)?patch"
            + "|with\\s+(?:the\\s+)?patch|patched)(?:\\s+patch)?[\\s\\-\\])]*:?\\s*$");
    private static final Pattern GROUP_HEAD = Pattern.compile("(?i)^[\\s\\-\\[]*((?:w/o|without|with|w/)\\s+[a-z][\\w -]*?)[\\s\\-\\]]*:?\\s*$");
    private static final Pattern AFTER_PROSE = Pattern.compile("(?i)^(?:with this (?:change|patch)|after (?:this|the) patch|after applying)");

    final List<Figure> figures;
    /** The iozone table's columns in order, when the mail has one. */
    final List<String> iozoneColumns;

    private Figures(List<Figure> figures, List<String> iozoneColumns) {
        this.figures = List.copyOf(figures);
        this.iozoneColumns = List.copyOf(iozoneColumns);
    }

    static boolean hasFigure(String line) {
        String t = line.strip();
        return DD.matcher(t).find() || REAL.matcher(t).matches() || ARROW.matcher(t).find() || LABELLED.matcher(t).find()
                || LABEL_PARAM.matcher(t).matches() || SIDE_HEAD.matcher(t).matches();
    }

    static Figures read(List<MailText.Line> lines, Map<Integer, String> caseOfLine) {
        List<Figure> out = new ArrayList<>();
        List<String> iozone = new ArrayList<>();
        Side side = null;
        String caseLabel = null;
        String requestsOf = null;
        for (int i = 0; i < lines.size(); i++) {
            MailText.Line l = lines.get(i);
            String t = l.text().strip();
            if (t.startsWith("Signed-off-by:") || t.startsWith("diff --git")) break;
            if (caseOfLine.containsKey(l.index())) caseLabel = caseOfLine.get(l.index());
            int at = l.textStart() + Math.max(0, l.text().indexOf(t));
            Matcher m;
            if (SIDE_HEAD.matcher(t).matches()) {
                side = t.toLowerCase(Locale.ROOT).matches("(?s).*(before|w/o|without).*") ? Side.BEFORE : Side.AFTER;
                continue;
            }
            if (AFTER_PROSE.matcher(t).find()) {
                side = Side.AFTER;
                continue;
            }
            if ((m = GROUP_HEAD.matcher(t)).matches() && !hasNumber(t)) {
                side = Side.both(m.group(1).strip());
                continue;
            }
            if (t.contains("reclen") && t.contains("write")) {
                i = iozoneTable(lines, i, side, out, iozone, caseLabel);
                continue;
            }
            if (t.startsWith("|") && t.endsWith("|") && t.chars().filter(c -> c == '|').count() >= 3) {
                i = pipeTable(lines, i, out, caseLabel);
                continue;
            }
            if (i + 1 < lines.size() && columnHeader(l.text(), lines.get(i + 1).text())) {
                i = columnTable(lines, i, out, caseLabel);
                continue;
            }
            if ((m = DD.matcher(t)).find()) {
                out.add(fig(side, "dd", Map.of(), m, 3, 4, at, l, caseLabel, Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2))));
            } else if ((m = REAL.matcher(t)).matches()) {
                double s = Integer.parseInt(m.group(1)) * 60 + Double.parseDouble(m.group(2));
                out.add(new Figure(side, "real", Map.of(), s, "s", t, new Span(at, at + t.length()), null, null, false, null, null, l.index(), caseLabel));
            } else if ((m = ARROW.matcher(t)).find()) {
                out.add(fig(Side.BEFORE, "arrow", Map.of(), m, 1, 2, at, l, caseLabel, null, null));
                out.add(fig(Side.AFTER, "arrow", Map.of(), m, 3, 4, at, l, caseLabel, null, null));
            } else if ((m = LABEL_PARAM.matcher(t)).matches()) {
                out.add(fig(side, m.group(1), Map.of(m.group(1), m.group(2)), m, 3, 4, at, l, caseLabel, null, null));
            } else if ((m = REQUESTS.matcher(t)).find()) {
                requestsOf = m.group(1);
                Span sp = new Span(at + m.start(2), at + m.end(2));
                out.add(new Figure(side, "total " + requestsOf + " requests", Map.of(), Double.parseDouble(m.group(2)), "requests", m.group(2), sp,
                        null, null, false, null, null, l.index(), caseLabel));
                Matcher a = ASIDE.matcher(t);
                while (a.find()) out.add(aside(side, requestsOf, t, a, at, l, caseLabel));
            } else if ((m = LABELLED.matcher(t)).find()) {
                String label = m.group(1).strip();
                Side own = side;                           // "before: 120 ms": the label is the side
                if (SIDE_HEAD.matcher(label).matches()) own = label.toLowerCase(Locale.ROOT).matches("(?s).*(before|w/o|without).*") ? Side.BEFORE : Side.AFTER;
                out.add(fig(own, label, Map.of(), m, 2, 3, at, l, caseLabel, null, null));
            }
        }
        return new Figures(resolveUnsided(out), iozone);
    }

    private static Figure fig(Side side, String label, Map<String, String> params, Matcher m, int value, int unit, int at,
                              MailText.Line l, String caseLabel, Double bytes, Double seconds) {
        Span sp = new Span(at + m.start(value), at + m.end(unit));
        return new Figure(side, label, params, Double.parseDouble(m.group(value)), m.group(unit), m.group(value) + " " + m.group(unit), sp,
                null, null, m.group(0).contains("~"), bytes, seconds, l.index(), caseLabel);
    }

    private static Figure aside(Side side, String of, String t, Matcher a, int at, MailText.Line l, String caseLabel) {
        long size = Long.parseLong(a.group(2)) * 1024;
        return new Figure(side, of + " requests of " + size + " bytes", Map.of("request_bytes", Long.toString(size)),
                Double.parseDouble(a.group(1)), "requests", a.group(0), new Span(at + a.start(), at + a.end()), null, null, true, null, null,
                l.index(), caseLabel);
    }

    private static boolean hasNumber(String t) {
        return t.matches(".*\\d.*");
    }

    /** A group with no side heading is the before side when a later group is the after side (P3's two tables). */
    private static List<Figure> resolveUnsided(List<Figure> in) {
        boolean laterAfter = in.stream().anyMatch(f -> f.side() == Side.AFTER);
        List<Figure> out = new ArrayList<>();
        for (Figure f : in) {
            Side s = f.side() == null && laterAfter ? Side.BEFORE : f.side();
            out.add(new Figure(s, f.label(), f.params(), f.value(), f.unit(), f.printed(), f.span(), f.row(), f.column(), f.approximate(),
                    f.bytes(), f.seconds(), f.lineIndex(), f.caseLabel()));
        }
        return out;
    }

    /** iozone's table: the header row (with "random" above the last two), then one row per record length. */
    private static int iozoneTable(List<MailText.Line> lines, int i, Side side, List<Figure> out, List<String> columns, String caseLabel) {
        String head = lines.get(i).text().strip();
        String above = i > 0 ? lines.get(i - 1).text() : "";
        List<String> cols = new ArrayList<>();
        String[] words = head.substring(head.indexOf("reclen") + "reclen".length()).trim().split("\\s+");
        int randoms = above.split("random", -1).length - 1;
        for (int k = 0; k < words.length; k++) {
            boolean random = k >= words.length - randoms;
            cols.add((random ? "random_" : "") + words[k]);
        }
        if (columns.isEmpty()) columns.addAll(cols);
        int j = i + 1;
        for (; j < lines.size(); j++) {
            MailText.Line l = lines.get(j);
            String t = l.text().strip();
            String[] v = t.split("\\s+");
            if (v.length != cols.size() + 2 || !t.matches("[\\d\\s]+")) break;
            int reclen = Integer.parseInt(v[1]);
            int pos = l.textStart() + l.text().indexOf(t);
            for (int k = 0; k < cols.size(); k++) {
                int a = nth(t, k + 2);
                Span sp = new Span(pos + a, pos + a + v[k + 2].length());
                out.add(new Figure(side, "iozone " + cols.get(k), Map.of("file_kb", v[0]), Double.parseDouble(v[k + 2]), "KB/s", v[k + 2], sp,
                        reclen, cols.get(k), false, null, null, l.index(), caseLabel));
            }
        }
        return j - 1;
    }

    /** Where the k-th (0-based) whitespace-separated word of {@code t} starts. */
    private static int nth(String t, int k) {
        Matcher m = Pattern.compile("\\S+").matcher(t);
        for (int n = 0; m.find(); n++) if (n == k) return m.start();
        return 0;
    }

    /** | File size | Before | After | … | rows: the first column names the point, Before/After columns the sides. */
    private static int pipeTable(List<MailText.Line> lines, int i, List<Figure> out, String caseLabel) {
        List<String> head = cells(lines.get(i).text());
        int j = i + 1;
        for (; j < lines.size(); j++) {
            MailText.Line l = lines.get(j);
            String t = l.text().strip();
            if (t.startsWith("+") || t.startsWith("|-") || t.startsWith("|=")) continue;
            if (!t.startsWith("|")) break;
            List<String> row = cells(t);
            if (row.size() != head.size()) continue;
            for (int k = 1; k < head.size(); k++) {
                Side side = head.get(k).equalsIgnoreCase("before") ? Side.BEFORE : head.get(k).equalsIgnoreCase("after") ? Side.AFTER : null;
                if (side == null) continue;
                Matcher v = Pattern.compile("^([\\d.]+)\\s*" + UNIT + "$").matcher(row.get(k));
                if (!v.matches()) continue;
                int a = l.textStart() + l.text().indexOf(row.get(k));
                out.add(new Figure(side, head.get(0) + " " + row.get(0), Map.of(head.get(0), row.get(0)), Double.parseDouble(v.group(1)), v.group(2),
                        row.get(k), new Span(a, a + row.get(k).length()), null, null, false, null, null, l.index(), caseLabel));
            }
        }
        return j - 1;
    }

    private static List<String> cells(String t) {
        List<String> out = new ArrayList<>();
        for (String c : t.strip().replaceAll("^\\||\\|$", "").split("\\|")) out.add(c.strip());
        return out;
    }

    /** A header of column labels (tab- or wide-space separated) over rows "label  v1  v2" with as many cells. */
    private static boolean columnHeader(String head, String next) {
        List<String> h = columns(head);
        if (h.size() < 3 || !h.get(0).isEmpty()) return false;
        for (String c : h.subList(1, h.size())) if (!c.matches("[A-Za-z][\\w.:+-]*")) return false;
        List<String> r = columns(next);
        return r.size() == h.size() && !r.get(0).isEmpty() && hasNumber(next);
    }

    private static List<String> columns(String t) {
        List<String> out = new ArrayList<>();
        for (String c : t.stripTrailing().split("\\t+| {2,}")) out.add(c.strip());
        return out;
    }

    private static int columnTable(List<MailText.Line> lines, int i, List<Figure> out, String caseLabel) {
        List<String> head = columns(lines.get(i).text());
        int j = i + 1;
        for (; j < lines.size(); j++) {
            MailText.Line l = lines.get(j);
            List<String> row = columns(l.text());
            if (row.size() != head.size() || row.get(0).isEmpty()) break;
            for (int k = 1; k < head.size(); k++) {
                String cell = row.get(k);
                Matcher v = Pattern.compile("([\\d.]+)\\s*(%|" + UNIT.substring(1, UNIT.length() - 1) + ")?(?=,|$)").matcher(cell);
                String value = null, unit = null;
                int start = 0;
                while (v.find()) {
                    value = v.group(1);
                    unit = v.group(2) == null ? row.get(0) : v.group(2);
                    start = v.start();
                }
                if (value == null) continue;
                int a = l.textStart() + l.text().indexOf(cell) + start;
                out.add(new Figure(Side.column(head.get(k)), row.get(0), Map.of(), Double.parseDouble(value), unit, cell,
                        new Span(a, a + (cell.length() - start)), null, null, false, null, null, l.index(), caseLabel));
            }
        }
        return j - 1;
    }

    /** The distinct sides, in order of first appearance. */
    List<Side> sides() {
        Map<String, Side> m = new LinkedHashMap<>();
        for (Figure f : figures) if (f.side() != null) m.putIfAbsent(f.side().kind() + "|" + f.side().label(), f.side());
        return List.copyOf(m.values());
    }
}
