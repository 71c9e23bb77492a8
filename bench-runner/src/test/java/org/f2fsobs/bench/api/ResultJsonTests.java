package org.f2fsobs.bench.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResultJsonTests {

    static RunResult sample() {
        Map<String, Boolean> opts = new LinkedHashMap<>();
        opts.put("sec_ckpt_valid_blocks", false);
        opts.put("vm_map_ram", true);
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("segs_per_sec", 128L);
        params.put("scale", 1.0);
        Map<String, Object> counters = new LinkedHashMap<>();
        counters.put("seg_entry_reads", 123L);
        counters.put("checkpoints_by_reason", Map.of("CP_SYNC", 1L));
        Map<String, Map<String, Long>> hist = new LinkedHashMap<>();
        hist.put("write_request_bytes", Map.of("262144", 6144L));
        return new RunResult("fio-large-section", "fio", "fio --bs=512k", "text", "nullblk-x86", "-s 128", "",
                opts, params, 1, new RunResult.Headline("write_bandwidth", 2.25e9, "bytes/s"),
                Map.of("rows", List.of(Map.of("reclen_kb", 4))), counters, hist,
                new RunResult.TimeBreakdown(10, 20, Map.of("copy", 5L), Map.of("curseg_mutex", 0L)),
                new RunResult.Preparation(99, Map.of()),
                new RunResult.Reference(2.249e9, "bytes/s", "000_ea68bffc9d5138c9.txt", 1.0),
                1000, 7, "bench-runner run fio-large-section", "0.1.0");
    }

    @Test
    void writesTheContractFieldNamesInOrder() {
        String json = ResultJson.write(sample());
        assertThat(json).contains("\"tool_output\"", "\"time_breakdown_ns\"", "\"device_busy\"", "\"lock_wait\"",
                "\"ours_over_reference\"", "\"virtual_ns\"", "\"wall_ms\"", "\"engine_version\"", "\"checkpoints_by_reason\"");
        assertThat(json.indexOf("\"scenario\"")).isLessThan(json.indexOf("\"tool\""));
        assertThat(json.indexOf("\"headline\"")).isLessThan(json.indexOf("\"metrics\""));
        assertThat(json.indexOf("\"reproduce\"")).isLessThan(json.indexOf("\"engine_version\""));
    }

    @Test
    void roundTripsWithoutLoss() {
        RunResult r = sample();
        RunResult back = ResultJson.read(ResultJson.write(r), RunResult.class);
        assertThat(ResultJson.write(back)).isEqualTo(ResultJson.write(r));
        assertThat(back.rows()).hasSize(1);
    }
}
