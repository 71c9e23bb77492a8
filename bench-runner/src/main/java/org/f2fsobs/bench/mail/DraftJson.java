package org.f2fsobs.bench.mail;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.f2fsobs.bench.api.FieldError;
import org.f2fsobs.bench.scenario.ExpectedMechanism;
import org.f2fsobs.bench.scenario.Scenario;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.f2fsobs.bench.scenario.ScenarioFormatException;
import org.f2fsobs.bench.stats.CounterExpectation;
import org.f2fsobs.engine.platform.Profiles;

/** The draft document (docs/mail-import.md §3) and the scenario in it, checked as the runner will check it. */
final class DraftJson {
    private DraftJson() {}

    private static final Pattern SCRIPT_LINE = Pattern.compile("script line (\\d+) '(.*?)': (.*)$", Pattern.DOTALL);

    static MailDraft write(String raw, MailText text, MailMeta meta, PatchDiff diff, DraftBuilder.Plan p, Figures figs,
                           DraftBuilder.FlagChoice flag, List<String> notes, ScenarioCatalog catalog) {
        String[] profile = Knowledge.profile(clues(text, meta, p), meta.day());
        p.userland = Profiles.load(profile[0]).userland();
        DraftParams.alternatives(p, figs);
        DraftParams.groups(p, figs, notes);
        String measuredText = p.inferredCommand != null ? p.inferredCommand : p.measured.get(0).text();
        DraftParams.toolParams(p, measuredText);
        p.headline = headline(p.tool, measuredText);
        p.compressionSetUp = p.test.lines().stream().noneMatch(l -> DraftBuilder.word(l.text()).matches("make_f2fs|mkfs\\.f2fs|mkfs"))
                && (diff.fileNames().stream().anyMatch(f -> f.matches(".*/compress\\.[ch]")) || p.params.containsKey(DraftBuilder.COMPRESSION)
                || meta.topic().toLowerCase(java.util.Locale.ROOT).contains("compress"));
        p.inferredInput = Inference.input(p, figs);
        DraftScript.Result script = DraftScript.build(p);
        DraftFigures.Result refs = DraftFigures.build(p, figs, raw);
        notes.addAll(refs.notes());
        if (figs.figures.stream().anyMatch(f -> f.label().equals("real"))) {
            notes.add("the figures are bash's real time of the measured run; a run's result carries its virtual time (virtual_ns) and its "
                    + "headline is a rate, so they are listed, not compared");
        }
        String id = "mail-" + DraftBuilder.slug(meta.topic().isEmpty() ? firstWords(text) : meta.topic(), 60);
        String messageId = meta.messageId() == null ? null : meta.messageId().value();
        Map<String, Object> sc = scenario(id, raw, meta, diff, p, flag, profile, script, refs, notes, catalog, measuredText);
        List<FieldError> problems = new ArrayList<>();
        if (flag != null && flag.flag() == null) problems.add(new FieldError("flag", flag.problem()));
        List<Map<String, Object>> refused = check(sc, problems, flag != null && flag.flag() == null);
        boolean runnable = problems.isEmpty();
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("draft_version", 1);
        d.put("id", id);
        d.put("runnable", runnable);
        d.put("problems", problems.stream().map(DraftJson::error).toList());
        d.put("mail", mail(raw, text, meta));
        d.put("diff", diff(diff));
        d.put("test", test(p));
        d.put("figures", refs.figures());
        d.put("sides", sides(p, flag));
        d.put("profile", Map.of("name", profile[0], "reason", profile[1]));
        d.put("command", command(p, measuredText));
        d.put("script", script.steps().stream().map(DraftJson::step).toList());
        d.put("script_check", Map.of("accepted", refused.isEmpty(), "refused", refused));
        d.put("notes", notes);
        d.put("scenario", sc);
        return new MailDraft(id, runnable, d, sc, problems, messageId, meta.subject() == null ? null : meta.subject().value());
    }

    /** Without a subject: the first six words of the message's first prose line. */
    private static String firstWords(MailText text) {
        for (MailText.Line l : text.primary()) {
            String t = l.text().strip();
            if (t.isEmpty() || t.startsWith("From:") || !Character.isLetter(t.charAt(0))) continue;
            String[] w = t.split("\\s+");
            return String.join(" ", java.util.Arrays.asList(w).subList(0, Math.min(6, w.length)));
        }
        return "scenario";
    }

