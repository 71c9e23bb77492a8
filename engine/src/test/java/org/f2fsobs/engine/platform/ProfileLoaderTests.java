package org.f2fsobs.engine.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ProfileLoaderTests {

    @Test
    void readsEveryConstantWithItsSource() {
        Profile p = TestProfiles.ideal().set("cpu.costs_ps.seg_entry_read", 330).build();
        assertThat(p.cpu().costPs(CpuOp.SEG_ENTRY_READ)).isEqualTo(330);
        assertThat(p.device().maxRequestBytes()).isEqualTo(512 * 1024);
        assertThat(p.constants()).containsKey("cpu.costs_ps.seg_entry_read");
        assertThat(p.constants().get("device.flush_ns").source()).isEqualTo("test");
    }

    @Test
    void aMissingKeyIsNamed() {
        String json = TestProfiles.ideal().json().replace("\"seg_entry_read\"", "\"seg_entry_readX\"");
        assertThatThrownBy(() -> ProfileLoader.parse("x.json", json))
                .isInstanceOf(ProfileException.class).hasMessageContaining("cpu.costs_ps.seg_entry_read");
    }

    @Test
    void anOutOfRangeValueIsNamedWithItsRange() {
        assertThatThrownBy(() -> TestProfiles.ideal().set("device.queue_depth", 0).build())
                .isInstanceOf(ProfileException.class).hasMessageContaining("device.queue_depth").hasMessageContaining("range");
    }

    @Test
    void anUnknownKeyIsNamed() {
        assertThatThrownBy(() -> TestProfiles.ideal().set("device.speed", 1).build())
                .isInstanceOf(ProfileException.class).hasMessageContaining("unknown key device.speed");
    }

    @Test
    void anEmptySourceIsRejected() {
        String json = TestProfiles.ideal().json().replaceFirst("\"source\":\"test\"", "\"source\":\"\"");
        assertThatThrownBy(() -> ProfileLoader.parse("x.json", json)).isInstanceOf(ProfileException.class).hasMessageContaining("empty source");
    }

    @Test
    void cfqNeedsItsTunables() {
        assertThatThrownBy(() -> TestProfiles.ideal().set("device.scheduler", "cfq").build())
                .isInstanceOf(ProfileException.class).hasMessageContaining("device.cfq");
        assertThat(TestProfiles.ideal().cfq().build().device().cfq().quantum()).isEqualTo(8);
    }

    @Test
    void anUnknownProfileNameListsTheKnownOnes() {
        assertThatThrownBy(() -> Profiles.load("nope")).isInstanceOf(ProfileException.class)
                .hasMessageContaining("unknown profile 'nope'").hasMessageContaining("nullblk-x86");
    }

    /** The ideal profile's JSON with one leaf edited. */
    static String edited(String path, java.util.function.Consumer<tools.jackson.databind.node.ObjectNode> edit) {
        var mapper = tools.jackson.databind.json.JsonMapper.builder().build();
        var root = (tools.jackson.databind.node.ObjectNode) mapper.readTree(TestProfiles.ideal().json());
        tools.jackson.databind.JsonNode n = root;
        for (String part : path.split("\\.")) n = n.get(part);
        edit.accept((tools.jackson.databind.node.ObjectNode) n);
        return mapper.writeValueAsString(root);
    }

    static void refused(String json, String... parts) {
        var t = assertThatThrownBy(() -> ProfileLoader.parse("x.json", json)).isInstanceOf(ProfileException.class);
        for (String s : parts) t.hasMessageContaining(s);
    }

    @Test
    void aNumericConstantCarriesItsRangeAndTheRangeIsChecked() {
        Sourced.Range r = TestProfiles.ideal().build().constants().get("device.flush_ns").range();
        assertThat(r.low()).isEqualTo(1_000_000);
        assertThat(r.basis()).isEqualTo("model");
        assertThat(TestProfiles.ideal().build().constants().get("device.scheduler").range()).as("a choice has no range").isNull();

        refused(edited("device.flush_ns", n -> n.remove("low")), "device.flush_ns", "has no low");
        refused(edited("device.flush_ns", n -> n.put("low", 2_000_000).put("high", 3_000_000)), "device.flush_ns",
                "value 1000000 is outside its range [2000000, 3000000]");
        refused(edited("device.flush_ns", n -> n.put("high_source", "")), "device.flush_ns", "empty high_source");
        refused(edited("device.flush_ns", n -> n.put("assumption", true)), "device.flush_ns", "assumption is true but the basis is model");
        refused(edited("device.flush_ns", n -> n.put("basis", "guess")), "basis 'guess' is not one of");
        refused(edited("device.queue_depth", n -> n.put("low", 0)), "device.queue_depth", "leaves the key's limits");
        refused(edited("device.scheduler", n -> n.put("low", 1)), "device.scheduler is not numeric and carries no low");
        refused(edited("device.flush_ns", n -> n.put("width", 1)), "unknown key device.flush_ns.width");
    }

    @Test
    void aPickedNominalMustBeWhatItsRuleGivesForItsCandidates() {
        java.util.function.Function<long[], String> with = cands -> edited("device.flush_ns", n -> {
            n.put("low", 0).put("high", 10_000_000);
            var a = n.putArray("candidates");
            var s = n.putArray("candidate_sources");
            for (long c : cands) {
                a.add(c);
                s.add("figure " + c);
            }
            n.put("rule", "median");
        });
        Sourced.Pick p = ProfileLoader.parse("x.json", with.apply(new long[] {500_000, 1_500_000})).constants().get("device.flush_ns").range().pick();
        assertThat(p.candidates()).containsExactly(500_000L, 1_500_000L);
        assertThat(p.rule()).isEqualTo("median");
        assertThat(ProfileLoader.parse("x.json", with.apply(new long[] {1_000_000, 3, 9_000_000})).device().flushNs()).isEqualTo(1_000_000);

        refused(with.apply(new long[] {500_000, 2_500_000}), "device.flush_ns", "is not what its rule gives: median of [500000, 2500000] = 1500000");
        refused(with.apply(new long[] {1_000_000, 20_000_000}), "candidate 20000000 is outside the range");
        refused(edited("device.flush_ns", n -> n.put("rule", "median")), "candidates, candidate_sources and rule go together");
        String unknownRule = with.apply(new long[] {1_000_000}).replace("\"rule\":\"median\"", "\"rule\":\"best\"");
        refused(unknownRule, "rule 'best' is unknown");
    }

    @Test
    void anOverrideMayLeaveTheRangeAndSaysSo() {
        Profile p = ProfileLoader.parse("x.json", TestProfiles.ideal().json(), java.util.Map.of("device.flush_ns", 7_000_000L));
        assertThat(p.device().flushNs()).isEqualTo(7_000_000);
        assertThat(p.constants().get("device.flush_ns").source())
                .startsWith("override (--profile-set device.flush_ns=7000000); outside the sourced range [1000000, 1000000] (a what-if)");
        assertThat(p.constants().get("device.flush_ns").range().low()).as("the range stays the profile's").isEqualTo(1_000_000);
    }

    @Test
    void theMedianRuleRoundsHalfUp() {
        assertThat(NominalRule.MEDIAN.apply(java.util.List.of(3L, 1L, 2L))).isEqualTo(2);
        assertThat(NominalRule.MEDIAN.apply(java.util.List.of(52L, 73L))).isEqualTo(63);    // 62.5
        assertThat(NominalRule.MEDIAN.apply(java.util.List.of(1_575_000L, 2_926_500L))).isEqualTo(2_250_750);
        assertThat(NominalRule.of("median")).contains(NominalRule.MEDIAN);
        assertThat(NominalRule.of("mean")).isEmpty();
    }

    @Test
    void malformedJsonIsAClearError() {
        assertThatThrownBy(() -> ProfileLoader.parse("bad.json", "{ not json"))
                .isInstanceOf(ProfileException.class).hasMessageContaining("bad.json").hasMessageContaining("not valid JSON");
    }
}
