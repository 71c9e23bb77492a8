package org.f2fsobs.engine.f2fs.compress;

import static org.f2fsobs.engine.f2fs.F2fsConst.COMPRESS_ADDR;
import static org.f2fsobs.engine.f2fs.F2fsConst.NULL_ADDR;

import org.f2fsobs.engine.f2fs.F2fsConst;
import org.f2fsobs.engine.f2fs.F2fsSbInfo;
import org.f2fsobs.engine.f2fs.inode.F2fsInode;
import org.f2fsobs.engine.f2fs.node.DnodeOfData;
import org.f2fsobs.engine.sim.SimTask;

/**
 * The {@code cluster_size} address slots of one cluster, each through the dnode that holds it. The kernel aligns
 * {@code ADDRS_PER_INODE}/{@code ADDRS_PER_BLOCK} of a compressed inode down to the cluster size so a cluster never
 * straddles two dnodes; this model keeps the fixed 923/1018 layout of the node manager, so a cluster may straddle
 * and each slot is addressed through its own dnode (departure: node counts differ by a few slots per dnode).
 */
final class ClusterSlots {
    private final F2fsSbInfo sbi;
    private final DnodeOfData[] dn;

    private ClusterSlots(F2fsSbInfo sbi, DnodeOfData[] dn) {
        this.sbi = sbi;
        this.dn = dn;
    }

    /** f2fs_get_dnode_of_data for the cluster starting at {@code start}; with {@code alloc} missing nodes are created. */
    static ClusterSlots lookup(SimTask t, F2fsSbInfo sbi, F2fsInode inode, long start, int clusterSize, boolean alloc) {
        DnodeOfData[] dn = new DnodeOfData[clusterSize];
        DnodeOfData first = sbi.nmI().getDnodeOfData(t, inode.inodePage(), start, alloc);
        for (int i = 0; i < clusterSize; i++) {
            if (first != null && first.ofsInNode() + i < first.nodePage().addrs.length) {
                dn[i] = new DnodeOfData(first.inodePage(), first.nodePage(), first.ofsInNode() + i);
            } else if (i > 0) {
                dn[i] = sbi.nmI().getDnodeOfData(t, inode.inodePage(), start + i, alloc);
            }
        }
        return new ClusterSlots(sbi, dn);
    }

    int size() {
        return dn.length;
    }

    /** data_blkaddr of slot i (NULL_ADDR when its dnode does not exist). */
    long addr(int i) {
        return dn[i] == null ? NULL_ADDR : dn[i].dataBlkaddr();
    }

    DnodeOfData dnode(int i) {
        return dn[i];
    }

    /** f2fs_update_data_blkaddr */
    void set(int i, long blkaddr) {
        sbi.nmI().setDataBlkaddr(dn[i], blkaddr);
    }

    /** Slot 0 holds COMPRESS_ADDR. */
    boolean compressed() {
        return addr(0) == COMPRESS_ADDR;
    }

    /** f2fs_compressed_blocks (__f2fs_cluster_blocks, compr=true): 1 + valid compressed blocks, or 0 if not compressed. */
    int compressedBlocks() {
        if (!compressed()) return 0;
        int n = 1;
        for (int i = 1; i < dn.length; i++) if (F2fsConst.isValidBlkaddr(addr(i))) n++;
        return n;
    }

    /** The leading valid block addresses after COMPRESS_ADDR: nr_cpages of f2fs_read_multi_pages. */
    int nrCpages() {
        int n = 0;
        for (int i = 1; i < dn.length && F2fsConst.isValidBlkaddr(addr(i)); i++) n++;
        return n;
    }
}