    private static String clues(MailText text, MailMeta meta, DraftBuilder.Plan p) {
        StringBuilder b = new StringBuilder();
        for (TestSection.EnvLine e : p.test.environment) b.append(e.text()).append('\n');
        for (TestSection.TestLine l : p.test.lines()) b.append(l.text()).append('\n');
        if (meta.author() != null) b.append(meta.author().value()).append('\n');
        for (MailText.Line l : text.primary()) if (l.text().startsWith("Signed-off-by:") || l.text().startsWith("From:")) b.append(l.text()).append('\n');
        return b.toString();
    }

    /** contracts.md §3 headlines: fio write_bandwidth (read for a read job), dd bandwidth, iozone write_bandwidth, tiotest read_bandwidth. */
    static String headline(String tool, String measured) {
        return switch (tool) {
            case "fio" -> {
                String rw = Sizes.option(DraftScript.words(measured), "--rw=");
                if (rw == null) rw = Sizes.option(DraftScript.words(measured), "-rw=");
                yield rw != null && rw.contains("read") && !rw.contains("rw") && !rw.contains("write") ? "read_bandwidth" : "write_bandwidth";
            }
            case "dd" -> "bandwidth";
            case "tiotest" -> "read_bandwidth";
            default -> "write_bandwidth";
        };
    }

    private static Map<String, Object> scenario(String id, String raw, MailMeta meta, PatchDiff diff, DraftBuilder.Plan p,
                                                DraftBuilder.FlagChoice flag, String[] profile, DraftScript.Result script,
                                                DraftFigures.Result refs, List<String> notes, ScenarioCatalog catalog, String measuredText) {
        LocalDate day = meta.day();
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("id", id);
        String subject = meta.subject() == null ? "(no subject)" : meta.subject().value();
        s.put("title", subject + " — from a pasted mail");
        String messageId = meta.messageId() == null ? null : meta.messageId().value();
        s.put("seed_file", messageId != null ? "mail <" + messageId + ">" : "mail sha256:" + DraftBuilder.sha256(raw).substring(0, 16));
        s.put("patch", subject + " (" + (meta.author() == null ? "author not shown" : meta.author().value()) + ", " + (day == null ? "date not shown" : day) + ")");
        s.put("tool", p.tool);
        s.put("profile", profile[0]);
        s.put("era", day == null ? "unknown (the mail shows no date): flags at their 6.14 values" : "the kernel of a mail of " + day
                + ": a flag is on when its patch was merged before (mail/flag-code.json)");
        s.put("environment", p.test.environment.isEmpty() ? "not stated in the mail"
                : String.join("; ", p.test.environment.stream().map(TestSection.EnvLine::text).toList()));
        s.put("command", measuredText);
        s.put("inferred", p.inferredCommand != null);
        if (p.inferredCommand != null) s.put("inferred_reasoning", p.inferredReasoning);
        s.put("mail_lines", p.test.lines().stream().map(TestSection.TestLine::text).toList());
        s.put("script", script.steps().stream().map(DraftScript.Step::json).toList());
        Map<String, Object> flags = new LinkedHashMap<>();
        for (Knowledge.FlagEntry f : Knowledge.FLAGS) {
            boolean studied = flag != null && f.flag().equals(flag.flag());
            flags.put(f.flag(), studied ? Scenario.STUDIED : day == null ? (f.merged() && !f.flag().equals("sec_ckpt_valid_blocks") ? "on" : "off")
                    : Knowledge.eraValue(f, day) ? "on" : "off");
        }
        if (flag != null && flag.flag() != null) s.put("flag", flag.flag());
        s.put("flags", flags);
        s.put("tunables", tunables(day));
        s.put("params", new ArrayList<>(p.params.values()));
        s.put("scale", script.scale());
        Map<String, Object> headline = new LinkedHashMap<>();
        headline.put("name", p.headline);
        headline.put("unit", "bytes/s");
        if ("iozone".equals(p.tool)) {
            headline.put("row_metric", "write_kbps");
            headline.put("row_param", "reclen_kb");
        }
        s.put("headline", headline);
        s.put("units", refs.units());
        s.put("references", refs.references());
        if (refs.table() != null) s.put("reference_table", refs.table());
        s.put("expected_mechanism", mechanism(flag, p, catalog));
        s.put("notes", notes);
        if (p.sidesParam != null) s.put("sides", Map.of("param", p.sidesParam, "before", p.sidesBefore, "after", p.sidesAfter));
        if (messageId != null) s.put("message_id", messageId);
        s.put("origin", Scenario.USER);
        return s;
    }

