package org.f2fsobs.bench.script;

import java.util.List;
import org.f2fsobs.engine.platform.Profile;

/**
 * A parsed script, ready to run: its lines in order (implied format and mounts made explicit) and the machine they
 * run on (the profile with the device that {@code insmod null_blk} and the boot-time knobs configure).
 *
 * @param lines   every line, in order
 * @param machine the profile as the script configures it
 * @param text    the script as given
 */
public record Script(List<ScriptLine> lines, Profile machine, String text) {
    public Script {
        lines = List.copyOf(lines);
    }

    /** The tool runs, in order: each is measured and gives one result. */
    public List<ScriptLine.Tool> tools() {
        return lines.stream().filter(l -> l instanceof ScriptLine.Tool).map(l -> (ScriptLine.Tool) l).toList();
    }
}
