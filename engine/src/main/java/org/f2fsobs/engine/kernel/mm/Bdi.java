package org.f2fsobs.engine.kernel.mm;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.f2fsobs.engine.platform.Tunables;
import org.f2fsobs.engine.sim.SimCompletion;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.Simulation;

/**
 * One backing device's writeback ({@code struct bdi_writeback}; mm/page-writeback.c and fs/fs-writeback.c of 4.19):
 * global dirty and writeback page counts against thresholds from vm.dirty_background_ratio and vm.dirty_ratio of the
 * dirtyable memory; the inode lists {@code b_dirty} (dirtied order), {@code b_io} and {@code b_more_io}; the flusher
 * (wb_workfn → wb_do_writeback: periodic kupdate work for inodes dirtied longer than dirty_expire_centisecs ago, then
 * background work while more than the background threshold of pages is <em>dirty</em> — wb_over_bg_thresh ignores
 * pages under writeback); wb_writeback / writeback_sb_inodes (a {@link #writebackChunkSize} chunk per inode, a
 * 100 ms slice before the termination checks), requeue_inode / redirty_tail / requeue_io; and writer throttling in
 * balance_dirty_pages (IO-less since 3.2: writers sleep, the flusher writes).
 *
 * <p>Departures: throttling is a hard stop above the dirty setpoint, with the kernel's MAX_PAUSE (200 ms) as the
 * longest sleep before a writer looks again (Linux paces writers smoothly around the setpoint); the write bandwidth
 * estimate is Linux's initial value (INIT_BW, 100 MB/s) throughout; no cgroup writeback (one bdi_writeback); the
 * dirtyable memory is global_dirtyable_memory over the LRU state when the tunables are set (the run's start), not
 * recounted on every call (with a memory split it cannot change: see {@link Lru}).
 */
public final class Bdi {
    /** MIN_WRITEBACK_PAGES: 4 MiB in 4 KiB pages. */
    public static final long MIN_WRITEBACK_PAGES = 1024;
    /** DIRTY_SCOPE */
    static final long DIRTY_SCOPE = 8;
    /** INIT_BW: 100 MB/s in pages per second. */
    static final long INIT_BW_PAGES = 100L << (20 - 12);
    /** MAX_PAUSE = HZ/5: the longest a throttled writer sleeps in one go. */
    static final long MAX_PAUSE_NS = 200_000_000L;
    /** writeback_sb_inodes bails out to wb_writeback's checks after HZ/10 with something written. */
    static final long WB_SLICE_NS = 100_000_000L;

    /** Which writeback list an inode is on ({@code inode->i_io_list}). */
    enum IoList { NONE, B_DIRTY, B_IO, B_MORE_IO }

    /** {@code struct wb_writeback_work} for the two works the flusher starts by itself. */
    private static final class Work {
        long nrPages;
        final boolean forBackground;
        final boolean forKupdate;

        Work(long nrPages, boolean forBackground, boolean forKupdate) {
            this.nrPages = nrPages;
            this.forBackground = forBackground;
            this.forKupdate = forKupdate;
        }
    }

    /** A writer sleeping in balance_dirty_pages. */
    private static final class Throttled {
        final SimTask task;
        boolean woken;

        Throttled(SimTask task) {
            this.task = task;
        }
    }

    private final Mm mm;
    private final Simulation sim;
    private Tunables tun;
    private long backgroundThresh;
    private long dirtyThresh;
    private long freerun;
    private long setpoint;
    private int raPages;
    private boolean timerRunning;
    private long nrDirty;
    private long nrWriteback;
    private final ArrayDeque<AddressSpace> bDirty = new ArrayDeque<>();    // oldest dirtied_when first
    private final ArrayDeque<AddressSpace> bIo = new ArrayDeque<>();       // next to write first
    private final ArrayDeque<AddressSpace> bMoreIo = new ArrayDeque<>();
    private final ArrayDeque<Throttled> throttled = new ArrayDeque<>();
    /** The inode the flusher is writing now (I_SYNC, off every list meanwhile). */
    private AddressSpace writing;
    private SimCompletion kick;
    private boolean flusherBusy;
    private boolean backgroundWanted;
    private boolean kupdateDue;
    private long pagesWrittenByFlusher;
    private long throttleWaits;
    private long backgroundWorks;
    private long kupdateWorks;
    private long flusherWritepages;
    private long peakWriteback;

    Bdi(Mm mm) {
        this.mm = mm;
        this.sim = mm.machine.sim();
        setTunables(mm.machine.profile().tunables());
    }

