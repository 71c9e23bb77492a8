package org.f2fsobs.engine.f2fs.compress;

import org.f2fsobs.engine.f2fs.inode.F2fsInode;
import org.f2fsobs.engine.kernel.mm.CachePage;

/**
 * Mirrors {@code struct compress_ctx} (fs/f2fs/f2fs.h): the pages of one cluster gathered for writeback or for a
 * read, and, once compressed, the compressed pages ({@code cpages}, here one byte array of {@code nrCpages} blocks)
 * with the virtual addresses their mappings got from the vmalloc model.
 */
final class CompressCtx {
    static final long NULL_CLUSTER = -1;

    final F2fsInode inode;
    final int logClusterSize;               // log of cluster size
    final int clusterSize;                  // page count in cluster
    long clusterIdx = NULL_CLUSTER;         // cluster index number
    final CachePage[] rpages;               // pages store raw data in cluster
    int nrRpages;                           // # of raw pages in cluster
    byte[] cbuf;                            // compressed pages: header + cdata, nrCpages blocks
    int nrCpages;                           // # of compressed pages allocated (the output budget's)
    int validNrCpages;                      // # of valid compressed pages after compression
    final int rlen;                         // valid data length in rbuf
    int clen;                               // valid data length in cbuf
    long rbufAddr;                          // virtual mapping address of rpages
    long cbufAddr;                          // virtual mapping address of cpages

    CompressCtx(F2fsInode inode) {
        this.inode = inode;
        this.logClusterSize = inode.logClusterSize;
        this.clusterSize = inode.clusterSize();
        this.rpages = new CachePage[clusterSize];
        this.rlen = 4096 * clusterSize;
    }

    /** start_idx_of_cluster */
    long startIdx() {
        return clusterIdx << logClusterSize;
    }

    /** f2fs_cluster_is_empty */
    boolean isEmpty() {
        return nrRpages == 0;
    }

    /** f2fs_cluster_is_full */
    boolean isFull() {
        return nrRpages == clusterSize;
    }

    /** f2fs_cluster_can_merge_page */
    boolean canMergePage(long index) {
        return isEmpty() || clusterIdx == index >> logClusterSize;
    }

    /** f2fs_compress_ctx_add_page */
    void addPage(CachePage page) {
        if (!canMergePage(page.index())) throw new IllegalStateException("page " + page.index() + " not in cluster " + clusterIdx);
        rpages[(int) (page.index() & (clusterSize - 1))] = page;
        nrRpages++;
        clusterIdx = page.index() >> logClusterSize;
    }
}
