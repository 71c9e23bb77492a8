package org.f2fsobs.engine.f2fs.recovery;

import static org.f2fsobs.engine.f2fs.F2fsConst.NEW_ADDR;
import org.f2fsobs.engine.f2fs.F2fsSbInfo.SbiFlag;
import static org.f2fsobs.engine.f2fs.F2fsConst.NULL_ADDR;

import java.util.TreeMap;
import java.util.function.BiConsumer;
import org.f2fsobs.engine.f2fs.F2fsConst;
import org.f2fsobs.engine.f2fs.F2fsException;
import org.f2fsobs.engine.f2fs.F2fsSbInfo;
import org.f2fsobs.engine.f2fs.checkpoint.CpReason;
import org.f2fsobs.engine.f2fs.dir.Dir;
import org.f2fsobs.engine.f2fs.inode.F2fsInode;
import org.f2fsobs.engine.f2fs.node.DnodeOfData;
import org.f2fsobs.engine.f2fs.node.NodeKind;
import org.f2fsobs.engine.f2fs.node.NodeManager;
import org.f2fsobs.engine.f2fs.node.NodePage;
import org.f2fsobs.engine.f2fs.ondisk.NodeImage;
import org.f2fsobs.engine.f2fs.segment.CursegType;
import org.f2fsobs.engine.sim.SimTask;

/**
 * Roll-forward recovery (fs/f2fs/recovery.c f2fs_recover_fsync_data): follow the WARM_NODE chain from the
 * checkpoint's next free block while the footers carry the current checkpoint version (find_fsync_dnodes),
 * collect the inodes with fsync-marked dnodes (re-creating those whose dentry mark says the name was never
 * checkpointed), then walk the chain again and apply each logged dnode (recover_inode, recover_dentry — which
 * replaces a checkpointed entry of the same name for another inode, as after an unlink and re-create —,
 * do_recover_data), move the data logs to new segments and write a CP_RECOVERY checkpoint.
 *
 * <p>As in 6.14, do_recover_data compares the checkpointed and the logged address of every slot: equal → skip,
 * NULL_ADDR → truncate, NEW_ADDR → re-reserve, a valid main-area block → replace; any other value, such as
 * COMPRESS_ADDR, is left as it was — compressed clusters are not recovered, and recover_inode does not restore
 * compression metadata such as i_compr_blocks.
 *
 * <p>The chain is read as the kernel reads it: each node block as a META_POR page of the meta mapping
 * (f2fs_get_tmp_folio, a synchronous read when it is not cached), the pages ahead read by sanity_check_node_chain's
 * fast pointer (Floyd's loop check, two steps per block) with f2fs_ra_meta_pages_cond — up to RECOVERY_MAX_RA_BLOCKS
 * at once, halved after a jump inside a segment (adjust_por_ra_blocks) — so the second walk finds them cached; at the
 * end the meta pages of the main area are dropped (truncate_inode_pages_range). The inodes, NAT entries, dnodes and
 * dentry blocks recovery touches are read through their own paths; every read is a bio through the block layer.
 */
public final class Recovery {
    private final F2fsSbInfo sbi;
    private final Dir dir;
    private final BiConsumer<SimTask, F2fsInode> evict;

    /** {@code evict}: f2fs_evict_inode of an inode whose last link recovery removed (its blocks and nodes freed). */
    public Recovery(F2fsSbInfo sbi, Dir dir, BiConsumer<SimTask, F2fsInode> evict) {
        this.sbi = sbi;
        this.dir = dir;
        this.evict = evict;
    }

    /**
     * What recovery found and did: node blocks of the chain walked (find_fsync_dnodes), inodes with fsync'd dnodes,
     * dnodes applied (do_recover_data calls, recover_data's recovered_dnode) and data blocks recovered.
     */
    public record Result(int nodesWalked, int inodes, int dnodesReplayed, int blocksRecovered) {}

    private static final class FsyncInodeEntry {
        final int ino;
        long blkaddr = -1;        // the inode's last fsync-marked dnode in the chain: recovery stops there
        long lastDentry = -1;

        FsyncInodeEntry(int ino) {
            this.ino = ino;
        }
    }

