package org.f2fsobs.bench.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.CrashReport;
import org.f2fsobs.bench.api.ExecPlan;
import org.f2fsobs.bench.api.ExecSpec;
import org.f2fsobs.bench.api.FieldError;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.matrix.MatrixExpansion;
import org.f2fsobs.bench.matrix.MatrixLimits;
import org.f2fsobs.bench.matrix.MatrixRequest;
import org.f2fsobs.bench.matrix.ParamValues;
import org.f2fsobs.bench.runner.EngineCellRunner;
import org.f2fsobs.bench.runner.EngineCrashChecker;
import org.f2fsobs.bench.runner.MatrixRunner;
import org.f2fsobs.bench.scenario.CatalogJson;
import org.f2fsobs.bench.scenario.Scenario;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.f2fsobs.bench.scenario.ScenarioCommand;
import org.f2fsobs.bench.tool.ToolUsageException;
import org.f2fsobs.engine.platform.Profile;
import org.f2fsobs.engine.platform.Profiles;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The bench-runner command line (contracts.md §2). Exit 0 on success, 2 on bad usage or input (a message naming
 * the problem on stderr, never a stack trace), 1 on an internal failure. Progress goes to stderr; with
 * {@code --format json} stdout carries one JSON document and nothing else.
 */
@Command(name = "bench-runner", mixinStandardHelpOptions = true, version = "bench-runner 0.1.0",
        description = "Runs the F2FS patch-mail benchmarks on the deterministic F2FS model.",
        subcommands = {BenchRunnerCli.Scenarios.class, BenchRunnerCli.ProfilesCmd.class, BenchRunnerCli.Run.class,
                BenchRunnerCli.Matrix.class, BenchRunnerCli.Exec.class, BenchRunnerCli.Crash.class,
                BenchRunnerCli.Report.class, ToolsDocCommand.class, ImportMail.class})
public final class BenchRunnerCli implements Callable<Integer> {

