package org.f2fsobs.bench.tool.dispatch;

import java.util.ArrayList;
import java.util.List;
import org.f2fsobs.bench.tool.ToolInvocation;
import org.f2fsobs.bench.tool.ToolUsageException;
import org.f2fsobs.bench.tool.dd.DdDialect;
import org.f2fsobs.bench.tool.dd.DdParser;
import org.f2fsobs.bench.tool.fio.FioParser;
import org.f2fsobs.bench.tool.iozone.IozoneParser;
import org.f2fsobs.bench.tool.tiotest.TiotestParser;

/**
 * Entry point for "run this tool command": splits a command string as a POSIX shell would (quotes and backslashes,
 * no expansion) and hands the words to the parser of the tool named by the first word ({@code fio}, {@code dd},
 * {@code iozone}, {@code tiotest}, or a path ending in one of them), then checks the paths it names
 * ({@link VolumePaths}).
 */
public final class ToolCommandLine {

    private ToolCommandLine() {}

    /** Parses {@code command}; dd commands use {@code ddDialect}'s syntax. */
    public static ToolInvocation parse(String command, DdDialect ddDialect) {
        return parse(split(command), ddDialect);
    }

    /** Parses {@code argv} (first word: the tool); dd commands use {@code ddDialect}'s syntax. */
    public static ToolInvocation parse(List<String> argv, DdDialect ddDialect) {
        return parse(argv, ddDialect, 0);
    }

    /**
     * Parses {@code argv} run from a directory {@code cwdDepth} levels below the volume root, and checks its paths
     * against contracts.md §6 ({@link VolumePaths}).
     */
    public static ToolInvocation parse(List<String> argv, DdDialect ddDialect, int cwdDepth) {
        ToolInvocation inv = parseOptions(argv, ddDialect);
        VolumePaths.check(inv, cwdDepth);
        return inv;
    }

    private static ToolInvocation parseOptions(List<String> argv, DdDialect ddDialect) {
        if (argv.isEmpty()) throw new ToolUsageException("command", "", "empty command: give fio, dd, iozone or tiotest");
        String tool = argv.get(0).substring(argv.get(0).lastIndexOf('/') + 1);
        return switch (tool) {
            case "fio" -> FioParser.parse(argv);
            case "dd" -> DdParser.parse(argv, ddDialect);
            case "iozone" -> IozoneParser.parse(argv);
            case "tiotest" -> TiotestParser.parse(argv);
            default -> throw new ToolUsageException("command", argv.get(0), "unknown tool '" + argv.get(0)
                    + "': the simulation runs fio, dd, iozone and tiotest");
        };
    }

    /** Words back into a command line that {@link #split} reads as the same words (single quotes where needed). */
    public static String join(List<String> words) {
        List<String> out = new ArrayList<>();
        for (String w : words) {
            boolean plain = !w.isEmpty() && w.chars().allMatch(c -> Character.isLetterOrDigit(c) || "._,:/=+-@%^".indexOf(c) >= 0);
            out.add(plain ? w : "'" + w.replace("'", "'\\''") + "'");
        }
        return String.join(" ", out);
    }

    /** Splits a command line into words: blanks separate, '...' and "..." quote, backslash escapes. */
    public static List<String> split(String command) {
        List<String> words = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < command.length(); i++) {
            char c = command.charAt(i);
            if (quote == '\'') {
                if (c == '\'') quote = 0;
                else cur.append(c);
            } else if (quote == '"') {
                if (c == '"') quote = 0;
                else if (c == '\\' && i + 1 < command.length() && "\"\\$`".indexOf(command.charAt(i + 1)) >= 0) {
                    cur.append(command.charAt(++i));
                } else cur.append(c);
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (c == '\\' && i + 1 < command.length()) {
                cur.append(command.charAt(++i));
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) words.add(cur.toString());
                cur.setLength(0);
                inWord = false;
            } else {
                cur.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            throw new ToolUsageException("command", command, "unterminated " + quote + " quote in command: " + command);
        }
        if (inWord) words.add(cur.toString());
        return words;
    }
}