    public Result recoverFsyncData(SimTask t) {
        long start = sbi.smI().nextFreeBlkaddr(CursegType.WARM_NODE);
        long cpVer = sbi.cp().checkpointVer();
        TreeMap<Integer, FsyncInodeEntry> inodes = new TreeMap<>();
        sbi.setSbiFlag(SbiFlag.SBI_POR_DOING);
        int walked, nrInodes;
        int[] replayed = new int[2];                 // {dnodes, blocks}
        try {
            walked = findFsyncDnodes(t, start, cpVer, inodes);
            nrInodes = inodes.size();
            if (!inodes.isEmpty()) recoverData(t, start, cpVer, inodes, replayed);
        } finally {
            sbi.clearSbiFlag(SbiFlag.SBI_POR_DOING);
            // truncate meta pages to be used by the recovery
            sbi.meta().invalidate(sbi.layout().mainBlkaddr, Long.MAX_VALUE);
        }
        if (nrInodes == 0) return new Result(walked, 0, 0, 0);
        // f2fs_allocate_new_segments: recovered data blocks beyond the logs' checkpointed offsets must not be reused
        for (int temp = 0; temp < F2fsConst.NR_CURSEG_DATA_TYPE; temp++) sbi.smI().allocateNewSegment(t, CursegType.data(temp));
        sbi.stat().recoveredInodes += nrInodes;
        sbi.stat().recoveredBlocks += replayed[1];
        sbi.cp().writeCheckpoint(t, CpReason.CP_RECOVERY);
        return new Result(walked, nrInodes, replayed[0], replayed[1]);
    }

    /**
     * f2fs_recover_fsync_data(sbi, check_only = true), as a mount with disable_roll_forward runs it: whether a dnode
     * fsync'd since the checkpoint waits in the warm node log (the walk of find_fsync_dnodes, changing nothing).
     */
    public boolean hasFsyncData(SimTask t) {
        long blkaddr = sbi.smI().nextFreeBlkaddr(CursegType.WARM_NODE);
        long cpVer = sbi.cp().checkpointVer();
        ChainCheck chain = new ChainCheck(blkaddr);
        try {
            while (sbi.layout().isMainBlkaddr(blkaddr)) {
                NodeImage img = sbi.meta().getTmpNode(t, blkaddr);
                if (!isRecoverableDnode(img, cpVer)) return false;
                if (img.fsyncMark()) return true;
                blkaddr = img.nextBlkaddr();
                sanityCheckNodeChain(t, blkaddr, cpVer, chain);
            }
            return false;
        } finally {
            sbi.meta().invalidate(sbi.layout().mainBlkaddr, Long.MAX_VALUE);
        }
    }

    /**
     * is_recoverable_dnode + the walk of find_fsync_dnodes with sanity_check_node_chain: an entry per inode with an
     * fsync-marked dnode; an inode the checkpoint does not know is re-created from its first logged inode page that
     * carries the dentry mark (f2fs_recover_inode_page), once.
     */
    private int findFsyncDnodes(SimTask t, long start, long cpVer, TreeMap<Integer, FsyncInodeEntry> inodes) {
        long blkaddr = start;
        int walked = 0;
        ChainCheck chain = new ChainCheck(start);
        while (sbi.layout().isMainBlkaddr(blkaddr)) {
            NodeImage img = sbi.meta().getTmpNode(t, blkaddr);
            if (!isRecoverableDnode(img, cpVer)) break;
            walked++;
            if (img.fsyncMark()) {
                FsyncInodeEntry e = inodes.get(img.ino());
                if (e == null) {
                    if (img.kind() == NodeKind.INODE && img.dentryMark() && !inodeExists(t, img.ino())) recoverInodePage(t, img, blkaddr);
                    if (inodeExists(t, img.ino()) || sbi.nmI().getNodeInfo(t, img.ino()).blkaddr() == NEW_ADDR) {
                        e = new FsyncInodeEntry(img.ino());
                        inodes.put(img.ino(), e);
                    }
                }
                if (e != null) {
                    e.blkaddr = blkaddr;
                    if (img.kind() == NodeKind.INODE && img.dentryMark()) e.lastDentry = blkaddr;
                }
            }
            blkaddr = img.nextBlkaddr();
            sanityCheckNodeChain(t, blkaddr, cpVer, chain);
        }
        return walked;
    }

