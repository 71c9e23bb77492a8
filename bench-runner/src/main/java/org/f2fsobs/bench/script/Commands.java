package org.f2fsobs.bench.script;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.f2fsobs.bench.tool.ToolInvocation;
import org.f2fsobs.bench.tool.ToolUsageException;
import org.f2fsobs.bench.tool.dd.DdDialect;
import org.f2fsobs.bench.tool.dd.DdJob;
import org.f2fsobs.bench.tool.dispatch.ToolCommandLine;
import org.f2fsobs.bench.tool.dispatch.VolumePaths;
import org.f2fsobs.bench.tool.fio.FioParser;
import org.f2fsobs.engine.f2fs.F2fsException;
import org.f2fsobs.engine.f2fs.F2fsOptions;
import org.f2fsobs.engine.f2fs.Mkfs;
import org.f2fsobs.engine.f2fs.Optimizations;

/**
 * The commands a script line may run, each parsed as the real command reads its arguments, and checked against
 * what the machine is at that point ({@link ScriptState}). Device set-up: insmod/modprobe null_blk, make_f2fs /
 * mkfs.f2fs, mount, umount, mount -o remount; files: truncate, fallocate, mkdir, rm, cp, cat/echo into a file,
 * chattr +c and f2fs_io setflags compression; the tools fio, dd, iozone, tiotest; sync, echo into the modelled knobs
 * (drop_caches included), sleep and cd. Anything else is refused by name.
 */
final class Commands {
    static final Set<String> NAMES = Set.of("insmod", "modprobe", "make_f2fs", "mkfs.f2fs", "mkfs", "mount", "umount",
            "truncate", "fallocate", "dd", "fio", "iozone", "tiotest", "sync", "echo", "cat", "chattr", "f2fs_io", "mkdir",
            "touch", "rm", "cp", "cd", "sleep", "sudo", "time");
    private static final Set<String> TOOLS = Set.of("dd", "fio", "iozone", "tiotest");

    private final ScriptState st;
    private final DdDialect ddDialect;
    /** Files written from here-documents, by volume path: fio reads its job files from them. */
    private final Map<String, String> written = new TreeMap<>();
    /** The exported variables: the environment the tools see (fio's ${VAR} in job files). */
    final Map<String, String> environment = new TreeMap<>();
    private FileLines files;

    Commands(ScriptState st, DdDialect ddDialect) {
        this.st = st;
        this.ddDialect = ddDialect;
    }

    static boolean isCommand(String word) {
        return NAMES.contains(word.substring(word.lastIndexOf('/') + 1));
    }

    void parse(List<String> w, ShellWords.Redirect redirect, String hereBody, boolean timed, ScriptLine.Source src) {
        String name = w.get(0).substring(w.get(0).lastIndexOf('/') + 1);
        if (redirect != null && !name.equals("echo") && !name.equals("cat")) {
            throw new ScriptException.Why("redirecting the output of " + name + " is not modelled: the tool's output is the run's output");
        }
        if (hereBody != null && !name.equals("cat")) throw new ScriptException.Why("a here-document is only modelled for cat > FILE");
        if (timed && !TOOLS.contains(name)) throw new ScriptException.Why("the time prefix is modelled on fio, dd, iozone and tiotest lines");
        if (files == null) files = new FileLines(st);
        List<String> args = w.subList(1, w.size());
        switch (name) {
            case "insmod", "modprobe" -> module(name, args, src);
            case "make_f2fs", "mkfs.f2fs" -> format(args, src);
            case "mkfs" -> {
                if (args.size() < 2 || !args.get(0).equals("-t") || !args.get(1).equals("f2fs")) {
                    throw new ScriptException.Why("mkfs makes only F2FS here (mkfs -t f2fs, mkfs.f2fs, make_f2fs)");
                }
                format(args.subList(2, args.size()), src);
            }
            case "mount" -> Mounts.mount(st, args, src);
            case "umount" -> Mounts.umount(st, args, src);
            case "dd", "fio", "iozone", "tiotest" -> tool(w, timed, src);
            case "sync" -> {
                if (!args.isEmpty()) throw new ScriptException.Why("sync with arguments is not modelled (sync alone syncs everything)");
                st.inUse = true;
                st.add(new ScriptLine.Sync(src));
            }
            case "echo" -> echo(args, redirect, src);
            case "cat" -> cat(args, redirect, hereBody, src);
            case "sleep" -> sleep(args, src);
            default -> files.parse(name, args, src);
        }
    }

