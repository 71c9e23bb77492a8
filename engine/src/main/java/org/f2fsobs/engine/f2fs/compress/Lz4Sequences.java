package org.f2fsobs.engine.f2fs.compress;

/**
 * The shape of one LZ4 block (lz4 {@code doc/lz4_Block_format.md}): how many sequences it holds and how many of the
 * input bytes came out as literals and how many were covered by matches. LZ4's compressor spends its time per
 * sequence (a hash-table hit, the match check, the token) and per byte it scans (a probe per literal, a word compare
 * per matched word), so this shape prices a compression of the real bytes ({@link Codecs}): a zero page is one long
 * match, prose is a sequence every ten bytes.
 *
 * @param literalBytes input bytes emitted as literals
 * @param matchBytes   input bytes covered by matches (match length + MINMATCH summed)
 * @param sequences    tokens in the block (the last, literal-only one included)
 */
public record Lz4Sequences(long literalBytes, long matchBytes, long sequences) {
    private static final int MINMATCH = 4;

    /** Parses the block {@code block[off, off + len)}; a malformed block is an {@link IllegalArgumentException}. */
    public static Lz4Sequences of(byte[] block, int off, int len) {
        int i = off;
        int end = off + len;
        long literals = 0;
        long matched = 0;
        long sequences = 0;
        while (i < end) {
            int token = block[i++] & 0xff;
            int literalLength = token >>> 4;
            if (literalLength == 15) {
                int b;
                do {
                    if (i >= end) throw malformed(i - off);
                    b = block[i++] & 0xff;
                    literalLength += b;
                } while (b == 255);
            }
            i += literalLength;
            if (i > end) throw malformed(i - off);
            literals += literalLength;
            sequences++;
            if (i == end) break;                       // the last sequence: literals only
            if (i + 2 > end) throw malformed(i - off);
            i += 2;                                    // offset
            int matchLength = token & 15;
            if (matchLength == 15) {
                int b;
                do {
                    if (i >= end) throw malformed(i - off);
                    b = block[i++] & 0xff;
                    matchLength += b;
                } while (b == 255);
            }
            matched += matchLength + MINMATCH;
        }
        return new Lz4Sequences(literals, matched, sequences);
    }

    private static IllegalArgumentException malformed(int at) {
        return new IllegalArgumentException("malformed LZ4 block at byte " + at);
    }
}
