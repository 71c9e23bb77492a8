package org.f2fsobs.bench.tool.content;

/**
 * The bytes a benchmark tool writes, so the simulated device stores what the real tool would have stored (which
 * matters for compression, deduplication and verification). Implementations are pure functions of their
 * construction parameters and the file offset: the same call always fills the same bytes, from any thread.
 */
public interface WriteContent {

    /** Fills {@code dst[dstOff, dstOff + len)} with the bytes the tool leaves at {@code [fileOffset, fileOffset + len)}. */
    void fill(long fileOffset, byte[] dst, int dstOff, int len);

    /** One line saying what the content is and where it comes from (for run headers and reports). */
    String describe();
}
