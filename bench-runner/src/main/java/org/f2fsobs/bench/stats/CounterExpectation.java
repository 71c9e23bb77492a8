package org.f2fsobs.bench.stats;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;
import java.util.Objects;

/**
 * How one mechanism counter should move from the off cells to the on cells of a matrix point, as the scenario
 * catalog declares it (e.g. P1: {@code decrease("seg_entry_reads", 0.5)}).
 *
 * <p><b>Counter path.</b> A dotted path into a result (contracts.md §3):
 * <ul>
 * <li>{@code seg_entry_reads}, {@code counters.seg_entry_reads} — a counter; {@code checkpoints_by_reason.CP_COMPRESSED},
 *     {@code fsync_paths.roll_forward} — a key of a nested counter map;</li>
 * <li>{@code histograms.read_request_bytes.4096} — the count of one bucket of a histogram;</li>
 * <li>a {@code :share} suffix divides the value by the sum of the map that holds it:
 *     {@code histograms.read_request_bytes.4096:share} is the fraction of read requests that were 4 KiB, and
 *     {@code checkpoints_by_reason.CP_COMPRESSED:share} the fraction of checkpoints taken for that reason. A
 *     share of an empty map (sum 0) is 0.</li>
 * </ul>
 * A claim such as P4's "read requests mostly 4096 off, mostly 524288 on" is two expectations on shares:
 * {@code decrease("histograms.read_request_bytes.4096:share", 0.5)} and
 * {@code increase("histograms.read_request_bytes.524288:share", 1.0)}.
 *
 * <p><b>Semantics</b> (evaluated by {@link MechanismCheck} on off = median of the off cells' values, on = median
 * of the on cells'):
 * <ul>
 * <li>{@link Direction#DECREASE}: on &lt; off and (off − on)/off ≥ {@code minRelativeChange} (so 0.5 = "at least
 *     halved"; 0 = any strict decrease). Never holds when off = 0. {@code minRelativeChange} ≤ 1.</li>
 * <li>{@link Direction#INCREASE}: on &gt; off and (on − off)/off ≥ {@code minRelativeChange} (1.0 = "at least
 *     doubled"). When off = 0, any on &gt; 0 is an unbounded relative increase and holds.</li>
 * <li>{@link Direction#UNCHANGED}: |on − off| ≤ {@code tolerance} × max(|off|, |on|) (symmetric; both zero holds).</li>
 * </ul>
 * {@code tolerance} is used only by UNCHANGED and {@code minRelativeChange} only by INCREASE/DECREASE; both are
 * fractions, finite and ≥ 0.
 *
 * @param counter           the path described above
 * @param direction         expected movement from off to on
 * @param minRelativeChange smallest relative change that counts as the movement (INCREASE, DECREASE)
 * @param tolerance         largest relative difference that still counts as unchanged (UNCHANGED)
 */
public record CounterExpectation(String counter, Direction direction, double minRelativeChange, double tolerance) {

    /** Expected movement; JSON and the catalog spell it in lower case ({@code "decrease"}). */
    public enum Direction {
        INCREASE, DECREASE, UNCHANGED;

        @JsonValue
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** Parses "increase", "decrease" or "unchanged" (any case), as a catalog file spells them. */
        @JsonCreator
        public static Direction of(String s) {
            for (Direction d : values()) if (d.label().equalsIgnoreCase(s == null ? "" : s.strip())) return d;
            throw new IllegalArgumentException("direction must be increase, decrease or unchanged, got " + s);
        }
    }

    public CounterExpectation {
        Objects.requireNonNull(direction, "direction");
        if (counter == null || counter.isBlank()) throw new IllegalArgumentException("counter path is empty");
        if (!Double.isFinite(minRelativeChange) || minRelativeChange < 0) {
            throw new IllegalArgumentException("min_change must be finite and >= 0: " + minRelativeChange);
        }
        if (!Double.isFinite(tolerance) || tolerance < 0) {
            throw new IllegalArgumentException("tolerance must be finite and >= 0: " + tolerance);
        }
        if (direction == Direction.DECREASE && minRelativeChange > 1) {
            throw new IllegalArgumentException("a count cannot decrease by more than 100 %: min_change " + minRelativeChange);
        }
    }

    /**
     * The catalog's JSON form, e.g. {@code {"counter": "seg_entry_reads", "direction": "decrease", "min_change": 0.5}}:
     * {@code min_change} (or {@code min_relative_change}, as this record writes it) and {@code tolerance} default to 0.
     */
    @JsonCreator
    static CounterExpectation fromJson(@JsonProperty("counter") String counter, @JsonProperty("direction") Direction direction,
                                       @JsonProperty("min_change") Double minChange,
                                       @JsonProperty("min_relative_change") Double minRelativeChange,
                                       @JsonProperty("tolerance") Double tolerance) {
        double min = minChange != null ? minChange : minRelativeChange != null ? minRelativeChange : 0;
        return new CounterExpectation(counter, direction, min, tolerance == null ? 0 : tolerance);
    }

    public static CounterExpectation increase(String counter, double minRelativeChange) {
        return new CounterExpectation(counter, Direction.INCREASE, minRelativeChange, 0);
    }

    public static CounterExpectation decrease(String counter, double minRelativeChange) {
        return new CounterExpectation(counter, Direction.DECREASE, minRelativeChange, 0);
    }

    public static CounterExpectation unchanged(String counter, double tolerance) {
        return new CounterExpectation(counter, Direction.UNCHANGED, 0, tolerance);
    }

    /** Whether the movement from {@code off} to {@code on} (both ≥ 0 in practice) satisfies this expectation. */
    public boolean holds(double off, double on) {
        return switch (direction) {
            case DECREASE -> off > 0 && on < off && (off - on) / off >= minRelativeChange - Verdicts.EPS;
            case INCREASE -> on > off && (off == 0 || (on - off) / off >= minRelativeChange - Verdicts.EPS);
            case UNCHANGED -> Math.abs(on - off) <= (tolerance + Verdicts.EPS) * Math.max(Math.abs(off), Math.abs(on));
        };
    }

    /** e.g. "seg_entry_reads decrease by at least 50 %", or "rf_node_blocks increase" when any change will do. */
    public String describe() {
        return switch (direction) {
            case DECREASE -> counter + (minRelativeChange > 0 ? " decrease by at least " + percent(minRelativeChange) : " decrease");
            case INCREASE -> counter + (minRelativeChange > 0 ? " increase by at least " + percent(minRelativeChange) : " increase");
            case UNCHANGED -> counter + " unchanged within " + percent(tolerance);
        };
    }

    private static String percent(double fraction) {
        return new java.math.BigDecimal(fraction * 100).round(new java.math.MathContext(4)).stripTrailingZeros()
                .toPlainString() + " %";
    }
}
