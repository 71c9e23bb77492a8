package org.f2fsobs.bench.scenario;

import java.util.Locale;
import org.f2fsobs.bench.script.ScriptLine;

/**
 * What a line of a scenario's script does before the measured command, as the preparation block of a result and the
 * crash checker see it (contracts.md §3 {@code preparation}): make a directory, set the compression flag, run a tool,
 * drop the caches, or any other script line.
 */
public final class PreparationStep {
    private PreparationStep() {}

    /** The kinds of preparation line. */
    public enum Op {
        /** {@code mkdir -p PATH}. */
        MKDIR,
        /** {@code chattr +c PATH}: set the compression flag (F2FS_COMPR_FL) on a directory; new files inherit it. */
        CHATTR_COMPRESS,
        /** A tool command run to completion (P2's {@code dd if=/dev/zero of=dummy …}). */
        RUN,
        /** {@code echo 3 > /proc/sys/vm/drop_caches}: drop the page cache. */
        DROP_CACHES,
        /** Any other script line (truncate, sync, a knob, …). */
        SHELL;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The kind of {@code line}. */
    public static Op classify(ScriptLine line) {
        return switch (line) {
            case ScriptLine.Mkdir m -> Op.MKDIR;
            case ScriptLine.SetCompression c -> Op.CHATTR_COMPRESS;
            case ScriptLine.Tool t -> Op.RUN;
            case ScriptLine.DropCaches d -> Op.DROP_CACHES;
            default -> Op.SHELL;
        };
    }

    /** The directory a line works on (mkdir's first, chattr's), as written, or null. */
    public static String path(ScriptLine line) {
        return switch (line) {
            case ScriptLine.Mkdir m -> m.paths().get(0);
            case ScriptLine.SetCompression c -> c.path();
            default -> null;
        };
    }

    /** The line as a command: a tool's command line, or the script line's text. */
    public static String command(ScriptLine line) {
        return line instanceof ScriptLine.Tool t ? t.command() : line.source().text();
    }
}
