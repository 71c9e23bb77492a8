package org.f2fsobs.engine.f2fs.ondisk;

import org.f2fsobs.engine.f2fs.node.InodeFields;
import org.f2fsobs.engine.f2fs.node.NodeKind;

/**
 * The on-disk form of a node block ({@code struct f2fs_node}): body plus {@code struct node_footer} (nid, ino,
 * flag with cold/fsync/dentry marks and the node offset, cp_ver, next_blkaddr). Immutable: a snapshot taken when
 * the node page is written.
 *
 * <p>Data addresses are kept as on disk, {@code __le32 addr[]} ({@code block_t} is 32 bits; NEW_ADDR and COMPRESS_ADDR
 * are its two top values), with trailing NULL_ADDR slots left out: a device keeps every node block it was given, and
 * an O_SYNC append writes one per write, so the snapshot's size is the model's memory.
 *
 * @param ofs         node offset within the inode's tree (0 for the inode)
 * @param cpVer       checkpoint version the node was written under (with the CRC, is_recoverable_dnode)
 * @param nextBlkaddr next free block address of the log after this node: the roll-forward chain
 * @param blkaddrs    the address slots up to the last non-NULL one, as unsigned 32-bit values; null for indirect nodes
 * @param nrAddrs     the number of address slots of the node kind (0 for indirect nodes)
 */
public record NodeImage(int nid, int ino, NodeKind kind, int ofs, boolean coldMark, boolean fsyncMark,
                        boolean dentryMark, long cpVer, long nextBlkaddr, int[] blkaddrs, int nrAddrs, int[] nids,
                        InodeFields inode) implements F2fsBlock {

    @Override
    public BlockKind blockKind() {
        return BlockKind.NODE;
    }

    /** Snapshot with the in-memory address slots {@code addrs} (null for indirect nodes), packed as on disk. */
    public static NodeImage of(int nid, int ino, NodeKind kind, int ofs, boolean coldMark, boolean fsyncMark,
                               boolean dentryMark, long cpVer, long nextBlkaddr, long[] addrs, int[] nids, InodeFields inode) {
        return new NodeImage(nid, ino, kind, ofs, coldMark, fsyncMark, dentryMark, cpVer, nextBlkaddr, pack(addrs),
                addrs == null ? 0 : addrs.length, nids, inode);
    }

    /** The address slots as the in-memory node page holds them (a fresh array), or null for an indirect node. */
    public long[] addrs() {
        if (blkaddrs == null) return null;
        long[] a = new long[nrAddrs];
        for (int i = 0; i < blkaddrs.length; i++) a[i] = Integer.toUnsignedLong(blkaddrs[i]);
        return a;
    }

    static int[] pack(long[] addrs) {
        if (addrs == null) return null;
        int last = addrs.length - 1;
        while (last >= 0 && addrs[last] == 0) last--;
        int[] packed = new int[last + 1];
        for (int i = 0; i <= last; i++) {
            long a = addrs[i];
            if (a < 0 || a > 0xFFFFFFFFL) throw new IllegalArgumentException("block address beyond 32 bits: " + a);
            packed[i] = (int) a;
        }
        return packed;
    }
}
