package org.f2fsobs.engine.f2fs.fsck;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.TreeMap;
import org.f2fsobs.engine.f2fs.F2fsConst;
import org.f2fsobs.engine.f2fs.F2fsSbInfo;
import org.f2fsobs.engine.f2fs.node.NatEntry;
import org.f2fsobs.engine.f2fs.node.NodeKind;
import org.f2fsobs.engine.f2fs.node.NodeManager;
import org.f2fsobs.engine.f2fs.node.NodePage;
import org.f2fsobs.engine.f2fs.ondisk.Blocks;
import org.f2fsobs.engine.f2fs.ondisk.NodeImage;
import org.f2fsobs.engine.f2fs.segment.CursegType;
import org.f2fsobs.engine.f2fs.segment.DirtyType;
import org.f2fsobs.engine.f2fs.segment.SegEntry;
import org.f2fsobs.engine.f2fs.segment.SegmentLayout;
import org.f2fsobs.engine.f2fs.segment.SegmentManager;
import org.f2fsobs.engine.sim.device.DeviceStore;
import org.f2fsobs.engine.sim.device.MetaImage;

/**
 * An fsck.f2fs-like verifier of a mounted volume's in-memory state (CONFIG_F2FS_CHECK_FS plus fsck's main
 * checks): SIT counts against bitmaps, section sums against segment sums, free counts against the maps, logs not
 * in the dirty lists, NAT against node footers, and every valid block owned exactly once by a node or by a data slot
 * of a node. Returns the problems found; empty means consistent. Changes nothing. fsck.f2fs is a program of its own
 * (f2fs-tools): it reads NAT and node blocks from the device directly, not through the kernel's block layer, so its
 * reads are neither timed nor counted.
 */
public final class Fsck {
    private final F2fsSbInfo sbi;
    private final List<String> problems = new ArrayList<>();

    private Fsck(F2fsSbInfo sbi) {
        this.sbi = sbi;
    }

    public static List<String> check(F2fsSbInfo sbi) {
        Fsck f = new Fsck(sbi);
        f.checkSit();
        f.checkFreeAndDirty();
        f.checkOwnership();
        return f.problems;
    }

    /** The NAT as fsck.f2fs sees it: the current NAT blocks read from the device directly, under the journal and cache. */
    public static TreeMap<Integer, NatEntry> natEntries(F2fsSbInfo sbi) {
        NodeManager nm = sbi.nmI();
        DeviceStore store = sbi.rq().store();
        return nm.allNatEntries(b -> {
            MetaImage img = store.readMeta(nm.currentNatAddr(b));
            return img == null ? null : Blocks.nat(img, b);
        });
    }

    private void problem(String fmt, Object... args) {
        if (problems.size() < 50) problems.add(String.format(fmt, args));
    }

    private void checkSit() {
        SegmentManager sm = sbi.smI();
        SegmentLayout l = sbi.layout();
        long total = 0;
        for (int segno = 0; segno < l.mainSegs; segno++) {
            SegEntry se = sm.peekSegEntry(segno);
            int bits = se.curValidCardinality(), ckptBits = se.ckptValidCardinality();
            if (bits != se.validBlocks()) problem("segment %d: valid_blocks %d but %d bits set", segno, se.validBlocks(), bits);
            if (ckptBits != se.ckptValidBlocks()) problem("segment %d: ckpt_valid_blocks %d but %d ckpt bits set", segno, se.ckptValidBlocks(), ckptBits);
            total += se.validBlocks();
        }
        if (total != sm.sitI().writtenValidBlocks()) problem("SIT sum %d != written_valid_blocks %d", total, sm.sitI().writtenValidBlocks());
        if (l.isLargeSection()) {
            for (int secno = 0; secno < l.mainSecs; secno++) {
                int v = 0, c = 0;
                for (int i = 0; i < l.segsPerSec; i++) {
                    SegEntry se = sm.peekSegEntry(l.getSegFromSec(secno) + i);
                    v += se.validBlocks();
                    c += se.ckptValidBlocks();
                }
                if (sm.peekSecEntry(secno).validBlocks() != v) {
                    problem("section %d: valid_blocks %d != sum of segments %d", secno, sm.peekSecEntry(secno).validBlocks(), v);
                }
                if (sbi.flagSecCkptValidBlocks() && sm.peekSecEntry(secno).ckptValidBlocks() != c) {
                    problem("section %d: ckpt_valid_blocks %d != sum of segments %d", secno, sm.peekSecEntry(secno).ckptValidBlocks(), c);
                }
            }
        }
    }

