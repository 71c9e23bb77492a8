package org.f2fsobs.engine.f2fs;

import org.f2fsobs.engine.platform.Profile;

/**
 * Which f2fs a profile's kernel carries ({@code kernel.f2fs}): the mount options its parse_options knows and their
 * defaults (default_options) differ by era. Sources: {@code docs/tools.md} (Mount options).
 */
public enum F2fsEra {
    /** Qualcomm msm-4.9 of 2018 (arter97/caf_msm-4.9 fs/f2fs/super.c): no fsync_mode, alloc_mode, checkpoint=, compression. */
    F2FS_2018("2018", "msm-4.9 f2fs (2018)"),
    /** The f2fs dev tree of July 2020 as Android 4.9 kernels carried it: compress_algorithm/log_size/extension the newest options. */
    F2FS_2020("2020", "f2fs of mid-2020"),
    /** Linux 6.14 fs/f2fs/super.c. */
    LINUX_6_14("6.14", "Linux 6.14");

    private final String key;
    private final String title;

    F2fsEra(String key, String title) {
        this.key = key;
        this.title = title;
    }

    public String key() { return key; }
    public String title() { return title; }

    public static F2fsEra of(String key) {
        for (F2fsEra e : values()) if (e.key.equals(key)) return e;
        throw new IllegalArgumentException("unknown kernel.f2fs era '" + key + "' (known: 2018, 2020, 6.14)");
    }

    /** The era of a profile's kernel. */
    public static F2fsEra of(Profile p) {
        return of(p.kernel().f2fs());
    }
}