    private static Map<String, Object> tunables(LocalDate day) {
        Map<String, Object> t = new LinkedHashMap<>();
        boolean old = day != null && day.isBefore(LocalDate.of(2018, 9, 1));
        t.put("serialize_rule", Map.of("value", old ? "all_regular" : "should_serialize_io", "why", old
                ? "before __should_serialize_io (2018): the writepages mutex for every non-directory inode"
                : "__should_serialize_io (since 2018): compressed inodes, async writeback, or >= min_seq_blocks dirty pages"));
        t.put("min_seq_blocks", Map.of("value", 512, "why", "the default: blocks_per_seg × segs_per_sec = 512 × 1"));
        return t;
    }

    /** The expected counters of the catalog scenario that studies the same flag, on the conditions the draft can state. */
    private static List<Map<String, Object>> mechanism(DraftBuilder.FlagChoice flag, DraftBuilder.Plan p, ScenarioCatalog catalog) {
        if (flag == null || flag.flag() == null) return List.of();
        Knowledge.FlagEntry f = Knowledge.flag(flag.flag());
        Scenario s = catalog == null || f == null ? null : catalog.find(f.scenario()).orElse(null);
        if (s == null) return List.of();
        List<Map<String, Object>> out = new ArrayList<>();
        ExpectedMechanism fallback = null;
        for (ExpectedMechanism e : s.expectedMechanism()) {
            if (p.params.keySet().containsAll(e.when().keySet())) out.add(mechanism(e, e.when(), e.why() + " (from " + s.id() + ")"));
            fallback = e;
        }
        if (out.isEmpty() && fallback != null) {
            out.add(mechanism(fallback, Map.of(), fallback.why() + " (from " + s.id() + "; its condition on " + fallback.when().keySet()
                    + " dropped: the draft has no such parameter)"));
        }
        return out;
    }

