package org.f2fsobs.engine.f2fs.gc;

import static org.f2fsobs.engine.f2fs.F2fsConst.BLKS_PER_SEG;
import static org.f2fsobs.engine.f2fs.F2fsConst.NULL_SEGNO;

import java.util.BitSet;
import org.f2fsobs.engine.f2fs.F2fsSbInfo;
import org.f2fsobs.engine.f2fs.segment.GcMode;
import org.f2fsobs.engine.f2fs.segment.GcMode.GcType;
import org.f2fsobs.engine.f2fs.segment.CursegType;
import org.f2fsobs.engine.f2fs.segment.DirtySeglistInfo;
import org.f2fsobs.engine.f2fs.segment.DirtyType;
import org.f2fsobs.engine.f2fs.segment.SegmentManager;
import org.f2fsobs.engine.f2fs.segment.SitInfo;
import org.f2fsobs.engine.platform.CpuOp;
import org.f2fsobs.engine.sim.SimTask;

/**
 * f2fs_get_victim (get_victim_by_default, fs/f2fs/gc.c): select_policy, get_max_cost, check_bg_victims and the search
 * over the dirty bitmap from last_victim[gc_mode], at most max_search candidates, keeping the one of least cost. For
 * alloc_mode LFS (garbage collection) foreground GC's policy is GC_GREEDY: the cost of a section is its valid blocks
 * (get_valid_blocks(…, true)); background GC's is GC_CB (select_gc_type with gc_mode GC_NORMAL), get_cb_cost over the
 * segment mtimes of the SIT. For alloc_mode SSR (get_ssr_segment, as BG_GC) it is GC_GREEDY over one log type's
 * dirty segments, the cost a segment's ckpt_valid_blocks, below BLKS_PER_SEG. Departure: no ATGC (GC_AT, AT_SSR: the
 * atgc mount option is refused).
 */
public final class VictimSelection {
    private final F2fsSbInfo sbi;
    /** sbi->max_victim_search (DEF_MAX_VICTIM_SEARCH): the bound of a background search; foreground GC searches all. */
    static final int DEF_MAX_VICTIM_SEARCH = 4096;
    /** sbi->next_victim_seg[gc_type] (large sections): where an interrupted section's collection goes on. */
    final int[] nextVictimSeg = {NULL_SEGNO, NULL_SEGNO};
    /** sbi->cur_victim_sec: the section foreground GC is collecting (sec_usage_check keeps others off it). */
    int curVictimSec = NULL_SEGNO;
    /** Candidates the last search looked at (nsearched) and their least cost, for tests and the trace. */
    int lastNsearched;
    long lastMinCost;

    VictimSelection(F2fsSbInfo sbi) {
        this.sbi = sbi;
    }

    /** struct victim_sel_policy (no ATGC fields). */
    private static final class Policy {
        int allocMode;
        int gcMode;
        BitSet dirtyBitmap;
        int maxSearch;
        int offset;
        int ofsUnit;
        int minSegno;
        long minCost;
    }

    /** sec_usage_check: a log's section or the one being collected is not a victim. */
    boolean secUsageCheck(int secno) {
        return sbi.smI().isCursec(secno) || curVictimSec == secno;
    }

    /**
     * __get_victim → get_victim_by_default(sbi, &amp;segno, gc_type, NO_CHECK_TYPE, LFS, 0) under sentry_lock (write) and
     * seglist_lock. Returns the first segment of the victim section, or NULL_SEGNO when no dirty section qualifies
     * (-ENODATA).
     */
    int getVictim(SimTask t, GcType gcType) {
        SitInfo sitI = sbi.sitI();
        DirtySeglistInfo dirtyI = sbi.dirtyI();
        sitI.sentryLock().downWrite(t);
        dirtyI.seglistLock().lock(t);
        try {
            return getVictimByDefault(t, gcType, sitI, dirtyI);
        } finally {
            dirtyI.seglistLock().unlock(t);
            sitI.sentryLock().upWrite(t);
        }
    }

    /**
     * f2fs_get_victim(sbi, &amp;segno, BG_GC, type, SSR, 0, false) from get_ssr_segment, whose caller
     * (f2fs_allocate_data_block) holds sentry_lock: under seglist_lock, the dirty segment of {@code type} with the
     * fewest checkpoint-valid blocks, or NULL_SEGNO. It is not marked: change_curseg takes it off the dirty lists.
     */
    int getSsrVictim(SimTask t, CursegType type) {
        DirtySeglistInfo dirtyI = sbi.dirtyI();
        dirtyI.seglistLock().lock(t);
        try {
            return getVictimByDefault(t, GcType.BG_GC, GcMode.SSR, type, sbi.sitI(), dirtyI);
        } finally {
            dirtyI.seglistLock().unlock(t);
        }
    }

    private int getVictimByDefault(SimTask t, GcType gcType, SitInfo sm, DirtySeglistInfo dirtyI) {
        return getVictimByDefault(t, gcType, GcMode.LFS, null, sm, dirtyI);
    }