    /** Records what a here-document or echo wrote, so fio can read it as a job file. */
    void wrote(String volumePath, String content, boolean append) {
        written.merge(volumePath, content, (a, b) -> append ? a + b : b);
    }

    private void module(String cmd, List<String> args, ScriptLine.Source src) {
        if (args.isEmpty()) throw new ScriptException.Why(cmd + " without a module");
        if (args.get(0).startsWith("-")) throw new ScriptException.Why(cmd + " " + args.get(0) + ": options are not modelled");
        String file = args.get(0).substring(args.get(0).lastIndexOf('/') + 1);
        String module = (file.endsWith(".ko") ? file.substring(0, file.length() - 3) : file).replace('-', '_');
        switch (module) {
            case "null_blk" -> {
                if (st.nullBlkLoaded) throw new ScriptException.Why("null_blk is already loaded (insmod: File exists)");
                if (st.inUse) throw new ScriptException.Why("null_blk must be loaded before the device is used: move this line up");
                NullBlk nb = NullBlk.parse(args.subList(1, args.size()), src.text());
                st.machine = nb.apply(st.machine);
                st.nullBlkLoaded = true;
                st.add(new ScriptLine.LoadNullBlk(src, nb));
            }
            case "f2fs" -> {
                if (args.size() > 1) throw new ScriptException.Why("f2fs module parameters are not modelled");
                st.add(new ScriptLine.Matching(src, "F2FS is always there in the model (built in)"));
            }
            default -> throw new ScriptException.Why("module " + module + " is not modelled (null_blk configures the device; f2fs is built in)");
        }
    }

