package org.f2fsobs.bench.script;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Splits one logical script line into simple commands as a POSIX shell would, for the part of the shell language
 * a Test section uses: blanks separate words; '…' and "…" quote; backslash escapes; {@code $NAME} and {@code ${NAME}}
 * expand variables set by earlier lines (split into words when unquoted); {@code #} starts a comment; {@code ;} and
 * {@code &&} separate commands; {@code >}, {@code >>} redirect standard output to a file; {@code <<WORD} (also
 * quoted, or {@code <<-}) starts a here-document. Everything else a shell would do — pipes, background jobs, command
 * substitution, globs, an unset variable, other redirections — is refused by name, never guessed at.
 */
final class ShellWords {
    private ShellWords() {}

    /** A simple command: its words, its output redirection (or null) and its here-document (or null). */
    record Command(List<String> words, Redirect redirect, HereDoc hereDoc) {}

    /** {@code > target} or {@code >> target}. */
    record Redirect(boolean append, String target) {}

    /** {@code <<DELIM}: the body is read from the following lines; expanded unless the delimiter was quoted. */
    record HereDoc(String delimiter, boolean quoted, boolean stripTabs) {}

    private static final class State {
        final String s;
        final Map<String, String> vars;
        int i;
        final List<Command> commands = new ArrayList<>();
        List<String> words = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean inWord;
        boolean quotedWord;
        String pendingRedirect;        // ">" or ">>" waiting for its target word
        Redirect redirect;
        String pendingHereDoc;         // "<<" or "<<-" waiting for its delimiter word
        HereDoc hereDoc;

        State(String s, Map<String, String> vars) {
            this.s = s;
            this.vars = vars;
        }
    }

    /** The commands of {@code line} with variables from {@code vars}; refusals are {@link ScriptException.Why}. */
    static List<Command> split(String line, Map<String, String> vars) {
        State st = new State(line, vars);
        while (st.i < line.length()) {
            char c = line.charAt(st.i);
            if (Character.isWhitespace(c)) {
                endWord(st);
                st.i++;
            } else if (c == '#' && !st.inWord) {
                break;                                            // a comment to the end of the line
            } else if (c == ';') {
                endCommand(st);
                st.i++;
            } else if (c == '&') {
                if (at(st, "&&")) {
                    endCommand(st);
                    st.i += 2;
                } else {
                    throw new ScriptException.Why(at(st, "&>") ? "redirecting standard error (&>) is not modelled"
                            : "a background job (&) is not modelled: lines run one after the other");
                }
            } else if (c == '|') {
                throw new ScriptException.Why(at(st, "||") ? "'||' is not modelled (a failing line stops the script)"
                        : "pipes (|) are not modelled: the tool's output is the run's output");
            } else if (c == '>') {
                redirectOut(st);
            } else if (c == '<') {
                redirectIn(st);
            } else if (c == '\'') {
                singleQuoted(st);
            } else if (c == '"') {
                doubleQuoted(st);
            } else if (c == '\\') {
                if (st.i + 1 < line.length()) st.cur.append(line.charAt(st.i + 1));
                st.inWord = true;
                st.i += 2;
            } else if (c == '$') {
                dollar(st, false);
            } else if (c == '`') {
                throw new ScriptException.Why("command substitution (`…`) is not modelled");
            } else if ((c == '*' || c == '?') ) {
                throw new ScriptException.Why("globs (" + c + ") are not expanded: name the files");
            } else if (c == '~' && !st.inWord) {
                throw new ScriptException.Why("~ (a home directory) is not on the simulated volume");
            } else {
                st.cur.append(c);
                st.inWord = true;
                st.i++;
            }
        }
        endCommand(st);
        return st.commands;
    }

    private static boolean at(State st, String op) {
        return st.s.startsWith(op, st.i);
    }

    private static void redirectOut(State st) {
        if (st.inWord && !st.quotedWord && st.cur.toString().matches("[0-9]+")) {
            throw new ScriptException.Why("redirecting file descriptor " + st.cur + " (" + st.cur + ">) is not modelled");
        }
        endWord(st);
        if (at(st, ">&")) throw new ScriptException.Why("duplicating file descriptors (>&) is not modelled");
        boolean append = at(st, ">>");
        if (st.pendingRedirect != null || st.redirect != null) throw new ScriptException.Why("more than one output redirection");
        st.pendingRedirect = append ? ">>" : ">";
        st.i += append ? 2 : 1;
    }

    private static void redirectIn(State st) {
        endWord(st);
        if (!at(st, "<<") || at(st, "<<<")) {
            throw new ScriptException.Why(at(st, "<<<") ? "here-strings (<<<) are not modelled" : "input redirection (<) is not modelled");
        }
        if (st.hereDoc != null || st.pendingHereDoc != null) throw new ScriptException.Why("more than one here-document on a line");
        boolean strip = at(st, "<<-");
        st.pendingHereDoc = strip ? "<<-" : "<<";
        st.i += strip ? 3 : 2;
    }

    private static void singleQuoted(State st) {
        int end = st.s.indexOf('\'', st.i + 1);
        if (end < 0) throw new ScriptException.Why("unterminated ' quote");
        st.cur.append(st.s, st.i + 1, end);
        st.inWord = true;
        st.quotedWord = true;
        st.i = end + 1;
    }

    private static void doubleQuoted(State st) {
        st.inWord = true;
        st.quotedWord = true;
        st.i++;
        while (true) {
            if (st.i >= st.s.length()) throw new ScriptException.Why("unterminated \" quote");
            char c = st.s.charAt(st.i);
            if (c == '"') {
                st.i++;
                return;
            }
            if (c == '\\' && st.i + 1 < st.s.length() && "\"\\$`".indexOf(st.s.charAt(st.i + 1)) >= 0) {
                st.cur.append(st.s.charAt(st.i + 1));
                st.i += 2;
            } else if (c == '$') {
                dollar(st, true);
            } else if (c == '`') {
                throw new ScriptException.Why("command substitution (`…`) is not modelled");
            } else {
                st.cur.append(c);
                st.i++;
            }
        }
    }

    /** {@code $NAME} or {@code ${NAME}}: the value of a variable an earlier line set; unquoted, split into words. */
    private static void dollar(State st, boolean quoted) {
        String s = st.s;
        int j = st.i + 1;
        String name;
        if (j < s.length() && s.charAt(j) == '{') {
            int end = s.indexOf('}', j);
            if (end < 0) throw new ScriptException.Why("unterminated ${");
            name = s.substring(j + 1, end);
            st.i = end + 1;
            if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) throw new ScriptException.Why("${" + name + "}: only plain ${NAME} expansions are modelled");
        } else {
            int k = j;
            while (k < s.length() && (Character.isLetterOrDigit(s.charAt(k)) || s.charAt(k) == '_')) k++;
            name = s.substring(j, k);
            if (name.isEmpty()) {
                if (j < s.length() && s.charAt(j) == '(') throw new ScriptException.Why("command substitution $(…) is not modelled");
                if (j >= s.length() || Character.isWhitespace(s.charAt(j)) || (quoted && s.charAt(j) == '"')) {
                    st.cur.append('$');                          // a lone $ is a literal dollar sign
                    st.inWord = true;
                    st.i = j;
                    return;
                }
                throw new ScriptException.Why("$" + s.charAt(j) + " is not modelled: only variables set by earlier lines expand");
            }
            if (Character.isDigit(name.charAt(0))) throw new ScriptException.Why("$" + name + ": positional parameters are not modelled");
            st.i = k;
        }
        String value = st.vars.get(name);
        if (value == null) throw new ScriptException.Why("$" + name + " is not set by an earlier line (VAR=value or export VAR=value)");
        if (quoted) {
            st.cur.append(value);
            st.inWord = true;
            return;
        }
        for (int k = 0; k < value.length(); k++) {              // field splitting of an unquoted expansion
            char c = value.charAt(k);
            if (Character.isWhitespace(c)) {
                endWord(st);
            } else {
                st.cur.append(c);
                st.inWord = true;
            }
        }
    }

    private static void endWord(State st) {
        if (!st.inWord) return;
        String w = st.cur.toString();
        st.cur.setLength(0);
        boolean quoted = st.quotedWord;
        st.inWord = false;
        st.quotedWord = false;
        if (st.pendingRedirect != null) {
            st.redirect = new Redirect(st.pendingRedirect.equals(">>"), w);
            st.pendingRedirect = null;
        } else if (st.pendingHereDoc != null) {
            st.hereDoc = new HereDoc(w, quoted, st.pendingHereDoc.equals("<<-"));
            st.pendingHereDoc = null;
        } else {
            st.words.add(w);
        }
    }

    private static void endCommand(State st) {
        endWord(st);
        if (st.pendingRedirect != null) throw new ScriptException.Why("'" + st.pendingRedirect + "' without a file");
        if (st.pendingHereDoc != null) throw new ScriptException.Why("'" + st.pendingHereDoc + "' without a delimiter");
        if (!st.words.isEmpty() || st.redirect != null || st.hereDoc != null) {
            if (st.words.isEmpty()) throw new ScriptException.Why("a redirection without a command");
            st.commands.add(new Command(List.copyOf(st.words), st.redirect, st.hereDoc));
        }
        st.words = new ArrayList<>();
        st.redirect = null;
        st.hereDoc = null;
    }
}
