package org.f2fsobs.engine.f2fs.compress;

import org.f2fsobs.engine.f2fs.inode.F2fsInode;
import org.f2fsobs.engine.kernel.mm.CachePage;

/**
 * Mirrors {@code struct decompress_io_ctx} (fs/f2fs/f2fs.h): one compressed cluster being read. {@code rpages} are
 * the page-cache pages to fill (null where a page of the cluster is not being read: the kernel decompresses those
 * into temporary pages, {@code tpages}); {@code cpageRefs} receive the content of the compressed blocks as their
 * reads complete; the last one triggers decompression. {@code refcnt} is the I/O reference count whose last drop
 * frees the context (and, in 6.14, unmaps the buffers).
 */
final class DecompressIoCtx {
    final F2fsInode inode;
    final long clusterIdx;                  // cluster index number
    final int clusterSize;                  // page count in cluster
    final int logClusterSize;               // log of cluster size
    final CachePage[] rpages;               // pages store raw data in cluster
    final int nrCpages;                     // total page number in cpages
    final long[] cpageRefs;                 // content of the compressed pages, filled at read completion
    long clusterTag;                        // write identity of the first compressed page (WriteTags), simulator only
    int remainingPages;                     // number of compressed pages remaining to be read
    int refcnt;                             // I/O references held by bios, plus one for decompression
    boolean failed;                         // IO error occurred before decompression?
    int clen;                               // valid data length in cbuf
    long rbufAddr;                          // virtual mapping address of rpages/tpages
    long cbufAddr;                          // virtual mapping address of cpages

    DecompressIoCtx(CompressCtx cc, int nrCpages) {
        this.inode = cc.inode;
        this.clusterIdx = cc.clusterIdx;
        this.clusterSize = cc.clusterSize;
        this.logClusterSize = cc.logClusterSize;
        this.rpages = cc.rpages.clone();
        this.nrCpages = nrCpages;
        this.cpageRefs = new long[nrCpages];
        this.remainingPages = nrCpages;
        this.refcnt = 1;
    }
}
