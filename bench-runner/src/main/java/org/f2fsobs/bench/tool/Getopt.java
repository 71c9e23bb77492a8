package org.f2fsobs.bench.tool;

import java.util.ArrayList;
import java.util.List;

/**
 * POSIX getopt(3) as iozone and tiotest use it: short options from an optstring ("s:" takes an argument), grouped
 * flags ({@code -ao}), attached or separate arguments ({@code -s100m}, {@code -s 100m}), {@code --} ending options.
 * Parsing stops at the first non-option (glibc would permute; neither tool takes operands).
 */
public final class Getopt {

    /** One option occurrence; {@code arg} is null for flags. */
    public record Opt(char name, String arg) {}

    private Getopt() {}

    /**
     * @param tool      the tool name, for messages
     * @param argv      arguments without the program name
     * @param optstring getopt's optstring
     * @param allowed   how to describe the accepted options in an error message
     */
    public static List<Opt> parse(String tool, List<String> argv, String optstring, String allowed) {
        List<Opt> out = new ArrayList<>();
        for (int i = 0; i < argv.size(); i++) {
            String a = argv.get(i);
            if (a.equals("--")) {
                if (i + 1 < argv.size()) throw operand(tool, argv.get(i + 1));
                break;
            }
            if (!a.startsWith("-") || a.length() == 1) throw operand(tool, a);
            for (int k = 1; k < a.length(); k++) {
                char c = a.charAt(k);
                int idx = c == ':' ? -1 : optstring.indexOf(c);
                if (idx < 0) {
                    throw new ToolUsageException(tool, "-" + c, tool + ": invalid option -- '" + c + "'; " + allowed);
                }
                boolean takesArg = idx + 1 < optstring.length() && optstring.charAt(idx + 1) == ':';
                if (!takesArg) {
                    out.add(new Opt(c, null));
                    continue;
                }
                String arg;
                if (k + 1 < a.length()) {
                    arg = a.substring(k + 1);
                } else if (i + 1 < argv.size()) {
                    arg = argv.get(++i);
                } else {
                    throw new ToolUsageException(tool, "-" + c, tool + ": option requires an argument -- '" + c + "'; "
                            + allowed);
                }
                out.add(new Opt(c, arg));
                break;
            }
        }
        return out;
    }

    private static ToolUsageException operand(String tool, String a) {
        return new ToolUsageException(tool, a, tool + ": unexpected argument '" + a + "'; " + tool
                + " takes only options");
    }
}
