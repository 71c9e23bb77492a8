package org.f2fsobs.bench.stats;

/**
 * Cliff's delta, the effect size Perfherder's compare view shows: (#{on_i &gt; off_j} − #{on_i &lt; off_j}) /
 * (n_on n_off), in [−1, 1]. +1: every on run beats every off run; 0: the samples interleave evenly. Conventional
 * reading (Romano et al. 2006): |δ| &lt; 0.147 negligible, &lt; 0.33 small, &lt; 0.474 medium, else large.
 */
public final class CliffsDelta {
    private CliffsDelta() {}

    public static double of(double[] off, double[] on) {
        Summary.check(off);
        Summary.check(on);
        long more = 0, less = 0;
        for (double a : on) {
            for (double b : off) {
                if (a > b) more++;
                else if (a < b) less++;
            }
        }
        return (more - less) / ((double) on.length * off.length);
    }

    /** "negligible", "small", "medium" or "large". */
    public static String magnitude(double delta) {
        double d = Math.abs(delta);
        return d < 0.147 ? "negligible" : d < 0.33 ? "small" : d < 0.474 ? "medium" : "large";
    }
}
