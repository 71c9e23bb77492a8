package org.f2fsobs.bench.mail;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.f2fsobs.bench.api.FieldError;
import org.f2fsobs.bench.scenario.ScenarioCatalog;

/**
 * A patch mail → a scenario draft (docs/mail-import.md §2): reads the metadata, the diff, the Test section and the
 * figures, decides what the two sides differ in, and writes the scenario in the catalog's file format — or refuses the
 * mail, naming everything that is missing ({@link MailImportException}).
 */
public final class DraftBuilder {
    static final String COMPRESSION = "compression";
    /** The largest paste read, in characters (the limit {@code mail_chars}). */
    public static final int MAX_CHARS = 1 << 20;

    /** How a parameter's value at a figure is known: a label on its line, its group, its case, the tool's option, the sides. */
    record Derived(String kind, String label, Object defaultValue, Map<String, Object> byGroup) {}

    /** A line the draft adds before {@code reader}: the mail reads a file no line of it writes. */
    record InferredInput(TestSection.TestLine reader, String line, String why) {}

    /** What the parts of the reader work out together; read by {@link DraftScript}, {@link DraftFigures}, {@link DraftJson}. */
    static final class Plan {
        TestSection test;
        String tool, userland, headline, rowParam;
        final List<TestSection.TestLine> measured = new ArrayList<>();
        boolean compressionSetUp;
        final Map<Integer, String> caseOf = new LinkedHashMap<>();
        final Set<TestSection.TestLine> skippedAlternatives = Collections.newSetFromMap(new IdentityHashMap<>());
        TestSection.TestLine firstAlternative;
        String alternativeTemplate, alternativeParam, alternativeWhy;
        int alternativeCount;
        InferredInput inferredInput;
        String inferredCommand, inferredReasoning;
        final Map<String, Map<String, Object>> params = new LinkedHashMap<>();
        final Map<String, Derived> derived = new LinkedHashMap<>();
        final List<String> sideColumns = new ArrayList<>();
        String sidesParam, sidesWhy;
        Object sidesBefore, sidesAfter;

        /** The point a figure was measured at: every parameter but the sides and the row, at its value there. */
        Map<String, Object> whenOf(Figures.Figure f) {
            Map<String, Object> when = new TreeMap<>();
            for (Map.Entry<String, Derived> e : derived.entrySet()) {
                String name = e.getKey();
                Derived d = e.getValue();
                if (name.equals(sidesParam) || name.equals(rowParam)) continue;
                Object v = switch (d.kind()) {
                    case "label" -> f.params().containsKey(d.label()) ? Long.parseLong(f.params().get(d.label())) : d.defaultValue();
                    case "group" -> f.side() != null && f.side().label() != null && d.byGroup().containsKey(f.side().label())
                            ? d.byGroup().get(f.side().label()) : d.defaultValue();
                    case "case" -> f.caseLabel() == null ? d.defaultValue() : slug(f.caseLabel(), 40);
                    default -> d.defaultValue();
                };
                when.put(name, v);
            }
            return when;
        }
    }

    private DraftBuilder() {}

    /** Reads {@code raw}; {@code catalog} supplies the expected mechanism of a flag's own scenario. */
    public static MailDraft build(String raw, ScenarioCatalog catalog) {
        if (raw == null || raw.isBlank()) throw new MailImportException("mail", "is empty: paste a patch mail (headers, body and diff)");
        if (raw.length() > MAX_CHARS) {
            throw new MailImportException(List.of(new FieldError("mail", raw.length() + " characters, over the limit mail_chars = " + MAX_CHARS
                    + " (a patch mail with its thread is far smaller)", FieldError.Kind.OVER_LIMIT)), "mail_chars");
        }
        if (raw.indexOf('\0') >= 0) throw new MailImportException("mail", "has a NUL byte at " + raw.indexOf('\0') + ": a mail is text");
        MailText text = MailText.of(raw);
        MailMeta meta = MailMeta.read(text);
        List<MailText.Line> primary = text.primary();
        int depth = primary.isEmpty() ? 0 : primary.get(0).depth();
        PatchDiff diff = PatchDiff.read(text, depth);
        Plan p = new Plan();
        p.test = TestSection.read(primary);
        Map<Integer, String> caseOfLine = new LinkedHashMap<>();
        for (TestSection.Block b : p.test.blocks) if (b.label() != null) caseOfLine.put(b.lines().get(0).lineIndex(), b.label());
        Figures figs = Figures.read(primary, caseOfLine);
        List<FieldError> refusals = new ArrayList<>();
        if (meta.subject() == null && diff.files().isEmpty() && p.test.lines().isEmpty()) {
            throw new MailImportException("mail", "not a patch mail: no Subject or [PATCH] line, no diff and no Test section were found");
        }
        if (figs.figures.isEmpty()) {
            refusals.add(new FieldError("figures", "the mail quotes no figures: no number with a unit (MB/s, MiB/s, KB/s, s, ms, requests), "
                    + "no dd or time output and no iozone table"));
        }
        List<String> notes = new ArrayList<>();
        DraftParams.columns(p, figs, notes);
        boolean hasBefore = figs.sides().contains(Figures.Side.BEFORE), hasAfter = figs.sides().contains(Figures.Side.AFTER);
        if (!figs.figures.isEmpty() && p.sidesParam == null && !(hasBefore && hasAfter)) {
            refusals.add(new FieldError("figures", "the figures have no two sides to compare: no before/after (w/o, w/ patch) headings, no "
                    + "Before/After columns and no arrow (A -> B)"));
        }
        measured(p, figs, diff, refusals);
        FlagChoice flag = p.sidesParam != null ? null : FlagChoice.of(diff);
        if (!refusals.isEmpty()) {
            if (flag != null && flag.flag() == null) refusals.add(new FieldError("flag", flag.problem()));
            throw new MailImportException(refusals, null);
        }
        return DraftJson.write(raw, text, meta, diff, p, figs, flag, notes, catalog);
    }

