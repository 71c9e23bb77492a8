package org.f2fsobs.bench.mail;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.Comparison;
import org.f2fsobs.bench.api.FieldError;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.matrix.MatrixExpansion;
import org.f2fsobs.bench.matrix.MatrixLimits;
import org.f2fsobs.bench.matrix.MatrixRequest;
import org.f2fsobs.bench.runner.EngineCellRunner;
import org.f2fsobs.bench.runner.MatrixRunner;
import org.f2fsobs.bench.scenario.Scenario;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.junit.jupiter.api.Test;

/**
 * The five public mails picked by docs/mail-import.md §1 ({@code mails/}): what each gives, and — where the sides are
 * two values of a parameter — that the draft runs end to end once the value the model lacks is edited; where the sides
 * are the patch, that the draft names the switch that is missing.
 */
class PickedMailsTests {
    private static final ScenarioCatalog CATALOG = ScenarioCatalog.load();

    private static String mail(String name) {
        return Mails.resource("mails/" + name + ".eml");
    }

    private static List<String> fields(MailDraft d) {
        return d.problems().stream().map(FieldError::field).toList();
    }

    @Test
    void mapBlocksHolesIsATimedDdInTwoCasesWithNoSwitchYet() {
        MailDraft d = DraftBuilder.build(mail("01_map-blocks-consecutive-holes"), CATALOG);
        assertThat(d.messageId()).isEqualTo("20260112013320.8028-1-chao@kernel.org");
        assertThat(d.runnable()).isFalse();
        assertThat(fields(d)).contains("flag");
        assertThat(d.problems().get(0).message()).contains("no switch yet", "f2fs_mpage_readpages", "docs/adding-an-optimization.md");
        assertThat(d.scenario().get("command")).isEqualTo("time dd if=/mnt/f2fs/file of=/dev/null bs=1M count=1024");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> params = (List<Map<String, Object>>) d.scenario().get("params");
        assertThat(params).extracting(p -> p.get("name")).contains("case");
        // the shell arithmetic of its truncate line is named by the script check
        assertThat(d.problems()).anySatisfy(p -> assertThat(p.message()).contains("truncate -s $((1024*1024*1024))"));
    }

    @Test
    void precacheTimesAnIoctlSoThereIsNoCommandAndNoSwitch() {
        assertThatThrownBy(() -> DraftBuilder.build(mail("02_precache-readahead-node-blocks"), CATALOG))
                .isInstanceOfSatisfying(MailImportException.class, e -> {
                    assertThat(e.errors()).extracting(FieldError::field).containsExactly("command", "flag");
                    assertThat(e.errors().get(0).message()).contains("no measured command", "101.8ms");
                    assertThat(e.errors().get(1).message()).contains("no switch yet", "f2fs_map_blocks");
                });
    }

    @Test
    void bufferedAsyncReadsNamesTheMissingSwitch() {
        MailDraft d = DraftBuilder.build(mail("03_buffered-async-reads"), CATALOG);
        assertThat(d.runnable()).isFalse();
        // fio's --overwrite=0 runs since issue 24's option table: only the switch is missing
        assertThat(fields(d)).containsExactly("flag");
        assertThat(d.problems().get(0).message()).contains("f2fs_file_open");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> refs = (List<Map<String, Object>>) d.scenario().get("references");
        assertThat(refs).singleElement().satisfies(r -> {
            assertThat(r.get("metric")).isEqualTo("read_bandwidth");
            assertThat(r.get("before")).isEqualTo(Map.of("values", List.of(167L), "unit", "M/s"));
            assertThat(r.get("after")).isEqualTo(Map.of("values", List.of(234L), "unit", "M/s"));
        });
        assertThat(d.json().get("notes").toString()).contains("M/s", "assumption");
    }

    @Test
    void checkpointMergeTimesAShellLoopSoThereIsNoCommandAndNoSwitch() {
        assertThatThrownBy(() -> DraftBuilder.build(mail("05_checkpoint-merge"), CATALOG))
                .isInstanceOfSatisfying(MailImportException.class, e -> {
                    assertThat(e.errors()).extracting(FieldError::field).containsExactly("command", "flag");
                    assertThat(e.errors().get(0).message()).contains("Elapsed Time", "fio line is not what they time");
                    assertThat(e.errors().get(1).message()).contains("f2fs_issue_checkpoint");
                });
    }

