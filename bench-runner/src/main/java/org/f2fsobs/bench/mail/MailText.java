package org.f2fsobs.bench.mail;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.f2fsobs.bench.script.ScriptParser;

/**
 * A pasted mail as lines, each with its range in the paste and its quote depth ({@code >} markers), and the part that
 * is the patch's own message (not a reply's words around it). Shapes (the seeds show each): an mbox message with its
 * headers ({@link Shape#MBOX}); one flattened onto a single line, as some archives store it, which is cut into
 * virtual lines at headers, commands, before/after words and labels ({@link Shape#MBOX_FLATTENED}); a public-inbox
 * thread page ({@link Shape#PUBLIC_INBOX}); a reply quoting the patch ({@link Shape#QUOTED_REPLY}); plain text.
 */
final class MailText {
    enum Shape { MBOX, MBOX_FLATTENED, PUBLIC_INBOX, QUOTED_REPLY, PLAIN }

    /**
     * One line: its index, its range in the paste, its quote depth, and its text without the quote markers.
     *
     * @param textStart where {@code text} starts in the paste (after the markers)
     */
    record Line(int index, int start, int end, int depth, int textStart, String text) {
        Span span() {
            return new Span(textStart, Math.max(textStart, textStart + text.length()));
        }
    }

    private static final Pattern QUOTE = Pattern.compile("^(?:[ \\t]*>)+[ \\t]?");
    private static final Pattern HEADER_KEY = Pattern.compile("[A-Z][A-Za-z0-9-]*:");
    private static final Pattern BOUNDARY = Pattern.compile("^(?:On .*wrote:\\s*|\\^ permalink.*|-----Original Message-----.*|\\* Re: .*|From \\S+@\\S+ .*)$");
    private static final Set<String> TRAILERS = Set.of("Signed-off-by:", "Reviewed-by:", "Acked-by:", "Tested-by:", "Reported-by:",
            "Suggested-by:", "---", "diff");

    final String raw;
    final Shape shape;
    final List<Line> lines;
    /** Index of the first line after the headers (0 without headers). */
    final int bodyStart;

    private MailText(String raw, Shape shape, List<Line> lines, int bodyStart) {
        this.raw = raw;
        this.shape = shape;
        this.lines = List.copyOf(lines);
        this.bodyStart = bodyStart;
    }

    static MailText of(String raw) {
        long breaks = raw.chars().filter(c -> c == '\n').count();
        if (breaks <= 2 && raw.length() > 1000 && raw.contains("Subject: ")) return flattened(raw);
        List<Line> lines = split(raw);
        Shape shape = shape(raw, lines);
        int body = 0;
        if (shape == Shape.MBOX) {
            while (body < lines.size() && !lines.get(body).text().isBlank()) body++;
            body = Math.min(body + 1, lines.size());
        }
        return new MailText(raw, shape, lines, body);
    }

    private static Shape shape(String raw, List<Line> lines) {
        String first = lines.stream().map(Line::text).filter(t -> !t.isBlank()).findFirst().orElse("");
        if (first.startsWith("From ") && first.matches("From \\S+ .*\\d{4}.*") || headersAtTop(lines)) return Shape.MBOX;
        if (raw.contains("permalink") && lines.stream().anyMatch(l -> l.text().startsWith("* ["))) return Shape.PUBLIC_INBOX;
        long quoted = lines.stream().filter(l -> l.depth() > 0).count();
        if (first.startsWith("Re:") || quoted * 2 > lines.size()) return Shape.QUOTED_REPLY;
        return Shape.PLAIN;
    }

    /** An mbox message starts with header lines (folded ones indented) up to a blank line, among them two of these. */
    private static boolean headersAtTop(List<Line> lines) {
        int headers = 0;
        for (Line l : lines) {
            String t = l.text();
            if (t.isBlank()) return headers >= 2;
            if (l.depth() > 0) return false;
            boolean folded = t.startsWith(" ") || t.startsWith("\t");
            if (!folded && !t.matches("[A-Za-z][A-Za-z0-9-]*:( .*)?")) return false;
            if (t.matches("(?i)(Subject|From|Date|Message-ID|To|Received|Return-Path): .*")) headers++;
        }
        return false;
    }

    private static List<Line> split(String raw) {
        List<Line> out = new ArrayList<>();
        int start = 0;
        while (start <= raw.length()) {
            int nl = raw.indexOf('\n', start);
            int end = nl < 0 ? raw.length() : nl;
            int textEnd = end > start && raw.charAt(end - 1) == '\r' ? end - 1 : end;
            String line = raw.substring(start, textEnd);
            Matcher q = QUOTE.matcher(line);
            int depth = 0, skip = 0;
            if (q.find()) {
                skip = q.end();
                for (int i = 0; i < skip; i++) if (line.charAt(i) == '>') depth++;
            }
            String text = line.substring(skip).stripTrailing();
            out.add(new Line(out.size(), start, textEnd, depth, start + skip, text));
            if (nl < 0) break;
            start = nl + 1;
        }
        return out;
    }

