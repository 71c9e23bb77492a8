package org.f2fsobs.engine.model;

import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A deliberately simple model of one LFS log and the SIT semantics, for differential tests of the segment
 * manager: sets of block addresses instead of bitmaps and counters.
 * valid = blocks currently valid; ckpt = blocks valid at the last checkpoint plus blocks allocated since
 * (ckpt_valid_blocks only grows between checkpoints); a segment is free when it holds no valid block, is not a
 * log, and was not emptied since the last checkpoint (prefree).
 */
public final class NaiveSegments {
    private final long mainBlkaddr;
    private final int mainSegs;
    private final int segsPerSec;
    private final TreeSet<Long> valid = new TreeSet<>();
    private final TreeSet<Long> ckpt = new TreeSet<>();
    private final TreeSet<Integer> prefree = new TreeSet<>();
    private final TreeSet<Integer> inUse = new TreeSet<>();
    private final TreeMap<Integer, Integer> otherLogs = new TreeMap<>();
    private int segno;
    private int blkoff;

    public NaiveSegments(long mainBlkaddr, int mainSegs, int segsPerSec, int logSegno, int logBlkoff, Iterable<Long> initiallyValid,
                         Iterable<Integer> otherLogSegnos) {
        this.mainBlkaddr = mainBlkaddr;
        this.mainSegs = mainSegs;
        this.segsPerSec = segsPerSec;
        this.segno = logSegno;
        this.blkoff = logBlkoff;
        for (long b : initiallyValid) {
            valid.add(b);
            ckpt.add(b);
            inUse.add(seg(b));
        }
        inUse.add(logSegno);
        for (int s : otherLogSegnos) {
            otherLogs.put(s, s);
            inUse.add(s);
        }
    }

    public int seg(long blk) {
        return (int) ((blk - mainBlkaddr) / 512);
    }

    /** Allocates the next block of the log, invalidating {@code old} (or nothing). */
    public long allocate(long old) {
        long addr = mainBlkaddr + (long) segno * 512 + blkoff;
        blkoff++;
        valid.add(addr);
        ckpt.add(addr);
        if (old != 0) {
            valid.remove(old);
            int s = seg(old);
            if (countValid(s) == 0 && s != segno && !otherLogs.containsKey(s)) prefree.add(s);
        }
        if (blkoff == 512) nextSegment();
        return addr;
    }

    private void nextSegment() {
        int sec = segno / segsPerSec;
        int old = segno;
        if ((segno + 1) % segsPerSec != 0) {
            for (int s = segno + 1; s < (sec + 1) * segsPerSec; s++) {
                if (!inUse.contains(s)) {
                    take(s, old);
                    return;
                }
            }
        }
        int secs = mainSegs / segsPerSec;
        for (int i = 0; i < secs; i++) {
            int cand = (sec + i) % secs;
            if (secFree(cand)) {
                take(cand * segsPerSec, old);
                return;
            }
        }
        throw new IllegalStateException("naive model: no free section");
    }

    private boolean secFree(int sec) {
        for (int s = sec * segsPerSec; s < (sec + 1) * segsPerSec; s++) if (inUse.contains(s)) return false;
        return true;
    }

    private void take(int s, int old) {
        segno = s;
        blkoff = 0;
        inUse.add(s);
        if (countValid(old) == 0) prefree.add(old);
    }

    public void checkpoint() {
        ckpt.clear();
        ckpt.addAll(valid);
        for (int s : prefree) inUse.remove(s);
        prefree.clear();
    }

    public int countValid(int s) {
        long lo = mainBlkaddr + (long) s * 512;
        return valid.subSet(lo, lo + 512).size();
    }

    public int countCkpt(int s) {
        long lo = mainBlkaddr + (long) s * 512;
        return ckpt.subSet(lo, lo + 512).size();
    }

    public boolean inUse(int s) {
        return inUse.contains(s);
    }

    public boolean prefree(int s) {
        return prefree.contains(s);
    }

    public int logSegno() {
        return segno;
    }
}
