package org.f2fsobs.bench.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.script.ScriptLine;
import org.f2fsobs.bench.tool.ToolUsageException;
import org.f2fsobs.engine.f2fs.F2fsException;
import org.f2fsobs.engine.f2fs.Volume;
import org.f2fsobs.engine.kernel.Kernel;
import org.f2fsobs.engine.sim.Prng;
import org.f2fsobs.engine.sim.SimFailure;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.device.DeviceStore;

/**
 * One run, start to end, in one simulation: a fresh disk, a boot, then the script's lines in order in one task (the
 * shell). Every tool run is measured in its own {@link Measurement} window and starts on a settled volume — a sync
 * first, as a volume is long checkpointed before anyone types the next benchmark — and what happened since the
 * previous run (format, mounts, the other lines, that sync) is its preparation.
 */
final class Execution {
    private Execution() {}

    /** What one tool run produced, and the mkfs and mount options it ran under. */
    record Result(String tool, String command, Workload.Outcome outcome, Measurement.Window window, long preparationNs,
                  Map<String, Object> preparationCounters, long wallMs, String mkfs, String mount) {}

    /** The run could not go on because of its input (a tool option, a file-system error): a user-facing message. */
    static final class RunInputException extends RuntimeException {
        RunInputException(String message) {
            super(message);
        }
    }

    /** The plan's headline run. */
    static Result run(RunPlan plan, ProgressListener progress, CancellationToken cancel) {
        return runAll(plan, progress, cancel).get(plan.headline());
    }

    /** Every tool run of the plan's script, in order. */
    static List<Result> runAll(RunPlan plan, ProgressListener progress, CancellationToken cancel) {
        return runAll(plan, progress, cancel, null);
    }

    /**
     * As {@link #runAll(RunPlan, ProgressListener, CancellationToken)}, then {@code after} on the volume as the script
     * left it, in the same simulation (tests look at the on-disk layout there; nothing it does is measured).
     */
    static List<Result> runAll(RunPlan plan, ProgressListener progress, CancellationToken cancel,
                               java.util.function.BiConsumer<org.f2fsobs.engine.sim.SimTask, Volume> after) {
        long wall0 = System.nanoTime();
        plan.profile().reads().clear();        // what loading, scaling and the script's set-up copied is not a read of the run
        DeviceStore store = Kernel.newDisk(plan.profile());
        Kernel kernel = new Kernel(plan.profile(), store, plan.seed());
        Prng prng = new Prng(plan.seed() * 0x9E3779B97F4A7C15L + 17);
        List<ScriptLine.Tool> tools = plan.script().tools();
        List<Result> results = new ArrayList<>();
        kernel.machine().sim().spawn("sh", t -> {
            WorkloadEnv shellEnv = new WorkloadEnv(store.registry(), prng.fork(), plan.ddDialect(), progress, cancel, "preparation");
            ScriptShell sh = new ScriptShell(kernel, shellEnv, plan.base());
            long[] mark = {0, 0, 0, 0, wall0, 0};              // end of the previous window: ns, reads, writes, checkpoints, wall, write bytes
            org.f2fsobs.engine.f2fs.F2fsStat[] lastStat = {null};   // the file system's counters at that end
            for (ScriptLine line : plan.script().lines()) {
                cancel.throwIfCancelled();
                if (!(line instanceof ScriptLine.Tool tool)) {
                    sh.run(t, line);
                    continue;
                }
                String phase = tools.size() == 1 ? "measured" : "run " + (results.size() + 1) + "/" + tools.size();
                WorkloadEnv env = new WorkloadEnv(store.registry(), prng.fork(), plan.ddDialect(), progress, cancel, phase);
                results.add(measured(t, sh, tool, env, mark, lastStat));
            }
            if (after != null) after.accept(t, sh.volume());
        });
        try {
            kernel.machine().sim().run();
        } catch (SimFailure f) {
            throw unwrap(f);
        }
        return results;
    }

    private static Result measured(SimTask t, ScriptShell sh, ScriptLine.Tool tool, WorkloadEnv env, long[] mark,
                                   org.f2fsobs.engine.f2fs.F2fsStat[] lastStat) {
        Volume v = sh.volume();
        Workload w = Workloads.of(tool.invocation());
        v.sync(t);
        long prepNs = t.nowNs() - mark[0];
        Map<String, Object> prep = preparationCounters(v, sh, mark);
        if (lastStat[0] != null) prep.putAll(gcBetween(v.statSnapshot().minus(lastStat[0])));
        Measurement m = Measurement.start(v);
        Workload.Outcome out = w.run(t, v, env);
        Measurement.Window win = m.end();
        if (tool.timed()) out = new Workload.Outcome(out.output() + BashTime.report(win), out.headline(), out.metrics());
        long now = System.nanoTime();
        Result r = new Result(w.tool(), tool.command(), out, win, prepNs, prep, (now - mark[4]) / 1_000_000, sh.mkfsText(), sh.mountText());
        lastStat[0] = v.statSnapshot();
        mark[0] = t.nowNs();
        mark[1] = v.blockStats().readRequests();
        mark[2] = v.blockStats().writeRequests();
        mark[3] = sh.checkpoints();
        mark[4] = now;
        mark[5] = v.blockStats().writeBytes();
        sh.markMetaReads();
        return r;
    }

    /** A failure inside the simulation as the caller should see it: cancellation, bad input, or an internal failure. */
    static RuntimeException unwrap(SimFailure f) {
        Throwable c = f.getCause();
        if (c instanceof CancellationToken.CancelledException ce) return ce;
        if (c instanceof ToolUsageException tu) return tu;
        if (c instanceof RunInputException ri) return ri;
        if (c instanceof F2fsException fe) return new RunInputException(fe.getMessage());
        return f;
    }

    /** One preparation line on a volume mounted by someone else (the crash checker's replay). */
    static void prepare(SimTask t, Volume v, WorkloadEnv env, RunPlan.Step s) {
        ScriptShell.around(v, env, s.mountPoint()).run(t, s.line());
    }

    /**
     * What garbage collection did since the previous tool line (the GC thread during a sleep, say), and the blocks
     * allocated meanwhile by log mode (LFS, SSR) and rewritten in place.
     */
    private static Map<String, Object> gcBetween(org.f2fsobs.engine.f2fs.F2fsStat d) {
        Map<String, Object> c = new LinkedHashMap<>();
        Map<String, Object> all = d.toMap();
        for (String k : new String[] {"gc_calls", "gc_victims", "gc_victims_greedy", "gc_victims_cb", "gc_data_blocks",
                "gc_node_blocks", "bg_gc_wakeups", "bg_gc_calls", "bg_gc_skip_io", "bg_gc_time_ns", "lfs_blocks", "ssr_blocks",
                "ipu_blocks"}) {
            if (all.containsKey(k)) c.put(k, all.get(k));
        }
        return c;
    }

    private static Map<String, Object> preparationCounters(Volume v, ScriptShell sh, long[] mark) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("read_requests", v.blockStats().readRequests() - mark[1]);
        c.put("write_requests", v.blockStats().writeRequests() - mark[2]);
        c.put("write_bytes", v.blockStats().writeBytes() - mark[5]);
        c.put("checkpoints", sh.checkpoints() - mark[3]);
        c.put("meta_reads_by_type", sh.metaReadsSinceMark());
        c.put("blocks_valid", v.writtenValidBlocks());
        return c;
    }
}
