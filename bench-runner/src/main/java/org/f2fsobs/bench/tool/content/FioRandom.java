package org.f2fsobs.bench.tool.content;

/**
 * fio's buffer randomness, bit for bit: init.c setup_random_seeds() (randseed × 0x9e370001 per seed slot, times the
 * job's thread number), lib/rand.c's 32-bit Tausworthe generator ({@code __init_rand32}, {@code __rand32}),
 * {@code __get_next_seed()} (the product of two draws on 64-bit hosts) and {@code __fill_random_buf()} (four seed
 * buckets, CONFIG_SEED_BUCKETS' default, advanced by hash.h's golden-ratio multiply). Values were checked against
 * fio 3.33's own lib/rand.c compiled with gcc.
 */
public final class FioRandom {

    /** hash.h GOLDEN_RATIO_64. */
    static final long GOLDEN_RATIO_64 = 0x61C8864680B583EBL;
    /** fio.h FIO_RAND_BUF_OFF: the seed slot of the buffer generator. */
    static final int FIO_RAND_BUF_OFF = 9;
    private static final long[] PRIME = {1, 2, 3, 5};

    private int s1;
    private int s2;
    private int s3;

    /** lib/rand.c __init_rand32(state, (unsigned int) seed). */
    public FioRandom(long seed) {
        int sd = (int) seed;
        s1 = seedAtLeast(53 * 69069 ^ sd, 1); // LCG((2^31) + (2^17) + (2^7), seed): ^ is XOR in C, so x = 53
        s2 = seedAtLeast(s1 * 69069 ^ sd, 7);
        s3 = seedAtLeast(s2 * 69069 ^ sd, 15);
        for (int i = 0; i < 6; i++) next32();
    }

    private static int seedAtLeast(int x, int m) {
        return Integer.compareUnsigned(x, m) < 0 ? x + m : x;
    }

    /** lib/rand.h __rand32(). */
    public int next32() {
        s1 = ((s1 & 0xFFFFFFFE) << 12) ^ (((s1 << 13) ^ s1) >>> 19);
        s2 = ((s2 & 0xFFFFFFF8) << 4) ^ (((s2 << 2) ^ s2) >>> 25);
        s3 = ((s3 & 0xFFFFFFF0) << 17) ^ (((s3 << 3) ^ s3) >>> 11);
        return s1 ^ s2 ^ s3;
    }

    /** The three state words (for tests against fio's C code). */
    int[] state() {
        return new int[] {s1, s2, s3};
    }

    /** lib/rand.h __get_next_seed() on a 64-bit host: two draws multiplied. */
    public long nextSeed() {
        long a = Integer.toUnsignedLong(next32());
        long b = Integer.toUnsignedLong(next32());
        return a * b;
    }

    /** init.c setup_random_seeds() then td_fill_rand_seeds(): the seed of the buffer generator of thread {@code threadNumber}. */
    public static long bufferSeed(long randseed, int threadNumber) {
        long seed = randseed;
        for (int i = 0; i < 4; i++) seed *= 0x9e370001L;
        for (int i = 0; i < FIO_RAND_BUF_OFF; i++) seed *= 0x9e370001L;
        return seed * threadNumber + FIO_RAND_BUF_OFF;
    }

    /**
     * Bytes {@code [from, from + len)} of lib/rand.c {@code __fill_random_buf(buf, bufLen, seed)}, computed without
     * filling the whole buffer: words come in groups of four seeded seed × {1, 2, 3, 5} and multiplied by the golden
     * ratio once per group; the tail uses {@code __fill_random_buf_small()} from the first bucket.
     */
    public static void fillRandomBuf(long seed, int bufLen, int from, byte[] dst, int dstOff, int len) {
        int words = bufLen / 8;
        int grouped = (words / 4) * 4;
        int firstWord = from / 8;
        int lastWord = (from + len - 1) / 8;
        long groupPow = pow(GOLDEN_RATIO_64, Math.min(firstWord, grouped) / 4);
        for (int w = firstWord; w <= lastWord; w++) {
            long v;
            if (w < grouped) {
                if (w % 4 == 0 && w != firstWord) groupPow *= GOLDEN_RATIO_64;
                v = seed * PRIME[w % 4] * groupPow;
            } else {
                // __fill_random_buf_small(b, rest, s[0]): s[0] after all groups, then one hash per word
                v = seed * pow(GOLDEN_RATIO_64, grouped / 4) * pow(GOLDEN_RATIO_64, w - grouped);
            }
            for (int k = 0; k < 8; k++) {
                int pos = w * 8 + k;
                if (pos >= from && pos < from + len && pos < bufLen) dst[dstOff + pos - from] = (byte) (v >>> (8 * k));
            }
        }
    }

    /** x^n modulo 2^64. */
    static long pow(long x, long n) {
        long r = 1;
        while (n > 0) {
            if ((n & 1) != 0) r *= x;
            x *= x;
            n >>= 1;
        }
        return r;
    }
}
