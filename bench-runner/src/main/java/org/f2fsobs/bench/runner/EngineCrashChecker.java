package org.f2fsobs.bench.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.CrashChecker;
import org.f2fsobs.bench.api.CrashReport;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.scenario.Scenario;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.f2fsobs.bench.scenario.ScenarioCommand;
import org.f2fsobs.engine.crash.CrashHarness.Outcome;
import org.f2fsobs.engine.crash.CrashHarness.Point;
import org.f2fsobs.engine.crash.CrashHarness.RecoveryWork;
import org.f2fsobs.engine.crash.CrashHarness.Verdict;
import org.f2fsobs.engine.crash.CrashHarness;
import org.f2fsobs.engine.crash.CrashPoints;
import org.f2fsobs.engine.crash.Loss;
import org.f2fsobs.engine.sim.Prng;
import org.f2fsobs.engine.sim.SimFailure;

/**
 * The engine-backed {@link CrashChecker}: runs a cell's preparation and measured command once under the crash
 * harness, then cuts the power at its crash points (every flush/FUA boundary of the measured command, a seeded point
 * between each two, and its end), remounts with recovery and checks fsck and every fsync/O_SYNC promise.
 *
 * <p>With {@code maxPoints} below the number of points, a selection is checked: first the cuts each kind of point
 * needs ({@link CrashPoints#select}), then evenly spaced ones (always including the last). The verdict is the worst
 * found: {@code inconsistent} (fsck or mount failed) over {@code data_lost} (a promise broken: the write identity or
 * the bytes of a promised range are not the promised write's or a later one's); with no failure,
 * {@code insufficient_coverage} when a kind the workload has was cut fewer than min(3, its points) times, else
 * {@code safe}. When a failure is found, the unchecked points between the last safe point checked and the first failure
 * are bisected to the smallest failing point (a failing point whose predecessor is safe; every point when all were
 * checked), which the reproduce line names. Thread-safe: every check builds its own machines.
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
                WorkloadEnv prep = new WorkloadEnv(v.registry(), prng.fork(), plan.ddDialect(), progress, cancel, "preparation");
                for (RunPlan.Step st : plan.preparation()) Execution.prepare(t, v, prep, st);
                v.sync(t);
                startMeasured.run();
                measured.run(t, v, new WorkloadEnv(v.registry(), prng.fork(), plan.ddDialect(), progress, cancel, "measured"));
            });
        } catch (SimFailure f) {
            throw Execution.unwrap(f);
        }
        List<Point> all = rec.points();
        List<Point> chosen = select(all, point, maxPoints);
        List<CrashReport.Failure> failures = new ArrayList<>();
        List<RecoveryWork> recoveries = new ArrayList<>();
        List<Point> done = new ArrayList<>(chosen.size());
        Verdict worst = Verdict.SAFE;
        int firstFailure = -1, lastSafe = -1;
        for (Point p : chosen) {
            cancel.throwIfCancelled();
            Outcome o = rec.check(p);
            done.add(p);
            progress.progress("crash", done.size() / (double) chosen.size());
            if (o.recovery() != null) recoveries.add(o.recovery());
            if (o.verdict() == Verdict.SAFE) {
                if (firstFailure < 0) lastSafe = p.number();
                continue;
            }
            if (firstFailure < 0) firstFailure = p.number();
            if (o.verdict().ordinal() > worst.ordinal()) worst = o.verdict();
            if (failures.size() < MAX_LISTED_FAILURES) failures.add(failure(p, o));
        }
        // the smallest failing point: bisect the unchecked points between the last safe one and the first failure
        int smallest = firstFailure;
        while (point == null && smallest >= 0 && smallest - lastSafe > 1) {
            cancel.throwIfCancelled();
            Point mid = all.get((lastSafe + smallest) >>> 1);
            Outcome o = rec.check(mid);
            done.add(mid);
            if (o.recovery() != null) recoveries.add(o.recovery());
            if (o.verdict() == Verdict.SAFE) {
                lastSafe = mid.number();
                continue;
            }
            smallest = mid.number();
            if (o.verdict().ordinal() > worst.ordinal()) worst = o.verdict();
            failures.add(0, failure(mid, o));
            if (failures.size() > MAX_LISTED_FAILURES) failures.remove(failures.size() - 1);
        }
        List<String> missing = CrashPoints.missing(all, done).stream().map(CrashPoints.Kind::key).toList();
        if (worst == Verdict.SAFE && !missing.isEmpty()) worst = Verdict.INSUFFICIENT_COVERAGE;
        String reproduce = smallest >= 0 ? reproduce(s, cell, smallest, null) : reproduce(s, cell, point, maxPoints);
        return new CrashReport(worst.name().toLowerCase(java.util.Locale.ROOT), all.size(), done.size(), List.copyOf(failures), reproduce,
                keys(CrashPoints.coverage(done)), keys(CrashPoints.required(all)), missing,
                smallest >= 0 ? smallest : null, recovery(recoveries));
    }

    private static CrashReport.Failure failure(Point p, Outcome o) {
        String what = "power cut " + p.where() + " (" + o.cut().dropped() + " of " + o.cut().unflushedWrites() + " un-flushed writes lost): "
                + o.what();
        Loss l = o.lost();
        CrashReport.Lost lost = l == null ? null
                : new CrashReport.Lost(l.file(), l.offset(), l.length(), l.promise(), l.foundWrite(), l.promisedWrite(), l.byIdentity());
        return new CrashReport.Failure(p.number(), p.kind().key(), what, lost);
    }

    private static Map<String, Integer> keys(Map<CrashPoints.Kind, Integer> m) {
        Map<String, Integer> out = new LinkedHashMap<>();
        m.forEach((k, n) -> out.put(k.key(), n));
        return out;
    }

    /** Median, mean and maximum of each recovery figure over the checked mounts (null when none mounted). */
    static CrashReport.Recovery recovery(List<RecoveryWork> r) {
        if (r.isEmpty()) return null;
        Map<String, CrashReport.Summary> meta = new LinkedHashMap<>();
        for (String type : r.get(0).metaReadsByType().keySet()) meta.put(type, summary(r, w -> w.metaReadsByType().get(type)));
        return new CrashReport.Recovery(r.size(), summary(r, RecoveryWork::mountNs), summary(r, w -> w.nodesWalked()),
                summary(r, w -> w.dnodesReplayed()), summary(r, w -> w.blocksRecovered()), summary(r, RecoveryWork::readRequests),
                summary(r, RecoveryWork::readBytes), meta);
    }

    private static CrashReport.Summary summary(List<RecoveryWork> r, ToLongFunction<RecoveryWork> f) {
        long[] v = r.stream().mapToLong(f).sorted().toArray();
        double mean = java.util.Arrays.stream(v).average().orElse(0);
        return new CrashReport.Summary(v[(v.length - 1) / 2], Math.round(mean * 100) / 100.0, v[v.length - 1]);
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
        return CrashPoints.select(all, maxPoints);
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
