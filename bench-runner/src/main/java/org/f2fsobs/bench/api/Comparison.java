package org.f2fsobs.bench.api;

import java.util.Map;

/**
 * One parameter point (and, for iozone, one record-length row) of a matrix: off vs on, our ratio with its
 * bootstrap interval, the mail's ratio, whether the mechanism counters moved as the catalog expects, and the
 * verdict by the rule of contracts.md §3.
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
 */
public record Comparison(Map<String, Object> params, Integer row, Summary off, Summary on, double ratio,
                         double[] ratioCi, Double referenceRatio, String mechanism, String verdict,
                         Map<String, Boolean> otherFlags,
                         @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) String scaleNote) {

    public Comparison(Map<String, Object> params, Integer row, Summary off, Summary on, double ratio, double[] ratioCi,
                      Double referenceRatio, String mechanism, String verdict, Map<String, Boolean> otherFlags) {
        this(params, row, off, on, ratio, ratioCi, referenceRatio, mechanism, verdict, otherFlags, null);
    }

    /** This comparison with the scenario's note for its scale. */
    public Comparison withScaleNote(String note) {
        return new Comparison(params, row, off, on, ratio, ratioCi, referenceRatio, mechanism, verdict, otherFlags, note);
    }

    /** A comparison whose other flags are the scenario's era values (not recorded). */
    public Comparison(Map<String, Object> params, Integer row, Summary off, Summary on, double ratio, double[] ratioCi,
                      Double referenceRatio, String mechanism, String verdict) {
        this(params, row, off, on, ratio, ratioCi, referenceRatio, mechanism, verdict, Map.of());
    }

    /** Median, min, max and sample count of one side. */
    public record Summary(double median, double min, double max, int n) {}
}
