package org.f2fsobs.bench.stats;

/**
 * The verdict rule of contracts.md §3, exactly, with the edge cases the contract leaves open decided here.
 *
 * <p>r = our on/off ratio, m = the mail's (after/before). Let q = (r − 1)/(m − 1), the share of the claimed effect
 * we reproduce.
 * <ul>
 * <li><b>|m − 1| ≥ 0.10</b> (a claimed effect of 10 % or more), in this order:
 *   <ol>
 *   <li>q ∈ [0.75, 1.25] and mechanism {@code moved as expected} → {@code reproduced};</li>
 *   <li>q ∈ [0.75, 1.25] and mechanism {@code did not move} → {@code partly};</li>
 *   <li>(r − 1)(m − 1) &lt; 0 → {@code opposite};</li>
 *   <li>q ∈ [0.5, 1.5] (whatever the mechanism) → {@code partly};</li>
 *   <li>otherwise (including r = 1 exactly: no effect at all) → {@code not_reproduced}.</li>
 *   </ol>
 *   Mechanism {@code n/a} (the catalog declares no expectation for the point) counts as moved: the contract's
 *   condition "the counters moved as the catalog says" holds vacuously when the catalog says nothing. A declared
 *   expectation that cannot be checked is {@code did not move}, never n/a (see {@link MechanismCheck}).</li>
 * <li><b>|m − 1| &lt; 0.10</b> (a small or null claimed effect): {@code reproduced} if |r − m| ≤ 0.05, as the
 *   contract says; the mechanism is not consulted in this branch (the contract does not ask for it, and a small
 *   claimed effect often has no counter evidence). Otherwise {@code opposite} if r − 1 and m − 1 have different
 *   signs and both |r − 1| and |m − 1| are at least {@link #MEANINGFUL_EFFECT} (2 %, the project's noise floor:
 *   the LKP table shows ± only above 2 %); otherwise {@code not_reproduced}.</li>
 * <li><b>No reference</b> (m null), or an unusable one (m or r not finite, m ≤ 0, r &lt; 0) → {@code n/a}.</li>
 * </ul>
 * All bounds are inclusive and compared with a slack of {@link #EPS} = 1e-9, so that decimal inputs that are
 * exactly on a bound in decimal (m = 0.9 → |m − 1| = 0.09999999999999998 in binary; m = 1.2, r = 1.15 → q =
 * 0.7499999999999997) are treated as on it.
 */
public final class Verdicts {
    /** Effects below this are not called "opposite" in the small-effect branch. */
    public static final double MEANINGFUL_EFFECT = 0.02;
    /** Slack for the inclusive bounds, absorbing binary rounding of decimal inputs. */
    public static final double EPS = 1e-9;

    private Verdicts() {}

    /**
     * @param r         our on/off ratio
     * @param m         the mail's after/before ratio, or null when the mail gives none for this point
     * @param mechanism whether the counters moved as the catalog expects
     */
    public static Verdict verdict(double r, Double m, MechanismStatus mechanism) {
        if (m == null || !Double.isFinite(m) || m <= 0 || !Double.isFinite(r) || r < 0) return Verdict.NA;
        double claimed = m - 1;
        double ours = r - 1;
        if (Math.abs(claimed) >= 0.10 - EPS) {
            double q = ours / claimed;
            boolean moved = mechanism != MechanismStatus.DID_NOT_MOVE;
            if (within(q, 0.75, 1.25)) return moved ? Verdict.REPRODUCED : Verdict.PARTLY;
            if (ours * claimed < 0) return Verdict.OPPOSITE;
            if (within(q, 0.5, 1.5)) return Verdict.PARTLY;
            return Verdict.NOT_REPRODUCED;
        }
        if (Math.abs(r - m) <= 0.05 + EPS) return Verdict.REPRODUCED;
        if (ours * claimed < 0 && Math.abs(ours) >= MEANINGFUL_EFFECT - EPS && Math.abs(claimed) >= MEANINGFUL_EFFECT - EPS) {
            return Verdict.OPPOSITE;
        }
        return Verdict.NOT_REPRODUCED;
    }

    /** q = (r − 1)/(m − 1), or null when m is missing, unusable or exactly 1. */
    public static Double effectShare(double r, Double m) {
        if (m == null || !Double.isFinite(m) || m <= 0 || m == 1 || !Double.isFinite(r)) return null;
        return (r - 1) / (m - 1);
    }

    private static boolean within(double x, double lo, double hi) {
        return x >= lo - EPS && x <= hi + EPS;
    }
}
