package org.f2fsobs.bench.mail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The script of a draft: the mail's shell lines in order, alternatives merged into one line over a parameter (P1's two
 * make_f2fs lines → {@code make_f2fs -s {segs_per_sec} …}), the measured line's size made the scale placeholder, cases
 * as {@code when} conditions; before them the set-up the mail leaves implicit (a compressed file needs
 * {@code mkfs.f2fs -O extra_attr,compression}, a mount with {@code compress_algorithm} and {@code chattr +c} on the
 * directory), and an inferred line where the mail reads a file no line writes. Each step says why it is there; the
 * draft marks which came from the mail and where.
 */
final class DraftScript {
    /** A step of the script (catalog form) and, for a line from the mail, where it is. */
    record Step(Map<String, Object> json, Span span, boolean fromMail) {}

    /** The script and the scale rule its measured line gives. */
    record Result(List<Step> steps, Map<String, Object> scale, String measuredTemplate) {}

    private DraftScript() {}

    static final String CASE = "case";

    static Result build(DraftBuilder.Plan p) {
        List<Step> steps = new ArrayList<>();
        if (p.compressionSetUp) setUp(p, steps);
        Map<String, Object> scale = null;
        String measuredTemplate = null;
        TestSection.TestLine writer = writerOf(p);
        for (TestSection.Block b : p.test.blocks) {
            Map<String, Object> when = p.caseOf.containsKey(b.index()) ? Map.of(CASE, List.of(p.caseOf.get(b.index()))) : Map.of();
            for (TestSection.TestLine l : b.lines()) {
                if (p.skippedAlternatives.contains(l)) continue;
                String line = l.text();
                String why;
                boolean headline = p.measured.contains(l);
                if (p.alternativeTemplate != null && l == p.firstAlternative) {
                    line = p.alternativeTemplate;
                    why = "the mail's " + p.alternativeCount + " " + DraftBuilder.word(l.text()) + " lines as one: " + p.alternativeParam
                            + " is the parameter (" + p.alternativeWhy + ")";
                } else if (headline) {
                    String[] t = templated(p, l.text());
                    line = t[0];
                    if (t[1] != null) scale = scaleRule(p, l.text(), t[1]);
                    measuredTemplate = line;
                    why = "the mail's measured run (the figures are its output)";
                } else if (l == writer) {
                    line = replaceOption(l.text(), "count=", "{count}");
                    scale = scaleRule(p, l.text(), "count");
                    why = "the mail's line that writes the file the measured run reads; its count is what scale shrinks";
                } else {
                    why = l.known() ? "the mail's line" : "the mail's line (a command the model does not run: the script check names it)";
                }
                if (p.inferredInput != null && l == p.inferredInput.reader()) {
                    String in = p.inferredInput.line();
                    String inWhy = "inferred: " + p.inferredInput.why();
                    if (scale == null && Sizes.option(words(l.text()), "count=") == null) {
                        scale = scaleRule(p, in, "count");         // the measured dd copies what this line writes: its count is the size
                        in = replaceOption(in, "count=", "{count}");
                        inWhy += "; its count is what scale shrinks";
                    }
                    steps.add(step(in, when, inWhy, false, null, false));
                }
                steps.add(step(line, when, why, headline, l.span(), true));
            }
        }
        if (p.inferredCommand != null) {
            String[] t = templated(p, p.inferredCommand);
            scale = t[1] == null ? null : scaleRule(p, p.inferredCommand, t[1]);
            measuredTemplate = t[0];
            steps.add(step(t[0], Map.of(), "inferred: the mail prints its figures without the command (see inferred_reasoning)", true, null, false));
        }
        return new Result(steps, scale == null ? noScale() : scale, measuredTemplate);
    }

