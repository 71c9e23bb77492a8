package org.f2fsobs.bench.mail;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.f2fsobs.bench.script.ScriptParser;

/**
 * The Test section of a patch's message: its shell lines, as the mail writes them, in blocks (lines that follow each
 * other), each block with the label of the case it belongs to ("1) regular case"), and the lines that describe the
 * machine (device, RAM, cores, platform, kernel). A shell line is one whose first word is a command the script parser
 * knows or a common shell command it does not (those are kept, so the script check can refuse them by name); bullets,
 * prompts, a {@code Test:} prefix and surrounding double quotes are taken off; a line ending in a backslash, an open
 * quote, or a tool line followed by lines of options ({@code --size=256M …}) continues on the next lines.
 */
final class TestSection {

    /** One shell line: the command as it will be parsed, where it came from, whether the parser knows its command. */
    record TestLine(String text, Span span, boolean known, int block, int lineIndex) {}

    /** A machine line ("Android Pixel 3(ARM64, 6GB RAM, 128GB UFS)") and what it describes. */
    record EnvLine(String text, Span span, String kind) {}

    /** Lines that follow each other in the mail, and the case label above them, if any. */
    record Block(int index, String label, Span labelSpan, List<TestLine> lines) {}

    final List<Block> blocks;
    final List<EnvLine> environment;

    private TestSection(List<Block> blocks, List<EnvLine> environment) {
        this.blocks = List.copyOf(blocks);
        this.environment = List.copyOf(environment);
    }

    private static final Pattern PREFIX = Pattern.compile("^(?:(?:Test(?:case)?|Tested with|Scripts?|Command)(?: w/)?:\\s*|[-*]\\s+|\\d+[.)]\\s+|[$#]\\s+)+");
    private static final Pattern CASE = Pattern.compile("^(?:\\d+[.)]|\\[?(?:test ?case|case) ?\\d+\\]?[:.)]?)\\s*(.*?)\\s*:?$", Pattern.CASE_INSENSITIVE);
    /** Shell words the model does not run but a Test section may hold: kept as lines, refused by name later. */
    private static final Set<String> SHELL = Set.of("fsync", "reboot", "for", "while", "until", "if", "ls", "xfs_io", "blockdev", "losetup",
            "dmsetup", "nvme", "hdparm", "taskset", "numactl", "sysctl", "kill", "killall", "wait", "adb", "su", "stat", "df", "du",
            "md5sum", "sha1sum", "cmp", "fstrim", "swapon", "swapoff", "mkfs.ext4", "mke2fs", "sh", "bash", "cgcreate", "cgexec",
            "...", "lvcreate", "vgcreate", "pvcreate", "f2fs_io", "sync", "godown", "chmod", "ln", "mv", "setfattr", "getfattr");
    private static final Pattern ENV = Pattern.compile("(?i)(\\bRAM\\b|\\bcores?\\b|GHz|\\bUFS\\b|eMMC|NVMe|\\bSSD\\b|\\bHDD\\b|null_blk"
            + "|\\bSM\\d{4}|Snapdragon|Pixel|Android|\\bx86|ARM64|chipset|\\bkernel \\d|Linux \\d\\.\\d+|^device:|Tested on|platform)");

    static TestSection read(List<MailText.Line> lines) {
        List<Block> blocks = new ArrayList<>();
        List<TestLine> current = new ArrayList<>();
        String label = null;
        Span labelSpan = null;
        int lastCommand = -10;
        for (int i = 0; i < lines.size(); i++) {
            MailText.Line l = lines.get(i);
            String t = l.text().strip();
            if (t.startsWith("Signed-off-by:") || t.startsWith("diff --git") || t.equals("---")) break;
            Matcher c = CASE.matcher(t);
            if (c.matches() && !c.group(1).isEmpty() && !isCommandLike(strip(t))) {
                flush(blocks, current, label, labelSpan);
                label = c.group(1);
                labelSpan = new Span(l.textStart() + l.text().indexOf(c.group(1)), l.textStart() + l.text().indexOf(c.group(1)) + c.group(1).length());
                continue;
            }
            String cmd = strip(t);
            if (cmd.isEmpty() || !isCommandLike(cmd)) {
                if (!t.isEmpty() && i - lastCommand > 0 && !current.isEmpty() && !isCommandLike(cmd)) {
                    // a prose line ends a block only when figures or another case follow; keep going
                }
                continue;
            }
            int[] used = {i};
            String joined = join(lines, i, cmd, used);
            MailText.Line last = lines.get(used[0]);
            int from = l.textStart() + Math.max(0, l.text().indexOf(firstWord(cmd)));
            Span span = new Span(from, Math.max(from, last.textStart() + last.text().length()));
            String word = firstWord(joined.replaceFirst("^(?:sudo|time)\\s+(?:(?:sudo|time)\\s+)?", ""));
            if (i - lastCommand > 1 && !current.isEmpty() && gapHasFigures(lines, lastCommand + 1, i)) {
                flush(blocks, current, label, labelSpan);
                label = null;
                labelSpan = null;
            }
            current.add(new TestLine(joined, span, ScriptParser.isCommandWord(word), blocks.size(), l.index()));
            lastCommand = used[0];
            i = used[0];
        }
        flush(blocks, current, label, labelSpan);
        return new TestSection(blocks, environment(lines));
    }

