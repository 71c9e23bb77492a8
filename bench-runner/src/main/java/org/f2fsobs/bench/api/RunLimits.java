package org.f2fsobs.bench.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The limits on what one run, matrix or crash check may ask of the simulator, one set for the CLI and the REST API
 * (README "Limits"; the app binds them from {@code observatory.limits.*}, the CLI takes {@code --limit NAME=VALUE}).
 * Each is checked before any simulation starts, from what the request's options bound, and named by its snake_case
 * name when a request goes over it.
 *
 * @param maxCells      cells one matrix may have (points × flag settings × repetitions); {@code max_cells}
 * @param runDataBytes  data one run may move: the scaled size × threads for a scenario cell, the tools' sizes for a
 *                      free-form command or script; {@code run_data_bytes}
 * @param runSeconds    virtual seconds a time-based fio job may last; {@code run_seconds}
 * @param commandLength characters of a free-form command, of each script line, and of mkfs/mount options; {@code command_length}
 * @param crashPoints   crash points one crash check may visit; {@code crash_points}
 */
public record RunLimits(long maxCells, long runDataBytes, long runSeconds, long commandLength, long crashPoints) {
    public static final String MAX_CELLS = "max_cells";
    public static final String RUN_DATA_BYTES = "run_data_bytes";
    public static final String RUN_SECONDS = "run_seconds";
    public static final String COMMAND_LENGTH = "command_length";
    public static final String CRASH_POINTS = "crash_points";

    /** The documented defaults. */
    public static final RunLimits DEFAULT = new RunLimits(1000, 16L << 30, 600, 4096, 10_000);

    /** A request over one limit: the limit's name, the field that went over it, and a sentence saying by how much. */
    public record Violation(String limit, String field, String message) {}

    public RunLimits {
        for (long v : new long[] {maxCells, runDataBytes, runSeconds, commandLength, crashPoints}) {
            if (v < 1) throw new IllegalArgumentException("a limit must be at least 1, got " + v);
        }
    }

    /** The limits by name, in the order the README lists them. */
    public Map<String, Long> byName() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put(MAX_CELLS, maxCells);
        m.put(RUN_DATA_BYTES, runDataBytes);
        m.put(RUN_SECONDS, runSeconds);
        m.put(COMMAND_LENGTH, commandLength);
        m.put(CRASH_POINTS, crashPoints);
        return m;
    }

    /** These limits with one changed ({@code --limit run_data_bytes=64G}); an unknown name is an IllegalArgumentException naming the known. */
    public RunLimits with(String name, long value) {
        return switch (name) {
            case MAX_CELLS -> new RunLimits(value, runDataBytes, runSeconds, commandLength, crashPoints);
            case RUN_DATA_BYTES -> new RunLimits(maxCells, value, runSeconds, commandLength, crashPoints);
            case RUN_SECONDS -> new RunLimits(maxCells, runDataBytes, value, commandLength, crashPoints);
            case COMMAND_LENGTH -> new RunLimits(maxCells, runDataBytes, runSeconds, value, crashPoints);
            case CRASH_POINTS -> new RunLimits(maxCells, runDataBytes, runSeconds, commandLength, value);
            default -> throw new IllegalArgumentException("unknown limit '" + name + "'; known: " + String.join(", ", byName().keySet()));
        };
    }

    /** The texts of a free-form run against {@code command_length}: the command, each script line, mkfs, mount. */
    public List<Violation> checkTexts(ExecSpec spec) {
        Map<String, String> texts = new LinkedHashMap<>();
        texts.put("command", spec.command() == null ? "" : spec.command());
        if (spec.script() != null) {
            for (String line : spec.script().split("\n")) if (line.length() > texts.getOrDefault("script", "").length()) texts.put("script", line);
        }
        texts.put("mkfs", spec.mkfs() == null ? "" : spec.mkfs());
        texts.put("mount", spec.mount() == null ? "" : spec.mount());
        List<Violation> out = new ArrayList<>();
        for (var e : texts.entrySet()) {
            if (e.getValue().length() > commandLength) {
                out.add(new Violation(COMMAND_LENGTH, e.getKey(), e.getValue().length() + " characters, over the limit "
                        + COMMAND_LENGTH + " = " + commandLength));
            }
        }
        return out;
    }

    /** What a free-form run's options bound ({@link ExecPlan}) against {@code run_data_bytes} and {@code run_seconds}. */
    public List<Violation> check(ExecSpec spec, ExecPlan plan) {
        String field = spec.script() != null ? "script" : "command";
        List<Violation> out = new ArrayList<>();
        if (plan.dataBytes() > runDataBytes) {
            out.add(new Violation(RUN_DATA_BYTES, field, (spec.script() != null ? "the script's tool runs" : plan.tool().tool())
                    + " would move " + plan.dataBytes() + " bytes, over the limit " + RUN_DATA_BYTES + " = " + runDataBytes));
        }
        for (ExecPlan.TimeBased t : plan.timeBased()) {
            if (t.seconds() > runSeconds) {
                out.add(new Violation(RUN_SECONDS, field, "fio job '" + t.job() + "' is time_based for " + t.seconds()
                        + " s, over the limit " + RUN_SECONDS + " = " + runSeconds + " (virtual seconds)"));
            }
        }
        return out;
    }

    /** A crash check's point budget against {@code crash_points}. */
    public List<Violation> checkCrashPoints(long maxPoints) {
        if (maxPoints <= crashPoints) return List.of();
        return List.of(new Violation(CRASH_POINTS, "max_points", maxPoints + " crash points, over the limit " + CRASH_POINTS + " = " + crashPoints));
    }

    /** {@code 16G}, {@code 1T}, {@code 600}: a number with an optional binary suffix (K, M, G, T, P). */
    public static long parseValue(String text) {
        String t = text.trim().toUpperCase(Locale.ROOT);
        long mult = 1;
        if (!t.isEmpty()) {
            int i = "KMGTP".indexOf(t.charAt(t.length() - 1));
            if (i >= 0) {
                mult = 1L << (10 * (i + 1));
                t = t.substring(0, t.length() - 1);
            }
        }
        return Math.multiplyExact(Long.parseLong(t), mult);
    }
}
