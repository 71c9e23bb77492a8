package org.f2fsobs.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.junit.jupiter.api.Test;

/**
 * P4 (seed 004) at its smallest meaningful scale, on a machine shrunk with it: tiotest-multithread-read with the
 * ufs21-2018 profile's memory split (free, active and inactive file pages, reserves) and nr_requests × the scale, so the
 * dirty limits, the flusher's request budget and the cache keep their proportions to the data (the re-read misses the
 * cache, as in the mail). Pins the direction and rough size of the effect: off, the fsyncs after the last write find
 * the dirty pages the request-bound flusher left and interleave them page by page; on, each inode's writeback is
 * contiguous.
 */
class P4FidelityTests {
    /** The scenario's smallest meaningful scale: memory, nr_requests and the writeback timers shrink with the data. */
    static final double SCALE = ScenarioCatalog.load().get("tiotest-multithread-read").scale().regime().minScale();

    static Execution.Result run(boolean serialize) {
        EngineCellRunner runner = new EngineCellRunner(ScenarioCatalog.load());
        Map<String, Object> params = new TreeMap<>();
        params.put("scale", SCALE);
        RunPlan plan = runner.plan(CellSpec.of("tiotest-multithread-read", Map.of("serialize_writepages", serialize), params, 1));
        var full = EngineCellRunner.profile("ufs21-2018").lruStart();
        assertThat(plan.profile().lruStart().activeFilePages()).as("the machine's memory split shrank with the data")
                .isEqualTo((long) Math.floor(full.activeFilePages() * SCALE));
        return Execution.run(plan, ProgressListener.NONE, CancellationToken.NONE);
    }

    static long counter(Execution.Result r, String name) {
        return ((Number) r.window().counters().get(name)).longValue();
    }

    static Map<String, Long> reads(Execution.Result r) {
        return r.window().histograms().get("read_request_bytes");
    }

    static String commonest(Map<String, Long> h) {
        return h.entrySet().stream().max(Comparator.comparingLong(Map.Entry::getValue)).orElseThrow().getKey();
    }

    @Test
    void offFragmentsTheFilesIntoMostly4KiBReadsAndOnKeeps512KiBReads() {
        Execution.Result off = run(false);
        Execution.Result on = run(true);
        long pages = 32L * (long) (32 * SCALE) * 256;
        // the fsyncs after the last write find pages dirty (the flusher only has nr_requests in flight)
        // (a few per cent of the data with the sourced memory split: 5.2 % at full size, 4.5 % at 0.25; docs/reproduction-notes-p4.md)
        assertThat(counter(off, "sync_writeback_pages")).as("pages written by the final fsyncs, off").isGreaterThan(pages / 50);
        // read side: off every interleaved page is its own request; on, 512 KiB preads stay whole
        assertThat(counter(off, "read_requests")).as("read requests off vs on").isGreaterThan(2 * counter(on, "read_requests"));
        assertThat(commonest(reads(off))).isEqualTo("4096");
        assertThat(reads(off).get("4096") / (double) counter(off, "read_requests")).isGreaterThan(0.5);
        assertThat(commonest(reads(on))).isEqualTo("524288");
        assertThat(reads(on).getOrDefault("4096", 0L) / (double) counter(on, "read_requests")).isLessThan(0.1);
        // write bios merge on physical contiguity whatever the inode: write requests stay large and near-equal
        assertThat((double) counter(off, "write_requests") / counter(on, "write_requests")).isBetween(0.85, 1.15);
        assertThat(commonest(off.window().histograms().get("write_request_bytes"))).isEqualTo("524288");
        assertThat(on.outcome().headline().value()).isGreaterThan(off.outcome().headline().value());
    }
}
