package org.f2fsobs.bench.runner;

import org.f2fsobs.bench.script.ScriptLine;
import org.f2fsobs.engine.f2fs.F2fsException;
import org.f2fsobs.engine.f2fs.Volume;
import org.f2fsobs.engine.f2fs.file.FileData;
import org.f2fsobs.engine.sim.SimTask;

/**
 * The file commands of a script on the mounted volume, as system calls: truncate (open + ftruncate: holes stay
 * unallocated), fallocate (mode 0), chattr +c (one ioctl), mkdir, rm (unlink, rmdir, recursively with -r), cp (read
 * and write, content copied by reference), and writes from here-documents and echo. Missing parent directories are
 * created (contracts.md §6); a missing file without {@code rm -f}, or an existing one for {@code mkdir}, fails as the
 * command would.
 */
final class FileCommands {
    private FileCommands() {}

    static void run(SimTask t, Volume v, WorkloadEnv env, ScriptLine line) {
        switch (line) {
            case ScriptLine.Truncate tr -> {
                for (String p : tr.paths()) {
                    if (tr.noCreate() && !exists(t, v, p)) continue;
                    int fd = open(t, v, p, Volume.O_CREAT | Volume.O_WRONLY);
                    v.ftruncate(t, fd, tr.size());
                    v.close(t, fd);
                }
            }
            case ScriptLine.Fallocate f -> {
                int fd = open(t, v, f.path(), Volume.O_CREAT | Volume.O_WRONLY);
                v.fallocate(t, fd, f.offset(), f.length());
                v.close(t, fd);
            }
            case ScriptLine.SetCompression c -> {
                if (!exists(t, v, c.path())) throw new F2fsException("ENOENT", "chattr: " + c.path() + ": No such file or directory");
                if (v.isDirectory(t, c.path())) v.mkdirs(t, c.path(), true);   // FS_IOC_SETFLAGS on the directory
                else v.setCompression(t, c.path());
            }
            case ScriptLine.Mkdir m -> {
                for (String p : m.paths()) {
                    if (!m.parents() && exists(t, v, p)) throw new F2fsException("EEXIST", "mkdir: " + p + ": File exists");
                    v.mkdirs(t, p, false);
                }
            }
            case ScriptLine.Touch to -> {
                for (String p : to.paths()) {
                    if (!exists(t, v, p)) v.close(t, open(t, v, p, Volume.O_CREAT | Volume.O_WRONLY));
                }
            }
            case ScriptLine.Remove r -> {
                for (String p : r.paths()) remove(t, v, p, r.recursive(), r.force());
            }
            case ScriptLine.Copy c -> copy(t, v, env, c.from(), c.to());
            case ScriptLine.WriteFile w -> {
                int fd = open(t, v, w.path(), Volume.O_CREAT | Volume.O_WRONLY | (w.append() ? Volume.O_APPEND : Volume.O_TRUNC));
                long start = w.append() ? v.openFile(fd).inode.isize : 0;
                byte[] b = w.content().getBytes(java.nio.charset.StandardCharsets.UTF_8);
                if (b.length > 0) v.pwrite(t, fd, start, b.length, ScriptShell.bytes(env.registry(), w.content(), start));
                v.close(t, fd);
            }
            default -> throw new Execution.RunInputException("script line " + line.source().number() + " '" + line.source().text()
                    + "' cannot run here (a crash check replays the lines between the mount and the measured run)");
        }
    }

    /** Whether {@code path} exists (a missing parent directory means it does not). */
    private static boolean exists(SimTask t, Volume v, String path) {
        try {
            return v.lookup(t, path) != null;
        } catch (F2fsException e) {
            if (e.errno().equals("ENOENT")) return false;
            throw e;
        }
    }

    private static int open(SimTask t, Volume v, String path, int flags) {
        int slash = path.lastIndexOf('/');
        if (slash > 0) v.mkdirs(t, path.substring(0, slash), false);
        return v.open(t, path, flags);
    }

    private static void remove(SimTask t, Volume v, String p, boolean recursive, boolean force) {
        if (!exists(t, v, p)) {
            if (force) return;
            throw new F2fsException("ENOENT", "rm: cannot remove '" + p + "': No such file or directory");
        }
        if (!v.isDirectory(t, p)) {
            v.unlink(t, p);
            return;
        }
        if (!recursive) throw new F2fsException("EISDIR", "rm: cannot remove '" + p + "': Is a directory");
        for (String child : v.list(t, p)) remove(t, v, p + "/" + child, true, force);
        v.rmdir(t, p);
    }

    /** cp SRC DST: the file read through the page cache and written, each page by its content reference. */
    private static void copy(SimTask t, Volume v, WorkloadEnv env, String from, String to) {
        String target = v.isDirectory(t, to) ? to + "/" + from.substring(from.lastIndexOf('/') + 1) : to;
        int in = v.open(t, from, Volume.O_RDONLY);
        int out = open(t, v, target, Volume.O_CREAT | Volume.O_WRONLY | Volume.O_TRUNC);
        long size = v.openFile(in).inode.isize;
        final long chunk = 128 * 1024;                       // coreutils' cp buffer (io_blksize)
        for (long pos = 0; pos < size; pos += chunk) {
            env.checkCancelled();
            long want = Math.min(chunk, size - pos);
            long[] refs = new long[(int) (want + 4095) / 4096];
            long base = pos;
            long got = v.pread(t, in, pos, want, (idx, ref, o, n) -> refs[(int) (idx - base / 4096)] = ref);
            if (got <= 0) break;
            v.pwrite(t, out, pos, got, copied(env, refs, base));
        }
        v.close(t, in);
        v.close(t, out);
    }

    private static FileData copied(WorkloadEnv env, long[] refs, long base) {
        long first = base / 4096;
        return new FileData() {
            @Override
            public long pageRef(long pageIndex) {
                long ref = refs[(int) (pageIndex - first)];
                return ref == 0 ? env.registry().zeroRef() : ref;    // a hole reads as zeros, and is copied as such
            }

            @Override
            public void fill(long fileOffset, byte[] dst, int off, int len) {
                long ref = refs[(int) (fileOffset / 4096 - first)];
                byte[] page = ref == 0 ? new byte[4096] : env.registry().bytes(ref);
                System.arraycopy(page, (int) (fileOffset % 4096), dst, off, len);
            }
        };
    }
}
