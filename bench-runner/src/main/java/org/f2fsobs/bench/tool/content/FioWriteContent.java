package org.f2fsobs.bench.tool.content;

import java.util.Arrays;
import org.f2fsobs.bench.tool.fio.FioJob;

/**
 * The bytes fio writes for one job clone. What fio does (io_u.c, backend.c, lib/rand.c): at start it allocates
 * {@code iodepth} I/O buffers of {@code bs} bytes and fills each with fill_random_buf() from the job's buffer
 * generator ({@link FioRandom}); before every write get_io_u() either refills the buffer (refill_buffers) or, by
 * default (scramble_buffers=1), runs small_content_scramble(): in every 512-byte block it stores the I/O's file offset
 * (+512 per block) as a little-endian u64 in cache line {@code (start_time.tv_nsec ^ offset) & 7} and the I/O's
 * start time (tv_sec, tv_nsec) in bytes 48–63. The buffer is modified in place, so the offsets stored by earlier
 * writes through the same buffer stay in the cache lines later writes do not touch; this class reproduces that.
 *
 * <p>Where the model departs: start times come from an {@link IoSequence} (virtual time, not CLOCK_MONOTONIC); buffer
 * reuse follows fio's LIFO free list under the assumption that synchronous engines reuse the top buffer and
 * asynchronous engines complete in submission order (buffer {@code D-1-(n mod D)}); in mixed read/write jobs the data
 * read into a buffer is not modelled; with {@code randrepeat=0} and no {@code randseed} fio seeds from /dev/urandom,
 * here from the caller's {@code entropy}.
 */
public final class FioWriteContent implements WriteContent {

    /** Which I/O wrote where and when: the engine's schedule of this clone's writes, as pure functions. */
    public interface IoSequence {
        /** File offset of write number {@code ioIndex} (0-based, in issue order). */
        long offsetOf(long ioIndex);

        /** Virtual start time (ns) of write {@code ioIndex}: fio's io_u->start_time. */
        long startTimeNs(long ioIndex);

        /** The last write that covered {@code fileOffset}, or -1 if none did. */
        long lastIoAt(long fileOffset);
    }

    private final int bs;
    private final int buffers;
    private final boolean sync;
    private final boolean refill;
    private final boolean zero;
    private final boolean scramble;
    private final long[] initialSeeds;
    private final long bufSeed;
    private final IoSequence seq;
    private final FioHistory history;

    /**
     * @param job          the job (bs, iodepth, ioengine, buffer options, randseed)
     * @param threadNumber fio's thread number of the clone ({@code FioCommand.threadNumber})
     * @param seq          the clone's writes
     * @param entropy      the seed used when fio would read /dev/urandom (randrepeat=0 without randseed)
     */
    public FioWriteContent(FioJob job, int threadNumber, IoSequence seq, long entropy) {
        if (job.maxBs() > Integer.MAX_VALUE) throw new IllegalArgumentException("bs too large: " + job.maxBs());
        this.bs = (int) job.maxBs();
        this.buffers = job.iodepth();
        this.sync = job.ioengine().sync();
        this.refill = job.refillBuffers();
        this.zero = job.zeroBuffers();
        this.scramble = job.scrambles() && !zero;
        this.seq = seq;
        this.bufSeed = job.randrepeat() || job.randseedSet() ? FioRandom.bufferSeed(job.randseed(), threadNumber)
                : entropy;
        FioRandom r = new FioRandom(bufSeed);
        initialSeeds = new long[buffers];
        for (int i = 0; i < buffers; i++) initialSeeds[i] = r.nextSeed();
        this.history = new FioHistory(seq, buffers, sync, r);
    }

    /** A sequential write pass (rw=write): write n at {@code offset + (n mod (size/bs)) * bs}, starting every {@code nsPerIo}. */
    public static IoSequence sequential(FioJob job, long firstStartNs, long nsPerIo) {
        long perPass = Math.max(1, job.size() / job.bs());
        long ios = perPass * job.loops();
        return new IoSequence() {
            @Override
            public long offsetOf(long n) {
                return job.offset() + (n % perPass) * job.bs();
            }

            @Override
            public long startTimeNs(long n) {
                return firstStartNs + n * nsPerIo;
            }

            @Override
            public long lastIoAt(long fileOffset) {
                long rel = fileOffset - job.offset();
                if (rel < 0 || rel >= perPass * job.bs()) return -1;
                return ios - perPass + rel / job.bs();
            }
        };
    }

    @Override
    public void fill(long fileOffset, byte[] dst, int dstOff, int len) {
        while (len > 0) {
            long n = seq.lastIoAt(fileOffset);
            if (n < 0) {
                Arrays.fill(dst, dstOff, dstOff + len, (byte) 0);
                return;
            }
            int within = (int) (fileOffset - seq.offsetOf(n));
            int chunk = Math.min(len, bs - within);
            fillIo(n, within, dst, dstOff, chunk);
            fileOffset += chunk;
            dstOff += chunk;
            len -= chunk;
        }
    }

    /** Bytes {@code [from, from + len)} of the buffer write {@code ioIndex} hands to the kernel. */
    public void fillIo(long ioIndex, int from, byte[] dst, int dstOff, int len) {
        if (from < 0 || len < 0 || from + len > bs) throw new IllegalArgumentException("outside the " + bs + "-byte I/O");
        if (zero) {
            Arrays.fill(dst, dstOff, dstOff + len, (byte) 0);
            return;
        }
        int b = bufferOf(ioIndex, buffers, sync);
        long seed = refill ? history.refillSeed(ioIndex) : initialSeeds[b];
        FioRandom.fillRandomBuf(seed, bs, from, dst, dstOff, len);
        if (!scramble) return;
        for (int line = 0; line < 8; line++) {
            long m = history.lastWithLine(b, line, ioIndex);
            if (m >= 0) putEveryBlock(dst, dstOff, from, len, line * 64, seq.offsetOf(m), 512);
        }
        long t = seq.startTimeNs(ioIndex);
        putEveryBlock(dst, dstOff, from, len, 48, t / 1_000_000_000L, 0);
        putEveryBlock(dst, dstOff, from, len, 56, t % 1_000_000_000L, 0);
    }

    /** Which io_u buffer write {@code n} uses (fio's LIFO free list; see the class comment). */
    static int bufferOf(long n, int buffers, boolean sync) {
        return sync ? buffers - 1 : (int) (buffers - 1 - (n % buffers));
    }

    /** Writes u64 {@code value + step * block} at byte {@code pos} of every 512-byte block, clipped to the range. */
    private void putEveryBlock(byte[] dst, int dstOff, int from, int len, int pos, long value, long step) {
        int blocks = bs >> 9;
        int first = from / 512;
        for (int i = first; i < blocks; i++) {
            int at = i * 512 + pos;
            if (at >= from + len) break;
            long v = value + step * i;
            for (int k = 0; k < 8; k++) {
                int p = at + k;
                if (p >= from && p < from + len) dst[dstOff + p - from] = (byte) (v >>> (8 * k));
            }
        }
    }

    @Override
    public String describe() {
        String what = zero ? "zeros" : refill ? "fresh random data per write" : buffers + " random buffer"
                + (buffers > 1 ? "s" : "") + " of " + bs + " bytes";
        return "fio buffers: " + what + " (buffer seed " + Long.toUnsignedString(bufSeed) + ")"
                + (scramble ? ", scrambled per write with offset and start time every 512 bytes" : "");
    }
}
