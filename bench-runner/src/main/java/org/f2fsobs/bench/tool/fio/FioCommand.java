package org.f2fsobs.bench.tool.fio;

import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.tool.ToolInvocation;

/**
 * A parsed fio invocation: the global options as written (fio's "global options" in JSON), the job sections in
 * order, and the output format. Clone {@code c} of job {@code j} is fio's thread number
 * {@link #threadNumber(int, int)} (1-based, numbered as init.c add_job() creates them).
 *
 * @param globalOptions options given before the first {@code --name} or in {@code [global]}, canonical names in
 *                      order; null values were bare flags
 * @param jobs          the job sections, each with {@code numjobs} clones
 * @param outputFormat  {@code --output-format} ({@code --minimal}: terse)
 * @param outputFile    {@code --output=FILE}: the report goes to this file on the volume instead of stdout, or null
 */
public record FioCommand(Map<String, String> globalOptions, List<FioJob> jobs, FioOutputFormat outputFormat,
                         String outputFile) implements ToolInvocation {

    public FioCommand(Map<String, String> globalOptions, List<FioJob> jobs, FioOutputFormat outputFormat) {
        this(globalOptions, jobs, outputFormat, null);
    }

    public FioCommand {
        globalOptions = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(globalOptions));
        jobs = List.copyOf(jobs);
    }

    @Override
    public String tool() {
        return "fio";
    }

    /** fio's td->thread_number of clone {@code clone} of job {@code jobIndex}. */
    public int threadNumber(int jobIndex, int clone) {
        int n = 0;
        for (int j = 0; j < jobIndex; j++) n += jobs.get(j).numjobs();
        return n + clone + 1;
    }

    /** Clones run as processes ("Starting 1 process"). */
    public int processes() {
        return jobs.stream().filter(j -> !j.thread()).mapToInt(FioJob::numjobs).sum();
    }

    /** Clones run as threads ({@code thread} option: "Starting 2 threads"). */
    public int threads() {
        return jobs.stream().filter(FioJob::thread).mapToInt(FioJob::numjobs).sum();
    }
}
