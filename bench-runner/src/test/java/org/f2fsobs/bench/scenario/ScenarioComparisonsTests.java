package org.f2fsobs.bench.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.Comparison;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.matrix.MatrixLimits;
import org.f2fsobs.bench.matrix.MatrixRequest;
import org.junit.jupiter.api.Test;

/**
 * The catalog's references and expectations drive the verdicts: synthetic results (what an engine that behaves as
 * the mail says would report) for the cells the catalog expands, through {@link ScenarioComparisons}.
 */
class ScenarioComparisonsTests {
    private static final ScenarioCatalog CATALOG = ScenarioCatalogTests.CATALOG;
    private static final double MIB = 1 << 20;

    /** What a synthetic engine reports for one cell. */
    record Outcome(double headline, Map<String, Object> counters, Map<String, Map<String, Long>> histograms,
                   List<Map<String, Object>> rows) {
        Outcome(double headline, Map<String, Object> counters, List<Map<String, Object>> rows) {
            this(headline, counters, Map.of(), rows);
        }
    }

    private static List<RunResult> run(Scenario s, Map<String, List<Object>> params, Function<CellSpec, Outcome> engine) {
        var e = CATALOG.validate(new MatrixRequest(s.id(), null, params, 3, 1L), MatrixLimits.DEFAULT);
        assertThat(e.errors()).isEmpty();
        List<RunResult> out = new ArrayList<>();
        for (CellSpec c : e.cells()) {
            Outcome o = engine.apply(c);
            double jitter = 1 + 0.001 * c.repetition();   // a little spread, as repetitions have
            Map<String, Object> metrics = new LinkedHashMap<>();
            if (o.rows() != null) metrics.put("rows", o.rows());
            out.add(new RunResult(s.id(), s.tool(), ScenarioCommand.render(s, c.params()).command(), "", c.profile(), "", "",
                    c.optimizations(), c.params(), c.seed(), new RunResult.Headline(s.headline(), o.headline() * jitter, "bytes/s"),
                    metrics, o.counters(), o.histograms(), new RunResult.TimeBreakdown(0, 0, Map.of(), Map.of()),
                    new RunResult.Preparation(0, Map.of()), null, 0, 0, ScenarioCommand.reproduce(s, c), "test"));
        }
        return out;
    }

    private static Comparison at(List<Comparison> comparisons, String key, Object value, Integer row) {
        return comparisons.stream().filter(c -> c.params().get(key).equals(value) && java.util.Objects.equals(c.row(), row))
                .findFirst().orElseThrow();
    }

    /** P1 as the mail and f2fs-mechanics §10 describe it; {@code onSegReadsPerPage} lets a test break the mechanism. */
    private static Function<CellSpec, Outcome> p1Engine(double onSegReadsPerPage) {
        return c -> {
            long sps = (Long) c.params().get("segs_per_sec");
            boolean on = c.optimizations().get("sec_ckpt_valid_blocks");
            double pages = 393216;
            double seg = sps == 1 ? 10 : on ? onSegReadsPerPage : 7 * sps + 3;
            double sec = sps > 1 && on ? 7 : 0;
            double mibs = sps == 1 || on ? 2556 : 2556 - 411 * sps / 128.0;
            return new Outcome(mibs * MIB, Map.of("seg_entry_reads", seg * pages, "sec_entry_reads", sec * pages), null);
        };
    }

    @Test
    void p1ReproducesAtOneAndAt128AndHasNoReferenceAt64() {
        Scenario s = CATALOG.get("fio-large-section");
        List<Comparison> cs = ScenarioComparisons.of(run(s, Map.of("segs_per_sec", List.of(1, 64, 128)), p1Engine(3)), s, 1);
        assertThat(cs).hasSize(3);
        Comparison at128 = at(cs, "segs_per_sec", 128L, null);
        assertThat(at128.referenceRatio()).isEqualTo(2556.0 / 2145.0);
        assertThat(at128.mechanism()).isEqualTo("moved as expected");
        assertThat(at128.verdict()).isEqualTo("reproduced");
        Comparison at1 = at(cs, "segs_per_sec", 1L, null);
        assertThat(at1.referenceRatio()).isEqualTo(1.0);
        assertThat(at1.verdict()).isEqualTo("reproduced");
        Comparison at64 = at(cs, "segs_per_sec", 64L, null);
        assertThat(at64.referenceRatio()).isNull();
        assertThat(at64.mechanism()).isEqualTo("moved as expected");
        assertThat(at64.verdict()).isEqualTo("n/a");
    }

