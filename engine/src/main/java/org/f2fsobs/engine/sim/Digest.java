package org.f2fsobs.engine.sim;

/**
 * A running 64-bit digest of everything the event loop does (FNV-1a over 64-bit words, then a SplitMix
 * finaliser on read). Two runs with the same seed and configuration must end with the same value
 * (FoundationDB's "Unseed" check).
 */
public final class Digest {
    private static final long PRIME = 0x100000001B3L;
    private long h = 0xCBF29CE484222325L;
    private long words;

    public void mix(long v) {
        h = (h ^ v) * PRIME;
        words++;
    }

    public void mix(String s) {
        for (int i = 0; i < s.length(); i++) mix(s.charAt(i));
    }

    public long value() {
        return Prng.mix64(h ^ words);
    }

    public String hex() {
        return String.format("%016x", value());
    }
}
