package org.f2fsobs.bench.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.f2fsobs.engine.platform.Profile;
import org.f2fsobs.engine.platform.Sourced;

/**
 * P4 sensitivity (docs/reproduction-notes-p4.md §5): tiotest-multithread-read off and on at full size with profile
 * constants overridden as {@code --profile-set} does — the memory split (the dirtyable share), the device's read
 * latency and command overhead (the cost of a request at the depth CFQ keeps), the dirty ratio — one table row per
 * point; then, with {@code needed}, a bisection per constant for the value at which on/off reaches the mail's ratio.
 * Not a test (a what-if tool):
 * {@code java -cp bench-runner/target/test-classes:<runtime classpath> org.f2fsobs.bench.runner.P4Sensitivity [needed]}.
 */
public final class P4Sensitivity {
    private P4Sensitivity() {}

    static final double MAIL_RATIO = 758.0 / 185.0;
    /** The scale of every run (system property {@code p4.scale}, default 1; the band runs P4 at its minimum, 0.25). */
    static final double SCALE = Double.parseDouble(System.getProperty("p4.scale", "1"));
    static final EngineCellRunner RUNNER = new EngineCellRunner(ScenarioCatalog.load());
    static final Profile BASE = EngineCellRunner.profile("ufs21-2018");

    record Row(double off, double on, long readsOff, double share4kOff, long readsOn, double share512kOn, long fsyncPages,
               long dirtyAtLoopEnd, long writesOff, long writesOn) {
        double ratio() { return on / off; }
    }

    static long value(String key) {
        return ((Number) BASE.constants().get(key).value()).longValue();
    }

    static Sourced.Range range(String key) {
        return BASE.constants().get(key).range();
    }

    static Row run(Map<String, Long> overrides) {
        Execution.Result[] r = new Execution.Result[2];
        for (int i = 0; i < 2; i++) {
            Map<String, Object> params = new TreeMap<>();
            params.put("scale", SCALE);
            CellSpec cell = CellSpec.of("tiotest-multithread-read", Map.of("serialize_writepages", i == 1), params, 1)
                    .withProfileOverrides(overrides);
            r[i] = Execution.run(RUNNER.plan(cell), ProgressListener.NONE, CancellationToken.NONE);
        }
        return new Row(r[0].outcome().headline().value(), r[1].outcome().headline().value(), c(r[0], "read_requests"),
                share(r[0], "4096"), c(r[1], "read_requests"), share(r[1], "524288"), c(r[0], "sync_writeback_pages"),
                ((Number) r[0].outcome().metrics().get("write_dirty_pages_at_loop_end")).longValue(),
                c(r[0], "write_requests"), c(r[1], "write_requests"));
    }

    static long c(Execution.Result r, String name) {
        return ((Number) r.window().counters().get(name)).longValue();
    }

    static double share(Execution.Result r, String size) {
        Map<String, Long> h = r.window().histograms().get("read_request_bytes");
        long all = h.values().stream().mapToLong(Long::longValue).sum();
        return all == 0 ? 0 : h.getOrDefault(size, 0L) / (double) all;
    }

    /** global_dirtyable_memory over the split with these overrides, MiB. */
    static long dirtyableMiB(Map<String, Long> o) {
        long free = o.getOrDefault("memory.free_bytes", value("memory.free_bytes"));
        long reserve = o.getOrDefault("memory.reserve_bytes", value("memory.reserve_bytes"));
        return (free - Math.min(free, reserve) + o.getOrDefault("memory.active_file_bytes", value("memory.active_file_bytes"))
                + o.getOrDefault("memory.inactive_file_bytes", value("memory.inactive_file_bytes"))) >> 20;
    }

