package org.f2fsobs.bench.cli;

import java.util.ArrayList;
import java.util.List;
import org.f2fsobs.bench.api.RunLimits;
import picocli.CommandLine.Option;

/**
 * {@code --limit NAME=VALUE}: the CLI's copy of the REST API's request limits (the same {@link RunLimits}, the same
 * defaults, README "Limits"), raised or lowered one at a time. A request over a limit exits 2 naming it before any
 * simulation starts.
 */
final class LimitOptions {
    @Option(names = "--limit", paramLabel = "NAME=VALUE",
            description = "raise (or lower) a limit: max_cells, run_data_bytes (e.g. 64G), run_seconds, command_length, crash_points")
    List<String> limits = new ArrayList<>();

    RunLimits limits() {
        RunLimits l = RunLimits.DEFAULT;
        for (String x : limits) {
            int eq = x.indexOf('=');
            if (eq <= 0) throw new BenchRunnerCli.UsageError("--limit needs NAME=VALUE, got '" + x + "'");
            String name = x.substring(0, eq).trim().replace('-', '_');
            long value;
            try {
                value = RunLimits.parseValue(x.substring(eq + 1));
            } catch (NumberFormatException | ArithmeticException e) {
                throw new BenchRunnerCli.UsageError("--limit " + name + ": not a number (a binary suffix K, M, G, T, P is allowed), got '"
                        + x.substring(eq + 1) + "'");
            }
            try {
                l = l.with(name, value);
            } catch (IllegalArgumentException e) {
                throw new BenchRunnerCli.UsageError("--limit: " + e.getMessage());
            }
        }
        return l;
    }

    /** Exit 2 on the first violation, naming the limit and how to raise it. */
    static void refuse(List<RunLimits.Violation> violations) {
        if (violations.isEmpty()) return;
        RunLimits.Violation v = violations.get(0);
        throw new BenchRunnerCli.UsageError("limit " + v.limit() + ": " + v.field() + ": " + v.message()
                + " (raise it with --limit " + v.limit() + "=VALUE)");
    }
}
