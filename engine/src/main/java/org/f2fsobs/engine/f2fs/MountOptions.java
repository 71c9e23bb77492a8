package org.f2fsobs.engine.f2fs;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * parse_options (fs/f2fs/super.c) for the model: every mount option the f2fs of the profile's era knows either changes
 * the model through the mechanism the kernel uses (MODELLED), is accepted because it asks for what the model always does
 * (MATCHED), or is refused naming it with the reason (REFUSED); values the era's parser refuses are EINVAL as there,
 * options the era does not know are "Unrecognized mount option". The generic options mount(8) turns into MS_* flags
 * (rw, noatime, …) are listed too. The table itself: {@link MountOptionTable}.
 */
public final class MountOptions {
    private MountOptions() {}

    /** How the model treats an option or one of its values. */
    public enum Status { MODELLED, MATCHED, REFUSED }

    /**
     * One documented row: the option as typed (values separated by |), the eras whose f2fs knows it, how the model
     * treats it and what that means.
     */
    public record Row(String option, Set<F2fsEra> eras, Status status, String meaning) {}

    /** Applies one option's value to options being built. */
    @FunctionalInterface
    interface Setter {
        void apply(F2fsOptions o, String value);
    }

    /** A value (or values, "a|b") of an option with its status; the setter applies a MODELLED one. */
    record Choice(String values, Status status, String meaning, Setter setter) {
        boolean matches(String v) {
            for (String s : values.split("\\|")) if (s.equals(v)) return true;
            return false;
        }
    }

    /**
     * One option: its key, whether it takes "=value", the eras that know it, its choices (a flag has one), and for
     * options with a free value (numbers, names) a validator that throws EINVAL or applies the value itself.
     */
    record Opt(String key, boolean takesValue, Set<F2fsEra> eras, List<Choice> choices, Setter free) {}

    /** Every row of the table, in the table's order. */
    public static List<Row> rows() {
        List<Row> out = new ArrayList<>();
        for (Opt o : MountOptionTable.OPTS) {
            for (Choice c : o.choices()) {
                String name = o.takesValue() ? o.key() + "=" + c.values() : o.key();
                out.add(new Row(name, o.eras(), c.status(), c.meaning()));
            }
        }
        return out;
    }

    static F2fsOptions parse(F2fsOptions base, String text) {
        if (text == null || text.isBlank()) return base;
        F2fsOptions o = base.copy();
        for (String token : text.trim().split("[,\\s]+")) {
            if (token.isEmpty()) continue;
            int eq = token.indexOf('=');
            String key = eq < 0 ? token : token.substring(0, eq);
            String val = eq < 0 ? null : token.substring(eq + 1);
            Opt opt = find(key, val != null, o.era);
            if (opt == null) throw unrecognized(token, o.era);
            apply(o, opt, token, val);
        }
        checkExtensions(o);
        return o;
    }

    private static Opt find(String key, boolean hasValue, F2fsEra era) {
        for (Opt o : MountOptionTable.OPTS) {
            if (o.key().equals(key) && o.takesValue() == hasValue && o.eras().contains(era)) return o;
        }
        return null;
    }

    private static void apply(F2fsOptions o, Opt opt, String token, String val) {
        if (opt.key().startsWith("compress_") || opt.key().equals("nocompress_extension")) {
            o.compressOptionsGiven = F2fsOptions.plus(o.compressOptionsGiven, token);
        }
        if (opt.free() != null) {
            opt.free().apply(o, val);
            return;
        }
        for (Choice c : opt.choices()) {
            if (opt.takesValue() && !c.matches(val)) continue;
            switch (c.status()) {
                case MATCHED -> { }
                case REFUSED -> throw refused(token, c.meaning());
                case MODELLED -> c.setter().apply(o, val);
            }
            return;
        }
        throw einval(token, "invalid value '" + val + "' (the kernel returns -EINVAL)");
    }

    /** f2fs_test_compress_extension: no "*" among the nocompress extensions, no extension in both lists. */
    private static void checkExtensions(F2fsOptions o) {
        for (String no : o.nocompressExtensions) {
            if (no.equals("*")) {
                throw einval("nocompress_extension=*", "F2FS-fs: Don't allow the nocompress extension specifies all files");
            }
            for (String ext : o.compressExtensions) {
                if (ext.equalsIgnoreCase(no)) {
                    throw einval("nocompress_extension=" + no, "F2FS-fs: Don't allow the same extension " + ext
                            + " appear in both compress and nocompress extension");
                }
            }
        }
    }

    // ------------------------------------------------------------------ errors

    static F2fsException unrecognized(String token, F2fsEra era) {
        return new F2fsException("EINVAL", "mount option '" + token + "': F2FS-fs: Unrecognized mount option \"" + token
                + "\" or missing value (" + era.title() + ")");
    }

    static F2fsException refused(String token, String why) {
        return new F2fsException("EOPNOTSUPP", "mount option '" + token + "' is not modelled: " + why);
    }

    static F2fsException einval(String token, String why) {
        return new F2fsException("EINVAL", "mount option '" + token + "': " + why);
    }

    // ------------------------------------------------------------------ value checks shared with F2fsOptions

    /** compress_algorithm names the model has a codec for (lzo-rle is kernel-only). */
    static void checkAlgorithm(String a) {
        if (a.equals("lzo-rle")) {
            throw new F2fsException("EINVAL", "compress_algorithm=lzo-rle is a kernel-only format with no Java codec: unsupported");
        }
        if (!a.equals("lz4") && !a.equals("lzo") && !a.equals("zstd")) {
            throw new F2fsException("EINVAL", "compress_algorithm must be lz4, lzo or zstd, got '" + a + "'");
        }
    }

    /** MIN_COMPRESS_LOG_SIZE … MAX_COMPRESS_LOG_SIZE. */
    static void checkLogSize(int n) {
        if (n < 2 || n > 8) throw new F2fsException("EINVAL", "compress_log_size must be in 2..8, got " + n + " (F2FS-fs: Compress "
                + "cluster log size is out of range)");
    }

    /** match_int / kstrtouint on a %u argument: a decimal number or the option does not match (Unrecognized). */
    static long number(String token, String v, F2fsEra era) {
        if (v == null || !v.matches("\\d{1,10}")) throw unrecognized(token, era);
        return Long.parseLong(v);
    }

    static Set<F2fsEra> eras(F2fsEra... e) {
        return java.util.Collections.unmodifiableSet(EnumSet.of(e[0], e));
    }

    static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