    private static void setUp(DraftBuilder.Plan p, List<Step> steps) {
        String dev = "toybox".equals(p.userland) ? "/dev/block/by-name/userdata" : "/dev/vdb";
        String mp = "toybox".equals(p.userland) ? "/data" : "/";
        boolean param = p.params.containsKey(DraftBuilder.COMPRESSION);
        steps.add(step("mkfs.f2fs -O extra_attr,compression " + dev, Map.of(), "ours: a compressed file needs the compression feature", false, null, false));
        if (param) {
            List<Object> on = new ArrayList<>(Arrays.asList("lz4", "lzo", "zstd"));
            steps.add(step("mount -t f2fs -o compress_algorithm={compression} " + dev + " " + mp, Map.of(DraftBuilder.COMPRESSION, on),
                    "ours: the algorithm is the parameter compression", false, null, false));
            steps.add(step("mount -t f2fs " + dev + " " + mp, Map.of(DraftBuilder.COMPRESSION, List.of("none")),
                    "ours: compression none is an uncompressed file", false, null, false));
            steps.add(step("chattr +c " + mp, Map.of(DraftBuilder.COMPRESSION, on), "ours: the flag on the volume's root directory makes "
                    + "the files the mail's lines create there compressed (16 KiB clusters, the default compress_log_size=2)", false, null, false));
        } else {
            steps.add(step("mount -t f2fs -o compress_algorithm=lz4 " + dev + " " + mp, Map.of(),
                    "ours: lz4, f2fs's default algorithm (the mail names none)", false, null, false));
            steps.add(step("chattr +c " + mp, Map.of(), "ours: the flag on the volume's root directory makes the files the mail's lines "
                    + "create there compressed (16 KiB clusters, the default compress_log_size=2)", false, null, false));
        }
    }

