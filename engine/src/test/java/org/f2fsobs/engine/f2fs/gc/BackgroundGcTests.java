package org.f2fsobs.engine.f2fs.gc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.f2fsobs.engine.f2fs.F2fsOptions;
import org.f2fsobs.engine.f2fs.F2fsSbInfo;
import org.f2fsobs.engine.f2fs.Optimizations;
import org.f2fsobs.engine.f2fs.Volume;
import org.f2fsobs.engine.f2fs.VolumeRig;
import org.f2fsobs.engine.f2fs.fsck.Fsck;
import org.f2fsobs.engine.f2fs.segment.DirtyType;
import org.f2fsobs.engine.sim.Prng;
import org.f2fsobs.engine.sim.SimTask;
import org.junit.jupiter.api.Test;

/** Background GC: the cost-benefit victim (get_cb_cost) and the GC thread's wake-ups, idle check and gc_urgent. */
class BackgroundGcTests {
    private static final Optimizations O = Optimizations.linux614();
    private static final long MIB = 1L << 20;
    private static final long SEC_NS = 1_000_000_000L;

    private static F2fsOptions opts(String mount) {
        return F2fsOptions.defaults(O).withMountOptions(mount);
    }

    /**
     * Three files written 200 s apart, each partly overwritten at once (the oldest moderately, the youngest most):
     * sections of different ages and fullness.
     */
    private static long[][] age(SimTask t, Volume v, VolumeRig rig) {
        long[][] expect = new long[3][];
        String[] names = {"/a", "/b", "/c"};
        int[] overwrites = {700, 300, 1400};
        Prng r = new Prng(11);
        VolumeRig.Pattern gen1 = new VolumeRig.Pattern(rig.store, 1);
        for (int f = 0; f < 3; f++) {
            expect[f] = GcTests.fill(t, v, rig, names[f], 1536);
            int fd = v.open(t, names[f], Volume.O_RDWR);
            for (int i = 0; i < overwrites[f]; i++) {
                int page = r.nextInt(1536);
                v.pwrite(t, fd, (long) page << 12, 4096, gen1);
                expect[f][page] = gen1.pageRef(page);
            }
            v.close(t, fd);
            v.sync(t);
            if (f < 2) t.sleepNs(200 * SEC_NS);
        }
        return expect;
    }

    /** get_cb_cost read off the kernel source, over the dirty segments in search order (from last_victim 0). */
    private static int[] referenceCbVictim(F2fsSbInfo sbi) {
        var sm = sbi.smI();
        long min = sbi.sitI().minMtime, max = sbi.sitI().maxMtime;
        long best = 0xFFFF_FFFFL;
        int bestSeg = -1, candidates = 0;
        for (int segno = 0; segno < sbi.layout().mainSegs; segno++) {
            if (!sbi.dirtyI().isDirty(DirtyType.DIRTY, segno) || sm.isCursec(segno)) continue;
            candidates++;
            long mtime = sm.peekSegEntry(segno).mtime();
            long u = sm.peekSegEntry(segno).validBlocks() * 100L / 512;
            min = Math.min(min, mtime);
            max = Math.max(max, mtime);
            long age = max == min ? 0 : 100 - 100 * (mtime - min) / (max - min);
            long cost = 0xFFFF_FFFFL - 100 * (100 - u) * age / (100 + u);
            if (cost < best) {
                best = cost;
                bestSeg = segno;
            }
        }
        return new int[] {bestSeg, candidates};
    }

    @Test
    void costBenefitPicksTheSegmentGetCbCostRanksFirstOlderAndEmptierBeforeFullerOrYounger() {
        VolumeRig rig = new VolumeRig(256 * MIB, 1);
        List<long[]> out = new ArrayList<>();
        rig.boot(opts("background_gc=off"), (t, v) -> {
            age(t, v, rig);
            F2fsSbInfo sbi = v.sbi();
            int[] ref = referenceCbVictim(sbi);
            int greedy = sbi.gc().getVictim(t);
            int cb = sbi.gc().getBgVictim(t);
            var sm = sbi.smI();
            // no other candidate is both at least as old and at least as empty, one of them strictly
            int dominated = 0;
            long vm = sm.peekSegEntry(cb).mtime(), vv = sm.peekSegEntry(cb).validBlocks();
            for (int segno = 0; segno < sbi.layout().mainSegs; segno++) {
                if (segno == cb || !sbi.dirtyI().isDirty(DirtyType.DIRTY, segno) || sm.isCursec(segno)) continue;
                long m = sm.peekSegEntry(segno).mtime(), vb = sm.peekSegEntry(segno).validBlocks();
                if (m <= vm && vb <= vv && (m < vm || vb < vv)) dominated++;
            }
            out.add(new long[] {ref[0], ref[1], cb, greedy, dominated, vm, vv, sm.peekSegEntry(greedy).mtime(),
                    sm.peekSegEntry(greedy).validBlocks()});
        });
        long[] s = out.get(0);
        assertThat(s[1]).as("dirty candidates").isGreaterThanOrEqualTo(6);
        assertThat(s[2]).as("the GC_CB victim is get_cb_cost's least-cost segment").isEqualTo(s[0]);
        assertThat(s[4]).as("candidates both older and emptier than the GC_CB victim").isZero();
        assertThat(s[2]).as("cost-benefit and greedy disagree on this volume (victim mtime %d valid %d; greedy mtime %d "
                + "valid %d)", s[5], s[6], s[7], s[8]).isNotEqualTo(s[3]);
        assertThat(s[6]).as("the cost-benefit victim is fuller than the greedy one: age outweighed it").isGreaterThan(s[8]);
    }

