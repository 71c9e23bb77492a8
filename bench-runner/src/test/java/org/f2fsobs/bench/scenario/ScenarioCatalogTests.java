package org.f2fsobs.bench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.stream.Stream;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.stats.ComparisonSpec;
import org.f2fsobs.bench.stats.CounterExpectation;
import org.f2fsobs.bench.stats.CounterExpectation.Direction;
import org.f2fsobs.engine.f2fs.Optimizations;
import org.f2fsobs.engine.platform.Profiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ScenarioCatalogTests {
    static final ScenarioCatalog CATALOG = ScenarioCatalog.load();
    static final String P1 = "fio-large-section", P2 = "dd-compressed-read", P3 = "iozone-compressed-sync",
            P4 = "tiotest-multithread-read";

    @Test
    void loadsTheFourScenariosInContractOrder() {
        assertThat(CATALOG.ids()).containsExactly(P1, P2, P3, P4);
        assertThat(CATALOG.list()).extracting(Scenario::tool).containsExactly("fio", "dd", "iozone", "tiotest");
        assertThat(CATALOG.list()).extracting(Scenario::seedFile).containsExactly("000_ea68bffc9d5138c9.txt",
                "001_d57d12ce94eb8787.txt", "003_0e7bff0b483bb02d.txt", "004_2c36bc703d07533a.txt");
        assertThat(CATALOG.list()).extracting(Scenario::flag).containsExactly("sec_ckpt_valid_blocks", "vm_map_ram",
                "skip_cp_compressed_write", "serialize_writepages");
    }

    @Test
    void eachScenarioRunsOnItsOwnShippedProfile() {
        assertThat(CATALOG.list()).extracting(Scenario::profile)
                .containsExactly("nullblk-x86", "pixel3-ufs21-little4", "amlogic-arm64-p3", "ufs21-2018");
        assertThat(Profiles.names()).containsAll(CATALOG.list().stream().map(Scenario::profile).toList());
    }

    @Test
    void getNamesAnUnknownIdAndListsTheKnownOnes() {
        assertThatThrownBy(() -> CATALOG.get("fio-large-sections"))
                .isInstanceOf(NoSuchElementException.class)
                .hasMessageContaining("unknown scenario 'fio-large-sections'")
                .hasMessageContaining("known: fio-large-section, dd-compressed-read, iozone-compressed-sync, tiotest-multithread-read");
        assertThat(CATALOG.get(P3).id()).isEqualTo(P3);
    }

    @Test
    void commandsAreTheMailsVerbatimAndOnlyP3IsInferred() {
        assertThat(CATALOG.get(P1).command()).isEqualTo("fio --bs=512k --size=1536M --rw=write --name=1 "
                + "--filename=/mnt/test_dir/seq_write --ioengine=io_uring --iodepth=64 --end_fsync=1");
        assertThat(CATALOG.get(P2).command()).isEqualTo("dd if=dummy of=/dev/zero bs=512k");
        assertThat(CATALOG.get(P3).command()).isEqualTo("iozone -a -o -s 100m -i 0 -i 1 -i 2");
        assertThat(CATALOG.get(P4).command()).isEqualTo("./tiotest -t 32 -d /data/tio_tmp -f 32 -b 524288 -k 1 -k 3 -L");
        assertThat(CATALOG.list()).extracting(Scenario::inferred).containsExactly(false, false, true, false);
        assertThat(CATALOG.get(P3).inferredReasoning()).contains("-o", "O_SYNC", "-i 0 -i 1 -i 2", "1314", "-f");
        assertThat(CATALOG.get(P1).inferredReasoning()).isNull();
    }

    /**
     * Every quoted command and figure of the catalog appears in its seed mail. The mails are test resources (copied
     * verbatim from {@code ../shared/seeds}; {@link SeedCopyTests} keeps the copy byte-identical), so this runs on
     * every checkout and cannot skip. iozone rows are found in the mail's table as "KB reclen write …".
     */
    @Test
    void quotedCommandsAndFiguresAppearInTheirSeedMails() throws java.io.IOException {
        for (Scenario s : CATALOG.list()) {
            String text = SeedCopyTests.seed(s.seedFile());
            String mail = text.replaceAll("\\s+", " ");
            assertThat(mail).as(s.id()).contains(s.inferred() ? "102400 4 1314 35488" : s.command());
            int figures = 0;
            for (Reference r : s.references()) {
                for (int side = 0; side < 2; side++) {
                    Figure f = side == 0 ? r.before() : r.after();
                    if (f == null) continue;
                    for (double v : f.printed()) {
                        String what = s.id() + " " + r.metric() + (r.row() == null ? "" : " row " + r.row());
                        if (r.row() == null) assertThat(mail).as(what).contains(UnitConversion.plain(v));
                        else assertThat(iozoneCell(text, side, r.row(), r.metric())).as(what).isEqualTo(UnitConversion.plain(v));
                        figures++;
                    }
                }
            }
            assertThat(figures).as(s.id() + ": figures checked").isPositive();
        }
    }

    static final List<String> IOZONE_COLUMNS = List.of("write_kbps", "rewrite_kbps", "read_kbps", "reread_kbps",
            "random_read_kbps", "random_write_kbps");

    /** The cell of the mail's iozone table {@code table} (0 = before, 1 = after): "KB reclen write rewrite read …". */
    static String iozoneCell(String mail, int table, int reclen, String metric) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^\\s*102400\\s+" + reclen + "\\s+([0-9 ]+)$").matcher(mail);
        for (int seen = 0; m.find(); seen++) {
            if (seen == table) return m.group(1).trim().split("\\s+")[IOZONE_COLUMNS.indexOf(metric)];
        }
        return "(no row " + reclen + " in table " + table + ")";
    }

    /** contracts.md §1, the era flag table, copied here by hand. */
    static Stream<Arguments> eraFlags() {
        return Stream.of(
                Arguments.of(P1, List.of("studied", "on", "off", "on")),
                Arguments.of(P2, List.of("off", "studied", "off", "on")),
                Arguments.of(P3, List.of("on", "on", "studied", "on")),
                Arguments.of(P4, List.of("off", "off", "off", "studied")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("eraFlags")
    void flagTableMatchesContracts(String id, List<String> expected) {
        Scenario s = CATALOG.get(id);
        Map<String, String> table = new LinkedHashMap<>();
        for (int i = 0; i < 4; i++) table.put(Optimizations.NAMES.get(i), expected.get(i));
        assertThat(s.flagTable()).isEqualTo(table);
        Map<String, Boolean> off = s.optimizations(false), on = s.optimizations(true);
        for (int i = 0; i < 4; i++) {
            String f = Optimizations.NAMES.get(i);
            if (f.equals(s.flag())) {
                assertThat(off.get(f)).isFalse();
                assertThat(on.get(f)).isTrue();
                assertThat(s.eraOptimizations()).doesNotContainKey(f);
            } else {
                assertThat(off.get(f)).as(f).isEqualTo(expected.get(i).equals("on")).isEqualTo(on.get(f));
                assertThat(s.eraOptimizations().get(f)).isEqualTo(expected.get(i).equals("on"));
            }
        }
    }

    @Test
    void eraRulesAreTunables() {
        assertThat(CATALOG.get(P4).tunable("serialize_rule")).contains("all_regular");
        for (String id : List.of(P1, P2, P3)) assertThat(CATALOG.get(id).tunable("serialize_rule")).contains("should_serialize_io");
        for (Scenario s : CATALOG.list()) assertThat(s.tunable("min_seq_blocks")).contains(512L);
        assertThat(CATALOG.get(P3).tunable("min_fsync_blocks")).contains(8L);
    }

    @Test
    void parametersFollowContractsSection1() {
        ParamSpec sps = CATALOG.get(P1).param("segs_per_sec").orElseThrow();
        assertThat(sps.enumerate()).containsExactly(1L, 2L, 4L, 8L, 16L, 32L, 64L, 128L, 256L, 512L);
        assertThat(sps.defaultValue()).isEqualTo(128L);
        ParamSpec comp = CATALOG.get(P2).param("compression").orElseThrow();
        assertThat(comp.enumerate()).containsExactly("none", "lz4", "lzo", "zstd");
        assertThat(comp.defaultValue()).isEqualTo("lz4");
        ParamSpec rec = CATALOG.get(P3).param("reclen_kb").orElseThrow();
        assertThat(rec.enumerate()).containsExactly("auto", 4L, 8L, 16L, 32L, 64L, 128L, 256L, 512L, 1024L, 2048L, 4096L, 8192L, 16384L);
        assertThat(rec.defaultValue()).isEqualTo("auto");
        Scenario tio = CATALOG.get(P4);
        assertThat(tio.defaults()).containsExactly(Map.entry("threads", 32L), Map.entry("file_mb", 32L),
                Map.entry("block_bytes", 524288L), Map.entry("scale", 1.0));
        assertThat(tio.param("threads").orElseThrow().allowed()).isEqualTo("an integer 1…256");
        for (Scenario s : CATALOG.list()) {
            assertThat(s.paramNames()).last().isEqualTo("scale");
            assertThat(s.defaults().get("scale")).isEqualTo(1.0);
        }
    }

    /** Every reference converts to its base unit with the expected number (the conversion written in the file). */
    static Stream<Arguments> conversions() {
        return Stream.of(
                Arguments.of(P1, Map.of("segs_per_sec", 128L), null, "write_bandwidth", false, 2145 * 1048576.0, 2_249_195_520.0),
                Arguments.of(P1, Map.of("segs_per_sec", 128L), null, "write_bandwidth", true, 2556 * 1048576.0, 2_680_160_256.0),
                Arguments.of(P1, Map.of("segs_per_sec", 1L), null, "write_bandwidth", false, 2556 * 1048576.0, 2_680_160_256.0),
                Arguments.of(P2, Map.of("compression", "none"), null, "bandwidth", false, 480 * 1048576.0, 503_316_480.0),
                Arguments.of(P2, Map.of("compression", "none"), null, "bandwidth", true, 480 * 1048576.0, 503_316_480.0),
                Arguments.of(P2, Map.of("compression", "lz4"), null, "bandwidth", false, 137 * 1048576.0, 143_654_912.0),
                Arguments.of(P2, Map.of("compression", "lz4"), null, "bandwidth", true, 503 * 1048576.0, 527_433_728.0),
                Arguments.of(P3, Map.of(), 4, "write_kbps", false, 1314 * 1024.0, 1_345_536.0),
                Arguments.of(P3, Map.of(), 4, "write_kbps", true, 14658 * 1024.0, 15_009_792.0),
                Arguments.of(P3, Map.of(), 16384, "reread_kbps", true, 2118162 * 1024.0, 2_168_997_888.0),
                Arguments.of(P4, p4Point(), null, "read_bandwidth", false, 185 * 1048576.0, 193_986_560.0),
                Arguments.of(P4, p4Point(), null, "read_bandwidth", true, 758 * 1048576.0, 794_820_608.0),
                Arguments.of(P4, p4Point(), null, "read_requests", false, 85177.0, 85177.0),
                Arguments.of(P4, p4Point(), null, "read_requests", true, 2417.0, 2417.0),
                Arguments.of(P4, p4Point(), null, "write_requests", false, 2546.0, 2546.0),
                Arguments.of(P4, p4Point(), null, "write_requests", true, 2701.0, 2701.0));
    }

    @ParameterizedTest(name = "{0} {1} row {2} {3} on={4}")
    @MethodSource("conversions")
    void referencesConvertToBaseUnits(String id, Map<String, Object> point, Integer row, String metric, boolean on,
                                      double computed, double expected) {
        Reference r = reference(id, point, row, metric);
        assertThat(r.side(on).value()).isEqualTo(expected).isEqualTo(computed);
        assertThat(r.baseUnit()).isEqualTo(metric.endsWith("requests") ? "requests" : "bytes/s");
        assertThat(r.source()).isEqualTo(CATALOG.get(id).seedFile());
    }

    @Test
    void conversionsAreWrittenDown() {
        assertThat(CATALOG.get(P2).units().get("M/s").how()).contains("MiB/s");
        assertThat(reference(P1, Map.of("segs_per_sec", 128L), null, "write_bandwidth").before().describe())
                .isEqualTo("2145 MiB/s × 1048576 = 2249195520 bytes/s");
        assertThat(reference(P2, Map.of("compression", "lz4"), null, "bandwidth").before().describe())
                .isEqualTo("median of 135, 137, 137 M/s = 137 M/s × 1048576 = 143654912 bytes/s");
        assertThat(reference(P3, Map.of(), 4, "write_kbps").before().describe()).isEqualTo("1314 KB/s × 1024 = 1345536 bytes/s");
        assertThat(CATALOG.get(P4).units().get("MB/s").factor()).isEqualTo(1048576.0);
    }

    @Test
    void referenceRatiosFollowFromBeforeAndAfter() {
        ComparisonSpec p1 = ScenarioCatalog.comparisonSpec(CATALOG.get(P1));
        assertThat(p1.flag()).isEqualTo("sec_ckpt_valid_blocks");
        assertThat(p1.referenceFor(point(P1, "segs_per_sec", 128L), null)).contains(2556.0 / 2145.0);
        assertThat(p1.referenceFor(point(P1, "segs_per_sec", 128.0), null)).contains(2556.0 / 2145.0);
        assertThat(p1.referenceFor(point(P1, "segs_per_sec", 1L), null)).contains(1.0);
        assertThat(p1.referenceFor(point(P1, "segs_per_sec", 64L), null)).isEmpty();

        ComparisonSpec p2 = ScenarioCatalog.comparisonSpec(CATALOG.get(P2));
        assertThat(p2.referenceFor(point(P2, "compression", "lz4"), null)).contains(503.0 / 137.0);
        assertThat(p2.referenceFor(point(P2, "compression", "none"), null)).contains(1.0);
        assertThat(p2.referenceFor(point(P2, "compression", "zstd"), null)).isEmpty();

        ComparisonSpec p4 = ScenarioCatalog.comparisonSpec(CATALOG.get(P4));
        assertThat(p4.referenceFor(point(P4, "threads", 32L), null)).contains(758.0 / 185.0);
        assertThat(p4.referenceFor(point(P4, "threads", 16L), null)).isEmpty();
        assertThat(p4.references()).hasSize(1);   // request counts are references, not the compared ratio
    }

    static final long[][] P3_WRITE = {{4, 1314, 14658}, {8, 2387, 25980}, {16, 5060, 49556}, {32, 9315, 79947},
            {64, 17028, 104866}, {128, 30551, 142097}, {256, 46944, 146972}, {512, 63355, 126591},
            {1024, 83036, 135164}, {2048, 98577, 127587}, {4096, 113300, 124280}, {8192, 132532, 138240},
            {16384, 143246, 146524}};

    @Test
    void iozoneHasOneReferenceRatioPerRecordLengthRow() {
        ComparisonSpec p3 = ScenarioCatalog.comparisonSpec(CATALOG.get(P3));
        assertThat(p3.references()).hasSize(13);
        for (long[] row : P3_WRITE) {
            for (Object reclen : List.of("auto", row[0])) {
                assertThat(p3.referenceFor(point(P3, "reclen_kb", reclen), (int) row[0])).as("row " + row[0])
                        .contains((double) row[2] / row[1]);
            }
        }
        assertThat(p3.referenceFor(point(P3, "reclen_kb", "auto"), null)).isEmpty();
        assertThat(CATALOG.get(P3).references()).hasSize(13 * 6);
    }

    @Test
    void p4RequestCountsAreExtraReferenceMetrics() {
        Scenario s = CATALOG.get(P4);
        assertThat(s.referencesAt(p4Point())).extracting(Reference::metric).containsExactly("read_bandwidth",
                "read_requests", "write_requests", "histograms.read_request_bytes.4096",
                "histograms.read_request_bytes.524288", "histograms.write_request_bytes.524288");
        Reference small = reference(P4, p4Point(), null, "histograms.read_request_bytes.4096");
        assertThat(small.before().approximate()).isTrue();
        assertThat(small.after()).isNull();
        assertThat(small.ratio()).isEmpty();
        assertThat(reference(P4, p4Point(), null, "read_requests").ratio().getAsDouble()).isCloseTo(2417.0 / 85177, within(1e-15));
    }

    @Test
    void headlineReferenceOfARunFollowsItsPointAndSide() {
        Scenario p3 = CATALOG.get(P3);
        Map<String, Object> auto = ScenarioCommand.effectiveParams(p3, Map.of());
        assertThat(p3.resultReference(auto, false, 1345536.0 * 2)).hasValueSatisfying(r -> {
            assertThat(r.value()).isEqualTo(1345536.0);   // smallest record of an auto run: 4 KiB
            assertThat(r.unit()).isEqualTo("bytes/s");
            assertThat(r.source()).isEqualTo("003_0e7bff0b483bb02d.txt");
            assertThat(r.oursOverReference()).isEqualTo(2.0);
        });
        Map<String, Object> rec16 = ScenarioCommand.effectiveParams(p3, Map.of("reclen_kb", 16));
        assertThat(p3.resultReference(rec16, true, 1).map(RunResult.Reference::value)).contains(49556 * 1024.0);
        Scenario p1 = CATALOG.get(P1);
        assertThat(p1.resultReference(ScenarioCommand.effectiveParams(p1, Map.of("segs_per_sec", 64)), true, 1)).isEmpty();
        assertThat(p1.resultReference(p1.defaults(), true, 1).map(RunResult.Reference::value)).contains(2556 * 1048576.0);
    }

    @Test
    void p1ExpectsSegEntryReadsUnchangedAtOneAndStronglyFewerAbove() {
        ComparisonSpec spec = ScenarioCatalog.comparisonSpec(CATALOG.get(P1));
        assertThat(spec.expectationsFor(point(P1, "segs_per_sec", 1L))).contains(CounterExpectation.unchanged("seg_entry_reads", 0.05));
        for (long s = 2; s <= 512; s <<= 1) {
            CounterExpectation seg = spec.expectationsFor(point(P1, "segs_per_sec", s)).get(0);
            assertThat(seg.counter()).isEqualTo("seg_entry_reads");
            assertThat(seg.direction()).isEqualTo(Direction.DECREASE);
            assertThat(seg.minRelativeChange()).isGreaterThanOrEqualTo(s >= 8 ? 0.9 : 0.5);
        }
    }

    @Test
    void p2ExpectsTheVmapToVmMapRamSwitchOnlyForCompressedFiles() {
        ComparisonSpec spec = ScenarioCatalog.comparisonSpec(CATALOG.get(P2));
        assertThat(spec.expectationsFor(point(P2, "compression", "none")))
                .extracting(CounterExpectation::direction).containsOnly(Direction.UNCHANGED);
        for (String alg : List.of("lz4", "lzo", "zstd")) {
            assertThat(spec.expectationsFor(point(P2, "compression", alg))).contains(
                    CounterExpectation.decrease("vmap_calls", 1.0), CounterExpectation.increase("vm_map_ram_calls", 0),
                    CounterExpectation.decrease("vmap_area_walk_steps", 0.9));
            assertThat(spec.expectationsFor(point(P2, "compression", alg))).anySatisfy(e -> {
                assertThat(e.counter()).isEqualTo("vmap_purges");
                assertThat(e.direction()).isEqualTo(Direction.DECREASE);
            });
        }
    }

    @Test
    void p3AndP4ExpectTheirMechanisms() {
        ComparisonSpec p3 = ScenarioCatalog.comparisonSpec(CATALOG.get(P3));
        assertThat(p3.expectationsFor(point(P3, "reclen_kb", "auto"))).contains(
                CounterExpectation.decrease("checkpoints_by_reason.CP_COMPRESSED", 0.9),
                CounterExpectation.increase("fsync_paths.roll_forward", 0));
        ComparisonSpec p4 = ScenarioCatalog.comparisonSpec(CATALOG.get(P4));
        assertThat(p4.expectationsFor(point(P4, "threads", 32L))).containsExactly(
                CounterExpectation.decrease("histograms.read_request_bytes.4096:share", 0.5),
                CounterExpectation.increase("histograms.read_request_bytes.524288:share", 1.0),
                CounterExpectation.decrease("read_requests", 0.75),
                CounterExpectation.unchanged("write_requests", 0.15));
        assertThat(p4.expectationsFor(point(P4, "threads", 1L))).extracting(CounterExpectation::direction)
                .containsOnly(Direction.UNCHANGED);
    }

    @Test
    void counterNamesAreTheContractsOrTheirMapKeys() {
        List<String> known = List.of("seg_entry_reads", "sec_entry_reads", "checkpoints", "checkpoints_by_reason",
                "fsync_paths", "vmap_calls", "vm_map_ram_calls", "vmap_area_walk_steps", "vmap_purges", "tlb_flush_all",
                "read_requests", "write_requests", "flushes", "fua_writes", "blocks_written_by_log", "histograms");
        for (Scenario s : CATALOG.list()) {
            for (ExpectedMechanism e : s.expectedMechanism()) {
                for (CounterExpectation c : e.counters()) assertThat(known).as(s.id()).contains(c.counter().split("[.:]")[0]);
            }
        }
    }

    // --- helpers

    static Map<String, Object> p4Point() {
        return Map.of("threads", 32L, "file_mb", 32L, "block_bytes", 524288L);
    }

    /** The effective parameters of {@code id} with {@code key} set to {@code value}. */
    static Map<String, Object> point(String id, String key, Object value) {
        Map<String, Object> m = new LinkedHashMap<>(CATALOG.get(id).defaults());
        m.put(key, value);
        return m;
    }

    static Reference reference(String id, Map<String, Object> when, Integer row, String metric) {
        return CATALOG.get(id).references().stream()
                .filter(r -> r.when().equals(new java.util.TreeMap<>(when)) && java.util.Objects.equals(r.row(), row) && r.metric().equals(metric))
                .findFirst().orElseThrow(() -> new AssertionError("no reference " + id + " " + when + " " + row + " " + metric));
    }
}
