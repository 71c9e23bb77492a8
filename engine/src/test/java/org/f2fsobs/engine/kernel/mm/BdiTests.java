package org.f2fsobs.engine.kernel.mm;

import static org.assertj.core.api.Assertions.assertThat;

import org.f2fsobs.engine.platform.Machine;
import org.f2fsobs.engine.platform.Profiles;
import org.junit.jupiter.api.Test;

/** Dirty limits and the flusher's chunk, by the 4.19 formulas, on the P4 phone (800 MiB dirtyable, 5 % / 20 %). */
class BdiTests {

    @Test
    void thresholdsFreerunSetpointAndWritebackChunkSizeOnTheP4Profile() {
        Bdi bdi = new Mm(new Machine(Profiles.load("ufs21-2018"), 1)).bdi();
        // 800 MiB = 204800 pages: bg 5 % and dirty 20 % (domain_dirty_limits)
        assertThat(bdi.backgroundThresh()).isEqualTo(10_240);
        assertThat(bdi.dirtyThresh()).isEqualTo(40_960);
        assertThat(bdi.freerunCeiling()).isEqualTo((10_240 + 40_960) / 2);
        assertThat(bdi.setpoint()).isEqualTo((40_960 + 25_600) / 2);
        // writeback_chunk_size: min(INIT_BW/2 = 12800, dirty_limit/DIRTY_SCOPE = 5120) + MIN_WRITEBACK_PAGES,
        // rounded down to MIN_WRITEBACK_PAGES
        assertThat(bdi.chunkPages()).isEqualTo(6_144);
        assertThat(bdi.writebackChunkSize(3_000)).isEqualTo(3_072);
        assertThat(bdi.writebackChunkSize(10)).isEqualTo(Bdi.MIN_WRITEBACK_PAGES);
    }
}
