package org.f2fsobs.engine.f2fs.compress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.f2fsobs.engine.f2fs.F2fsException;
import org.f2fsobs.engine.f2fs.F2fsOptions;
import org.f2fsobs.engine.f2fs.Optimizations;
import org.f2fsobs.engine.platform.CpuOp;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** f2fs_cops on real bytes: round trips, the kernel's output budgets, the header, lzo-rle refused. */
class CodecsTests {
    static final int RLEN = 4 * 4096;                        // the default 16 KiB cluster
    static final int HDR = CompressData.COMPRESS_HEADER_SIZE;

    static byte[] compressAndBack(CompressOps ops, byte[] in, int[] clenOut) {
        int budget = ops.initCompressCtx(in.length);
        byte[] cdata = new byte[HDR + budget + 64];
        int clen = ops.compressPages(in, in.length, cdata, HDR, budget);
        clenOut[0] = clen;
        if (clen < 0) return null;
        byte[] back = new byte[in.length];
        assertThat(ops.decompressPages(cdata, HDR, clen, back, in.length)).isEqualTo(in.length);
        return back;
    }

    @ParameterizedTest
    @ValueSource(strings = {"lz4", "lzo", "zstd"})
    void zerosAndTextRoundTripAndSaveBlocks(String algo) {
        CompressOps ops = Codecs.create(algo);
        int[] clen = new int[1];
        byte[] zeros = new byte[RLEN];
        assertThat(compressAndBack(ops, zeros, clen)).isEqualTo(zeros);
        assertThat(clen[0]).as("zero cluster").isBetween(1, 200);
        byte[] text = CompressRig.textBytes(42, RLEN);
        assertThat(compressAndBack(ops, text, clen)).isEqualTo(text);
        assertThat(clen[0]).as("text cluster").isLessThan(3 * 4096 - HDR);
    }

    @ParameterizedTest
    @ValueSource(strings = {"lz4", "lzo", "zstd"})
    void randomDataRoundTripsGivenRoomButNeverShrinks(String algo) {
        CompressOps ops = Codecs.create(algo);
        byte[] random = CompressRig.randomBytes(9, RLEN);
        byte[] cdata = new byte[2 * RLEN];
        int clen = ops.compressPages(random, RLEN, cdata, HDR, 2 * RLEN - HDR);
        assertThat(clen).isGreaterThanOrEqualTo(RLEN - 64);
        byte[] back = new byte[RLEN];
        assertThat(ops.decompressPages(cdata, HDR, clen, back, RLEN)).isEqualTo(RLEN);
        assertThat(back).isEqualTo(random);
    }

    @ParameterizedTest
    @ValueSource(strings = {"lz4", "zstd"})
    void randomDataDoesNotFitTheBudgetOfLz4AndZstd(String algo) {
        CompressOps ops = Codecs.create(algo);
        int[] clen = new int[1];
        assertThat(compressAndBack(ops, CompressRig.randomBytes(7, RLEN), clen)).isNull();
        assertThat(clen[0]).isEqualTo(CompressOps.EAGAIN);
        assertThat(ops.initCompressCtx(RLEN)).as("rlen - PAGE_SIZE - header").isEqualTo(RLEN - 4096 - HDR);
    }

    @Test
    void lzoHasTheWorstCaseBudgetSoRandomDataRoundTripsButSavesNothing() {
        CompressOps ops = Codecs.create("lzo");
        assertThat(ops.initCompressCtx(RLEN)).isEqualTo(RLEN + RLEN / 16 + 64 + 3);
        int[] clen = new int[1];
        byte[] random = CompressRig.randomBytes(8, RLEN);
        assertThat(compressAndBack(ops, random, clen)).isEqualTo(random);
        assertThat(clen[0]).as("fails the saves-a-block rule").isGreaterThan(3 * 4096 - HDR);
    }

    @ParameterizedTest
    @ValueSource(strings = {"lz4", "lzo", "zstd"})
    void corruptedPayloadFailsWithEio(String algo) {
        CompressOps ops = Codecs.create(algo);
        byte[] text = CompressRig.textBytes(3, RLEN);
        int budget = ops.initCompressCtx(RLEN);
        byte[] cdata = new byte[HDR + budget + 64];
        int clen = ops.compressPages(text, RLEN, cdata, HDR, budget);
        byte[] back = new byte[RLEN];
        assertThat(ops.decompressPages(cdata, HDR, clen / 2, back, RLEN)).as("truncated").isEqualTo(CompressOps.EIO);
    }

    @Test
    void costsComeFromTheProfileKeysOfEachAlgorithm() {
        CompressOps lzo = Codecs.create("lzo");
        lzo.compressPages(new byte[RLEN], RLEN, new byte[2 * RLEN], HDR, lzo.initCompressCtx(RLEN));
        assertThat(lzo.compressWork(RLEN)).containsExactly(new CompressOps.Charge(CpuOp.LZO_COMPRESS_BYTE, RLEN));
        CompressOps zstd = Codecs.create("zstd");
        zstd.compressPages(new byte[RLEN], RLEN, new byte[2 * RLEN], HDR, zstd.initCompressCtx(RLEN));
        assertThat(zstd.compressWork(RLEN)).containsExactly(new CompressOps.Charge(CpuOp.ZSTD_COMPRESS_BYTE, RLEN));
        assertThat(Codecs.create("lz4").decompressCost()).isEqualTo(CpuOp.LZ4_DECOMPRESS_BYTE);
        assertThat(Codecs.create("lzo").decompressCost()).isEqualTo(CpuOp.LZO_DECOMPRESS_BYTE);
        assertThat(Codecs.create(Codecs.COMPRESS_LZ4).name()).isEqualTo("lz4");
    }

