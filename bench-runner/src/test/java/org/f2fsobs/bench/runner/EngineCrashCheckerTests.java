package org.f2fsobs.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.CrashReport;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Crash verdicts of the seed scenarios' commands at small scale (issue: Engine III, crash harness). */
class EngineCrashCheckerTests {
    private static final ScenarioCatalog CATALOG = ScenarioCatalog.load();
    private static final EngineCrashChecker CHECKER = new EngineCrashChecker(CATALOG);

    private static CrashReport check(String id, String flag, boolean on, Map<String, Object> params, Integer point, Integer max) {
        return CHECKER.run(CellSpec.of(id, Map.of(flag, on), params, 1), point, max, ProgressListener.NONE, CancellationToken.NONE);
    }

    @ParameterizedTest(name = "skip_cp_compressed_write={0}")
    @ValueSource(booleans = {true, false})
    void osyncCompressedClustersComeBackOnlyWhenTheWritePathCheckpoints(boolean on) {
        // 16 KiB records: every O_SYNC write is one compressible cluster (iozone's pattern), the case Chao Yu's review names
        CrashReport r = check("iozone-compressed-sync", "skip_cp_compressed_write", on, Map.of("reclen_kb", 16L, "scale", 0.005), null, 40);
        if (on) {
            assertThat(r.verdict()).isIn("data_lost", "inconsistent");
            assertThat(r.failures()).isNotEmpty();
            CrashReport.Failure first = r.failures().get(0);
            assertThat(first.what()).contains("/compressed/iozone.tmp");
            assertThat(r.reproduce()).startsWith("bench-runner crash iozone-compressed-sync")
                    .contains("--opt skip_cp_compressed_write=on").endsWith("--point " + first.point());
            // the reproduce line's point alone gives the same failure
            CrashReport again = check("iozone-compressed-sync", "skip_cp_compressed_write", true,
                    Map.of("reclen_kb", 16L, "scale", 0.005), first.point(), null);
            assertThat(again.failures()).containsExactly(first);
        } else {
            assertThat(r.verdict()).as(r.failures().toString()).isEqualTo("safe");
            assertThat(r.checked()).isEqualTo(Math.min(40, r.crashPoints()));
        }
    }

    /** Every flag of the catalog at its seed scenario's defaults (small scale), every point checked. */
    @ParameterizedTest(name = "{0} {1}={2}")
    @CsvSource({"fio-large-section, sec_ckpt_valid_blocks, true, safe", "fio-large-section, sec_ckpt_valid_blocks, false, safe",
            "dd-compressed-read, vm_map_ram, true, safe", "dd-compressed-read, vm_map_ram, false, safe",
            "iozone-compressed-sync, skip_cp_compressed_write, true, data_lost",
            "iozone-compressed-sync, skip_cp_compressed_write, false, safe",
            "tiotest-multithread-read, serialize_writepages, true, safe", "tiotest-multithread-read, serialize_writepages, false, safe"})
    void eachFlagsVerdictAtItsSeedScenario(String id, String flag, boolean on, String verdict) {
        CrashReport r = check(id, flag, on, Map.of("scale", 0.002), null, null);
        assertThat(r.verdict()).as(r.failures().toString()).isEqualTo(verdict);
        assertThat(r.checked()).isEqualTo(r.crashPoints());
        assertThat(r.coverageMissing()).isEmpty();
        r.coverageRequired().forEach((k, n) -> assertThat(r.coverage().get(k)).as(k).isGreaterThanOrEqualTo(n));
        assertThat(r.recovery().mounts()).isEqualTo(r.checked());
        // every recovery mount's reads went through the block layer, counted by type: the superblock, the CP packs, all
        // SIT blocks, the free-nid scan's NAT blocks, and (no CP_UMOUNT pack after a cut) the node logs' SSA blocks and
        // segments read as META_POR pages by restore_node_summary, then the roll-forward chain
        CrashReport.Recovery rc = r.recovery();
        assertThat(rc.readRequests().median()).isPositive();
        assertThat(rc.metaReadsByType().get("super").max()).isEqualTo(1);
        assertThat(rc.metaReadsByType().get("cp").median()).isGreaterThanOrEqualTo(2);
        assertThat(rc.metaReadsByType().get("sit").median()).isPositive();
        assertThat(rc.metaReadsByType().get("ssa").median()).isGreaterThanOrEqualTo(3);
        assertThat(rc.metaReadsByType().get("por").median()).isGreaterThan(3 * 512);
        assertThat(rc.readBytes().median()).isGreaterThanOrEqualTo(rc.metaReadsByType().get("por").median() * 4096);
        if (verdict.equals("safe")) {
            assertThat(r.failures()).isEmpty();
            assertThat(r.smallestFailingPoint()).isNull();
            return;
        }
        // iozone's automatic mode re-creates its file per record length; once records fill a cluster, the O_SYNC'd
        // clusters are compressed, roll-forward leaves their COMPRESS_ADDR slot alone and the cluster reads back raw
        CrashReport.Failure first = r.failures().get(0);
        assertThat(r.smallestFailingPoint()).isEqualTo(first.point());
        assertThat(first.lost().file()).isEqualTo("/compressed/iozone.tmp");
        assertThat(first.lost().promise()).isEqualTo("O_SYNC");
        assertThat(first.lost().byIdentity()).isTrue();
        assertThat(first.lost().length()).isGreaterThanOrEqualTo(4096);
        assertThat(first.lost().promisedGeneration()).isPositive();
        assertThat(first.lost().foundGeneration()).isLessThan(first.lost().promisedGeneration());
        // the patch trades checkpoints for roll-forward: recovery replays dnodes that the checkpointing kernel never logs
        assertThat(r.recovery().dnodesReplayed().max()).isPositive();
        CrashReport off = check(id, flag, false, Map.of("scale", 0.002), null, null);
        assertThat(off.recovery().dnodesReplayed().max()).isZero();
        assertThat(r.recovery().mountNs().median()).isGreaterThan(off.recovery().mountNs().median());
    }

