package org.f2fsobs.bench.scenario;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import org.f2fsobs.bench.matrix.ParamValues;
import org.f2fsobs.engine.platform.MachineScale;

/**
 * How a scenario keeps its regime when {@code scale} shrinks it (contracts.md §1 "scale"): the parts of the machine
 * that shrink with the data, the mechanisms of fixed size that cannot (and what that implies), the smallest scale at
 * which a run still predicts the full-size effect, and what drifts between that scale and 1.
 *
 * @param minScale smallest meaningful scale: below it run, matrix, report and REST refuse (crash checks do not: a crash
 *                 verdict is about mechanism, not regime). Chosen by the rule of docs/scale.md: the smallest step of
 *                 the ladder 0.5, 0.25, 0.1, 0.05, 0.02, 0.01 at which every point of the seed matrix passes the standing
 *                 scale test against the full-size ratio
 * @param machine  the machine parts scaled in proportion ({@link MachineScale.Part})
 * @param fixed    mechanisms that keep their size, each with what it implies for a small run
 * @param drift    what moves between {@code minScale} and 1 (said beside every figure of such a run), or null
 */
public record ScaleRegime(double minScale, Set<MachineScale.Part> machine, List<Fixed> fixed, String drift) {
    /** A mechanism of fixed size: its name (kernel's) and what it implies at a small scale. */
    public record Fixed(String mechanism, String implies) {}

    /** The scale test's ladder, largest first. */
    public static final List<Double> LADDER = List.of(0.5, 0.25, 0.1, 0.05, 0.02, 0.01);

    public ScaleRegime {
        if (!(minScale > 0 && minScale <= 1)) throw new IllegalArgumentException("min_scale must be in (0, 1], got " + minScale);
        machine = Set.copyOf(Objects.requireNonNull(machine, "machine"));
        fixed = List.copyOf(fixed);
    }

    /** A regime with no machine part scaled and no minimum (scenarios that declare none). */
    public static ScaleRegime none() {
        return new ScaleRegime(LADDER.get(LADDER.size() - 1), Set.of(), List.of(), null);
    }

    /**
     * The standing scale test: a ratio {@code rs} at a small scale agrees with the full-size ratio {@code r1} when, for
     * an effect of at least 10 % ({@code |r1 − 1| ≥ 0.10}), the small run's effect is within 15 % of the full one's,
     * else when the ratios are within 0.03 of each other.
     */
    public static boolean agrees(double rs, double r1) {
        if (Math.abs(r1 - 1) >= 0.10) return Math.abs((rs - 1) / (r1 - 1) - 1) <= 0.15;
        return Math.abs(rs - r1) <= 0.03;
    }

    /** A size a page offers: its scale and how it reads. */
    public record SizeChoice(double scale, String label) {}

    /** The sizes a page offers for this scenario: the full size, 10 % when allowed, and the smallest meaningful one. */
    public List<SizeChoice> sizeChoices() {
        java.util.TreeSet<Double> scales = new java.util.TreeSet<>(java.util.Comparator.reverseOrder());
        scales.add(1.0);
        if (minScale <= 0.1) scales.add(0.1);
        scales.add(minScale);
        List<SizeChoice> out = new java.util.ArrayList<>();
        for (double d : scales) {
            out.add(new SizeChoice(d, d == 1 ? "the mail's (full size)" : text(d * 100) + " % of it"
                    + (d == minScale ? " (the smallest that keeps the regime)" : "")));
        }
        return out;
    }

    /** Why {@code scale} is not allowed for a run that is not a crash check, or null. */
    public String refusal(double scale) {
        if (scale >= minScale) return null;
        return String.format(Locale.ROOT, "%s is below this scenario's smallest meaningful scale %s (min_scale in the catalog): "
                + "a smaller run no longer predicts the full-size effect (docs/scale.md); crash checks accept any scale > 0",
                text(scale), text(minScale));
    }

    /** The note shown beside a figure run at {@code scale}, or null at full size or when nothing drifts. */
    public String note(double scale) {
        if (scale >= 1 || drift == null) return null;
        return "at scale " + text(scale) + ": " + drift;
    }

    private static String text(double d) {
        return ParamValues.canonical((Object) d);
    }
}
