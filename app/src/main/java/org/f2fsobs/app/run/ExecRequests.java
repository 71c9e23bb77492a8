package org.f2fsobs.app.run;

import java.util.LinkedHashMap;
import java.util.Map;
import org.f2fsobs.app.system.ApiException;
import org.f2fsobs.app.system.ObservatoryProperties.Limits;
import org.f2fsobs.bench.api.ExecPlan;
import org.f2fsobs.bench.api.ExecSpec;
import org.f2fsobs.engine.f2fs.Optimizations;

/**
 * A free-form run ({@code POST /api/runs} with a {@code command} or a {@code script}). The runner reads it as it would
 * run it ({@link ExecPlan#check}: profile, flags, mkfs, mount and the tools' own front ends; a script is parsed whole),
 * so a bad option is a 400 naming it, and a script line the model cannot run a 422 naming it, before anything is
 * queued; the texts (each script line) are held to {@code command_length}, and what the options bound to
 * {@code run_data_bytes} and {@code run_seconds}. REST reads no host file: here-documents write to the simulated volume.
 */
final class ExecRequests {
    private ExecRequests() {}

    static ExecSpec exec(RunRequest r, Limits limits) {
        Map<String, String> texts = new LinkedHashMap<>();
        texts.put("command", r.command() == null ? "" : r.command());
        if (r.script() != null) {
            for (String line : r.script().split("\n")) if (line.length() > texts.getOrDefault("script", "").length()) texts.put("script", line);
        }
        texts.put("mkfs", r.mkfs() == null ? "" : r.mkfs());
        texts.put("mount", r.mount() == null ? "" : r.mount());
        for (var e : texts.entrySet()) {
            if (e.getValue().length() > limits.commandLength()) {
                throw ApiException.overLimit(Limits.COMMAND_LENGTH, e.getKey(), e.getValue().length() + " characters, over the limit "
                        + Limits.COMMAND_LENGTH + " = " + limits.commandLength());
            }
        }
        Map<String, Boolean> flags = new LinkedHashMap<>(Optimizations.linux614().toMap());
        boolean known = r.optimizations() == null || Optimizations.NAMES.containsAll(r.optimizations().keySet());
        if (r.optimizations() != null && known) flags.putAll(r.optimizations());
        ExecSpec spec = new ExecSpec(r.profile(), texts.get("mkfs"), texts.get("mount"), known ? flags : r.optimizations(),
                r.command(), r.seed() == null ? 1 : r.seed(), r.ddStyle(), r.script());
        ExecPlan.Checked checked = ExecPlan.check(spec);
        if (!checked.errors().isEmpty()) throw ApiException.invalid(checked.errors());
        if (checked.scriptLine() != null) throw ApiException.unprocessable("script", checked.scriptLine());
        ExecPlan plan = checked.plan();
        if (plan.dataBytes() > limits.runDataBytes()) {
            throw ApiException.overLimit(Limits.RUN_DATA_BYTES, r.script() != null ? "script" : "command",
                    (r.script() != null ? "the script's tool runs" : plan.tool().tool()) + " would move " + plan.dataBytes()
                    + " bytes, over the limit " + Limits.RUN_DATA_BYTES + " = " + limits.runDataBytes());
        }
        for (ExecPlan.TimeBased t : plan.timeBased()) {
            if (t.seconds() > limits.runSeconds()) {
                throw ApiException.overLimit(Limits.RUN_SECONDS, r.script() != null ? "script" : "command", "fio job '" + t.job() + "' is time_based for " + t.seconds()
                        + " s, over the limit " + Limits.RUN_SECONDS + " = " + limits.runSeconds() + " (virtual seconds)");
            }
        }
        return spec;
    }
}
