package org.f2fsobs.bench.band;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The calibration rules of the shipped profiles ({@code docs/profile-sources.md} §0 R4; the generator's
 * {@code tools/profiles/gen_profiles.py} states how each nominal was found) as the band re-solves them. The
 * dependents are exactly the profile constants whose basis is {@code calibrated} and which the generator derived from
 * an engine run or from other constants; {@code amlogic-arm64-p3}'s {@code device.write_bandwidth_bytes_per_s} is
 * arithmetic on two mail cells alone (no other constant enters it), so it is swept over its own range instead.
 */
final class Calibrations {
    private Calibrations() {}

    private static final List<Calibration> ALL = List.of(
            new Calibration("nullblk-x86",
                    List.of("cpu.costs_ps.page_alloc", "cpu.costs_ps.write_begin", "cpu.costs_ps.write_end",
                            "cpu.costs_ps.writeback_page", "cpu.costs_ps.write_data_page", "cpu.costs_ps.allocate_data_block",
                            "cpu.costs_ps.update_sit_entry", "cpu.costs_ps.bio_add_page", "cpu.costs_ps.end_io_page"),
                    "fio-large-section", Map.of("segs_per_sec", 1L), new Calibration.Headline(),
                    "P1 -s 1 baseline row: the nine per-page residuals scaled together (P1_RESIDUAL_SCALE, tools/profiles/calibrate.py)"),
            new Calibration("pixel3-ufs21-little4",
                    List.of("cpu.costs_ps.page_cache_lookup", "cpu.costs_ps.page_alloc", "cpu.costs_ps.read_page",
                            "cpu.costs_ps.readahead_page", "cpu.costs_ps.end_io_page"),
                    "dd-compressed-read", Map.of("compression", "none"), new Calibration.Headline(),
                    "P2 uncompressed baseline row: the five per-page read residuals scaled together (P2_RESIDUAL_SCALE)"),
            new Calibration("amlogic-arm64-p3",
                    List.of("cpu.costs_ps.page_cache_lookup"),
                    "iozone-compressed-sync", Map.of(), new Calibration.RowSlope("reread_kbps", 4, 64),
                    "P3 reread baseline column: the per-page lookup residual = the reread slope less the copy"));

    /** The calibration of a profile, if it has one. */
    static Optional<Calibration> of(String profile) {
        return ALL.stream().filter(c -> c.profile().equals(profile)).findFirst();
    }

    static List<Calibration> all() {
        return ALL;
    }
}
