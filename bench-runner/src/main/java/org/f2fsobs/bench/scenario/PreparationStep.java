package org.f2fsobs.bench.scenario;

import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One step run on the fresh volume after mount and before the measured command (reported under
 * {@code preparation}, contracts.md §3), as data: what it does, on which path, and the shell line it stands for.
 *
 * @param op       what the step does
 * @param path     the directory it works on (MKDIR, CHATTR), or null
 * @param command  the shell line, a template with {@code {name}} placeholders (parameters and the scale rule's
 *                 placeholder, e.g. {@code count={count}})
 * @param when     parameter → values the step runs at; {} = always (P2 sets the compression flag only when
 *                 {@code compression} is not {@code none})
 * @param why      why the step is there
 */
public record PreparationStep(Op op, String path, String command, Map<String, List<Object>> when, String why) {

    /** The operations a preparation step may perform on the engine's volume. */
    public enum Op {
        /** {@code mkdir -p PATH}. */
        MKDIR,
        /** {@code chattr +c PATH}: set the compression flag (F2FS_COMPR_FL) on a directory; new files inherit it. */
        CHATTR_COMPRESS,
        /** A tool command run to completion (P2's {@code dd if=/dev/zero of=dummy …}). */
        RUN,
        /** {@code echo 3 > /proc/sys/vm/drop_caches}: drop the page cache, dentries and inodes. */
        DROP_CACHES;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Op of(String s) {
            for (Op o : values()) if (o.label().equals(s)) return o;
            throw new IllegalArgumentException("unknown op '" + s + "' (known: mkdir, chattr_compress, run, drop_caches)");
        }
    }

    public PreparationStep {
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(command, "command");
        TreeMap<String, List<Object>> w = new TreeMap<>();
        (when == null ? Map.<String, List<Object>>of() : when).forEach((k, v) -> w.put(k, List.copyOf(v)));
        when = Collections.unmodifiableMap(w);
        if ((op == Op.MKDIR || op == Op.CHATTR_COMPRESS) && (path == null || !path.startsWith("/"))) {
            throw new IllegalArgumentException(op.label() + " needs an absolute path on the volume");
        }
    }

    public boolean appliesTo(Map<String, Object> params) {
        return Conditions.matches(when, params);
    }
}
