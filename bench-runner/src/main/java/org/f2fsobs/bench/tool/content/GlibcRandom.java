package org.f2fsobs.bench.tool.content;

/**
 * glibc's rand()/srand() (random_r.c, TYPE_3: additive feedback r[i] = r[i-3] + r[i-31], output r >> 1, seeded by
 * the Park–Miller generator and 310 discarded outputs). Used where the tools call rand(): iozone's get_pattern()
 * and tiotest's -c buffers. srand(1) gives 1804289383, 846930886, ... as on any glibc system.
 */
public final class GlibcRandom {

    private final int[] r = new int[34];
    private int i;

    /** srand(seed). */
    public GlibcRandom(int seed) {
        int[] init = new int[344];
        init[0] = seed == 0 ? 1 : seed;
        for (int k = 1; k < 31; k++) {
            long hi = init[k - 1] / 127773;
            long lo = init[k - 1] % 127773;
            long word = 16807 * lo - 2836 * hi;
            if (word < 0) word += 2147483647;
            init[k] = (int) word;
        }
        for (int k = 31; k < 34; k++) init[k] = init[k - 31];
        for (int k = 34; k < 344; k++) init[k] = init[k - 31] + init[k - 3];
        System.arraycopy(init, 344 - 34, r, 0, 34);
        i = 0;
    }

    /** rand(): the next value in [0, 2^31). */
    public int next() {
        int v = r[(i + 34 - 31) % 34] + r[(i + 34 - 3) % 34];
        r[i] = v;
        i = (i + 1) % 34;
        return v >>> 1;
    }
}
