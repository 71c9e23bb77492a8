package org.f2fsobs.engine.f2fs.segment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.f2fsobs.engine.f2fs.F2fsConst;
import org.f2fsobs.engine.f2fs.F2fsOptions;
import org.f2fsobs.engine.f2fs.F2fsSbInfo;
import org.f2fsobs.engine.f2fs.Optimizations;
import org.f2fsobs.engine.f2fs.Volume;
import org.f2fsobs.engine.f2fs.VolumeRig;
import org.f2fsobs.engine.f2fs.fsck.Fsck;
import org.f2fsobs.engine.sim.Prng;
import org.f2fsobs.engine.sim.SimTask;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SSR allocation (fs/f2fs/segment.c need_new_seg, get_ssr_segment, change_curseg, __next_free_blkoff; gc.c
 * get_victim_by_default with alloc_mode SSR): the segment it takes, the slots it fills, the slots it must leave alone,
 * and mode=lfs, which never takes it.
 */
class SsrTests {
    private static final long MIB = 1L << 20;
    private static final int SEG = F2fsConst.BLKS_PER_SEG;

    private static F2fsOptions opts(String mount) {
        return F2fsOptions.defaults(Optimizations.linux614()).withMountOptions(mount);
    }

    private static void write(SimTask t, Volume v, String path, int pages, VolumeRig.Pattern gen) {
        int fd = v.open(t, path, Volume.O_RDWR | Volume.O_CREAT);
        for (int i = 0; i < pages; i += 256) v.pwrite(t, fd, (long) i << 12, (long) Math.min(256, pages - i) << 12, gen);
        v.close(t, fd);
    }

