package org.f2fsobs.bench.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.f2fsobs.engine.platform.Profile;
import org.f2fsobs.engine.platform.Tunables;

/**
 * P4 sensitivity to the memory and writeback tunables of the profile (docs/reproduction-notes-p4.md): runs
 * tiotest-multithread-read off and on at full size with the profile's available memory or dirty ratios changed and
 * prints one table row per point. Not a test (a what-if tool):
 * {@code java -cp bench-runner/target/test-classes:<runtime classpath> org.f2fsobs.bench.runner.P4Sensitivity [scale]}.
 */
public final class P4Sensitivity {
    private P4Sensitivity() {}

    record Point(String label, long availableBytes, long dirtyableBytes, int bgRatio, int dirtyRatio) {}

    public static void main(String[] args) {
        double scale = args.length > 0 ? Double.parseDouble(args[0]) : 1.0;
        boolean scaleMachine = args.length > 1 && args[1].equals("scale-machine");
        EngineCellRunner runner = new EngineCellRunner(ScenarioCatalog.load());
        Profile base = EngineCellRunner.profile("ufs21-2018");
        long avail = base.availableBytes();
        Tunables tun = base.tunables();
        List<Point> points = new ArrayList<>();
        int bg = tun.dirtyBackgroundRatio(), dr = tun.dirtyRatio();
        points.add(new Point("profile", avail, avail, bg, dr));
        points.add(new Point("available (cache and dirtyable) -50%", avail / 2, avail / 2, bg, dr));
        points.add(new Point("available (cache and dirtyable) +50%", avail * 3 / 2, avail * 3 / 2, bg, dr));
        points.add(new Point("dirtyable -50% (cache as profile)", avail, avail / 2, bg, dr));
        points.add(new Point("dirtyable +50% (cache as profile)", avail, avail * 3 / 2, bg, dr));
        points.add(new Point("dirtyable x2 (cache as profile)", avail, avail * 2, bg, dr));
        points.add(new Point("dirtyable x3 (cache as profile)", avail, avail * 3, bg, dr));
        points.add(new Point("dirty_ratio 10", avail, avail, bg, 10));
        points.add(new Point("dirty_ratio 40", avail, avail, bg, 40));
        points.add(new Point("kernel defaults bg 10 / dirty 20 / expire 30 s", avail, avail, 10, 20));
        System.out.println("| point | cache MiB | dirtyable MiB | bg/dirty % | MB/s off | MB/s on | ratio | (r-1)/(m-1) | read req off | 4 KiB share off | read req on | 512 KiB share on | fsync pages off | write req off/on |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (Point p : points) {
            var d = base.device();
            var dev = !scaleMachine ? d : d.withNrRequests((int) Math.max(4, Math.round(d.nrRequests() * scale)));
            Profile prof = new Profile(base.name(), base.title(), base.description(), base.userland(), base.cpu(),
                    base.memoryBytes(), scaleMachine ? (long) (p.availableBytes() * scale) : p.availableBytes(),
                    scaleMachine ? (long) (p.dirtyableBytes() * scale) : p.dirtyableBytes(), dev,
                    new Tunables(tun.readAheadKb(), p.bgRatio(), p.dirtyRatio(),
                            p.label().startsWith("kernel defaults") ? 3000 : tun.dirtyExpireCentisecs(), tun.dirtyWritebackCentisecs()),
                    base.kernel(), base.constants());
            Execution.Result[] r = new Execution.Result[2];
            for (int i = 0; i < 2; i++) {
                Map<String, Object> params = new TreeMap<>();
                params.put("scale", scale);
                CellSpec cell = CellSpec.of("tiotest-multithread-read", Map.of("serialize_writepages", i == 1), params, 1);
                RunPlan plan = runner.plan(cell);
                RunPlan modified = plan.withProfile(prof);
                r[i] = Execution.run(modified, ProgressListener.NONE, CancellationToken.NONE);
            }
            double off = r[0].outcome().headline().value(), on = r[1].outcome().headline().value();
            if (System.getenv("PRINT_HIST") != null) {
                System.out.println("off " + r[0].window().histograms().get("read_request_bytes"));
                System.out.println("on  " + r[1].window().histograms().get("read_request_bytes"));
            }
            double ratio = on / off;
            System.out.printf("| %s | %d | %d | %d/%d | %.0f | %.0f | %.2f | %.2f | %d | %.2f | %d | %.2f | %d | %d/%d |%n",
                    p.label(), p.availableBytes() >> 20, p.dirtyableBytes() >> 20, p.bgRatio(), p.dirtyRatio(), off / 1048576, on / 1048576, ratio,
                    (ratio - 1) / (4.10 - 1), reads(r[0]), share(r[0], "4096"), reads(r[1]), share(r[1], "524288"),
                    (Long) r[0].window().counters().get("sync_writeback_pages"),
                    (Long) r[0].window().counters().get("write_requests"), (Long) r[1].window().counters().get("write_requests"));
        }
    }

    private static long reads(Execution.Result r) {
        return (Long) r.window().counters().get("read_requests");
    }

    private static double share(Execution.Result r, String size) {
        Map<String, Long> h = r.window().histograms().get("read_request_bytes");
        return h.getOrDefault(size, 0L) / (double) Math.max(1, reads(r));
    }
}