    private static void flush(List<Block> blocks, List<TestLine> current, String label, Span span) {
        if (current.isEmpty()) return;
        int index = blocks.size();
        List<TestLine> lines = current.stream().map(t -> new TestLine(t.text(), t.span(), t.known(), index, t.lineIndex())).toList();
        blocks.add(new Block(index, label, span, lines));
        current.clear();
    }

    /** Between two shell lines, a figure (a number with a unit, a dd or time output line) splits them into blocks. */
    private static boolean gapHasFigures(List<MailText.Line> lines, int from, int to) {
        for (int k = from; k < to; k++) if (Figures.hasFigure(lines.get(k).text())) return true;
        return false;
    }

    static String strip(String t) {
        String s = PREFIX.matcher(t).replaceFirst("");
        if (s.startsWith("\"")) s = s.substring(1);
        if (s.startsWith("`")) s = s.substring(1);
        return s.strip();
    }

    static String firstWord(String s) {
        int sp = s.indexOf(' ');
        return sp < 0 ? s : s.substring(0, sp);
    }

    static boolean isCommandLike(String cmd) {
        String w = firstWord(cmd.replaceFirst("^(?:sudo|time)\\s+(?:(?:sudo|time)\\s+)?", ""));
        if (w.isEmpty()) return false;
        if (ScriptParser.isCommandWord(w)) return !(w.equals("time") || w.equals("sync") || w.equals("echo") || w.equals("cat")) || plausible(cmd);
        if (SHELL.contains(w)) return plausible(cmd);
        return w.startsWith("./") && w.length() > 2;
    }

    /** A shell line, not a sentence: no ". " and no final period or colon. */
    private static boolean plausible(String cmd) {
        return !cmd.matches(".*\\.\\s+[A-Za-z].*") && !cmd.endsWith(":") && !(cmd.endsWith(".") && !cmd.endsWith("..."))
                && cmd.length() < 400;
    }

    /** The command continued over the next lines: backslash, an unclosed quote, or option lines after a tool line. */
    private static String join(List<MailText.Line> lines, int i, String cmd, int[] used) {
        StringBuilder b = new StringBuilder(cmd);
        boolean quoted = lines.get(i).text().strip().matches("^(?:[-*]\\s+)?\".*") && count(cmd, '"') % 2 == 0;
        int j = i;
        while (j + 1 < lines.size()) {
            String next = lines.get(j + 1).text().strip();
            boolean more;
            if (b.toString().endsWith("\\")) {
                b.setLength(b.length() - 1);
                more = true;
            } else if (quoted) {
                more = true;
            } else {
                more = isTool(b.toString()) && next.startsWith("-") && !next.startsWith("- ") && !next.startsWith("---");
            }
            if (!more || next.isEmpty() && !quoted) break;
            j++;
            String add = next;
            if (quoted && add.contains("\"")) {
                add = add.substring(0, add.indexOf('"'));
                quoted = false;
                b.append(' ').append(add.strip());
                break;
            }
            b.append(' ').append(add);
        }
        used[0] = j;
        String s = b.toString().strip();
        if (s.endsWith("\"") && count(s, '"') % 2 == 1) s = s.substring(0, s.length() - 1).strip();
        return s.replaceAll("\\s+", " ");
    }

    private static boolean isTool(String cmd) {
        String w = firstWord(cmd.replaceFirst("^(?:sudo|time)\\s+", ""));
        w = w.substring(w.lastIndexOf('/') + 1);
        return w.equals("fio") || w.equals("dd") || w.equals("iozone") || w.equals("tiotest");
    }

    private static int count(String s, char c) {
        return (int) s.chars().filter(x -> x == c).count();
    }

    private static List<EnvLine> environment(List<MailText.Line> lines) {
        List<EnvLine> out = new ArrayList<>();
        for (MailText.Line l : lines) {
            String t = l.text().strip();
            if (t.startsWith("Signed-off-by:") || t.startsWith("diff --git")) break;
            if (t.isEmpty() || t.length() > 160 || isCommandLike(strip(t))) continue;
            Matcher m = ENV.matcher(t);
            if (!m.find()) continue;
            String w = m.group(1).toLowerCase();
            String kind = w.matches("ram") ? "ram" : w.matches("cores?|ghz") ? "cores"
                    : w.matches("ufs|emmc|nvme|ssd|hdd|null_blk|device:") ? "device"
                    : w.startsWith("kernel") || w.startsWith("linux") ? "kernel" : "platform";
            int a = l.textStart() + l.text().indexOf(t);
            out.add(new EnvLine(t, new Span(a, a + t.length()), kind));
        }
        return out;
    }

    /** Every shell line, in mail order. */
    List<TestLine> lines() {
        return blocks.stream().flatMap(b -> b.lines().stream()).toList();
    }
}
