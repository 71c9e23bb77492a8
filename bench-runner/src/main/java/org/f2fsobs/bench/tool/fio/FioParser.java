package org.f2fsobs.bench.tool.fio;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.f2fsobs.bench.tool.ToolUsageException;

/**
 * Parses fio command lines and INI job files as fio does (init.c {@code parse_cmd_line()} with
 * {@code getopt_long_only}, and {@code __parse_jobs_ini()}): options before the first {@code --name} are global,
 * {@code --name=X} starts a job ({@code --name=global} returns to the global section), {@code --opt=value} and
 * {@code --opt value} are both accepted for options that take a value, flags such as {@code --group_reporting} take
 * no separate value, and positional arguments are job files.
 */
public final class FioParser {

    private FioParser() {}

    /** Parses {@code argv} (with or without the program name first); job files are not allowed. */
    public static FioCommand parse(List<String> argv) {
        return parse(argv, file -> {
            throw new ToolUsageException("fio", file, "fio: job file '" + file + "' cannot be read here: run it with "
                    + "bench-runner exec --profile P -- fio JOBFILE, or write it in a script (cat > FILE <<EOF … EOF) "
                    + "and run fio FILE on the next line");
        });
    }

    /** Parses {@code argv}; positional arguments are job files whose text {@code jobFiles} returns. */
    public static FioCommand parse(List<String> argv, Function<String, String> jobFiles) {
        return parse(argv, jobFiles, Map.of());
    }

    /**
     * Parses {@code argv}; positional arguments are job files whose text {@code jobFiles} returns, and
     * {@code ${VAR}} in their lines is replaced from {@code env} (fio_option_dup_subs(): an unset variable becomes
     * the empty string).
     */
    public static FioCommand parse(List<String> argv, Function<String, String> jobFiles, Map<String, String> env) {
        State st = new State(env);
        List<String> files = new ArrayList<>();
        int i = argv.isEmpty() || !isProgram(argv.get(0)) ? 0 : 1;
        for (; i < argv.size(); i++) {
            String arg = argv.get(i);
            if (!arg.startsWith("-") || arg.equals("-")) {
                files.add(arg);
                continue;
            }
            String body = arg.startsWith("--") ? arg.substring(2) : arg.substring(1);
            int eq = body.indexOf('=');
            String name = eq < 0 ? body : body.substring(0, eq);
            String value = eq < 0 ? null : body.substring(eq + 1);
            if (handleFioOption(st, name, value, argv, i)) {
                if (value == null && takesValue(name)) i++;
                continue;
            }
            FioOptions.Opt o = FioOptions.find(name);
            if (o == null) throw unrecognized("'" + arg + "'", name);
            if (value == null && o.kind() == FioOptions.Kind.VALUE) {
                if (i + 1 >= argv.size()) {
                    throw new ToolUsageException("fio", arg, "fio: option '" + arg + "' requires an argument");
                }
                value = argv.get(++i);
            }
            st.option(o, value);
        }
        for (int f = 0; f < files.size(); f++) st.jobFile(files.get(f), jobFiles.apply(files.get(f)), f > 0);
        return st.finish();
    }

    /** The job files {@code argv} names (its positional arguments, as {@link #parse} reads them). */
    public static List<String> jobFileArgs(List<String> argv) {
        List<String> files = new ArrayList<>();
        int i = argv.isEmpty() || !isProgram(argv.get(0)) ? 0 : 1;
        for (; i < argv.size(); i++) {
            String arg = argv.get(i);
            if (!arg.startsWith("-") || arg.equals("-")) {
                files.add(arg);
                continue;
            }
            String body = arg.startsWith("--") ? arg.substring(2) : arg.substring(1);
            if (body.contains("=")) continue;
            FioOptions.Opt o = FioOptions.find(body);
            if (takesValue(body) || o != null && o.kind() == FioOptions.Kind.VALUE) i++;
        }
        return files;
    }

    /** Parses the text of a job file ({@code [global]} and {@code [job]} sections). */
    public static FioCommand parseJobFile(String text) {
        State st = new State(Map.of());
        st.jobFile("jobfile", text, false);
        return st.finish();
    }

