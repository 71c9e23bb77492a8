package org.f2fsobs.engine.f2fs.node;

import org.f2fsobs.engine.f2fs.F2fsConst;
import org.f2fsobs.engine.f2fs.ondisk.NodeImage;

/**
 * A node page in the node inode's page cache: an inode (i_addr[923] + i_nid[5]), a direct node (1018 addresses)
 * or an indirect node (1018 nids). Mutable; {@link #image} snapshots it for writing.
 */
public final class NodePage {
    public final int nid;
    public final int ino;
    public final NodeKind kind;
    /** Node offset in the inode's tree (get_node_path noffset): 0 = inode. */
    public final int ofs;
    public final long[] addrs;
    public final int[] nids;
    public final InodeFields inode;
    boolean dirty;
    int writeback;
    /** Marks set for the next write (fsync path). */
    boolean fsyncMark;
    boolean dentryMark;
    /** The address of the last written copy (0 before the first write). */
    long blkaddr;

    NodePage(int nid, int ino, NodeKind kind, int ofs) {
        this.nid = nid;
        this.ino = ino;
        this.kind = kind;
        this.ofs = ofs;
        switch (kind) {
            case INODE -> {
                addrs = new long[F2fsConst.DEF_ADDRS_PER_INODE];
                nids = new int[F2fsConst.DEF_NIDS_PER_INODE];
                inode = new InodeFields();
            }
            case DIRECT -> {
                addrs = new long[F2fsConst.DEF_ADDRS_PER_BLOCK];
                nids = null;
                inode = null;
            }
            default -> {
                addrs = null;
                nids = new int[F2fsConst.NIDS_PER_BLOCK];
                inode = null;
            }
        }
    }

    static NodePage fromImage(NodeImage img) {
        NodePage p = new NodePage(img.nid(), img.ino(), img.kind(), img.ofs());
        int[] packed = img.blkaddrs();
        if (packed != null) for (int i = 0; i < packed.length; i++) p.addrs[i] = Integer.toUnsignedLong(packed[i]);
        if (img.nids() != null) System.arraycopy(img.nids(), 0, p.nids, 0, p.nids.length);
        if (img.inode() != null) copyInode(img.inode(), p.inode);
        return p;
    }

    private static void copyInode(InodeFields from, InodeFields to) {
        InodeFields c = from.copy();
        to.directory = c.directory;
        to.size = c.size;
        to.links = c.links;
        to.blocks = c.blocks;
        to.pino = c.pino;
        to.name = c.name;
        to.compressed = c.compressed;
        to.compressAlgorithm = c.compressAlgorithm;
        to.logClusterSize = c.logClusterSize;
        to.compressLevel = c.compressLevel;
        to.comprBlocks = c.comprBlocks;
        to.generation = c.generation;
        to.mtimeNs = c.mtimeNs;
    }

    /** IS_DNODE: inodes and direct nodes hold data addresses. */
    public boolean isDnode() {
        return kind != NodeKind.INDIRECT;
    }

    public boolean dirty() { return dirty; }
    public boolean underWriteback() { return writeback > 0; }
    public long blkaddr() { return blkaddr; }

    /** Data address slot {@code ofs} of a dnode (inode or direct node). */
    public long dataBlkaddr(int ofsInNode) {
        return addrs[ofsInNode];
    }

    NodeImage image(long cpVer, long nextBlkaddr) {
        return NodeImage.of(nid, ino, kind, ofs, kind != NodeKind.INODE || inode == null || !inode.directory,
                fsyncMark, dentryMark, cpVer, nextBlkaddr, addrs, nids == null ? null : nids.clone(),
                inode == null ? null : inode.copy());
    }
}