    public static void main(String[] args) {
        Map<String, Map<String, Long>> points = new LinkedHashMap<>();
        points.put("profile (rule-picked nominals)", Map.of());
        String[] split = {"memory.free_bytes", "memory.active_file_bytes", "memory.inactive_file_bytes"};
        Map<String, Long> low = new TreeMap<>(), high = new TreeMap<>();
        for (String k : split) {
            low.put(k, range(k).low());
            high.put(k, range(k).high());
        }
        points.put("memory split at its low ends", low);
        points.put("memory split at its high ends (6 GB phone / arm64 dump)", high);
        for (String k : split) {
            points.put(k.substring(7) + " low end", Map.of(k, range(k).low()));
            points.put(k.substring(7) + " high end", Map.of(k, range(k).high()));
        }
        points.put("active_file_bytes 0 (dirtyable = cache)", Map.of("memory.active_file_bytes", 0L));
        points.put("active_file_bytes x4", Map.of("memory.active_file_bytes", 4 * value("memory.active_file_bytes")));
        for (String k : new String[] {"device.read_latency_ns", "device.command_overhead_ns"}) {
            points.put(k.substring(7) + " low end", Map.of(k, range(k).low()));
            points.put(k.substring(7) + " high end", Map.of(k, range(k).high()));
        }
        points.put("dirty_ratio 40 (what-if)", Map.of("tunables.dirty_ratio", 40L));
        System.out.println("| point | dirtyable MiB | MiB/s off | MiB/s on | ratio | read req off | 4 KiB share off | read req on"
                + " | 512 KiB share on | dirty at loops' end (pages) | fsync pages off | write req off/on |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
        boolean neededOnly = args.length > 0 && args[0].equals("needed-only");
        for (var e : neededOnly ? Map.<String, Map<String, Long>>of().entrySet() : points.entrySet()) {
            Row r = run(e.getValue());
            System.out.printf("| %s | %d | %.0f | %.0f | %.3f | %d | %.2f | %d | %.2f | %d | %d | %d/%d |%n", e.getKey(),
                    dirtyableMiB(e.getValue()), r.off() / 1048576, r.on() / 1048576, r.ratio(), r.readsOff(), r.share4kOff(),
                    r.readsOn(), r.share512kOn(), r.dirtyAtLoopEnd(), r.fsyncPages(), r.writesOff(), r.writesOn());
        }
        if (args.length > 0 && args[0].startsWith("needed")) {
            List<String> keys = new ArrayList<>(args.length > 1 ? List.of(args).subList(1, args.length)
                    : List.of("memory.active_file_bytes", "device.read_latency_ns", "device.command_overhead_ns"));
            for (String k : keys) needed(k);
        }
    }

    /**
     * Bisection for the value that gives the mail's ratio: upwards to 64 × the nominal (memory: the installed memory)
     * when the ratio grows with the constant, downwards to nominal / 64 when it falls (write costs and bandwidths).
     */
    static void needed(String key) {
        long nominal = value(key);
        long up = Math.max(1, nominal) * 64;
        if (key.startsWith("memory.")) {   // the split cannot exceed the installed memory
            up = Math.min(up, value("memory.total_bytes") - value("memory.free_bytes") - value("memory.inactive_file_bytes"));
        }
        long down = Math.max(1, nominal / 64);
        double rNominal = run(Map.of()).ratio(), rUp = run(Map.of(key, up)).ratio();
        boolean rising = rUp >= rNominal;
        long far = rising ? up : down;
        double rFar = rising ? rUp : run(Map.of(key, down)).ratio();
        if (rFar < MAIL_RATIO) {
            System.out.printf("| `%s` | %d | %d–%d | none up to %d (ratio %.3f there) |%n", key, nominal, range(key).low(),
                    range(key).high(), far, rFar);
            return;
        }
        long near = nominal;
        for (int i = 0; i < 12 && Math.abs(far - near) > Math.max(1, nominal / 100); i++) {
            long mid = near + (far - near) / 2;
            if (run(Map.of(key, mid)).ratio() < MAIL_RATIO) near = mid;
            else far = mid;
        }
        Row r = run(Map.of(key, far));
        System.out.printf("| `%s` | %d | %d–%d | %d (ratio %.3f, off %.0f MiB/s, read req off %d) |%n", key, nominal,
                range(key).low(), range(key).high(), far, r.ratio(), r.off() / 1048576, r.readsOff());
    }
}
