package org.f2fsobs.bench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** User scenarios beside the built-in catalog: listed after it, found by id, never taking a built-in id. */
class UserScenarioTests {

    @SuppressWarnings("unchecked")
    private static Map<String, Object> fileOf(String id) {
        try (var in = UserScenarioTests.class.getClassLoader().getResourceAsStream("scenarios/fio-large-section.json")) {
            Map<String, Object> m = JsonMapper.builder().build().readValue(in, LinkedHashMap.class);
            m.put("id", id);
            m.put("origin", "user");
            return m;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void aUserScenarioIsListedAfterTheBuiltInsAndFound() {
        ScenarioCatalog c = ScenarioCatalog.load();
        c.putUser(ScenarioCatalog.parseUser("test", fileOf("mail-my-copy")));
        assertThat(c.ids()).containsExactly("fio-large-section", "dd-compressed-read", "iozone-compressed-sync", "tiotest-multithread-read", "mail-my-copy");
        assertThat(c.builtIns()).hasSize(4);
        assertThat(c.find("mail-my-copy")).get().extracting(Scenario::origin).isEqualTo(Scenario.USER);
        assertThat(c.removeUser("mail-my-copy")).isTrue();
        assertThat(c.find("mail-my-copy")).isEmpty();
        assertThat(c.removeUser("fio-large-section")).isFalse();
        assertThat(c.find("fio-large-section")).isPresent();
    }

    @Test
    void aUserScenarioCannotTakeABuiltInIdOrAnIdOutsideMailDash() {
        ScenarioCatalog c = ScenarioCatalog.load();
        Scenario shadow = ScenarioCatalog.parseUser("test", fileOf("fio-large-section"));
        assertThatThrownBy(() -> c.putUser(shadow)).hasMessageContaining("built-in").hasMessageContaining("fio-large-section");
        assertThat(c.get("fio-large-section").origin()).isEqualTo(Scenario.CATALOG);
        Scenario odd = ScenarioCatalog.parseUser("test", fileOf("Mail_Odd"));
        assertThatThrownBy(() -> c.putUser(odd)).hasMessageContaining("mail-");
        assertThatThrownBy(() -> c.putUser(c.get("dd-compressed-read"))).hasMessageContaining("origin user");
    }

    @Test
    void aStoredFileMustSayOriginUser() {
        Map<String, Object> f = fileOf("mail-x-y");
        f.remove("origin");
        assertThatThrownBy(() -> ScenarioCatalog.parseUser("stored", f)).isInstanceOf(ScenarioFormatException.class).hasMessageContaining("origin");
    }

    @Test
    void sidesReplaceTheFlagAndMustBeTwoAllowedValues() {
        Map<String, Object> f = fileOf("mail-sides");
        f.remove("flag");
        Map<String, Object> flags = new LinkedHashMap<>((Map<String, Object>) f.get("flags"));
        flags.put("sec_ckpt_valid_blocks", "off");
        f.put("flags", flags);
        f.put("sides", Map.of("param", "segs_per_sec", "before", 1, "after", 128));
        Scenario s = ScenarioCatalog.parseUser("sides", f);
        assertThat(s.flag()).isNull();
        assertThat(s.sidesLabel()).isEqualTo("segs_per_sec 1 vs 128");
        assertThat(s.studiedOn(Map.of(), Map.of("segs_per_sec", 128L))).isTrue();
        assertThat(s.studiedOn(Map.of(), Map.of("segs_per_sec", 1L))).isFalse();
        f.put("sides", Map.of("param", "segs_per_sec", "before", 1, "after", 3));
        assertThatThrownBy(() -> ScenarioCatalog.parseUser("sides", f)).hasMessageContaining("sides.after 3").hasMessageContaining("power of two");
        f.put("sides", Map.of("param", "segs_per_sec", "before", 1, "after", 128));
        f.put("flag", "sec_ckpt_valid_blocks");
        assertThatThrownBy(() -> ScenarioCatalog.parseUser("sides", f)).hasMessageContaining("exclude each other");
    }
}