    /**
     * A message flattened onto one line: headers become one virtual line each; the body is cut before a command word
     * (once a Test marker or a command has been seen), before a before/after word, before an upper-case label after
     * one of those ({@code SEGS_PER_SEC 1 2556MiB/s}), and before trailers; the diff stays one line.
     */
    private static MailText flattened(String raw) {
        List<int[]> tokens = new ArrayList<>();
        Matcher m = Pattern.compile("\\S+").matcher(raw);
        while (m.find()) tokens.add(new int[] {m.start(), m.end()});
        int firstTrailer = tokens.size();
        for (int i = 0; i < tokens.size(); i++) {
            if (TRAILERS.contains(word(raw, tokens.get(i)))) {
                firstTrailer = i;
                break;
            }
        }
        int lastHeader = -1;
        for (int i = 0; i < firstTrailer; i++) if (HEADER_KEY.matcher(word(raw, tokens.get(i))).matches() && isHeaderName(word(raw, tokens.get(i)))) lastHeader = i;
        int bodyToken = lastHeader < 0 ? 0 : Math.min(lastHeader + 2, tokens.size());
        List<int[]> segments = new ArrayList<>();
        int segStart = 0;
        for (int i = 0; i < bodyToken; i++) {
            String w = word(raw, tokens.get(i));
            if (i > segStart && HEADER_KEY.matcher(w).matches() && isHeaderName(w)) {
                segments.add(new int[] {segStart, i});
                segStart = i;
            }
        }
        if (bodyToken > segStart) segments.add(new int[] {segStart, bodyToken});
        int headerSegments = segments.size();
        body(raw, tokens, bodyToken, segments);
        List<Line> lines = new ArrayList<>();
        for (int[] s : segments) {
            if (s[0] >= s[1]) continue;
            int a = tokens.get(s[0])[0], b = tokens.get(s[1] - 1)[1];
            lines.add(new Line(lines.size(), a, b, 0, a, raw.substring(a, b)));
        }
        return new MailText(raw, Shape.MBOX_FLATTENED, lines, Math.min(headerSegments, lines.size()));
    }

    private enum Kind { PROSE, COMMAND, SIDE, FIGURE, TRAILER }

    private static void body(String raw, List<int[]> tokens, int from, List<int[]> segments) {
        int segStart = from;
        Kind kind = Kind.PROSE;
        boolean inTest = false;
        for (int i = from; i < tokens.size(); i++) {
            String w = word(raw, tokens.get(i));
            String lower = w.toLowerCase(Locale.ROOT);
            if (w.equals("diff")) {
                if (i > segStart) segments.add(new int[] {segStart, i});
                segments.add(new int[] {i, tokens.size()});
                return;
            }
            boolean prefixOnly = i - segStart == 1 && kind == Kind.COMMAND && (word(raw, tokens.get(segStart)).equals("time")
                    || word(raw, tokens.get(segStart)).equals("sudo"));
            boolean command = inTest && ScriptParser.isCommandWord(w) && !prefixOnly;
            boolean side = lower.matches("(?:before|after)[:\\-]?");
            boolean trailer = TRAILERS.contains(w);
            boolean marker = lower.matches("test:?|\\[verification]");
            boolean label = (kind == Kind.SIDE || kind == Kind.FIGURE) && w.matches("[A-Z][A-Z0-9_]{2,}");
            if ((command || side || trailer || marker || label) && i > segStart) {
                segments.add(new int[] {segStart, i});
                segStart = i;
            }
            if (marker) {
                segments.add(new int[] {i, i + 1});
                segStart = i + 1;
                inTest = true;
                kind = Kind.PROSE;
                continue;
            }
            if (command) kind = Kind.COMMAND;
            else if (side) kind = Kind.SIDE;
            else if (label) kind = Kind.FIGURE;
            else if (trailer) {
                kind = Kind.TRAILER;
                inTest = false;
            }
        }
        if (tokens.size() > segStart) segments.add(new int[] {segStart, tokens.size()});
    }

    private static final Set<String> HEADER_NAMES = Set.of("from:", "to:", "cc:", "subject:", "date:", "message-id:", "in-reply-to:",
            "references:", "mime-version:", "content-type:", "content-transfer-encoding:", "precedence:", "list-id:",
            "list-subscribe:", "list-unsubscribe:", "received:", "authentication-results:", "return-path:", "sender:", "reply-to:");

    private static boolean isHeaderName(String w) {
        String l = w.toLowerCase(Locale.ROOT);
        return HEADER_NAMES.contains(l) || l.startsWith("x-") || l.startsWith("arc-") || l.startsWith("dkim-") || l.startsWith("list-");
    }

    private static String word(String raw, int[] t) {
        return raw.substring(t[0], t[1]);
    }

    /**
     * The patch's own message: the lines at the smallest quote depth that holds a {@code Signed-off-by:} or a diff,
     * after the headers, up to the first reply boundary after it ("On … wrote:", a public-inbox "^ permalink", an
     * mbox separator); lines at other depths are left out. Without either marker: every body line at depth 0.
     */
    List<Line> primary() {
        int depth = -1;
        for (int d = 0; d <= 3 && depth < 0; d++) {
            for (int i = bodyStart; i < lines.size(); i++) {
                Line l = lines.get(i);
                if (l.depth() == d && (l.text().startsWith("Signed-off-by:") || l.text().contains("diff --git"))) {
                    depth = d;
                    break;
                }
            }
        }
        if (depth < 0) depth = 0;
        List<Line> out = new ArrayList<>();
        boolean seenEnd = false;
        for (int i = bodyStart; i < lines.size(); i++) {
            Line l = lines.get(i);
            if (l.depth() < depth) {
                if (seenEnd) break;
                continue;
            }
            if (l.depth() > depth) continue;
            if (seenEnd && BOUNDARY.matcher(l.text()).matches()) break;
            if (l.text().startsWith("Signed-off-by:") || l.text().contains("diff --git")) seenEnd = true;
            out.add(l);
        }
        return out;
    }
}
