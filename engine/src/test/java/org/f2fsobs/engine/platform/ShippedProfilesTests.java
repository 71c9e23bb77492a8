package org.f2fsobs.engine.platform;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ShippedProfilesTests {

    @Test
    void allFourShippedProfilesLoadWithASourceForEveryConstant() {
        assertThat(Profiles.all()).hasSize(4);
        for (Profile p : Profiles.all()) {
            assertThat(p.constants()).as(p.name()).isNotEmpty();
            p.constants().forEach((k, v) -> assertThat(v.source()).as(p.name() + " " + k).isNotBlank());
            for (CpuOp op : CpuOp.values()) assertThat(p.constants()).containsKey("cpu.costs_ps." + op.key());
        }
    }

    @Test
    void eraSettingsFollowTheResearch() {
        assertThat(Profiles.load("nullblk-x86").device().volatileCache()).isFalse();
        assertThat(Profiles.load("nullblk-x86").device().maxSectorsKb()).isEqualTo(256);
        assertThat(Profiles.load("ufs21-2018").device().scheduler()).isEqualTo("cfq");
        assertThat(Profiles.load("ufs21-2018").device().cfq().sliceIdleNs()).isZero();   // CFQ IOPS mode on non-rotational queues
        assertThat(Profiles.load("ufs21-2018").tunables().dirtyBackgroundRatio()).isEqualTo(5);   // Android 9 init.rc
        assertThat(Profiles.load("pixel3-ufs21-little4").kernel().vmalloc()).isEqualTo("list_walk_sync_purge");
        assertThat(Profiles.load("pixel3-ufs21-little4").userland()).isEqualTo("toybox");
    }
}
