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

    @Test
    void malformedJsonIsAClearError() {
        assertThatThrownBy(() -> ProfileLoader.parse("bad.json", "{ not json"))
                .isInstanceOf(ProfileException.class).hasMessageContaining("bad.json").hasMessageContaining("not valid JSON");
    }
}