    @Test
    void theGcThreadCollectsCostBenefitVictimsOnceTheVolumeIsIdleAndFsckPasses() {
        VolumeRig rig = new VolumeRig(256 * MIB, 1);
        List<String> problems = new ArrayList<>();
        List<Map<String, Object>> stats = new ArrayList<>();
        rig.boot(opts(""), (t, v) -> {
            long[][] expect = age(t, v, rig);
            long before = v.sbi().stat().bgGcCalls;
            t.sleepNs(400 * SEC_NS);                          // idle: no request for minutes
            problems.addAll(Fsck.check(v.sbi()));
            String[] names = {"/a", "/b", "/c"};
            for (int f = 0; f < 3; f++) {
                long[] got = VolumeRig.readAll(t, v, names[f]);
                for (int i = 0; i < got.length; i++) if (got[i] != expect[f][i]) problems.add(names[f] + " page " + i);
            }
            Map<String, Object> m = new java.util.TreeMap<>(v.sbi().stat().toMap());
            m.put("before", before);
            stats.add(m);
        });
        Map<String, Object> m = stats.get(0);
        assertThat(problems).isEmpty();
        assertThat((Long) m.get("bg_gc_calls")).as("background f2fs_gc calls").isGreaterThan((Long) m.get("before"));
        assertThat((Long) m.get("gc_victims_cb")).as("GC_CB victims").isPositive();
        assertThat((Long) m.get("gc_data_blocks")).as("blocks background GC moved").isPositive();
        assertThat((Long) m.get("gc_calls")).as("no foreground GC on a roomy volume").isZero();
    }

    @Test
    void withRequestsEverySecondTheThreadFindsTheIoBusyAndBackgroundGcOffHasNoThread() {
        long[][] r = new long[2][];
        for (int k = 0; k < 2; k++) {
            VolumeRig rig = new VolumeRig(256 * MIB, 1);
            String mount = k == 0 ? "" : "background_gc=off";
            int kk = k;
            rig.boot(opts(mount), (t, v) -> {
                GcTests.fill(t, v, rig, "/f", 4096);
                VolumeRig.Pattern gen1 = new VolumeRig.Pattern(rig.store, 1);
                int fd = v.open(t, "/f", Volume.O_RDWR);
                for (int s = 0; s < 200; s++) {              // 200 s with a write each second
                    v.pwrite(t, fd, (long) (s * 7 % 4096) << 12, 4096, gen1);
                    t.sleepNs(SEC_NS);
                }
                v.close(t, fd);
                var st = v.sbi().stat();
                r[kk] = new long[] {st.bgGcWakeups, st.bgGcSkipIo, st.bgGcCalls};
            });
        }
        assertThat(r[0][0]).as("wake-ups in 200 s (30 s, then 60 s)").isGreaterThanOrEqualTo(3);
        assertThat(r[0][1]).as("every wake-up found the I/O busy").isEqualTo(r[0][0]);
        assertThat(r[0][2]).as("background f2fs_gc calls while busy").isZero();
        assertThat(r[1][0]).as("background_gc=off: no GC thread").isZero();
    }

    @Test
    void gcUrgentHighWakesTheThreadAndCollectsGreedilyWhileBusy() {
        VolumeRig rig = new VolumeRig(256 * MIB, 1);
        long[] r = new long[3];
        rig.boot(opts(""), (t, v) -> {
            age(t, v, rig);
            long cb = v.sbi().stat().gcVictimsCb;
            v.writeSysfs(o -> o.withGcUrgent(1));
            VolumeRig.Pattern gen2 = new VolumeRig.Pattern(rig.store, 2);
            int fd = v.open(t, "/a", Volume.O_RDWR);
            for (int s = 0; s < 10; s++) {                   // busy: a write every 100 ms for a second
                v.pwrite(t, fd, (long) s << 12, 4096, gen2);
                t.sleepNs(SEC_NS / 10);
            }
            v.close(t, fd);
            var st = v.sbi().stat();
            r[0] = st.bgGcCalls;
            r[1] = st.gcVictimsGreedy;
            r[2] = st.gcVictimsCb - cb;
        });
        assertThat(r[0]).as("urgent background calls in one second (urgent_sleep_time 500 ms)").isGreaterThanOrEqualTo(2);
        assertThat(r[1]).as("GC_URGENT_HIGH: greedy victims").isGreaterThanOrEqualTo(2);
        assertThat(r[2]).as("no cost-benefit victims under gc_urgent=1").isZero();
    }
}
