package org.f2fsobs.bench.tool.content;

import org.f2fsobs.bench.tool.tiotest.TiotestJob;

/**
 * What tiotest writes into thread {@code i}'s file. tiotest.c initialize_test() gives each thread a buffer from an
 * anonymous mmap() — zeros — and every pwrite() writes that buffer. With -c (consistency check) the buffers are
 * filled instead with {@code rand() & 0xFF}, thread 0's buffer first, from glibc's unseeded rand() (seed 1); every
 * block of a thread's file then repeats that thread's buffer.
 */
public final class TiotestWriteContent implements WriteContent {

    private final byte[] buffer;
    private final int thread;

    private TiotestWriteContent(byte[] buffer, int thread) {
        this.buffer = buffer;
        this.thread = thread;
    }

    /** The content of thread {@code thread}'s file for {@code job}. */
    public static WriteContent of(TiotestJob job, int thread) {
        if (!job.consistencyCheck()) return new ZeroContent("tiotest buffer: zeros (anonymous mmap)");
        if (job.blockSize() > Integer.MAX_VALUE) throw new IllegalArgumentException("block too large");
        int bs = (int) job.blockSize();
        GlibcRandom rand = new GlibcRandom(1);
        for (long skip = (long) thread * bs; skip > 0; skip--) rand.next();
        byte[] b = new byte[bs];
        for (int k = 0; k < bs; k++) b[k] = (byte) rand.next();
        return new TiotestWriteContent(b, thread);
    }

    @Override
    public void fill(long fileOffset, byte[] dst, int dstOff, int len) {
        for (int k = 0; k < len; k++) dst[dstOff + k] = buffer[(int) ((fileOffset + k) % buffer.length)];
    }

    @Override
    public String describe() {
        return "tiotest -c buffer of thread " + thread + ": " + buffer.length + " bytes of glibc rand() & 0xff";
    }
}
