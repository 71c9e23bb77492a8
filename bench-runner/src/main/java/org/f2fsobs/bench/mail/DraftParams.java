package org.f2fsobs.bench.mail;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The parameters of a draft, each with how the mail gives it: alternatives of one line ({@code make_f2fs} and
 * {@code make_f2fs -s 128}: {@code segs_per_sec}, with the figures' label {@code SEGS_PER_SEC}), a group named for a
 * value ("- w/o compression -": {@code compression=none}), a table's columns that are two values of one option (lz4 vs
 * lz4hc-9: the sides), the cases of a Test section, and the options of the measured tool the catalog exposes
 * (tiotest -t/-f/-b, iozone's record length).
 */
final class DraftParams {
    private DraftParams() {}

    private static final Pattern ALGORITHM = Pattern.compile("(?i)(lz4hc|lz4|lzo-rle|lzo|zstd)(?:[-:](\\d+))?");
    private static final List<String> MODELLED = List.of("none", "lz4", "lzo", "zstd");

    static Map<String, Object> spec(String name, String kind, Object dflt, List<Object> mail, String drives, String description) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        m.put("kind", kind);
        m.put("default", dflt);
        m.put("mail_values", mail);
        m.put("drives", drives);
        m.put("description", description);
        return m;
    }

    /** P1: lines of one mkfs command that differ only in {@code -s N} (absent = 1) become one over segs_per_sec. */
    static void alternatives(DraftBuilder.Plan p, Figures figs) {
        for (TestSection.Block b : p.test.blocks) {
            List<TestSection.TestLine> mkfs = b.lines().stream()
                    .filter(l -> DraftBuilder.word(l.text()).matches("make_f2fs|mkfs\\.f2fs")).toList();
            if (mkfs.size() < 2) continue;
            TreeSet<Long> values = new TreeSet<>();
            for (TestSection.TestLine l : mkfs) {
                String s = Sizes.option(DraftScript.words(l.text()), "-s");
                values.add(s == null ? 1L : Long.parseLong(s));
            }
            if (values.size() < 2) continue;
            TestSection.TestLine first = mkfs.get(0);
            String t = first.text();
            t = Sizes.option(DraftScript.words(t), "-s") != null ? DraftScript.replaceValue(t, "-s", "{segs_per_sec}")
                    : t.replaceFirst("^(\\S+)", "$1 -s {segs_per_sec}");
            Object dflt = largestEffect(figs, values);
            Map<String, Object> spec = spec("segs_per_sec", "power_of_two", dflt, new ArrayList<>(values), "mkfs.f2fs -s",
                    "segments (2 MiB each) per section; the mail's make_f2fs lines use " + values);
            spec.put("min", 1);
            spec.put("max", 512);
            p.params.put("segs_per_sec", spec);
            String label = figs.figures.stream().flatMap(f -> f.params().keySet().stream()).findFirst().orElse(null);
            p.derived.put("segs_per_sec", new DraftBuilder.Derived("label", label, dflt, Map.of()));
            p.firstAlternative = first;
            p.alternativeTemplate = t;
            p.alternativeCount = mkfs.size();
            p.alternativeParam = "segs_per_sec";
            p.alternativeWhy = "make_f2fs alone is -s 1" + (label != null ? "; the figures' " + label + " is its value" : "");
            for (TestSection.TestLine l : mkfs.subList(1, mkfs.size())) p.skippedAlternatives.add(l);
            return;
        }
    }

    /** The value whose before/after figures differ most (the mail's point of interest), else the largest. */
    private static Object largestEffect(Figures figs, TreeSet<Long> values) {
        Long best = values.last();
        double bestEffect = -1;
        for (Long v : values) {
            double before = avg(figs, v, Figures.Side.BEFORE), after = avg(figs, v, Figures.Side.AFTER);
            if (before > 0 && after > 0 && Math.abs(after / before - 1) > bestEffect) {
                bestEffect = Math.abs(after / before - 1);
                best = v;
            }
        }
        return best;
    }

    private static double avg(Figures figs, long v, Figures.Side side) {
        return figs.figures.stream().filter(f -> side.equals(f.side()) && f.params().values().stream().anyMatch(x -> x.equals(Long.toString(v))))
                .mapToDouble(Figures.Figure::value).average().orElse(-1);
    }

    /** "- w/o compression -": compression none for that group, f2fs's default lz4 for the others. */
    static void groups(DraftBuilder.Plan p, Figures figs, List<String> notes) {
        for (Figures.Side s : figs.sides()) {
            if (!s.kind().equals("both")) continue;
            String label = s.label().toLowerCase(java.util.Locale.ROOT);
            if (label.matches("(w/o|without) compression")) {
                Map<String, Object> spec = compression("lz4", List.of("lz4", "none"));
                p.params.put(DraftBuilder.COMPRESSION, spec);
                p.derived.put(DraftBuilder.COMPRESSION, new DraftBuilder.Derived("group", s.label(), "lz4", Map.of(s.label(), "none")));
            } else {
                notes.add("the group '" + s.label() + "' names no parameter the reader knows: its figures are listed, not compared");
            }
        }
    }

    static Map<String, Object> compression(Object dflt, List<Object> mail) {
        Map<String, Object> spec = spec(DraftBuilder.COMPRESSION, "choice", dflt, mail, "mount compress_algorithm= and the compression flag of the directory",
                "compression algorithm of the files; none = uncompressed" + (mail.contains("lz4") && !mail.stream().anyMatch(x -> String.valueOf(x).contains(":"))
                        ? " (where the mail does not name it: lz4, f2fs's default)" : ""));
        spec.put("values", MODELLED);
        Map<String, Object> unsupported = new LinkedHashMap<>();
        unsupported.put("lzo-rle", "lzo-rle is kernel-only: no user-space codec, so the engine cannot store real lzo-rle data");
        for (Object v : mail) {
            String s = String.valueOf(v);
            if (!MODELLED.contains(s) && !unsupported.containsKey(s)) {
                unsupported.put(s, s.startsWith("lz4:") ? "lz4 with a compression level is LZ4HC, which the engine's codecs (aircompressor) do not have"
                        : "a compression level is not modelled: the engine's codecs take none");
            }
        }
        spec.put("unsupported", unsupported);
        return spec;
    }

    /** A table with a column per side (lz4 | lz4hc-9): two values of the compression option, when the labels are algorithms. */
    static void columns(DraftBuilder.Plan p, Figures figs, List<String> notes) {
        for (Figures.Side s : figs.sides()) if (s.kind().equals("column") && !p.sideColumns.contains(s.label())) p.sideColumns.add(s.label());
        if (p.sideColumns.size() < 2) return;
        if (p.sideColumns.size() > 2) notes.add("the table has " + p.sideColumns.size() + " columns; the first two are the sides");
        List<Object> values = new ArrayList<>();
        for (String c : p.sideColumns.subList(0, 2)) {
            Matcher m = ALGORITHM.matcher(c);
            if (!m.matches()) {
                notes.add("the columns " + p.sideColumns + " name no option the reader can set");
                return;
            }
            String alg = m.group(1).toLowerCase(java.util.Locale.ROOT);
            if (alg.equals("lz4hc")) values.add("lz4:" + (m.group(2) == null ? "9" : m.group(2)));
            else values.add(m.group(2) == null ? alg : alg + ":" + m.group(2));
        }
        p.params.put(DraftBuilder.COMPRESSION, compression(values.get(0), values));
        p.derived.put(DraftBuilder.COMPRESSION, new DraftBuilder.Derived("sides", null, values.get(0), Map.of()));
        p.sidesParam = DraftBuilder.COMPRESSION;
        p.sidesBefore = values.get(0);
        p.sidesAfter = values.get(1);
        p.sidesWhy = "the table's columns " + p.sideColumns.subList(0, 2) + " are two values of compress_algorithm (the patch's "
                + "<algorithm>:<level> form: lz4hc-N is lz4:N)";
    }

    /** Two or more Test cases with figures after each: the parameter case selects which case's lines run. */
    static void cases(DraftBuilder.Plan p) {
        List<String> slugs = new ArrayList<>();
        for (TestSection.Block b : p.test.blocks) {
            if (b.label() == null) continue;
            String slug = DraftBuilder.slug(b.label(), 40);
            p.caseOf.put(b.index(), slug);
            slugs.add(slug);
        }
        if (slugs.size() < 2) {
            p.caseOf.clear();
            return;
        }
        Map<String, Object> spec = spec(DraftScript.CASE, "choice", slugs.get(0), new ArrayList<>(slugs), "which case's Test lines run",
                "the mail's cases, each with its own lines and figures");
        spec.put("values", slugs);
        p.params.put(DraftScript.CASE, spec);
        p.derived.put(DraftScript.CASE, new DraftBuilder.Derived("case", null, slugs.get(0), Map.of()));
    }

    /** The measured tool's options the catalog makes parameters: tiotest -t, -f, -b; an iozone -a run's record length. */
    static void toolParams(DraftBuilder.Plan p, String measured) {
        List<String> w = DraftScript.words(measured);
        if (p.tool.equals("tiotest")) {
            put(p, w, "-t", "threads", "integer", 1, 256, "tiotest -t", "concurrent threads, each with its own file");
            put(p, w, "-f", "file_mb", "integer", 1, 1024, "tiotest -f (before scale)", "MiB per thread's file (tiotest's MBYTE = 1048576)");
            put(p, w, "-b", "block_bytes", "power_of_two", 4096, 16777216, "tiotest -b", "bytes per pwrite/pread");
        } else if (p.tool.equals("iozone") && w.contains("-a") && Sizes.option(w, "-r") == null) {
            Map<String, Object> spec = spec("reclen_kb", "power_of_two", "auto", List.of("auto"),
                    "iozone -r (auto: no -r, iozone -a runs every record length 4 … 16384 KiB)", "record length in KiB; auto = the mail's run");
            spec.put("min", 4);
            spec.put("max", 16384);
            spec.put("words", List.of("auto"));
            p.params.put("reclen_kb", spec);
            p.rowParam = "reclen_kb";
        }
    }

    private static void put(DraftBuilder.Plan p, List<String> w, String opt, String name, String kind, long min, long max, String drives, String description) {
        String v = Sizes.option(w, opt);
        if (v == null || !v.matches("\\d+")) return;
        long value = Long.parseLong(v);
        Map<String, Object> spec = spec(name, kind, value, List.of(value), drives, description);
        spec.put("min", min);
        spec.put("max", max);
        p.params.put(name, spec);
        p.derived.put(name, new DraftBuilder.Derived("tool", null, value, Map.of()));
    }
}
