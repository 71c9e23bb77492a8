package org.f2fsobs.bench.runner;

import java.util.ArrayList;
import java.util.List;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.CrashChecker;
import org.f2fsobs.bench.api.CrashReport;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.scenario.Scenario;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.f2fsobs.bench.scenario.ScenarioCommand;
import org.f2fsobs.engine.crash.CrashHarness;
import org.f2fsobs.engine.crash.CrashHarness.Outcome;
import org.f2fsobs.engine.crash.CrashHarness.Point;
import org.f2fsobs.engine.crash.CrashHarness.Verdict;
import org.f2fsobs.engine.sim.Prng;
import org.f2fsobs.engine.sim.SimFailure;

/**
 * The engine-backed {@link CrashChecker}: runs a cell's preparation and measured command once under the crash
 * harness, then cuts the power at its crash points (every flush/FUA boundary of the measured command, a seeded point
 * between each two, and its end), remounts with recovery and checks fsck and every fsync/O_SYNC promise.
 *
 * <p>With {@code maxPoints} below the number of points, an evenly spaced selection is checked (always including the
 * last). The verdict is the worst found: {@code inconsistent} (fsck or mount failed) over {@code data_lost} (a promise
 * broken) over {@code safe}. Thread-safe: every check builds its own machines.
 */
public final class EngineCrashChecker implements CrashChecker {
    private static final int MAX_LISTED_FAILURES = 20;
    private final EngineCellRunner runner;

    public EngineCrashChecker(ScenarioCatalog catalog) {
        this.runner = new EngineCellRunner(catalog);
    }

    @Override
    public CrashReport run(CellSpec cell, Integer point, Integer maxPoints, ProgressListener progress, CancellationToken cancel) {
        if (maxPoints != null && maxPoints < 1) throw new Execution.RunInputException("--max-points must be at least 1, got " + maxPoints);
        if (point != null && point < 0) throw new Execution.RunInputException("--point must be 0 or more, got " + point);
        Scenario s = runner.catalog().get(cell.scenario());
        RunPlan plan = runner.plan(cell);
        Workload measured = Workloads.parse(plan.command(), plan.ddDialect());
        for (RunPlan.Step st : plan.preparation()) {
            if (st.op() == org.f2fsobs.bench.scenario.PreparationStep.Op.RUN) Workloads.parse(st.command(), plan.ddDialect());
        }
        Prng prng = new Prng(plan.seed() * 0x9E3779B97F4A7C15L + 17);
        CrashHarness.Setup setup = new CrashHarness.Setup(plan.profile(), plan.mkfs(), plan.options(), plan.seed());
        CrashHarness.Recording rec;
        try {
            rec = CrashHarness.record(setup, (t, v, startMeasured) -> {
                WorkloadEnv prep = new WorkloadEnv(v.sbi().store.registry(), prng.fork(), plan.ddDialect(), progress, cancel, "preparation");
                for (RunPlan.Step st : plan.preparation()) Execution.prepare(t, v, prep, st);
                v.sync(t);
                startMeasured.run();
                measured.run(t, v, new WorkloadEnv(v.sbi().store.registry(), prng.fork(), plan.ddDialect(), progress, cancel, "measured"));
            });
        } catch (SimFailure f) {
            throw Execution.unwrap(f);
        }
        List<Point> all = rec.points();
        List<Point> chosen = select(all, point, maxPoints);
        List<CrashReport.Failure> failures = new ArrayList<>();
        Verdict worst = Verdict.SAFE;
        int firstFailure = -1, checked = 0;
        for (Point p : chosen) {
            cancel.throwIfCancelled();
            Outcome o = rec.check(p);
            checked++;
            progress.progress("crash", checked / (double) chosen.size());
            if (o.verdict() == Verdict.SAFE) continue;
            if (firstFailure < 0) firstFailure = p.number();
            if (o.verdict().ordinal() > worst.ordinal()) worst = o.verdict();
            if (failures.size() < MAX_LISTED_FAILURES) {
                failures.add(new CrashReport.Failure(p.number(), "power cut " + p.where() + " (" + o.cut().dropped() + " of "
                        + o.cut().unflushedWrites() + " un-flushed writes lost): " + o.what()));
            }
        }
        String reproduce = firstFailure >= 0 ? reproduce(s, cell, firstFailure, null) : reproduce(s, cell, point, maxPoints);
        return new CrashReport(worst.name().toLowerCase(java.util.Locale.ROOT), all.size(), checked, List.copyOf(failures), reproduce);
    }

    private static List<Point> select(List<Point> all, Integer point, Integer maxPoints) {
        if (point != null) {
            if (point >= all.size()) {
                throw new Execution.RunInputException("--point " + point + " is out of range: this run has " + all.size()
                        + " crash points (0…" + (all.size() - 1) + ")");
            }
            return List.of(all.get(point));
        }
        if (maxPoints == null || maxPoints >= all.size()) return all;
        List<Point> out = new ArrayList<>();
        int n = all.size();
        for (int i = 0; i < maxPoints; i++) {
            int idx = maxPoints == 1 ? n - 1 : (int) Math.round(i * (n - 1) / (double) (maxPoints - 1));
            if (out.isEmpty() || out.get(out.size() - 1).number() != idx) out.add(all.get(idx));
        }
        return out;
    }

    /** The CLI line that checks the same cell (at the failing point when there is one). */
    static String reproduce(Scenario s, CellSpec cell, Integer point, Integer maxPoints) {
        String run = ScenarioCommand.reproduce(s, cell);
        StringBuilder b = new StringBuilder("bench-runner crash").append(run.substring("bench-runner run".length()));
        if (point != null) b.append(" --point ").append(point);
        if (maxPoints != null) b.append(" --max-points ").append(maxPoints);
        return b.toString();
    }
}
