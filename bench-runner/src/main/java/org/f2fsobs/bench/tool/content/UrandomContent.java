package org.f2fsobs.bench.tool.content;

/**
 * What a read of /dev/urandom returns, stood in for by a seeded stream: byte {@code k} of the stream is byte
 * {@code k % 8} of SplitMix64 at position {@code k / 8} from the run's seed. Incompressible like the kernel's ChaCha20
 * output, and the same for the same seed (departure: the kernel's bytes are unpredictable by design).
 */
public final class UrandomContent implements WriteContent {
    private final long seed;

    public UrandomContent(long seed) {
        this.seed = seed;
    }

    @Override
    public void fill(long fileOffset, byte[] dst, int dstOff, int len) {
        for (int i = 0; i < len; i++) {
            long pos = fileOffset + i;
            long word = mix(seed + (pos >>> 3) * 0x9E3779B97F4A7C15L);
            dst[dstOff + i] = (byte) (word >>> ((pos & 7) * 8));
        }
    }

    /** SplitMix64's finaliser (Steele, Lea, Flood 2014). */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    @Override
    public String describe() {
        return "/dev/urandom (a SplitMix64 stream from seed " + seed + ")";
    }
}
