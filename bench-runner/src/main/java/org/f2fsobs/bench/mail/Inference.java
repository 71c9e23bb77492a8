package org.f2fsobs.bench.mail;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the draft infers where the mail leaves it out, each with its reasoning: the iozone command of a table printed
 * without one (P3), and the input file a measured dd reads that no line of the mail writes (a corpus like enwik9).
 */
final class Inference {
    private Inference() {}

    /** Functions whose change only O_SYNC writes reach on every write: iozone then needs -o to exercise the patch. */
    private static final Set<String> SYNC_PATH = Set.of("need_do_checkpoint", "f2fs_do_sync_file", "f2fs_sync_file", "generic_write_sync");

    /** iozone's table without a command: -a with the table's file size, -i for its columns, -o when the patch is on the sync path. */
    static void iozone(DraftBuilder.Plan p, Figures figs, PatchDiff diff) {
        p.tool = "iozone";
        String fileKb = figs.figures.stream().map(f -> f.params().get("file_kb")).filter(v -> v != null).findFirst().orElse("102400");
        long kb = Long.parseLong(fileKb);
        String size = kb % 1024 == 0 ? kb / 1024 + "m" : kb + "k";
        TreeSet<Integer> tests = new TreeSet<>();
        for (String c : figs.iozoneColumns) {
            if (c.equals("write") || c.equals("rewrite")) tests.add(0);
            else if (c.equals("read") || c.equals("reread")) tests.add(1);
            else if (c.startsWith("random_")) tests.add(2);
        }
        List<String> sync = diff.functionNames().stream().filter(SYNC_PATH::contains).toList();
        TreeSet<Integer> rows = new TreeSet<>();
        for (Figures.Figure f : figs.figures) if (f.row() != null) rows.add(f.row());
        StringBuilder cmd = new StringBuilder("iozone -a");
        if (!sync.isEmpty()) cmd.append(" -o");
        cmd.append(" -s ").append(size);
        for (int t : tests) cmd.append(" -i ").append(t);
        p.inferredCommand = cmd.toString();
        List<String> why = new ArrayList<>();
        why.add("The mail prints iozone's table without the command line.");
        why.add("One file size of " + kb + " KB with record lengths " + rows.first() + " … " + rows.last()
                + " is automatic mode (-a) with -s " + size + ".");
        why.add("The columns " + String.join(", ", figs.iozoneColumns) + " are the tests -i " + String.join(" -i ", tests.stream().map(String::valueOf).toList()) + ".");
        if (!sync.isEmpty()) {
            why.add("The patch changes " + String.join(", ", sync) + ", the path of a synchronous write: iozone reaches it on every write only with "
                    + "-o (O_SYNC), so -o.");
        } else {
            why.add("No sync-path function is changed, so no -o.");
        }
        p.inferredReasoning = String.join(" ", why);
    }

    private static final Pattern RATE = Pattern.compile("([\\d.]+) ?s, ([\\d.]+) ?([kMG]B/s)");

    /** A measured dd reading a file that no earlier line writes: a line that writes one of about the size it copied. */
    static DraftBuilder.InferredInput input(DraftBuilder.Plan p, Figures figs) {
        if (!"dd".equals(p.tool) || p.measured.isEmpty()) return null;
        TestSection.TestLine m = p.measured.get(0);
        String in = Sizes.option(DraftScript.words(m.text()), "if=");
        if (in == null || in.startsWith("/dev/")) return null;
        for (TestSection.TestLine l : p.test.lines()) {
            if (l == m) break;
            if (l.text().contains("of=" + in) || l.text().matches(".*\\b(?:cp|touch|truncate|fallocate)\\b.*\\s" + Pattern.quote(in) + "(\\s.*)?")) return null;
        }
        Double bytes = null;
        for (Figures.Figure f : figs.figures) {
            if (f.bytes() != null) {
                bytes = f.bytes();
                break;
            }
            Matcher r = RATE.matcher(f.printed());
            if (r.find()) {
                double factor = r.group(3).startsWith("k") ? 1e3 : r.group(3).startsWith("M") ? 1e6 : 1e9;
                bytes = Double.parseDouble(r.group(1)) * Double.parseDouble(r.group(2)) * factor;
                break;
            }
        }
        long count;
        String how;
        if (bytes != null) {
            double rounded = Double.parseDouble(String.format(java.util.Locale.ROOT, "%.2e", bytes));
            count = Math.max(1, Math.round(rounded / 1_000_000));
            how = "its size from the mail's own figure: " + Units.plain(Math.round(bytes)) + " bytes copied, about " + count + " × 10^6";
        } else {
            count = 1024;
            how = "its size is not in the mail: 1024 × 10^6 bytes assumed";
        }
        String line = "dd if=/dev/urandom of=" + in + " bs=1000000 count=" + count;
        String why = "the mail reads " + in + ", which none of its lines writes (a file of the author's); " + how
                + ". Random bytes keep its size, not its content: a compressible file (text, enwik9) compresses, random bytes do not, so "
                + "compression ratios and the time spent compressing will differ from the mail's";
        return new DraftBuilder.InferredInput(m, line, why);
    }
}
