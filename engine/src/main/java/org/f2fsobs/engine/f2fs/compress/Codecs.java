package org.f2fsobs.engine.f2fs.compress;

import io.airlift.compress.Compressor;
import io.airlift.compress.Decompressor;
import io.airlift.compress.MalformedInputException;
import io.airlift.compress.lz4.Lz4Compressor;
import io.airlift.compress.lz4.Lz4Decompressor;
import io.airlift.compress.lzo.LzoCompressor;
import io.airlift.compress.lzo.LzoDecompressor;
import io.airlift.compress.zstd.ZstdCompressor;
import io.airlift.compress.zstd.ZstdDecompressor;
import java.util.List;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import org.f2fsobs.engine.f2fs.F2fsException;
import org.f2fsobs.engine.platform.CpuOp;

/**
 * {@code f2fs_cops[COMPRESS_MAX]}: the algorithms by i_compress_algorithm, on aircompressor's Java codecs.
 *
 * <p>Output budgets as in 6.14: lz4 and zstd get {@code rlen - PAGE_SIZE - COMPRESS_HEADER_SIZE} (so a cluster that
 * would not save a block fails with -EAGAIN; "lz4 compressor can handle output budget properly"), lzo the worst case
 * {@code lzo1x_worst_compress(rlen)}. The codecs are byte-compatible formats (LZ4 block, LZO1X, zstd frame) but not
 * bit-identical to the kernel's encoders (aircompressor's zstd level and match finders differ): sizes come from real
 * compression of the real bytes, not from the kernel's exact output. {@code COMPRESS_LZORLE} (3) is a kernel-only
 * variant without a Java codec and is refused.
 *
 * <p>LZ4 with a level ({@code i_compress_level}, 6.14's {@code compress_algorithm=lz4:N}) is LZ4HC: lz4_compress_pages
 * calls {@code LZ4_compress_HC(..., level, ...)}, here lz4-java's safe (pure Java) port of the same hash-chain search
 * ({@code 1 << (level - 1)} candidates per position, as lib/lz4/lz4hc_compress.c); its output is an LZ4 block that the
 * one LZ4 decoder reads, as lz4_decompress_pages does for both.
 */
public final class Codecs {
    public static final int COMPRESS_LZO = 0;
    public static final int COMPRESS_LZ4 = 1;
    public static final int COMPRESS_ZSTD = 2;
    public static final int COMPRESS_LZORLE = 3;
    private static final int PAGE_SIZE = 4096;

    private Codecs() {}

    /** LZ4HC_MIN_CLEVEL, LZ4HC_MAX_CLEVEL (include/linux/lz4.h of 6.14: 3 and 16). */
    public static final int LZ4HC_MIN_CLEVEL = 3;
    public static final int LZ4HC_MAX_CLEVEL = 16;

    /** A fresh codec for i_compress_algorithm {@code id} at i_compress_level 0 (the algorithm's default). */
    public static CompressOps create(int id) {
        return create(id, 0);
    }

    /**
     * A fresh codec for i_compress_algorithm {@code id} and i_compress_level {@code level} (its state is not shared with
     * other volumes). A level is LZ4HC for lz4 (LZ4HC_MIN_CLEVEL..LZ4HC_MAX_CLEVEL); zstd levels are not modelled.
     */
    public static CompressOps create(int id, int level) {
        if (level != 0) {
            if (id != COMPRESS_LZ4) throw new F2fsException("EOPNOTSUPP", "i_compress_level " + level + " of algorithm " + id
                    + ": only lz4 levels (LZ4HC) are modelled");
            if (level < LZ4HC_MIN_CLEVEL || level > LZ4HC_MAX_CLEVEL) {
                throw new F2fsException("EINVAL", "invalid lz4hc compress level: " + level);
            }
            return new Lz4Hc(level);
        }
        return switch (id) {
            case COMPRESS_LZO -> new Lzo();
            case COMPRESS_LZ4 -> new Lz4();
            case COMPRESS_ZSTD -> new Zstd();
            case COMPRESS_LZORLE -> throw new F2fsException("EOPNOTSUPP",
                    "compress_algorithm lzo-rle is a kernel-only variant with no Java codec: unsupported");
            default -> throw new F2fsException("EINVAL", "unknown i_compress_algorithm " + id);
        };
    }

    /** A fresh codec by mount-option name (lzo, lz4, zstd; lzo-rle is refused). */
    public static CompressOps create(String name) {
        return create(switch (name) {
            case "lzo" -> COMPRESS_LZO;
            case "lz4" -> COMPRESS_LZ4;
            case "zstd" -> COMPRESS_ZSTD;
            case "lzo-rle" -> COMPRESS_LZORLE;
            default -> throw new F2fsException("EINVAL", "compress_algorithm must be lz4, lzo or zstd, got '" + name + "'");
        });
    }

    /** lzo1x_worst_compress(x) = x + x/16 + 64 + 3 (include/linux/lzo.h). */
    static int lzo1xWorstCompress(int x) {
        return x + x / 16 + 64 + 3;
    }

    /** The common shape: compress into a scratch buffer of the codec's own bound, then apply the kernel budget. */
    private abstract static class AirOps implements CompressOps {
        private final Compressor compressor;
        private final Decompressor decompressor;
        byte[] scratch = new byte[0];
        /** Length of the last compressPages output in {@link #scratch} (kept when it missed the budget too). */
        int lastLen;

        AirOps(Compressor c, Decompressor d) {
            this.compressor = c;
            this.decompressor = d;
        }

