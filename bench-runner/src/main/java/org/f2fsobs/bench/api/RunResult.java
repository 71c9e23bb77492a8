package org.f2fsobs.bench.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * The result of one run: exactly the document of contracts.md §3 (serialised with snake_case names by
 * {@link ResultJson}). Counters, histograms, time breakdown and {@code virtualNs} cover the measured command only;
 * mkfs, mount, preparation and umount are under {@code preparation}. A script's result (POST /api/runs with a
 * {@code script}) is its last run, with {@code script} and every run in {@code scriptRuns} (contracts.md §6); both
 * are absent otherwise.
 */
public record RunResult(
        String scenario,
        String tool,
        String command,
        String toolOutput,
        String profile,
        String mkfs,
        String mount,
        Map<String, Boolean> optimizations,
        Map<String, Object> params,
        long seed,
        Headline headline,
        Map<String, Object> metrics,
        Map<String, Object> counters,
        Map<String, Map<String, Long>> histograms,
        TimeBreakdown timeBreakdownNs,
        Preparation preparation,
        Reference reference,
        long virtualNs,
        long wallMs,
        String reproduce,
        String engineVersion,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Long> profileOverrides,
        @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Object> scaleRegime,
        @JsonInclude(JsonInclude.Include.NON_NULL) String script,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<RunResult> scriptRuns,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> profileReads) {

    public RunResult {
        profileOverrides = profileOverrides == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(profileOverrides));
        profileReads = profileReads == null ? List.of() : List.copyOf(profileReads);
    }

    /**
     * A result without the list of profile constants its run read ({@code profile_reads}: the dotted keys, sorted,
     * that the run read through the profile's accessors, {@code org.f2fsobs.engine.platform.ProfileReads}; the band,
     * contracts.md §6, sweeps only those).
     */
    public RunResult(String scenario, String tool, String command, String toolOutput, String profile, String mkfs, String mount,
                     Map<String, Boolean> optimizations, Map<String, Object> params, long seed, Headline headline,
                     Map<String, Object> metrics, Map<String, Object> counters, Map<String, Map<String, Long>> histograms,
                     TimeBreakdown timeBreakdownNs, Preparation preparation, Reference reference, long virtualNs, long wallMs,
                     String reproduce, String engineVersion, Map<String, Long> profileOverrides, Map<String, Object> scaleRegime,
                     String script, List<RunResult> scriptRuns) {
        this(scenario, tool, command, toolOutput, profile, mkfs, mount, optimizations, params, seed, headline, metrics, counters,
                histograms, timeBreakdownNs, preparation, reference, virtualNs, wallMs, reproduce, engineVersion, profileOverrides,
                scaleRegime, script, scriptRuns, null);
    }

    /** A result on the profile's own constants. */
    public RunResult(String scenario, String tool, String command, String toolOutput, String profile, String mkfs, String mount,
                     Map<String, Boolean> optimizations, Map<String, Object> params, long seed, Headline headline,
                     Map<String, Object> metrics, Map<String, Object> counters, Map<String, Map<String, Long>> histograms,
                     TimeBreakdown timeBreakdownNs, Preparation preparation, Reference reference, long virtualNs, long wallMs,
                     String reproduce, String engineVersion) {
        this(scenario, tool, command, toolOutput, profile, mkfs, mount, optimizations, params, seed, headline, metrics, counters,
                histograms, timeBreakdownNs, preparation, reference, virtualNs, wallMs, reproduce, engineVersion, null, null, null, null, null);
    }

    /** A result of a scenario cell or a single command (no script). */
    public RunResult(String scenario, String tool, String command, String toolOutput, String profile, String mkfs, String mount,
                     Map<String, Boolean> optimizations, Map<String, Object> params, long seed, Headline headline,
                     Map<String, Object> metrics, Map<String, Object> counters, Map<String, Map<String, Long>> histograms,
                     TimeBreakdown timeBreakdownNs, Preparation preparation, Reference reference, long virtualNs, long wallMs,
                     String reproduce, String engineVersion, Map<String, Long> profileOverrides, Map<String, Object> scaleRegime) {
        this(scenario, tool, command, toolOutput, profile, mkfs, mount, optimizations, params, seed, headline, metrics, counters,
                histograms, timeBreakdownNs, preparation, reference, virtualNs, wallMs, reproduce, engineVersion, profileOverrides,
                scaleRegime, null, null, null);
    }

    /** The figure a tool's user reads first, in base units (bytes/s). */
    public record Headline(String name, double value, String unit) {}

    /** Where the virtual time of the measured command went. */
    public record TimeBreakdown(long deviceBusy, long idle, Map<String, Long> cpu, Map<String, Long> lockWait) {}

    /** mkfs, mount, preparation steps and umount: reported apart from the measured command. */
    public record Preparation(long virtualNs, Map<String, Object> counters) {}

    /**
     * The mail's figure for this cell, converted to base units, and ours over it; {@code messageId} (the mail's, when the
     * scenario came from a pasted mail) and {@code quote} (the mail's lines the figure was read from) say where it is.
     */
    public record Reference(double value, String unit, String source, double oursOverReference,
                            @JsonInclude(JsonInclude.Include.NON_NULL) String messageId,
                            @JsonInclude(JsonInclude.Include.NON_NULL) String quote) {
        public Reference(double value, String unit, String source, double oursOverReference) {
            this(value, unit, source, oursOverReference, null, null);
        }
    }

    /** A copy with another wall time (wall time is the simulator's own speed, never part of the result proper). */
    public RunResult withWallMs(long ms) {
        return new RunResult(scenario, tool, command, toolOutput, profile, mkfs, mount, optimizations, params, seed,
                headline, metrics, counters, histograms, timeBreakdownNs, preparation, reference, virtualNs, ms,
                reproduce, engineVersion, profileOverrides, scaleRegime, script, scriptRuns, profileReads);
    }

    /** The last run of a script, carrying the script and every run of it (POST /api/runs with a script). */
    public RunResult withScript(String scriptText, List<RunResult> runs) {
        return new RunResult(scenario, tool, command, toolOutput, profile, mkfs, mount, optimizations, params, seed,
                headline, metrics, counters, histograms, timeBreakdownNs, preparation, reference, virtualNs, wallMs,
                reproduce, engineVersion, profileOverrides, scaleRegime, scriptText, List.copyOf(runs), profileReads);
    }

    /** iozone rows (metrics.rows), or an empty list for other tools. */
    @SuppressWarnings("unchecked")
    public List<Map<String, Object>> rows() {
        Object r = metrics == null ? null : metrics.get("rows");
        return r instanceof List<?> l ? (List<Map<String, Object>>) l : List.of();
    }
}
