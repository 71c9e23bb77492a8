package org.f2fsobs.app.queue;

import org.f2fsobs.bench.api.CellSpec;

/** A unit of work a job has claimed (its row is RUNNING). */
public sealed interface Work {

    /** The kind for metrics and logs: cell, run, crash_check. */
    String kind();

    /** A key unique among running work: kind + id. */
    default String key() {
        return kind() + ":" + id();
    }

    long id();

    /** Cell {@code cellIndex} of matrix {@code matrixId} (row {@code id} of CELLS). */
    record CellWork(long id, long matrixId, int cellIndex, CellSpec spec) implements Work {
        @Override
        public String kind() {
            return "cell";
        }
    }

    /** What a queued run (a row of RUNS that is not a matrix cell) runs. */
    enum RunKind {
        /** a catalog scenario cell ({@code CellSpec}) */
        SCENARIO,
        /** a free-form command or script ({@code ExecSpec}) */
        EXEC
    }

    /** A queued run (row {@code id} of RUNS). */
    record RunWork(long id, RunKind runKind, String requestJson) implements Work {
        @Override
        public String kind() {
            return "run";
        }
    }

    /** A crash check (row {@code id} of CRASH_CHECKS). */
    record CrashWork(long id, CellSpec spec, Integer point, Integer maxPoints) implements Work {
        @Override
        public String kind() {
            return "crash_check";
        }
    }
}