    /** get_victim_by_default; {@code type} is the log type an SSR search serves (null: NO_CHECK_TYPE, for LFS). */
    private int getVictimByDefault(SimTask t, GcType gcType, int allocMode, CursegType type,
                                   SitInfo sm, DirtySeglistInfo dirtyI) {
        var layout = sbi.layout();
        int lastSegment = layout.mainSecs * layout.segsPerSec;
        Policy p = selectPolicy(gcType, allocMode, type, sm, dirtyI);
        p.minSegno = NULL_SEGNO;
        p.minCost = getMaxCost(p);
        int nsearched = 0;
        lastNsearched = 0;
        if (p.maxSearch == 0) return NULL_SEGNO;
        if (layout.isLargeSection() && p.allocMode == GcMode.LFS) {
            int next = nextVictimSeg[gcType.ordinal()];
            if (next != NULL_SEGNO) {
                nextVictimSeg[gcType.ordinal()] = NULL_SEGNO;
                return gotResult(next, gcType, dirtyI);
            }
        }
        int lastVictim = sm.lastVictim[p.gcMode];
        if (p.allocMode == GcMode.LFS && gcType == GcType.FG_GC) {
            int bg = checkBgVictims(dirtyI);
            if (bg != NULL_SEGNO) return gotResult(bg, gcType, dirtyI);
        }
        while (true) {
            int unitNo = p.dirtyBitmap.nextSetBit(p.offset / p.ofsUnit);
            int segno = unitNo < 0 || unitNo >= lastSegment / p.ofsUnit ? lastSegment : unitNo * p.ofsUnit;
            if (segno >= lastSegment) {
                if (sm.lastVictim[p.gcMode] != 0) {
                    lastSegment = sm.lastVictim[p.gcMode];
                    sm.lastVictim[p.gcMode] = 0;
                    p.offset = 0;
                    continue;
                }
                break;
            }
            p.offset = segno + p.ofsUnit;
            nsearched++;
            int secno = layout.getSecFromSeg(segno);
            boolean skip = secUsageCheck(secno)
                    || (gcType == GcType.BG_GC && dirtyI.victimSecmap().get(secno));
            if (!skip) {
                long cost = getGcCost(t, segno, p);
                if (p.minCost > cost) {
                    p.minSegno = segno;
                    p.minCost = cost;
                }
            }
            if (nsearched >= p.maxSearch) {
                if (sm.lastVictim[p.gcMode] == 0 && segno <= lastVictim) sm.lastVictim[p.gcMode] = lastVictim + p.ofsUnit;
                else sm.lastVictim[p.gcMode] = segno + p.ofsUnit;
                sm.lastVictim[p.gcMode] %= layout.mainSecs * layout.segsPerSec;
                break;
            }
        }
        lastNsearched = nsearched;
        lastMinCost = p.minCost;
        if (p.minSegno == NULL_SEGNO) return NULL_SEGNO;
        if (p.allocMode == GcMode.SSR) return p.minSegno;          // got_result: only LFS marks its victim
        if (p.gcMode == GcMode.GC_CB) sbi.stat().gcVictimsCb++;
        else sbi.stat().gcVictimsGreedy++;
        return gotResult((p.minSegno / p.ofsUnit) * p.ofsUnit, gcType, dirtyI);
    }

    /** got_it / got_result for LFS: foreground GC marks the section it collects, background GC the victim map. */
    private int gotResult(int segno, GcType gcType, DirtySeglistInfo dirtyI) {
        int secno = sbi.layout().getSecFromSeg(segno);
        if (gcType == GcType.FG_GC) curVictimSec = secno;
        else dirtyI.victimSecmap().set(secno);
        return segno;
    }

    /**
     * select_policy: SSR searches dirty_segmap[type] segment by segment with GC_GREEDY; LFS the dirty sections with
     * select_gc_type's policy. Only foreground GC and gc_urgent high search beyond max_victim_search. The search starts
     * at 0 for HOT_DATA and node logs ("let's select beginning hot/small space first"), else at last_victim[gc_mode].
     */
    private Policy selectPolicy(GcType gcType, int allocMode, CursegType type, SitInfo sm,
                                DirtySeglistInfo dirtyI) {
        Policy p = new Policy();
        p.allocMode = allocMode;
        if (allocMode == GcMode.SSR) {
            p.gcMode = GcMode.GC_GREEDY;
            DirtyType dt = DirtyType.of(type);
            p.dirtyBitmap = dirtyI.dirtySegmap(dt);
            p.maxSearch = dirtyI.nrDirty(dt);
            p.ofsUnit = 1;
        } else {
            p.gcMode = selectGcType(gcType, sbi.opts().gcUrgent());
            p.ofsUnit = sbi.layout().segsPerSec;
            if (sbi.layout().isLargeSection()) {
                p.dirtyBitmap = dirtyI.dirtySecmap();
                p.maxSearch = p.dirtyBitmap.cardinality();           // count_bits(dirty_secmap, 0, MAIN_SECS)
            } else {
                p.dirtyBitmap = dirtyI.dirtySegmap(DirtyType.DIRTY);
                p.maxSearch = dirtyI.nrDirty(DirtyType.DIRTY);
            }
        }
        if (gcType != GcType.FG_GC && sbi.opts().gcUrgent() != GC_URGENT_HIGH && p.maxSearch > DEF_MAX_VICTIM_SEARCH) {
            p.maxSearch = DEF_MAX_VICTIM_SEARCH;
        }
        boolean hotOrNode = type != null && (type == CursegType.HOT_DATA || type.isNode());
        p.offset = hotOrNode ? 0 : sm.lastVictim[p.gcMode];
        // the dirty_secmap is indexed by section, dirty_segmap by segment: find_next_bit(offset / ofs_unit) as in the
        // kernel works for both because ofs_unit is 1 for small sections
        return p;
    }

