package org.f2fsobs.bench.matrix;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.FieldError;
import org.junit.jupiter.api.Test;

class MatrixExpansionTests {
    private static final String FLAG = "sec_ckpt_valid_blocks";

    /** A stand-in for the catalog: fio-large-section's parameters and flags. */
    private static final ParamValidator FIO_LARGE_SECTION = new ParamValidator() {
        @Override
        public Optional<String> checkValue(String key, Object value) {
            if (key.equals("segs_per_sec")) {
                return value instanceof Long l && l >= 1 && l <= 512 && Long.bitCount(l) == 1 ? Optional.empty()
                        : Optional.of("must be a power of two 1…512");
            }
            return value instanceof Number n && n.doubleValue() > 0 && n.doubleValue() <= 1 ? Optional.empty()
                    : Optional.of("must be in (0, 1]");
        }

        @Override
        public Optional<String> checkKey(String key) {
            return key.equals("segs_per_sec") || key.equals("scale") ? Optional.empty()
                    : Optional.of("unknown parameter; known: scale, segs_per_sec");
        }

        @Override
        public Optional<String> checkFlag(String flag) {
            return flag.equals(FLAG) || flag.equals("vm_map_ram") ? Optional.empty()
                    : Optional.of("unknown flag; known: sec_ckpt_valid_blocks, vm_map_ram");
        }
    };