    private void checkFreeAndDirty() {
        SegmentManager sm = sbi.smI();
        SegmentLayout l = sbi.layout();
        int inUse = 0;
        for (int segno = 0; segno < l.mainSegs; segno++) {
            boolean used = sm.freeI().segInUse(segno);
            if (used) inUse++;
            SegEntry se = sm.peekSegEntry(segno);
            if (se.validBlocks() > 0 && !used) problem("segment %d has %d valid blocks but is free", segno, se.validBlocks());
            if (se.validBlocks() == 0 && used && !sm.isCurseg(segno) && !sm.dirtyI().isDirty(DirtyType.PRE, segno)
                    && !inCursec(sm, l, segno)) {
                problem("segment %d is empty and in use but neither a log nor prefree", segno);
            }
        }
        if (sm.freeSegments() != l.mainSegs - inUse) problem("free_segments %d != %d", sm.freeSegments(), l.mainSegs - inUse);
        int secInUse = 0;
        for (int secno = 0; secno < l.mainSecs; secno++) {
            boolean any = false;
            for (int i = 0; i < l.segsPerSec; i++) any |= sm.freeI().segInUse(l.getSegFromSec(secno) + i);
            boolean marked = sm.freeI().secInUse(secno);
            if (any && !marked) problem("section %d has segments in use but is marked free", secno);
            if (!any && marked && !sm.isCursec(secno)) problem("section %d is marked in use but has no segment in use", secno);
            if (marked) secInUse++;
        }
        if (sm.freeSections() != l.mainSecs - secInUse) problem("free_sections %d != %d", sm.freeSections(), l.mainSecs - secInUse);
        checkDirtyMaps(sm, l);
        for (CursegType t : CursegType.values()) {
            int segno = sm.cursegI(t).segno();
            if (!sm.freeI().segInUse(segno)) problem("log %s segment %d is marked free", t.key(), segno);
            if (sm.dirtyI().isDirty(DirtyType.DIRTY, segno)) problem("log %s segment %d is on the dirty list", t.key(), segno);
        }
    }

    /**
     * The dirty seglists GC searches (CONFIG_F2FS_CHECK_FS): a segment that is neither empty nor full and not a log's
     * is on dirty_segmap[DIRTY], and only such segments are; a section on dirty_secmap is partly valid.
     */
    private void checkDirtyMaps(SegmentManager sm, SegmentLayout l) {
        for (int segno = 0; segno < l.mainSegs; segno++) {
            int valid = sm.peekSegEntry(segno).validBlocks();
            boolean partial = valid > 0 && valid < F2fsConst.BLKS_PER_SEG && !sm.isCurseg(segno);
            boolean dirty = sm.dirtyI().isDirty(DirtyType.DIRTY, segno);
            if (partial && !dirty) problem("segment %d has %d valid blocks but is not on the dirty list", segno, valid);
            if (dirty && !partial) problem("segment %d is on the dirty list with %d valid blocks", segno, valid);
        }
        if (!l.isLargeSection()) return;
        var secmap = sm.dirtyI().dirtySecmap();
        for (int secno = secmap.nextSetBit(0); secno >= 0; secno = secmap.nextSetBit(secno + 1)) {
            int valid = sm.peekSecEntry(secno).validBlocks();
            if (valid == 0 || valid == l.blocksPerSec) problem("section %d is on dirty_secmap with %d valid blocks", secno, valid);
        }
    }

