package org.f2fsobs.engine.f2fs.compress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.f2fsobs.engine.f2fs.F2fsEra;
import org.f2fsobs.engine.f2fs.F2fsException;
import org.f2fsobs.engine.f2fs.F2fsOptions;
import org.f2fsobs.engine.f2fs.F2fsStat;
import org.f2fsobs.engine.f2fs.Optimizations;
import org.f2fsobs.engine.f2fs.VolumeRig;
import org.f2fsobs.engine.f2fs.Mkfs;
import org.f2fsobs.engine.f2fs.inode.F2fsInode;
import org.f2fsobs.engine.platform.CpuOp;
import org.junit.jupiter.api.Test;

/**
 * compress_algorithm=lz4:N (6.14): LZ4HC at level N on real bytes, read back by the LZ4 decoder; the kernel's level
 * checks (f2fs_set_lz4hc_level, lz4_is_level_valid with include/linux/lz4.h's 3..16); the 2020 era has no levels.
 */
class Lz4HcTests {
    static final int RLEN = CodecsTests.RLEN;
    static final int HDR = CodecsTests.HDR;

    /** Real English prose: this repository's README and docs (the kind of text §3.1 measured on), in name order. */
    static byte[] realText(int len) throws IOException {
        java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream();
        all.writeBytes(Files.readAllBytes(Path.of("..", "README.md")));
        try (var docs = Files.list(Path.of("..", "docs"))) {
            for (Path p : docs.filter(p -> p.toString().endsWith(".md")).sorted().toList()) all.writeBytes(Files.readAllBytes(p));
        }
        assertThat(all.size()).as("README.md and docs/*.md as the text sample").isGreaterThan(len);
        return Arrays.copyOf(all.toByteArray(), len);
    }

    @Test
    void aClusterOfRealTextIsNoLargerWithLz4hc9ThanWithLz4AndTheLz4DecoderReadsIt() throws IOException {
        byte[] text = realText(RLEN);
        int[] plain = new int[1];
        CodecsTests.compressAndBack(Codecs.create(Codecs.COMPRESS_LZ4), text, plain);
        CompressOps hc = Codecs.create(Codecs.COMPRESS_LZ4, 9);
        int budget = hc.initCompressCtx(RLEN);
        byte[] cdata = new byte[HDR + budget];
        int clen = hc.compressPages(text, RLEN, cdata, HDR, budget);
        assertThat(plain[0]).isPositive();
        assertThat(clen).as("LZ4HC-9 vs LZ4 (%d bytes)", plain[0]).isPositive().isLessThanOrEqualTo(plain[0]);
        // lz4_decompress_pages is one decoder for both: the plain lz4 instance reads the HC block
        byte[] back = new byte[RLEN];
        assertThat(Codecs.create(Codecs.COMPRESS_LZ4).decompressPages(cdata, HDR, clen, back, RLEN)).isEqualTo(RLEN);
        assertThat(back).isEqualTo(text);
        assertThat(hc.decompressCost()).isEqualTo(CpuOp.LZ4_DECOMPRESS_BYTE);
        assertThat(hc.compressWork(RLEN)).containsExactly(new CompressOps.Charge(CpuOp.LZ4HC_COMPRESS_BYTE, RLEN));
        assertThat(hc.algorithmId()).isEqualTo(Codecs.COMPRESS_LZ4);
    }

    @Test
    void aHigherLevelSearchesHarderAndRandomDataStillMissesTheBudget() throws IOException {
        byte[] text = realText(RLEN);
        int l3 = Codecs.create(Codecs.COMPRESS_LZ4, 3).compressPages(text, RLEN, new byte[2 * RLEN], HDR, 2 * RLEN);
        int l16 = Codecs.create(Codecs.COMPRESS_LZ4, 16).compressPages(text, RLEN, new byte[2 * RLEN], HDR, 2 * RLEN);
        assertThat(l16).isLessThanOrEqualTo(l3);
        CompressOps hc = Codecs.create(Codecs.COMPRESS_LZ4, 9);
        byte[] random = CompressRig.randomBytes(5, RLEN);
        assertThat(hc.compressPages(random, RLEN, new byte[2 * RLEN], HDR, hc.initCompressCtx(RLEN))).isEqualTo(CompressOps.EAGAIN);
        assertThatThrownBy(() -> Codecs.create(Codecs.COMPRESS_LZ4, 17)).isInstanceOf(F2fsException.class)
                .hasMessageContaining("invalid lz4hc compress level: 17");
        assertThatThrownBy(() -> Codecs.create(Codecs.COMPRESS_ZSTD, 3)).hasMessageContaining("only lz4 levels");
    }

