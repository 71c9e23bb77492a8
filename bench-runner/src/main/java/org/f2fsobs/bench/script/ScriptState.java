package org.f2fsobs.bench.script;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.f2fsobs.bench.tool.ToolInvocation;
import org.f2fsobs.bench.tool.dispatch.VolumePaths;
import org.f2fsobs.bench.tool.fio.FioCommand;
import org.f2fsobs.bench.tool.fio.FioJob;
import org.f2fsobs.engine.platform.Profile;

/**
 * What the parser knows about the machine as the script goes, so that every line is checked before anything runs:
 * whether the device holds an F2FS, where the volume is mounted (an implied mount goes where the last mount went,
 * "/" at first), the shell's current directory, whether the machine is in use yet (device set-up must come first),
 * and which files earlier lines create (a dd input that nothing created is refused). Paths follow contracts.md §6.
 */
final class ScriptState {
    final List<ScriptLine> lines = new ArrayList<>();
    Profile machine;
    final String mkfsOption;
    final String mountOption;
    boolean formatted;
    boolean formattedByScript;
    /** The features (mkfs.f2fs -O) of the device's F2FS, as the last format made it. */
    java.util.List<String> features = java.util.List.of();
    /** Where the volume is mounted now (absolute, normalized), or null. */
    String mountPoint;
    /** Where an implied mount goes. */
    String nextMountPoint = "/";
    /** The shell's current directory (absolute, normalized), or null: the volume's root, wherever it is mounted. */
    String cwd;
    boolean inUse;
    boolean nullBlkLoaded;
    int impliedMounts;
    /** mkdir lines seen while nothing was mounted (indices into {@link #lines}): a mount point, or the volume's. */
    private final List<Integer> pendingMkdirs = new ArrayList<>();
    /** Volume paths (from the root, normalized) that earlier lines create. */
    final Set<String> files = new TreeSet<>();

    ScriptState(Profile machine, String mkfsOption, String mountOption, boolean scriptFormats) {
        this.machine = machine;
        this.mkfsOption = mkfsOption;
        this.mountOption = mountOption;
        this.formatted = !scriptFormats;
        if (!scriptFormats) {
            try {
                this.features = org.f2fsobs.engine.f2fs.Mkfs.Options.parse(mkfsOption).features();
            } catch (RuntimeException e) {
                this.features = java.util.List.of();     // --mkfs errors are reported where the implied format is made
            }
        }
    }

    void add(ScriptLine l) {
        lines.add(l);
    }

    /** The volume must be there for this line: mounted, or mounted now by an implied mount. */
    void needVolume(ScriptLine.Source src) {
        inUse = true;
        if (mountPoint != null) return;
        if (!formatted) {
            throw new ScriptException.Why("the device holds no F2FS yet: the script formats it (make_f2fs / mkfs.f2fs) later, and "
                    + "a blank null_blk cannot be mounted");
        }
        mountPoint = nextMountPoint;
        impliedMounts++;
        Commands.checkMountOptions(mountOption, machine, features);
        ScriptLine.Mount m = new ScriptLine.Mount(src, mountOption, mountPoint, true);
        if (pendingMkdirs.isEmpty()) {
            add(m);
            return;
        }
        lines.add(pendingMkdirs.get(0), m);                  // the directories are the volume's: mount before them
        List<Integer> pending = List.copyOf(pendingMkdirs);
        pendingMkdirs.clear();
        for (int idx : pending) {
            ScriptLine.Mkdir d = (ScriptLine.Mkdir) lines.get(idx + 1);
            try {
                for (String p : d.paths()) onVolume(d.source(), p, Set.of());
            } catch (ScriptException.Why w) {
                throw new ScriptException(d.source().number(), d.source().text(), w.getMessage());
            }
        }
    }

    /** A mkdir while nothing is mounted: decided by what comes next ({@link #mounted}, {@link #needVolume}). */
    void pendingMkdir(ScriptLine.Mkdir line) {
        pendingMkdirs.add(lines.size());
        add(line);
    }

    /** An explicit mount at {@code point}: the pending mkdirs must have made it (they are on the host's root). */
    void mounted(String point) {
        for (int idx : pendingMkdirs) {
            ScriptLine.Mkdir d = (ScriptLine.Mkdir) lines.get(idx);
            for (String p : d.paths()) {
                String n = normalize("/", p);
                if (!point.equals(n) && !point.startsWith(n.equals("/") ? "/" : n + "/")) {
                    throw new ScriptException(d.source().number(), d.source().text(), "mkdir " + p + " while the volume is not "
                            + "mounted: it is not the mount point " + point + " of the next mount, and nothing but the volume is simulated");
                }
            }
            lines.set(idx, new ScriptLine.Matching(d.source(), "makes the mount point " + point + " on the machine's root (not simulated)"));
        }
        pendingMkdirs.clear();
    }

