package org.f2fsobs.bench.tool.fio;

/** fio's {@code --output-format} (and {@code --minimal} = terse): stat.c's normal, json, json+ and terse printers. */
public enum FioOutputFormat {
    NORMAL,
    JSON,
    /** json with each latency's histogram bins ("bins" under clat_ns/lat_ns). */
    JSON_PLUS,
    /** The semicolon-separated terse line, version 3 (stat.c show_thread_status_terse_all). */
    TERSE
}