    private static Step step(String line, Map<String, Object> when, String why, boolean headline, Span span, boolean fromMail) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("line", line);
        if (!when.isEmpty()) m.put("when", when);
        m.put("why", why);
        if (headline) m.put("headline", true);
        return new Step(m, span, fromMail);
    }

    /** The earlier dd that writes the file the measured dd reads ({@code of=F} … {@code if=F}), when it has a count. */
    private static TestSection.TestLine writerOf(DraftBuilder.Plan p) {
        if (!"dd".equals(p.tool) || p.measured.isEmpty()) return null;
        TestSection.TestLine m = p.measured.get(p.measured.size() - 1);
        String in = Sizes.option(words(m.text()), "if=");
        if (in == null) return null;
        TestSection.TestLine found = null;
        for (TestSection.TestLine l : p.test.lines()) {
            if (l == m) break;
            List<String> w = words(l.text());
            if (DraftBuilder.tool(l.text()) != null && DraftBuilder.tool(l.text()).equals("dd") && in.equals(Sizes.option(w, "of="))
                    && Sizes.option(w, "count=") != null) found = l;
        }
        return found;
    }

    /** The measured line with its size as the placeholder, and the placeholder (null: the command has no size). */
    private static String[] templated(DraftBuilder.Plan p, String text) {
        List<String> w = words(text);
        switch (p.tool) {
            case "fio" -> {
                for (String opt : List.of("--size=", "-size=")) if (Sizes.option(w, opt) != null) return new String[] {replaceOption(text, opt, "{size}"), "size"};
            }
            case "dd" -> {
                if (writerOf(p) == null && Sizes.option(w, "count=") != null) return new String[] {replaceOption(text, "count=", "{count}"), "count"};
                return new String[] {text, null};             // the writer's count is the size (see build)
            }
            case "iozone" -> {
                if (Sizes.option(w, "-s") != null) return new String[] {replaceValue(text, "-s", "{size}"), "size"};
            }
            case "tiotest" -> {
                String t = text;
                if (p.params.containsKey("threads")) t = replaceValue(t, "-t", "{threads}");
                if (p.params.containsKey("block_bytes")) t = replaceValue(t, "-b", "{block_bytes}");
                if (Sizes.option(w, "-f") != null) return new String[] {replaceValue(t, "-f", "{scaled_file_mb}"), "scaled_file_mb"};
                return new String[] {t, null};
            }
            default -> { }
        }
        return new String[] {text, null};
    }

    static List<String> words(String text) {
        return List.of(text.trim().split("\\s+"));
    }

    static String replaceOption(String text, String opt, String value) {
        List<String> out = new ArrayList<>();
        for (String w : words(text)) out.add(w.startsWith(opt) ? opt + value : w);
        return String.join(" ", out);
    }

    static String replaceValue(String text, String opt, String value) {
        List<String> w = new ArrayList<>(words(text));
        for (int i = 0; i + 1 < w.size(); i++) if (w.get(i).equals(opt)) w.set(i + 1, value);
        return String.join(" ", w);
    }

    private static Map<String, Object> regime() {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("min_scale", 0.01);
        r.put("machine", List.of("memory", "nr_requests", "writeback_timers"));
        r.put("drift", "a scenario drafted from a mail: its smallest meaningful scale has not been studied (docs/scale.md); "
                + "0.01 is the smallest any catalog scenario allows");
        return r;
    }

    private static Map<String, Object> scaleRule(DraftBuilder.Plan p, String line, String placeholder) {
        List<String> w = words(line);
        Map<String, Object> s = new LinkedHashMap<>();
        switch (p.tool) {
            case "fio" -> {
                String size = Sizes.option(w, "--size=") != null ? Sizes.option(w, "--size=") : Sizes.option(w, "-size=");
                String bs = Sizes.option(w, "--bs=") != null ? Sizes.option(w, "--bs=") : Sizes.option(w, "-bs=");
                long block = bs == null || Sizes.fio(bs) == null ? 4096 : Sizes.fio(bs);
                s.put("shrinks", "--size");
                s.put("placeholder", placeholder);
                s.put("full_bytes", Sizes.fio(size));
                s.put("block_bytes", block);
                s.put("format", "fio_size");
                s.put("below_one_block", "one_block");
                s.put("rule", "fio --size=" + size + " × scale, rounded down to whole blocks of --bs, at least one block");
            }
            case "dd" -> {
                long count = Long.parseLong(Sizes.option(w, "count="));
                String bs = Sizes.option(w, "bs=");
                long block = bs == null || Sizes.dd(bs) == null ? 512 : Sizes.dd(bs);
                s.put("shrinks", "count");
                s.put("placeholder", "count");
                s.put("full_bytes", count * block);
                s.put("block_bytes", block);
                s.put("format", "count");
                s.put("below_one_block", "one_block");
                s.put("rule", "dd count=" + count + " (bs=" + bs + ") × scale, rounded down, at least 1");
            }
            case "iozone" -> {
                s.put("shrinks", "-s");
                s.put("placeholder", placeholder);
                s.put("full_bytes", Sizes.iozone(Sizes.option(w, "-s")));
                s.put("block_bytes", 4096);
                if (p.params.containsKey("reclen_kb")) {
                    s.put("block_param", "reclen_kb");
                    s.put("block_param_unit", 1024);
                }
                s.put("format", "iozone_size");
                s.put("below_one_block", "error");
                s.put("rule", "iozone -s " + Sizes.option(w, "-s") + " × scale, rounded down to whole records; records larger than the file are dropped, as iozone does");
            }
            case "tiotest" -> {
                s.put("shrinks", "-f");
                s.put("placeholder", placeholder);
                s.put("full_param", "file_mb");
                s.put("full_param_unit", 1 << 20);
                s.put("block_bytes", 1 << 20);
                if (p.params.containsKey("block_bytes")) {
                    s.put("block_param", "block_bytes");
                    s.put("block_param_unit", 1);
                }
                s.put("format", "mib");
                s.put("below_one_block", "one_block");
                if (p.params.containsKey("threads")) s.put("times_param", "threads");
                s.put("rule", "tiotest -f file_mb × scale in whole MiB, rounded down, at least 1");
            }
            default -> {
                return noScale();
            }
        }
        s.put("regime", regime());
        return s;
    }

    /** A command with no size option: scale cannot shrink anything, so only scale 1 runs. */
    static Map<String, Object> noScale() {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("shrinks", "nothing (the measured command has no size option)");
        s.put("placeholder", "no_size");
        s.put("full_bytes", 4096);
        s.put("block_bytes", 4096);
        s.put("format", "count");
        s.put("below_one_block", "one_block");
        s.put("rule", "the measured command has no size to shrink: only scale 1 runs");
        Map<String, Object> r = regime();
        r.put("min_scale", 1.0);
        r.put("drift", "no size option: every scale below 1 is refused");
        s.put("regime", r);
        return s;
    }
}