    /** is_recoverable_dnode: a node block written under the checkpoint being recovered. */
    private static boolean isRecoverableDnode(NodeImage img, long cpVer) {
        return img != null && img.cpVer() == cpVer;
    }

    /** sanity_check_node_chain's state: the fast pointer, and whether it still runs. */
    private static final class ChainCheck {
        long fast;
        boolean detecting = true;

        ChainCheck(long start) {
            this.fast = start;
        }
    }

    /**
     * sanity_check_node_chain: the fast pointer takes two steps, reading ahead from where it lands
     * (f2fs_ra_meta_pages_cond); meeting the slow one is a looped chain (EINVAL: mount fails, run fsck).
     */
    private void sanityCheckNodeChain(SimTask t, long blkaddr, long cpVer, ChainCheck c) {
        if (!c.detecting) return;
        int raBlocks = F2fsConst.RECOVERY_MAX_RA_BLOCKS;
        for (int i = 0; i < 2; i++) {
            if (!sbi.layout().isMainBlkaddr(c.fast)) {
                c.detecting = false;
                return;
            }
            NodeImage f = sbi.meta().getTmpNode(t, c.fast);
            if (!isRecoverableDnode(f, cpVer)) {
                c.detecting = false;
                return;
            }
            raBlocks = adjustPorRaBlocks(raBlocks, c.fast, f.nextBlkaddr());
            c.fast = f.nextBlkaddr();
            sbi.meta().raMetaPagesCond(t, c.fast, raBlocks);
        }
        if (c.fast == blkaddr) {
            throw new F2fsException("EINVAL", "Detect looped node chain on blkaddr:" + blkaddr + ". Run fsck to fix it.");
        }
    }

    /** adjust_por_ra_blocks: double while the chain runs on, halve after a jump inside a segment. */
    private static int adjustPorRaBlocks(int raBlocks, long blkaddr, long next) {
        if (blkaddr + 1 == next) return Math.min(F2fsConst.RECOVERY_MAX_RA_BLOCKS, raBlocks * 2);
        if (next % F2fsConst.BLKS_PER_SEG != 0) return Math.max(F2fsConst.RECOVERY_MIN_RA_BLOCKS, raBlocks / 2);
        return raBlocks;
    }

    private boolean inodeExists(SimTask t, int ino) {
        return F2fsConst.isValidBlkaddr(sbi.nmI().getNodeInfo(t, ino).blkaddr());
    }

    /**
     * recover_data: every logged dnode of a listed inode, up to and including its last fsync-marked one; counts
     * {dnodes applied, blocks recovered} into {@code replayed}.
     */
    private void recoverData(SimTask t, long start, long cpVer, TreeMap<Integer, FsyncInodeEntry> inodes, int[] replayed) {
        long blkaddr = start;
        int raBlocks = F2fsConst.RECOVERY_MAX_RA_BLOCKS;
        while (sbi.layout().isMainBlkaddr(blkaddr) && !inodes.isEmpty()) {
            NodeImage img = sbi.meta().getTmpNode(t, blkaddr);
            if (!isRecoverableDnode(img, cpVer)) break;
            FsyncInodeEntry e = inodes.get(img.ino());
            if (e != null) {
                if (img.kind() == NodeKind.INODE) recoverInode(t, img);
                if (e.lastDentry == blkaddr) recoverDentry(t, img);
                if (img.kind() != NodeKind.INDIRECT) replayed[1] += doRecoverData(t, img);
                replayed[0]++;
                if (e.blkaddr == blkaddr) inodes.remove(img.ino());
            }
            raBlocks = adjustPorRaBlocks(raBlocks, blkaddr, img.nextBlkaddr());
            blkaddr = img.nextBlkaddr();
            sbi.meta().raMetaPagesCond(t, blkaddr, raBlocks);
        }
    }

    /** f2fs_recover_inode_page: a fresh inode page from the logged one, with no data slots and NEW_ADDR in the NAT. */
    private void recoverInodePage(SimTask t, NodeImage img, long blkaddr) {
        NodeManager nm = sbi.nmI();
        NodePage p = nm.installRecovered(t, img, blkaddr);
        nm.recoverNodeAddr(t, img.ino(), NEW_ADDR);
        for (int i = 0; i < p.addrs.length; i++) p.addrs[i] = NULL_ADDR;   // data slots come from do_recover_data
        for (int i = 0; i < p.nids.length; i++) p.nids[i] = 0;
        nm.markDirty(p);
        sbi.icache().invalidate(img.ino());
    }

