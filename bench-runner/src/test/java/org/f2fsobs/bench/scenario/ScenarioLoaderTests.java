package org.f2fsobs.bench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** A shipped file with one thing broken must fail to load, naming the file and the JSON path. */
@SuppressWarnings("unchecked")
class ScenarioLoaderTests {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    @SuppressWarnings("unchecked")
    private static Map<String, Object> file(String id) throws IOException {
        try (InputStream in = ScenarioLoaderTests.class.getClassLoader().getResourceAsStream("scenarios/" + id + ".json")) {
            return MAPPER.readValue(in, Map.class);
        }
    }

    private static Scenario parse(String id, Consumer<Map<String, Object>> breakIt) throws IOException {
        Map<String, Object> m = file(id);
        breakIt.accept(m);
        return ScenarioLoader.parse(new ScenarioLoader.Node("broken.json", "", m));
    }

    @SuppressWarnings("unchecked")
    private static <T> T at(Object node, Object... path) {
        Object n = node;
        for (Object p : path) n = p instanceof Integer i ? ((List<Object>) n).get(i) : ((Map<String, Object>) n).get(p);
        return (T) n;
    }

    @Test
    void theShippedFilesParse() throws IOException {
        for (String id : List.of("fio-large-section", "dd-compressed-read", "iozone-compressed-sync", "tiotest-multithread-read")) {
            assertThat(parse(id, m -> { }).id()).isEqualTo(id);
        }
    }

    @Test
    void anUnknownFieldIsAnError() {
        assertThatThrownBy(() -> parse("fio-large-section", m -> m.put("titel", "x")))
                .isInstanceOf(ScenarioFormatException.class).hasMessageStartingWith("broken.json: unknown field \"titel\"");
    }

    @Test
    void aUnitWithoutConversionIsAnErrorNamingItsPath() {
        assertThatThrownBy(() -> parse("fio-large-section", m -> ScenarioLoaderTests.<Map<String, Object>>at(m, "references", 1, "before").put("unit", "MB/s")))
                .isInstanceOf(ScenarioFormatException.class)
                .hasMessage("broken.json: references[1].before.unit: unknown unit \"MB/s\"; declared in units: [MiB/s]");
    }

    @Test
    void anUnknownProfileIsAnError() {
        assertThatThrownBy(() -> parse("dd-compressed-read", m -> m.put("profile", "pixel4")))
                .hasMessageContaining("broken.json: profile: unknown profile \"pixel4\"; known: [nullblk-x86");
    }

    @Test
    void theFlagTableMustNameAllFourFlags() {
        assertThatThrownBy(() -> parse("tiotest-multithread-read", m -> ((Map<String, Object>) m.get("flags")).remove("vm_map_ram")))
                .hasMessageContaining("the flag table must give vm_map_ram");
        assertThatThrownBy(() -> parse("tiotest-multithread-read", m -> ((Map<String, Object>) m.get("flags")).put("vm_map_rom", "on")))
                .hasMessageContaining("unknown flag vm_map_rom");
        assertThatThrownBy(() -> parse("tiotest-multithread-read", m -> ((Map<String, Object>) m.get("flags")).put("vm_map_ram", "maybe")))
                .hasMessageContaining("flag vm_map_ram must be on or off, got maybe");
    }

    @Test
    void aDefaultOutsideItsOwnRangeIsAnError() {
        assertThatThrownBy(() -> parse("fio-large-section", m -> ((Map<String, Object>) at(m, "params", 0)).put("default", 3)))
                .hasMessageContaining("params: segs_per_sec: the default 3 not a power of two");
    }

    @Test
    void aMistypedDirectionOrCounterFieldIsAnError() {
        assertThatThrownBy(() -> parse("iozone-compressed-sync", m -> ((Map<String, Object>) at(m, "expected_mechanism", 0, "counters", 0)).put("direction", "down")))
                .hasMessageContaining("expected_mechanism[0].counters[0]: direction must be increase, decrease or unchanged, got down");
        assertThatThrownBy(() -> parse("iozone-compressed-sync", m -> ((Map<String, Object>) at(m, "expected_mechanism", 0, "counters", 0)).put("min_chnage", 0.5)))
                .hasMessageContaining("expected_mechanism[0].counters[0]: unknown field \"min_chnage\"");
    }

    @Test
    void aConditionOnAnUnknownParameterIsAnError() {
        assertThatThrownBy(() -> parse("tiotest-multithread-read", m -> ((Map<String, Object>) at(m, "expected_mechanism", 0)).put("when", Map.of("thread", List.of(1)))))
                .hasMessageContaining("a condition names unknown parameter thread");
    }

    @Test
    void exactlyOneMeasuredRunAppliesAtEachPoint() {
        assertThatThrownBy(() -> parse("tiotest-multithread-read", m -> ((Map<String, Object>) at(m, "script", 1)).remove("headline")))
                .hasMessageContaining("script: tiotest-multithread-read: no measured run (\"headline\": true) applies");
        assertThatThrownBy(() -> parse("iozone-compressed-sync", m -> ((Map<String, Object>) at(m, "script", 5)).remove("when")))
                .hasMessageContaining("two measured runs apply");
    }

    @Test
    void aScriptLineTheMachineCannotRunFailsToLoad() {
        assertThatThrownBy(() -> parse("fio-large-section", m -> ((List<Object>) m.get("script")).add(0, "rsync -a /a /b")))
                .hasMessageContaining("broken.json: script: script line 1 'rsync -a /a /b': unknown command 'rsync'");
        assertThatThrownBy(() -> parse("dd-compressed-read", m -> ((List<Object>) m.get("script")).add(0, "insmod null_blk.ko memory_backed=1")))
                .hasMessageContaining("profile pixel3-ufs21-little4 has no null_blk");
    }

    @Test
    void anInferredCommandNeedsItsReasoning() {
        assertThatThrownBy(() -> parse("iozone-compressed-sync", m -> m.remove("inferred_reasoning")))
                .hasMessage("broken.json: an inferred command needs inferred_reasoning");
    }

    @Test
    void aTemplateNamingAnUnknownPlaceholderFailsToLoad() {
        assertThatThrownBy(() -> parse("fio-large-section", m -> ((Map<String, Object>) at(m, "script", 3)).put("line", "fio --size={sise}")))
                .hasMessageContaining("unknown placeholder {sise}");
    }

    @Test
    void aReferenceTableWithMismatchedRowsIsAnError() {
        assertThatThrownBy(() -> parse("iozone-compressed-sync", m -> ((List<Object>) at(m, "reference_table", "after")).remove(12)))
                .hasMessageContaining("reference_table: before and after must have the same rows");
        assertThatThrownBy(() -> parse("iozone-compressed-sync", m -> ((List<Object>) at(m, "reference_table", "before", 0)).remove(6)))
                .hasMessageContaining("reference_table.before[0]: expected 7 columns, got 6");
    }
}
