package org.f2fsobs.bench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.scenario.PreparationStep.Op;
import org.f2fsobs.bench.scenario.ScenarioCommand.Rendered;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ScenarioCommandTests {
    private static final ScenarioCatalog CATALOG = ScenarioCatalogTests.CATALOG;
    private static final long KIB = 1024, MIB = 1 << 20;

    private static Rendered render(String id, Object... kv) {
        Map<String, Object> params = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) params.put((String) kv[i], kv[i + 1]);
        return ScenarioCommand.render(CATALOG.get(id), params);
    }

    /** The positions where two commands differ, token by token (they must have as many tokens). */
    private static List<Integer> differingTokens(String a, String b) {
        String[] x = a.split(" "), y = b.split(" ");
        assertThat(y).hasSameSizeAs(x);
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < x.length; i++) if (!x[i].equals(y[i])) out.add(i);
        return out;
    }

    @Test
    void scaleOneRendersTheMailsCommandVerbatim() {
        for (String id : List.of("fio-large-section", "dd-compressed-read", "tiotest-multithread-read")) {
            assertThat(render(id).command()).as(id).isEqualTo(CATALOG.get(id).command());
        }
        assertThat(render("iozone-compressed-sync").command())
                .isEqualTo(CATALOG.get("iozone-compressed-sync").command() + " -f /compressed/iozone.tmp");
        assertThat(render("dd-compressed-read").preparation()).extracting(ScenarioCommand.Step::command)
                .containsExactly("chattr +c /data", "dd if=/dev/zero of=dummy bs=1m count=1000", "echo 3 > /proc/sys/vm/drop_caches");
    }

    @Test
    void fioAtOnePercentShrinksOnlyItsSizeToWholeBsBlocks() {
        Rendered full = render("fio-large-section"), small = render("fio-large-section", "scale", 0.01);
        assertThat(differingTokens(full.command(), small.command())).containsExactly(2);
        assertThat(small.command()).contains(" --size=15M ");   // 15.36 MiB rounded down to 30 × 512 KiB
        assertThat(small.scaledBytes()).isEqualTo(15 * MIB).isLessThanOrEqualTo((long) (1536 * MIB * 0.01));
        assertThat(small.scaledBytes() % (512 * KIB)).isZero();
        assertThat(small.mkfs()).isEqualTo(full.mkfs()).isEqualTo("-s 128");
        assertThat(small.preparation()).isEqualTo(full.preparation());
    }

    @Test
    void ddAtOnePercentShrinksOnlyThePreparationCount() {
        Rendered full = render("dd-compressed-read"), small = render("dd-compressed-read", "scale", 0.01);
        assertThat(small.command()).isEqualTo(full.command());
        assertThat(differingTokens(full.preparation().get(1).command(), small.preparation().get(1).command())).containsExactly(4);
        assertThat(small.preparation().get(1).command()).isEqualTo("dd if=/dev/zero of=dummy bs=1m count=10");
        assertThat(small.preparation().get(0)).isEqualTo(full.preparation().get(0));
        assertThat(small.preparation().get(2)).isEqualTo(full.preparation().get(2));
        assertThat(render("dd-compressed-read", "scale", 0.0125).preparation().get(1).command()).endsWith("count=12");
    }

    @Test
    void iozoneAtOnePercentShrinksOnlyItsFileSize() {
        Rendered full = render("iozone-compressed-sync"), small = render("iozone-compressed-sync", "scale", 0.01);
        assertThat(differingTokens(full.command(), small.command())).containsExactly(4);
        assertThat(small.command()).isEqualTo("iozone -a -o -s 1m -i 0 -i 1 -i 2 -f /compressed/iozone.tmp");
        Rendered odd = render("iozone-compressed-sync", "scale", 0.013);   // 1331.2 KiB → 1328 KiB, whole 4 KiB records
        assertThat(odd.command()).contains(" -s 1328k ");
        assertThat(odd.scaledBytes() % (4 * KIB)).isZero();
    }

    @Test
    void tiotestAtOnePercentShrinksOnlyItsFileSizeToAtLeastOneMib() {
        Rendered full = render("tiotest-multithread-read"), small = render("tiotest-multithread-read", "scale", 0.01);
        assertThat(differingTokens(full.command(), small.command())).containsExactly(6);
        assertThat(small.command()).isEqualTo("./tiotest -t 32 -d /data/tio_tmp -f 1 -b 524288 -k 1 -k 3 -L");
        assertThat(render("tiotest-multithread-read", "scale", 0.5).command()).contains(" -f 16 ");
        assertThat(render("tiotest-multithread-read", "scale", 0.3).command()).contains(" -f 9 ");
    }

    @ParameterizedTest(name = "{0} at scale {1} → {2}")
    @CsvSource({
            "fio-large-section, 0.3, 482869248",         // 460.8 MiB → 921 × 512 KiB
            "fio-large-section, 0.000001, 524288",       // never below one block
            "dd-compressed-read, 0.000001, 1048576",
            "iozone-compressed-sync, 0.5, 52428800",
            "tiotest-multithread-read, 0.000001, 1048576"})
    void sizesRoundDownToWholeBlocksAndNeverBelowOne(String id, double scale, long bytes) {
        Scenario s = CATALOG.get(id);
        long scaled = ScenarioCommand.scaledBytes(s, ScenarioCommand.effectiveParams(s, Map.of("scale", scale)));
        assertThat(scaled).isEqualTo(bytes);
        assertThat(scaled % s.scale().blockBytes()).isZero();
    }

    @Test
    void fioSizesUseFiosBinarySuffixes() {
        assertThat(render("fio-large-section", "scale", 0.3).command()).contains(" --size=471552K ");
        assertThat(render("fio-large-section", "scale", 0.5).command()).contains(" --size=768M ");
        assertThat(render("fio-large-section", "scale", 0.000001).command()).contains(" --size=512K ");
    }

    @Test
    void oneIozoneRecordLengthIsRunWithMinusR() {
        assertThat(render("iozone-compressed-sync", "reclen_kb", 16).command())
                .isEqualTo("iozone -a -o -s 100m -r 16 -i 0 -i 1 -i 2 -f /compressed/iozone.tmp");
        // at scale 1 the file keeps the mail's 100m: iozone itself writes whole records (6 × 16 MiB)
        assertThat(render("iozone-compressed-sync", "reclen_kb", 16384).command()).contains(" -s 100m -r 16384 ");
        // below 1 it is rounded down to whole records of the chosen length
        assertThat(render("iozone-compressed-sync", "reclen_kb", 16384, "scale", 0.5).command()).contains(" -s 48m -r 16384 ");
        assertThatThrownBy(() -> render("iozone-compressed-sync", "reclen_kb", 2048, "scale", 0.01))
                .isInstanceOf(ScenarioCommand.ScaleException.class)
                .hasMessageContaining("less than one block of 2 MiB (reclen_kb)")
                .hasMessageContaining("raise scale to at least 0.02");
    }

    @Test
    void tiotestTakesThreadsAndBlockSizeAndRoundsToWholeBlocks() {
        assertThat(render("tiotest-multithread-read", "threads", 1, "block_bytes", 4096).command())
                .isEqualTo("./tiotest -t 1 -d /data/tio_tmp -f 32 -b 4096 -k 1 -k 3 -L");
        assertThat(render("tiotest-multithread-read", "block_bytes", 4194304, "scale", 0.3).command())
                .contains(" -f 8 -b 4194304 ");   // 9.6 MiB → 2 blocks of 4 MiB
        assertThat(render("tiotest-multithread-read", "file_mb", 100, "scale", 0.01).command()).contains(" -f 1 ");
    }

    @Test
    void dataBytesCountEveryTiotestThreadsFile() {
        Scenario tio = CATALOG.get("tiotest-multithread-read");
        assertThat(ScenarioCommand.dataBytes(tio, tio.defaults())).isEqualTo(1L << 30);   // 32 × 32 MiB
        assertThat(ScenarioCommand.dataBytes(tio, ScenarioCommand.effectiveParams(tio, Map.of("threads", 4, "scale", 0.5)))).isEqualTo(64 * MIB);
        Scenario fio = CATALOG.get("fio-large-section");
        assertThat(ScenarioCommand.dataBytes(fio, fio.defaults())).isEqualTo(1536 * MIB);
        Scenario dd = CATALOG.get("dd-compressed-read");
        assertThat(ScenarioCommand.dataBytes(dd, ScenarioCommand.effectiveParams(dd, Map.of("scale", 0.01)))).isEqualTo(10 * MIB);
    }

    @Test
    void mkfsMountAndPreparationFollowTheParameters() {
        assertThat(render("fio-large-section", "segs_per_sec", 1).mkfs()).isEqualTo("-s 1");
        assertThat(render("fio-large-section").preparation()).extracting(ScenarioCommand.Step::op, ScenarioCommand.Step::path,
                ScenarioCommand.Step::command).containsExactly(tuple(Op.MKDIR, "/mnt/test_dir", "mkdir -p /mnt/test_dir"));
        Rendered none = render("dd-compressed-read", "compression", "none");
        assertThat(none.mount()).isEmpty();
        assertThat(none.preparation()).extracting(ScenarioCommand.Step::op).containsExactly(Op.RUN, Op.DROP_CACHES);
        assertThat(render("dd-compressed-read", "compression", "zstd").mount()).isEqualTo("compress_algorithm=zstd");
        assertThat(render("dd-compressed-read").mkfs()).isEqualTo("-O extra_attr,compression");
        assertThat(render("iozone-compressed-sync").preparation()).extracting(ScenarioCommand.Step::op).containsExactly(Op.MKDIR, Op.CHATTR_COMPRESS);
        assertThat(render("tiotest-multithread-read").preparation()).extracting(ScenarioCommand.Step::path).containsExactly("/data/tio_tmp");
    }

    @Test
    void effectiveParametersListEveryParameterWithDefaults() {
        Scenario tio = CATALOG.get("tiotest-multithread-read");
        assertThat(ScenarioCommand.effectiveParams(tio, Map.of("threads", 4))).containsExactly(Map.entry("threads", 4L),
                Map.entry("file_mb", 32L), Map.entry("block_bytes", 524288L), Map.entry("scale", 1.0));
        assertThat(render("fio-large-section", "scale", 1).params()).containsExactly(Map.entry("segs_per_sec", 128L), Map.entry("scale", 1.0));
        assertThatThrownBy(() -> ScenarioCommand.effectiveParams(tio, Map.of("threads", 0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("threads = 0: out of range");
    }

    @Test
    void reproduceLineIsTheContractsForm() {
        Scenario fio = CATALOG.get("fio-large-section");
        assertThat(ScenarioCommand.reproduce(fio, fio.optimizations(false), fio.defaults(), 1, null))
                .isEqualTo("bench-runner run fio-large-section --opt sec_ckpt_valid_blocks=off --set segs_per_sec=128 --seed 1");
        Map<String, Boolean> opts = new LinkedHashMap<>(fio.optimizations(true));
        opts.put("serialize_writepages", false);
        assertThat(ScenarioCommand.reproduce(fio, opts, Map.of("segs_per_sec", 1L, "scale", 0.01), 7, "ufs21-2018"))
                .isEqualTo("bench-runner run fio-large-section --opt sec_ckpt_valid_blocks=on --opt serialize_writepages=off "
                        + "--set segs_per_sec=1 --set scale=0.01 --seed 7 --profile ufs21-2018");
        Scenario dd = CATALOG.get("dd-compressed-read");
        CellSpec cell = CATALOG.validateRun(dd, Map.of("vm_map_ram", true), Map.of("compression", "none"), 3, null).cell();
        assertThat(ScenarioCommand.reproduce(dd, cell))
                .isEqualTo("bench-runner run dd-compressed-read --opt vm_map_ram=on --set compression=none --seed 3");
        Scenario tio = CATALOG.get("tiotest-multithread-read");
        assertThat(ScenarioCommand.reproduce(tio, tio.optimizations(true), Map.of(), 1, "ufs21-2018"))
                .isEqualTo("bench-runner run tiotest-multithread-read --opt serialize_writepages=on --set threads=32 "
                        + "--set file_mb=32 --set block_bytes=524288 --seed 1");
    }
}
