package org.f2fsobs.bench.script;

import java.util.List;
import org.f2fsobs.bench.tool.ToolInvocation;
import org.f2fsobs.engine.f2fs.Mkfs;

/**
 * One parsed line of a script (a mail's Test section), in the order it runs. Paths are kept as written; the runner
 * resolves them in the machine's namespace (contracts.md §6 "Paths"), which {@link ScriptParser} has checked.
 */
public sealed interface ScriptLine {

    /** Where the line came from: its 1-based number in the script and its text. */
    Source source();

    record Source(int number, String text) {}

    /** {@code insmod null_blk …} / {@code modprobe null_blk …}: configures the machine's device (applied at boot). */
    record LoadNullBlk(Source source, NullBlk params) implements ScriptLine {}

    /** A line accepted because it matches what the model always does (e.g. {@code modprobe f2fs}); says why. */
    record Matching(Source source, String why) implements ScriptLine {}

    /** {@code make_f2fs} / {@code mkfs.f2fs}: formats the device (no virtual time: mkfs writes the raw device). */
    record Format(Source source, Mkfs.Options options, String optionsText, boolean implied) implements ScriptLine {}

    /** {@code mount}: mounts the volume at {@code mountPoint} with {@code options}; implied before a line that needs it. */
    record Mount(Source source, String options, String mountPoint, boolean implied) implements ScriptLine {}

    /** {@code mount -o remount,…}: f2fs_remount (default options, then these). */
    record Remount(Source source, String options) implements ScriptLine {}

    record Umount(Source source) implements ScriptLine {}

    /** fio, dd, iozone or tiotest, measured; {@code timed}: a {@code time} prefix (bash prints real/user/sys). */
    record Tool(Source source, String command, ToolInvocation invocation, boolean timed) implements ScriptLine {}

    /** {@code truncate -s SIZE FILE}: creates (unless {@code noCreate}) and sets the size, holes left unallocated. */
    record Truncate(Source source, List<String> paths, long size, boolean noCreate) implements ScriptLine {}

    /** {@code fallocate [-o OFF] -l LEN [-n] FILE}: mode 0 (or FALLOC_FL_KEEP_SIZE with -n). */
    record Fallocate(Source source, String path, long offset, long length, boolean keepSize) implements ScriptLine {}

    record Sync(Source source) implements ScriptLine {}

    /** {@code echo N > /proc/sys/vm/drop_caches}, N = 1 or 3. */
    record DropCaches(Source source, int value) implements ScriptLine {}

    /** {@code echo V > KNOB}: a kernel knob the engine models, applied when the line runs (or at boot). */
    record SetKnob(Source source, Knobs.Knob knob, long value, boolean atBoot) implements ScriptLine {}

    /** {@code chattr +c PATH} / {@code f2fs_io setflags compression PATH}: the compression flag (F2FS_COMPR_FL). */
    record SetCompression(Source source, String path) implements ScriptLine {}

    record Mkdir(Source source, List<String> paths, boolean parents) implements ScriptLine {}

    /** {@code touch FILE…}: creates missing files (timestamps are not modelled: an existing file is left as it is). */
    record Touch(Source source, List<String> paths) implements ScriptLine {}

    record Remove(Source source, List<String> paths, boolean recursive, boolean force) implements ScriptLine {}

    record Copy(Source source, String from, String to) implements ScriptLine {}

    /** {@code cat > FILE <<EOF} or {@code echo TEXT > FILE}: writes {@code content} to a file on the volume. */
    record WriteFile(Source source, String path, String content, boolean append) implements ScriptLine {}

    /** {@code sleep N}: virtual time passes; background threads (the flusher, the checkpoint thread) run. */
    record Sleep(Source source, long ns) implements ScriptLine {}

    /** {@code cd DIR}: relative paths start there (a missing directory is created, as missing parents are). */
    record ChangeDir(Source source, String path) implements ScriptLine {}
}
