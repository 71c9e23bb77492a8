package org.f2fsobs.engine.f2fs.node;

import org.f2fsobs.engine.f2fs.ondisk.NodeImage;

/**
 * The fields of {@code struct f2fs_inode} the model keeps (besides i_addr/i_nid, which live in the node page):
 * mutable in the inode page, copied into each written {@link NodeImage}.
 */
public final class InodeFields {
    public boolean directory;
    public long size;                 // i_size
    public int links = 1;             // i_links
    public long blocks;               // i_blocks (in 4 KiB units here)
    public int pino;                  // parent inode number
    public String name = "";          // i_name (used by roll-forward to re-create a dentry)
    public boolean compressed;        // F2FS_COMPR_FL
    public int compressAlgorithm;     // i_compress_algorithm (0 lzo, 1 lz4, 2 zstd, 3 lzo-rle)
    public int logClusterSize;        // i_log_cluster_size
    public int compressLevel;         // i_compress_level (bits 8..15 of i_compress_flag on disk; 0 = the algorithm's default)
    public long comprBlocks;          // i_compr_blocks
    public long generation;
    public long mtimeNs;

    public InodeFields copy() {
        InodeFields f = new InodeFields();
        f.directory = directory;
        f.size = size;
        f.links = links;
        f.blocks = blocks;
        f.pino = pino;
        f.name = name;
        f.compressed = compressed;
        f.compressAlgorithm = compressAlgorithm;
        f.logClusterSize = logClusterSize;
        f.compressLevel = compressLevel;
        f.comprBlocks = comprBlocks;
        f.generation = generation;
        f.mtimeNs = mtimeNs;
        return f;
    }
}