    @Test
    void theMountOptionTakesTheKernelsLevelsAndRefusesTheOthersWithItsMessage() {
        F2fsOptions d = F2fsOptions.defaults(Optimizations.linux614(), F2fsEra.LINUX_6_14);
        assertThat(d.withMountOptions("compress_algorithm=lz4:9").compressLevel()).isEqualTo(9);
        assertThat(d.withMountOptions("compress_algorithm=lz4:9").compressAlgorithm()).isEqualTo("lz4");
        // include/linux/lz4.h of 6.14: LZ4HC_MAX_CLEVEL is 16 (lz4 >= 1.8's 12 is not the kernel's)
        assertThat(d.withMountOptions("compress_algorithm=lz4:13").compressLevel()).isEqualTo(13);
        assertThat(d.withMountOptions("compress_algorithm=lz4:16").compressLevel()).isEqualTo(16);
        assertThat(d.withMountOptions("compress_algorithm=lz4:0").compressLevel()).as("lz4_is_level_valid(0)").isZero();
        assertThat(d.withMountOptions("compress_algorithm=lz4:9,compress_algorithm=lzo").compressLevel()).as("lzo resets it").isZero();
        assertThat(d.withMountOptions("compress_algorithm=lz4:9,compress_algorithm=lz4").compressLevel()).isZero();
        for (String bad : new String[] {"2", "17", "1"}) {
            assertThatThrownBy(() -> d.withMountOptions("compress_algorithm=lz4:" + bad)).isInstanceOf(F2fsException.class)
                    .hasMessageContaining("EINVAL").hasMessageContaining("F2FS-fs: invalid lz4hc compress level: " + bad);
        }
        assertThatThrownBy(() -> d.withMountOptions("compress_algorithm=lz4x")).hasMessageContaining("wrong format, e.g. <alg_name>:<compr_level>");
        assertThatThrownBy(() -> d.withMountOptions("compress_algorithm=lz4:x")).hasMessageContaining("kstrtouint");
        assertThatThrownBy(() -> d.withMountOptions("compress_algorithm=zstd:3")).hasMessageContaining("not modelled");
        assertThatThrownBy(() -> d.withMountOptions("compress_algorithm=zstd:23")).hasMessageContaining("invalid zstd compress level: 23");
    }

    @Test
    void theEraWithoutCompressLevelsRefusesTheLevelForm() {
        F2fsOptions d = F2fsOptions.defaults(Optimizations.linux614(), F2fsEra.F2FS_2020);
        assertThat(d.withMountOptions("compress_algorithm=lz4").compressLevel()).isZero();
        assertThatThrownBy(() -> d.withMountOptions("compress_algorithm=lz4:9")).isInstanceOf(F2fsException.class)
                .hasMessageContaining("EINVAL").hasMessageContaining("compress_algorithm=lz4:9").hasMessageContaining("unknown algorithm");
    }

    @Test
    void aFileWrittenUnderLz4Level9TakesTheLevelStoresNoMoreBlocksAndReadsBack() throws IOException {
        byte[] text = realText(64 * 4096);
        long[] blocks = new long[2];
        String[] opts = {"compress_algorithm=lz4", "compress_algorithm=lz4:9"};
        for (int k = 0; k < 2; k++) {
            VolumeRig rig = new VolumeRig(1L << 30, 1);
            Mkfs.format(rig.store, new Mkfs.Options(1, 1, 0, List.of("extra_attr", "compression")));
            CompressRig.Generated data = new CompressRig.Generated(rig.store, "readme",
                    i -> Arrays.copyOfRange(text, (int) (i % 64) * 4096, (int) (i % 64) * 4096 + 4096));
            int kk = k;
            rig.boot(F2fsOptions.defaults(Optimizations.linux614()).withMountOptions(opts[k]), (t, v) -> {
                v.mkdirs(t, "c", true);
                F2fsInode i = CompressWriteTests.writeFile(t, v, "c/readme", data, 64);
                assertThat(i.compressLevel).isEqualTo(kk == 0 ? 0 : 9);
                F2fsStat st = v.sbi().stat();
                assertThat(st.compressedClustersWritten).isPositive();
                blocks[kk] = st.compressedBlocksWritten + 4 * st.rawClustersWritten;
                v.dropCaches(t);
                assertThat(CompressRig.readAll(t, v, "c/readme", 65536)).isEqualTo(text);
            });
        }
        assertThat(blocks[1]).as("lz4:9 vs lz4 data blocks").isLessThanOrEqualTo(blocks[0]);
    }
}