    /**
     * The vm.dirty_* sysctls and read_ahead_kb (bdi->ra_pages) from now on: the thresholds are recomputed as
     * domain_dirty_limits does on every balance_dirty_pages call; a new dirty_writeback_centisecs takes effect when the
     * running period ends (Linux wakes the flusher at once), and 0 stops the periodic writeback until it is set again.
     */
    public void setTunables(Tunables t) {
        this.tun = t;
        this.raPages = t.raPages();
        // global_dirtyable_memory, from the LRU state now. Model: computed when the tunables are set (the run's start); with a
        // memory split it stays constant afterwards anyway (free pages become file pages one for one, reclaim keeps the reserves)
        long dirtyable = mm.lru.globalDirtyableMemory();
        long thresh = dirtyable * tun.dirtyRatio() / 100;        // domain_dirty_limits
        long bg = dirtyable * tun.dirtyBackgroundRatio() / 100;
        if (bg >= thresh) bg = thresh / 2;
        this.dirtyThresh = thresh;
        this.backgroundThresh = bg;
        this.freerun = (backgroundThresh + dirtyThresh) / 2;     // dirty_freerun_ceiling
        this.setpoint = (dirtyThresh + freerun) / 2;             // wb_position_ratio's setpoint
        if (kick != null && !timerRunning && tun.dirtyWritebackCentisecs() > 0) startTimer();
    }

    /** The tunables in effect. */
    public Tunables tunables() { return tun; }

    /** bdi->ra_pages: the readahead window a file opened now starts with (file_ra_state_init). */
    public int raPages() { return raPages; }

    public long backgroundThresh() { return backgroundThresh; }
    public long dirtyThresh() { return dirtyThresh; }
    public long freerunCeiling() { return freerun; }
    public long setpoint() { return setpoint; }
    public long nrDirty() { return nrDirty; }
    public long nrWriteback() { return nrWriteback; }
    public long pagesWrittenByFlusher() { return pagesWrittenByFlusher; }
    public long throttleWaits() { return throttleWaits; }
    /** Background works the flusher ran (wb_check_background_flush that found work). */
    public long backgroundWorks() { return backgroundWorks; }
    public long kupdateWorks() { return kupdateWorks; }
    /** ->writepages calls by the flusher that wrote something (pages per call = the runs it lays out). */
    public long flusherWritepages() { return flusherWritepages; }
    /** Most pages under writeback at once since {@link #resetPeakWriteback}. */
    public long peakWriteback() { return peakWriteback; }

    public void resetPeakWriteback() {
        peakWriteback = nrWriteback;
    }

    // ------------------------------------------------------------------ accounting (from AddressSpace)

    void accountDirtied(AddressSpace m) {
        nrDirty++;
        markInodeDirty(m);
    }

    /**
     * __mark_inode_dirty(I_DIRTY_PAGES): the first dirtying of a clean inode stamps dirtied_when and puts it on
     * b_dirty; an inode the flusher is writing (I_SYNC) is left where it is, requeue_inode places it afterwards.
     */
    private void markInodeDirty(AddressSpace m) {
        if (m.iDirtyPages) return;
        m.iDirtyPages = true;
        if (m.iSync) return;
        if (m.ioList == IoList.NONE) {
            m.dirtiedWhenNs = sim.nowNs();
            moveTo(m, IoList.B_DIRTY);
        }
    }

    void accountCleaned() {
        nrDirty--;
    }

    void accountWritebackStart() {
        if (++nrWriteback > peakWriteback) peakWriteback = nrWriteback;
    }

    void accountWritebackEnd() {
        nrWriteback--;
        if (!throttled.isEmpty() && nrDirty + nrWriteback <= setpoint) {
            Throttled w;
            while ((w = throttled.pollFirst()) != null) {
                w.woken = true;
                sim.wake(w.task);
            }
        }
    }

    // ------------------------------------------------------------------ writers

    /**
     * balance_dirty_pages_ratelimited → balance_dirty_pages: below the freerun ceiling (halfway between the
     * background and the dirty threshold) a writer goes on; above it the flusher is started and the writer sleeps
     * until dirty + writeback pages are back under the setpoint (at most MAX_PAUSE per sleep). On the way out,
     * background writeback is started when more than the background threshold is dirty.
     */
    public void balanceDirtyPages(SimTask t) {
        if (nrDirty + nrWriteback > freerun) {
            wbStartBackgroundWriteback();
            while (nrDirty + nrWriteback > setpoint) {
                throttleWaits++;
                t.sync();
                if (nrDirty + nrWriteback <= setpoint) break;
                pause(t);
                wbStartBackgroundWriteback();
            }
        }
        if (nrDirty > backgroundThresh) wbStartBackgroundWriteback();
    }

