package org.f2fsobs.engine.kernel.mm.vmalloc;

/**
 * Mirrors {@code free_vmap_area_root} in mm/vmalloc.c (5.2+): free VA ranges in a tree augmented with
 * {@code subtree_max_size}, searched for the lowest-addressed fit in O(log n).
 * Simplification: a treap (priority = a fixed hash of the start address, so deterministic) instead of an
 * rb-tree; the lowest-fit search prunes subtrees whose {@code subtree_max_size} is below the search length (the
 * size, or {@code size + align - 1} when align > PAGE_SIZE, as {@code __alloc_vmap_area} in 6.14 decides) and
 * counts the nodes it visits; it is a recursive in-order search, not the kernel's loop with parent roll-back. Merging a freed range with its neighbours mirrors {@code merge_or_add_vmap_area}.
 */
final class FreeVmapAreaTree {
    private static final class Node {
        final long start;
        long end;
        final long prio;
        long subtreeMaxSize;
        Node left;
        Node right;

        Node(long start, long end) {
            this.start = start;
            this.end = end;
            this.prio = mix64(start);
            this.subtreeMaxSize = end - start;
        }
    }

    private Node root;
    private int count;
    /** Nodes visited by the last {@link #findLowestMatch}. */
    int lastSteps;

    int size() {
        return count;
    }

    /** find_vmap_lowest_match(): start address of the lowest fit, or {@link Long#MIN_VALUE} when none. */
    long findLowestMatch(long size, long align, long vstart) {
        lastSteps = 0;
        long length = align <= VmallocSpace.PAGE_SIZE ? size : size + align - 1;   // adjust_search_size
        Node n = lowest(root, size, align, vstart, length);
        if (n == null) return Long.MIN_VALUE;
        return n.start > vstart ? VmallocSpace.align(n.start, align) : VmallocSpace.align(vstart, align);
    }

    private Node lowest(Node n, long size, long align, long vstart, long length) {
        if (n == null) return null;
        lastSteps++;
        if (maxSize(n.left) >= length && vstart < n.start) {
            Node r = lowest(n.left, size, align, vstart, length);
            if (r != null) return r;
        }
        if (isWithinThisVa(n, size, align, vstart)) return n;
        if (maxSize(n.right) >= length) return lowest(n.right, size, align, vstart, length);
        return null;
    }

    private static boolean isWithinThisVa(Node n, long size, long align, long vstart) {
        long nvaStart = n.start > vstart ? VmallocSpace.align(n.start, align) : VmallocSpace.align(vstart, align);
        if (nvaStart < vstart) return false;
        return nvaStart + size <= n.end;
    }

    /** adjust_va_to_fit_type(): carve [addr, addr+size) out of the free range that contains it. */
    void clip(long addr, long size) {
        Node f = floor(addr);
        if (f == null || addr + size > f.end) throw new IllegalStateException("no free range holds " + Long.toHexString(addr));
        long s = f.start;
        long e = f.end;
        root = delete(root, s);
        count--;
        if (s < addr) add(s, addr);
        if (addr + size < e) add(addr + size, e);
    }

    /** merge_or_add_vmap_area(): insert a freed range, merged with a free neighbour on either side. */
    void mergeOrAdd(long start, long end) {
        Node prev = floor(start - 1);
        if (prev != null && prev.end > start) throw new IllegalStateException("double free at " + Long.toHexString(start));
        Node next = ceiling(start);
        if (next != null && next.start < end) throw new IllegalStateException("double free at " + Long.toHexString(start));
        if (next != null && next.start == end) {
            end = next.end;
            root = delete(root, next.start);
            count--;
        }
        if (prev != null && prev.end == start) {
            start = prev.start;
            root = delete(root, prev.start);
            count--;
        }
        add(start, end);
    }

    private void add(long start, long end) {
        root = insert(root, new Node(start, end));
        count++;
    }

    /** Free bytes in total (for checkers). */
    long freeBytes() {
        return sum(root);
    }

    private static long sum(Node n) {
        return n == null ? 0 : (n.end - n.start) + sum(n.left) + sum(n.right);
    }

    /** Visits free ranges in address order: {@code out[2i]} = start, {@code out[2i+1]} = end. */
    long[] ranges() {
        long[] out = new long[2 * count];
        int[] k = {0};
        inorder(root, out, k);
        return out;
    }

    private static void inorder(Node n, long[] out, int[] k) {
        if (n == null) return;
        inorder(n.left, out, k);
        out[k[0]++] = n.start;
        out[k[0]++] = n.end;
        inorder(n.right, out, k);
    }

    /** Checks the augmentation and the heap order; throws on the first violation. */
    void check() {
        checkNode(root, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    private static long checkNode(Node n, long lo, long hi) {
        if (n == null) return 0;
        if (n.start < lo || n.end > hi || n.start >= n.end) throw new IllegalStateException("free tree order broken");
        if (n.left != null && n.left.prio > n.prio || n.right != null && n.right.prio > n.prio) {
            throw new IllegalStateException("free tree heap order broken");
        }
        long m = Math.max(n.end - n.start, Math.max(checkNode(n.left, lo, n.start), checkNode(n.right, n.end, hi)));
        if (m != n.subtreeMaxSize) throw new IllegalStateException("subtree_max_size stale");
        return m;
    }

    private Node floor(long key) {
        Node n = root;
        Node best = null;
        while (n != null) {
            if (n.start <= key) {
                best = n;
                n = n.right;
            } else {
                n = n.left;
            }
        }
        return best;
    }

    private Node ceiling(long key) {
        Node n = root;
        Node best = null;
        while (n != null) {
            if (n.start >= key) {
                best = n;
                n = n.left;
            } else {
                n = n.right;
            }
        }
        return best;
    }

    private static long maxSize(Node n) {
        return n == null ? 0 : n.subtreeMaxSize;
    }

    private static void update(Node n) {
        n.subtreeMaxSize = Math.max(n.end - n.start, Math.max(maxSize(n.left), maxSize(n.right)));
    }

    private static Node insert(Node n, Node x) {
        if (n == null) return x;
        if (x.start < n.start) {
            n.left = insert(n.left, x);
            if (n.left.prio > n.prio) n = rotateRight(n);
        } else {
            n.right = insert(n.right, x);
            if (n.right.prio > n.prio) n = rotateLeft(n);
        }
        update(n);
        return n;
    }

    private static Node delete(Node n, long key) {
        if (n == null) throw new IllegalStateException("free range not found: " + Long.toHexString(key));
        if (key < n.start) {
            n.left = delete(n.left, key);
        } else if (key > n.start) {
            n.right = delete(n.right, key);
        } else {
            if (n.left == null) return n.right;
            if (n.right == null) return n.left;
            if (n.left.prio > n.right.prio) {
                n = rotateRight(n);
                n.right = delete(n.right, key);
            } else {
                n = rotateLeft(n);
                n.left = delete(n.left, key);
            }
        }
        update(n);
        return n;
    }

    private static Node rotateRight(Node n) {
        Node l = n.left;
        n.left = l.right;
        update(n);
        l.right = n;
        update(l);
        return l;
    }

    private static Node rotateLeft(Node n) {
        Node r = n.right;
        n.right = r.left;
        update(n);
        r.left = n;
        update(r);
        return r;
    }

    private static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
