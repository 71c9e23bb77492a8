package org.f2fsobs.engine.f2fs;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a mounted volume sits in the machine's name space: its mount point and the shell's current directory on it.
 * Paths become components from the volume root: an absolute path must lie under the mount point, a relative one
 * starts at the current directory; "." is dropped and ".." taken back, never above the volume root (the kernel would
 * stop at "/" and leave the volume; the simulation has nothing there).
 */
final class Namespace {
    private List<String> mountPoint = List.of();
    private List<String> cwd = List.of();

    void set(String mountPoint, String cwd) {
        this.mountPoint = List.copyOf(normalize(List.of(), mountPoint, mountPoint));
        this.cwd = List.copyOf(normalize(List.of(), cwd, cwd));
    }

    void chdir(List<String> parts) {
        this.cwd = List.copyOf(parts);
    }

    boolean isCwd(List<String> parts) {
        return parts.equals(cwd);
    }

    /** {@code path} as components from the volume root. */
    List<String> split(String path) {
        if (path.indexOf('\0') >= 0) throw new F2fsException("EINVAL", "a path with a NUL byte: " + path.replace('\0', '@'));
        if (!path.startsWith("/")) return normalize(cwd, path, path);
        List<String> abs = normalize(List.of(), path, path);
        if (abs.size() < mountPoint.size() || !abs.subList(0, mountPoint.size()).equals(mountPoint)) {
            throw new F2fsException("ENOENT", path + " is not on the simulated volume (mounted at /" + String.join("/", mountPoint) + ")");
        }
        return new ArrayList<>(abs.subList(mountPoint.size(), abs.size()));
    }

    private static List<String> normalize(List<String> base, String path, String whole) {
        List<String> parts = new ArrayList<>(base);
        for (String p : path.split("/")) {
            if (p.isEmpty() || p.equals(".")) continue;
            if (p.equals("..")) {
                if (parts.isEmpty()) throw new F2fsException("EINVAL", "'..' in " + whole + " climbs above the volume root");
                parts.remove(parts.size() - 1);
            } else {
                parts.add(p);
            }
        }
        return parts;
    }
}
