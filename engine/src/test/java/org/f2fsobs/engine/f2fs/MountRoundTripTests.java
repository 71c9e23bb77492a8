package org.f2fsobs.engine.f2fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.f2fsobs.engine.f2fs.checkpoint.CpReason;
import org.f2fsobs.engine.f2fs.node.NatEntry;
import org.f2fsobs.engine.f2fs.node.NodePage;
import org.f2fsobs.engine.f2fs.ondisk.CpPackBlock;
import org.f2fsobs.engine.f2fs.ondisk.SuperBlock;
import org.f2fsobs.engine.f2fs.segment.CursegType;
import org.f2fsobs.engine.f2fs.segment.SegEntry;
import org.junit.jupiter.api.Test;

class MountRoundTripTests {

    record SitView(int valid, int ckptValid, List<Integer> bits, String type) {}

    static TreeMap<Integer, SitView> sit(F2fsSbInfo sbi) {
        TreeMap<Integer, SitView> m = new TreeMap<>();
        for (int segno = 0; segno < sbi.layout().mainSegs; segno++) {
            SegEntry se = sbi.smI().peekSegEntry(segno);
            if (se.validBlocks() == 0) continue;
            List<Integer> bits = new ArrayList<>();
            for (int off = 0; off < F2fsConst.BLKS_PER_SEG; off++) if (se.curValid(off)) bits.add(off);
            m.put(segno, new SitView(se.validBlocks(), se.ckptValidBlocks(), bits, String.valueOf(se.type())));
        }
        return m;
    }

    static TreeMap<Integer, Long> nat(F2fsSbInfo sbi) {
        TreeMap<Integer, Long> m = new TreeMap<>();
        for (NatEntry e : org.f2fsobs.engine.f2fs.fsck.Fsck.natEntries(sbi).values()) m.put(e.nid(), e.blkaddr());
        return m;
    }

    @Test
    void mkfsThenMountGivesAConsistentEmptyVolume() {
        F2fsRig rig = new F2fsRig(1L << 30, 1);
        F2fsSbInfo sbi = rig.run(Optimizations.linux614(), c -> { });
        F2fsRig.assertConsistent(sbi);
        assertThat(sbi.smI().sitI().writtenValidBlocks()).isEqualTo(2);   // root inode + root dentry block
        assertThat(sbi.nmI().validInodeCount()).isEqualTo(1);
        assertThat(sbi.smI().freeSegments()).isEqualTo(sbi.layout().mainSegs - 6);
    }

    @Test
    void writeCheckpointUmountMountKeepsEverySitAndNatValue() {
        for (int s : new int[] {1, 4}) {
            for (boolean flag : new boolean[] {false, true}) {
                Optimizations o = new Optimizations(flag, true, false, true);
                F2fsRig rig = new F2fsRig(1L << 30, s);
                Object[] before = new Object[3];
                F2fsSbInfo first = rig.run(o, c -> {
                    for (int f = 0; f < 3; f++) {
                        NodePage ino = c.newFile();
                        for (int i = 0; i < 700 + f * 300; i++) c.writeBlock(ino, i, CursegType.WARM_DATA, c.sbi.registry().zeroRef());
                    }
                    c.checkpoint(CpReason.CP_SYNC);
                    NodePage more = c.newFile();
                    for (int i = 0; i < 50; i++) c.writeBlock(more, i, CursegType.HOT_DATA, c.sbi.registry().zeroRef());
                    c.umount();
                    before[0] = sit(c.sbi);
                    before[1] = nat(c.sbi);
                    before[2] = c.sbi.smI().freeSegments();
                });
                F2fsRig.assertConsistent(first);
                F2fsSbInfo second = rig.run(o, c -> { });
                assertThat(sit(second)).as("SIT after remount, s=%d flag=%b", s, flag).isEqualTo(before[0]);
                assertThat(nat(second)).isEqualTo(before[1]);
                assertThat(second.smI().freeSegments()).isEqualTo(before[2]);
                assertThat(second.nmI().validInodeCount()).isEqualTo(5);
                F2fsRig.assertConsistent(second);
            }
        }
    }

