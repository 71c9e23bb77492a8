package org.f2fsobs.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** {@code bench-runner profiles --format json} (contracts.md §6): every numeric constant with its sourced range. */
class ProfilesCommandTests {

    static JsonNode constant(JsonNode profiles, String profile, String key) {
        for (JsonNode p : profiles) if (p.get("name").asString().equals(profile)) return p.get("constants").get(key);
        throw new AssertionError("no profile " + profile);
    }

    @Test
    void jsonShowsValueRangeSourcesAssumptionAndThePick() {
        var r = BenchRunnerCliTests.cli("profiles", "--format", "json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode all = r.json();
        assertThat(all.size()).isEqualTo(4);
        int numeric = 0;
        for (JsonNode p : all) {
            for (var e : p.get("constants").properties()) {
                JsonNode c = e.getValue();
                if (!c.get("value").isNumber()) {
                    assertThat(c.has("low")).as(e.getKey() + ": a choice has no range").isFalse();
                    continue;
                }
                numeric++;
                for (String f : new String[] {"value", "low", "high", "source", "low_source", "high_source", "assumption"}) {
                    assertThat(c.has(f)).as(p.get("name").asString() + " " + e.getKey() + " " + f).isTrue();
                }
                assertThat(c.get("low").asLong()).isLessThanOrEqualTo(c.get("value").asLong());
                assertThat(c.get("high").asLong()).isGreaterThanOrEqualTo(c.get("value").asLong());
            }
        }
        assertThat(numeric).isEqualTo(315);   // issue 22: ufs21-2018 memory split (307); issue 23: pixel3's four kernel.vmalloc_users counts (+4); issue 26: lz4hc_compress_byte in each of the four profiles (+4)
        JsonNode se = constant(all, "nullblk-x86", "cpu.costs_ps.seg_entry_read");
        assertThat(se.get("rule").asString()).isEqualTo("median");
        assertThat(se.get("candidates").size()).isEqualTo(20).isEqualTo(se.get("candidate_sources").size());
        assertThat(se.get("assumption").asBoolean()).isFalse();
        JsonNode lookup = constant(all, "nullblk-x86", "cpu.costs_ps.page_cache_lookup");
        assertThat(lookup.get("assumption").asBoolean()).isTrue();
        assertThat(lookup.has("candidates")).isFalse();
        assertThat(lookup.get("low").asLong()).isEqualTo(lookup.get("value").asLong() / 2);
    }
}
