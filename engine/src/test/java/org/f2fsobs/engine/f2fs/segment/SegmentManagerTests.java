package org.f2fsobs.engine.f2fs.segment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.f2fsobs.engine.f2fs.F2fsConst;
import org.f2fsobs.engine.f2fs.F2fsRig;
import org.f2fsobs.engine.f2fs.F2fsSbInfo;
import org.f2fsobs.engine.f2fs.Optimizations;
import org.f2fsobs.engine.f2fs.checkpoint.CpReason;
import org.f2fsobs.engine.f2fs.node.NodePage;
import org.f2fsobs.engine.model.NaiveSegments;
import org.f2fsobs.engine.sim.Prng;
import org.junit.jupiter.api.Test;

class SegmentManagerTests {
    static final Optimizations OFF = new Optimizations(false, true, false, true);
    static final Optimizations ON = new Optimizations(true, true, false, true);

    @Test
    void eachFreeSpaceCheckReadsSevenSectionsOfSegEntriesOffAndSevenSecEntriesOn() {
        F2fsRig rig = new F2fsRig(16L << 30, 128);
        long[] off = new long[2];
        long[] on = new long[2];
        rig.run(OFF, c -> {
            SitInfo s = c.sbi.sitI();
            long seg0 = s.segEntryReads(), sec0 = s.secEntryReads();
            assertThat(c.sbi.smI().hasNotEnoughFreeSecs(c.t, 0, 0)).isFalse();
            off[0] = s.segEntryReads() - seg0;
            off[1] = s.secEntryReads() - sec0;
        });
        rig.run(ON, c -> {
            SitInfo s = c.sbi.sitI();
            long seg0 = s.segEntryReads(), sec0 = s.secEntryReads();
            assertThat(c.sbi.smI().hasNotEnoughFreeSecs(c.t, 0, 0)).isFalse();
            on[0] = s.segEntryReads() - seg0;
            on[1] = s.secEntryReads() - sec0;
        });
        assertThat(off).containsExactly(7 * 128, 0);
        assertThat(on).containsExactly(0, 7);
    }

    @Test
    void withOneSegmentPerSectionBothFlagsReadTheSameSevenSegEntries() {
        for (Optimizations o : List.of(OFF, ON)) {
            F2fsRig rig = new F2fsRig(1L << 30, 1);
            rig.run(o, c -> {
                SitInfo s = c.sbi.sitI();
                long seg0 = s.segEntryReads(), sec0 = s.secEntryReads();
                c.sbi.smI().hasNotEnoughFreeSecs(c.t, 0, 0);
                assertThat(s.segEntryReads() - seg0).isEqualTo(7);
                assertThat(s.secEntryReads() - sec0).isZero();
            });
        }
    }

    @Test
    void theCountFollowsStateNotAFormula() {
        // A partly filled WARM_DATA section that cannot take the requested data blocks ends the check early:
        // HOT_DATA and WARM_DATA are read (2 × 128 seg_entries), the other five logs are not.
        F2fsRig rig = new F2fsRig(16L << 30, 128);
        rig.run(OFF, c -> {
            NodePage f = c.newFile();
            for (int i = 0; i < 1000; i++) c.writeBlock(f, i, CursegType.WARM_DATA, c.sbi.registry().zeroRef());
            SitInfo s = c.sbi.sitI();
            long cap = 128L * 512;
            long seg0 = s.segEntryReads();
            assertThat(c.sbi.smI().hasCursegEnoughSpace(c.t, 0, cap - 500, 0)).isFalse();
            assertThat(s.segEntryReads() - seg0).isEqualTo(2 * 128);
            seg0 = s.segEntryReads();
            assertThat(c.sbi.smI().hasCursegEnoughSpace(c.t, 0, cap - 1001, 0)).isTrue();
            assertThat(s.segEntryReads() - seg0).isEqualTo(7 * 128);
        });
    }

    @Test
    void differentialAgainstANaiveModel() {
        for (int segsPerSec : new int[] {1, 4}) {
            for (long seed = 1; seed <= 3; seed++) {
                runDifferential(segsPerSec, seed);
            }
        }
    }

