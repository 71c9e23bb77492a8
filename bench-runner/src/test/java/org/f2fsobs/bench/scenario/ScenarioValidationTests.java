package org.f2fsobs.bench.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.FieldError;
import org.f2fsobs.bench.matrix.MatrixExpansion;
import org.f2fsobs.bench.matrix.MatrixLimits;
import org.f2fsobs.bench.matrix.MatrixRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ScenarioValidationTests {
    private static final ScenarioCatalog CATALOG = ScenarioCatalogTests.CATALOG;
    private static final String P1 = "fio-large-section", P2 = "dd-compressed-read", P3 = "iozone-compressed-sync",
            P4 = "tiotest-multithread-read";
    private static final String FLAG1 = "sec_ckpt_valid_blocks";

    /** A bad request, the field its error names, a fragment of the message, and whether it is the over-limit kind. */
    record Bad(String name, MatrixRequest request, String profile, String field, String message, boolean overLimit) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static Bad bad(String name, String scenario, Map<String, List<Object>> params, String field, String message) {
        return new Bad(name, new MatrixRequest(scenario, null, params, null, null), null, field, message, false);
    }

    private static Map<String, List<Object>> p(String key, Object... values) {
        Map<String, List<Object>> m = new LinkedHashMap<>();
        m.put(key, new ArrayList<>(Arrays.asList(values)));
        return m;
    }

    private static Map<String, List<Boolean>> o(String flag, Boolean... values) {
        Map<String, List<Boolean>> m = new LinkedHashMap<>();
        m.put(flag, new ArrayList<>(Arrays.asList(values)));
        return m;
    }

    static Stream<Bad> badRequests() {
        Map<String, List<Object>> all = p("segs_per_sec", 1, 2, 4, 8, 16, 32, 64, 128, 256, 512);
        return Stream.of(
                bad("unknown scenario", "fio-large-sections", null, "scenario",
                        "unknown scenario 'fio-large-sections'; known: fio-large-section, dd-compressed-read, iozone-compressed-sync, tiotest-multithread-read"),
                bad("blank scenario", " ", null, "scenario", "is required"),
                new Bad("unknown flag", new MatrixRequest(P1, o("vmap", true), null, null, null), null, "optimizations.vmap",
                        "unknown flag; known: sec_ckpt_valid_blocks, vm_map_ram, skip_cp_compressed_write, serialize_writepages", false),
                bad("unknown parameter", P1, p("segs", 128), "params.segs", "unknown parameter of fio-large-section; known: segs_per_sec, scale"),
                bad("parameter of another scenario", P1, p("threads", 32), "params.threads", "known: segs_per_sec, scale"),
                bad("seed as a parameter", P1, p("seed", 7), "params.seed", "the seed is not a parameter"),
                new Bad("unknown profile", new MatrixRequest(P1, null, null, null, null), "pixel4", "profile",
                        "unknown profile 'pixel4'; known: nullblk-x86, pixel3-ufs21-little4, amlogic-arm64-p3, ufs21-2018", false),
                bad("segs_per_sec=3", P1, p("segs_per_sec", 3), "params.segs_per_sec[0]", "value 3: not a power of two: must be a power of two 1…512"),
                bad("segs_per_sec=1024", P1, p("segs_per_sec", 1024), "params.segs_per_sec[0]", "value 1024: out of range: must be a power of two 1…512"),
                bad("segs_per_sec=0", P1, p("segs_per_sec", 0), "params.segs_per_sec[0]", "out of range: must be a power of two 1…512"),
                bad("segs_per_sec as a string", P1, p("segs_per_sec", "128"), "params.segs_per_sec[0]", "must be a power of two 1…512, not the string \"128\""),
                bad("segs_per_sec=128.5", P1, p("segs_per_sec", 128.5), "params.segs_per_sec[0]", "must be an integer: a power of two 1…512"),
                bad("scale=0", P1, p("scale", 0), "params.scale[0]", "value 0: out of range: must be a number with 0 < scale ≤ 1"),
                bad("scale=1.5", P1, p("scale", 1.5), "params.scale[0]", "value 1.5: out of range: must be a number with 0 < scale ≤ 1"),
                bad("scale=-0.5", P2, p("scale", -0.5), "params.scale[0]", "0 < scale ≤ 1"),
                bad("scale as a word", P2, p("scale", "half"), "params.scale[0]", "must be a number with 0 < scale ≤ 1, not the string \"half\""),
                bad("threads=0", P4, p("threads", 0), "params.threads[0]", "value 0: out of range: must be an integer 1…256"),
                bad("threads=257", P4, p("threads", 257), "params.threads[0]", "out of range: must be an integer 1…256"),
                bad("threads=true", P4, p("threads", true), "params.threads[0]", "must be an integer 1…256, not a boolean"),
                bad("block_bytes=6000", P4, p("block_bytes", 6000), "params.block_bytes[0]", "not a power of two: must be a power of two 4096…16777216"),
                bad("reclen_kb=3", P3, p("reclen_kb", 3), "params.reclen_kb[0]", "value 3: out of range: must be auto or a power of two 4…16384"),
                bad("reclen_kb=12", P3, p("reclen_kb", 12), "params.reclen_kb[0]", "not a power of two: must be auto or a power of two 4…16384"),
                bad("reclen_kb=AUTO", P3, p("reclen_kb", "AUTO"), "params.reclen_kb[0]", "must be auto or a power of two 4…16384"),
                bad("compression=lzo-rle", P2, p("compression", "lzo-rle"), "params.compression[0]",
                        "lzo-rle is kernel-only: the LZO run-length variant of the kernel's lib/lzo"),
                bad("compression=gzip", P2, p("compression", "gzip"), "params.compression[0]", "must be one of none, lz4, lzo, zstd"),
                bad("compression=4", P2, p("compression", 4), "params.compression[0]", "must be one of none, lz4, lzo, zstd, not the number 4"),
                bad("empty parameter list", P1, p("segs_per_sec"), "params.segs_per_sec", "needs at least one value"),
                bad("duplicate value", P1, p("segs_per_sec", 128, 128.0), "params.segs_per_sec[1]", "duplicate value 128"),
                new Bad("empty flag list", new MatrixRequest(P1, o(FLAG1), null, null, null), null, "optimizations." + FLAG1,
                        "needs at least one value", false),
                new Bad("null flag value", new MatrixRequest(P1, o(FLAG1, (Boolean) null), null, null, null), null,
                        "optimizations." + FLAG1 + "[0]", "must be true or false", false),
                new Bad("repetitions 0", new MatrixRequest(P1, null, null, 0, null), null, "repetitions", "must be at least 1, got 0", false),
                new Bad("over the cell limit", new MatrixRequest(P1, null, all, 100, null), null, "cells",
                        "2000 cells requested (10 parameter points × 2 flag settings × 100 repetitions), over the limit max_cells = 1000", true),
                bad("record longer than the scaled file", P3, Map.of("reclen_kb", List.of(16384), "scale", List.of(0.1)), "params.reclen_kb",
                        "drops records larger than the file: raise scale to at least 0.16"),
                bad("tiotest block larger than the file", P4, Map.of("file_mb", List.of(1), "block_bytes", List.of(4194304)),
                        "params.block_bytes", "one block of 4 MiB (block_bytes) is larger than the full size 1 MiB (-f)"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badRequests")
    void badRequestYieldsANamedFieldError(Bad bad) {
        MatrixExpansion.Expansion e = CATALOG.validate(bad.request(), MatrixLimits.DEFAULT, bad.profile());
        assertThat(e.ok()).isFalse();
        assertThat(e.cells()).isEmpty();
        assertThat(e.errors()).anySatisfy(f -> {
            assertThat(f.field()).isEqualTo(bad.field());
            assertThat(f.message()).contains(bad.message());
            assertThat(f.overLimit()).isEqualTo(bad.overLimit());
        });
        assertThat(e.invalid()).isEqualTo(!bad.overLimit());
    }

    /** A well-formed scale below the scenario's smallest meaningful one: its own kind (the app answers 422), naming it. */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"tiotest-multithread-read, 0.1, 0.25", "fio-large-section, 1e-300, 0.01",
            "iozone-compressed-sync, 0.05, 0.1"})
    void aScaleBelowTheScenariosMinimumIsRefusedNamingIt(String scenario, double scale, String min) {
        MatrixExpansion.Expansion e = CATALOG.validate(new MatrixRequest(scenario, null, Map.of("scale", List.of(scale)), null, null),
                MatrixLimits.DEFAULT);
        assertThat(e.ok()).isFalse();
        assertThat(e.invalid()).isFalse();
        assertThat(e.belowMinScale()).isTrue();
        assertThat(e.errors()).singleElement().satisfies(f -> {
            assertThat(f.field()).isEqualTo("params.scale");
            assertThat(f.message()).contains("below this scenario's smallest meaningful scale " + min);
        });
        assertThat(CATALOG.validate(new MatrixRequest(scenario, null, Map.of("scale", List.of(Double.parseDouble(min))), null, null),
                MatrixLimits.DEFAULT).errors()).isEmpty();
    }

    @Test
    void everyErrorIsReportedNotJustTheFirst() {
        Map<String, List<Object>> params = new LinkedHashMap<>();
        params.put("segs_per_sec", List.of(3, 1024));
        params.put("scale", List.of(0));
        MatrixExpansion.Expansion e = CATALOG.validate(new MatrixRequest(P1, o("vmap", true), params, 0, null), MatrixLimits.DEFAULT);
        assertThat(e.errors()).extracting(FieldError::field).containsExactly("repetitions", "params.scale[0]",
                "params.segs_per_sec[0]", "params.segs_per_sec[1]", "optimizations.vmap");
    }

    @Test
    void defaultMatrixRunsTheStudiedFlagOffAndOnWithEveryFlagAndParameterSet() {
        MatrixExpansion.Expansion e = CATALOG.validate(MatrixRequest.of(P1, null, null), MatrixLimits.DEFAULT);
        assertThat(e.ok()).isTrue();
        assertThat(e.cells()).hasSize(6);
        assertThat(e.cells()).extracting(c -> c.optimizations().get(FLAG1)).containsExactly(false, false, false, true, true, true);
        assertThat(e.cells()).extracting(CellSpec::seed).containsExactly(1L, 2L, 3L, 1L, 2L, 3L);
        for (CellSpec c : e.cells()) {
            assertThat(c.scenario()).isEqualTo(P1);
            assertThat(c.profile()).isEqualTo("nullblk-x86");
            assertThat(c.optimizations()).containsEntry("vm_map_ram", true).containsEntry("skip_cp_compressed_write", false)
                    .containsEntry("serialize_writepages", true).hasSize(4);
            assertThat(c.params()).containsExactly(Map.entry("scale", 1.0), Map.entry("segs_per_sec", 128L));
        }
    }

    @Test
    void parameterValuesBecomeCanonicalAndDefaultsAreFilledIn() {
        Map<String, List<Object>> params = new LinkedHashMap<>();
        params.put("segs_per_sec", List.of(1, 128.0));
        params.put("scale", List.of(1));
        MatrixExpansion.Expansion e = CATALOG.validate(new MatrixRequest(P1, o(FLAG1, true, false), params, 1, 5L), MatrixLimits.DEFAULT);
        assertThat(e.cells()).extracting(c -> c.params().get("segs_per_sec")).containsExactly(1L, 1L, 128L, 128L);
        assertThat(e.cells()).extracting(c -> c.params().get("scale")).containsOnly(1.0);
        assertThat(e.cells()).extracting(c -> c.optimizations().get(FLAG1)).containsExactly(true, false, true, false);

        MatrixExpansion.Expansion tio = CATALOG.validate(new MatrixRequest(P4, null, p("threads", 1, 32), 1, null), MatrixLimits.DEFAULT);
        assertThat(tio.cells()).hasSize(4);
        assertThat(tio.cells().get(0).params()).containsExactly(Map.entry("block_bytes", 524288L), Map.entry("file_mb", 32L),
                Map.entry("scale", 1.0), Map.entry("threads", 1L));
    }

    @Test
    void eraFlagsMayBeOverriddenAndAnotherProfileChosen() {
        Map<String, List<Boolean>> opts = o("serialize_writepages", false);
        MatrixExpansion.Expansion e = CATALOG.validate(new MatrixRequest(P1, opts, null, 1, null), MatrixLimits.DEFAULT, "ufs21-2018");
        assertThat(e.cells()).hasSize(2).allSatisfy(c -> {
            assertThat(c.optimizations()).containsEntry("serialize_writepages", false);
            assertThat(c.profile()).isEqualTo("ufs21-2018");
        });
    }

    @Test
    void theStudiedFlagCountsTowardsTheCellLimit() {
        MatrixExpansion.Expansion e = CATALOG.validate(new MatrixRequest(P1, null, null, 3, null), new MatrixLimits(5));
        assertThat(e.overLimit()).isTrue();
        assertThat(e.errors().get(0).message()).contains("6 cells requested");
    }

    @Test
    void recordLengthsThatFitTheScaledFileAreAccepted() {
        Map<String, List<Object>> params = new LinkedHashMap<>();
        params.put("reclen_kb", List.of("auto", 4, 1024));
        params.put("scale", List.of(0.1));
        MatrixExpansion.Expansion e = CATALOG.validate(new MatrixRequest(P3, null, params, 1, null), MatrixLimits.DEFAULT);
        assertThat(e.errors()).isEmpty();
        assertThat(e.cells()).extracting(c -> c.params().get("reclen_kb")).containsExactly("auto", "auto", 4L, 4L, 1024L, 1024L);
    }

    @Test
    void aRunIsOneCellWithTheStudiedFlagOffUnlessAsked() {
        Scenario p2 = CATALOG.get(P2);
        ScenarioCatalog.RunValidation v = CATALOG.validateRun(p2, Map.of(), Map.of(), 1, null);
        assertThat(v.ok()).isTrue();
        assertThat(v.cell().optimizations()).containsExactly(Map.entry("sec_ckpt_valid_blocks", false),
                Map.entry("serialize_writepages", true), Map.entry("skip_cp_compressed_write", false), Map.entry("vm_map_ram", false));
        assertThat(v.cell().params()).containsExactly(Map.entry("compression", "lz4"), Map.entry("scale", 1.0));
        assertThat(v.cell().profile()).isEqualTo("pixel3-ufs21-little4");

        ScenarioCatalog.RunValidation on = CATALOG.validateRun(p2, Map.of("vm_map_ram", true), Map.of("compression", "none", "scale", 0.5), 42, "nullblk-x86");
        // a crash check (and a plumbing test) takes any scale > 0; a run below the minimum is refused naming it
        assertThat(CATALOG.validateRun(CATALOG.get(P4), Map.of(), Map.of("scale", 0.01), 1, null).errors()).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("smallest meaningful scale 0.25"));
        assertThat(CATALOG.validateRunAtAnyScale(P4, Map.of(), Map.of("scale", 0.01), 1, null).ok()).isTrue();
        assertThat(on.cell().optimizations()).containsEntry("vm_map_ram", true);
        assertThat(on.cell().params()).containsEntry("compression", "none").containsEntry("scale", 0.5);
        assertThat(on.cell().seed()).isEqualTo(42);
        assertThat(on.cell().profile()).isEqualTo("nullblk-x86");
    }

    @Test
    void aBadRunNamesItsFieldsWithoutListIndices() {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("segs_per_sec", 3);
        params.put("colour", "red");
        ScenarioCatalog.RunValidation v = CATALOG.validateRun(CATALOG.get(P1), Map.of("vmap", true), params, 1, "pixel9");
        assertThat(v.ok()).isFalse();
        assertThat(v.errors()).extracting(FieldError::field).containsExactly("profile", "params.colour", "params.segs_per_sec", "optimizations.vmap");
        assertThat(v.errors().get(2).message()).isEqualTo("value 3: not a power of two: must be a power of two 1…512");

        ScenarioCatalog.RunValidation unknown = CATALOG.validateRun("nope", Map.of(), Map.of(), 1, null);
        assertThat(unknown.errors()).extracting(FieldError::field).containsExactly("scenario");
        ScenarioCatalog.RunValidation bigRecord = CATALOG.validateRun(CATALOG.get(P3), Map.of(), Map.of("reclen_kb", 16384, "scale", 0.1), 1, null);
        assertThat(bigRecord.errors()).singleElement().satisfies(f -> {
            assertThat(f.field()).isEqualTo("params.reclen_kb");
            assertThat(f.message()).startsWith("at reclen_kb=16384,scale=0.1: ");
        });
    }

    @Test
    void validatorRejectsWhatTheScenarioDoesNotHave() {
        var v = ScenarioCatalog.paramValidator(CATALOG.get(P3));
        assertThat(v.checkKey("reclen_kb")).isEmpty();
        assertThat(v.checkKey("scale")).isEmpty();
        assertThat(v.checkKey("segs_per_sec")).contains("unknown parameter of iozone-compressed-sync; known: reclen_kb, scale");
        assertThat(v.checkFlag("vm_map_ram")).isEmpty();
        assertThat(v.checkValue("reclen_kb", "auto")).isEmpty();
        assertThat(v.checkValue("reclen_kb", 16384L)).isEmpty();
        assertThat(v.checkValue("scale", 1e-9)).isEmpty();
        assertThat(v.checkValue("scale", 1L)).isEmpty();
    }
}
