package org.f2fsobs.app.run;

import java.util.LinkedHashMap;
import java.util.Map;
import org.f2fsobs.app.system.ApiException;
import org.f2fsobs.app.system.ObservatoryProperties.Limits;
import org.f2fsobs.bench.api.ExecPlan;
import org.f2fsobs.bench.api.ExecSpec;
import org.f2fsobs.engine.f2fs.Optimizations;

/**
 * A free-form run ({@code POST /api/runs} with a {@code command}). The runner reads it as it would run it
 * ({@link ExecPlan#check}: profile, flags, mkfs, mount and the tool's own front end), so a bad option is a 400
 * naming it before anything is queued; the texts are held to {@code command_length}, and what the options bound to
 * {@code run_data_bytes} and {@code run_seconds}.
 */
final class ExecRequests {
    private ExecRequests() {}

    static ExecSpec exec(RunRequest r, Limits limits) {
        Map<String, String> texts = new LinkedHashMap<>();
        texts.put("command", r.command() == null ? "" : r.command());
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
                r.command(), r.seed() == null ? 1 : r.seed(), r.ddStyle());
        ExecPlan.Checked checked = ExecPlan.check(spec);
        if (!checked.ok()) throw ApiException.invalid(checked.errors());
        ExecPlan plan = checked.plan();
        if (plan.dataBytes() > limits.runDataBytes()) {
            throw ApiException.overLimit(Limits.RUN_DATA_BYTES, "command", plan.tool().tool() + " would move " + plan.dataBytes()
                    + " bytes, over the limit " + Limits.RUN_DATA_BYTES + " = " + limits.runDataBytes());
        }
        for (ExecPlan.TimeBased t : plan.timeBased()) {
            if (t.seconds() > limits.runSeconds()) {
                throw ApiException.overLimit(Limits.RUN_SECONDS, "command", "fio job '" + t.job() + "' is time_based for " + t.seconds()
                        + " s, over the limit " + Limits.RUN_SECONDS + " = " + limits.runSeconds() + " (virtual seconds)");
            }
        }
        return spec;
    }
}
