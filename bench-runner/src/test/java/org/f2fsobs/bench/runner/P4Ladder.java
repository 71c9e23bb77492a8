package org.f2fsobs.bench.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.scenario.ScaleRegime;
import org.f2fsobs.bench.scenario.ScenarioCatalog;

/**
 * The scale ladder of docs/scale.md §2 for P4: tiotest-multithread-read off and on at full size and at every step of
 * {@link ScaleRegime#LADDER}, the machine scaled as the scenario declares; prints the ratio, the effect over the
 * full-size effect and whether the standing test agrees. Not a test (a tool):
 * {@code java -cp bench-runner/target/test-classes:<runtime classpath> org.f2fsobs.bench.runner.P4Ladder}.
 */
public final class P4Ladder {
    private P4Ladder() {}

    public static void main(String[] args) {
        EngineCellRunner runner = new EngineCellRunner(ScenarioCatalog.load());
        List<Double> scales = new ArrayList<>();
        scales.add(1.0);
        scales.addAll(ScaleRegime.LADDER);
        double r1 = 0;
        System.out.println("| scale | off MiB/s | on MiB/s | ratio | effect / full effect | read req off | read req on | agrees |");
        System.out.println("|---:|---:|---:|---:|---:|---:|---:|---|");
        for (double scale : scales) {
            double[] bw = new double[2];
            long[] reads = new long[2];
            for (int i = 0; i < 2; i++) {
                Map<String, Object> params = new TreeMap<>();
                params.put("scale", scale);
                RunPlan plan = runner.plan(CellSpec.of("tiotest-multithread-read", Map.of("serialize_writepages", i == 1), params, 1));
                Execution.Result r = Execution.run(plan, ProgressListener.NONE, CancellationToken.NONE);
                bw[i] = r.outcome().headline().value();
                reads[i] = ((Number) r.window().counters().get("read_requests")).longValue();
            }
            double ratio = bw[1] / bw[0];
            if (scale == 1.0) r1 = ratio;
            System.out.printf("| %s | %.1f | %.1f | %.3f | %.3f | %d | %d | %s |%n", scale, bw[0] / 1048576, bw[1] / 1048576, ratio,
                    (ratio - 1) / (r1 - 1), reads[0], reads[1], scale == 1.0 ? "—" : ScaleRegime.agrees(ratio, r1) ? "yes" : "no");
        }
    }
}
