package org.f2fsobs.bench.script;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.f2fsobs.bench.tool.ToolInvocation;
import org.f2fsobs.bench.tool.ToolUsageException;
import org.f2fsobs.bench.tool.dd.DdDialect;
import org.f2fsobs.bench.tool.dispatch.ToolCommandLine;
import org.f2fsobs.engine.platform.Profile;

/**
 * Reads a script — the shell lines of a patch mail's Test section — into {@link ScriptLine}s, the whole script before
 * anything runs: an unknown line, or one the model cannot run as written, is a {@link ScriptException} naming the line
 * and why. Lines may carry a pasted prompt ({@code $ }, {@code # }, {@code user@host:~$ }, {@code host:/ # }); a
 * {@code # } line is a root prompt when a known command follows it, or when another {@code # } line of the paste
 * starts with one (then every {@code # } line is a command, and an unknown one is refused); otherwise it is a comment,
 * as is a {@code #} without a blank after it. Lines ending in a backslash continue on
 * the next; here-documents run to their delimiter; {@code VAR=value} and {@code export VAR=value} set variables for
 * later lines; {@code sudo} and {@code time} prefixes are taken (the model runs as root; {@code time} prints bash's
 * real/user/sys after the tool's output). Which commands exist and what they accept: {@link Commands}.
 */
public final class ScriptParser {
    private static final Pattern PROMPT = Pattern.compile(
            "^(?:\\[[^\\]]*\\]|[\\w.-]+@[\\w.-]+(?::\\S*)?|[\\w.-]+:/\\S*)\\s?[#$]\\s+");
    private static final Pattern ASSIGNMENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*=.*", Pattern.DOTALL);

    /**
     * What a script runs with.
     *
     * @param profile   the machine before the script configures it
     * @param ddDialect how dd reads its operands (the profile's userland unless the caller chose)
     * @param mkfs      --mkfs: the options of the implied format when the script has no make_f2fs line ("" = none)
     * @param mount     --mount: the options of implied mounts ("" = none)
     */
    public record Options(Profile profile, DdDialect ddDialect, String mkfs, String mount) {
        public Options {
            mkfs = mkfs == null ? "" : mkfs.trim();
            mount = mount == null ? "" : mount.trim();
        }
    }

    private final ScriptState state;
    /** The paste uses "# " as its prompt: some "# " line starts with a known command, so every "# " line is a command. */
    private boolean hashPrompt;
    private final Map<String, String> vars = new LinkedHashMap<>();
    private final Commands commands;

    private ScriptParser(Options options, boolean scriptFormats) {
        this.state = new ScriptState(options.profile(), options.mkfs(), options.mount(), scriptFormats);
        this.commands = new Commands(state, options.ddDialect());
    }

    /** Parses {@code text}; the first problem found is a {@link ScriptException}. */
    public static Script parse(String text, Options options) {
        if (text == null || text.isBlank()) throw new ScriptException(0, "", "the script is empty");
        if (text.indexOf('\0') >= 0) throw new ScriptException(lineOf(text, text.indexOf('\0')), "", "the script has a NUL byte");
        List<String> physical = new ArrayList<>(List.of(text.replace("\r\n", "\n").replace('\r', '\n').split("\n", -1)));
        boolean formats = physical.stream().anyMatch(ScriptParser::looksLikeMkfs);
        ScriptParser p = new ScriptParser(options, formats);
        if (!formats) {
            p.state.add(implied(options));
        } else if (!options.mkfs().isEmpty()) {
            throw new ScriptException(0, "--mkfs " + options.mkfs(), "--mkfs gives the options of the implied format, but the script "
                    + "formats the device itself: put the options on its make_f2fs / mkfs.f2fs line");
        }
        p.hashPrompt = physical.stream().anyMatch(l -> {
            String t = l.strip();
            return t.startsWith("# ") && Commands.isCommand(t.substring(2).strip().split("\\s+")[0]);
        });
        p.lines(physical);
        try {
            p.state.finish(new ScriptLine.Source(physical.size(), physical.get(physical.size() - 1)));
        } catch (ScriptException.Why w) {
            throw new ScriptException(physical.size(), physical.get(physical.size() - 1), w.getMessage());
        }
        if (!options.mount().isEmpty() && p.state.impliedMounts == 0) {
            throw new ScriptException(0, "--mount " + options.mount(), "--mount gives the options of implied mounts, but every mount "
                    + "of the script is its own mount line: put the options there (mount -o …)");
        }
        if (p.state.lines.stream().noneMatch(l -> l instanceof ScriptLine.Tool)) {
            throw new ScriptException(physical.size(), physical.get(physical.size() - 1), "the script runs no fio, dd, iozone or "
                    + "tiotest: there is nothing to measure");
        }
        return new Script(p.state.lines, p.state.machine, text);
    }

