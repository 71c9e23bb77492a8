package org.f2fsobs.engine.sim;

/**
 * The engine's only source of randomness: xoshiro256** seeded through SplitMix64 (Blackman and Vigna).
 * Our own implementation, so results survive JDK updates (cf. TigerBeetle stdx/prng.zig); a golden test
 * pins its first outputs. Each component takes its own {@link #fork()} so that adding a consumer in one
 * component never shifts the stream another component sees.
 */
public final class Prng {
    private long s0, s1, s2, s3;

    public Prng(long seed) {
        long x = seed;
        x += 0x9E3779B97F4A7C15L; s0 = mix64(x);
        x += 0x9E3779B97F4A7C15L; s1 = mix64(x);
        x += 0x9E3779B97F4A7C15L; s2 = mix64(x);
        x += 0x9E3779B97F4A7C15L; s3 = mix64(x);
    }

    /** SplitMix64 finaliser. */
    static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    public long nextLong() {
        long result = Long.rotateLeft(s1 * 5, 7) * 9;
        long t = s1 << 17;
        s2 ^= s0;
        s3 ^= s1;
        s1 ^= s2;
        s0 ^= s3;
        s2 ^= t;
        s3 = Long.rotateLeft(s3, 45);
        return result;
    }

    /** Uniform in [0, bound), unbiased (Lemire's multiply-and-reject). */
    public long nextLong(long bound) {
        if (bound <= 0) throw new IllegalArgumentException("bound must be positive: " + bound);
        while (true) {
            long x = nextLong();
            long hi = Math.unsignedMultiplyHigh(x, bound);
            long lo = x * bound;
            if (Long.compareUnsigned(lo, bound) >= 0 || Long.compareUnsigned(lo, Long.remainderUnsigned(-bound, bound)) >= 0) {
                return hi;
            }
        }
    }

    public int nextInt(int bound) {
        return (int) nextLong(bound);
    }

    /** Uniform in [0, 1) with 53 random bits; deterministic on every JVM (no transcendental functions). */
    public double nextDouble() {
        return (nextLong() >>> 11) * 0x1.0p-53;
    }

    /** True with probability numerator/denominator (TigerBeetle's {@code Ratio}). */
    public boolean chance(long numerator, long denominator) {
        return nextLong(denominator) < numerator;
    }

    /** Exponentially distributed duration with the given mean; StrictMath keeps it bit-identical everywhere. */
    public long exponentialNs(long meanNs) {
        if (meanNs <= 0) return 0;
        double u = 1.0 - nextDouble(); // (0, 1]
        return (long) (-StrictMath.log(u) * meanNs);
    }

    /** An independent stream for a sub-component. */
    public Prng fork() {
        return new Prng(nextLong());
    }
}
