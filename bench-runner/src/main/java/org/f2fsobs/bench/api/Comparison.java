package org.f2fsobs.bench.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * One parameter point (and, for iozone, one record-length row) of a matrix: off vs on, our ratio with its
 * bootstrap interval, the mail's ratio, whether the mechanism counters moved as the catalog expects, and the
 * verdict by the rule of contracts.md §3; with a band (contracts.md §6), how far the ratio moves when every profile
 * constant the runs read goes across its sourced range, and the verdict over that band.
 *
 * @param row            null, or the iozone record length (KiB) this comparison is for
 * @param ratio          on/off ratio of the medians of the headline (or of the row's write column)
 * @param ratioCi        [lo, hi], bootstrap, seeded from the matrix seed
 * @param referenceRatio the mail's after/before ratio, or null when the mail gives none for this point
 * @param mechanism      "moved as expected", "did not move" or "n/a"
 * @param verdict        reproduced, partly, not_reproduced, opposite or n/a
 * @param otherFlags     the values of the flags not under study at this point (they tell points apart when a
 *                       matrix varies them too)
 * @param scaleNote      at a scale below 1: what the scenario knows drifts there (shown beside the figure), else null
 * @param band           [lo, hi] of our ratio over the band's points (nominal, one at a time, corners, Latin
 *                       hypercube), or null without a band
 * @param bandEffect     [E_lo, E_hi], E = (r − 1)/(m − 1) at the band's ends, ascending; null without a band or a
 *                       usable mail ratio
 * @param bandVerdict    robust, consistent, inconclusive, excluded (contracts.md §6), n/a without a mail ratio, null
 *                       without a band
 * @param influence      the swept constants by swing (largest first), null without a band
 * @param absolute       ours over the mail's figure, off and on (null when the mail gives no figure for the point)
 * @param effectRow      |m − 1| ≥ 0.10 (an effect row), null without a mail ratio
 * @param bandDetail     how the band was made: scale, points, cells, corners, hypercube and its flags, calibrations,
 *                       structural choices, constants never read; null without a band
 */
public record Comparison(Map<String, Object> params, Integer row, Summary off, Summary on, double ratio,
                         double[] ratioCi, Double referenceRatio, String mechanism, String verdict,
                         Map<String, Boolean> otherFlags,
                         @JsonInclude(JsonInclude.Include.NON_NULL) String scaleNote,
                         @JsonInclude(JsonInclude.Include.ALWAYS) double[] band,
                         @JsonInclude(JsonInclude.Include.ALWAYS) double[] bandEffect,
                         @JsonInclude(JsonInclude.Include.ALWAYS) String bandVerdict,
                         @JsonInclude(JsonInclude.Include.NON_NULL) List<Influence> influence,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Absolute absolute,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Boolean effectRow,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Object> bandDetail) {

    public Comparison(Map<String, Object> params, Integer row, Summary off, Summary on, double ratio, double[] ratioCi,
                      Double referenceRatio, String mechanism, String verdict, Map<String, Boolean> otherFlags, String scaleNote) {
        this(params, row, off, on, ratio, ratioCi, referenceRatio, mechanism, verdict, otherFlags, scaleNote, null, null, null,
                null, null, effectRow(referenceRatio), null);
    }

    public Comparison(Map<String, Object> params, Integer row, Summary off, Summary on, double ratio, double[] ratioCi,
                      Double referenceRatio, String mechanism, String verdict, Map<String, Boolean> otherFlags) {
        this(params, row, off, on, ratio, ratioCi, referenceRatio, mechanism, verdict, otherFlags, null);
    }

    /** A comparison whose other flags are the scenario's era values (not recorded). */
    public Comparison(Map<String, Object> params, Integer row, Summary off, Summary on, double ratio, double[] ratioCi,
                      Double referenceRatio, String mechanism, String verdict) {
        this(params, row, off, on, ratio, ratioCi, referenceRatio, mechanism, verdict, Map.of());
    }

    /** contracts.md §6 {@code effect_row}: |m − 1| ≥ 0.10 (with the verdicts' slack), null without a mail ratio. */
    public static Boolean effectRow(Double m) {
        return m == null || !Double.isFinite(m) ? null : Math.abs(m - 1) >= 0.10 - 1e-9;
    }

    /** This comparison with the scenario's note for its scale. */
    public Comparison withScaleNote(String note) {
        return new Comparison(params, row, off, on, ratio, ratioCi, referenceRatio, mechanism, verdict, otherFlags, note, band,
                bandEffect, bandVerdict, influence, absolute, effectRow, bandDetail);
    }

    /** This comparison with ours over the mail's figures. */
    public Comparison withAbsolute(Absolute a) {
        return new Comparison(params, row, off, on, ratio, ratioCi, referenceRatio, mechanism, verdict, otherFlags, scaleNote, band,
                bandEffect, bandVerdict, influence, a, effectRow, bandDetail);
    }

    /** This comparison with its band. */
    public Comparison withBand(double[] band, double[] bandEffect, String bandVerdict, List<Influence> influence,
                               Map<String, Object> bandDetail) {
        return new Comparison(params, row, off, on, ratio, ratioCi, referenceRatio, mechanism, verdict, otherFlags, scaleNote, band,
                bandEffect, bandVerdict, influence, absolute, effectRow, bandDetail);
    }

    /** Median, min, max and sample count of one side. */
    public record Summary(double median, double min, double max, int n) {}

    /**
     * One swept constant of a band: its range, our ratio with it at each end (every other constant nominal, calibrated
     * constants re-solved), the swing |ratio_at_high − ratio_at_low|, and whether its range is an assumption.
     */
    public record Influence(String constant, long low, long high, double ratioAtLow, double ratioAtHigh, double swing,
                            boolean assumption, String basis) {}

    /** Ours over the mail's figure (both in base units) with the flag off and on; null for a side the mail lacks. */
    public record Absolute(Double off, Double on) {}
}
