package org.f2fsobs.bench.tool.fio;

/** fio's {@code --output-format}: the two formats the simulation prints (json+ and terse are rejected). */
public enum FioOutputFormat {
    NORMAL,
    JSON
}
