package org.f2fsobs.engine.f2fs.compress;

import java.util.List;
import org.f2fsobs.engine.platform.CpuOp;

/**
 * Mirrors {@code struct f2fs_compress_ops} (fs/f2fs/compress.c): one algorithm's {@code init_compress_ctx}
 * (the output budget), {@code compress_pages} and {@code decompress_pages}, working on real bytes. Instances hold
 * codec state and belong to one mounted volume (one simulation thread); create them with {@link Codecs#create}.
 */
public interface CompressOps {
    /** -EAGAIN: the output did not fit the budget (the cluster is written raw). */
    int EAGAIN = -11;
    /** -EIO: the codec failed or produced the wrong length. */
    int EIO = -5;
    /** -EFSCORRUPTED (EUCLEAN): the stored header is impossible. */
    int EFSCORRUPTED = -117;

    /** compress_algorithm as mount option and i_compress_algorithm: "lzo", "lz4", "zstd". */
    String name();

    /** COMPRESS_LZO 0, COMPRESS_LZ4 1, COMPRESS_ZSTD 2. */
    int algorithmId();

    /** init_compress_ctx: cc->clen, the most compressed bytes compress_pages may produce for {@code rlen} input bytes. */
    int initCompressCtx(int rlen);

    /**
     * compress_pages: compress {@code rbuf[0, rlen)} into {@code cdata} at {@code off} (the bytes after the
     * 24-byte header). Returns clen, or {@link #EAGAIN} when more than {@code budget} bytes would be needed.
     */
    int compressPages(byte[] rbuf, int rlen, byte[] cdata, int off, int budget);

    /** decompress_pages: {@code clen} bytes at {@code cdata[off]} into {@code rbuf}; rlen on success, else {@link #EIO}. */
    int decompressPages(byte[] cdata, int off, int clen, byte[] rbuf, int rlen);

    /**
     * The CPU work of the {@link #compressPages} call just made on this instance, as profile costs and their counts:
     * per input byte for lzo and zstd, by the output's sequences for lz4 ({@link Lz4Sequences}). Read it before the
     * task can yield: the instance is the volume's and the next cluster's compression replaces it.
     */
    List<Charge> compressWork(int rlen);

    /** The profile cost charged per output byte of decompress_pages. */
    CpuOp decompressCost();

    /** {@code count} units of the profile cost {@code op}. */
    record Charge(CpuOp op, long count) {}
}
