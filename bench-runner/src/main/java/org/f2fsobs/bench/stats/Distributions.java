package org.f2fsobs.bench.stats;

/**
 * The few special functions the significance tests need, written out (Numerical Recipes, 3rd ed., §6.1–6.4) so
 * that they use only {@link StrictMath}: the same bits on every JVM, as the rest of the observatory.
 */
final class Distributions {
    private static final double FPMIN = 1e-300;
    private static final double EPS = 1e-15;
    private static final int MAX_ITER = 10_000;

    private Distributions() {}

    /** ln Γ(x) for x &gt; 0 (Lanczos, g = 7, n = 9; relative error below 1e-15). */
    static double lnGamma(double x) {
        if (x < 0.5) return StrictMath.log(Math.PI / StrictMath.sin(Math.PI * x)) - lnGamma(1 - x);
        double[] c = {0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
                -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
                1.5056327351493116e-7};
        x -= 1;
        double a = c[0];
        double t = x + 7.5;
        for (int i = 1; i < 9; i++) a += c[i] / (x + i);
        return 0.5 * StrictMath.log(2 * Math.PI) + (x + 0.5) * StrictMath.log(t) - t + StrictMath.log(a);
    }

    /** Regularised incomplete beta I_x(a, b), 0 ≤ x ≤ 1, a, b &gt; 0. */
    static double regularizedBeta(double x, double a, double b) {
        if (x <= 0) return 0;
        if (x >= 1) return 1;
        double lnFront = lnGamma(a + b) - lnGamma(a) - lnGamma(b) + a * StrictMath.log(x) + b * StrictMath.log1p(-x);
        double front = StrictMath.exp(lnFront);
        if (x < (a + 1) / (a + b + 2)) return front * betaContinuedFraction(x, a, b) / a;
        return 1 - front * betaContinuedFraction(1 - x, b, a) / b;
    }

    /** Modified Lentz evaluation of the continued fraction for I_x(a, b). */
    private static double betaContinuedFraction(double x, double a, double b) {
        double qab = a + b, qap = a + 1, qam = a - 1;
        double c = 1, d = 1 - qab * x / qap;
        if (Math.abs(d) < FPMIN) d = FPMIN;
        d = 1 / d;
        double h = d;
        for (int m = 1; m <= MAX_ITER; m++) {
            int m2 = 2 * m;
            double aa = m * (b - m) * x / ((qam + m2) * (a + m2));
            d = 1 + aa * d;
            if (Math.abs(d) < FPMIN) d = FPMIN;
            c = 1 + aa / c;
            if (Math.abs(c) < FPMIN) c = FPMIN;
            d = 1 / d;
            h *= d * c;
            aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
            d = 1 + aa * d;
            if (Math.abs(d) < FPMIN) d = FPMIN;
            c = 1 + aa / c;
            if (Math.abs(c) < FPMIN) c = FPMIN;
            d = 1 / d;
            double del = d * c;
            h *= del;
            if (Math.abs(del - 1) < EPS) break;
        }
        return h;
    }

    /** Regularised upper incomplete gamma Q(a, x) = 1 − P(a, x), a &gt; 0, x ≥ 0. */
    static double regularizedGammaQ(double a, double x) {
        if (x <= 0) return 1;
        double lnFront = -x + a * StrictMath.log(x) - lnGamma(a);
        if (x < a + 1) {
            double ap = a, sum = 1 / a, del = sum;
            for (int n = 0; n < MAX_ITER; n++) {
                ap += 1;
                del *= x / ap;
                sum += del;
                if (Math.abs(del) < Math.abs(sum) * EPS) break;
            }
            return 1 - sum * StrictMath.exp(lnFront);
        }
        double b = x + 1 - a, c = 1 / FPMIN, d = 1 / b, h = d;
        for (int i = 1; i <= MAX_ITER; i++) {
            double an = -i * (i - a);
            b += 2;
            d = an * d + b;
            if (Math.abs(d) < FPMIN) d = FPMIN;
            c = b + an / c;
            if (Math.abs(c) < FPMIN) c = FPMIN;
            d = 1 / d;
            double del = d * c;
            h *= del;
            if (Math.abs(del - 1) < EPS) break;
        }
        return StrictMath.exp(lnFront) * h;
    }

    /** P(|Z| ≥ |z|) for a standard normal Z: erfc(|z|/√2) = Q(1/2, z²/2). */
    static double normalTwoSidedP(double z) {
        if (!Double.isFinite(z)) return 0;
        return Math.min(1, regularizedGammaQ(0.5, z * z / 2));
    }

    /** P(|T| ≥ |t|) for Student's t with df degrees of freedom (df &gt; 0, may be fractional). */
    static double studentTwoSidedP(double t, double df) {
        if (!Double.isFinite(t)) return 0;
        return Math.min(1, regularizedBeta(df / (df + t * t), df / 2, 0.5));
    }
}
