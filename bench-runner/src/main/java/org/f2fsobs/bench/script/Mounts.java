package org.f2fsobs.bench.script;

import java.util.ArrayList;
import java.util.List;
import org.f2fsobs.bench.tool.dispatch.VolumePaths;

/**
 * {@code mount [-t f2fs] [-o OPTIONS] DEVICE DIR}, {@code mount -o remount[,OPTIONS] DIR} and {@code umount DIR|DEVICE}
 * (util-linux syntax). The device may have any name: it means the profile's device. Options are the F2FS mount
 * options the model reads (F2fsOptions.withMountOptions: modelled, accepted as the model's own behaviour, or refused).
 */
final class Mounts {
    private Mounts() {}

    static void mount(ScriptState st, List<String> args, ScriptLine.Source src) {
        String type = null;
        List<String> options = new ArrayList<>();
        List<String> positional = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("-t") || a.equals("-o")) {
                if (i + 1 >= args.size()) throw new ScriptException.Why("mount " + a + " needs a value");
                if (a.equals("-t")) type = args.get(++i);
                else options.add(args.get(++i));
            } else if (a.startsWith("-o") && a.length() > 2) {
                options.add(a.substring(2));
            } else if (a.startsWith("-")) {
                throw new ScriptException.Why("mount option " + a + " is not modelled (modelled: -t f2fs, -o OPTIONS)");
            } else {
                positional.add(a);
            }
        }
        if (type != null && !type.equals("f2fs")) throw new ScriptException.Why("mount -t " + type + ": only F2FS is simulated");
        List<String> opts = new ArrayList<>();
        boolean remount = false;
        for (String o : options) {
            for (String x : o.split(",")) {
                if (x.isEmpty()) continue;
                if (x.equals("remount")) remount = true;
                else if (x.equals("ro")) throw new ScriptException.Why("a read-only mount (ro) is not modelled");
                else opts.add(x);
            }
        }
        String text = String.join(",", opts);
        Commands.checkMountOptions(text, st.machine, st.formatted ? st.features : null);
        if (remount) {
            remount(st, positional, text, src);
            return;
        }
        if (positional.size() != 2) throw new ScriptException.Why("mount needs a device and a directory (mount [-o OPTIONS] DEVICE DIR)");
        if (!st.formatted) throw new ScriptException.Why("the device holds no F2FS yet: format it first (make_f2fs / mkfs.f2fs)");
        if (st.mountPoint != null) throw new ScriptException.Why("the volume is already mounted at " + st.mountPoint);
        String dir = positional.get(1);
        if (VolumePaths.kernelTree(dir.startsWith("/") ? dir : "/" + dir) != null || dir.indexOf('\0') >= 0) {
            throw new ScriptException.Why("mount point " + dir + ": not a place for the volume (under /dev, /proc or /sys)");
        }
        String base = st.cwd != null ? st.cwd : "/";
        String point = ScriptState.normalize(base, dir);
        st.inUse = true;
        st.mounted(point);
        st.mountPoint = point;
        st.nextMountPoint = point;
        st.add(new ScriptLine.Mount(src, text, point, false));
    }

    private static void remount(ScriptState st, List<String> positional, String text, ScriptLine.Source src) {
        if (st.mountPoint == null) throw new ScriptException.Why("mount -o remount: the volume is not mounted");
        if (positional.isEmpty() || positional.size() > 2) throw new ScriptException.Why("mount -o remount needs the mount point");
        String dir = positional.get(positional.size() - 1);
        if (!isMountPoint(st, dir)) {
            throw new ScriptException.Why("mount -o remount " + dir + ": the volume is mounted at " + st.mountPoint);
        }
        st.add(new ScriptLine.Remount(src, text));
    }

    static void umount(ScriptState st, List<String> args, ScriptLine.Source src) {
        if (args.size() != 1 || args.get(0).startsWith("-")) throw new ScriptException.Why("umount takes the mount point or the device, and no options");
        if (st.mountPoint == null) throw new ScriptException.Why("umount: the volume is not mounted");
        String a = args.get(0);
        if (!isMountPoint(st, a) && !a.startsWith("/dev/")) {
            throw new ScriptException.Why("umount " + a + ": not mounted (the volume is mounted at " + st.mountPoint + ")");
        }
        st.mountPoint = null;
        st.add(new ScriptLine.Umount(src));
    }

    private static boolean isMountPoint(ScriptState st, String dir) {
        try {
            return ScriptState.normalize(st.cwd != null ? st.cwd : "/", dir).equals(st.mountPoint);
        } catch (ScriptException.Why e) {
            return false;
        }
    }
}
