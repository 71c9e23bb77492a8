package org.f2fsobs.bench.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.api.ResultJson;
import org.junit.jupiter.api.Test;

class CatalogJsonTests {
    private static final ScenarioCatalog CATALOG = ScenarioCatalogTests.CATALOG;

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> parsed() {
        return ResultJson.mapper().readValue(CatalogJson.write(CATALOG), List.class);
    }

    @Test
    void isAnArrayOfEntriesWithTheContractsFieldsFirst() {
        List<Map<String, Object>> entries = parsed();
        assertThat(entries).extracting(e -> e.get("id")).containsExactly("fio-large-section", "dd-compressed-read",
                "iozone-compressed-sync", "tiotest-multithread-read");
        for (Map<String, Object> e : entries) {
            assertThat(List.copyOf(e.keySet()).subList(0, 10)).containsExactly("id", "title", "tool", "command", "inferred",
                    "flag", "params", "flags", "references", "expected_mechanism");
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void paramsCarryAllowedValuesAndDefaultsIncludingScaleAndSeed() {
        Map<String, Object> fio = parsed().get(0);
        List<Map<String, Object>> params = (List<Map<String, Object>>) fio.get("params");
        assertThat(params).extracting(p -> p.get("name")).containsExactly("segs_per_sec", "scale", "seed");
        assertThat(params.get(0)).containsEntry("default", 128).containsEntry("min", 1).containsEntry("max", 512)
                .containsEntry("allowed", "a power of two 1…512")
                .containsEntry("values", List.of(1, 2, 4, 8, 16, 32, 64, 128, 256, 512));
        assertThat(params.get(1)).containsEntry("default", 1.0).containsEntry("min", 0.01)
                .containsEntry("allowed", "0.01 ≤ scale ≤ 1 (crash checks: 0 < scale ≤ 1)");
        Map<String, Object> scale = (Map<String, Object>) fio.get("scale");
        assertThat(scale).containsEntry("min_scale", 0.01).containsKeys("machine_scaled", "fixed", "drift");
        assertThat(params.get(2)).containsEntry("default", 1);
        Map<String, Object> dd = parsed().get(1);
        Map<String, Object> compression = ((List<Map<String, Object>>) dd.get("params")).get(0);
        assertThat(compression).containsEntry("values", List.of("none", "lz4", "lzo", "zstd")).containsEntry("default", "lz4");
        assertThat((Map<String, Object>) compression.get("unsupported")).containsKey("lzo-rle");
    }

    @Test
    @SuppressWarnings("unchecked")
    void flagsAreTheEraTable() {
        Map<String, Object> tio = parsed().get(3);
        assertThat((Map<String, Object>) tio.get("flags")).containsExactly(Map.entry("sec_ckpt_valid_blocks", "off"),
                Map.entry("vm_map_ram", "off"), Map.entry("skip_cp_compressed_write", "off"),
                Map.entry("serialize_writepages", "studied"));
        assertThat((Map<String, Object>) tio.get("era_optimizations")).containsExactly(Map.entry("sec_ckpt_valid_blocks", false),
                Map.entry("vm_map_ram", false), Map.entry("skip_cp_compressed_write", false));
        assertThat((Map<String, Object>) tio.get("tunables")).containsEntry("serialize_rule", "all_regular");
    }

    @Test
    @SuppressWarnings("unchecked")
    void referencesHaveValueUnitAndSourcePerSide() {
        List<Map<String, Object>> refs = (List<Map<String, Object>>) parsed().get(1).get("references");
        assertThat(refs).hasSize(4);
        Map<String, Object> lz4Off = refs.get(0);
        assertThat(lz4Off).containsEntry("value", 143654912).containsEntry("unit", "bytes/s")
                .containsEntry("source", "001_d57d12ce94eb8787.txt").containsEntry("optimization", "off")
                .containsEntry("params", Map.of("compression", "lz4")).containsEntry("printed", List.of(135, 137, 137))
                .containsEntry("printed_unit", "M/s")
                .containsEntry("conversion", "median of 135, 137, 137 M/s = 137 M/s × 1048576 = 143654912 bytes/s");
        List<Map<String, Object>> iozone = (List<Map<String, Object>>) parsed().get(2).get("references");
        assertThat(iozone).hasSize(13 * 6 * 2);
        assertThat(iozone.get(0)).containsEntry("row", 4).containsEntry("metric", "write_kbps").containsEntry("value", 1345536);
        List<Map<String, Object>> ratios = (List<Map<String, Object>>) parsed().get(0).get("reference_ratios");
        assertThat(ratios).extracting(r -> r.get("ratio")).containsExactly(1.0, 2556.0 / 2145.0);
    }

    @Test
    @SuppressWarnings("unchecked")
    void expectedMechanismIsWrittenInTheCounterExpectationForm() {
        List<Map<String, Object>> mech = (List<Map<String, Object>>) parsed().get(3).get("expected_mechanism");
        assertThat(mech.get(0).get("params")).isEqualTo(Map.of("threads", List.of(1)));
        List<Map<String, Object>> general = (List<Map<String, Object>>) mech.get(1).get("counters");
        assertThat(general.get(0)).containsEntry("counter", "histograms.read_request_bytes.4096:share")
                .containsEntry("direction", "decrease").containsEntry("min_change", 0.5);
        assertThat(general.get(3)).containsEntry("counter", "write_requests").containsEntry("direction", "unchanged")
                .containsEntry("tolerance", 0.15);
        assertThat(mech.get(1).get("why")).asString().contains("f2fs-mechanics §3.3");
    }

    @Test
    void inferredCommandCarriesItsReasoningAndTheCommandAsRun() {
        Map<String, Object> iozone = parsed().get(2);
        assertThat(iozone).containsEntry("inferred", true).containsEntry("command", "iozone -a -o -s 100m -i 0 -i 1 -i 2")
                .containsEntry("command_as_run", "iozone -a -o -s 100m -i 0 -i 1 -i 2 -f /compressed/iozone.tmp");
        assertThat(iozone.get("inferred_reasoning")).asString().contains("O_SYNC");
        assertThat(parsed().get(0)).containsEntry("inferred", false).containsEntry("inferred_reasoning", null);
    }
}