    private static Map<String, Object> mechanism(ExpectedMechanism e, Map<String, ?> when, String why) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("when", when);
        m.put("why", why);
        List<Map<String, Object>> counters = new ArrayList<>();
        for (CounterExpectation c : e.counters()) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("counter", c.counter());
            x.put("direction", c.direction().label());
            if (c.direction() == CounterExpectation.Direction.UNCHANGED) x.put("tolerance", c.tolerance());
            else x.put("min_change", c.minRelativeChange());
            counters.add(x);
        }
        m.put("counters", counters);
        return m;
    }

    /**
     * Loads the scenario as the runner would; a script line the model cannot run is named and left out of a retry, so
     * that every refused line is named, not only the first.
     */
    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> check(Map<String, Object> sc, List<FieldError> problems, boolean noFlag) {
        List<Map<String, Object>> refused = new ArrayList<>();
        Map<String, Object> copy = new LinkedHashMap<>(sc);
        if (noFlag) {
            // no switch yet: the script is still checked, on a copy that studies a placeholder flag (only what the script says counts)
            String placeholder = Knowledge.FLAGS.get(0).flag();
            Map<String, Object> flags = new LinkedHashMap<>((Map<String, Object>) sc.get("flags"));
            flags.put(placeholder, Scenario.STUDIED);
            copy.put("flags", flags);
            copy.put("flag", placeholder);
        }
        List<Map<String, Object>> steps = new ArrayList<>((List<Map<String, Object>>) sc.get("script"));
        Map<String, Object> defaults = new LinkedHashMap<>();
        for (Map<String, Object> ps : (List<Map<String, Object>>) sc.get("params")) defaults.put((String) ps.get("name"), ps.get("default"));
        for (int attempt = 0; attempt < 40; attempt++) {
            copy.put("script", steps);
            try {
                ScenarioCatalog.parseUser("draft " + sc.get("id"), copy);
                break;
            } catch (ScenarioFormatException | IllegalArgumentException e) {
                Matcher m = SCRIPT_LINE.matcher(e.getMessage());
                int n = m.find() ? Integer.parseInt(m.group(1)) : -1;
                int at = n < 1 ? -1 : nthApplying(steps, defaults, n);
                if (at < 0) {
                    if (!noFlag) problems.add(new FieldError("scenario", e.getMessage()));
                    break;
                }
                Map<String, Object> r = new LinkedHashMap<>();
                r.put("line", m.group(2));
                r.put("why", m.group(3));
                refused.add(r);
                problems.add(new FieldError("script", "'" + m.group(2) + "': " + m.group(3)));
                steps.remove(at);
            }
        }
        return refused;
    }

    /** The index in {@code steps} of the n-th (1-based) step that applies at the defaults. */
    @SuppressWarnings("unchecked")
    private static int nthApplying(List<Map<String, Object>> steps, Map<String, Object> defaults, int n) {
        int k = 0;
        for (int i = 0; i < steps.size(); i++) {
            Map<String, Object> when = (Map<String, Object>) steps.get(i).getOrDefault("when", Map.of());
            boolean applies = true;
            for (Map.Entry<String, Object> e : when.entrySet()) {
                Object d = defaults.get(e.getKey());
                applies &= ((List<Object>) e.getValue()).stream().anyMatch(v -> String.valueOf(v).equals(String.valueOf(d)));
            }
            if (applies && ++k == n) return i;
        }
        return -1;
    }

    private static Map<String, Object> error(FieldError e) {
        return Map.of("field", e.field(), "message", e.message());
    }

    private static List<Integer> span(Span s) {
        return s == null ? null : List.of(s.start(), s.end());
    }

    private static Map<String, Object> part(MailMeta.Part p) {
        if (p == null) return null;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("value", p.value());
        m.put("span", span(p.span()));
        return m;
    }

    private static Map<String, Object> mail(String raw, MailText text, MailMeta meta) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("shape", text.shape.name().toLowerCase(java.util.Locale.ROOT));
        m.put("chars", raw.length());
        m.put("sha256", DraftBuilder.sha256(raw));
        m.put("subject", part(meta.subject()));
        m.put("author", part(meta.author()));
        m.put("date", part(meta.date()));
        m.put("day", meta.day() == null ? null : meta.day().toString());
        m.put("message_id", part(meta.messageId()));
        m.put("patch_version", meta.patchVersion());
        m.put("series", meta.series());
        return m;
    }

    private static Map<String, Object> diff(PatchDiff d) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("files", d.files().stream().map(f -> Map.of("name", f.name(), "span", span(f.span()))).toList());
        m.put("functions", d.functions().stream().map(f -> {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("name", f.name());
            x.put("file", f.file());
            x.put("span", span(f.span()));
            return x;
        }).toList());
        return m;
    }

    private static Map<String, Object> test(DraftBuilder.Plan p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("lines", p.test.lines().stream().map(l -> Map.of("text", l.text(), "span", span(l.span()), "known", l.known(), "block", l.block())).toList());
        List<Map<String, Object>> cases = new ArrayList<>();
        for (TestSection.Block b : p.test.blocks) if (b.label() != null) cases.add(Map.of("label", b.label(), "span", span(b.labelSpan())));
        m.put("cases", cases);
        m.put("environment", p.test.environment.stream().map(e -> Map.of("text", e.text(), "span", span(e.span()), "kind", e.kind())).toList());
        return m;
    }

    private static Map<String, Object> sides(DraftBuilder.Plan p, DraftBuilder.FlagChoice flag) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (p.sidesParam != null) {
            m.put("differ_in", "parameter");
            m.put("parameter", Map.of("name", p.sidesParam, "before", p.sidesBefore, "after", p.sidesAfter));
            m.put("why", p.sidesWhy);
            return m;
        }
        m.put("differ_in", "patch");
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("name", flag.flag());
        f.put("status", flag.flag() != null ? "existing" : "no_switch_yet");
        f.put("functions", flag.functions());
        f.put("reason", flag.flag() != null ? "the diff changes " + String.join(", ", flag.functions()) + ", which " + flag.flag() + " switches"
                : flag.problem());
        if (flag.flag() == null) f.put("see", "docs/adding-an-optimization.md");
        m.put("flag", f);
        m.put("why", "the mail's two sides are its kernel before and after the patch");
        return m;
    }

    private static Map<String, Object> command(DraftBuilder.Plan p, String measured) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("line", measured);
        m.put("inferred", p.inferredCommand != null);
        m.put("reasoning", p.inferredReasoning);
        m.put("span", p.measured.isEmpty() ? null : span(p.measured.get(0).span()));
        return m;
    }

    private static Map<String, Object> step(DraftScript.Step s) {
        Map<String, Object> m = new LinkedHashMap<>(s.json());
        m.put("from_mail", s.fromMail());
        if (s.span() != null) m.put("span", span(s.span()));
        return m;
    }
}
