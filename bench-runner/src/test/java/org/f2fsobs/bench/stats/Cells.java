package org.f2fsobs.bench.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.api.RunResult;

/** Fixture builder for synthetic results (like PetClinic's {@code george()}): only what comparisons read. */
final class Cells {
    private String scenario = "fio-large-section";
    private String tool = "fio";
    private final Map<String, Boolean> optimizations = new LinkedHashMap<>();
    private final Map<String, Object> params = new LinkedHashMap<>();
    private long seed = 1;
    private double headline = 1e9;
    private final Map<String, Object> counters = new LinkedHashMap<>();
    private final Map<String, Map<String, Long>> histograms = new LinkedHashMap<>();
    private final List<Map<String, Object>> rows = new ArrayList<>();

    private Cells() {
        optimizations.put("sec_ckpt_valid_blocks", false);
        optimizations.put("vm_map_ram", true);
        optimizations.put("skip_cp_compressed_write", false);
        optimizations.put("serialize_writepages", true);
        params.put("scale", 1.0);
    }

    /** A fio-large-section cell with the studied flag set to {@code on}. */
    static Cells fio(boolean on) {
        return new Cells().flag("sec_ckpt_valid_blocks", on);
    }

    /** An iozone-compressed-sync cell with the studied flag set to {@code on}. */
    static Cells iozone(boolean on) {
        Cells c = new Cells().flag("skip_cp_compressed_write", on).flag("sec_ckpt_valid_blocks", true);
        c.scenario = "iozone-compressed-sync";
        c.tool = "iozone";
        return c;
    }

    Cells flag(String flag, boolean on) {
        optimizations.put(flag, on);
        return this;
    }

    Cells param(String key, Object value) {
        params.put(key, value);
        return this;
    }

    Cells seed(long s) {
        seed = s;
        return this;
    }

    Cells headline(double v) {
        headline = v;
        return this;
    }

    Cells counter(String name, Object value) {
        counters.put(name, value);
        return this;
    }

    Cells histogram(String name, long bucket, long count) {
        histograms.computeIfAbsent(name, k -> new LinkedHashMap<>()).put(Long.toString(bucket), count);
        return this;
    }

    Cells row(int reclenKb, double writeKbps) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("reclen_kb", reclenKb);
        r.put("write_kbps", writeKbps);
        r.put("rewrite_kbps", 1.0);
        rows.add(r);
        return this;
    }

    RunResult build() {
        Map<String, Object> metrics = new LinkedHashMap<>();
        if (!rows.isEmpty()) metrics.put("rows", List.copyOf(rows));
        return new RunResult(scenario, tool, tool + " ...", "", "profile", "", "", new LinkedHashMap<>(optimizations),
                new LinkedHashMap<>(params), seed, new RunResult.Headline("write_bandwidth", headline, "bytes/s"), metrics,
                new LinkedHashMap<>(counters), new LinkedHashMap<>(histograms),
                new RunResult.TimeBreakdown(0, 0, Map.of(), Map.of()), new RunResult.Preparation(0, Map.of()), null,
                0, 0, "bench-runner run " + scenario, "test");
    }
}
