package org.f2fsobs.bench.script;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.f2fsobs.bench.tool.dispatch.VolumePaths;

/**
 * The file commands of a script, with coreutils' and util-linux's syntax where the model follows it: {@code truncate
 * -s SIZE [-c] FILE…}, {@code fallocate [-o OFFSET] -l LENGTH FILE}, {@code mkdir [-p] DIR…}, {@code rm [-r] [-f]
 * PATH…}, {@code touch FILE…}, {@code cp SRC DST}, {@code chattr +c PATH…}, {@code f2fs_io setflags compression PATH}, {@code cd DIR}, and
 * writes into a file from {@code echo} or a here-document. Unknown commands end here, refused by name.
 */
final class FileLines {
    private final ScriptState st;

    FileLines(ScriptState st) {
        this.st = st;
    }

    void parse(String name, List<String> args, ScriptLine.Source src) {
        switch (name) {
            case "truncate" -> truncate(args, src);
            case "fallocate" -> fallocate(args, src);
            case "mkdir" -> mkdir(args, src);
            case "touch" -> touch(args, src);
            case "rm" -> rm(args, src);
            case "cp" -> cp(args, src);
            case "chattr" -> chattr(args, src);
            case "f2fs_io" -> f2fsIo(args, src);
            case "cd" -> cd(args, src);
            default -> throw new ScriptException.Why("unknown command '" + name + "': script lines run " + String.join(", ",
                    new java.util.TreeSet<>(Commands.NAMES)) + " (docs/tools.md, \"Scripts\")");
        }
    }

