package org.f2fsobs.engine.f2fs.data;

import org.f2fsobs.engine.f2fs.F2fsSbInfo;
import org.f2fsobs.engine.kernel.block.Bio;
import org.f2fsobs.engine.kernel.block.ReqOp;
import org.f2fsobs.engine.platform.CpuOp;
import org.f2fsobs.engine.sim.SimMutex;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.device.MetaImage;

/**
 * Mirrors {@code struct f2fs_bio_info} ({@code sbi->write_io[type][temp]}) and f2fs_submit_page_write: one bio
 * being built per (page type, temperature); a page joins it when its block follows the last one and the request
 * flags match, otherwise the bio goes to the block layer and a new one starts. Bios hold up to BIO_MAX_VECS pages
 * (1 MiB). Callers append in allocation order (f2fs queues fios on io_list under curseg_mutex), so pages of
 * different inodes interleaved in a log still merge into large bios.
 */
public final class WriteIo {
    private final F2fsSbInfo sbi;
    private final PageType type;
    private final int temp;
    private final SimMutex ioRwsem;
    private Bio bio;
    private long lastBlockInBio = -2;
    private int bioFlags;
    private final java.util.TreeSet<Integer> inosInBio = new java.util.TreeSet<>();

    public WriteIo(F2fsSbInfo sbi, PageType type, int temp) {
        this.sbi = sbi;
        this.type = type;
        this.temp = temp;
        this.ioRwsem = new SimMutex(sbi.sim(), "io_rwsem[" + type.name().toLowerCase(java.util.Locale.ROOT) + "][" + temp + "]",
                sbi.machine().account(CpuOp.LOCK), sbi.machine().costPs(CpuOp.LOCK));
    }

    public PageType type() { return type; }
    public int temp() { return temp; }

    /** f2fs_submit_page_write for one metadata page (node, checkpoint): its image, no write identity. */
    public void submitPageWrite(SimTask t, long blkaddr, IoPage page, MetaImage meta, int flags) {
        submitPageWrite(t, blkaddr, page, 0, 0, meta, flags, 0);
    }

    /**
     * f2fs_submit_page_write for one page: a data content reference and its write identity, or a metadata image;
     * remembering which inode the page belongs to (for {@link #submitMergedCond}).
     */
    public void submitPageWrite(SimTask t, long blkaddr, IoPage page, long ref, long tag, MetaImage meta, int flags, int ino) {
        ioRwsem.lock(t);
        try {
            if (bio != null && (blkaddr != lastBlockInBio + 1 || flags != bioFlags)) submit(t);
            if (bio == null) {
                bio = new Bio(ReqOp.WRITE, flags, blkaddr, Bio.BIO_MAX_VECS).endIo(WriteIo::endWrite);
                bioFlags = flags;
            }
            if (meta != null) bio.addMeta(page, meta);
            else bio.addData(page, ref, tag);
            sbi.cpu(t, CpuOp.BIO_ADD_PAGE, 1);
            lastBlockInBio = blkaddr;
            if (ino != 0) inosInBio.add(ino);
            if (bio.full()) submit(t);
        } finally {
            ioRwsem.unlock(t);
        }
    }

    /** __submit_merged_write: send the bio under construction, if any. */
    public void submitMerged(SimTask t) {
        ioRwsem.lock(t);
        try {
            if (bio != null) submit(t);
        } finally {
            ioRwsem.unlock(t);
        }
    }

    /** f2fs_submit_merged_write_cond: submit the bio only if it holds a page of {@code ino}. */
    public void submitMergedCond(SimTask t, int ino) {
        ioRwsem.lock(t);
        try {
            if (bio != null && inosInBio.contains(ino)) submit(t);
        } finally {
            ioRwsem.unlock(t);
        }
    }

    public boolean hasPending() {
        return bio != null;
    }

    private void submit(SimTask t) {
        Bio b = bio;
        bio = null;
        lastBlockInBio = -2;
        inosInBio.clear();
        sbi.rq().submit(t, b);
    }

    private static void endWrite(Bio b) {
        for (int i = 0; i < b.vcnt(); i++) {
            Object p = b.page(i);
            if (p instanceof IoPage io) io.endWrite(b.status());
        }
    }
}
