package org.f2fsobs.engine.f2fs.compress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.f2fsobs.engine.f2fs.F2fsConst.COMPRESS_ADDR;
import static org.f2fsobs.engine.f2fs.F2fsConst.NEW_ADDR;

import org.f2fsobs.engine.f2fs.F2fsConst;
import org.f2fsobs.engine.f2fs.F2fsStat;
import org.f2fsobs.engine.f2fs.Optimizations;
import org.f2fsobs.engine.f2fs.Volume;
import org.f2fsobs.engine.f2fs.VolumeRig;
import org.f2fsobs.engine.f2fs.fsck.Fsck;
import org.f2fsobs.engine.f2fs.inode.F2fsInode;
import org.f2fsobs.engine.f2fs.segment.CursegType;
import org.junit.jupiter.api.Test;

/** The write side: compressed vs raw decisions, the on-disk form of a cluster, overwrites, and reading it back. */
class CompressWriteTests {
    static final Optimizations O = Optimizations.linux614();

    /** Writes {@code pages} pages of {@code data} in one pwrite into a new compressed file, then sync. */
    static F2fsInode writeFile(org.f2fsobs.engine.sim.SimTask t, Volume v, String path, CompressRig.Generated data, int pages) {
        int fd = v.open(t, path, Volume.O_CREAT | Volume.O_WRONLY);
        v.pwrite(t, fd, 0, pages * 4096L, data);
        v.close(t, fd);
        v.sync(t);
        return v.lookup(t, path);
    }

    @Test
    void aCompressibleFullClusterIsStoredCompressedWithNewAddrSlots() {
        VolumeRig rig = new VolumeRig(1L << 30, 1);
        CompressRig.Generated zeros = CompressRig.zeros(rig.store);
        Volume vol = rig.boot(O, (t, v) -> {
            v.mkdirs(t, "c", true);
            F2fsInode i = writeFile(t, v, "c/z", zeros, 4);
            long[] s = CompressRig.slots(t, v, i, 0, 4);
            assertThat(s[0]).isEqualTo(COMPRESS_ADDR);
            assertThat(F2fsConst.isValidBlkaddr(s[1])).isTrue();
            assertThat(s[2]).isEqualTo(NEW_ADDR);
            assertThat(s[3]).isEqualTo(NEW_ADDR);
            assertThat(i.comprBlocks).as("i_compr_blocks = blocks saved").isEqualTo(3);
            // the stored block starts with the 24-byte header: clen, chksum 0, reserved
            byte[] blk = v.sbi().registry().bytes(v.kernel().store().readRef(s[1]));
            int clen = CompressData.clen(blk);
            assertThat(clen).isPositive().isLessThan(4096 - CompressData.COMPRESS_HEADER_SIZE);
            assertThat(CompressData.chksum(blk)).isZero();
            for (int k = 4; k < 24; k++) assertThat(blk[k]).isZero();
            for (int k = 24 + clen; k < 4096; k++) assertThat(blk[k]).as("tail byte %d", k).isZero();
            F2fsStat st = v.sbi().stat();
            assertThat(st.compressedClustersWritten).isEqualTo(1);
            assertThat(st.compressedBlocksWritten).isEqualTo(1);
            assertThat(st.rawClustersWritten).isZero();
        });
        assertThat(Fsck.check(vol.sbi())).isEmpty();
    }

    @Test
    void anIncompressibleFullClusterIsWrittenRaw() {
        VolumeRig rig = new VolumeRig(1L << 30, 1);
        CompressRig.Generated random = CompressRig.random(rig.store, 1);
        rig.boot(O, (t, v) -> {
            v.mkdirs(t, "c", true);
            F2fsInode i = writeFile(t, v, "c/r", random, 4);
            for (long a : CompressRig.slots(t, v, i, 0, 4)) assertThat(F2fsConst.isValidBlkaddr(a)).isTrue();
            F2fsStat st = v.sbi().stat();
            assertThat(st.compressEagain).isEqualTo(1);
            assertThat(st.rawClustersWritten).isEqualTo(1);
            assertThat(st.compressedClustersWritten).isZero();
            assertThat(i.comprBlocks).isZero();
        });
    }

    @Test
    void aPartialClusterIsWrittenRawWithoutTryingToCompress() {
        VolumeRig rig = new VolumeRig(1L << 30, 1);
        CompressRig.Generated zeros = CompressRig.zeros(rig.store);
        rig.boot(O, (t, v) -> {
            v.mkdirs(t, "c", true);
            F2fsInode i = writeFile(t, v, "c/p", zeros, 2);
            long[] s = CompressRig.slots(t, v, i, 0, 4);
            assertThat(F2fsConst.isValidBlkaddr(s[0])).isTrue();
            assertThat(F2fsConst.isValidBlkaddr(s[1])).isTrue();
            F2fsStat st = v.sbi().stat();
            assertThat(st.rawClustersWritten).isEqualTo(1);
            assertThat(st.compressEagain).isZero();
            assertThat(v.vmallocStats().get("vm_map_ram_calls")).as("no mapping for a cluster that may not compress").isZero();
        });
    }