    private static boolean isProgram(String s) {
        return s.equals("fio") || s.endsWith("/fio");
    }

    private static boolean takesValue(String name) {
        return name.equals("output-format") || name.equals("eta") || name.equals("eta-newline")
                || name.equals("eta-interval") || name.equals("output") || name.equals("terse-version");
    }

    /** fio's own (non-job) options, init.c l_opts[]. */
    private static boolean handleFioOption(State st, String name, String value, List<String> argv, int i) {
        switch (name) {
            case "output-format" -> {
                String v = value != null ? value : next(argv, i, "--output-format");
                st.format = switch (v) {
                    case "normal" -> FioOutputFormat.NORMAL;
                    case "json" -> FioOutputFormat.JSON;
                    case "json+" -> FioOutputFormat.JSON_PLUS;
                    case "terse" -> FioOutputFormat.TERSE;
                    default -> throw new ToolUsageException("fio", "--output-format=" + v, "fio: invalid output format " + v
                            + "; allowed: normal, json, json+, terse (one of them: lists such as normal,json are not simulated)");
                };
                return true;
            }
            case "minimal" -> {
                st.format = FioOutputFormat.TERSE;
                return true;
            }
            case "terse-version" -> {
                String v = value != null ? value : next(argv, i, "--terse-version");
                if (!v.equals("3")) {
                    throw new ToolUsageException("fio", "--terse-version=" + v, "fio: --terse-version=" + v
                            + " is not simulated: the simulation writes fio's default terse version 3");
                }
                return true;
            }
            case "output" -> {
                String v = value != null ? value : next(argv, i, "--output");
                if (v.isBlank()) throw new ToolUsageException("fio", "--output=", "fio: --output needs a file name");
                st.outputFile = v;
                return true;
            }
            case "eta", "eta-newline", "eta-interval" -> {
                if (value == null) next(argv, i, "--" + name);
                return true; // the simulation prints no ETA lines, as fio does when stdout is not a terminal
            }
            case "append-terse", "section", "server", "client", "daemonize",
                 "parse-only", "status-interval", "bandwidth-log", "version", "help", "cmdhelp",
                 "enghelp", "showcmd", "readonly", "alloc-size", "max-jobs", "crctest", "debug", "idle-prof",
                 "inflate-log", "trigger-file", "trigger-timeout", "trigger", "trigger-remote", "aux-path",
                 "merge-blktrace-only", "warnings-fatal", "remote-config", "latency-log" ->
                    throw new ToolUsageException("fio", "--" + name, "fio: option '--" + name
                            + "' is not supported by the simulation (it runs jobs and prints their report)");
            default -> {
                return false;
            }
        }
    }

    private static String next(List<String> argv, int i, String opt) {
        if (i + 1 >= argv.size()) throw new ToolUsageException("fio", opt, "fio: option '" + opt + "' requires an argument");
        return argv.get(i + 1);
    }

    static ToolUsageException unrecognized(String shown, String name) {
        String hint = FioOptions.closest(name);
        return new ToolUsageException("fio", shown.replace("'", ""), "fio: unrecognized option " + shown
                + (hint != null ? " (did you mean '" + hint + "'?)" : "")
                + "; docs/tools.md lists the fio options the simulation takes");
    }

    /** Sections being built: the global one and the current job. */
    private static final class State {
        final FioJob.Builder global = new FioJob.Builder();
        final Map<String, String> env;
        FioJob.Builder job;
        final List<FioJob> jobs = new ArrayList<>();
        FioOutputFormat format = FioOutputFormat.NORMAL;
        String outputFile;
        int group;
        boolean any;

        State(Map<String, String> env) {
            this.env = env;
        }

        void option(FioOptions.Opt o, String value) {
            if (o.name().equals("name")) {
                if (value.isBlank()) {
                    throw new ToolUsageException("fio", "--name=", "fio: --name needs a job name (--name=NAME)");
                }
                endJob();
                if (value.equals("global")) return; // parse_cmd_line(): --name=global selects the global section
                job = global.inherit();
            }
            FioOptions.apply(job != null ? job : global, o, value);
        }

