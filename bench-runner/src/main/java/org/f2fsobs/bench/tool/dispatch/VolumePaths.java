package org.f2fsobs.bench.tool.dispatch;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.f2fsobs.bench.tool.ToolInvocation;
import org.f2fsobs.bench.tool.ToolUsageException;
import org.f2fsobs.bench.tool.dd.DdJob;
import org.f2fsobs.bench.tool.fio.FioCommand;
import org.f2fsobs.bench.tool.fio.FioJob;
import org.f2fsobs.bench.tool.iozone.IozoneJob;
import org.f2fsobs.bench.tool.tiotest.TiotestJob;

/**
 * contracts.md §6 "Paths", one rule for commands and scripts: every path lives on the simulated volume; the special
 * files are {@code /dev/zero}, {@code /dev/null} and {@code /dev/urandom} (where the tool's role can use them: dd reads
 * and writes them, the other tools name files); anything else under {@code /dev}, {@code /proc} or {@code /sys} (a raw
 * device included), a path with a NUL byte, and a {@code ..} that climbs above the volume root are refused by name
 * when the command is submitted, never accepted and failed later. Scripts write the kernel's knobs with {@code echo}
 * lines, which {@code org.f2fsobs.bench.script} checks on its own.
 */
public final class VolumePaths {
    public static final String DEV_ZERO = "/dev/zero";
    public static final String DEV_NULL = "/dev/null";
    public static final String DEV_URANDOM = "/dev/urandom";
    /** The special files of the simulated machine. */
    public static final Set<String> SPECIAL_FILES = Set.of(DEV_ZERO, DEV_NULL, DEV_URANDOM);
    private static final Set<String> DD_INPUTS = Set.of(DEV_ZERO, DEV_URANDOM, DEV_NULL);
    private static final Set<String> DD_OUTPUTS = Set.of(DEV_NULL, DEV_ZERO);

    private VolumePaths() {}

    /** One path a command names: the option that names it, the path, and the special files that option may name. */
    public record Use(String tool, String option, String path, Set<String> specialAllowed) {}

    /** Every path {@code inv} names (dd's if/of, fio's directory and filename, iozone's -f, tiotest's -d). */
    public static List<Use> uses(ToolInvocation inv) {
        List<Use> out = new ArrayList<>();
        switch (inv) {
            case DdJob d -> {
                if (d.inputFile() != null) out.add(new Use("dd", "if=", d.inputFile(), DD_INPUTS));
                if (d.outputFile() != null) out.add(new Use("dd", "of=", d.outputFile(), DD_OUTPUTS));
            }
            case FioCommand f -> {
                for (FioJob j : f.jobs()) {
                    if (j.directory() != null && !j.directory().isEmpty()) out.add(new Use("fio", "directory=", j.directory(), Set.of()));
                    if (j.filename() != null) out.add(new Use("fio", "filename=", j.filename(), Set.of()));
                }
            }
            case IozoneJob i -> out.add(new Use("iozone", "-f ", i.file(), Set.of()));
            case TiotestJob t -> {
                for (String d : t.directories()) out.add(new Use("tiotest", "-d ", d, Set.of()));
            }
            default -> { }
        }
        return out;
    }

    /** Refuses (ToolUsageException) the first path of {@code inv} that breaks the rule; {@code cwdDepth} as in {@link #refusal}. */
    public static void check(ToolInvocation inv, int cwdDepth) {
        for (Use u : uses(inv)) {
            Optional<String> why = refusal(u.path(), u.specialAllowed(), cwdDepth);
            if (why.isPresent()) {
                throw new ToolUsageException(u.tool(), u.option() + printable(u.path()), u.tool() + ": " + u.option().trim() + " "
                        + printable(u.path()) + ": " + why.get());
            }
        }
    }

    /**
     * Why {@code path} may not be used, or empty: a NUL byte; a path under /dev, /proc or /sys other than the
     * {@code specialAllowed} files; a ".." that climbs above the volume root, counting from {@code cwdDepth} directories
     * below it for a relative path (0: the root).
     */
    public static Optional<String> refusal(String path, Set<String> specialAllowed, int cwdDepth) {
        if (path.indexOf('\0') >= 0) return Optional.of("a path with a NUL byte is refused");
        if (path.isEmpty()) return Optional.of("an empty path");
        if (specialAllowed.contains(path)) return Optional.empty();
        String top = kernelTree(path);
        if (top != null) {
            if (SPECIAL_FILES.contains(path)) return Optional.of(path + " cannot be used here (only as dd's input or output)");
            return Optional.of(switch (top) {
                case "/dev" -> "a device node is not simulated: under /dev only /dev/zero, /dev/null and /dev/urandom exist "
                        + "(the benchmark's files live on the simulated volume; name the device only in insmod, mkfs and mount lines)";
                default -> "under " + top + " only the kernel knobs the engine models exist, and only a script's echo lines "
                        + "write them (docs/tools.md, \"Scripts\")";
            });
        }
        if (climbsAboveRoot(path, cwdDepth)) return Optional.of("'..' climbs above the volume root");
        return Optional.empty();
    }

    /** "/dev", "/proc" or "/sys" when {@code path} lies in that tree (after "." and ".." are taken out), else null. */
    public static String kernelTree(String path) {
        if (!path.startsWith("/")) return null;
        List<String> parts = new ArrayList<>();
        for (String p : path.split("/")) {
            if (p.isEmpty() || p.equals(".")) continue;
            if (p.equals("..")) {
                if (!parts.isEmpty()) parts.remove(parts.size() - 1);
            } else {
                parts.add(p);
            }
        }
        if (parts.isEmpty()) return null;
        String first = parts.get(0);
        return first.equals("dev") || first.equals("proc") || first.equals("sys") ? "/" + first : null;
    }

    /** Whether the ".." components of {@code path} go above the root (relative paths start {@code cwdDepth} deep). */
    public static boolean climbsAboveRoot(String path, int cwdDepth) {
        int depth = path.startsWith("/") ? 0 : cwdDepth;
        for (String p : path.split("/")) {
            if (p.isEmpty() || p.equals(".")) continue;
            if (p.equals("..")) {
                if (--depth < 0) return true;
            } else {
                depth++;
            }
        }
        return false;
    }

    private static String printable(String path) {
        return path.replace("\0", "\\0");
    }
}
