package org.f2fsobs.app.run;

import java.util.LinkedHashMap;
import java.util.Map;
import org.f2fsobs.app.system.ApiException;
import org.f2fsobs.app.system.JsonBody;
import org.f2fsobs.app.system.ObservatoryProperties.Limits;
import org.f2fsobs.bench.api.ExecSpec;
import org.f2fsobs.bench.script.Script;
import org.f2fsobs.bench.script.ScriptException;
import org.f2fsobs.bench.script.ScriptLine;
import org.f2fsobs.bench.script.ScriptParser;
import org.f2fsobs.bench.tool.ToolInvocation;
import org.f2fsobs.bench.tool.ToolUsageException;
import org.f2fsobs.bench.tool.dd.DdDialect;
import org.f2fsobs.bench.tool.dd.DdJob;
import org.f2fsobs.bench.tool.fio.FioCommand;
import org.f2fsobs.bench.tool.fio.FioJob;
import org.f2fsobs.bench.tool.iozone.IozoneJob;
import org.f2fsobs.bench.tool.tiotest.TiotestJob;
import org.f2fsobs.engine.f2fs.F2fsOptions;
import org.f2fsobs.engine.f2fs.Mkfs;
import org.f2fsobs.engine.f2fs.Optimizations;
import org.f2fsobs.engine.platform.Profile;
import org.f2fsobs.engine.platform.Profiles;

/**
 * A free-form run ({@code POST /api/runs} with a {@code command} or a {@code script}): {@code {"profile", "mkfs",
 * "mount", "optimizations": {flag: bool}, "command": "fio …" | "script": "lines…", "seed", "dd_style"}}. The command is parsed by the tool's own
 * front end here, so a bad option is a 400 naming it before anything is queued; its data size (fio size × jobs, dd
 * count × bs, iozone's largest file, tiotest threads × file) is checked against {@code run_data_bytes}.
 */
final class ExecRequests {
    private ExecRequests() {}

    static ExecSpec exec(JsonBody body, Limits limits) {
        String profile = body.string("profile");
        String mkfs = body.string("mkfs");
        String mount = body.string("mount");
        String command = body.string("command");
        String script = body.string("script");
        String ddStyle = body.string("dd_style");
        Long seed = body.integer("seed", Long.MIN_VALUE, Long.MAX_VALUE);
        Map<String, Boolean> flags = CellRequests.flags(body);
        if (profile == null && !body.has("profile")) body.error("profile", "is required for a command run; known: " + String.join(", ", Profiles.names()));
        else if (profile != null && !Profiles.names().contains(profile)) {
            body.error("profile", "unknown profile '" + profile + "'; known: " + String.join(", ", Profiles.names()));
        }
        if (ddStyle != null && !ddStyle.equals("gnu") && !ddStyle.equals("toybox")) body.error("dd_style", "must be gnu or toybox, got '" + ddStyle + "'");
        if (command != null && command.isBlank()) body.error("command", "is empty: give a fio, dd, iozone or tiotest command");
        if (command != null && script != null) body.error("script", "give either command (one tool command) or script (a Test section), not both");
        if (script != null && script.isBlank()) body.error("script", "is empty: give the shell lines of a Test section");
        body.throwIfErrors();
        Map<String, String> texts = new LinkedHashMap<>();
        texts.put("command", command == null ? "" : command);
        if (script != null) for (String line : script.split("\n")) if (line.length() > texts.getOrDefault("script", "").length()) texts.put("script", line);
        texts.put("mkfs", mkfs == null ? "" : mkfs);
        texts.put("mount", mount == null ? "" : mount);
        for (var e : texts.entrySet()) {
            if (e.getValue().length() > limits.commandLength()) {
                throw ApiException.overLimit(Limits.COMMAND_LENGTH, e.getKey(), e.getValue().length() + " characters, over the limit "
                        + Limits.COMMAND_LENGTH + " = " + limits.commandLength());
            }
        }
        if (mkfs != null) {
            try {
                Mkfs.Options.parse(mkfs);
            } catch (RuntimeException ex) {
                throw ApiException.invalid("mkfs", ex.getMessage());
            }
        }
        if (mount != null) {
            try {
                F2fsOptions.defaults(Optimizations.linux614()).withMountOptions(mount);
            } catch (RuntimeException ex) {
                throw ApiException.invalid("mount", ex.getMessage());
            }
        }
        Profile p = Profiles.load(profile);
        DdDialect dialect = ddStyle != null ? DdDialect.valueOf(ddStyle.toUpperCase()) : "toybox".equals(p.userland()) ? DdDialect.TOYBOX : DdDialect.GNU;
        Map<String, Boolean> all = new LinkedHashMap<>(Optimizations.linux614().toMap());
        all.putAll(flags);
        if (script != null) {
            script(script, p, dialect, mkfs, mount, limits);
            return ExecSpec.script(profile, mkfs == null ? "" : mkfs, mount == null ? "" : mount, all, script, seed == null ? 1 : seed, ddStyle);
        }
        ToolInvocation tool;
        try {
            tool = ScriptParser.command(command, new ScriptParser.Options(p, dialect, mkfs, mount)).tools().get(0).invocation();
        } catch (ToolUsageException ex) {
            throw ApiException.invalid("command", ex.getMessage());
        } catch (RuntimeException ex) {
            throw ApiException.invalid("command", ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage());
        }
        checkLimits("command", dataBytes(tool), tool, limits);
        return new ExecSpec(profile, mkfs == null ? "" : mkfs, mount == null ? "" : mount, all, command, seed == null ? 1 : seed, ddStyle);
    }

