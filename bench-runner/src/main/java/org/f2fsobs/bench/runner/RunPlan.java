package org.f2fsobs.bench.runner;

import java.util.ArrayList;
import java.util.List;
import org.f2fsobs.bench.scenario.PreparationStep;
import org.f2fsobs.bench.script.Script;
import org.f2fsobs.bench.script.ScriptLine;
import org.f2fsobs.bench.tool.dd.DdDialect;
import org.f2fsobs.engine.f2fs.F2fsException;
import org.f2fsobs.engine.f2fs.F2fsOptions;
import org.f2fsobs.engine.f2fs.Mkfs;
import org.f2fsobs.engine.platform.Profile;

/**
 * Everything one run needs, resolved: the machine, the script with the run whose result is the run's
 * ({@code headline}, an index among the script's tool runs), and — for that run, as the crash checker replays it —
 * the mkfs and mount options it sees, the lines before it after the set-up, and its command; the seed and how dd
 * prints.
 *
 * @param base options without mount options (flags, era rules): each mount line adds its own to these
 */
record RunPlan(Profile profile, String mkfsText, Mkfs.Options mkfs, String mountText, F2fsOptions options,
               List<Step> preparation, String command, long seed, DdDialect ddDialect, Script script, int headline,
               F2fsOptions base) {

    /** One preparation line: what it does, the directory it names, its command, the parsed line, where the volume is mounted. */
    record Step(PreparationStep.Op op, String path, String command, ScriptLine line, String mountPoint) {}

    /** The plan of {@code script} whose result is its tool run number {@code headline} (0-based). */
    static RunPlan of(Script script, int headline, F2fsOptions base, long seed, DdDialect dialect) {
        List<ScriptLine> lines = script.lines();
        int at = -1, tools = 0;
        for (int i = 0; i < lines.size() && at < 0; i++) {
            if (lines.get(i) instanceof ScriptLine.Tool && tools++ == headline) at = i;
        }
        if (at < 0) throw new IllegalArgumentException("the script has no tool run " + headline);
        String mkfs = "", mount = "", mountPoint = "/";
        List<Step> steps = new ArrayList<>();
        for (ScriptLine l : lines.subList(0, at)) {
            switch (l) {
                case ScriptLine.Format f -> mkfs = f.optionsText();
                case ScriptLine.Mount m -> {
                    mount = m.options();
                    mountPoint = m.mountPoint();
                }
                case ScriptLine.LoadNullBlk n -> { }
                case ScriptLine.Matching m -> { }
                default -> {
                    if (l instanceof ScriptLine.Remount r) mount = r.options();
                    steps.add(new Step(PreparationStep.classify(l), PreparationStep.path(l), PreparationStep.command(l), l, mountPoint));
                }
            }
        }
        F2fsOptions options;
        Mkfs.Options mk;
        try {
            options = base.withMountOptions(mount);
            mk = Mkfs.Options.parse(mkfs);
        } catch (F2fsException e) {
            throw new Execution.RunInputException(e.getMessage());
        }
        String command = ((ScriptLine.Tool) lines.get(at)).command();
        return new RunPlan(script.machine(), mkfs, mk, mount, options, steps, command, seed, dialect, script, headline, base);
    }

    /** The same plan on another machine (what-if studies). */
    RunPlan withProfile(Profile p) {
        return new RunPlan(p, mkfsText, mkfs, mountText, options, preparation, command, seed, ddDialect, script, headline, base);
    }
}
