package org.f2fsobs.bench.tool.fio;

/**
 * A job that had to create or extend its file before running: fio prints
 * "{@code name: Laying out IO file (1 file / 48MiB)}" (filesetup.c setup_files()).
 */
public record FioLayout(String jobName, int files, long bytes) {}