    /** At the end: mkdirs still pending are on the volume (mounted by an implied mount). */
    void finish(ScriptLine.Source last) {
        if (!pendingMkdirs.isEmpty()) needVolume(last);
    }

    /** "/a/b/.." → "/a"; a relative path against {@code base}; ".." above "/" is refused by name. */
    static String normalize(String base, String path) {
        List<String> parts = new ArrayList<>();
        String whole = path.startsWith("/") ? path : base + "/" + path;
        for (String p : whole.split("/")) {
            if (p.isEmpty() || p.equals(".")) continue;
            if (p.equals("..")) {
                if (parts.isEmpty()) throw new ScriptException.Why("'..' in " + path + " climbs above the volume root");
                parts.remove(parts.size() - 1);
            } else {
                parts.add(p);
            }
        }
        return "/" + String.join("/", parts);
    }

    /** The absolute host path of {@code path} as the shell sees it now. */
    String absolute(String path) {
        if (path.indexOf('\0') >= 0) throw new ScriptException.Why("a path with a NUL byte is refused");
        if (path.isEmpty()) throw new ScriptException.Why("an empty path");
        String base = cwd != null ? cwd : mountPoint != null ? mountPoint : nextMountPoint;
        if (!path.startsWith("/") && VolumePaths.climbsAboveRoot(path, depth(base) - depth(volumeRoot()))) {
            throw new ScriptException.Why("'..' in " + path + " climbs above the volume root");
        }
        return normalize(base, path);
    }

    private String volumeRoot() {
        return mountPoint != null ? mountPoint : nextMountPoint;
    }

    private static int depth(String abs) {
        return abs.equals("/") ? 0 : abs.split("/").length - 1;
    }

    /**
     * The path of a file on the volume, from its root ("/x"), for a line that needs the volume. Special files and the
     * kernel's trees are refused (unless {@code special} allows that file), as is anything outside the mount point.
     */
    String onVolume(ScriptLine.Source src, String path, Set<String> special) {
        Optional<String> why = VolumePaths.refusal(path, special, 0);
        if (path.startsWith("/") && why.isPresent()) throw new ScriptException.Why(path + ": " + why.get());
        if (special.contains(path)) return path;
        needVolume(src);
        String abs = absolute(path);
        if (VolumePaths.kernelTree(abs) != null) throw new ScriptException.Why(path + ": " + VolumePaths.refusal(abs, special, 0).orElseThrow());
        String root = mountPoint;
        if (root.equals("/")) return abs;
        if (abs.equals(root)) return "/";
        if (!abs.startsWith(root + "/")) {
            throw new ScriptException.Why(path + " is not on the simulated volume, which is mounted at " + root
                    + " (everything else of the machine is not simulated)");
        }
        return abs.substring(root.length());
    }

    /** Checks every path a tool names (the §6 rule and the mount point) and notes the files it creates. */
    void toolPaths(ScriptLine.Source src, ToolInvocation inv) {
        for (VolumePaths.Use u : VolumePaths.uses(inv)) {
            String p = u.path();
            if (u.option().equals("filename=") && inv instanceof FioCommand) continue;   // checked with its directory below
            onVolume(src, p, u.specialAllowed());
        }
        if (inv instanceof FioCommand f) {
            for (FioJob j : f.jobs()) {
                for (int c = 0; c < Math.max(1, j.numjobs()); c++) {
                    String name = j.fileName(c);
                    files.add(onVolume(src, name, Set.of()));
                }
            }
        }
    }

    /** The current directory's depth below the volume root, for tool paths (0 when the shell is at the root). */
    int cwdDepth() {
        if (cwd == null || mountPoint == null) return 0;
        if (mountPoint.equals("/")) return depth(cwd);
        return cwd.startsWith(mountPoint + "/") ? depth(cwd) - depth(mountPoint) : 0;
    }

    /** Forgets {@code volumePath} and, recursively, everything under it. */
    void removed(String volumePath) {
        files.removeIf(f -> f.equals(volumePath) || f.startsWith(volumePath.equals("/") ? "/" : volumePath + "/"));
    }
}