    /** io_schedule_timeout(pause): woken by writeback completions under the setpoint, or after MAX_PAUSE. */
    private void pause(SimTask t) {
        Throttled w = new Throttled(t);
        throttled.addLast(w);
        sim.schedule(sim.nowNs() + MAX_PAUSE_NS, () -> {
            if (!w.woken) {
                w.woken = true;
                throttled.remove(w);
                sim.wake(w.task);
            }
        });
        t.block(this);
    }

    // ------------------------------------------------------------------ flusher

    /** Starts the flusher kernel thread (a daemon task) and the dirty_writeback_centisecs timer. */
    public void startFlusher() {
        if (kick != null) return;
        kick = new SimCompletion(sim, "wb_wait");
        sim.spawn("kworker/flush", true, this::wbWorkfn);
        if (tun.dirtyWritebackCentisecs() > 0) startTimer();
    }

    /** The dirty_writeback_centisecs timer (wb_check_old_data_flush's interval), a daemon task. */
    private void startTimer() {
        timerRunning = true;
        sim.spawn("wb_timer", true, t -> {
            while (true) {
                long period = tun.dirtyWritebackCentisecs() * 10_000_000L;
                if (period <= 0) {
                    timerRunning = false;
                    return;
                }
                t.sleepNs(period);
                kupdateDue = true;                // wb_check_old_data_flush: the interval has passed
                wbWakeup();
            }
        });
    }

    /** wb_start_background_writeback */
    public void wbStartBackgroundWriteback() {
        backgroundWanted = true;
        wbWakeup();
    }

    /** wb_wakeup: queue the flusher's work (a running flusher runs once more). */
    private void wbWakeup() {
        if (kick == null) return;
        if (!flusherBusy) {
            flusherBusy = true;
            kick.complete();
        }
    }

    /** wb_workfn → wb_do_writeback, again while someone asked for more meanwhile. */
    private void wbWorkfn(SimTask t) {
        while (true) {
            kick.await(t);
            do {
                backgroundWanted = false;
                wbCheckOldDataFlush(t);
                wbCheckBackgroundFlush(t);
            } while (backgroundWanted || kupdateDue);
            flusherBusy = false;
        }
    }

    /** wb_check_old_data_flush: the periodic kupdate work, sized by the dirty pages now. */
    private void wbCheckOldDataFlush(SimTask t) {
        if (!kupdateDue) return;
        kupdateDue = false;
        if (nrDirty == 0) return;
        kupdateWorks++;
        wbWriteback(t, new Work(nrDirty, false, true));
    }

    /** wb_check_background_flush */
    private void wbCheckBackgroundFlush(SimTask t) {
        if (!wbOverBgThresh()) return;
        backgroundWorks++;
        wbWriteback(t, new Work(Long.MAX_VALUE, true, false));
    }

    /** wb_over_bg_thresh: like balance_dirty_pages but ignoring pages being written. */
    public boolean wbOverBgThresh() {
        return nrDirty > backgroundThresh;
    }

    /** writeback_chunk_size for background / kupdate work (WB_SYNC_NONE, not tagged). */
    long writebackChunkSize(long workNrPages) {
        long pages = Math.min(INIT_BW_PAGES / 2, dirtyThresh / DIRTY_SCOPE);
        pages = Math.min(pages, workNrPages);
        return (pages + MIN_WRITEBACK_PAGES) / MIN_WRITEBACK_PAGES * MIN_WRITEBACK_PAGES;   // round_down
    }

    /** The chunk the flusher gives each inode in a background pass. */
    long chunkPages() {
        return writebackChunkSize(Long.MAX_VALUE);
    }

    /** {@link #chunkPages} for tests outside the package. */
    public long writebackChunkSizeForTests() {
        return chunkPages();
    }

    /** wb_writeback */
    private void wbWriteback(SimTask t, Work work) {
        long expireNs = tun.dirtyExpireCentisecs() * 10_000_000L;
        while (true) {
            if (work.nrPages <= 0) break;
            if (work.forBackground && !wbOverBgThresh()) break;
            long dirtiedBefore = work.forKupdate ? sim.nowNs() - expireNs : sim.nowNs();
            if (bIo.isEmpty()) queueIo(dirtiedBefore);
            long progress = writebackSbInodes(t, work);
            if (progress > 0) continue;
            // no progress: b_more_io only holds inodes someone else has under I_SYNC, which nobody does here
            break;
        }
    }