    /** iozone 3.420's record content: 0x13 x 8 at each 4 KiB boundary, zeros elsewhere. */
    static byte[] iozonePages(int len) {
        byte[] b = new byte[len];
        for (int p = 0; p < len; p += 4096) java.util.Arrays.fill(b, p, p + 8, (byte) 0x13);
        return b;
    }

    static long lz4CostPs(String profile, byte[] data) {
        CompressOps lz4 = Codecs.create("lz4");
        lz4.compressPages(data, data.length, new byte[2 * RLEN], HDR, 2 * RLEN - HDR);
        var cpu = org.f2fsobs.engine.platform.Profiles.load(profile).cpu();
        long ps = 0;
        for (CompressOps.Charge c : lz4.compressWork(data.length)) ps += cpu.costPs(c.op()) * c.count();
        return ps;
    }

    @Test
    void lz4IsChargedByTheSequencesOfItsRealOutputSoNearZeroPagesCostFarLessThanProse() {
        for (byte[] data : new byte[][] {new byte[RLEN], iozonePages(RLEN), CompressRig.textBytes(42, RLEN),
                CompressRig.randomBytes(9, RLEN)}) {
            CompressOps lz4 = Codecs.create("lz4");
            lz4.compressPages(data, RLEN, new byte[2 * RLEN], HDR, 2 * RLEN - HDR);
            var work = lz4.compressWork(RLEN);
            assertThat(work).extracting(CompressOps.Charge::op).containsExactly(CpuOp.LZ4_COMPRESS_LITERAL_BYTE,
                    CpuOp.LZ4_COMPRESS_MATCH_BYTE, CpuOp.LZ4_COMPRESS_SEQUENCE);
            assertThat(work.get(0).count() + work.get(1).count()).as("every input byte is a literal or matched").isEqualTo(RLEN);
        }
        long zeros = lz4CostPs("amlogic-arm64-p3", new byte[RLEN]);
        long iozone = lz4CostPs("amlogic-arm64-p3", iozonePages(RLEN));
        long text = lz4CostPs("amlogic-arm64-p3", CompressRig.textBytes(42, RLEN));
        // the A53's 12.2 ns/B is the prose rate the profile is anchored on; a near-zero cluster is a few long matches
        assertThat(iozone).as("iozone cluster").isBetween(3_000_000L, 10_000_000L);
        assertThat(zeros).isLessThanOrEqualTo(iozone);
        assertThat(text).as("text cluster vs iozone cluster").isGreaterThan(10 * iozone);
    }

    @Test
    void lz4SequencesAreCountedFromTheBlockFormat() {
        // token 0x14: 1 literal, match 4 + 4; offset 1; then the last sequence: 5 literals
        byte[] block = {0x14, 'a', 1, 0, 0x50, 'b', 'c', 'd', 'e', 'f'};
        assertThat(Lz4Sequences.of(block, 0, block.length)).isEqualTo(new Lz4Sequences(6, 8, 2));
        // extended lengths: literals 15 + 255 + 3, match 15 + 4 + 0 ... then 1 trailing literal
        byte[] ext = new byte[1 + 2 + 273 + 2 + 1 + 2];
        ext[0] = (byte) 0xff;
        ext[1] = (byte) 255;
        ext[2] = 3;
        ext[276] = 1;                        // offset 1 (low byte), ext[277] = 0 high byte
        ext[278] = 0;                        // match length extension 0 -> 15 + 4
        ext[279] = 0x10;                     // last token: 1 literal
        ext[280] = 'z';
        assertThat(Lz4Sequences.of(ext, 0, ext.length)).isEqualTo(new Lz4Sequences(274, 19, 2));
        assertThatThrownBy(() -> Lz4Sequences.of(block, 0, 3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("malformed");
    }

    @Test
    void lzoRleIsRefusedByTheRegistryAndTheMountOptions() {
        assertThatThrownBy(() -> Codecs.create("lzo-rle")).isInstanceOf(F2fsException.class).hasMessageContaining("lzo-rle");
        assertThatThrownBy(() -> Codecs.create(Codecs.COMPRESS_LZORLE)).hasMessageContaining("kernel-only");
        assertThatThrownBy(() -> F2fsOptions.defaults(Optimizations.linux614()).withCompression("lzo-rle", 2))
                .hasMessageContaining("lzo-rle");
        assertThatThrownBy(() -> Codecs.create("gzip")).hasMessageContaining("gzip");
    }

    @Test
    void headerIsLittleEndianClenChksumAndFourReservedWords() {
        byte[] b = new byte[4096];
        java.util.Arrays.fill(b, (byte) 0x5A);
        CompressData.writeHeader(b, 0x01020304, 0);
        assertThat(b[0]).isEqualTo((byte) 0x04);
        assertThat(b[3]).isEqualTo((byte) 0x01);
        assertThat(CompressData.clen(b)).isEqualTo(0x01020304);
        for (int i = 4; i < HDR; i++) assertThat(b[i]).isZero();
        assertThat(b[HDR]).isEqualTo((byte) 0x5A);
    }
}