    /**
     * A single tool command ({@code exec -- TOOL ARGS}, {@code POST /api/runs} with a {@code command}): split as before
     * (quotes and backslashes, no expansion), on the fresh volume of an implied format and mount at "/", checked as a
     * script line is (contracts.md §6); a refusal is a {@link ToolUsageException} naming the option.
     */
    public static Script command(String command, Options options) {
        if (command == null || command.isBlank()) throw new ToolUsageException("command", "", "empty command: give fio, dd, iozone or tiotest");
        ToolInvocation inv = ToolCommandLine.parse(command, options.ddDialect());
        ScriptParser p = new ScriptParser(options, false);
        ScriptLine.Source src = new ScriptLine.Source(1, command);
        p.state.add(implied(options));
        try {
            p.commands.parse(ToolCommandLine.split(command), null, null, false, src);
        } catch (ScriptException.Why w) {
            throw new ToolUsageException(inv.tool(), command, w.getMessage());
        }
        List<ScriptLine> lines = new ArrayList<>(p.state.lines);
        lines.set(lines.size() - 1, new ScriptLine.Tool(src, command, inv, false));   // the command as given
        return new Script(lines, p.state.machine, command);
    }

    /** The implied format of a script without a make_f2fs line: --mkfs's options. */
    private static ScriptLine.Format implied(Options options) {
        try {
            return new ScriptLine.Format(new ScriptLine.Source(0, "(implied) mkfs.f2fs " + options.mkfs()),
                    Commands.mkfsOptions(options.mkfs()), options.mkfs(), true);
        } catch (ScriptException.Why w) {
            throw new ScriptException(0, "--mkfs " + options.mkfs(), w.getMessage());
        }
    }

    private static int lineOf(String text, int index) {
        return (int) text.substring(0, index).chars().filter(c -> c == '\n').count() + 1;
    }

    private static boolean looksLikeMkfs(String line) {
        String t = line.strip().replaceFirst("^(?:sudo\\s+)?", "");
        t = PROMPT.matcher(t).replaceFirst("").replaceFirst("^[#$]\\s+", "").replaceFirst("^(?:sudo\\s+)?", "");
        return t.startsWith("make_f2fs") || t.startsWith("mkfs.f2fs") || t.matches("mkfs\\s+-t\\s+f2fs\\b.*");
    }

    private void lines(List<String> physical) {
        int i = 0;
        while (i < physical.size()) {
            int number = i + 1;
            StringBuilder b = new StringBuilder(physical.get(i++));
            while (endsWithBackslash(b) && i < physical.size()) {
                b.setLength(b.length() - 1);                   // backslash-newline disappears, as in sh
                b.append(physical.get(i++));
            }
            String text = b.toString().strip();
            String cmd = stripPrompt(text, hashPrompt);
            if (cmd == null) continue;                          // blank line or comment
            List<ShellWords.Command> parsed;
            try {
                parsed = ShellWords.split(cmd, vars);
            } catch (ScriptException.Why w) {
                throw new ScriptException(number, text, w.getMessage());
            }
            for (ShellWords.Command c : parsed) {
                String body = null;
                if (c.hereDoc() != null) {
                    int[] next = {i};
                    body = hereDoc(physical, next, c.hereDoc(), number, text);
                    i = next[0];
                }
                try {
                    command(c, new ScriptLine.Source(number, text), body);
                } catch (ScriptException.Why w) {
                    throw new ScriptException(number, text, w.getMessage());
                }
            }
        }
    }

    private static boolean endsWithBackslash(CharSequence s) {
        int n = 0;
        for (int k = s.length() - 1; k >= 0 && s.charAt(k) == '\\'; k--) n++;
        return n % 2 == 1;
    }

    /**
     * The command of a line without its pasted prompt; null for a blank line or a comment. A "# " line is a root prompt
     * when the paste uses that prompt ({@code hashPrompt}) or a known command follows it, else a comment.
     */
    private static String stripPrompt(String text, boolean hashPrompt) {
        if (text.isEmpty()) return null;
        String t = PROMPT.matcher(text).replaceFirst("");
        if (t.startsWith("$ ")) t = t.substring(2).strip();
        if (t.startsWith("#")) {
            String after = t.substring(1).strip();
            String first = after.isEmpty() ? "" : after.split("\\s+")[0];
            if (!t.startsWith("# ") || (!hashPrompt && !Commands.isCommand(first))) return null;
            t = after;
        }
        return t.isEmpty() ? null : t;
    }

