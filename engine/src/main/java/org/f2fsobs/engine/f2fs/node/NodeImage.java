package org.f2fsobs.engine.f2fs.node;

/**
 * The on-disk form of a node block ({@code struct f2fs_node}): body plus {@code struct node_footer} (nid, ino,
 * flag with cold/fsync/dentry marks and the node offset, cp_ver, next_blkaddr). Immutable: a snapshot taken when
 * the node page is written.
 *
 * @param ofs         node offset within the inode's tree (0 for the inode)
 * @param cpVer       checkpoint version the node was written under (with the CRC, is_recoverable_dnode)
 * @param nextBlkaddr next free block address of the log after this node: the roll-forward chain
 */
public record NodeImage(int nid, int ino, NodeKind kind, int ofs, boolean coldMark, boolean fsyncMark,
                        boolean dentryMark, long cpVer, long nextBlkaddr, long[] addrs, int[] nids, InodeFields inode) {
}
