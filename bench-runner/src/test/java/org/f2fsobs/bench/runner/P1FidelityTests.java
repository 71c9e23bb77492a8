package org.f2fsobs.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.f2fsobs.bench.api.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Fidelity of seed 000 (P1, fio sequential buffered writes, sec_ckpt_valid_blocks) at a hundredth of its size, through
 * the scenario catalog as the CLI runs it. It checks the mechanism and the direction, never the size of the effect: that
 * rests on seg_entry_read, a profile constant with a range (docs/profile-sources.md §0, §1), and the band, not a test,
 * says how far it carries. Per written page, off reads the SEGS_PER_SEC seg_entries of each of the 7 sections that
 * has_curseg_enough_space sums (scenarios.md P1, f2fs-mechanics §2.3); on reads the 7 sec_entries instead.
 */
class P1FidelityTests {
    static final long PAGES = 15L * 1024 * 1024 / 4096;      // fio --size=15M at scale 0.01

    static RunResult fio(boolean on, long segsPerSec) {
        return EngineCellRunnerTests.run("fio-large-section", on, Map.of("segs_per_sec", segsPerSec), 1);
    }

    static double perPage(RunResult r, String counter) {
        return ((Number) r.counters().get(counter)).doubleValue() / PAGES;
    }

    @ParameterizedTest(name = "segs_per_sec={0}")
    @ValueSource(longs = {4, 128})
    void offReadsSevenSectionsOfSegEntriesPerPageAndOnReadsSevenSecEntries(long segsPerSec) {
        RunResult off = fio(false, segsPerSec);
        RunResult on = fio(true, segsPerSec);
        double extra = perPage(off, "seg_entry_reads") - perPage(on, "seg_entry_reads");
        // 7 x SEGS_PER_SEC from the writeback-side balance_fs per page; the syscall-side one adds 7 x S per 512 KiB write
        assertThat(extra).as("off - on seg_entry reads per written page").isBetween(7.0 * segsPerSec, 7.0 * segsPerSec * (1 + 2.0 / 128) + 1);
        // on: the 7 section checks read sec_entries (+ update_sit_entry's two per block); off: only update_sit_entry's one
        assertThat(perPage(on, "sec_entry_reads")).as("on: sec_entry reads per page").isBetween(7.0, 7.0 + 3);
        assertThat(perPage(off, "sec_entry_reads")).as("off: sec_entry reads per page").isLessThan(2.0);
        // direction: the page costs SEGS_PER_SEC x 7 fewer entry reads, so on writes faster
        assertThat(on.headline().value()).as("on vs off write bandwidth").isGreaterThan(off.headline().value());
        assertThat(on.timeBreakdownNs().cpu().get("seg_entry_read")).isLessThan(off.timeBreakdownNs().cpu().get("seg_entry_read"));
    }

    @Test
    void withOneSegmentPerSectionTheFlagChangesNothing() {
        RunResult off = fio(false, 1);
        RunResult on = fio(true, 1);
        assertThat(perPage(off, "seg_entry_reads")).isEqualTo(perPage(on, "seg_entry_reads"));
        assertThat(perPage(on, "sec_entry_reads")).isZero();
        assertThat(on.headline().value()).isEqualTo(off.headline().value());
    }
}