        @Override
        public int compressPages(byte[] rbuf, int rlen, byte[] cdata, int off, int budget) {
            int bound = compressor.maxCompressedLength(rlen);
            if (scratch.length < bound) scratch = new byte[bound];
            int n = compressor.compress(rbuf, 0, rlen, scratch, 0, scratch.length);
            lastLen = n;
            if (n > budget || off + n > cdata.length) return EAGAIN;
            System.arraycopy(scratch, 0, cdata, off, n);
            return n;
        }

        @Override
        public int decompressPages(byte[] cdata, int off, int clen, byte[] rbuf, int rlen) {
            try {
                int n = decompressor.decompress(cdata, off, clen, rbuf, 0, rlen);
                return n == rlen ? rlen : EIO;
            } catch (MalformedInputException | IllegalArgumentException | IndexOutOfBoundsException e) {
                return EIO;
            }
        }
    }

    private static final class Lz4 extends AirOps {
        Lz4() { super(new Lz4Compressor(), new Lz4Decompressor()); }
        @Override public String name() { return "lz4"; }
        @Override public int algorithmId() { return COMPRESS_LZ4; }
        @Override public int initCompressCtx(int rlen) { return rlen - PAGE_SIZE - CompressData.COMPRESS_HEADER_SIZE; }
        /**
         * By the sequences of the real output. The kernel's LZ4 stops when the budget is exceeded; pricing the whole
         * output over-charges such a cluster by the part after that point (at most the last quarter of its input).
         */
        @Override public List<Charge> compressWork(int rlen) {
            Lz4Sequences s = Lz4Sequences.of(scratch, 0, lastLen);
            return List.of(new Charge(CpuOp.LZ4_COMPRESS_LITERAL_BYTE, s.literalBytes()),
                    new Charge(CpuOp.LZ4_COMPRESS_MATCH_BYTE, s.matchBytes()),
                    new Charge(CpuOp.LZ4_COMPRESS_SEQUENCE, s.sequences()));
        }
        @Override public CpuOp decompressCost() { return CpuOp.LZ4_DECOMPRESS_BYTE; }
    }

    /**
     * lz4_compress_pages with i_compress_level set: LZ4_compress_HC at that level, LZ4 decompression. Priced per input
     * byte ({@link CpuOp#LZ4HC_COMPRESS_BYTE}, docs/profile-sources.md §3.2): HC's work is the chain search at every
     * position, whatever it emits. Departure: every level is priced at level 9's rate.
     */
    private static final class Lz4Hc implements CompressOps {
        /** The pure-Java, Unsafe-free instance: no JNI, the same bytes on every JVM. */
        private static final LZ4Factory LZ4 = LZ4Factory.safeInstance();
        private final LZ4Compressor hc;
        private final Lz4 plain = new Lz4();
        private final int level;
        private byte[] scratch = new byte[0];

        Lz4Hc(int level) {
            this.level = level;
            this.hc = LZ4.highCompressor(level);
        }

        @Override public String name() { return "lz4:" + level; }
        @Override public int algorithmId() { return COMPRESS_LZ4; }
        @Override public int initCompressCtx(int rlen) { return plain.initCompressCtx(rlen); }

        @Override
        public int compressPages(byte[] rbuf, int rlen, byte[] cdata, int off, int budget) {
            int bound = hc.maxCompressedLength(rlen);
            if (scratch.length < bound) scratch = new byte[bound];
            int n = hc.compress(rbuf, 0, rlen, scratch, 0, scratch.length);
            if (n > budget || off + n > cdata.length) return EAGAIN;
            System.arraycopy(scratch, 0, cdata, off, n);
            return n;
        }

        @Override
        public int decompressPages(byte[] cdata, int off, int clen, byte[] rbuf, int rlen) {
            return plain.decompressPages(cdata, off, clen, rbuf, rlen);
        }

        /** Departure: the kernel's limited-output HC stops at the budget; the whole input is charged here. */
        @Override public List<Charge> compressWork(int rlen) { return List.of(new Charge(CpuOp.LZ4HC_COMPRESS_BYTE, rlen)); }
        @Override public CpuOp decompressCost() { return CpuOp.LZ4_DECOMPRESS_BYTE; }
    }

    private static final class Lzo extends AirOps {
        Lzo() { super(new LzoCompressor(), new LzoDecompressor()); }
        @Override public String name() { return "lzo"; }
        @Override public int algorithmId() { return COMPRESS_LZO; }
        @Override public int initCompressCtx(int rlen) { return lzo1xWorstCompress(rlen); }
        @Override public List<Charge> compressWork(int rlen) { return List.of(new Charge(CpuOp.LZO_COMPRESS_BYTE, rlen)); }
        @Override public CpuOp decompressCost() { return CpuOp.LZO_DECOMPRESS_BYTE; }
    }

    private static final class Zstd extends AirOps {
        Zstd() { super(new ZstdCompressor(), new ZstdDecompressor()); }
        @Override public String name() { return "zstd"; }
        @Override public int algorithmId() { return COMPRESS_ZSTD; }
        @Override public int initCompressCtx(int rlen) { return rlen - PAGE_SIZE - CompressData.COMPRESS_HEADER_SIZE; }
        @Override public List<Charge> compressWork(int rlen) { return List.of(new Charge(CpuOp.ZSTD_COMPRESS_BYTE, rlen)); }
        @Override public CpuOp decompressCost() { return CpuOp.ZSTD_DECOMPRESS_BYTE; }
    }
}