    /** A used, empty segment of a section that holds a log (the section stays in use, __set_test_and_free). */
    private static boolean inCursec(SegmentManager sm, SegmentLayout l, int segno) {
        return sm.isCursec(l.getSecFromSeg(segno));
    }

    private void checkOwnership() {
        NodeManager nm = sbi.nmI();
        SegmentLayout l = sbi.layout();
        TreeMap<Integer, NatEntry> nat = natEntries(sbi);
        BitSet owned = new BitSet();
        long mainStart = l.mainBlkaddr;
        for (NatEntry e : nat.values()) {
            if (e.nid() < F2fsConst.F2FS_ROOT_INO) continue;
            long addr = e.blkaddr();
            if (!F2fsConst.isValidBlkaddr(addr)) continue;
            if (!l.isMainBlkaddr(addr)) {
                problem("nid %d: NAT address %d outside the main area", e.nid(), addr);
                continue;
            }
            if (!claim(owned, addr - mainStart, "node " + e.nid())) continue;
            if (!sitValid(addr)) problem("nid %d: block %d is not valid in the SIT", e.nid(), addr);
            NodePage cached = nm.cachedNodePage(e.nid());
            if (cached == null || !cached.underWriteback()) {
                MetaImage img = sbi.rq().store().readMeta(addr);
                NodeImage ni = Blocks.node(img);
                if (ni == null || ni.nid() != e.nid() || ni.ino() != e.ino()) {
                    problem("nid %d: footer at block %d does not match the NAT (found %s)", e.nid(), addr, Blocks.describe(img));
                }
            }
        }
        // data slots of every node: from the cache when present (the newest state), else from its block
        for (NatEntry e : nat.values()) {
            if (e.nid() < F2fsConst.F2FS_ROOT_INO) continue;
            long[] addrs = null;
            NodeKind kind = null;
            NodePage cached = nm.cachedNodePage(e.nid());
            if (cached != null) {
                addrs = cached.addrs;
                kind = cached.kind;
            } else if (F2fsConst.isValidBlkaddr(e.blkaddr())) {
                NodeImage ni = Blocks.node(sbi.rq().store().readMeta(e.blkaddr()));
                if (ni != null) {
                    addrs = ni.addrs();
                    kind = ni.kind();
                }
            }
            if (addrs == null || kind == NodeKind.INDIRECT) continue;
            for (int i = 0; i < addrs.length; i++) {
                long a = addrs[i];
                if (!F2fsConst.isValidBlkaddr(a)) continue;
                if (!l.isMainBlkaddr(a)) {
                    problem("nid %d slot %d: data address %d outside the main area", e.nid(), i, a);
                    continue;
                }
                if (!claim(owned, a - mainStart, "nid " + e.nid() + " slot " + i)) continue;
                if (!sitValid(a)) problem("nid %d slot %d: data block %d is not valid in the SIT", e.nid(), i, a);
            }
        }
        // every SIT-valid block must be owned
        for (int segno = 0; segno < l.mainSegs; segno++) {
            SegEntry se = sbi.smI().peekSegEntry(segno);
            if (se.validBlocks() == 0) continue;
            for (int off = 0; off < F2fsConst.BLKS_PER_SEG; off++) {
                if (se.curValid(off) && !owned.get((int) ((long) segno * F2fsConst.BLKS_PER_SEG + off))) {
                    problem("block %d is valid in the SIT but owned by nothing", l.startBlock(segno) + off);
                }
            }
        }
    }

    private boolean claim(BitSet owned, long rel, String who) {
        if (owned.get((int) rel)) {
            problem("block %d owned twice (again by %s)", rel + sbi.layout().mainBlkaddr, who);
            return false;
        }
        owned.set((int) rel);
        return true;
    }

    private boolean sitValid(long addr) {
        int segno = sbi.layout().getSegno(addr);
        return sbi.smI().peekSegEntry(segno).curValid(sbi.layout().getBlkoffFromSeg0(addr));
    }
}
