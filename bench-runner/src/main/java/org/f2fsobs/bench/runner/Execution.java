package org.f2fsobs.bench.runner;

import java.util.LinkedHashMap;
import java.util.Map;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.tool.ToolUsageException;
import org.f2fsobs.engine.f2fs.F2fsException;
import org.f2fsobs.engine.f2fs.Mkfs;
import org.f2fsobs.engine.f2fs.Volume;
import org.f2fsobs.engine.kernel.Kernel;
import org.f2fsobs.engine.sim.Prng;
import org.f2fsobs.engine.sim.SimFailure;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.device.DeviceStore;

/**
 * One run, start to end, in one simulation: a fresh disk formatted by mkfs, a boot, mount, the preparation steps
 * (then a sync, as the volume would be long checkpointed before anyone benchmarks it), and the measured command in a
 * {@link Measurement} window.
 */
final class Execution {
    private Execution() {}

    /** What a run produced. */
    record Result(String tool, Workload.Outcome outcome, Measurement.Window window, long preparationNs,
                  Map<String, Object> preparationCounters, long wallMs, java.util.SortedSet<String> profileReads) {}

    /** The run could not go on because of its input (a tool option, a file-system error): a user-facing message. */
    static final class RunInputException extends RuntimeException {
        RunInputException(String message) {
            super(message);
        }
    }

    static Result run(RunPlan plan, ProgressListener progress, CancellationToken cancel) {
        long wall0 = System.nanoTime();
        // parse everything before any simulation runs: bad input fails fast with the tool's message
        Workload measured = Workloads.parse(plan.command(), plan.ddDialect());
        for (RunPlan.Step s : plan.preparation()) {
            if (s.op() == org.f2fsobs.bench.scenario.PreparationStep.Op.RUN) Workloads.parse(s.command(), plan.ddDialect());
        }
        plan.profile().reads().clear();        // from here on, every profile constant the run reads is noted
        DeviceStore store = Kernel.newDisk(plan.profile());
        try {
            Mkfs.format(store, plan.mkfs());
        } catch (F2fsException e) {
            throw new RunInputException(e.getMessage());
        }
        Kernel kernel = new Kernel(plan.profile(), store, plan.seed());
        Prng prng = new Prng(plan.seed() * 0x9E3779B97F4A7C15L + 17);
        Object[] out = new Object[4];
        kernel.machine().sim().spawn("sh", t -> {
            Volume v = Volume.mount(t, kernel, plan.options());
            WorkloadEnv prepEnv = new WorkloadEnv(store.registry(), prng.fork(), plan.ddDialect(), progress, cancel, "preparation");
            for (RunPlan.Step s : plan.preparation()) prepare(t, v, prepEnv, s);
            v.sync(t);
            out[0] = t.nowNs();
            out[1] = preparationCounters(v);
            Measurement m = Measurement.start(v);
            WorkloadEnv env = new WorkloadEnv(store.registry(), prng.fork(), plan.ddDialect(), progress, cancel, "measured");
            out[2] = measured.run(t, v, env);
            out[3] = m.end();
        });
        try {
            kernel.machine().sim().run();
        } catch (SimFailure f) {
            throw unwrap(f);
        }
        long wallMs = (System.nanoTime() - wall0) / 1_000_000;
        @SuppressWarnings("unchecked")
        Map<String, Object> prep = (Map<String, Object>) out[1];
        return new Result(measured.tool(), (Workload.Outcome) out[2], (Measurement.Window) out[3], (Long) out[0], prep, wallMs,
                plan.profile().reads().readKeys());
    }

    /** A failure inside the simulation as the caller should see it: cancellation, bad input, or an internal failure. */
    static RuntimeException unwrap(SimFailure f) {
        Throwable c = f.getCause();
        if (c instanceof CancellationToken.CancelledException ce) return ce;
        if (c instanceof ToolUsageException tu) return tu;
        if (c instanceof F2fsException fe) return new RunInputException(fe.getMessage());
        return f;
    }

    static void prepare(SimTask t, Volume v, WorkloadEnv env, RunPlan.Step s) {
        switch (s.op()) {
            case MKDIR -> v.mkdirs(t, s.path(), false);
            case CHATTR_COMPRESS -> {
                if (s.path() == null || s.path().equals("/") || s.path().isEmpty()) v.setCompression(t, "/");
                else v.mkdirs(t, s.path(), true);
            }
            case RUN -> Workloads.parse(s.command(), env.ddDialect()).run(t, v, env);
            case DROP_CACHES -> {
                // the flusher writes dirty data back within dirty_expire_centisecs, before anyone types the next
                // command; drop_caches itself only drops clean pages
                v.kernel().mm().bdi().syncAll(t);
                v.dropCaches(t);
            }
        }
    }

    private static Map<String, Object> preparationCounters(Volume v) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("read_requests", v.sbi().rq.stats().readRequests());
        c.put("write_requests", v.sbi().rq.stats().writeRequests());
        c.put("checkpoints", v.sbi().stat.checkpoints);
        c.put("blocks_valid", v.sbi().sitI().writtenValidBlocks());
        return c;
    }
}
