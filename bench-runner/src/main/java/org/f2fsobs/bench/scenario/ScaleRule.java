package org.f2fsobs.bench.scenario;

import java.util.Locale;
import java.util.Objects;

/**
 * Which size of the command {@code scale} shrinks and how it is rounded (contracts.md §1): the full size (bytes, or
 * a parameter in units), times scale, rounded <b>down</b> to whole blocks of the tool's block size, never below one
 * block — except where a block larger than the scaled size would change what the tool runs ({@code belowOneBlock}
 * = error: iozone with one record length larger than the file runs nothing, so that request is refused).
 *
 * @param shrinks        the option as the tool spells it ("--size", "count", "-s", "-f")
 * @param placeholder    the {@code {name}} the scaled value fills in the templates
 * @param fullBytes      the full size in bytes, when fixed (fio 1536 MiB, dd 1000 × 1 MiB, iozone 100 MiB)
 * @param fullParam      the parameter holding the full size instead (tiotest {@code file_mb}), or null
 * @param fullParamUnit  bytes per unit of {@code fullParam} (1048576 for MiB)
 * @param blockBytes     the tool's block size in bytes (or the smallest one)
 * @param blockParam     a parameter that sets a larger block when it is a number (iozone {@code reclen_kb},
 *                       tiotest {@code block_bytes}), or null
 * @param blockParamUnit bytes per unit of {@code blockParam}
 * @param format         how the scaled size is written into the command
 * @param belowOneBlockIsError whether a scaled size under one block is an error instead of one block
 * @param timesParam     a parameter that multiplies the scaled size into the data a run moves (tiotest
 *                       {@code threads}: one file per thread), or null
 * @param rule           the rule in words, for the catalog
 * @param regime         what else shrinks with the data, what cannot, and the smallest meaningful scale
 */
public record ScaleRule(String shrinks, String placeholder, long fullBytes, String fullParam, long fullParamUnit,
                        long blockBytes, String blockParam, long blockParamUnit, Format format,
                        boolean belowOneBlockIsError, String timesParam, String rule, ScaleRegime regime) {

    /** How a scaled size is written. */
    public enum Format {
        /** fio size with a binary suffix (fio's default kb_base=1024): the largest of G, M, K that divides it, else bytes. */
        FIO_SIZE,
        /** A count of blocks ({@code dd count=}). */
        COUNT,
        /** iozone {@code -s}: KiB with an m suffix when whole MiB ("100m"), else a k suffix ("1024k" is written "1m"). */
        IOZONE_SIZE,
        /** Whole MiB (tiotest {@code -f}). */
        MIB;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Format of(String s) {
            for (Format f : values()) if (f.label().equals(s)) return f;
            throw new IllegalArgumentException("unknown scale format '" + s + "' (known: fio_size, count, iozone_size, mib)");
        }
    }

    public ScaleRule {
        Objects.requireNonNull(shrinks, "shrinks");
        Objects.requireNonNull(placeholder, "placeholder");
        Objects.requireNonNull(format, "format");
        if (blockBytes <= 0) throw new IllegalArgumentException("block_bytes must be > 0");
        if (fullParam == null && fullBytes <= 0) throw new IllegalArgumentException("full size must be > 0");
        if (fullParam != null && fullParamUnit <= 0) throw new IllegalArgumentException("full_param_unit must be > 0");
        if (blockParam != null && blockParamUnit <= 0) throw new IllegalArgumentException("block_param_unit must be > 0");
        if (regime == null) regime = ScaleRegime.none();
    }
}