    @Test
    void p1WithTheRightRatioButSegEntryReadsBarelyDownIsOnlyPartly() {
        Scenario s = CATALOG.get("fio-large-section");
        List<Comparison> cs = ScenarioComparisons.of(run(s, Map.of("segs_per_sec", List.of(128)), p1Engine(600)), s, 1);
        assertThat(cs.get(0).mechanism()).isEqualTo("did not move");
        assertThat(cs.get(0).verdict()).isEqualTo("partly");
    }

    @Test
    void p3ComparesEveryRecordLengthRowWithTheMailsRow() {
        Scenario s = CATALOG.get("iozone-compressed-sync");
        List<RunResult> cells = run(s, Map.of(), c -> {
            boolean on = c.optimizations().get("skip_cp_compressed_write");
            List<Map<String, Object>> rows = new ArrayList<>();
            for (long[] r : ScenarioCatalogTests.P3_WRITE) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("reclen_kb", (int) r[0]);
                row.put("write_kbps", (double) (on ? r[2] : r[1]));
                rows.add(row);
            }
            Map<String, Object> counters = new LinkedHashMap<>();
            counters.put("checkpoints_by_reason", on ? Map.of("CP_SYNC", 3L) : Map.of("CP_COMPRESSED", 300000L, "CP_SYNC", 3L));
            counters.put("fsync_paths", on ? Map.of("roll_forward", 300000L, "ipu_flush", 40000L) : Map.of("checkpoint", 300000L, "ipu_flush", 40000L));
            return new Outcome(0, counters, rows);
        });
        List<Comparison> cs = ScenarioComparisons.of(cells, s, 1);
        assertThat(cs).hasSize(13);
        assertThat(cs).extracting(Comparison::row).containsExactly(4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384);
        assertThat(cs).allSatisfy(c -> {
            assertThat(c.mechanism()).isEqualTo("moved as expected");
            assertThat(c.verdict()).isEqualTo("reproduced");
        });
        assertThat(cs.get(0).referenceRatio()).isEqualTo(14658.0 / 1314.0);
    }

    @Test
    void p4ReproducesWhenReadRequestsTurnFromMostly4KiBToMostly512KiB() {
        Scenario s = CATALOG.get("tiotest-multithread-read");
        List<RunResult> cells = run(s, Map.of("threads", List.of(1, 32)), c -> {
            boolean on = c.optimizations().get("serialize_writepages") && (Long) c.params().get("threads") > 1;
            Map<String, Object> counters = new LinkedHashMap<>();
            counters.put("read_requests", on ? 2417L : 85177L);
            counters.put("write_requests", on ? 2701L : 2546L);
            Map<String, Long> reads = on ? Map.of("4096", 300L, "524288", 2042L, "131072", 75L)
                    : Map.of("4096", 80000L, "524288", 100L, "131072", 5077L);
            return new Outcome((on ? 758 : 185) * MIB, counters, Map.of("read_request_bytes", reads), null);
        });
        List<Comparison> cs = ScenarioComparisons.of(cells, s, 1);
        Comparison at32 = at(cs, "threads", 32L, null);
        assertThat(at32.mechanism()).isEqualTo("moved as expected");
        assertThat(at32.verdict()).isEqualTo("reproduced");
        Comparison at1 = at(cs, "threads", 1L, null);
        assertThat(at1.referenceRatio()).isNull();
        assertThat(at1.mechanism()).isEqualTo("moved as expected");   // unchanged, as expected with one thread
    }

    @Test
    void p4ReadRequestSizesAndCountsAreTheMechanism() {
        Scenario s = CATALOG.get("tiotest-multithread-read");
        List<RunResult> cells = run(s, Map.of(), c -> {
            boolean on = c.optimizations().get("serialize_writepages");
            Map<String, Object> counters = new LinkedHashMap<>();
            counters.put("read_requests", on ? 2417L : 85177L);
            counters.put("write_requests", on ? 2701L : 2546L);
            return new Outcome((on ? 758 : 185) * MIB, counters, null);
        });
        // no histograms in these results: the share expectations cannot be checked, so the mechanism is not confirmed
        Comparison c = ScenarioComparisons.of(cells, s, 1).get(0);
        assertThat(c.referenceRatio()).isEqualTo(758.0 / 185.0);
        assertThat(c.mechanism()).isEqualTo("did not move");
        assertThat(c.verdict()).isEqualTo("partly");
    }
}