    private void format(List<String> args, ScriptLine.Source src) {
        if (st.mountPoint != null) {
            throw new ScriptException.Why("the device is mounted at " + st.mountPoint + " (mkfs.f2fs: Mounted device!): umount it first");
        }
        List<String> opts = new ArrayList<>();
        List<String> positional = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("-f")) continue;                      // force: the model formats whatever the device holds
            if (a.equals("-s") || a.equals("-z") || a.equals("-o") || a.equals("-O")) {
                if (i + 1 >= args.size()) throw new ScriptException.Why("mkfs.f2fs: option " + a + " needs a value");
                opts.add(a);
                opts.add(args.get(++i));
            } else if (a.startsWith("-")) {
                throw new ScriptException.Why("mkfs.f2fs: option " + a + " is not modelled (modelled: -s, -z, -o, -O, and -f)");
            } else {
                positional.add(a);
            }
        }
        if (positional.isEmpty()) throw new ScriptException.Why("mkfs.f2fs needs the device (any name: it means the profile's device)");
        if (positional.size() > 1) throw new ScriptException.Why("mkfs.f2fs: a sector count (" + positional.get(1) + ") is not modelled: the whole device is formatted");
        String text = String.join(" ", opts);
        Mkfs.Options o = mkfsOptions(text);
        st.formatted = true;
        st.features = o.features();
        st.files.clear();
        written.clear();
        st.add(new ScriptLine.Format(src, o, text, false));
    }

    static Mkfs.Options mkfsOptions(String text) {
        try {
            return Mkfs.Options.parse(text);
        } catch (F2fsException e) {
            throw new ScriptException.Why(e.getMessage());
        }
    }

    /**
     * Mount options as the F2FS model of the machine's era reads them (EINVAL naming the option), and, when the device
     * holds an F2FS ({@code features} not null), the checks parse_options makes against its features.
     */
    static void checkMountOptions(String options, org.f2fsobs.engine.platform.Profile machine, List<String> features) {
        try {
            F2fsOptions o = F2fsOptions.defaults(Optimizations.linux614(), org.f2fsobs.engine.f2fs.F2fsEra.of(machine))
                    .withMountOptions(options);
            if (features != null) o.checkImage(features.contains("compression"));
        } catch (F2fsException | IllegalArgumentException e) {
            throw new ScriptException.Why(e.getMessage());
        }
    }

    private void tool(List<String> w, boolean timed, ScriptLine.Source src) {
        st.needVolume(src);
        ToolInvocation inv;
        try {
            String tool = w.get(0).substring(w.get(0).lastIndexOf('/') + 1);
            if (tool.equals("fio")) {
                inv = FioParser.parse(w, p -> jobFile(src, p), Map.copyOf(environment));
                VolumePaths.check(inv, st.cwdDepth());
            } else {
                inv = ToolCommandLine.parse(w, ddDialect, st.cwdDepth());
            }
        } catch (ToolUsageException e) {
            throw new ScriptException.Why(e.getMessage());
        }
        st.toolPaths(src, inv);
        if (inv instanceof DdJob d) {
            if (d.inputFile() != null && !VolumePaths.SPECIAL_FILES.contains(d.inputFile())) {
                String in = st.onVolume(src, d.inputFile(), Set.of());
                if (!st.files.contains(in)) {
                    throw new ScriptException.Why("dd: if=" + d.inputFile() + ": no earlier line creates this file on the simulated volume");
                }
            }
            if (d.outputFile() != null && !VolumePaths.SPECIAL_FILES.contains(d.outputFile())) {
                st.files.add(st.onVolume(src, d.outputFile(), Set.of()));
            }
        }
        st.add(new ScriptLine.Tool(src, ToolCommandLine.join(w), inv, timed));
    }

    private String jobFile(ScriptLine.Source src, String path) {
        String text = written.get(st.onVolume(src, path, Set.of()));
        if (text == null) {
            throw new ToolUsageException("fio", path, "fio: job file '" + path + "' is not written by an earlier line of the script "
                    + "(write it with cat > FILE <<EOF … EOF)");
        }
        return text;
    }

    private void echo(List<String> args, ShellWords.Redirect redirect, ScriptLine.Source src) {
        List<String> a = new ArrayList<>(args);
        boolean newline = true;
        while (!a.isEmpty() && (a.get(0).equals("-n") || a.get(0).equals("-e"))) {
            if (a.remove(0).equals("-n")) newline = false;
        }
        String text = String.join(" ", a);
        if (redirect == null) {
            throw new ScriptException.Why("echo without '>' prints to the terminal, which the simulation does not keep");
        }
        String target = redirect.target();
        if (VolumePaths.kernelTree(target) == null || target.equals(VolumePaths.DEV_NULL)) {
            files.write(target, text + (newline ? "\n" : ""), redirect.append(), src, this);
            return;
        }
        Knobs.Target at = Knobs.at(target);
        if (at.knob() == null) {                         // a file whose value asks for what the model always does
            if (at.entry().scope() == Knobs.Scope.F2FS) st.needVolume(src);
            st.add(new ScriptLine.Matching(src, Knobs.matchedValue(at.entry(), text, st.machine.device())));
            return;
        }
        Knobs.Knob k = at.knob();
        long v = Knobs.value(k, text, st.machine.device().scheduler());
        if (k == Knobs.Knob.DROP_CACHES) {
            st.inUse = true;
            st.add(new ScriptLine.DropCaches(src, (int) v));
            return;
        }
        if (k.bootOnly()) {
            if (st.inUse) {
                throw new ScriptException.Why(k.path() + " is fixed once the machine runs in the model: write it before the first "
                        + "line that uses the volume");
            }
            st.machine = BootKnobs.apply(st.machine, k, v, src.text());
            st.add(new ScriptLine.SetKnob(src, k, v, true));
            return;
        }
        if (k.scope() == Knobs.Scope.F2FS) st.needVolume(src);
        st.add(new ScriptLine.SetKnob(src, k, v, false));
    }

    private void cat(List<String> args, ShellWords.Redirect redirect, String hereBody, ScriptLine.Source src) {
        if (hereBody == null || redirect == null || !args.isEmpty()) {
            throw new ScriptException.Why("cat is modelled as cat > FILE <<EOF … EOF (a here-document into a file on the volume)");
        }
        files.write(redirect.target(), hereBody, redirect.append(), src, this);
    }

    private void sleep(List<String> args, ScriptLine.Source src) {
        if (args.isEmpty()) throw new ScriptException.Why("sleep needs a duration");
        long ns = 0;
        for (String a : args) ns += Sizes.durationNs(a);
        if (ns > org.f2fsobs.engine.platform.Machine.MAX_VIRTUAL_NS) {
            throw new ScriptException.Why("sleep of " + ns / 1_000_000_000L + " s is over the simulation's limit of one virtual hour per run");
        }
        st.inUse = true;
        st.add(new ScriptLine.Sleep(src, ns));
    }
}
