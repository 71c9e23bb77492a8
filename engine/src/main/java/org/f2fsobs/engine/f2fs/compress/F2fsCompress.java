package org.f2fsobs.engine.f2fs.compress;

import static org.f2fsobs.engine.f2fs.F2fsConst.NULL_ADDR;

import org.f2fsobs.engine.f2fs.F2fsSbInfo;
import org.f2fsobs.engine.f2fs.data.DataReader;
import org.f2fsobs.engine.f2fs.data.DataWriter;
import org.f2fsobs.engine.f2fs.file.FileOps;
import org.f2fsobs.engine.f2fs.inode.F2fsInode;
import org.f2fsobs.engine.f2fs.node.DnodeOfData;
import org.f2fsobs.engine.kernel.mm.vmalloc.Vmalloc;
import org.f2fsobs.engine.sim.SimTask;

/**
 * fs/f2fs/compress.c for one mounted volume: installs the cluster writer ({@link CompressWriter}) into
 * {@link DataWriter}, the cluster reader ({@link CompressReader}) into {@link DataReader}, and the write_begin hooks
 * ({@code f2fs_prepare_compress_overwrite}, {@code f2fs_reserve_block}) into {@link FileOps}; maps buffers through the
 * machine's vmalloc model ({@link F2fsVmap}); runs read-side decompression where the era says
 * ({@code kernel.decompress_context}). Only regular files are compressed files ({@code f2fs_compressed_file}):
 * directories carry the flag for inheritance and keep the plain paths.
 */
public final class F2fsCompress implements FileOps.CompressHooks {
    final F2fsSbInfo sbi;
    final DataWriter writer;
    final DataReader reader;
    final F2fsVmap vmap;
    /** 2020 (P2's kernel): decompression, with its vmap/vunmap, in a post_read_wq kworker. 6.14: "completion". */
    final boolean decompressInWorkqueue;
    /** f2fs_post_read_wq: 2020 decompression; 6.14 deferred f2fs_late_free_dic (the unmaps). */
    final PostReadWq postReadWq;
    /** 6.14 only: softirq completion context, one thread per CPU. */
    final PostReadWq softirq;
    /** By i_compress_algorithm × 32 + i_compress_level (a level fits in 5 bits: lz4hc 3..16). */
    private final CompressOps[] cops = new CompressOps[3 * 32];
    private final CompressWriter clusterWriter;
    private final CompressReader clusterReader;

    private F2fsCompress(F2fsSbInfo sbi, DataWriter writer, DataReader reader, Vmalloc vm) {
        this.sbi = sbi;
        this.writer = writer;
        this.reader = reader;
        this.vmap = new F2fsVmap(vm, sbi.opts().optimizations().vmMapRam());
        String ctx = sbi.machine().profile().kernel().decompressContext();
        this.decompressInWorkqueue = ctx.equals("workqueue");
        int cpus = sbi.machine().profile().cpu().count();
        this.postReadWq = PostReadWq.unbound(sbi.sim(), "kworker/f2fs_post_read_wq", cpus);
        this.softirq = decompressInWorkqueue ? null : PostReadWq.perCpu(sbi.sim(), "softirq/f2fs_read_end_io", cpus);
        this.clusterWriter = new CompressWriter(this);
        this.clusterReader = new CompressReader(this);
    }

    /** Creates the compression layer of a volume and plugs it into the data and file layers. */
    public static F2fsCompress install(F2fsSbInfo sbi, DataWriter writer, DataReader reader, FileOps ops, Vmalloc vm) {
        F2fsCompress c = new F2fsCompress(sbi, writer, reader, vm);
        writer.setClusterWriter(c.clusterWriter);
        reader.setClusterReader(c.clusterReader);
        ops.setCompressHooks(c);
        return c;
    }

    CompressReader clusterReader() {
        return clusterReader;
    }

    public Vmalloc vmalloc() {
        return vmap.vmalloc();
    }

    /**
     * set_compress_new_inode (namei.c) for a new regular file called {@code name} in a directory whose compression flag
     * is {@code dirCompressed}: a nocompress_extension match makes it uncompressed, a compress_extension match (or "*")
     * compressed, otherwise it inherits the directory's flag. Departure: the superblock's hot extension list (files
     * never compressed) is not kept.
     */
    public static boolean newFileCompressed(F2fsSbInfo sbi, boolean dirCompressed, String name) {
        if (!sbi.sb().hasCompression()) return dirCompressed;
        for (String ext : sbi.opts().nocompressExtensions()) if (isExtensionExist(name, ext)) return false;
        for (String ext : sbi.opts().compressExtensions()) if (isExtensionExist(name, ext)) return true;
        return dirCompressed;
    }

    /** is_extension_exist(s, sub, tmp_ext = false): "*", or the name ends in "." + sub (case-insensitive) after a stem. */
    static boolean isExtensionExist(String s, String sub) {
        if (sub.equals("*")) return true;
        if (s.length() < sub.length() + 2) return false;
        if (s.charAt(s.length() - sub.length() - 1) != '.') return false;
        return s.regionMatches(true, s.length() - sub.length(), sub, 0, sub.length());
    }

    /** f2fs_compressed_file: a regular file with the compression flag. */
    static boolean compressedFile(F2fsInode inode) {
        return inode.compressed && !inode.directory;
    }

    /**
     * f2fs_cops[fi->i_compress_algorithm] with fi->i_compress_level (lz4_compress_pages picks LZ4_compress_HC when it is
     * set): one codec instance per volume, algorithm and level.
     */
    CompressOps cops(F2fsInode inode) {
        int id = inode.compressAlgorithm;
        int level = inode.compressLevel;
        if (id < 0 || id >= 3 || level < 0 || level >= 32) return Codecs.create(id, level);   // refuses lzo-rle, unknown ids
        int key = id * 32 + level;
        if (cops[key] == null) cops[key] = Codecs.create(id, level);
        return cops[key];
    }

    // ------------------------------------------------------------------ FileOps.CompressHooks

    /**
     * f2fs_prepare_compress_overwrite + f2fs_compress_write_end: before page {@code index} of a cluster that is
     * compressed on disk is written, the whole cluster is read (decompressed) and every page of it is marked dirty,
     * so writeback recompresses it as a whole. A raw cluster is left alone. Departure: the kernel does this in
     * write_begin only for partial-page writes and at writeback for full-page writes; here it happens in write_begin
     * for both (the same reads and the same rewrite, at an earlier moment).
     */
    @Override
    public void prepareOverwrite(SimTask t, F2fsInode inode, long index) {
        if (!compressedFile(inode)) return;
        clusterReader.prepareCompressOverwrite(t, inode, index);
    }

    /** f2fs_reserve_block in prepare_write_begin: the page's slot takes NEW_ADDR if it had no block. */
    @Override
    public void reserveForWrite(SimTask t, F2fsInode inode, long index) {
        if (!compressedFile(inode)) return;
        sbi.cpRwsem().downRead(t);                           // f2fs_do_map_lock
        try {
            DnodeOfData dn = sbi.nmI().getDnodeOfData(t, inode.inodePage(), index, true);
            if (dn.dataBlkaddr() == NULL_ADDR) writer.reserveNewBlock(dn);
        } finally {
            sbi.cpRwsem().upRead(t);
        }
    }
}