    private void truncate(List<String> args, ScriptLine.Source src) {
        Long size = null;
        boolean noCreate = false;
        List<String> paths = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("-s") || a.equals("--size")) {
                if (i + 1 >= args.size()) throw new ScriptException.Why("truncate -s needs a size");
                size = Sizes.bytes("truncate -s", args.get(++i));
            } else if (a.startsWith("--size=")) {
                size = Sizes.bytes("truncate --size", a.substring(7));
            } else if (a.startsWith("-s") && a.length() > 2) {
                size = Sizes.bytes("truncate -s", a.substring(2));
            } else if (a.equals("-c") || a.equals("--no-create")) {
                noCreate = true;
            } else if (a.startsWith("-")) {
                throw new ScriptException.Why("truncate option " + a + " is not modelled (modelled: -s SIZE, -c)");
            } else {
                paths.add(a);
            }
        }
        if (size == null) throw new ScriptException.Why("truncate needs -s SIZE");
        if (paths.isEmpty()) throw new ScriptException.Why("truncate needs a file");
        for (String p : paths) {
            String v = st.onVolume(src, p, Set.of());
            if (noCreate && !st.files.contains(v)) continue;
            st.files.add(v);
        }
        st.add(new ScriptLine.Truncate(src, paths, size, noCreate));
    }

    private void fallocate(List<String> args, ScriptLine.Source src) {
        long offset = 0;
        Long length = null;
        String path = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "-l", "--length" -> length = Sizes.bytes("fallocate -l", value(args, ++i, a));
                case "-o", "--offset" -> offset = Sizes.bytes("fallocate -o", value(args, i++ + 1, a));
                default -> {
                    if (a.startsWith("-")) {
                        throw new ScriptException.Why("fallocate option " + a + " is not modelled (modelled: -l LENGTH, -o OFFSET: mode 0)");
                    }
                    if (path != null) throw new ScriptException.Why("fallocate takes one file");
                    path = a;
                }
            }
        }
        if (length == null || length <= 0) throw new ScriptException.Why("fallocate needs -l LENGTH (more than 0)");
        if (path == null) throw new ScriptException.Why("fallocate needs a file");
        st.files.add(st.onVolume(src, path, Set.of()));
        st.add(new ScriptLine.Fallocate(src, path, offset, length, false));
    }

    private static String value(List<String> args, int i, String opt) {
        if (i >= args.size()) throw new ScriptException.Why(opt + " needs a value");
        return args.get(i);
    }

    private void mkdir(List<String> args, ScriptLine.Source src) {
        boolean parents = false;
        List<String> paths = new ArrayList<>();
        for (String a : args) {
            if (a.equals("-p") || a.equals("--parents")) parents = true;
            else if (a.startsWith("-")) throw new ScriptException.Why("mkdir option " + a + " is not modelled (modelled: -p)");
            else paths.add(a);
        }
        if (paths.isEmpty()) throw new ScriptException.Why("mkdir needs a directory");
        ScriptLine.Mkdir line = new ScriptLine.Mkdir(src, paths, parents);
        if (st.mountPoint == null && paths.stream().allMatch(p -> p.startsWith("/"))) {
            st.pendingMkdir(line);                           // a later mount point, or the volume's once a line needs it
            return;
        }
        for (String p : paths) st.onVolume(src, p, Set.of());
        st.add(line);
    }

    private void touch(List<String> args, ScriptLine.Source src) {
        if (args.isEmpty()) throw new ScriptException.Why("touch needs a file");
        for (String a : args) {
            if (a.startsWith("-")) throw new ScriptException.Why("touch option " + a + " is not modelled (timestamps are not kept)");
        }
        for (String p : args) st.files.add(st.onVolume(src, p, Set.of()));
        st.add(new ScriptLine.Touch(src, args));
    }

    private void rm(List<String> args, ScriptLine.Source src) {
        boolean recursive = false, force = false;
        List<String> paths = new ArrayList<>();
        for (String a : args) {
            if (a.matches("-[rRf]+")) {
                recursive |= a.contains("r") || a.contains("R");
                force |= a.contains("f");
            } else if (a.startsWith("-")) {
                throw new ScriptException.Why("rm option " + a + " is not modelled (modelled: -r, -f)");
            } else {
                paths.add(a);
            }
        }
        if (paths.isEmpty()) throw new ScriptException.Why("rm needs a path");
        for (String p : paths) {
            String v = st.onVolume(src, p, Set.of());
            if (v.equals("/")) throw new ScriptException.Why("rm of the volume root is not modelled");
            st.removed(v);
        }
        st.add(new ScriptLine.Remove(src, paths, recursive, force));
    }

    private void cp(List<String> args, ScriptLine.Source src) {
        if (args.size() != 2 || args.stream().anyMatch(a -> a.startsWith("-"))) {
            throw new ScriptException.Why("cp is modelled as cp SRC DST (one file, no options)");
        }
        String from = st.onVolume(src, args.get(0), Set.of());
        if (!st.files.contains(from)) throw new ScriptException.Why("cp: " + args.get(0) + ": no earlier line creates this file");
        st.files.add(st.onVolume(src, args.get(1), Set.of()));
        st.add(new ScriptLine.Copy(src, args.get(0), args.get(1)));
    }

    private void chattr(List<String> args, ScriptLine.Source src) {
        if (args.size() < 2 || !args.get(0).equals("+c")) {
            throw new ScriptException.Why("chattr is modelled as chattr +c PATH (the compression flag); other attributes are not");
        }
        for (String p : args.subList(1, args.size())) {
            st.onVolume(src, p, Set.of());
            st.add(new ScriptLine.SetCompression(src, p));
        }
    }

    private void f2fsIo(List<String> args, ScriptLine.Source src) {
        if (args.size() != 3 || !args.get(0).equals("setflags") || !args.get(1).equals("compression")) {
            throw new ScriptException.Why("f2fs_io is modelled as f2fs_io setflags compression PATH; other f2fs_io commands are not");
        }
        st.onVolume(src, args.get(2), Set.of());
        st.add(new ScriptLine.SetCompression(src, args.get(2)));
    }

    private void cd(List<String> args, ScriptLine.Source src) {
        if (args.size() != 1 || args.get(0).equals("-")) throw new ScriptException.Why("cd needs one directory");
        String p = args.get(0);
        if (VolumePaths.kernelTree(p) != null) throw new ScriptException.Why("cd " + p + ": the kernel's trees are not simulated");
        st.cwd = st.absolute(p);
        st.add(new ScriptLine.ChangeDir(src, st.cwd));
    }

    /** echo TEXT > FILE, cat > FILE <<EOF: a file on the volume (/dev/null discards). */
    void write(String target, String content, boolean append, ScriptLine.Source src, Commands commands) {
        if (target.equals(VolumePaths.DEV_NULL)) {
            st.add(new ScriptLine.Matching(src, "written to /dev/null, which discards it"));
            return;
        }
        String v = st.onVolume(src, target, Set.of());
        st.files.add(v);
        commands.wrote(v, content, append);
        st.add(new ScriptLine.WriteFile(src, target, content, append));
    }
}