    /** The pages of {@code map} whose blocks lie in segment {@code segno}. */
    private static List<Integer> pagesIn(F2fsSbInfo sbi, long[] map, int segno) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < map.length; i++) if (sbi.layout().getSegno(map[i]) == segno) out.add(i);
        return out;
    }

    /** Overwrites {@code n} of the pages (a seeded pick) with generation {@code gen}; returns them. */
    private static List<Integer> overwrite(SimTask t, Volume v, String path, List<Integer> pages, int n, Prng r,
                                           VolumeRig.Pattern gen) {
        List<Integer> left = new ArrayList<>(pages), picked = new ArrayList<>();
        for (int i = 0; i < n; i++) picked.add(left.remove(r.nextInt(left.size())));
        int fd = v.open(t, path, Volume.O_RDWR);
        for (int p : picked) v.pwrite(t, fd, (long) p << 12, 4096, gen);
        v.close(t, fd);
        return picked;
    }

    /** Offsets of segment {@code segno} free in both ckpt_valid_map and cur_valid_map, from {@code from} on. */
    private static List<Integer> freeSlots(SegmentManager sm, int segno, int from) {
        SegEntry se = sm.peekSegEntry(segno);
        List<Integer> out = new ArrayList<>();
        for (int off = from; off < SEG; off++) if (!se.ckptValid(off) && !se.curValid(off)) out.add(off);
        return out;
    }

    /**
     * Three WARM_DATA segments left with 32, 112 and 212 checkpoint-valid blocks; 16 of the first one's then
     * invalidated by an fsync (no checkpoint), so its current map has 16 and its checkpointed map 32. Under gc_urgent
     * high (f2fs_need_SSR), the log that fills up takes the segment of fewest ckpt_valid_blocks and writes its slots
     * free in both maps in ascending order — never the 16 the checkpoint still holds. The log's SSR survives an
     * umount and mount (ckpt->alloc_type): the next writes go on from the checkpointed next_blkoff in the same
     * segment. fsck passes and every page reads back.
     */
    @Test
    void ssrTakesTheSegmentGetSsrSegmentWouldAndFillsOnlySlotsFreeInBothMaps() {
        VolumeRig rig = new VolumeRig(128 * MIB, 1);
        int[] seg = new int[3];
        List<Integer> expected = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        long[][] expect = new long[3][];
        VolumeRig.Pattern gen0 = new VolumeRig.Pattern(rig.store, 0), gen1 = new VolumeRig.Pattern(rig.store, 1);
        VolumeRig.Pattern gen2 = new VolumeRig.Pattern(rig.store, 2);
        rig.boot(opts("background_gc=off"), (t, v) -> {
            F2fsSbInfo sbi = v.sbi();
            SegmentManager sm = sbi.smI();
            int pages = 12 * SEG;
            write(t, v, "/f", pages, gen0);
            v.sync(t);
            long[] map = v.fibmap(t, "/f");
            int[] keep = {32, 112, 212};
            Prng r = new Prng(3);
            for (int k = 0; k < 3; k++) {
                seg[k] = sbi.layout().getSegno(map[SEG * (2 * k + 1) + 100]);
                assertThat(sm.peekSegEntry(seg[k]).validBlocks()).isEqualTo(SEG);
                overwrite(t, v, "/f", pagesIn(sbi, map, seg[k]), SEG - keep[k], r, gen1);
            }
            v.sync(t);
            for (int k = 0; k < 3; k++) assertThat(sm.peekSegEntry(seg[k]).ckptValidBlocks()).isEqualTo(keep[k]);
            // 16 more of the first segment invalidated after the checkpoint (fsync: roll-forward, no checkpoint)
            long cps = sbi.stat().checkpoints;
            List<Integer> still = pagesIn(sbi, v.fibmap(t, "/f"), seg[0]);
            overwrite(t, v, "/f", still, 16, r, gen1);
            int fd = v.open(t, "/f", Volume.O_RDWR);
            v.fsync(t, fd);
            v.close(t, fd);
            assertThat(sbi.stat().checkpoints).as("no checkpoint since").isEqualTo(cps);
            assertThat(sm.peekSegEntry(seg[0]).validBlocks()).isEqualTo(16);
            assertThat(sm.peekSegEntry(seg[0]).ckptValidBlocks()).isEqualTo(32);

            // what get_ssr_segment would take: the dirty WARM_DATA segment (not a log's) of fewest ckpt_valid_blocks
            int best = -1, candidates = 0;
            for (int s = 0; s < sbi.layout().mainSegs; s++) {
                if (!sm.dirtyI().isDirty(DirtyType.DIRTY_WARM_DATA, s) || sm.isCurseg(s)) continue;
                candidates++;
                if (best < 0 || sm.peekSegEntry(s).ckptValidBlocks() < sm.peekSegEntry(best).ckptValidBlocks()) best = s;
            }
            assertThat(candidates).as("dirty WARM_DATA segments").isGreaterThanOrEqualTo(3);
            assertThat(best).isEqualTo(seg[0]);
            expected.addAll(freeSlots(sm, seg[0], 0));
            assertThat(expected).hasSize(SEG - 32);

            CursegInfo log = sm.cursegI(CursegType.WARM_DATA);
            assertThat(log.allocType()).isEqualTo(GcMode.LFS);
            int left = SEG - log.nextBlkoff();
            v.writeSysfs(o -> o.withGcUrgent(1));                  // GC_URGENT_HIGH: f2fs_need_SSR
            assertThat(sm.needSSR()).isTrue();
            long ssr0 = sbi.stat().ssrSegments;
            write(t, v, "/g", left + 40, gen0);
            v.sync(t);
            assertThat(sbi.stat().ssrSegments - ssr0).as("change_curseg calls").isEqualTo(1);
            assertThat(log.segno()).isEqualTo(seg[0]);
            assertThat(log.allocType()).isEqualTo(GcMode.SSR);
            long[] g = v.fibmap(t, "/g");
            List<Integer> got = new ArrayList<>();
            for (int i = left; i < left + 40; i++) {
                assertThat(sbi.layout().getSegno(g[i])).as("page %d of /g", i).isEqualTo(seg[0]);
                got.add((int) (g[i] - sbi.layout().startBlock(seg[0])));
            }
            assertThat(got).as("SSR offsets: __next_free_blkoff over ckpt|cur").isEqualTo(expected.subList(0, 40));
            assertThat(log.nextBlkoff()).isEqualTo(expected.get(40));
            v.umount(t);
        });
        rig.boot(opts("background_gc=off"), (t, v) -> {
            SegmentManager sm = v.sbi().smI();
            CursegInfo log = sm.cursegI(CursegType.WARM_DATA);
            assertThat(log.segno()).as("after mount").isEqualTo(seg[0]);
            assertThat(log.allocType()).as("alloc_type from the checkpoint").isEqualTo(GcMode.SSR);
            assertThat(log.nextBlkoff()).isEqualTo(expected.get(40));
            List<Integer> next = freeSlots(sm, seg[0], log.nextBlkoff());
            write(t, v, "/h", 30, gen2);
            v.sync(t);
            long[] h = v.fibmap(t, "/h");
            for (int i = 0; i < 30; i++) {
                assertThat((int) (h[i] - v.sbi().layout().startBlock(seg[0]))).as("page %d of /h", i).isEqualTo(next.get(i));
            }
            problems.addAll(Fsck.check(v.sbi()));
            v.dropCaches(t);
            expect[0] = VolumeRig.readAll(t, v, "/g");
            expect[1] = VolumeRig.readAll(t, v, "/h");
            for (int i = 0; i < expect[0].length; i++) if (expect[0][i] != gen0.pageRef(i)) problems.add("/g page " + i);
            for (int i = 0; i < expect[1].length; i++) if (expect[1][i] != gen2.pageRef(i)) problems.add("/h page " + i);
        });
        assertThat(problems).isEmpty();
    }

    /**
     * A randomized run of overwrites, fsyncs and syncs on a nearly full volume under gc_urgent high (SSR for every
     * log that fills up, foreground GC when free sections run short): between two checkpoints, no block valid in the
     * the last checkpoint holds valid is rewritten (its device write tag stays). In-place updates, which rewrite such
     * blocks by design, are off (ipu_policy 0).
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void ssrNeverWritesABlockTheCheckpointHoldsValid(int segsPerSec) {
        VolumeRig rig = new VolumeRig(128 * MIB, segsPerSec);
        long[] counts = new long[4];
        List<String> problems = new ArrayList<>();
        rig.boot(opts("background_gc=off"), (t, v) -> {
            F2fsSbInfo sbi = v.sbi();
            SegmentManager sm = sbi.smI();
            var l = sbi.layout();
            int files = 3;
            int pages = (int) (sbi.cp().ckpt().userBlockCount() * 75 / 100 / files);
            long[][] expect = new long[files][pages];
            VolumeRig.Pattern gen0 = new VolumeRig.Pattern(rig.store, 0);
            for (int f = 0; f < files; f++) {
                write(t, v, "/f" + f, pages, gen0);
                for (int i = 0; i < pages; i++) expect[f][i] = gen0.pageRef(i);
            }
            v.sync(t);
            v.writeSysfs(o -> o.withGcUrgent(1).withIpuPolicy(0));
            long mainBlocks = (long) l.mainSegs * SEG;
            long[] held = new long[(int) mainBlocks];
            snapshot(rig, sm, l, held);
            long cps = sbi.stat().checkpoints, ssr0 = sbi.stat().ssrBlocks;
            boolean snapValid = true;
            Prng r = new Prng(17 + segsPerSec);
            for (int op = 0; op < 500; op++) {
                int f = r.nextInt(files), kind = r.nextInt(10);
                int n = 1 + r.nextInt(24), at = r.nextInt(pages - n);
                VolumeRig.Pattern gen = new VolumeRig.Pattern(rig.store, op + 1);
                int fd = v.open(t, "/f" + f, Volume.O_RDWR);
                v.pwrite(t, fd, (long) at << 12, (long) n << 12, gen);
                for (int i = 0; i < n; i++) expect[f][at + i] = gen.pageRef(at + i);
                if (kind < 6) v.fsync(t, fd);
                v.close(t, fd);
                if (kind == 9) {
                    // after sync's checkpoint nothing is in flight and the checkpointed map is the current one
                    v.sync(t);
                    snapshot(rig, sm, l, held);
                    cps = sbi.stat().checkpoints;
                    snapValid = true;
                    continue;
                }
                if (sbi.stat().checkpoints != cps) {
                    snapValid = false;                           // a checkpoint inside (GC): wait for the next sync
                    continue;
                }
                if (!snapValid) continue;
                counts[1]++;
                for (int b = 0; b < held.length; b++) {
                    if (held[b] != -1 && rig.store.readTag(l.mainBlkaddr + b) != held[b]) {
                        problems.add("op " + op + ": block " + (l.mainBlkaddr + b) + " valid at the last checkpoint was rewritten");
                    }
                }
            }
            counts[0] = sbi.stat().ssrBlocks - ssr0;
            counts[2] = sbi.stat().gcCalls;
            v.sync(t);
            v.dropCaches(t);
            for (int f = 0; f < files; f++) {
                long[] got = VolumeRig.readAll(t, v, "/f" + f);
                for (int i = 0; i < pages; i++) {
                    if (got[i] != expect[f][i]) {
                        problems.add("/f" + f + " page " + i + " lost its content");
                        break;
                    }
                }
            }
            problems.addAll(Fsck.check(sbi));
        });
        assertThat(counts[0]).as("SSR blocks").isGreaterThan(100);
        assertThat(counts[1]).as("operations checked (no checkpoint inside)").isGreaterThan(100);
        assertThat(problems).isEmpty();
    }

    /** The write tag of every block valid in its segment's ckpt_valid_map (right after a checkpoint: the checkpoint's), -1 elsewhere. */
    private static void snapshot(VolumeRig rig, SegmentManager sm, SegmentLayout l, long[] held) {
        for (int s = 0; s < l.mainSegs; s++) {
            SegEntry se = sm.peekSegEntry(s);
            for (int off = 0; off < SEG; off++) {
                int b = s * SEG + off;
                held[b] = se.ckptValid(off) ? rig.store.readTag(l.mainBlkaddr + b) : -1;
            }
        }
    }

    /** f2fs_need_SSR is false with mode=lfs, so no log ever takes a segment by change_curseg; adaptive does. */
    @Test
    void modeLfsNeverAllocatesSsr() {
        long[] lfs = ssrUnderUrgentOverwrite("background_gc=off,mode=lfs");
        long[] adaptive = ssrUnderUrgentOverwrite("background_gc=off");
        assertThat(lfs[0]).as("mode=lfs: SSR blocks").isZero();
        assertThat(lfs[1]).as("mode=lfs: SSR segments").isZero();
        assertThat(lfs[2]).as("mode=lfs: LFS blocks").isPositive();
        assertThat(adaptive[0]).as("mode=adaptive: SSR blocks").isPositive();
        assertThat(adaptive[1]).as("mode=adaptive: SSR segments").isPositive();
        assertThat(lfs[3] + adaptive[3]).as("fsck problems").isZero();
    }

    /** {ssr_blocks, ssr_segments, lfs_blocks, fsck problems} of random overwrites under gc_urgent high. */
    private static long[] ssrUnderUrgentOverwrite(String mount) {
        VolumeRig rig = new VolumeRig(64 * MIB, 1);
        long[] out = new long[4];
        rig.boot(opts(mount), (t, v) -> {
            F2fsSbInfo sbi = v.sbi();
            int pages = (int) (sbi.cp().ckpt().userBlockCount() / 2);
            write(t, v, "/f", pages, new VolumeRig.Pattern(rig.store, 0));
            v.sync(t);
            v.writeSysfs(o -> o.withGcUrgent(1));
            Prng r = new Prng(5);
            int fd = v.open(t, "/f", Volume.O_RDWR);
            VolumeRig.Pattern gen1 = new VolumeRig.Pattern(rig.store, 1);
            for (int i = 0; i < 6000; i++) v.pwrite(t, fd, (long) r.nextInt(pages) << 12, 4096, gen1);
            v.close(t, fd);
            v.sync(t);
            out[0] = sbi.stat().ssrBlocks;
            out[1] = sbi.stat().ssrSegments;
            out[2] = sbi.stat().lfsBlocks;
            out[3] = Fsck.check(sbi).size();
        });
        return out;
    }
}
