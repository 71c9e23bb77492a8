package org.f2fsobs.bench.mail;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a patch's diff touches: the files ({@code diff --git a/X b/X}) and the kernel functions — the function each
 * hunk header names ({@code @@ … @@ static int f2fs_foo(…)}) and every function whose definition line the hunk adds or
 * removes. Read from the whole paste at the patch's own quote depth; a flattened message works the same way.
 */
public record PatchDiff(List<Touched> files, List<Touched> functions) {

    /** A file or function and the first place the diff names it. */
    public record Touched(String name, String file, Span span) {}

    private static final Pattern FILE = Pattern.compile("diff --git a/(\\S+) b/\\S+");
    private static final Pattern HUNK = Pattern.compile("@@ -\\d+(?:,\\d+)? \\+\\d+(?:,\\d+)? @@ ?([^\\n@]*?)([A-Za-z_]\\w*)\\(");
    private static final Pattern DEFINITION = Pattern.compile("(?:^|\\s)[+-](?:static\\s+|inline\\s+|extern\\s+)*"
            + "(?:void|int|bool|char|long|loff_t|ssize_t|block_t|nid_t|pgoff_t|unsigned(?:\\s+(?:int|long|char))?|struct\\s+\\w+\\s*\\*?"
            + "|enum\\s+\\w+|[a-z_]+_t)\\s+\\**([A-Za-z_]\\w*)\\(", Pattern.MULTILINE);

    static PatchDiff read(MailText m, int depth) {
        String text = textAt(m, depth);
        Map<String, Touched> files = new LinkedHashMap<>();
        Map<String, Touched> functions = new LinkedHashMap<>();
        int[] offsets = offsets(m, depth);
        Matcher f = FILE.matcher(text);
        List<int[]> fileAt = new ArrayList<>();
        while (f.find()) {
            files.putIfAbsent(f.group(1), new Touched(f.group(1), f.group(1), span(offsets, f.start(1), f.end(1))));
            fileAt.add(new int[] {f.start(), files.size() - 1});
        }
        List<String> names = new ArrayList<>(files.keySet());
        Matcher h = HUNK.matcher(text);
        while (h.find()) add(functions, h.group(2), fileOf(fileAt, names, h.start()), span(offsets, h.start(2), h.end(2)));
        int diffStart = fileAt.isEmpty() ? text.length() : fileAt.get(0)[0];
        Matcher d = DEFINITION.matcher(text);
        d.region(diffStart, text.length());
        while (d.find()) add(functions, d.group(1), fileOf(fileAt, names, d.start()), span(offsets, d.start(1), d.end(1)));
        return new PatchDiff(List.copyOf(files.values()), List.copyOf(functions.values()));
    }

    private static void add(Map<String, Touched> out, String name, String file, Span span) {
        if (name.matches("if|for|while|switch|return|sizeof")) return;
        out.putIfAbsent(name, new Touched(name, file, span));
    }

    private static String fileOf(List<int[]> fileAt, List<String> names, int at) {
        String file = null;
        for (int[] fa : fileAt) if (fa[0] <= at) file = names.get(fa[1]);
        return file;
    }

    /** The lines at {@code depth} (markers removed) joined by newlines. */
    private static String textAt(MailText m, int depth) {
        StringBuilder b = new StringBuilder();
        for (MailText.Line l : m.lines) if (l.depth() == depth) b.append(l.text()).append('\n');
        return b.toString();
    }

    /** For each character of {@link #textAt}, its offset in the paste (the newline maps to the line's end). */
    private static int[] offsets(MailText m, int depth) {
        List<MailText.Line> ls = m.lines.stream().filter(l -> l.depth() == depth).toList();
        int n = ls.stream().mapToInt(l -> l.text().length() + 1).sum();
        int[] out = new int[n + 1];
        int k = 0;
        for (MailText.Line l : ls) {
            for (int i = 0; i < l.text().length(); i++) out[k++] = l.textStart() + i;
            out[k++] = l.textStart() + l.text().length();
        }
        out[n] = n == 0 ? 0 : out[n - 1];
        return out;
    }

    private static Span span(int[] offsets, int a, int b) {
        return new Span(offsets[a], Math.max(offsets[a], offsets[Math.max(a, b - 1)] + 1));
    }

    public List<String> functionNames() {
        return functions.stream().map(Touched::name).toList();
    }

    public List<String> fileNames() {
        return files.stream().map(Touched::name).toList();
    }
}
