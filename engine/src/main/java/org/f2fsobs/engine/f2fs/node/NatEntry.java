package org.f2fsobs.engine.f2fs.node;

/** Mirrors {@code struct nat_entry} / {@code struct node_info}: where a node lives, cached in memory. */
public final class NatEntry {
    final int nid;
    int ino;
    long blkaddr;
    byte version;
    boolean dirty;
    /** IS_CHECKPOINTED: the address is the one the last checkpoint knows. */
    boolean checkpointed = true;
    /** HAS_FSYNCED_INODE / HAS_LAST_FSYNC flags */
    boolean fsyncedInode;
    boolean lastFsync;

    NatEntry(int nid, int ino, long blkaddr, byte version) {
        this.nid = nid;
        this.ino = ino;
        this.blkaddr = blkaddr;
        this.version = version;
    }

    public int nid() { return nid; }
    public int ino() { return ino; }
    public long blkaddr() { return blkaddr; }
    public byte version() { return version; }
    public boolean checkpointed() { return checkpointed; }
}
