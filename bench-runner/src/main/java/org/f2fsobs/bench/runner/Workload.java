package org.f2fsobs.bench.runner;

import java.util.Map;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.engine.f2fs.Volume;
import org.f2fsobs.engine.sim.SimTask;

/**
 * A benchmark tool run on the engine: the tool's own logic as simulated tasks (fio jobs, dd, iozone, tiotest
 * threads), timed in virtual time, printing what the real tool prints.
 */
public interface Workload {

    /** Runs in the calling task ("the shell") and returns when the tool would exit. */
    Outcome run(SimTask shell, Volume volume, WorkloadEnv env);

    /** The tool name for results ("fio", "dd", …). */
    String tool();

    /** What a tool run produced: its text output, the headline figure and tool-specific metrics. */
    record Outcome(String output, RunResult.Headline headline, Map<String, Object> metrics) {}
}