    /** Which tool line printed the figures (per case), or the inferred command, or why there is none. */
    private static void measured(Plan p, Figures figs, PatchDiff diff, List<FieldError> refusals) {
        boolean rates = figs.figures.stream().anyMatch(f -> f.unit().endsWith("/s") || f.column() != null || f.label().equals("dd"));
        boolean realTime = figs.figures.stream().anyMatch(f -> f.label().equals("real"));
        List<TestSection.TestLine> tools = p.test.lines().stream().filter(l -> tool(l.text()) != null).toList();
        if (!rates && !realTime && !figs.figures.isEmpty()) {
            refusals.add(new FieldError("command", "no measured command: the figures (" + describe(figs) + ") are not a rate a fio, dd, "
                    + "iozone or tiotest line prints" + (tools.isEmpty() ? ", and the mail has no such line" : "; the mail's "
                    + String.join(", ", tools.stream().map(t -> tool(t.text())).distinct().toList()) + " line is not what they time")
                    + ", and none can be inferred"));
            return;
        }
        DraftParams.cases(p);
        for (TestSection.Block b : p.test.blocks) {
            TestSection.TestLine last = null;
            for (TestSection.TestLine l : b.lines()) {
                if (tool(l.text()) == null) continue;
                if (realTime && !rates && !l.text().startsWith("time ")) continue;
                last = l;
            }
            if (last != null && (!p.caseOf.isEmpty() ? p.caseOf.containsKey(b.index()) : true)) {
                if (p.caseOf.isEmpty()) p.measured.clear();
                p.measured.add(last);
            }
        }
        if (!p.measured.isEmpty()) {
            p.tool = tool(p.measured.get(0).text());
        } else if (!figs.iozoneColumns.isEmpty()) {
            Inference.iozone(p, figs, diff);
        } else if (!figs.figures.isEmpty()) {
            refusals.add(new FieldError("command", "no measured command: the mail has no fio, dd, iozone or tiotest line, and its figures ("
                    + describe(figs) + ") do not say which command printed them"));
        }
    }

    private static String describe(Figures figs) {
        List<String> out = new ArrayList<>();
        for (Figures.Figure f : figs.figures) {
            String s = f.label() + " " + f.printed();
            if (!out.contains(s)) out.add(s);
            if (out.size() == 3) break;
        }
        return String.join("; ", out) + (figs.figures.size() > 3 ? "; …" : "");
    }

    /** fio, dd, iozone or tiotest when the line runs one (after sudo/time, a path allowed), else null. */
    static String tool(String line) {
        String w = word(line.replaceFirst("^(?:(?:sudo|time)\\s+)+", ""));
        w = w.substring(w.lastIndexOf('/') + 1);
        return w.matches("fio|dd|iozone|tiotest") ? w : null;
    }

    static String word(String s) {
        String t = s.strip();
        int sp = t.indexOf(' ');
        return sp < 0 ? t : t.substring(0, sp);
    }

    static String slug(String s, int max) {
        String t = s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
        if (t.length() > max) t = t.substring(0, max).replaceAll("-+[^-]*$", "");
        return t.isEmpty() ? "x" : t;
    }

    static String sha256(String raw) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(raw.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The flag whose code the diff changes, or why there is none ("no switch yet"). */
    record FlagChoice(String flag, List<String> functions, String problem) {
        static FlagChoice of(PatchDiff diff) {
            Map<String, List<String>> touched = Knowledge.flagsTouched(diff.functionNames());
            if (!touched.isEmpty()) {
                Map.Entry<String, List<String>> e = touched.entrySet().iterator().next();
                return new FlagChoice(e.getKey(), e.getValue(), null);
            }
            String fns = diff.functionNames().isEmpty() ? "none found" : String.join(", ", diff.functionNames());
            return new FlagChoice(null, diff.functionNames(), "no switch yet: the sides are the kernel before and after the patch, and no "
                    + "optimization flag switches the code it changes (functions: " + fns + "; files: "
                    + (diff.fileNames().isEmpty() ? "none" : String.join(", ", diff.fileNames())) + "). Adding the flag and its mechanism: "
                    + "docs/adding-an-optimization.md");
        }
    }
}