    @org.junit.jupiter.api.Test
    void aFewPointsFindTheSmallestFailingPointByBisection() {
        Map<String, Object> small = Map.of("scale", 0.002);
        CrashReport all = check("iozone-compressed-sync", "skip_cp_compressed_write", true, small, null, null);
        CrashReport five = check("iozone-compressed-sync", "skip_cp_compressed_write", true, small, null, 5);
        assertThat(five.smallestFailingPoint()).isEqualTo(all.smallestFailingPoint());
        assertThat(five.failures().get(0).point()).isEqualTo(all.smallestFailingPoint());
        assertThat(five.reproduce()).endsWith("--point " + all.smallestFailingPoint());
        assertThat(five.checked()).isGreaterThan(5).isLessThan(5 + 32 - Integer.numberOfLeadingZeros(all.crashPoints()) + 1);
    }

    @org.junit.jupiter.api.Test
    void tooFewCutsOfAKindIsInsufficientCoverageNotSafe() {
        CrashReport few = check("iozone-compressed-sync", "skip_cp_compressed_write", false, Map.of("scale", 0.002), null, 4);
        assertThat(few.failures()).isEmpty();
        assertThat(few.verdict()).isEqualTo("insufficient_coverage");
        assertThat(few.coverageMissing()).isNotEmpty();
        assertThat(few.coverageMissing()).allSatisfy(k -> assertThat(few.coverage().get(k)).isLessThan(few.coverageRequired().get(k)));
        // enough points for each kind's required cuts: covered, though far from every point
        CrashReport enough = check("iozone-compressed-sync", "skip_cp_compressed_write", false, Map.of("scale", 0.002), null, 30);
        assertThat(enough.checked()).isEqualTo(30).isLessThan(enough.crashPoints());
        assertThat(enough.verdict()).isEqualTo("safe");
        // one point alone, safe there, does not make a workload safe
        CrashReport one = check("iozone-compressed-sync", "skip_cp_compressed_write", false, Map.of("scale", 0.002), 5, null);
        assertThat(one.verdict()).isEqualTo("insufficient_coverage");
    }

    @org.junit.jupiter.api.Test
    void aPointOutOfRangeNamesTheRange() {
        assertThatThrownBy(() -> check("fio-large-section", "sec_ckpt_valid_blocks", true, Map.of("scale", 0.005), 999, null))
                .hasMessageContaining("--point 999 is out of range");
    }
}