        /** init.c add_job(): a stonewall or new_group job starts the next reporting group (after the first job). */
        void add(FioJob.Builder b) {
            if (any && (b.stonewall || b.newGroup)) group++;
            any = true;
            b.groupId = group;
            jobs.add(b.build());
        }

        void endJob() {
            if (job != null) add(job);
            job = null;
        }

        /** init.c __parse_jobs_ini(): a later job file's first job is stonewalled behind the earlier files' jobs. */
        void jobFile(String file, String text, boolean stonewallFirst) {
            endJob();
            String section = null;
            FioJob.Builder current = null;
            boolean stonewall = stonewallFirst;
            int lineNo = 0;
            for (String raw : text.split("\n", -1)) {
                lineNo++;
                String line = stripComment(raw).strip();   // strip_blank_end(): everything from ';' or '#' on goes
                if (line.isEmpty()) continue;
                if (line.startsWith("[")) {
                    if (!line.endsWith("]") || line.length() < 3) {
                        throw new ToolUsageException("fio", line, "fio: " + file + ":" + lineNo
                                + ": bad section header '" + line + "'; expected [name]");
                    }
                    if (current != null && current != global) add(current);
                    section = line.substring(1, line.length() - 1).strip();
                    current = section.startsWith("global") ? global : global.inherit();
                    if (current != global) {
                        current.name = section;
                        if (stonewall) current.stonewall = current.newGroup = true;
                        stonewall = false;
                    }
                    continue;
                }
                if (line.equals("include") || line.startsWith("include ")) {
                    throw new ToolUsageException("fio", "include", "fio: " + file + ":" + lineNo + ": '" + line
                            + "': include is not supported by the simulation: put the included options into the job file");
                }
                if (current == null) {
                    throw new ToolUsageException("fio", line, "fio: " + file + ":" + lineNo + ": option <" + line
                            + "> outside of [] job section");
                }
                String unset = unsetVariable(line);
                line = substitute(line);
                int eq = line.indexOf('=');
                String name = (eq < 0 ? line : line.substring(0, eq)).strip();
                String value = eq < 0 ? null : line.substring(eq + 1).strip();
                FioOptions.Opt o = FioOptions.find(name);
                if (o == null) throw unrecognized("'" + name + "' in [" + section + "]", name);
                try {
                    FioOptions.apply(current, o, value);
                } catch (ToolUsageException e) {
                    if (unset == null) throw e;
                    throw new ToolUsageException("fio", e.offending(), e.getMessage() + " (" + file + ":" + lineNo + ": ${"
                            + unset + "} is not set: a job file's variables are the script's exported ones, `export "
                            + unset + "=...` before the fio line)");
                }
            }
            if (current != null && current != global) add(current);
        }

        private static String stripComment(String line) {
            int cut = line.length();
            int semi = line.indexOf(';'), hash = line.indexOf('#');
            if (semi >= 0) cut = semi;
            if (hash >= 0) cut = Math.min(cut, hash);
            return line.substring(0, cut);
        }

        /** The first ${VAR} of {@code line} the environment lacks, or null. */
        private String unsetVariable(String line) {
            for (int i = line.indexOf("${"); i >= 0; i = line.indexOf("${", i + 2)) {
                int end = line.indexOf('}', i);
                if (end > i + 2 && !env.containsKey(line.substring(i + 2, end))) return line.substring(i + 2, end);
            }
            return null;
        }

        /** fio_option_dup_subs(): ${VAR} from the environment, the empty string when unset. */
        private String substitute(String line) {
            StringBuilder out = new StringBuilder();
            int i = 0;
            while (i < line.length()) {
                int end;
                if (line.startsWith("${", i) && (end = line.indexOf('}', i)) > i + 2) {
                    out.append(env.getOrDefault(line.substring(i + 2, end), ""));
                    i = end + 1;
                } else {
                    out.append(line.charAt(i++));
                }
            }
            return out.toString();
        }

        FioCommand finish() {
            endJob();
            if (jobs.isEmpty()) {
                throw new ToolUsageException("fio", "--name", "fio: no job(s) defined: start a job with --name=NAME "
                        + "or a [job] section");
            }
            return new FioCommand(global.jobOptions, jobs, format, outputFile);
        }
    }
}
