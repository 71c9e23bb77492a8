package org.f2fsobs.engine.f2fs.gc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.f2fsobs.engine.f2fs.F2fsSbInfo;
import org.f2fsobs.engine.f2fs.Optimizations;
import org.f2fsobs.engine.f2fs.Volume;
import org.f2fsobs.engine.f2fs.VolumeRig;
import org.f2fsobs.engine.f2fs.fsck.Fsck;
import org.f2fsobs.engine.f2fs.segment.DirtyType;
import org.f2fsobs.engine.sim.Prng;
import org.f2fsobs.engine.sim.SimTask;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Foreground GC on small volumes: the greedy victim, migration that keeps every byte, fsck after every GC. */
class GcTests {
    private static final Optimizations O = Optimizations.linux614();
    private static final long MIB = 1L << 20;

    /** Fills {@code path} with {@code pages} pages of generation 0 and syncs. */
    static long[] fill(SimTask t, Volume v, VolumeRig rig, String path, int pages) {
        long[] expect = new long[pages];
        VolumeRig.Pattern gen0 = new VolumeRig.Pattern(rig.store, 0);
        int fd = v.open(t, path, Volume.O_RDWR | Volume.O_CREAT);
        for (int i = 0; i < pages; i += 256) {
            int n = Math.min(256, pages - i);
            v.pwrite(t, fd, (long) i << 12, (long) n << 12, gen0);
        }
        for (int i = 0; i < pages; i++) expect[i] = gen0.pageRef(i);
        v.close(t, fd);
        v.sync(t);
        return expect;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void theGreedyVictimHasTheFewestValidBlocksAmongThoseSearched(int segsPerSec) {
        VolumeRig rig = new VolumeRig(segsPerSec * 256 * MIB, segsPerSec);
        List<int[]> seen = new ArrayList<>();
        rig.boot(O, (t, v) -> {
            int pages = 20_000;                               // ~78 MiB of a 256 MiB volume
            fill(t, v, rig, "/f", pages);
            Prng r = new Prng(7);
            VolumeRig.Pattern gen1 = new VolumeRig.Pattern(rig.store, 1);
            int fd = v.open(t, "/f", Volume.O_RDWR);
            for (int i = 0; i < 4000; i++) v.pwrite(t, fd, (long) r.nextInt(pages) << 12, 4096, gen1);
            v.close(t, fd);
            v.sync(t);
            F2fsSbInfo sbi = v.sbi();
            var sm = sbi.smI();
            var l = sbi.layout();
            // every dirty section a search may take, and its valid blocks
            int best = Integer.MAX_VALUE, candidates = 0;
            for (int secno = 0; secno < l.mainSecs; secno++) {
                int start = l.getSegFromSec(secno);
                boolean dirty = l.isLargeSection() ? sbi.dirtyI().dirtySecmap().get(secno)
                        : sbi.dirtyI().isDirty(DirtyType.DIRTY, start);
                if (!dirty) continue;
                candidates++;
                if (sm.isCursec(secno)) continue;
                int valid = 0;
                for (int i = 0; i < l.segsPerSec; i++) valid += sm.peekSegEntry(start + i).validBlocks();
                best = Math.min(best, valid);
            }
            int victim = sbi.gc().getVictim(t);
            int valid = 0;
            for (int i = 0; i < l.segsPerSec; i++) valid += sm.peekSegEntry(victim + i).validBlocks();
            seen.add(new int[] {candidates, sbi.gc().lastSearched(), best, valid, victim % l.segsPerSec});
        });
        int[] s = seen.get(0);
        assertThat(s[0]).as("dirty sections").isGreaterThanOrEqualTo(8);
        assertThat(s[1]).as("foreground GC searches every dirty section").isEqualTo(s[0]);
        assertThat(s[3]).as("victim's valid blocks").isEqualTo(s[2]);
        assertThat(s[4]).as("the victim is a section's first segment").isZero();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void aRandomizedRunOnAFullVolumePassesFsckAfterEveryGcAndKeepsEveryPage(int segsPerSec) {
        VolumeRig rig = new VolumeRig(128 * MIB, segsPerSec);
        List<String> problems = new ArrayList<>();
        long[] gcs = new long[3];
        rig.boot(O, (t, v) -> {
            Prng r = new Prng(11 + segsPerSec);
            int files = 4;
            int pagesPerFile = 5_000;                            // 4 × ~19.5 MiB: ~80 % of the user space with the logs
            long[][] expect = new long[files][];
            for (int f = 0; f < files; f++) expect[f] = fill(t, v, rig, "/f" + f, pagesPerFile);
            long lastGc = v.sbi().stat().gcCalls;
            for (int op = 0; op < 1500; op++) {
                int f = r.nextInt(files);
                VolumeRig.Pattern gen = new VolumeRig.Pattern(rig.store, op + 1);
                int fd = v.open(t, "/f" + f, Volume.O_RDWR);
                int kind = r.nextInt(20);
                if (kind == 0) {                                // rewrite the whole file from scratch
                    v.close(t, fd);
                    v.unlink(t, "/f" + f);
                    expect[f] = fill(t, v, rig, "/f" + f, pagesPerFile);
                } else {
                    int n = 1 + r.nextInt(16);
                    int at = r.nextInt(pagesPerFile - n);
                    v.pwrite(t, fd, (long) at << 12, (long) n << 12, gen);
                    for (int i = 0; i < n; i++) expect[f][at + i] = gen.pageRef(at + i);
                    if (kind == 1) v.fsync(t, fd);
                    v.close(t, fd);
                }
                if (kind == 2) v.sync(t);
                if (v.sbi().stat().gcCalls != lastGc) {
                    lastGc = v.sbi().stat().gcCalls;
                    gcs[2]++;
                    for (String p : Fsck.check(v.sbi())) problems.add("op " + op + ": " + p);
                }
            }
            v.sync(t);
            v.dropCaches(t);
            for (int f = 0; f < files; f++) {
                long[] got = VolumeRig.readAll(t, v, "/f" + f);
                for (int i = 0; i < pagesPerFile; i++) {
                    if (got[i] != expect[f][i]) {
                        problems.add("file " + f + " page " + i + " lost its content");
                        break;
                    }
                }
            }
            problems.addAll(Fsck.check(v.sbi()));
            gcs[0] = v.sbi().stat().gcCalls;
            gcs[1] = v.sbi().stat().gcDataBlocks;
        });
        assertThat(gcs[0]).as("foreground GC ran").isGreaterThan(0);
        assertThat(gcs[1]).as("data blocks moved").isGreaterThan(0);
        assertThat(gcs[2]).as("operations after which fsck ran because GC had run").isGreaterThan(50);
        assertThat(problems).isEmpty();
    }
}
