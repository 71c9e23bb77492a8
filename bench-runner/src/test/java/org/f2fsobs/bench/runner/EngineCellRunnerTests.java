package org.f2fsobs.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.ExecSpec;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.scenario.Scenario;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.f2fsobs.bench.tool.ToolUsageException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class EngineCellRunnerTests {
    static final ScenarioCatalog CATALOG = ScenarioCatalog.load();
    static final EngineCellRunner RUNNER = new EngineCellRunner(CATALOG);

    /** A cell at scale 0.01 unless given: plumbing and mechanism counts, below some scenarios' smallest meaningful scale. */
    static RunResult run(String scenario, boolean on, Map<String, Object> params, long seed) {
        Scenario s = CATALOG.get(scenario);
        Map<String, Object> p = new TreeMap<>(params);
        p.putIfAbsent("scale", 0.01);
        var v = CATALOG.validateRunAtAnyScale(scenario, Map.of(s.flag(), on), p, seed, null);
        assertThat(v.errors()).isEmpty();
        return RUNNER.run(v.cell(), ProgressListener.NONE, CancellationToken.NONE);
    }

    static String withoutWall(RunResult r) {
        return ResultJson.write(r.withWallMs(0));
    }

    @ParameterizedTest
    @ValueSource(strings = {"fio-large-section", "dd-compressed-read", "iozone-compressed-sync", "tiotest-multithread-read"})
    void everyScenarioRunsAtSmallScaleOffAndOnWithTheContractJson(String id) {
        for (boolean on : new boolean[] {false, true}) {
            RunResult r = run(id, on, Map.of(), 1);
            JsonNode j = JsonMapper.builder().build().readTree(ResultJson.write(r));
            for (String f : List.of("scenario", "tool", "command", "tool_output", "profile", "mkfs", "mount", "optimizations",
                    "params", "seed", "headline", "metrics", "counters", "histograms", "time_breakdown_ns", "preparation",
                    "virtual_ns", "wall_ms", "reproduce", "engine_version")) {
                assertThat(j.has(f)).as(id + " has " + f).isTrue();
            }
            assertThat(j.get("scenario").asString()).isEqualTo(id);
            assertThat(j.get("optimizations").size()).isEqualTo(4);
            assertThat(j.get("optimizations").get(CATALOG.get(id).flag()).asBoolean()).isEqualTo(on);
            assertThat(j.get("params").get("scale").asDouble()).isEqualTo(0.01);
            assertThat(j.get("headline").get("unit").asString()).isEqualTo("bytes/s");
            assertThat(j.get("headline").get("value").asDouble()).isPositive();
            for (String c : List.of("seg_entry_reads", "sec_entry_reads", "checkpoints", "checkpoints_by_reason", "fsync_paths",
                    "vmap_calls", "vm_map_ram_calls", "vmap_area_walk_steps", "vmap_purges", "tlb_flush_all", "read_requests",
                    "write_requests", "flushes", "fua_writes", "blocks_written_by_log")) {
                assertThat(j.get("counters").has(c)).as(id + " counter " + c).isTrue();
            }
            long byReason = 0;
            for (JsonNode n : j.get("counters").get("checkpoints_by_reason")) byReason += n.asLong();
            assertThat(byReason).as(id + ": every checkpoint counted once, under one reason").isEqualTo(j.get("counters").get("checkpoints").asLong());
            assertThat(j.get("histograms").has("read_request_bytes")).isTrue();
            assertThat(j.get("time_breakdown_ns").has("device_busy")).isTrue();
            assertThat(j.get("virtual_ns").asLong()).isPositive();
            assertThat(j.get("reproduce").asString()).startsWith("bench-runner run " + id).contains("--seed 1");
            assertThat(r.toolOutput()).isNotBlank();
        }
    }

    @Test
    void theSameSeedTwiceGivesIdenticalJsonApartFromWallTime() {
        RunResult a = run("tiotest-multithread-read", false, Map.of("threads", 4L), 7);
        RunResult b = run("tiotest-multithread-read", false, Map.of("threads", 4L), 7);
        assertThat(withoutWall(a)).isEqualTo(withoutWall(b));
        RunResult c = run("fio-large-section", true, Map.of("segs_per_sec", 4L), 3);
        RunResult d = run("fio-large-section", true, Map.of("segs_per_sec", 4L), 3);
        assertThat(withoutWall(c)).isEqualTo(withoutWall(d));
    }

    @Test
    void scaleShrinksOnlyTheNamedDimension() {
        RunResult fio = run("fio-large-section", false, Map.of(), 1);
        assertThat(fio.command()).contains("--size=15M").contains("--bs=512k").contains("--iodepth=64");
        assertThat(fio.mkfs()).isEqualTo("-s 128");
        RunResult tio = run("tiotest-multithread-read", false, Map.of(), 1);
        assertThat(tio.command()).contains("-t 32").contains("-b 524288");
        assertThat(tio.command()).doesNotContain("-f 32 ");
    }

    @Test
    void p1FlagRemovesTheSectionScanAndSpeedsUpWrites() {
        RunResult off = run("fio-large-section", false, Map.of("segs_per_sec", 128L), 1);
        RunResult on = run("fio-large-section", true, Map.of("segs_per_sec", 128L), 1);
        assertThat(on.headline().value()).isGreaterThan(off.headline().value());
        long pages = 15L * 1024 * 1024 / 4096;
        assertThat(((Number) off.counters().get("seg_entry_reads")).doubleValue() / pages).isGreaterThan(7 * 128);
        assertThat(((Number) on.counters().get("seg_entry_reads")).doubleValue() / pages).isLessThan(10);
        assertThat(off.toolOutput()).contains("WRITE: bw=").contains("Run status group 0 (all jobs):");
    }

    @Test
    void compressedReadsMapTheirClustersWithVmapOffAndVmMapRamOn() {
        RunResult off = run("dd-compressed-read", false, Map.of(), 1);
        RunResult on = run("dd-compressed-read", true, Map.of(), 1);
        long clustersOff = ((Number) off.counters().get("compressed_clusters_read")).longValue();
        assertThat(clustersOff).isPositive();
        // 2 maps + 2 unmaps per cluster (f2fs-mechanics §7.4): vmap off, vm_map_ram on, counted in the measured window
        assertThat(((Number) off.counters().get("vmap_calls")).longValue()).isEqualTo(2 * clustersOff);
        assertThat(((Number) off.counters().get("vm_map_ram_calls")).longValue()).isZero();
        long clustersOn = ((Number) on.counters().get("compressed_clusters_read")).longValue();
        assertThat(((Number) on.counters().get("vm_map_ram_calls")).longValue()).isEqualTo(2 * clustersOn);
        assertThat(((Number) on.counters().get("vmap_calls")).longValue()).isZero();
    }

    @Test
    void execRunsAFreeFormCommandAndRejectsBadOptionsWithTheirName() {
        RunResult r = RUNNER.exec(new ExecSpec("nullblk-x86", "-s 1", "", Map.of(),
                "fio --name=a --filename=/x/f --rw=write --bs=64k --size=4M --ioengine=psync --end_fsync=1", 1, null),
                ProgressListener.NONE, CancellationToken.NONE);
        assertThat(r.scenario()).isNull();
        assertThat(r.headline().name()).isEqualTo("write_bandwidth");
        assertThat(r.reproduce()).startsWith("bench-runner exec --profile nullblk-x86 --mkfs \"-s 1\"");
        assertThatThrownBy(() -> RUNNER.exec(new ExecSpec("nullblk-x86", "", "", Map.of(), "fio --name=a --bogus=1", 1, null),
                ProgressListener.NONE, CancellationToken.NONE)).isInstanceOf(ToolUsageException.class).hasMessageContaining("bogus");
        assertThatThrownBy(() -> RUNNER.exec(new ExecSpec("no-such", "", "", Map.of(), "fio --name=a", 1, null),
                ProgressListener.NONE, CancellationToken.NONE)).hasMessageContaining("unknown profile 'no-such'");
        assertThatThrownBy(() -> RUNNER.exec(new ExecSpec("nullblk-x86", "-s 3", "", Map.of(), "fio --name=a --filename=f --size=1M", 1, null),
                ProgressListener.NONE, CancellationToken.NONE)).hasMessageContaining("power of two");
    }

    @Test
    void aCancelledRunStops() {
        CancellationToken token = new CancellationToken();
        Scenario s = CATALOG.get("fio-large-section");
        var v = CATALOG.validateRun(s.id(), Map.of(s.flag(), false), Map.of("scale", 0.05), 1, null);
        assertThatThrownBy(() -> RUNNER.run(v.cell(), (phase, f) -> { if (f > 0.2) token.cancel(); }, token))
                .isInstanceOf(CancellationToken.CancelledException.class);
        assertThat(CellSpec.class).isNotNull();
    }
}