    private void runDifferential(int segsPerSec, long seed) {
        F2fsRig rig = new F2fsRig(1L << 30, segsPerSec);
        Prng prng = new Prng(seed);
        rig.run(segsPerSec > 1 ? ON : OFF, c -> {
            SegmentManager sm = c.sbi.smI();
            CursegInfo log = sm.cursegI(CursegType.WARM_DATA);
            List<Long> initially = new ArrayList<>();
            List<Integer> others = new ArrayList<>();
            for (CursegType t : CursegType.values()) if (t != CursegType.WARM_DATA) others.add(sm.cursegI(t).segno());
            for (int segno = 0; segno < c.sbi.layout().mainSegs; segno++) {
                SegEntry se = sm.peekSegEntry(segno);
                for (int off = 0; off < 512; off++) if (se.curValid(off)) initially.add(c.sbi.layout().startBlock(segno) + off);
            }
            NaiveSegments naive = new NaiveSegments(c.sbi.layout().mainBlkaddr, c.sbi.layout().mainSegs, segsPerSec,
                    log.segno(), log.nextBlkoff(), initially, others);
            NodePage f = c.newFile();
            long[] fileAddr = new long[3000];
            for (int step = 0; step < 4000; step++) {
                int op = prng.nextInt(100);
                String what;
                if (op < 97) {
                    int idx = prng.nextInt(fileAddr.length);
                    long old = fileAddr[idx];
                    long got = c.writeBlock(f, idx, CursegType.WARM_DATA, c.sbi.registry().zeroRef());
                    long want = naive.allocate(old);
                    assertThat(got).as("step %d: address of write(%d)", step, idx).isEqualTo(want);
                    fileAddr[idx] = got;
                    what = "write " + idx;
                } else {
                    c.checkpoint(CpReason.CP_SYNC);
                    naive.checkpoint();
                    what = "checkpoint";
                }
                for (int segno = 0; segno < c.sbi.layout().mainSegs; segno++) {
                    SegEntry se = sm.peekSegEntry(segno);
                    if (se.type() != null && se.type().isNode()) continue;     // node logs: written by checkpoints, not modelled
                    if (se.validBlocks() != naive.countValid(segno) || se.ckptValidBlocks() != naive.countCkpt(segno)
                            || sm.freeI().segInUse(segno) != naive.inUse(segno)
                            || sm.dirtyI().isDirty(DirtyType.PRE, segno) != naive.prefree(segno)) {
                        throw new AssertionError(String.format("seed %d s=%d step %d (%s): segment %d: sm valid=%d ckpt=%d inuse=%b pre=%b, naive valid=%d ckpt=%d inuse=%b pre=%b",
                                seed, segsPerSec, step, what, segno, se.validBlocks(), se.ckptValidBlocks(), sm.freeI().segInUse(segno),
                                sm.dirtyI().isDirty(DirtyType.PRE, segno), naive.countValid(segno), naive.countCkpt(segno),
                                naive.inUse(segno), naive.prefree(segno)));
                    }
                }
            }
            c.umount();
            F2fsRig.assertConsistent(c.sbi);
        });
    }

    @Test
    void sectionValuesEqualTheSumOfTheirSegmentsAfterAnySequence() {
        for (long seed = 1; seed <= 6; seed++) {
            F2fsRig rig = new F2fsRig(1L << 30, 8);
            Prng prng = new Prng(seed);
            for (int round = 0; round < 3; round++) {
                F2fsSbInfo sbi = rig.run(ON, c -> {
                    List<NodePage> files = new ArrayList<>();
                    for (int i = 0; i < 3; i++) files.add(c.newFile());
                    for (int step = 0; step < 2500; step++) {
                        int op = prng.nextInt(100);
                        if (op < 95) {
                            CursegType log = CursegType.data(prng.nextInt(3));
                            c.writeBlock(files.get(prng.nextInt(files.size())), prng.nextInt(2000), log, c.sbi.registry().zeroRef());
                        } else {
                            c.checkpoint(CpReason.CP_SYNC);
                        }
                        if (step % 250 == 0) assertSectionsSum(c.sbi);
                    }
                    assertSectionsSum(c.sbi);
                    c.umount();
                });
                assertSectionsSum(sbi);
                F2fsRig.assertConsistent(sbi);
            }
        }
    }

    static void assertSectionsSum(F2fsSbInfo sbi) {
        SegmentManager sm = sbi.smI();
        for (int secno = 0; secno < sbi.layout().mainSecs; secno++) {
            int v = 0, ck = 0;
            for (int i = 0; i < sbi.layout().segsPerSec; i++) {
                SegEntry se = sm.peekSegEntry(secno * sbi.layout().segsPerSec + i);
                v += se.validBlocks();
                ck += se.ckptValidBlocks();
            }
            assertThat(sm.peekSecEntry(secno).validBlocks()).isEqualTo(v);
            assertThat(sm.peekSecEntry(secno).ckptValidBlocks()).as("section %d ckpt_valid_blocks", secno).isEqualTo(ck);
        }
        assertThat(F2fsConst.BLKS_PER_SEG).isEqualTo(512);
    }
}