    private static Map<String, List<Boolean>> flags(Object... kv) {
        Map<String, List<Boolean>> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            @SuppressWarnings("unchecked") List<Boolean> v = (List<Boolean>) kv[i + 1];
            m.put((String) kv[i], v);
        }
        return m;
    }

    private static Map<String, List<Object>> params(Object... kv) {
        Map<String, List<Object>> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            @SuppressWarnings("unchecked") List<Object> v = (List<Object>) kv[i + 1];
            m.put((String) kv[i], v);
        }
        return m;
    }

    private static MatrixExpansion.Expansion expand(MatrixRequest r) {
        return MatrixExpansion.expand(r, MatrixLimits.DEFAULT, FIO_LARGE_SECTION);
    }

    private static String describe(CellSpec c) {
        return c.params().get("scale") + "/" + c.params().get("segs_per_sec") + "/" + c.optimizations().get(FLAG)
                + "/r" + c.repetition() + "/s" + c.seed();
    }

    @Test
    void cartesianProductInParamsThenFlagsThenRepetitionsOrder() {
        // request keys deliberately unsorted: segs_per_sec before scale
        MatrixRequest r = new MatrixRequest("fio-large-section", flags(FLAG, List.of(false, true)),
                params("segs_per_sec", List.of(128, 1), "scale", List.of(1.0, 0.5)), 2, 10L);
        MatrixExpansion.Expansion e = expand(r);
        assertThat(e.ok()).isTrue();
        assertThat(e.cells()).extracting(MatrixExpansionTests::describe).containsExactly(
                "1.0/128/false/r0/s10", "1.0/128/false/r1/s11", "1.0/128/true/r0/s10", "1.0/128/true/r1/s11",
                "1.0/1/false/r0/s10", "1.0/1/false/r1/s11", "1.0/1/true/r0/s10", "1.0/1/true/r1/s11",
                "0.5/128/false/r0/s10", "0.5/128/false/r1/s11", "0.5/128/true/r0/s10", "0.5/128/true/r1/s11",
                "0.5/1/false/r0/s10", "0.5/1/false/r1/s11", "0.5/1/true/r0/s10", "0.5/1/true/r1/s11");
        assertThat(e.cells()).allSatisfy(c -> {
            assertThat(c.scenario()).isEqualTo("fio-large-section");
            assertThat(c.profile()).isNull();
            assertThat(c.params().get("segs_per_sec")).isInstanceOf(Long.class);   // 128 (Integer) normalized
        });
    }

    @Test
    void severalFlagsVaryInNameOrderFirstSlowest() {
        MatrixRequest r = new MatrixRequest("s", flags("vm_map_ram", List.of(true, false), FLAG, List.of(true, false)),
                null, 1, 5L);
        List<CellSpec> cells = expand(r).cells();
        assertThat(cells).extracting(c -> c.optimizations().get(FLAG) + "," + c.optimizations().get("vm_map_ram"))
                .containsExactly("true,true", "true,false", "false,true", "false,false");
        assertThat(cells).extracting(CellSpec::seed).containsOnly(5L);
    }

    @Test
    void defaultsAreThreeRepetitionsFromSeedOne() {
        MatrixRequest r = MatrixRequest.of("fio-large-section", flags(FLAG, List.of(true)), null);
        assertThat(r.repetitions()).isEqualTo(3);
        assertThat(r.seed()).isEqualTo(1L);
        assertThat(expand(r).cells()).extracting(CellSpec::seed).containsExactly(1L, 2L, 3L);
        assertThat(expand(r).cells()).extracting(CellSpec::repetition).containsExactly(0, 1, 2);
    }

    @Test
    void noParamsAndNoFlagsIsOnePoint() {
        List<CellSpec> cells = MatrixExpansion.expand(new MatrixRequest("s", null, null, 2, 0L), MatrixLimits.DEFAULT).cells();
        assertThat(cells).hasSize(2);
        assertThat(cells.get(0).params()).isEmpty();
        assertThat(cells.get(0).optimizations()).isEmpty();
    }

    @Test
    void negativeSeedsAreFine() {
        assertThat(expand(new MatrixRequest("s", null, null, 2, -1L)).cells()).extracting(CellSpec::seed).containsExactly(-1L, 0L);
    }

    // ---- errors ------------------------------------------------------------------------------------------------

    private static List<String> errors(MatrixRequest r) {
        MatrixExpansion.Expansion e = expand(r);
        assertThat(e.cells()).as("no cells when there are errors").isEmpty();
        return e.errors().stream().map(FieldError::toString).toList();
    }

    @Test
    void scenarioIsRequired() {
        assertThat(errors(new MatrixRequest(" ", null, null, 1, 1L))).containsExactly("scenario: is required");
        assertThat(errors(new MatrixRequest(null, null, null, 1, 1L))).containsExactly("scenario: is required");
    }

    @Test
    void repetitionsMustBePositive() {
        assertThat(errors(new MatrixRequest("s", null, null, 0, 1L))).containsExactly("repetitions: must be at least 1, got 0");
        assertThat(errors(new MatrixRequest("s", null, null, -3, 1L))).containsExactly("repetitions: must be at least 1, got -3");
    }

    @Test
    void seedPlusRepetitionsMustNotOverflow() {
        assertThat(errors(new MatrixRequest("s", null, null, 2, Long.MAX_VALUE)))
                .singleElement().asString().startsWith("seed: seed + repetitions - 1 exceeds");
        assertThat(expand(new MatrixRequest("s", null, null, 1, Long.MAX_VALUE)).ok()).isTrue();
    }

    @Test
    void emptyOrMissingValueListsAreNamed() {
        Map<String, List<Boolean>> f = flags(FLAG, List.of());
        f.put("vm_map_ram", null);
        Map<String, List<Object>> p = params("segs_per_sec", List.of());
        p.put("scale", null);
        assertThat(errors(new MatrixRequest("s", f, p, 1, 1L))).containsExactly(
                "params.scale: needs at least one value",
                "params.segs_per_sec: needs at least one value",
                "optimizations.sec_ckpt_valid_blocks: needs at least one value",
                "optimizations.vm_map_ram: needs at least one value");
    }

    @Test
    void duplicatesAreNamedWithBothPositions() {
        MatrixRequest r = new MatrixRequest("s", flags(FLAG, List.of(true, false, true)),
                params("segs_per_sec", List.of(128, 1, 128.0)), 1, 1L);
        assertThat(errors(r)).containsExactly(
                "params.segs_per_sec[2]: duplicate value 128 (also at [0])",
                "optimizations.sec_ckpt_valid_blocks[2]: duplicate value true (also at [0])");
    }

    @Test
    void nullAndUnsupportedValues() {
        List<Boolean> withNull = new ArrayList<>(Arrays.asList(true, null));
        List<Object> odd = new ArrayList<>(Arrays.asList(1, null, Map.of("x", 1), Double.NaN));
        assertThat(errors(new MatrixRequest("s", flags(FLAG, withNull), params("segs_per_sec", odd), 1, 1L))).containsExactly(
                "params.segs_per_sec[1]: is null",
                "params.segs_per_sec[2]: must be a number, a string or a boolean, not an object",
                "params.segs_per_sec[3]: value is not a finite number: NaN",
                "optimizations.sec_ckpt_valid_blocks[1]: must be true or false");
    }

    @Test
    void seedIsNotAParameterAndNamesMustNotBeBlank() {
        Map<String, List<Object>> p = params("seed", List.of(1, 2), "", List.of(1));
        assertThat(errors(new MatrixRequest("s", flags(" ", List.of(true)), p, 1, 1L))).containsExactly(
                "params: parameter name is empty",
                "params.seed: the seed is not a parameter: use the seed field (repetition i runs with seed + i)",
                "optimizations: flag name is empty");
    }

    @Test
    void theValidatorHookJudgesKeysValuesAndFlags() {
        MatrixRequest r = new MatrixRequest("fio-large-section", flags("turbo", List.of(true)),
                params("segs_per_sec", List.of(128, 3, 1024), "scale", List.of(2), "colour", List.of("red")), 1, 1L);
        assertThat(errors(r)).containsExactly(
                "params.colour: unknown parameter; known: scale, segs_per_sec",
                "params.scale[0]: value 2: must be in (0, 1]",
                "params.segs_per_sec[1]: value 3: must be a power of two 1…512",
                "params.segs_per_sec[2]: value 1024: must be a power of two 1…512",
                "optimizations.turbo: unknown flag; known: sec_ckpt_valid_blocks, vm_map_ram");
        assertThat(expand(r).invalid()).isTrue();
        assertThat(expand(r).overLimit()).isFalse();
    }

    @Test
    void tooManyCellsIsADistinctOverLimitErrorNamingTheLimit() {
        MatrixRequest r = new MatrixRequest("s", flags(FLAG, List.of(true, false)),
                params("segs_per_sec", List.of(1, 2, 4, 8, 16)), 11, 1L);          // 5 × 2 × 11 = 110
        MatrixExpansion.Expansion e = MatrixExpansion.expand(r, new MatrixLimits(100), FIO_LARGE_SECTION);
        assertThat(e.cells()).isEmpty();
        assertThat(e.errors()).singleElement().satisfies(err -> {
            assertThat(err.kind()).isEqualTo(FieldError.Kind.OVER_LIMIT);
            assertThat(err.overLimit()).isTrue();
            assertThat(err.field()).isEqualTo("cells");
            assertThat(err.message()).isEqualTo("110 cells requested (5 parameter points × 2 flag settings × 11 "
                    + "repetitions), over the limit max_cells = 100");
        });
        assertThat(e.overLimit()).isTrue();
        assertThat(e.invalid()).isFalse();
        assertThat(MatrixExpansion.expand(r, new MatrixLimits(110), FIO_LARGE_SECTION).cells()).hasSize(110);
    }

    @Test
    void hugeMatricesSaturateInsteadOfOverflowing() {
        Map<String, List<Object>> p = new LinkedHashMap<>();
        List<Object> many = new ArrayList<>();
        for (int i = 0; i < 1000; i++) many.add(i);
        for (String k : List.of("a", "b", "c", "d", "e", "f", "g")) p.put(k, many);   // 1000^7 > 2^63
        MatrixExpansion.Expansion e = MatrixExpansion.expand(new MatrixRequest("s", null, p, Integer.MAX_VALUE, 1L),
                MatrixLimits.DEFAULT);
        assertThat(e.errors()).singleElement().satisfies(err -> {
            assertThat(err.overLimit()).isTrue();
            assertThat(err.message()).startsWith(Long.MAX_VALUE + " cells requested");
        });
    }

    @Test
    void limitAndFieldErrorsAreReportedTogether() {
        MatrixRequest r = new MatrixRequest("", flags(FLAG, List.of(true, false)), null, 600, 1L);
        MatrixExpansion.Expansion e = expand(r);
        assertThat(e.errors()).extracting(FieldError::field).containsExactly("scenario", "cells");
        assertThat(e.invalid()).isTrue();
        assertThat(e.overLimit()).isTrue();
    }

    @Test
    void requestCopiesItsInput() {
        List<Boolean> values = new ArrayList<>(List.of(true));
        Map<String, List<Boolean>> f = flags(FLAG, values);
        MatrixRequest r = MatrixRequest.of("s", f, null);
        values.add(false);
        f.put("vm_map_ram", List.of(true));
        assertThat(r.optimizations()).containsOnlyKeys(FLAG);
        assertThat(r.optimizations().get(FLAG)).containsExactly(true);
    }

    @Test
    void cellSpecsAreUsableAsJsonInput() {
        CellSpec c = expand(MatrixRequest.of("fio-large-section", flags(FLAG, List.of(true)),
                params("segs_per_sec", List.of(128), "scale", List.of(0.5)))).cells().get(0);
        assertThat(org.f2fsobs.bench.api.ResultJson.write(c)).contains("\"segs_per_sec\" : 128", "\"scale\" : 0.5",
                "\"sec_ckpt_valid_blocks\" : true", "\"repetition\" : 0");
    }
}
