package org.f2fsobs.bench.api;

/**
 * Runs one cell of a matrix, or one free-form tool command, on the engine and returns the §3 result document.
 * Implementations are safe to call from several threads at once; a run gives the same result whether it runs
 * alone or beside others (contracts.md §5).
 */
public interface CellRunner {

    /** A catalog scenario with all flags and parameters of {@code cell} set. */
    RunResult run(CellSpec cell, ProgressListener progress, CancellationToken cancel);

    /**
     * Any supported tool command on a profile (POST /api/runs, {@code bench-runner exec}); for a script, its last run
     * with every run in {@link RunResult#scriptRuns()}.
     */
    RunResult exec(ExecSpec spec, ProgressListener progress, CancellationToken cancel);

    /** Every tool run of a command or script, in order ({@code bench-runner exec --script … --format json}). */
    default java.util.List<RunResult> execAll(ExecSpec spec, ProgressListener progress, CancellationToken cancel) {
        RunResult r = exec(spec, progress, cancel);
        return r.scriptRuns() != null ? r.scriptRuns() : java.util.List.of(r);
    }
}
