package org.f2fsobs.bench.api;

import java.util.List;

/**
 * The result of a crash-consistency check (contracts.md §3): the verdict, how many power-cut points exist and were
 * checked, the failures found (first one first) and the line that reproduces the first failure.
 *
 * @param verdict "safe", "data_lost" or "inconsistent"
 */
public record CrashReport(String verdict, int crashPoints, int checked, List<Failure> failures, String reproduce) {

    /** One failing crash point: what was wrong after remount and recovery. */
    public record Failure(int point, String what) {}
}
