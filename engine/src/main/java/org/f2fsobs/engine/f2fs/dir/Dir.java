package org.f2fsobs.engine.f2fs.dir;

import static org.f2fsobs.engine.f2fs.F2fsConst.NR_DENTRY_IN_BLOCK;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.f2fsobs.engine.f2fs.F2fsException;
import org.f2fsobs.engine.f2fs.F2fsSbInfo;
import org.f2fsobs.engine.f2fs.data.DataReader;
import org.f2fsobs.engine.f2fs.data.DataWriter;
import org.f2fsobs.engine.f2fs.inode.F2fsInode;
import org.f2fsobs.engine.f2fs.node.DnodeOfData;
import org.f2fsobs.engine.f2fs.ondisk.Blocks;
import org.f2fsobs.engine.f2fs.ondisk.DentryBlock;
import org.f2fsobs.engine.kernel.mm.CachePage;
import org.f2fsobs.engine.sim.SimTask;

/**
 * fs/f2fs/dir.c and namei.c, reduced: a directory's dentry blocks are data pages of the directory (HOT_DATA,
 * written by checkpoints) holding {@link DentryBlock} images; lookup, add_link and delete_entry read and modify
 * them. Departure: a linear list of blocks instead of the kernel's hash levels.
 */
public final class Dir {
    private final F2fsSbInfo sbi;
    private final DataReader reader;
    private final DataWriter writer;
    private final TreeMap<Integer, TreeMap<String, Slot>> loaded = new TreeMap<>();

    private record Slot(DentryBlock.Dentry dentry, long page) {}

    public Dir(F2fsSbInfo sbi, DataReader reader, DataWriter writer) {
        this.sbi = sbi;
        this.reader = reader;
        this.writer = writer;
    }

    private TreeMap<String, Slot> load(SimTask t, F2fsInode dir) {
        TreeMap<String, Slot> m = loaded.get(dir.ino);
        if (m != null) return m;
        m = new TreeMap<>();
        long nblocks = (dir.isize + 4095) >>> 12;
        for (long i = 0; i < nblocks; i++) {
            CachePage p = reader.readPage(t, dir, i);
            for (DentryBlock.Dentry d : Blocks.dentry(p.meta).entries()) m.put(d.name(), new Slot(d, i));
        }
        loaded.put(dir.ino, m);
        return m;
    }

    /** f2fs_find_entry */
    public DentryBlock.Dentry lookup(SimTask t, F2fsInode dir, String name) {
        Slot s = load(t, dir).get(name);
        return s == null ? null : s.dentry();
    }

    public List<DentryBlock.Dentry> list(SimTask t, F2fsInode dir) {
        List<DentryBlock.Dentry> out = new ArrayList<>();
        for (Slot s : load(t, dir).values()) out.add(s.dentry());
        return out;
    }

    /** f2fs_add_link: the first block with a free slot, or a new block at the end of the directory. */
    public void addLink(SimTask t, F2fsInode dir, String name, int ino, boolean isDir) {
        TreeMap<String, Slot> m = load(t, dir);
        if (m.containsKey(name)) throw new F2fsException("EEXIST", "'" + name + "' exists");
        long nblocks = (dir.isize + 4095) >>> 12;
        long target = -1;
        for (long i = 0; i < nblocks && target < 0; i++) {
            CachePage p = reader.readPage(t, dir, i);
            if (Blocks.dentry(p.meta).entries().size() < NR_DENTRY_IN_BLOCK) target = i;
        }
        DentryBlock.Dentry d = new DentryBlock.Dentry(name, ino, isDir);
        if (target < 0) {
            target = nblocks;
            DnodeOfData dn = sbi.nmI().getDnodeOfData(t, dir.inodePage(), target, true);
            writer.reserveNewBlock(dn);
            CachePage p = dir.mapping().add(t, target);
            p.meta = new DentryBlock(List.of(d));
            p.setUptodate();
            markPageDirty(dir, p);
            dir.isize = (target + 1) << 12;
            dir.markDirty();
        } else {
            CachePage p = reader.readPage(t, dir, target);
            List<DentryBlock.Dentry> e = new ArrayList<>(Blocks.dentry(p.meta).entries());
            e.add(d);
            p.meta = new DentryBlock(List.copyOf(e));
            markPageDirty(dir, p);
        }
        m.put(name, new Slot(d, target));
    }

    /** f2fs_delete_entry */
    public void deleteEntry(SimTask t, F2fsInode dir, String name) {
        TreeMap<String, Slot> m = load(t, dir);
        Slot s = m.remove(name);
        if (s == null) throw new F2fsException("ENOENT", "'" + name + "' not found");
        CachePage p = reader.readPage(t, dir, s.page());
        List<DentryBlock.Dentry> e = new ArrayList<>(Blocks.dentry(p.meta).entries());
        e.removeIf(x -> x.name().equals(name));
        p.meta = new DentryBlock(List.copyOf(e));
        markPageDirty(dir, p);
    }

    /** The first dentry block of a new directory ("." and ".."). */
    public void makeEmpty(SimTask t, F2fsInode dir, int parentIno) {
        DnodeOfData dn = sbi.nmI().getDnodeOfData(t, dir.inodePage(), 0, true);
        writer.reserveNewBlock(dn);
        CachePage p = dir.mapping().add(t, 0);
        p.meta = new DentryBlock(List.of(new DentryBlock.Dentry(".", dir.ino, true), new DentryBlock.Dentry("..", parentIno, true)));
        p.setUptodate();
        markPageDirty(dir, p);
        dir.isize = 4096;
        dir.markDirty();
        TreeMap<String, Slot> m = new TreeMap<>();
        m.put(".", new Slot(new DentryBlock.Dentry(".", dir.ino, true), 0));
        m.put("..", new Slot(new DentryBlock.Dentry("..", parentIno, true), 0));
        loaded.put(dir.ino, m);
    }

    private void markPageDirty(F2fsInode dir, CachePage p) {
        if (dir.mapping().setDirty(p)) writer.incDirty(dir);
    }

    /** Forget cached entries (after roll-forward recovery re-creates dentries). */
    public void forget(int ino) {
        loaded.remove(ino);
    }
}