    @Test
    void compressLevelSidesAreTwoValuesOfCompressAlgorithmAndTheDraftRuns() {
        MailDraft d = DraftBuilder.build(mail("04_compress-level"), CATALOG);
        assertThat(d.problems()).isEmpty();
        assertThat(d.runnable()).isTrue();
        assertThat(d.scenario().get("sides")).isEqualTo(Map.of("param", "compression", "before", "lz4", "after", "lz4:9"));
        @SuppressWarnings("unchecked")
        Map<String, Object> compression = ((List<Map<String, Object>>) d.scenario().get("params")).get(0);
        assertThat(compression.get("values")).isEqualTo(List.of("none", "lz4", "lzo", "zstd", "lz4:9"));
        assertThat(d.scenario().get("script").toString()).contains("dd if=/dev/urandom of=enwik9 bs=1000000 count={count}");
        @SuppressWarnings("unchecked")
        Map<String, Map<String, Object>> units = (Map<String, Map<String, Object>>) d.scenario().get("units");
        assertThat(units.get("MB/s")).containsEntry("factor", 1000000L);
    }

    @Test
    void compressLevelRunsEndToEndAsMailedWithLz4hcOnTheAfterSide() {
        MailDraft d = DraftBuilder.build(mail("04_compress-level"), CATALOG);
        Scenario s = ScenarioCatalog.parseUser("mail 04 draft", d.scenario());
        ScenarioCatalog catalog = ScenarioCatalog.load();
        catalog.putUser(s);
        MatrixExpansion.Expansion e = catalog.validate(new MatrixRequest(s.id(), Map.of(), Map.of("scale", List.of(0.01)), 1, 1L), MatrixLimits.DEFAULT);
        assertThat(e.errors()).isEmpty();
        assertThat(e.cells()).extracting(c -> c.params().get("compression")).containsExactly("lz4", "lz4:9");
        MatrixRunner.MatrixResult m = new MatrixRunner(new EngineCellRunner(catalog), 2).run(e.cells(), s, 1, MatrixRunner.Listener.NONE,
                ProgressListener.NONE, CancellationToken.NONE);
        assertThat(m.comparisons()).singleElement().satisfies(c -> {
            assertThat(c.referenceRatio()).isCloseTo(37.4 / 60.9, org.assertj.core.data.Offset.offset(1e-9));
            assertThat(c.ratio()).isPositive();
            assertThat(c.verdict()).isNotBlank();
        });
        RunResult lz4 = m.cells().get(0);
        RunResult hc = m.cells().get(1);
        assertThat(hc.mount()).contains("compress_algorithm=lz4:9");
        // the after side's writeback ran LZ4HC (its own profile key), the before side plain LZ4
        assertThat(cpu(hc)).containsKey("lz4hc_compress_byte").doesNotContainKey("lz4_compress_literal_byte");
        assertThat(cpu(lz4)).containsKey("lz4_compress_literal_byte").doesNotContainKey("lz4hc_compress_byte");
        for (RunResult r : m.cells()) {
            assertThat(r.reference()).isNotNull();
            assertThat(r.reference().messageId()).isEqualTo("20210122094643.47558-1-yuchao0@huawei.com");
            assertThat(r.reference().quote()).contains("60.9 MB/s");
            assertThat(r.reference().source()).isEqualTo("mail <20210122094643.47558-1-yuchao0@huawei.com>");
        }
    }

    /** The CPU time by profile key of a result's measured run (a script's last run). */
    private static Map<String, Long> cpu(RunResult r) {
        RunResult measured = r.scriptRuns() == null || r.scriptRuns().isEmpty() ? r : r.scriptRuns().get(r.scriptRuns().size() - 1);
        return measured.timeBreakdownNs().cpu();
    }

    @Test
    void aSeedDraftRunsThroughTheCellRunnerAsAUserScenario() {
        MailDraft d = DraftBuilder.build(Mails.resource("seeds/000_ea68bffc9d5138c9.txt"), CATALOG);
        ScenarioCatalog catalog = ScenarioCatalog.load();
        catalog.putUser(ScenarioCatalog.parseUser("p1 draft", d.scenario()));
        MatrixExpansion.Expansion e = catalog.validate(new MatrixRequest(d.id(), Map.of(), Map.of("scale", List.of(0.01)), 1, 1L), MatrixLimits.DEFAULT);
        assertThat(e.errors()).isEmpty();
        assertThat(e.cells()).extracting(c -> c.optimizations().get("sec_ckpt_valid_blocks")).containsExactly(false, true);
        MatrixRunner.MatrixResult m = new MatrixRunner(new EngineCellRunner(catalog), 2).run(e.cells(), catalog.get(d.id()), 1,
                MatrixRunner.Listener.NONE, ProgressListener.NONE, CancellationToken.NONE);
        Comparison c = m.comparisons().get(0);
        assertThat(c.referenceRatio()).isCloseTo(2556.0 / 2145, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(c.mechanism()).isEqualTo("moved as expected");
        assertThat(m.cells().get(0).reference().messageId()).isEqualTo("20250502044146.552-2-yohan.joung@sk.com");
        assertThat(m.cells().get(0).reference().quote()).contains("SEGS_PER_SEC 128 2145MiB/s");
    }
}
