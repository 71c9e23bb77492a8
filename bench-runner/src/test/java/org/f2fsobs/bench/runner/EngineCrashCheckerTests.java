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

    @ParameterizedTest(name = "{0} {1}=on")
    @CsvSource({"fio-large-section, sec_ckpt_valid_blocks", "dd-compressed-read, vm_map_ram", "tiotest-multithread-read, serialize_writepages"})
    void theOtherFlagsAreSafeOnTheirScenarios(String id, String flag) {
        CrashReport r = check(id, flag, true, Map.of("scale", 0.005), null, 12);
        assertThat(r.verdict()).as(r.failures().toString()).isEqualTo("safe");
        assertThat(r.checked()).isPositive();
    }

    @org.junit.jupiter.api.Test
    void aPointOutOfRangeNamesTheRange() {
        assertThatThrownBy(() -> check("fio-large-section", "sec_ckpt_valid_blocks", true, Map.of("scale", 0.005), 999, null))
                .hasMessageContaining("--point 999 is out of range");
    }
}