    /** queue_io: b_more_io first, then the expired b_dirty inodes, oldest first. */
    private void queueIo(long dirtiedBefore) {
        AddressSpace m;
        while ((m = bMoreIo.pollFirst()) != null) {
            m.ioList = IoList.NONE;
            moveTo(m, IoList.B_IO);
        }
        while ((m = bDirty.peekFirst()) != null && m.dirtiedWhenNs <= dirtiedBefore) {
            bDirty.pollFirst();
            m.ioList = IoList.NONE;
            moveTo(m, IoList.B_IO);
        }
    }

    /** writeback_sb_inodes: a chunk per inode of b_io; returns pages (and inodes cleaned) written. */
    private long writebackSbInodes(SimTask t, Work work) {
        long startNs = sim.nowNs();
        long totalWrote = 0;
        AddressSpace m;
        while ((m = bIo.pollFirst()) != null) {
            m.ioList = IoList.NONE;
            m.iSync = true;
            writing = m;
            long chunk = writebackChunkSize(work.nrPages);
            WritebackControl wbc = new WritebackControl(WritebackControl.SyncMode.WB_SYNC_NONE, chunk);
            wbc.rangeCyclic = true;
            wbc.forBackground = work.forBackground;
            wbc.forKupdate = work.forKupdate;
            // __writeback_single_inode: do_writepages, then I_DIRTY_PAGES again only if the mapping is still dirty
            long written = m.ops.writepages(t, m, wbc);
            m.iDirtyPages = m.nrDirty > 0;
            pagesWrittenByFlusher += written;
            if (written > 0) flusherWritepages++;
            work.nrPages -= chunk - wbc.nrToWrite;
            totalWrote += Math.max(0, chunk - wbc.nrToWrite - wbc.pagesSkipped);
            if (!m.iDirtyPages) totalWrote++;
            requeueInode(m, wbc);
            m.iSync = false;
            writing = null;
            if (totalWrote > 0 && (sim.nowNs() - startNs >= WB_SLICE_NS || work.nrPages <= 0)) break;
        }
        return totalWrote;
    }

    /** requeue_inode */
    private void requeueInode(AddressSpace m, WritebackControl wbc) {
        if (wbc.pagesSkipped > 0) {
            redirtyTail(m);                      // writeback is not making progress (f2fs skipped it): later
            return;
        }
        if (m.nrDirty > 0) {
            if (wbc.nrToWrite <= 0) moveTo(m, IoList.B_MORE_IO);   // slice used up: next turn
            else redirtyTail(m);
        }
        // clean: off the writeback lists
    }

    /** redirty_tail: back to b_dirty; dirtied_when refreshed unless it is the newest there already. */
    private void redirtyTail(AddressSpace m) {
        AddressSpace newest = bDirty.peekLast();
        if (newest != null && m.dirtiedWhenNs < newest.dirtiedWhenNs) m.dirtiedWhenNs = sim.nowNs();
        if (m.ioList != IoList.NONE) listOf(m.ioList).remove(m);
        m.ioList = IoList.NONE;
        moveTo(m, IoList.B_DIRTY);
    }

    private ArrayDeque<AddressSpace> listOf(IoList l) {
        return switch (l) {
            case B_DIRTY -> bDirty;
            case B_IO -> bIo;
            case B_MORE_IO -> bMoreIo;
            case NONE -> throw new IllegalStateException("no list");
        };
    }

    private void moveTo(AddressSpace m, IoList l) {
        if (m.ioList != IoList.NONE) listOf(m.ioList).remove(m);
        m.ioList = l;
        listOf(l).addLast(m);
    }

    /** Every dirty inode: the one the flusher writes, then those on a list in list order (b_io, b_more_io, b_dirty). */
    private List<AddressSpace> allListed() {
        List<AddressSpace> all = new ArrayList<>();
        if (writing != null) all.add(writing);
        all.addAll(bIo);
        all.addAll(bMoreIo);
        all.addAll(bDirty);
        return all;
    }

    /** sync_inodes_sb: write every dirty inode with WB_SYNC_ALL and wait for it. */
    public void syncAll(SimTask t) {
        List<AddressSpace> all = allListed();
        for (AddressSpace m : all) {
            WritebackControl wbc = new WritebackControl(WritebackControl.SyncMode.WB_SYNC_ALL, Long.MAX_VALUE);
            wbc.forSync = true;
            m.ops.writepages(t, m, wbc);
            if (m.nrDirty == 0 && !m.iSync) {
                m.iDirtyPages = false;
                if (m.ioList != IoList.NONE) listOf(m.ioList).remove(m);
                m.ioList = IoList.NONE;
            }
        }
        for (AddressSpace m : all) m.waitWriteback(t);
    }
}