    /** Bad input: exit 2 with this message. */
    static final class UsageError extends RuntimeException {
        UsageError(String message) {
            super(message);
        }
    }

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return 0;
    }

    public static void main(String[] args) {
        System.exit(run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
    }

    /** Runs the CLI with the given streams; returns the exit code. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cl = new CommandLine(new BenchRunnerCli());
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((ex, a) -> {
            err.println("bench-runner: " + ex.getMessage());
            return 2;
        });
        cl.setExecutionExceptionHandler((ex, c, parsed) -> {
            Throwable e = ex;
            if (e instanceof UsageError || e instanceof ToolUsageException || e.getClass().getSimpleName().equals("RunInputException")
                    || e instanceof java.util.NoSuchElementException || e instanceof org.f2fsobs.engine.platform.ProfileException
                    || e instanceof org.f2fsobs.bench.scenario.ScenarioCommand.ScaleException
                    || e instanceof org.f2fsobs.bench.script.ScriptException
                    || e instanceof org.f2fsobs.bench.mail.MailImportException) {
                err.println("bench-runner: " + e.getMessage());
                return 2;
            }
            if (e instanceof CancellationToken.CancelledException) {
                err.println("bench-runner: cancelled");
                return 1;
            }
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof OutOfMemoryError) return outOfMemory(err);
            }
            err.println("bench-runner: internal error: " + e);
            return 1;
        });
        try {
            return cl.execute(args);
        } catch (OutOfMemoryError e) {     // picocli passes Errors through; the run's objects are unreachable by now
            return outOfMemory(err);
        }
    }

    private static int outOfMemory(PrintWriter err) {
        err.println("bench-runner: out of memory (max heap " + (Runtime.getRuntime().maxMemory() >> 20)
                + " MiB): give the JVM more, e.g. java -Xmx3g -jar bench-runner.jar ...");
        return 1;
    }

    static ScenarioCatalog catalog() {
        return ScenarioCatalog.load();
    }

    static void checkFormat(String format, String... allowed) {
        if (!List.of(allowed).contains(format)) throw new UsageError("--format must be one of " + List.of(allowed) + ", got '" + format + "'");
    }

    /** Progress on stderr, one line per whole 10 % per phase. */
    static ProgressListener stderrProgress(PrintWriter err) {
        int[] last = {-1};
        String[] phase = {""};
        return (p, f) -> {
            int pct = (int) (f * 10) * 10;
            if (!p.equals(phase[0])) {
                phase[0] = p;
                last[0] = -1;
            }
            if (pct != last[0]) {
                last[0] = pct;
                err.println("[" + p + "] " + pct + "%");
                err.flush();
            }
        };
    }

    static Map<String, Boolean> parseOpts(List<String> opts) {
        Map<String, Boolean> m = new TreeMap<>();
        for (String o : opts) {
            int eq = o.indexOf('=');
            if (eq <= 0) throw new UsageError("--opt needs FLAG=on|off, got '" + o + "'");
            String v = o.substring(eq + 1);
            if (!v.equals("on") && !v.equals("off")) throw new UsageError("--opt " + o.substring(0, eq) + " must be on or off, got '" + v + "'");
            m.put(o.substring(0, eq), v.equals("on"));
        }
        return m;
    }

    static Map<String, Object> parseSets(List<String> sets) {
        Map<String, Object> m = new TreeMap<>();
        for (String s : sets) {
            int eq = s.indexOf('=');
            if (eq <= 0) throw new UsageError("--set needs KEY=VALUE, got '" + s + "'");
            m.put(s.substring(0, eq), ParamValues.parse(s.substring(eq + 1)));
        }
        return m;
    }

    /** {@code --profile-set KEY=VALUE}: a profile constant (dotted key, as {@code profiles --format json} names it) → integer. */
    static Map<String, Long> parseProfileSets(List<String> sets) {
        Map<String, Long> m = new TreeMap<>();
        for (String s : sets) {
            int eq = s.indexOf('=');
            if (eq <= 0) throw new UsageError("--profile-set needs KEY=VALUE, got '" + s + "'");
            try {
                m.put(s.substring(0, eq), Long.parseLong(s.substring(eq + 1).trim()));
            } catch (NumberFormatException e) {
                throw new UsageError("--profile-set " + s.substring(0, eq) + ": the value must be an integer in the constant's"
                        + " unit (profiles keep integers: ps, ns, bytes), got '" + s.substring(eq + 1) + "'");
            }
        }
        return m;
    }

    static String errors(List<FieldError> errors) {
        StringBuilder b = new StringBuilder();
        for (FieldError e : errors) b.append(b.isEmpty() ? "" : "; ").append(e.field()).append(": ").append(e.message());
        return b.toString();
    }

    // ------------------------------------------------------------------ scenarios

    @Command(name = "scenarios", mixinStandardHelpOptions = true, description = "Lists the scenarios of the catalog.")
    static final class Scenarios implements Callable<Integer> {
        @Option(names = "--format", defaultValue = "text", description = "text or json")
        String format;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            checkFormat(format, "text", "json");
            PrintWriter out = spec.commandLine().getOut();
            ScenarioCatalog c = catalog();
            if (format.equals("json")) {
                out.println(CatalogJson.write(c));
                return 0;
            }
            for (Scenario s : c.list()) {
                out.printf("%-26s %-7s %-25s %s%n", s.id(), s.tool(), s.flag(), s.title());
            }
            return 0;
        }
    }

    // ------------------------------------------------------------------ profiles

    @Command(name = "profiles", mixinStandardHelpOptions = true, description = "Lists the machine profiles with their constants and sources.")
    static final class ProfilesCmd implements Callable<Integer> {
        @Option(names = "--format", defaultValue = "text", description = "text or json")
        String format;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            checkFormat(format, "text", "json");
            PrintWriter out = spec.commandLine().getOut();
            List<Map<String, Object>> all = new ArrayList<>();
            for (Profile p : Profiles.all()) {
                if (format.equals("text")) {
                    out.printf("%-22s %s%n", p.name(), p.title());
                    continue;
                }
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("name", p.name());
                m.put("title", p.title());
                m.put("description", p.description());
                Map<String, Object> consts = new LinkedHashMap<>();
                p.constants().forEach((k, v) -> consts.put(k, constant(v)));
                m.put("constants", consts);
                all.add(m);
            }
            if (format.equals("json")) out.println(ResultJson.write(all));
            return 0;
        }

        /** contracts.md §6: value, low, high, source, low_source, high_source, assumption, basis; candidates and rule where picked. */
        static Map<String, Object> constant(org.f2fsobs.engine.platform.Sourced v) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("value", v.value());
            var r = v.range();
            if (r != null) {
                c.put("low", r.low());
                c.put("high", r.high());
            }
            c.put("source", v.source());
            if (r == null) return c;
            c.put("low_source", r.lowSource());
            c.put("high_source", r.highSource());
            c.put("assumption", r.assumption());
            c.put("basis", r.basis());
            if (r.pick() != null) {
                c.put("candidates", r.pick().candidates());
                c.put("candidate_sources", r.pick().candidateSources());
                c.put("rule", r.pick().rule());
            }
            return c;
        }
    }

    // ------------------------------------------------------------------ run

    @Command(name = "run", mixinStandardHelpOptions = true, description = "Runs one scenario cell and prints what the tool prints (or the result JSON).")
    static final class Run implements Callable<Integer> {
        @Parameters(index = "0", description = "scenario id")
        String scenario;

        @Option(names = "--opt", description = "FLAG=on|off") List<String> opts = new ArrayList<>();
        @Option(names = "--set", description = "KEY=VALUE") List<String> sets = new ArrayList<>();
        @Option(names = "--seed", defaultValue = "1") long seed;
        @Option(names = "--profile") String profile;
        @Option(names = "--profile-set", description = "KEY=VALUE: run with this profile constant overridden (reproduces a band cell)")
        List<String> profileSets = new ArrayList<>();
        @Option(names = "--format", defaultValue = "text") String format;
        @CommandLine.Mixin LimitOptions limitOptions = new LimitOptions();

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            checkFormat(format, "text", "json");
            ScenarioCatalog c = catalog();
            Map<String, Long> overrides = parseProfileSets(profileSets);
            var v = c.validateRun(scenario, parseOpts(opts), parseSets(sets), seed, profile);
            if (!v.ok()) throw new UsageError(errors(v.errors()));
            LimitOptions.refuse(ScenarioCommand.checkDataLimit(limitOptions.limits(), c.get(scenario), v.cell()));
            CellSpec cell = v.cell().withProfileOverrides(overrides);
            if (!overrides.isEmpty()) Profiles.load(cell.profile() != null ? cell.profile() : c.get(scenario).profile(), overrides);
            PrintWriter err = spec.commandLine().getErr();
            RunResult r = new EngineCellRunner(c).run(cell, stderrProgress(err), CancellationToken.NONE);
            PrintWriter out = spec.commandLine().getOut();
            if (format.equals("json")) out.println(ResultJson.write(r));
            else out.print(r.toolOutput());
            if (r.scaleRegime() != null && r.scaleRegime().get("note") != null) {    // beside the tool's own output, on stderr
                err.println("bench-runner: note: " + r.scaleRegime().get("note"));
            }
            out.flush();
            return 0;
        }
    }

    // ------------------------------------------------------------------ crash

    @Command(name = "crash", mixinStandardHelpOptions = true,
            description = {"Cuts the power at every flush/FUA boundary of a scenario's command, at seeded points between them and",
                    "where each promise returned, remounts with recovery, runs fsck and checks every fsync/O_SYNC promise by",
                    "write identity and by bytes. Verdicts: safe, data_lost, inconsistent, insufficient_coverage (a kind of",
                    "point cut fewer than min(3, its points) times). A failure is bisected to the smallest failing point (up to",
                    "log2(points) more checks), which the reproduce line names. Exits 0 whatever the verdict."})
    static final class Crash implements Callable<Integer> {
        static final int DEFAULT_MAX_POINTS = 200;

        @Parameters(index = "0", description = "scenario id")
        String scenario;

        @Option(names = "--opt", description = "FLAG=on|off") List<String> opts = new ArrayList<>();
        @Option(names = "--set", description = "KEY=VALUE") List<String> sets = new ArrayList<>();
        @Option(names = "--seed", defaultValue = "1") long seed;
        @Option(names = "--profile") String profile;
        @Option(names = "--point", description = "check only this crash point") Integer point;
        @Option(names = "--max-points", description = "check at most N points: each kind's required cuts, then evenly spread (default "
                + DEFAULT_MAX_POINTS + ")")
        Integer maxPoints;
        @Option(names = "--format", defaultValue = "text") String format;
        @CommandLine.Mixin LimitOptions limitOptions = new LimitOptions();

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            checkFormat(format, "text", "json");
            ScenarioCatalog c = catalog();
            var v = c.validateRunAtAnyScale(scenario, parseOpts(opts), parseSets(sets), seed, profile);
            if (!v.ok()) throw new UsageError(errors(v.errors()));
            if (maxPoints != null && maxPoints < 1) throw new UsageError("--max-points must be at least 1, got " + maxPoints);
            var lim = limitOptions.limits();
            LimitOptions.refuse(ScenarioCommand.checkDataLimit(lim, c.get(scenario), v.cell()));
            if (maxPoints != null) LimitOptions.refuse(lim.checkCrashPoints(maxPoints));
            PrintWriter err = spec.commandLine().getErr();
            Integer max = point != null ? null : maxPoints != null ? maxPoints : Integer.valueOf(DEFAULT_MAX_POINTS);
            CrashReport r = new EngineCrashChecker(c).run(v.cell(), point, max, stderrProgress(err), CancellationToken.NONE);
            PrintWriter out = spec.commandLine().getOut();
            if (format.equals("json")) {
                out.println(ResultJson.write(r));
            } else {
                out.println("verdict: " + r.verdict());
                out.println("crash points: " + r.crashPoints() + ", checked: " + r.checked());
                out.println("coverage (checked / required): " + coverageLine(r));
                for (CrashReport.Failure f : r.failures()) {
                    out.println("point " + f.point() + " [" + f.kind() + "]: " + f.what());
                    if (f.lost() != null) {
                        CrashReport.Lost l = f.lost();
                        out.println("  lost: " + l.file() + " bytes " + l.offset() + "+" + l.length() + ", promised by " + l.promise()
                                + " (" + (l.promisedGeneration() == 0 ? "a hole" : "write #" + l.promisedGeneration()) + "), found "
                                + (l.foundGeneration() == 0 ? "no write" : "write #" + l.foundGeneration())
                                + (l.byIdentity() ? "" : " with other bytes"));
                    }
                }
                if (r.smallestFailingPoint() != null) out.println("smallest failing point: " + r.smallestFailingPoint());
                if (r.recovery() != null) {
                    CrashReport.Recovery rc = r.recovery();
                    out.println("recovery over " + rc.mounts() + " mounts (median / max): mount " + rc.mountNs().median() / 1000 + " / "
                            + rc.mountNs().max() / 1000 + " us, dnodes replayed " + rc.dnodesReplayed().median() + " / "
                            + rc.dnodesReplayed().max() + ", blocks recovered " + rc.blocksRecovered().median() + " / "
                            + rc.blocksRecovered().max() + ", read requests " + rc.readRequests().median() + " / "
                            + rc.readRequests().max() + " (" + metaReadsLine(rc) + ")");
                }
                out.println("reproduce: " + r.reproduce());
            }
            out.flush();
            return 0;
        }
    }

    /** "metadata blocks read cp 4 / 4, sit 2 / 2, …, por 769 / 1024": by type, median / max over the mounts. */
    private static String metaReadsLine(CrashReport.Recovery rc) {
        java.util.StringJoiner j = new java.util.StringJoiner(", ", "metadata blocks read ", "");
        rc.metaReadsByType().forEach((k, s) -> j.add(k + " " + s.median() + " / " + s.max()));
        return j.toString();
    }

    private static String coverageLine(CrashReport r) {
        StringBuilder b = new StringBuilder();
        r.coverage().forEach((k, n) -> b.append(b.isEmpty() ? "" : ", ").append(k).append(' ').append(n).append('/')
                .append(r.coverageRequired().get(k)));
        if (!r.coverageMissing().isEmpty()) b.append(" — too few cuts: ").append(String.join(", ", r.coverageMissing()));
        return b.toString();
    }

    // ------------------------------------------------------------------ report

    @Command(name = "report", mixinStandardHelpOptions = true,
            description = "Runs the four seed matrices (flag off and on at the mails' parameter values) and writes the reproduction report.")
    static final class Report implements Callable<Integer> {
        static final String FIGURES = "docs/figures.json";

        @Option(names = "--out", description = "Markdown file to write (default docs/reproduction.md; with --diff: none)")
        String outFile;
        @Option(names = "--figures", defaultValue = FIGURES,
                description = "golden figures: written beside the report, or (with --diff) compared with (default ${DEFAULT-VALUE})")
        String figuresFile;
        @Option(names = "--diff", description = "compare a fresh run with the committed golden figures and print what moved; writes no file unless --out is given")
        boolean diff;
        @Option(names = "--scale", description = "size of every run, 0 < scale <= 1, or min = each scenario at its smallest meaningful scale (default: full size; with --diff: the committed figures' scale)") String scale;
        @Option(names = "--repeat", description = "repetitions per side (default 3; with --diff: the committed figures')") Integer repeat;
        @Option(names = "--seed", description = "matrix seed (default 1; with --diff: the committed figures')") Long seed;
        @Option(names = "--threads", description = "cells run in parallel (default: available processors)") Integer threads;
        @Option(names = "--scenario", description = "only these scenarios (default: all)") List<String> scenarios = new ArrayList<>();
        @Option(names = "--profile-set", description = "KEY=VALUE: run every scenario with this profile constant overridden")
        List<String> profileSets = new ArrayList<>();
        @Option(names = "--no-band", description = "skip the bands (each comparison over its constants' sourced ranges, contracts.md §6)")
        boolean noBand;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws java.io.IOException {
            ScenarioCatalog c = catalog();
            for (String id : scenarios) if (c.find(id).isEmpty()) throw new UsageError("--scenario: unknown scenario '" + id + "' (known: " + c.ids() + ")");
            Map<String, Long> overrides = parseProfileSets(profileSets);
            for (Scenario s : c.list()) if (!overrides.isEmpty()) Profiles.load(s.profile(), overrides);
            java.nio.file.Path figuresPath = java.nio.file.Path.of(figuresFile);
            tools.jackson.databind.JsonNode committed = null;
            if (diff) {
                if (!java.nio.file.Files.isRegularFile(figuresPath)) {
                    throw new UsageError("--diff: no golden figures at " + figuresPath + " (write them with bench-runner report)");
                }
                try {
                    committed = ResultJson.mapper().readTree(java.nio.file.Files.readString(figuresPath));
                } catch (tools.jackson.core.JacksonException e) {
                    throw new UsageError("--diff: " + figuresPath + " is not valid JSON: " + e.getOriginalMessage());
                }
            }
            tools.jackson.databind.JsonNode settings = committed == null ? null : committed.path("settings");
            String scText = scale != null ? scale : settings != null && settings.has("scale")
                    ? (settings.get("scale").isNumber() ? org.f2fsobs.bench.matrix.ParamValues.canonical((Object) settings.get("scale").asDouble())
                    : settings.get("scale").asString()) : "1";
            double sc;
            if (scText.equals("min")) {
                sc = org.f2fsobs.bench.report.ReproductionReport.Options.MIN_SCALE;
            } else {
                try {
                    sc = Double.parseDouble(scText);
                } catch (NumberFormatException e) {
                    throw new UsageError("--scale must be a number in (0, 1] or min, got '" + scText + "'");
                }
                if (!(sc > 0 && sc <= 1)) throw new UsageError("--scale must be in (0, 1], got " + scText);
                for (Scenario s : c.list()) {
                    if (!scenarios.isEmpty() && !scenarios.contains(s.id())) continue;
                    String why = s.scale().regime().refusal(sc);
                    if (why != null) throw new UsageError("--scale " + s.id() + ": " + why + " (--scale min runs each scenario at its own smallest; --scenario leaves one out)");
                }
            }
            int rep = repeat != null ? repeat : settings != null && settings.has("repetitions") ? settings.get("repetitions").asInt() : 3;
            long sd = seed != null ? seed : settings != null && settings.has("seed") ? settings.get("seed").asLong() : 1;
            if (rep < 1) throw new UsageError("--repeat must be at least 1, got " + rep);
            String out = outFile != null ? outFile : diff ? null : "docs/reproduction.md";
            java.nio.file.Path outPath = out == null ? null : java.nio.file.Path.of(out);
            if (outPath != null) checkWritable(outPath, "--out");
            if (!diff) checkWritable(figuresPath, "--figures");
            if (threads != null && threads < 1) throw new UsageError("--threads must be at least 1, got " + threads);
            PrintWriter err = spec.commandLine().getErr();
            int n = threads != null ? threads : Runtime.getRuntime().availableProcessors();
            StringBuilder cmd = new StringBuilder("bench-runner report");
            if (outPath != null) cmd.append(" --out ").append(out);
            if (!figuresFile.equals(FIGURES)) cmd.append(" --figures ").append(figuresFile);
            if (sc != 1) cmd.append(" --scale ").append(scText);
            if (rep != 3) cmd.append(" --repeat ").append(rep);
            if (sd != 1) cmd.append(" --seed ").append(sd);
            for (String id : scenarios) cmd.append(" --scenario ").append(id);
            overrides.forEach((k, v) -> cmd.append(" --profile-set ").append(k).append('=').append(v));
            if (noBand) cmd.append(" --no-band");
            var o = new org.f2fsobs.bench.report.ReproductionReport.Options(sc, rep, sd, n, scenarios, cmd.toString(),
                    java.time.LocalDate.now(java.time.ZoneOffset.UTC).toString(), org.f2fsobs.bench.runner.EngineVersion.get(), overrides,
                    !noBand);
            var built = org.f2fsobs.bench.report.ReproductionReport.build(c, new EngineCellRunner(c), o, line -> {
                err.println(line);
                err.flush();
            }, CancellationToken.NONE);
            PrintWriter stdout = spec.commandLine().getOut();
            if (outPath != null) {
                java.nio.file.Files.writeString(outPath, built.markdown());
                stdout.println("wrote " + outPath);
            }
            if (diff) {
                var fresh = ResultJson.mapper().readTree(built.figures().json());
                var d = org.f2fsobs.bench.report.FiguresDiff.compare(committed, fresh);
                stdout.print(org.f2fsobs.bench.report.FiguresDiff.text(d, figuresPath.toString()));
            } else {
                java.nio.file.Files.writeString(figuresPath, built.figures().json());
                stdout.println("wrote " + figuresPath);
            }
            stdout.flush();
            return 0;
        }

        /** The file's folder exists or can be made, and the file can be written: checked before any cell runs. */
        private static void checkWritable(java.nio.file.Path p, String option) {
            java.nio.file.Path abs = p.toAbsolutePath();
            try {
                if (abs.getParent() != null) java.nio.file.Files.createDirectories(abs.getParent());
                if (java.nio.file.Files.isDirectory(abs)) throw new UsageError(option + " " + p + " is a directory");
                if (java.nio.file.Files.exists(abs) ? !java.nio.file.Files.isWritable(abs) : !java.nio.file.Files.isWritable(abs.getParent())) {
                    throw new UsageError(option + " " + p + ": not writable");
                }
            } catch (java.io.IOException | SecurityException e) {
                throw new UsageError(option + " " + p + ": cannot create its folder (" + e.getMessage() + ")");
            }
        }
    }

    // ------------------------------------------------------------------ matrix

    @Command(name = "matrix", mixinStandardHelpOptions = true, description = "Runs a matrix (flags x parameters x repetitions) and compares off with on.")
    static final class Matrix implements Callable<Integer> {
        @Parameters(index = "0", description = "scenario id")
        String scenario;

        @Option(names = "--opt", description = "FLAG=on,off") List<String> opts = new ArrayList<>();
        @Option(names = "--set", description = "KEY=V1,V2") List<String> sets = new ArrayList<>();
        @Option(names = "--repeat", defaultValue = "3") int repeat;
        @Option(names = "--seed", defaultValue = "1") long seed;
        @Option(names = "--format", defaultValue = "text") String format;
        @Option(names = "--threads", description = "cells run in parallel (default: available processors)") Integer threads;
        @Option(names = "--profile-set", description = "KEY=VALUE: every cell runs with this profile constant overridden")
        List<String> profileSets = new ArrayList<>();
        @Option(names = "--band", description = "also run the band: every profile constant the runs read across its sourced range (contracts.md §6)")
        boolean band;
        @CommandLine.Mixin LimitOptions limitOptions = new LimitOptions();

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            checkFormat(format, "text", "json", "markdown");
            ScenarioCatalog c = catalog();
            Map<String, List<Boolean>> o = new TreeMap<>();
            for (String x : opts) {
                int eq = x.indexOf('=');
                if (eq <= 0) throw new UsageError("--opt needs FLAG=on,off, got '" + x + "'");
                List<Boolean> vals = new ArrayList<>();
                for (String v : x.substring(eq + 1).split(",")) {
                    if (!v.equals("on") && !v.equals("off")) throw new UsageError("--opt " + x.substring(0, eq) + " values must be on/off, got '" + v + "'");
                    vals.add(v.equals("on"));
                }
                o.put(x.substring(0, eq), vals);
            }
            Map<String, List<Object>> p = new TreeMap<>();
            for (String x : sets) {
                int eq = x.indexOf('=');
                if (eq <= 0) throw new UsageError("--set needs KEY=V1,V2, got '" + x + "'");
                List<Object> vals = new ArrayList<>();
                for (String v : x.substring(eq + 1).split(",")) vals.add(ParamValues.parse(v));
                p.put(x.substring(0, eq), vals);
            }
            if (threads != null && threads < 1) throw new UsageError("--threads must be at least 1, got " + threads);
            MatrixRequest req = new MatrixRequest(scenario, o, p, repeat, seed, parseProfileSets(profileSets));
            var lim = limitOptions.limits();
            MatrixExpansion.Expansion e = c.validate(req, new MatrixLimits(lim.maxCells()));
            if (!e.ok()) throw new UsageError(errors(e.errors()) + (e.overLimit() ? " (raise it with --limit max_cells=N)" : ""));
            for (CellSpec cell : e.cells()) LimitOptions.refuse(ScenarioCommand.checkDataLimit(lim, c.get(scenario), cell));
            PrintWriter err = spec.commandLine().getErr();
            int n = threads != null ? threads : Runtime.getRuntime().availableProcessors();
            Scenario s = c.get(scenario);
            if (band) {
                try {
                    org.f2fsobs.bench.band.MatrixBand.baseCells(e.cells());
                } catch (IllegalArgumentException x) {
                    throw new UsageError("--band: " + x.getMessage());
                }
            }
            MatrixRunner.MatrixResult m = new MatrixRunner(new EngineCellRunner(c), n).run(e.cells(), s, seed,
                    (i, r) -> err.println("[matrix] cell " + i + " done: " + r.headline().name() + " = " + (long) r.headline().value() + " " + r.headline().unit()),
                    ProgressListener.NONE, CancellationToken.NONE);
            if (band) {
                m = org.f2fsobs.bench.band.MatrixBand.run(c, new EngineCellRunner(c), n, s, e.cells(), m, seed,
                        org.f2fsobs.bench.band.BandOptions.DEFAULT, err::println, CancellationToken.NONE);
            }
            PrintWriter out = spec.commandLine().getOut();
            switch (format) {
                case "json" -> out.println(ResultJson.write(m));
                case "markdown" -> out.print(org.f2fsobs.bench.report.ScenarioReport.markdown(s, m, seed, null));
                default -> out.print(MatrixText.text(s, m));
            }
            out.flush();
            return 0;
        }
    }

    // ------------------------------------------------------------------ exec

    @Command(name = "exec", mixinStandardHelpOptions = true, description = {"Runs any supported tool command on a profile: bench-runner exec --profile P -- fio …",
            "or a script (a mail's Test section): bench-runner exec --profile P --script FILE|-%n"})
    static final class Exec implements Callable<Integer> {
        @Option(names = "--profile", required = true) String profile;
        @Option(names = "--mkfs", defaultValue = "") String mkfs;
        @Option(names = "--mount", defaultValue = "") String mount;
        @Option(names = "--opt", description = "FLAG=on|off") List<String> opts = new ArrayList<>();
        @Option(names = "--dd-style", description = "gnu or toybox") String ddStyle;
        @Option(names = "--seed", defaultValue = "1") long seed;
        @Option(names = "--format", defaultValue = "text") String format;
        @Option(names = "--script", description = "a file of shell lines, or - for standard input (docs/tools.md, \"Scripts\")") String script;
        @Parameters(description = "TOOL ARGS…", arity = "0..*") List<String> command = new ArrayList<>();
        @CommandLine.Mixin LimitOptions limitOptions = new LimitOptions();

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            checkFormat(format, "text", "json");
            if (ddStyle != null && !ddStyle.equals("gnu") && !ddStyle.equals("toybox")) {
                throw new UsageError("--dd-style must be gnu or toybox, got '" + ddStyle + "'");
            }
            if ((script == null) == command.isEmpty()) {
                throw new UsageError(script == null ? "exec needs a command (-- TOOL ARGS…) or --script FILE|-"
                        : "give either --script or a command after --, not both");
            }
            String jobScript = script == null ? fioJobFiles(command) : null;
            ExecSpec es = script != null ? ExecSpec.script(profile, mkfs, mount, parseOpts(opts), readScript(script), seed, ddStyle)
                    : jobScript != null ? ExecSpec.script(profile, mkfs, mount, parseOpts(opts), jobScript, seed, ddStyle)
                    : new ExecSpec(profile, mkfs, mount, parseOpts(opts), String.join(" ", command.stream().map(Exec::quote).toList()), seed, ddStyle);
            // what the command (or every tool run of the script) would move, checked before anything runs, as the API does
            var lim = limitOptions.limits();
            LimitOptions.refuse(lim.checkTexts(es));
            ExecPlan.Checked checked = ExecPlan.check(es);
            if (!checked.errors().isEmpty()) throw new UsageError(errors(checked.errors()));
            if (checked.scriptLine() != null) throw new UsageError(checked.scriptLine());
            LimitOptions.refuse(lim.check(es, checked.plan()));
            PrintWriter err = spec.commandLine().getErr();
            List<RunResult> runs = new EngineCellRunner(catalog()).execAll(es, stderrProgress(err), CancellationToken.NONE);
            PrintWriter out = spec.commandLine().getOut();
            if (format.equals("json")) out.println(ResultJson.write(script != null ? runs : runs.get(runs.size() - 1)));
            else for (RunResult r : runs) out.print(r.toolOutput());
            out.flush();
            return 0;
        }

        /**
         * {@code exec -- fio JOBFILE…} (contracts.md §6: the one host path): each job file is read from the host as fio
         * reads it, and the run is the script that writes it onto the simulated volume (a here-document, untimed) and
         * runs the command there; null when the command names no job file.
         */
        private static String fioJobFiles(List<String> command) {
            String tool = command.get(0).substring(command.get(0).lastIndexOf('/') + 1);
            if (!tool.equals("fio")) return null;
            List<String> files = org.f2fsobs.bench.tool.fio.FioParser.jobFileArgs(command);
            if (files.isEmpty()) return null;
            StringBuilder sb = new StringBuilder();
            for (String f : files) {
                String text;
                try {
                    text = java.nio.file.Files.readString(java.nio.file.Path.of(f));
                } catch (java.io.IOException | java.nio.file.InvalidPathException | java.io.UncheckedIOException e) {
                    throw new UsageError("fio: job file " + f + ": cannot read it (" + e.getMessage() + ")");
                }
                if (text.lines().anyMatch(l -> l.equals("FIO_JOBFILE_EOF"))) throw new UsageError("fio: job file " + f + " contains the line FIO_JOBFILE_EOF");
                sb.append("cat > ").append(quote(f)).append(" <<'FIO_JOBFILE_EOF'\n").append(text);
                if (!text.endsWith("\n")) sb.append('\n');
                sb.append("FIO_JOBFILE_EOF\n");
            }
            sb.append(String.join(" ", command.stream().map(Exec::quote).toList())).append('\n');
            return sb.toString();
        }

        private static String readScript(String file) {
            try {
                return file.equals("-") ? new String(System.in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)
                        : java.nio.file.Files.readString(java.nio.file.Path.of(file));
            } catch (java.io.IOException | java.nio.file.InvalidPathException | java.io.UncheckedIOException e) {
                throw new UsageError("--script " + file + ": cannot read it (" + e.getMessage() + ")");
            }
        }

        private static String quote(String a) {
            return a.isEmpty() || a.chars().anyMatch(Character::isWhitespace) ? "'" + a.replace("'", "'\\''") + "'" : a;
        }
    }

    /** A cell as the CLI's run command would build it (for crash and report). */
    static CellSpec cell(ScenarioCatalog c, String scenario, List<String> opts, List<String> sets, long seed, String profile) {
        var v = c.validateRun(scenario, parseOpts(opts), parseSets(sets), seed, profile);
        if (!v.ok()) throw new UsageError(errors(v.errors()));
        return v.cell();
    }

    static MatrixExpansion.Expansion expansion(ScenarioCatalog c, MatrixRequest req) {
        MatrixExpansion.Expansion e = c.validate(req, MatrixLimits.DEFAULT);
        if (!e.ok()) throw new UsageError(errors(e.errors()));
        return e;
    }
}
