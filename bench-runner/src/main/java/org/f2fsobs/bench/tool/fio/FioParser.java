package org.f2fsobs.bench.tool.fio;

import java.util.ArrayList;
import java.util.List;
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
            throw new ToolUsageException("fio", file, "fio: job file '" + file
                    + "' cannot be read here; pass its text to FioParser.parseJobFile or give the job as --options");
        });
    }

    /** Parses {@code argv}; positional arguments are job files whose text {@code jobFiles} returns. */
    public static FioCommand parse(List<String> argv, Function<String, String> jobFiles) {
        State st = new State();
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
        for (String f : files) st.jobFile(f, jobFiles.apply(f));
        return st.finish();
    }

    /** Parses the text of a job file ({@code [global]} and {@code [job]} sections). */
    public static FioCommand parseJobFile(String text) {
        State st = new State();
        st.jobFile("jobfile", text);
        return st.finish();
    }

    private static boolean isProgram(String s) {
        return s.equals("fio") || s.endsWith("/fio");
    }

    private static boolean takesValue(String name) {
        return name.equals("output-format") || name.equals("eta") || name.equals("eta-newline")
                || name.equals("eta-interval");
    }

    /** fio's own (non-job) options: only those that do not change what is printed are accepted. */
    private static boolean handleFioOption(State st, String name, String value, List<String> argv, int i) {
        switch (name) {
            case "output-format" -> {
                String v = value != null ? value : next(argv, i, "--output-format");
                st.format = switch (v) {
                    case "normal" -> FioOutputFormat.NORMAL;
                    case "json" -> FioOutputFormat.JSON;
                    case "json+", "terse" -> throw new ToolUsageException("fio", "--output-format=" + v,
                            "fio: --output-format=" + v + " is not supported by the simulation; use normal or json");
                    default -> throw new ToolUsageException("fio", "--output-format=" + v,
                            "fio: invalid output format " + v + "; allowed: normal, json");
                };
                return true;
            }
            case "eta", "eta-newline", "eta-interval" -> {
                if (value == null) next(argv, i, "--" + name);
                return true; // the simulation prints no ETA lines, as fio does when stdout is not a terminal
            }
            case "output", "minimal", "append-terse", "terse-version", "section", "server", "client", "daemonize",
                 "parse-only", "status-interval", "bandwidth-log", "write_bw_log", "version", "help", "cmdhelp",
                 "enghelp", "showcmd", "readonly", "alloc-size", "max-jobs", "crctest", "debug", "idle-prof",
                 "inflate-log", "trigger-file", "trigger-timeout", "trigger", "trigger-remote", "aux-path",
                 "merge-blktrace-only", "warnings-fatal", "remote-config", "latency-log" ->
                    throw new ToolUsageException("fio", "--" + name, "fio: option '--" + name
                            + "' is not supported by the simulation (its output goes to the run result)");
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
                + "; the simulation supports fio's job options name, filename, directory, size, offset, bs, rw, "
                + "rwmixread, rwmixwrite, ioengine, iodepth, numjobs, direct, buffered, fsync, fdatasync, end_fsync, "
                + "runtime, time_based, loops, startdelay, group_reporting, randrepeat, randseed, refill_buffers, "
                + "scramble_buffers, zero_buffers, thread, create_on_open, kb_base");
    }

    /** Sections being built: the global one and the current job. */
    private static final class State {
        final FioJob.Builder global = new FioJob.Builder();
        FioJob.Builder job;
        final List<FioJob> jobs = new ArrayList<>();
        FioOutputFormat format = FioOutputFormat.NORMAL;

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

        void endJob() {
            if (job != null) jobs.add(job.build());
            job = null;
        }

        void jobFile(String file, String text) {
            endJob();
            String section = null;
            FioJob.Builder current = null;
            int lineNo = 0;
            for (String raw : text.split("\n", -1)) {
                lineNo++;
                String line = raw.strip();
                if (line.isEmpty() || line.startsWith(";") || line.startsWith("#")) continue;
                if (line.startsWith("[")) {
                    if (!line.endsWith("]") || line.length() < 3) {
                        throw new ToolUsageException("fio", line, "fio: " + file + ":" + lineNo
                                + ": bad section header '" + line + "'; expected [name]");
                    }
                    if (current != null && current != global) jobs.add(current.build());
                    section = line.substring(1, line.length() - 1).strip();
                    current = section.equals("global") ? global : global.inherit();
                    if (current != global) current.name = section;
                    continue;
                }
                if (current == null) {
                    throw new ToolUsageException("fio", line, "fio: " + file + ":" + lineNo + ": option '" + line
                            + "' outside of [] job section");
                }
                int eq = line.indexOf('=');
                String name = (eq < 0 ? line : line.substring(0, eq)).strip();
                String value = eq < 0 ? null : line.substring(eq + 1).strip();
                FioOptions.Opt o = FioOptions.find(name);
                if (o == null) throw unrecognized("'" + name + "' in [" + section + "]", name);
                FioOptions.apply(current, o, value);
            }
            if (current != null && current != global) jobs.add(current.build());
        }

        FioCommand finish() {
            endJob();
            if (jobs.isEmpty()) {
                throw new ToolUsageException("fio", "--name", "fio: no job(s) defined: start a job with --name=NAME "
                        + "or a [job] section");
            }
            return new FioCommand(global.jobOptions, jobs, format);
        }
    }
}