    @Test
    void overwritesInvalidateOldBlocksAndPrefreeSegmentsBecomeFreeAfterACheckpoint() {
        F2fsRig rig = new F2fsRig(1L << 30, 1);
        F2fsSbInfo sbi = rig.run(Optimizations.linux614(), c -> {
            NodePage ino = c.newFile();
            for (int i = 0; i < 1024; i++) c.writeBlock(ino, i, CursegType.WARM_DATA, c.sbi.registry().zeroRef());
            int freeBefore = c.sbi.smI().freeSegments();
            for (int i = 0; i < 1024; i++) c.writeBlock(ino, i, CursegType.WARM_DATA, c.sbi.registry().zeroRef());
            assertThat(c.sbi.smI().prefreeSegments()).isEqualTo(2);
            c.checkpoint(CpReason.CP_SYNC);
            assertThat(c.sbi.smI().prefreeSegments()).isZero();
            assertThat(c.sbi.smI().freeSegments()).isEqualTo(freeBefore);
        });
        F2fsRig.assertConsistent(sbi);
    }

    @Test
    void mountPicksTheNewestValidPackAndIgnoresATornOne() {
        F2fsRig rig = new F2fsRig(1L << 30, 1);
        long[] vers = new long[1];
        rig.run(Optimizations.linux614(), c -> {
            NodePage ino = c.newFile();
            for (int i = 0; i < 10; i++) c.writeBlock(ino, i, CursegType.WARM_DATA, c.sbi.registry().zeroRef());
            c.checkpoint(CpReason.CP_SYNC);
            c.umount();
            vers[0] = c.sbi.cp().checkpointVer();
        });
        F2fsSbInfo mounted = rig.run(Optimizations.linux614(), c -> { });
        assertThat(mounted.cp().checkpointVer()).isEqualTo(vers[0]);
        // tear the newest pack: its commit block holds something else → the other pack wins
        int pack = mounted.cp().curPack();
        long start = mounted.cp().cpStartBlkaddr(pack);
        rig.store.write(start + mounted.cp().ckpt().cpPackTotalBlockCount() - 1, 0, new CpPackBlock(0, 0, "torn"), true);
        F2fsSbInfo older = rig.run(Optimizations.linux614(), c -> { });
        assertThat(older.cp().checkpointVer()).isEqualTo(vers[0] - 1);
        assertThat(older.cp().curPack()).isNotEqualTo(pack);
    }

    @Test
    void aVolumeThatDoesNotFitOrBadOptionsAreClearErrors() {
        assertThatThrownBy(() -> Mkfs.prepareSuperBlock(64L << 20, new Mkfs.Options(128, 1, 0)))
                .isInstanceOf(F2fsException.class).hasMessageContaining("not sufficient");
        assertThatThrownBy(() -> Mkfs.Options.parse("-s 3")).hasMessageContaining("power of two");
        assertThatThrownBy(() -> Mkfs.Options.parse("-q")).hasMessageContaining("unsupported option '-q'");
        assertThatThrownBy(() -> Mkfs.Options.parse("-s")).hasMessageContaining("needs a value");
        assertThat(Mkfs.Options.parse("-s 128").segsPerSec()).isEqualTo(128);
    }

    @Test
    void geometryFollowsMkfsF2fs() {
        // 250 GiB null_blk with -s 128: zone-aligned segment0 at 256 MiB, main area in whole sections
        SuperBlock sb = Mkfs.prepareSuperBlock(250L << 30, new Mkfs.Options(128, 1, 0));
        assertThat(sb.segment0Blkaddr()).isEqualTo(65536);
        assertThat(sb.mainBlkaddr() % (128 * 512)).isZero();
        assertThat(sb.segmentCountMain()).isEqualTo(sb.sectionCount() * 128);
        assertThat(sb.segmentCountSit() % 2).isZero();
        assertThat(sb.reservedSegments()).isEqualTo((int) ((2 * (100 / sb.overprovision() + 1) + 6) * 128));
        SuperBlock small = Mkfs.prepareSuperBlock(250L << 30, new Mkfs.Options(1, 1, 0));
        assertThat(small.segment0Blkaddr()).isEqualTo(512);
        assertThat(small.overprovision()).isBetween(0.01, 10.0);
    }
}