    @Test
    void compressedBlocksLandOnColdDataAndRawPagesOnWarmData() {
        VolumeRig rig = new VolumeRig(1L << 30, 1);
        CompressRig.Generated text = CompressRig.text(rig.store, 1);
        CompressRig.Generated random = CompressRig.random(rig.store, 2);
        rig.boot(O, (t, v) -> {
            v.mkdirs(t, "c", true);
            long[] before = v.sbi().stat().blocksWrittenByLog.clone();
            F2fsInode i = writeFile(t, v, "c/t", text, 64);
            F2fsStat st = v.sbi().stat();
            long cold = st.blocksWrittenByLog[CursegType.COLD_DATA.ordinal()] - before[CursegType.COLD_DATA.ordinal()];
            assertThat(st.compressedClustersWritten).isEqualTo(16);
            assertThat(cold).isEqualTo(st.compressedBlocksWritten).isLessThan(64);
            for (int c = 0; c < 16; c++) {
                long[] s = CompressRig.slots(t, v, i, 4L * c, 4);
                assertThat(s[0]).isEqualTo(COMPRESS_ADDR);
                int seg = v.sbi().layout().getSegno(s[1]);
                assertThat(v.sbi().smI().peekSegEntry(seg).type()).isEqualTo(CursegType.COLD_DATA);
            }
            long warm0 = st.blocksWrittenByLog[CursegType.WARM_DATA.ordinal()];
            writeFile(t, v, "c/r", random, 32);                  // > min_hot_blocks: not hot
            assertThat(st.blocksWrittenByLog[CursegType.WARM_DATA.ordinal()] - warm0).isEqualTo(32);
        });
    }

    @Test
    void aPartialOverwriteOfACompressedClusterRewritesTheWholeCluster() {
        VolumeRig rig = new VolumeRig(1L << 30, 1);
        CompressRig.Generated text = CompressRig.text(rig.store, 3);
        CompressRig.Generated text2 = CompressRig.text(rig.store, 4);
        Volume vol = rig.boot(O, (t, v) -> {
            v.mkdirs(t, "c", true);
            F2fsInode i = writeFile(t, v, "c/o", text, 16);
            long[] old = CompressRig.slots(t, v, i, 4, 4);
            assertThat(old[0]).isEqualTo(COMPRESS_ADDR);
            int k = 0;
            while (k + 1 < 4 && F2fsConst.isValidBlkaddr(old[k + 1])) k++;
            v.dropCaches(t);
            F2fsStat st = v.sbi().stat();
            long cw = st.compressedClustersWritten, cold = st.blocksWrittenByLog[CursegType.COLD_DATA.ordinal()];
            int fd = v.open(t, "c/o", Volume.O_WRONLY);
            v.pwrite(t, fd, 5 * 4096L + 100, 1000, text2);             // 1000 bytes inside page 5 (cluster 1)
            v.close(t, fd);
            v.sync(t);
            assertThat(st.compressedClustersOverwritten).as("cluster read back").isEqualTo(1);
            assertThat(st.compressedClustersWritten - cw).as("recompressed whole").isEqualTo(1);
            long[] now = CompressRig.slots(t, v, i, 4, 4);
            assertThat(now[0]).isEqualTo(COMPRESS_ADDR);
            int k2 = 0;
            while (k2 + 1 < 4 && F2fsConst.isValidBlkaddr(now[k2 + 1])) k2++;
            assertThat(st.blocksWrittenByLog[CursegType.COLD_DATA.ordinal()] - cold).as("blocks written").isEqualTo(k2);
            for (int j = 1; j <= k; j++) {
                int seg = v.sbi().layout().getSegno(old[j]);
                int off = (int) (old[j] - v.sbi().layout().startBlock(seg));
                assertThat(v.sbi().smI().peekSegEntry(seg).curValid(off)).as("old block %d invalidated", j).isFalse();
            }
            byte[] want = CompressRig.expected(text, 16 * 4096L);
            System.arraycopy(text2.expected(5), 100, want, 5 * 4096 + 100, 1000);
            v.dropCaches(t);
            assertThat(CompressRig.readAll(t, v, "c/o", 65536)).isEqualTo(want);
        });
        assertThat(Fsck.check(vol.sbi())).isEmpty();
    }

    @Test
    void aPartialOverwriteOfARawClusterDoesNotReadItBack() {
        VolumeRig rig = new VolumeRig(1L << 30, 1);
        CompressRig.Generated random = CompressRig.random(rig.store, 5);
        CompressRig.Generated text = CompressRig.text(rig.store, 6);
        rig.boot(O, (t, v) -> {
            v.mkdirs(t, "c", true);
            writeFile(t, v, "c/r", random, 8);
            v.dropCaches(t);
            F2fsStat st = v.sbi().stat();
            long reads = v.sbi().rq().stats().readRequests();
            int fd = v.open(t, "c/r", Volume.O_WRONLY);
            v.pwrite(t, fd, 4096, 4096, text);                          // one whole page of a raw cluster
            v.close(t, fd);
            v.sync(t);
            assertThat(st.compressedClustersOverwritten).isZero();
            assertThat(v.sbi().rq().stats().readRequests() - reads).as("raw cluster not read back").isLessThanOrEqualTo(2);
        });
    }

    @Test
    void readingACompressedFileReturnsItsBytes() {
        VolumeRig rig = new VolumeRig(1L << 30, 1);
        CompressRig.Generated text = CompressRig.text(rig.store, 7);
        rig.boot(O, (t, v) -> {
            v.mkdirs(t, "c", true);
            int fd = v.open(t, "c/f", Volume.O_CREAT | Volume.O_WRONLY);
            long size = 300 * 4096L + 1234;                              // a partial last cluster and page
            for (long pos = 0; pos < size; pos += 65536) v.pwrite(t, fd, pos, Math.min(65536, size - pos), text);
            v.close(t, fd);
            v.sync(t);
            v.dropCaches(t);
            F2fsStat st = v.sbi().stat();
            assertThat(CompressRig.readAll(t, v, "c/f", 131072)).isEqualTo(CompressRig.expected(text, size));
            assertThat(st.compressedClustersRead).isEqualTo(75);
            assertThat(st.rawClustersRead).isEqualTo(1);
            assertThat(st.decompressFailures).isZero();
        });
    }
}
