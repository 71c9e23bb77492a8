package org.f2fsobs.engine.kernel.mm;

import static org.assertj.core.api.Assertions.assertThat;

import org.f2fsobs.engine.platform.Machine;
import org.f2fsobs.engine.platform.Profiles;
import org.junit.jupiter.api.Test;

/** Dirty limits and the flusher's chunk, by the 4.19 formulas, on the P4 phone (535 MiB dirtyable, 5 % / 20 %). */
class BdiTests {

    @Test
    void thresholdsFreerunSetpointAndWritebackChunkSizeOnTheP4Profile() {
        Bdi bdi = new Mm(new Machine(Profiles.load("ufs21-2018"), 1)).bdi();
        // global_dirtyable_memory over the profile's memory split: 17461 free − 10639 reserved + 64869 active
        // + 65395 inactive file pages + 1 = 137087 pages; bg 5 % and dirty 20 % (domain_dirty_limits)
        assertThat(bdi.backgroundThresh()).isEqualTo(6_854);
        assertThat(bdi.dirtyThresh()).isEqualTo(27_417);
        assertThat(bdi.freerunCeiling()).isEqualTo((6_854 + 27_417) / 2);
        assertThat(bdi.setpoint()).isEqualTo((27_417 + (6_854 + 27_417) / 2) / 2);
        // writeback_chunk_size: min(INIT_BW/2 = 12800, dirty_limit/DIRTY_SCOPE = 3427) + MIN_WRITEBACK_PAGES,
        // rounded down to MIN_WRITEBACK_PAGES
        assertThat(bdi.chunkPages()).isEqualTo(4_096);
        assertThat(bdi.writebackChunkSize(3_000)).isEqualTo(3_072);
        assertThat(bdi.writebackChunkSize(10)).isEqualTo(Bdi.MIN_WRITEBACK_PAGES);
    }
}
