package org.f2fsobs.bench.api;

import java.util.ArrayList;
import java.util.List;
import org.f2fsobs.bench.script.ScriptException;
import org.f2fsobs.bench.script.ScriptLine;
import org.f2fsobs.bench.script.ScriptParser;
import org.f2fsobs.bench.tool.ToolInvocation;
import org.f2fsobs.bench.tool.dd.DdDialect;
import org.f2fsobs.bench.tool.dd.DdJob;
import org.f2fsobs.bench.tool.fio.FioCommand;
import org.f2fsobs.bench.tool.fio.FioJob;
import org.f2fsobs.bench.tool.iozone.IozoneJob;
import org.f2fsobs.bench.tool.tiotest.TiotestJob;
import org.f2fsobs.engine.f2fs.F2fsEra;
import org.f2fsobs.engine.f2fs.F2fsOptions;
import org.f2fsobs.engine.f2fs.Mkfs;
import org.f2fsobs.engine.f2fs.Optimizations;
import org.f2fsobs.engine.platform.Profile;
import org.f2fsobs.engine.platform.Profiles;

/**
 * What a free-form run ({@link ExecSpec}) will do, read before it runs by the same front ends that run it: the
 * profile, the flags, mkfs and mount options and the tool command or script, each problem a {@link FieldError} naming
 * {@code profile}, {@code optimizations.<flag>}, {@code dd_style}, {@code mkfs}, {@code mount}, {@code command} or
 * {@code script}; and what the options bound: the data the commands move and how long their time-based fio jobs run.
 * The app and the CLI check these against their limits before anything runs.
 *
 * @param tools     the parsed tool commands, in order (one for a command, one per tool line of a script)
 * @param dataBytes data the commands move together as far as their options say (fio io_size or size × loops × numjobs per job, twice with verify, dd count
 *                  × bs, iozone's largest file, tiotest threads × file); {@link Long#MAX_VALUE} on overflow, 0 when
 *                  the options do not bound it
 * @param timeBased fio jobs with {@code time_based}: their name and {@code runtime=} in whole (virtual) seconds
 */
public record ExecPlan(List<ToolInvocation> tools, long dataBytes, List<TimeBased> timeBased) {

    /** The first (for a command: the only) tool command. */
    public ToolInvocation tool() {
        return tools.get(0);
    }

    /** A time-based fio job. */
    public record TimeBased(String job, long seconds) {}

    /**
     * The plan, or the problems found (then {@code plan} is null). {@code scriptLine}: a script line the model cannot
     * run (well formed, but outside what the simulation does), apart from malformed fields (the app answers 422).
     */
    public record Checked(ExecPlan plan, List<FieldError> errors, String scriptLine) {
        public Checked(ExecPlan plan, List<FieldError> errors) {
            this(plan, errors, null);
        }

        public boolean ok() {
            return errors.isEmpty() && scriptLine == null;
        }
    }

