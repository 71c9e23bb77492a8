package org.f2fsobs.bench.runner;

import java.util.List;
import org.f2fsobs.bench.scenario.PreparationStep;
import org.f2fsobs.bench.tool.dd.DdDialect;
import org.f2fsobs.engine.f2fs.F2fsOptions;
import org.f2fsobs.engine.f2fs.Mkfs;
import org.f2fsobs.engine.platform.Profile;

/**
 * Everything one run needs, resolved: the machine, the mkfs and mount options, the preparation steps, the measured
 * command, the seed and how dd prints.
 */
record RunPlan(Profile profile, String mkfsText, Mkfs.Options mkfs, String mountText, F2fsOptions options,
               List<Step> preparation, String command, long seed, DdDialect ddDialect) {

    /** One preparation step: an operation, a path, and (for {@code run}) a tool command. */
    record Step(PreparationStep.Op op, String path, String command) {}
}
