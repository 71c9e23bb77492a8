package org.f2fsobs.engine.f2fs.inode;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.f2fsobs.engine.f2fs.F2fsException;
import org.f2fsobs.engine.f2fs.F2fsSbInfo;
import org.f2fsobs.engine.f2fs.node.InodeFields;
import org.f2fsobs.engine.f2fs.node.NodeKind;
import org.f2fsobs.engine.f2fs.node.NodePage;
import org.f2fsobs.engine.kernel.mm.AddressSpaceOps;
import org.f2fsobs.engine.sim.SimTask;

/**
 * The inode cache and fs/f2fs/inode.c: f2fs_iget (read the inode page, build the in-memory inode),
 * f2fs_new_inode, f2fs_update_inode (copy the in-memory fields into the inode page), the dirty inode list that
 * checkpoints write (f2fs_sync_inode_meta), and eviction.
 */
public final class InodeCache {
    private final F2fsSbInfo sbi;
    private final AddressSpaceOps ops;
    private final TreeMap<Integer, F2fsInode> inodes = new TreeMap<>();

    public InodeCache(F2fsSbInfo sbi, AddressSpaceOps ops) {
        this.sbi = sbi;
        this.ops = ops;
    }

    /** f2fs_iget */
    public F2fsInode iget(SimTask t, int ino) {
        F2fsInode i = inodes.get(ino);
        if (i != null) return i;
        NodePage page = sbi.nmI().getNodePage(t, ino);
        if (page.kind != NodeKind.INODE) throw new F2fsException("EFSCORRUPTED", "node " + ino + " is not an inode");
        i = new F2fsInode(sbi, ino, page);
        i.mapping = sbi.mm().newMapping(i, ops, "ino " + ino);
        inodes.put(ino, i);
        return i;
    }

    public F2fsInode cached(int ino) {
        return inodes.get(ino);
    }

    /** f2fs_new_inode: a new inode with its inode page (dirty) and NAT entry. */
    public F2fsInode newInode(SimTask t, boolean directory, int pino, String name, boolean compressed, int algorithm, int level, int logClusterSize) {
        int ino = sbi.nmI().allocNid();
        NodePage page = sbi.nmI().newInodePage(t, ino);
        InodeFields f = page.inode;
        f.directory = directory;
        f.links = directory ? 2 : 1;
        f.pino = pino;
        f.name = name;
        f.compressed = compressed;
        f.compressAlgorithm = algorithm;
        f.compressLevel = level;
        f.logClusterSize = logClusterSize;
        f.mtimeNs = sbi.sim().nowNs();
        F2fsInode i = new F2fsInode(sbi, ino, page);
        i.mapping = sbi.mm().newMapping(i, ops, "ino " + ino);
        i.markDirty();
        inodes.put(ino, i);
        return i;
    }

    /** f2fs_update_inode_page: the inode page takes the in-memory fields and becomes dirty. */
    public void updateInode(SimTask t, F2fsInode i) {
        InodeFields f = i.inodePage.inode;
        f.size = i.isize;
        f.links = i.links;
        f.pino = i.pino;
        f.name = i.name;
        f.compressed = i.compressed;
        f.compressAlgorithm = i.compressAlgorithm;
        f.logClusterSize = i.logClusterSize;
        f.compressLevel = i.compressLevel;
        f.comprBlocks = i.comprBlocks;
        f.mtimeNs = sbi.sim().nowNs();
        sbi.nmI().markDirty(i.inodePage);
        i.fiDirtyInode = false;
    }

    /** f2fs_sync_inode_meta: refresh the inode page of every dirty inode (checkpoint, umount). */
    public void syncInodeMeta(SimTask t) {
        for (F2fsInode i : inodes.values()) if (i.fiDirtyInode) updateInode(t, i);
    }

    /** Every cached inode, ascending ino. */
    public List<F2fsInode> all() {
        return new ArrayList<>(inodes.values());
    }

    public void forget(int ino) {
        inodes.remove(ino);
    }

    /** Re-reads an inode page after recovery replaced it (drops the cached inode). */
    public void invalidate(int ino) {
        inodes.remove(ino);
    }
}