    /**
     * A script (contracts.md §6): parsed whole, on the profile, before anything is queued (a line the model cannot run
     * is a 422 naming it); its tool runs together are held to the data limit, each to the time limit. REST reads no
     * host file: here-documents write to the simulated volume.
     */
    private static void script(String text, Profile p, DdDialect dialect, String mkfs, String mount, Limits limits) {
        Script parsed;
        try {
            parsed = ScriptParser.parse(text, new ScriptParser.Options(p, dialect, mkfs, mount));
        } catch (ScriptException ex) {
            throw ApiException.unprocessable("script", ex.getMessage());
        }
        long bytes = 0;
        for (ScriptLine.Tool t : parsed.tools()) {
            bytes = Math.min(Long.MAX_VALUE / 2, bytes + dataBytes(t.invocation()));
            checkLimits("script", bytes, t.invocation(), limits);
        }
    }

    private static void checkLimits(String field, long bytes, ToolInvocation tool, Limits limits) {
        if (bytes > limits.runDataBytes()) {
            throw ApiException.overLimit(Limits.RUN_DATA_BYTES, field, tool.tool() + " would move " + bytes + " bytes, over the limit "
                    + Limits.RUN_DATA_BYTES + " = " + limits.runDataBytes());
        }
        if (tool instanceof FioCommand fio) {
            for (FioJob j : fio.jobs()) {
                long seconds = j.timeBased() ? Math.ceilDiv(j.runtimeNs(), 1_000_000_000L) : 0;
                if (seconds > limits.runSeconds()) {
                    throw ApiException.overLimit(Limits.RUN_SECONDS, field, "fio job '" + j.name() + "' is time_based for "
                            + seconds + " s, over the limit " + Limits.RUN_SECONDS + " = " + limits.runSeconds() + " (virtual seconds)");
                }
            }
        }
    }

    /** The data a tool command moves, as far as its options say (0 when they do not bound it). */
    static long dataBytes(ToolInvocation tool) {
        try {
            return switch (tool) {
                case FioCommand fio -> {
                    long sum = 0;
                    for (FioJob j : fio.jobs()) sum = Math.addExact(sum, Math.multiplyExact(j.size(), Math.max(1, j.numjobs())));
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
}
