package org.f2fsobs.app.run;

import java.util.Map;
import org.f2fsobs.app.system.ApiException;
import org.f2fsobs.app.system.ObservatoryProperties.Limits;
import org.f2fsobs.bench.api.ExecPlan;
import org.f2fsobs.bench.api.ExecSpec;
import org.f2fsobs.bench.api.Flags;
import org.f2fsobs.bench.api.RunLimits;

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
        Map<String, Boolean> flags = Flags.linux614();
        boolean known = r.optimizations() == null || Flags.NAMES.containsAll(r.optimizations().keySet());
        if (r.optimizations() != null && known) flags.putAll(r.optimizations());
        ExecSpec spec = new ExecSpec(r.profile(), r.mkfs() == null ? "" : r.mkfs(), r.mount() == null ? "" : r.mount(),
                known ? flags : r.optimizations(), r.command(), r.seed() == null ? 1 : r.seed(), r.ddStyle(), r.script());
        RunLimits run = limits.run();
        ApiException.throwIfOver(run.checkTexts(spec));
        ExecPlan.Checked checked = ExecPlan.check(spec);
        if (!checked.errors().isEmpty()) throw ApiException.invalid(checked.errors());
        if (checked.scriptLine() != null) throw ApiException.unprocessable("script", checked.scriptLine());
        ApiException.throwIfOver(run.check(spec, checked.plan()));
        return spec;
    }

}