    private String hereDoc(List<String> physical, int[] next, ShellWords.HereDoc h, int number, String text) {
        StringBuilder body = new StringBuilder();
        while (next[0] < physical.size()) {
            String l = physical.get(next[0]++);
            if (h.stripTabs()) l = l.replaceFirst("^\t+", "");
            if (l.equals(h.delimiter())) return h.quoted() ? body.toString() : expand(body.toString(), number, text);
            body.append(l).append('\n');
        }
        throw new ScriptException(number, text, "the here-document has no closing line '" + h.delimiter() + "'");
    }

    /** An unquoted here-document's body: $NAME and ${NAME} expand; \$, \` and \\ are literal; $( and ` are refused. */
    private String expand(String body, int number, String text) {
        StringBuilder out = new StringBuilder();
        for (int k = 0; k < body.length(); k++) {
            char c = body.charAt(k);
            if (c == '\\' && k + 1 < body.length() && "$`\\".indexOf(body.charAt(k + 1)) >= 0) {
                out.append(body.charAt(++k));
            } else if (c == '`' || (c == '$' && k + 1 < body.length() && body.charAt(k + 1) == '(')) {
                throw new ScriptException(number, text, "command substitution in a here-document is not modelled");
            } else if (c == '$' && k + 1 < body.length() && (body.charAt(k + 1) == '{' || Character.isLetter(body.charAt(k + 1))
                    || body.charAt(k + 1) == '_')) {
                int end = k + 1;
                String name;
                if (body.charAt(end) == '{') {
                    int close = body.indexOf('}', end);
                    if (close < 0) throw new ScriptException(number, text, "unterminated ${ in a here-document");
                    name = body.substring(end + 1, close);
                    end = close + 1;
                } else {
                    while (end < body.length() && (Character.isLetterOrDigit(body.charAt(end)) || body.charAt(end) == '_')) end++;
                    name = body.substring(k + 1, end);
                }
                String v = vars.get(name);
                if (v == null) throw new ScriptException(number, text, "$" + name + " in the here-document is not set by an earlier line");
                out.append(v);
                k = end - 1;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private void command(ShellWords.Command c, ScriptLine.Source src, String hereBody) {
        List<String> w = new ArrayList<>(c.words());
        if (w.size() == 1 && ASSIGNMENT.matcher(w.get(0)).matches() && c.redirect() == null && c.hereDoc() == null) {
            assign(w.get(0));
            return;
        }
        if (w.get(0).equals("export")) {
            if (w.size() < 2) throw new ScriptException.Why("export without a variable");
            for (String a : w.subList(1, w.size())) {
                if (ASSIGNMENT.matcher(a).matches()) assign(a);
                else if (!vars.containsKey(a)) throw new ScriptException.Why("export " + a + ": the variable is not set (export " + a + "=value)");
                String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
                commands.environment.put(name, vars.get(name));      // fio reads ${VAR} of its job files from these
            }
            return;
        }
        if (ASSIGNMENT.matcher(w.get(0)).matches()) {
            throw new ScriptException.Why("a variable for one command (" + w.get(0) + " " + w.get(1) + " …) is not modelled: "
                    + "the tools read no environment");
        }
        boolean timed = false;
        while (!w.isEmpty() && (w.get(0).equals("sudo") || w.get(0).equals("time"))) {
            String prefix = w.remove(0);
            if (w.isEmpty()) throw new ScriptException.Why(prefix + " without a command");
            if (w.get(0).startsWith("-")) throw new ScriptException.Why(prefix + " " + w.get(0) + ": options of " + prefix + " are not modelled");
            if (prefix.equals("time")) timed = true;
        }
        commands.parse(w, c.redirect(), hereBody, timed, src);
    }

    private void assign(String word) {
        int eq = word.indexOf('=');
        String name = word.substring(0, eq);
        vars.put(name, word.substring(eq + 1));
        if (commands.environment.containsKey(name)) commands.environment.put(name, vars.get(name));
    }

    /** Whether a script line may start with {@code word} (a command the parser knows, a path to one included). */
    public static boolean isCommandWord(String word) {
        return !word.isEmpty() && Commands.isCommand(word);
    }

    /** The commands a script line may start with (for prompt detection and messages). */
    static Set<String> known() {
        return Commands.NAMES;
    }
}