    /** Checks {@code spec}: every problem of the profile, flags and dd style at once, then mkfs, mount, command. */
    public static Checked check(ExecSpec spec) {
        List<FieldError> errors = new ArrayList<>();
        Profile profile = null;
        if (spec.profile() == null) errors.add(new FieldError("profile", "is required for a command run; known: " + known()));
        else if (!Profiles.names().contains(spec.profile())) {
            errors.add(new FieldError("profile", "unknown profile '" + spec.profile() + "'; known: " + known()));
        } else profile = Profiles.load(spec.profile());
        if (spec.optimizations() != null) {
            for (String flag : spec.optimizations().keySet()) {
                if (!Optimizations.NAMES.contains(flag)) {
                    errors.add(new FieldError("optimizations." + flag, "unknown flag; known: " + String.join(", ", Optimizations.NAMES)));
                }
            }
        }
        if (spec.ddStyle() != null && !spec.ddStyle().equals("gnu") && !spec.ddStyle().equals("toybox")) {
            errors.add(new FieldError("dd_style", "must be gnu or toybox, got '" + spec.ddStyle() + "'"));
        }
        if (spec.command() != null && spec.script() != null) {
            errors.add(new FieldError("script", "give either command (one tool command) or script (a Test section), not both"));
        } else if (spec.script() != null) {
            if (spec.script().isBlank()) errors.add(new FieldError("script", "is empty: give the shell lines of a Test section"));
        } else if (spec.command() == null) {
            errors.add(new FieldError("command", "is required (a fio, dd, iozone or tiotest command line, or a script)"));
        } else if (spec.command().isBlank()) {
            errors.add(new FieldError("command", "is empty: give a fio, dd, iozone or tiotest command"));
        }
        if (!errors.isEmpty()) return new Checked(null, errors);
        if (spec.mkfs() != null && !spec.mkfs().isEmpty()) {
            try {
                Mkfs.Options.parse(spec.mkfs());
            } catch (RuntimeException e) {
                errors.add(new FieldError("mkfs", message(e)));
            }
        }
        if (spec.mount() != null && !spec.mount().isEmpty()) {
            try {
                F2fsOptions.defaults(Optimizations.linux614(), F2fsEra.of(profile)).withMountOptions(spec.mount());
            } catch (RuntimeException e) {
                errors.add(new FieldError("mount", message(e)));
            }
        }
        DdDialect dialect = spec.ddStyle() != null ? DdDialect.valueOf(spec.ddStyle().toUpperCase())
                : "toybox".equals(profile.userland()) ? DdDialect.TOYBOX : DdDialect.GNU;
        if (!errors.isEmpty()) return new Checked(null, errors);
        ScriptParser.Options options = new ScriptParser.Options(profile, dialect, spec.mkfs(), spec.mount());
        List<ToolInvocation> tools = new ArrayList<>();
        if (spec.script() != null) {
            try {           // parsed whole, on the profile, before anything runs (contracts.md §6)
                for (ScriptLine.Tool t : ScriptParser.parse(spec.script(), options).tools()) tools.add(t.invocation());
            } catch (ScriptException e) {
                return new Checked(null, List.of(), message(e));
            } catch (RuntimeException e) {
                return new Checked(null, List.of(new FieldError("script", message(e))));
            }
        } else {
            try {           // one command: the same paths and mount rules as a script line (contracts.md §6 Paths)
                tools.add(ScriptParser.command(spec.command(), options).tools().get(0).invocation());
            } catch (RuntimeException e) {
                return new Checked(null, List.of(new FieldError("command", message(e))));
            }
        }
        long bytes = 0;
        List<TimeBased> timed = new ArrayList<>();
        for (ToolInvocation t : tools) {
            long b = dataBytes(t, profile.device().capacityBytes());
            bytes = b == Long.MAX_VALUE || bytes > Long.MAX_VALUE - b ? Long.MAX_VALUE : bytes + b;
            timed.addAll(timeBased(t));
        }
        return new Checked(new ExecPlan(List.copyOf(tools), bytes, List.copyOf(timed)), List.of());
    }

    private static String known() {
        return String.join(", ", Profiles.names());
    }

    private static String message(RuntimeException e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    static long dataBytes(ToolInvocation tool) {
        return dataBytes(tool, Long.MAX_VALUE / 4);
    }

    /** {@link #dataBytes(ToolInvocation)} with fill_device jobs counted at {@code deviceBytes} (the profile's device). */
    static long dataBytes(ToolInvocation tool, long deviceBytes) {
        try {
            return switch (tool) {
                case FioCommand fio -> {
                    long sum = 0;
                    for (FioJob j : fio.jobs()) {
                        // io_size (else size) per loop; fill_device writes until the volume is full: the whole device
                        long per = j.fillDevice() && j.size() == 0 ? deviceBytes
                                : Math.multiplyExact(j.ioSize() > 0 ? j.ioSize() : j.size(), Math.max(1, j.loops()));
                        if (!j.verify().equals("0") && j.doVerify()) per = Math.multiplyExact(per, 2);   // the read-back
                        sum = Math.addExact(sum, Math.multiplyExact(per, Math.max(1, j.numjobs())));
                    }
                    yield sum;
                }
                case DdJob dd -> Math.max(0, dd.countBytes());
                case IozoneJob io -> io.plan().stream().mapToLong(r -> r.fileKb() * 1024).max().orElse(0);
                case TiotestJob t -> Math.multiplyExact(t.bytesPerThread(), (long) t.threads());
                default -> 0;
            };
        } catch (ArithmeticException overflow) {
            return Long.MAX_VALUE;
        }
    }

    private static List<TimeBased> timeBased(ToolInvocation tool) {
        if (!(tool instanceof FioCommand fio)) return List.of();
        List<TimeBased> out = new ArrayList<>();
        for (FioJob j : fio.jobs()) {
            if (j.timeBased()) out.add(new TimeBased(j.name(), Math.ceilDiv(j.runtimeNs(), 1_000_000_000L)));
        }
        return out;
    }
}
