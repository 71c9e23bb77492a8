package org.f2fsobs.bench.api;

/** Runs a cell's workload with power cuts at its flush/FUA boundaries and judges what comes back (contracts.md §5). */
public interface CrashChecker {

    /**
     * @param point     check only this crash point (null = all, up to {@code maxPoints})
     * @param maxPoints at most this many points (null = every flush/FUA boundary)
     */
    CrashReport run(CellSpec cell, Integer point, Integer maxPoints, ProgressListener progress, CancellationToken cancel);
}
