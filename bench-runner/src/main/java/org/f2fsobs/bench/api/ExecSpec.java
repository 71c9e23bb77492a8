package org.f2fsobs.bench.api;

import java.util.Map;

/**
 * A free-form run: a tool command or a script on a profile, with mkfs and mount options and all four optimization flags.
 *
 * @param profile       profile name (required)
 * @param mkfs          mkfs.f2fs options, e.g. "-s 128" (may be empty)
 * @param mount         mount options, e.g. "compress_algorithm=lz4" (may be empty)
 * @param optimizations flag → on/off; flags not given take the Linux 6.14 values
 * @param command       the tool command line, e.g. "fio --bs=512k …" (null when {@code script} is given)
 * @param seed          the run's seed
 * @param ddStyle       "gnu", "toybox" or null (the profile's userland)
 * @param script        the shell lines of a Test section (contracts.md §6), or null for a single command; mkfs and
 *                      mount then give the options of the implied format and mounts
 */
public record ExecSpec(String profile, String mkfs, String mount, Map<String, Boolean> optimizations, String command,
                       long seed, String ddStyle, String script) {

    /** A single tool command. */
    public ExecSpec(String profile, String mkfs, String mount, Map<String, Boolean> optimizations, String command, long seed,
                    String ddStyle) {
        this(profile, mkfs, mount, optimizations, command, seed, ddStyle, null);
    }

    /** A script. */
    public static ExecSpec script(String profile, String mkfs, String mount, Map<String, Boolean> optimizations, String script,
                                  long seed, String ddStyle) {
        return new ExecSpec(profile, mkfs, mount, optimizations, null, seed, ddStyle, script);
    }
}
