package org.f2fsobs.engine.kernel.mm.vmalloc;

/**
 * A host-side index over the 4.x {@code vmap_area_list}, not a kernel structure: the list cut into runs of
 * consecutive areas ({@link Block}), each knowing its first and last area, its length and the largest gap in front of
 * any of its areas ({@code va_start} minus the previous area's {@code va_end}). {@link VmallocSpace#allocListWalk}
 * uses it to take a whole run of the kernel's list walk at once when no gap in the run fits the request: the same
 * steps are counted and the same largest gap goes to {@code cached_hole_size}, so every counter and address is the
 * one area-by-area walk gives ({@code VmallocDifferentialTests}); only the host's time changes.
 */
final class GapBlocks {
    /** A run is split when it grows past twice this many areas. */
    static final int RUN = 64;

    /** A run of consecutive areas of vmap_area_list. */
    static final class Block {
        VmapArea head;
        VmapArea tail;
        int count;
        private long maxGap;
        private boolean dirty = true;
    }

    /** The gap in front of {@code va}: 0 for the first area of the list. */
    static long gapBefore(VmapArea va) {
        return va.listPrev == null ? 0 : va.vaStart - va.listPrev.vaEnd;
    }

    /** The largest gap in front of an area of {@code b}, recomputed after a change. */
    static long maxGap(Block b) {
        if (b.dirty) {
            long m = 0;
            VmapArea a = b.head;
            for (int i = 0; i < b.count; i++, a = a.listNext) m = Math.max(m, gapBefore(a));
            b.maxGap = m;
            b.dirty = false;
        }
        return b.maxGap;
    }

    /** After {@code va} was linked into the list: it joins its predecessor's run (or its successor's, as the head). */
    static void inserted(VmapArea va) {
        Block b;
        if (va.listPrev != null) {
            b = va.listPrev.block;
            if (b.tail == va.listPrev) b.tail = va;
        } else if (va.listNext != null) {
            b = va.listNext.block;
            b.head = va;
        } else {
            b = new Block();
            b.head = va;
            b.tail = va;
        }
        va.block = b;
        b.count++;
        b.dirty = true;
        if (va.listNext != null) va.listNext.block.dirty = true;     // its gap shrank
        if (b.count > 2 * RUN) split(b);
    }

    /** Before {@code va} is unlinked from the list. */
    static void removing(VmapArea va) {
        Block b = va.block;
        VmapArea prev = va.listPrev;
        VmapArea next = va.listNext;
        if (b.head == va) b.head = next != null && next.block == b ? next : null;
        if (b.tail == va) b.tail = prev != null && prev.block == b ? prev : null;
        b.count--;
        b.dirty = true;
        if (next != null) next.block.dirty = true;                   // its gap grew
        va.block = null;
    }

    private static void split(Block b) {
        VmapArea last = b.head;
        for (int i = 1; i < RUN; i++) last = last.listNext;
        Block nb = new Block();
        nb.head = last.listNext;
        nb.tail = b.tail;
        nb.count = b.count - RUN;
        VmapArea a = nb.head;
        for (int i = 0; i < nb.count; i++, a = a.listNext) a.block = nb;
        b.tail = last;
        b.count = RUN;
        b.dirty = true;
    }

    /** Runs cover the list in order, with consistent heads, tails, counts and (where known) largest gaps. */
    static void check(VmapArea first) {
        VmapArea a = first;
        while (a != null) {
            Block b = a.block;
            if (b == null || b.head != a) throw new IllegalStateException("gap run does not start at " + a);
            long m = 0;
            VmapArea last = null;
            for (int i = 0; i < b.count; i++, a = a.listNext) {
                if (a == null || a.block != b) throw new IllegalStateException("gap run shorter than its count");
                m = Math.max(m, gapBefore(a));
                last = a;
            }
            if (b.tail != last || b.count == 0 || b.count > 2 * RUN) throw new IllegalStateException("gap run tail/count off at " + last);
            if (!b.dirty && b.maxGap != m) throw new IllegalStateException("gap run largest gap stale at " + b.head);
        }
    }
}