    /** sbi->gc_mode values (enum in f2fs.h) that sysfs gc_urgent sets: 1 URGENT_HIGH, 2 URGENT_LOW, 3 URGENT_MID. */
    static final int GC_NORMAL = 0, GC_URGENT_HIGH = 1, GC_URGENT_LOW = 2, GC_URGENT_MID = 3;

    /** select_gc_type: BG_GC is GC_CB (no ATGC), FG_GC GC_GREEDY; urgent low/mid force GC_CB, urgent high GC_GREEDY. */
    static int selectGcType(GcType gcType, int gcUrgent) {
        int mode = gcType == GcType.BG_GC ? GcMode.GC_CB : GcMode.GC_GREEDY;
        return switch (gcUrgent) {
            case GC_URGENT_LOW, GC_URGENT_MID -> GcMode.GC_CB;
            case GC_URGENT_HIGH -> GcMode.GC_GREEDY;
            default -> mode;
        };
    }

    /** get_max_cost: SSR allocates in a segment unit (BLKS_PER_SEG); LFS GC_GREEDY 2 × blocks per segment × ofs_unit. */
    private static long getMaxCost(Policy p) {
        if (p.allocMode == GcMode.SSR) return BLKS_PER_SEG;
        if (p.gcMode == GcMode.GC_GREEDY) return 2L * BLKS_PER_SEG * p.ofsUnit;
        return 0xFFFF_FFFFL;
    }

    /**
     * get_gc_cost: for SSR the segment's ckpt_valid_blocks (get_seg_entry); for LFS GC_GREEDY is
     * get_valid_blocks(sbi, segno, true) (a sec_entry read for large sections), GC_CB is get_cb_cost.
     */
    private long getGcCost(SimTask t, int segno, Policy p) {
        SegmentManager sm = sbi.smI();
        if (p.allocMode == GcMode.SSR) {
            sbi.cpu(t, CpuOp.SEG_ENTRY_READ, 1);
            return sm.getSegEntry(segno).ckptValidBlocks();
        }
        int gcMode = p.gcMode;
        sbi.cpu(t, sbi.layout().isLargeSection() ? CpuOp.SEC_ENTRY_READ : CpuOp.SEG_ENTRY_READ, 1);
        if (gcMode == GcMode.GC_CB) return getCbCost(sbi, segno);
        return sm.getValidBlocks(segno, true);
    }

    /**
     * get_cb_cost: UINT_MAX - 100 × (100 − u) × age / (100 + u), with u the section's valid blocks per segment in
     * percent of a segment and age 100 − 100 × (mtime − min_mtime) / (max_mtime − min_mtime) (0 while min = max);
     * min_mtime and max_mtime widen to the section's mtime. Older and emptier sections cost less.
     */
    static long getCbCost(F2fsSbInfo sbi, int segno) {
        SitInfo sitI = sbi.sitI();
        var layout = sbi.layout();
        long mtime = sitI.getSectionMtime(layout, segno);
        long vblocks = sbi.smI().getValidBlocks(segno, true) / layout.segsPerSec;   // usable_segs_per_sec: no zones
        long u = vblocks * 100 / BLKS_PER_SEG;                                     // BLKS_TO_SEGS(vblocks * 100)
        if (Long.compareUnsigned(mtime, sitI.minMtime) < 0) sitI.minMtime = mtime;
        if (Long.compareUnsigned(mtime, sitI.maxMtime) > 0) sitI.maxMtime = mtime;
        long age = 0;
        if (sitI.maxMtime != sitI.minMtime) {
            age = 100 - Long.divideUnsigned(100 * (mtime - sitI.minMtime), sitI.maxMtime - sitI.minMtime);
            age &= 0xFF;                                                             // unsigned char age
        }
        return 0xFFFF_FFFFL - ((100 * (100 - u) * age) / (100 + u));
    }

    /** check_bg_victims: a section background GC picked before (none without a GC thread). */
    private int checkBgVictims(DirtySeglistInfo dirtyI) {
        BitSet v = dirtyI.victimSecmap();
        for (int secno = v.nextSetBit(0); secno >= 0 && secno < sbi.layout().mainSecs; secno = v.nextSetBit(secno + 1)) {
            if (secUsageCheck(secno)) continue;
            v.clear(secno);
            return sbi.layout().getSegFromSec(secno);
        }
        return NULL_SEGNO;
    }
}
