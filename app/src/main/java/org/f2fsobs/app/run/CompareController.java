package org.f2fsobs.app.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.f2fsobs.app.system.ApiException;
import org.f2fsobs.app.system.RequestParams;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.api.RunResult;
import io.swagger.v3.oas.annotations.Operation;
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

    @Operation(summary = "Two runs side by side: headline, counters, histograms, time breakdown, % change of b over a")
    @GetMapping(path = "/api/compare", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<Map<String, Object>> showComparison(@RequestParam(required = false) String a, @RequestParam(required = false) String b) {
        return Mono.fromCallable(() -> {
            if (a == null || a.isEmpty()) throw ApiException.invalid("a", "is required: the id of a run");
            if (b == null || b.isEmpty()) throw ApiException.invalid("b", "is required: the id of a run");
            return new long[] {RequestParams.id("a", a), RequestParams.id("b", b)};
        }).flatMap(ids -> Mono.zip(result(ids[0]), result(ids[1]))).map(t -> compare(t.getT1(), t.getT2()));
    }

    private Mono<Map.Entry<Long, RunResult>> result(long id) {
        return runs.find(id).map(r -> {
            if (r.resultJson() == null) {
                throw ApiException.conflict("status", "run " + id + " is " + r.status() + " and has no result to compare");
            }
            return Map.entry(id, ResultJson.read(r.resultJson(), RunResult.class));
        });
    }

    static Map<String, Object> compare(Map.Entry<Long, RunResult> ea, Map.Entry<Long, RunResult> eb) {
        RunResult a = ea.getValue(), b = eb.getValue();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("a", side(ea.getKey(), a));
        out.put("b", side(eb.getKey(), b));
        Map<String, Object> headline = new LinkedHashMap<>();
        headline.put("name", a.headline() == null ? null : a.headline().name());
        headline.put("unit", a.headline() == null ? null : a.headline().unit());
        Double va = a.headline() == null ? null : a.headline().value(), vb = b.headline() == null ? null : b.headline().value();
        headline.put("a", va);
        headline.put("b", vb);
        headline.put("change_percent", change(va, vb));
        headline.put("same_metric", a.headline() != null && b.headline() != null && a.headline().name().equals(b.headline().name())
                && a.headline().unit().equals(b.headline().unit()));
        out.put("headline", headline);
        Map<String, Double> ca = new TreeMap<>(), cb = new TreeMap<>();
        flatten("", a.counters(), ca);
        flatten("", b.counters(), cb);
        out.put("counters", rows(ca, cb, "name"));
        Map<String, Object> histograms = new LinkedHashMap<>();
        TreeSet<String> names = new TreeSet<>();
        if (a.histograms() != null) names.addAll(a.histograms().keySet());
        if (b.histograms() != null) names.addAll(b.histograms().keySet());
        for (String n : names) {
            Map<String, Double> ha = buckets(a.histograms() == null ? null : a.histograms().get(n));
            Map<String, Double> hb = buckets(b.histograms() == null ? null : b.histograms().get(n));
            histograms.put(n, rows(ha, hb, "bytes"));
        }
        out.put("histograms", histograms);
        Map<String, Double> ta = new TreeMap<>(), tb = new TreeMap<>();
        flatten("", a.timeBreakdownNs() == null ? null : ResultJson.mapper().convertValue(a.timeBreakdownNs(), Map.class), ta);
        flatten("", b.timeBreakdownNs() == null ? null : ResultJson.mapper().convertValue(b.timeBreakdownNs(), Map.class), tb);
        out.put("time_breakdown_ns", rows(ta, tb, "name"));
        Map<String, Object> virtual = new LinkedHashMap<>();
        virtual.put("a", a.virtualNs());
        virtual.put("b", b.virtualNs());
        virtual.put("change_percent", change((double) a.virtualNs(), (double) b.virtualNs()));
        out.put("virtual_ns", virtual);
        return out;
    }

    private static Map<String, Object> side(long id, RunResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", id);
        m.put("scenario", r.scenario());
        m.put("tool", r.tool());
        m.put("profile", r.profile());
        m.put("command", r.command());
        m.put("mkfs", r.mkfs());
        m.put("mount", r.mount());
        m.put("optimizations", r.optimizations());
        m.put("params", r.params());
        m.put("seed", r.seed());
        return m;
    }

    private static List<Map<String, Object>> rows(Map<String, Double> a, Map<String, Double> b, String key) {
        TreeSet<String> keys = new TreeSet<>(CompareController::byNumberThenName);
        keys.addAll(a.keySet());
        keys.addAll(b.keySet());
        List<Map<String, Object>> out = new ArrayList<>();
        for (String k : keys) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put(key, k.matches("[0-9]{1,18}") && key.equals("bytes") ? (Object) Long.parseLong(k) : k);
            m.put("a", a.get(k));
            m.put("b", b.get(k));
            m.put("change_percent", change(a.get(k), b.get(k)));
            out.add(m);
        }
        return out;
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