    /** recover_inode: size, links, name, flags from the logged inode page. */
    private void recoverInode(SimTask t, NodeImage img) {
        F2fsInode inode = sbi.icache().iget(t, img.ino());
        inode.isize = img.inode().size;
        inode.links = img.inode().links;
        inode.pino = img.inode().pino;
        inode.name = img.inode().name;
        inode.compressed = img.inode().compressed;            // i_flags
        sbi.icache().updateInode(t, inode);                      // i_compr_blocks stays as checkpointed
    }

    /**
     * recover_dentry: the name from the inode page goes into the parent directory. A checkpointed entry of that name
     * for another inode (a file unlinked and re-created since the checkpoint) is deleted first, dropping that inode's
     * link (f2fs_delete_entry; its last link gone, iput evicts it).
     */
    private void recoverDentry(SimTask t, NodeImage img) {
        F2fsInode parent = sbi.icache().iget(t, img.inode().pino);
        dir.forget(parent.ino);
        String name = img.inode().name;
        var de = dir.lookup(t, parent, name);
        if (de != null && de.ino() == img.ino()) return;
        if (de != null) {
            F2fsInode einode = sbi.icache().iget(t, de.ino());
            dir.deleteEntry(t, parent, name);
            einode.links--;
            einode.markDirty();
            if (einode.links == 0 && !einode.directory) evict.accept(t, einode);
        }
        dir.addLink(t, parent, name, img.ino(), img.inode().directory);
    }

    /** do_recover_data for one logged dnode. */
    private int doRecoverData(SimTask t, NodeImage img) {
        NodeManager nm = sbi.nmI();
        F2fsInode inode = sbi.icache().iget(t, img.ino());
        long startIndex = startBidxOfNode(img);
        long[] logged = img.addrs();
        int recovered = 0;
        for (int i = 0; i < logged.length; i++) {
            long index = startIndex + i;
            long dest = logged[i];
            DnodeOfData dn = nm.getDnodeOfData(t, inode.inodePage(), index, dest != NULL_ADDR);
            if (dn == null) continue;
            long src = dn.dataBlkaddr();
            if (src == dest) continue;
            if (dest == NULL_ADDR) {
                if (F2fsConst.isValidBlkaddr(src)) sbi.smI().invalidateBlocks(t, src, 1);
                nm.setDataBlkaddr(dn, NULL_ADDR);
                continue;
            }
            if (dest == NEW_ADDR) {
                if (F2fsConst.isValidBlkaddr(src)) sbi.smI().invalidateBlocks(t, src, 1);
                nm.setDataBlkaddr(dn, NEW_ADDR);
                continue;
            }
            if (!sbi.layout().isMainBlkaddr(dest)) continue;     // COMPRESS_ADDR and anything else: not handled
            // f2fs_replace_block: dest becomes valid, src (if any) invalid
            sbi.smI().replaceBlock(t, F2fsConst.isValidBlkaddr(src) ? src : NULL_ADDR, dest,
                    new org.f2fsobs.engine.f2fs.segment.SegmentManager.Summary(dn.nid(), dn.ofsInNode(), (byte) 0));
            nm.setDataBlkaddr(dn, dest);
            recovered++;
        }
        return recovered;
    }

    /** start_bidx_of_node: the first file block a dnode maps. */
    static long startBidxOfNode(NodeImage img) {
        if (img.kind() == NodeKind.INODE) return 0;
        int ofs = img.ofs();
        int indirectBlks = 2 * F2fsConst.NIDS_PER_BLOCK + 4;
        long bidx;
        if (ofs <= 2) {
            bidx = ofs - 1;
        } else if (ofs <= indirectBlks) {
            int dec = (ofs - 4) / (F2fsConst.NIDS_PER_BLOCK + 1);
            bidx = ofs - 2 - dec;
        } else {
            int dec = (ofs - indirectBlks - 3) / (F2fsConst.NIDS_PER_BLOCK + 1);
            bidx = ofs - 5 - dec;
        }
        return bidx * F2fsConst.DEF_ADDRS_PER_BLOCK + F2fsConst.DEF_ADDRS_PER_INODE;
    }
}
