package org.f2fsobs.app.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.f2fsobs.app.system.ApiException;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.api.RunResult;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.Positive;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code GET /api/compare?a=RUN&b=RUN}: two results side by side — what each ran, the headline, every counter
 * (nested ones flattened with dots), every histogram bucket and the time breakdown — each with b's change over a in
 * percent ({@code change_percent} = (b / a − 1) × 100; 0 when both are 0, null when only a is 0 or a side is
 * missing).
 */
@RestController
@Tag(name = "runs")
class CompareController {
    private final RunService runs;

    CompareController(RunService runs) {
        this.runs = runs;
    }

    /** What each side ran. */
    record Side(long id, String scenario, String tool, String profile, String command, String mkfs, String mount,
                Map<String, Boolean> optimizations, Map<String, Object> params, long seed) {}

    /** The headline of each side and b's change over a; {@code same_metric} false when they measure different things. */
    record HeadlineChange(String name, String unit, Double a, Double b, Double changePercent, boolean sameMetric) {}

    /** One counter or time-breakdown entry (nested names joined with dots). */
    record NamedChange(String name, Double a, Double b, Double changePercent) {}

    /** One histogram bucket: request size in bytes (a name when not a number). */
    record BucketChange(@Schema(type = "integer", description = "request size in bytes") Object bytes, Double a, Double b,
                        Double changePercent) {}

    record VirtualTimeChange(long a, long b, Double changePercent) {}

    /** {@code GET /api/compare}: two results side by side. */
    record RunComparison(Side a, Side b, HeadlineChange headline, List<NamedChange> counters,
                         Map<String, List<BucketChange>> histograms, List<NamedChange> timeBreakdownNs, VirtualTimeChange virtualNs) {}

    @Operation(summary = "Two runs side by side: headline, counters, histograms, time breakdown, % change of b over a")
    @GetMapping(path = "/api/compare", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<RunComparison> showComparison(@RequestParam @Positive(message = "must be a positive integer id: the id of a run") long a,
                                       @RequestParam @Positive(message = "must be a positive integer id: the id of a run") long b) {
        return Mono.zip(result(a), result(b)).map(t -> compare(t.getT1(), t.getT2()));
    }

    private Mono<Map.Entry<Long, RunResult>> result(long id) {
        return runs.find(id).map(r -> {
            if (r.resultJson() == null) {
                throw ApiException.conflict("status", "run " + id + " is " + r.status() + " and has no result to compare");
            }
            return Map.entry(id, ResultJson.read(r.resultJson(), RunResult.class));
        });
    }

    static RunComparison compare(Map.Entry<Long, RunResult> ea, Map.Entry<Long, RunResult> eb) {
        RunResult a = ea.getValue(), b = eb.getValue();
        Double va = a.headline() == null ? null : a.headline().value(), vb = b.headline() == null ? null : b.headline().value();
        HeadlineChange headline = new HeadlineChange(a.headline() == null ? null : a.headline().name(),
                a.headline() == null ? null : a.headline().unit(), va, vb, change(va, vb),
                a.headline() != null && b.headline() != null && a.headline().name().equals(b.headline().name())
                        && a.headline().unit().equals(b.headline().unit()));
        Map<String, Double> ca = new TreeMap<>(), cb = new TreeMap<>();
        flatten("", a.counters(), ca);
        flatten("", b.counters(), cb);
        Map<String, List<BucketChange>> histograms = new LinkedHashMap<>();
        TreeSet<String> names = new TreeSet<>();
        if (a.histograms() != null) names.addAll(a.histograms().keySet());
        if (b.histograms() != null) names.addAll(b.histograms().keySet());
        for (String n : names) {
            Map<String, Double> ha = buckets(a.histograms() == null ? null : a.histograms().get(n));
            Map<String, Double> hb = buckets(b.histograms() == null ? null : b.histograms().get(n));
            histograms.put(n, keys(ha, hb).stream().map(k -> new BucketChange(k.matches("[0-9]{1,18}") ? (Object) Long.parseLong(k) : k,
                    ha.get(k), hb.get(k), change(ha.get(k), hb.get(k)))).toList());
        }
        Map<String, Double> ta = new TreeMap<>(), tb = new TreeMap<>();
        flatten("", a.timeBreakdownNs() == null ? null : ResultJson.mapper().convertValue(a.timeBreakdownNs(), Map.class), ta);
        flatten("", b.timeBreakdownNs() == null ? null : ResultJson.mapper().convertValue(b.timeBreakdownNs(), Map.class), tb);
        return new RunComparison(side(ea.getKey(), a), side(eb.getKey(), b), headline, named(ca, cb), histograms, named(ta, tb),
                new VirtualTimeChange(a.virtualNs(), b.virtualNs(), change((double) a.virtualNs(), (double) b.virtualNs())));
    }

    private static Side side(long id, RunResult r) {
        return new Side(id, r.scenario(), r.tool(), r.profile(), r.command(), r.mkfs(), r.mount(), r.optimizations(), r.params(), r.seed());
    }

    private static List<NamedChange> named(Map<String, Double> a, Map<String, Double> b) {
        return keys(a, b).stream().map(k -> new NamedChange(k, a.get(k), b.get(k), change(a.get(k), b.get(k)))).toList();
    }

    private static List<String> keys(Map<String, Double> a, Map<String, Double> b) {
        TreeSet<String> keys = new TreeSet<>(CompareController::byNumberThenName);
        keys.addAll(a.keySet());
        keys.addAll(b.keySet());
        return new ArrayList<>(keys);
    }

    private static int byNumberThenName(String x, String y) {
        boolean nx = x.matches("[0-9]{1,18}"), ny = y.matches("[0-9]{1,18}");
        if (nx && ny) return Long.compare(Long.parseLong(x), Long.parseLong(y));
        if (nx != ny) return nx ? -1 : 1;
        return x.compareTo(y);
    }

    static Double change(Double a, Double b) {
        if (a == null || b == null) return null;
        if (a == 0) return b == 0 ? 0.0 : null;
        return (b / a - 1) * 100;
    }

    private static Map<String, Double> buckets(Map<String, Long> h) {
        Map<String, Double> m = new TreeMap<>();
        if (h != null) h.forEach((k, v) -> m.put(k, v == null ? null : v.doubleValue()));
        return m;
    }

    private static void flatten(String prefix, Object value, Map<String, Double> out) {
        if (value instanceof Map<?, ?> m) {
            m.forEach((k, v) -> flatten(prefix + k + ".", v, out));
        } else if (value instanceof Number n && !prefix.isEmpty()) {
            out.put(prefix.substring(0, prefix.length() - 1), n.doubleValue());
        }
    }
}
