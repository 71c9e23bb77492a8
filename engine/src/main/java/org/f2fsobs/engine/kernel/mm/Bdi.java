package org.f2fsobs.engine.kernel.mm;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.f2fsobs.engine.platform.Tunables;
import org.f2fsobs.engine.sim.SimCompletion;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.Simulation;

/**
 * One backing device's writeback ({@code struct bdi_writeback}, mm/page-writeback.c and fs/fs-writeback.c):
 * global dirty and writeback page counts against thresholds from vm.dirty_background_ratio and vm.dirty_ratio of
 * the dirtyable memory, the list of dirty inodes in dirtied order, the flusher thread (background writeback above
 * the background threshold, periodic kupdate writeback of inodes dirty for longer than dirty_expire_centisecs,
 * woken every dirty_writeback_centisecs), writeback_chunk_size, and writer throttling in balance_dirty_pages.
 *
 * <p>Departures: throttling is a hard stop above the dirty setpoint (Linux paces writers smoothly around it); the
 * write bandwidth estimate is Linux's initial value (INIT_BW, 100 MB/s) throughout.
 */
public final class Bdi {
    /** MIN_WRITEBACK_PAGES: 4 MiB in 4 KiB pages. */
    public static final long MIN_WRITEBACK_PAGES = 1024;
    /** DIRTY_SCOPE */
    static final long DIRTY_SCOPE = 8;
    /** INIT_BW: 100 MB/s in pages per second. */
    static final long INIT_BW_PAGES = 100L << (20 - 12);

    private final Mm mm;
    private final Simulation sim;
    private final Tunables tun;
    private final long backgroundThresh;
    private final long dirtyThresh;
    private final long setpoint;
    private long nrDirty;
    private long nrWriteback;
    private final ArrayDeque<AddressSpace> bDirty = new ArrayDeque<>();
    private final ArrayDeque<SimTask> throttled = new ArrayDeque<>();
    private SimCompletion kick;
    private boolean flusherBusy;
    private boolean backgroundWanted;
    private long pagesWrittenByFlusher;
    private long throttleWaits;

    Bdi(Mm mm) {
        this.mm = mm;
        this.sim = mm.machine.sim();
        this.tun = mm.machine.profile().tunables();
        long dirtyable = mm.lru.capacityPages();
        this.backgroundThresh = dirtyable * tun.dirtyBackgroundRatio() / 100;
        this.dirtyThresh = dirtyable * tun.dirtyRatio() / 100;
        long freerun = (backgroundThresh + dirtyThresh) / 2;
        this.setpoint = (dirtyThresh + freerun) / 2;
    }

    public long backgroundThresh() { return backgroundThresh; }
    public long dirtyThresh() { return dirtyThresh; }
    public long nrDirty() { return nrDirty; }
    public long nrWriteback() { return nrWriteback; }
    public long pagesWrittenByFlusher() { return pagesWrittenByFlusher; }
    public long throttleWaits() { return throttleWaits; }

    // ------------------------------------------------------------------ accounting (from AddressSpace)

    void accountDirtied(AddressSpace m) {
        nrDirty++;
        if (!m.onDirtyList) {                    // __mark_inode_dirty: dirtied_when is the first dirtying
            m.onDirtyList = true;
            m.dirtiedWhenNs = sim.nowNs();
            bDirty.addLast(m);
        }
    }

    void accountCleaned() {
        nrDirty--;
    }

    void accountWritebackStart() {
        nrWriteback++;
    }

    void accountWritebackEnd() {
        nrWriteback--;
        if (!throttled.isEmpty() && nrDirty + nrWriteback <= setpoint) {
            SimTask t;
            while ((t = throttled.pollFirst()) != null) sim.wake(t);
        }
    }

    // ------------------------------------------------------------------ writers

    /**
     * balance_dirty_pages_ratelimited: above the background threshold the flusher is started; above the setpoint
     * the writer sleeps until writeback brings dirty + writeback pages back under it.
     */
    public void balanceDirtyPages(SimTask t) {
        long dirty = nrDirty + nrWriteback;
        if (dirty > backgroundThresh) wakeupFlusher(true);
        while (nrDirty + nrWriteback > setpoint && nrWriteback + nrDirty > 0) {
            if (nrWriteback == 0) {
                wakeupFlusher(true);
            }
            throttleWaits++;
            t.sync();
            if (nrDirty + nrWriteback <= setpoint) break;
            throttled.addLast(t);
            t.block(this);
        }
    }

    // ------------------------------------------------------------------ flusher

    /** Starts the flusher kernel thread (a daemon task). */
    public void startFlusher() {
        if (kick != null) return;
        kick = new SimCompletion(sim, "wb_wait");
        sim.spawn("kworker/flush", true, this::flusher);
        if (tun.dirtyWritebackCentisecs() > 0) {
            long period = tun.dirtyWritebackCentisecs() * 10_000_000L;
            sim.spawn("wb_timer", true, t -> {
                while (true) {
                    t.sleepNs(period);
                    wakeupFlusher(false);
                }
            });
        }
    }

    /** wb_wakeup / wb_start_background_writeback */
    public void wakeupFlusher(boolean background) {
        if (kick == null) return;
        if (background) backgroundWanted = true;
        if (!flusherBusy) {
            flusherBusy = true;
            kick.complete();
        }
    }

    private void flusher(SimTask t) {
        while (true) {
            kick.await(t);
            do {
                boolean bg = backgroundWanted || nrDirty + nrWriteback > backgroundThresh;
                backgroundWanted = false;
                if (bg) backgroundWriteback(t);
                kupdateWriteback(t);
            } while (backgroundWanted);
            flusherBusy = false;
        }
    }

    /** writeback_chunk_size for background / kupdate work. */
    long chunkPages() {
        long pages = Math.min(INIT_BW_PAGES / 2, dirtyThresh / DIRTY_SCOPE);
        return Math.max(MIN_WRITEBACK_PAGES, (pages + MIN_WRITEBACK_PAGES) / MIN_WRITEBACK_PAGES * MIN_WRITEBACK_PAGES);
    }

    private void backgroundWriteback(SimTask t) {
        while (nrDirty + nrWriteback > backgroundThresh && !bDirty.isEmpty()) {
            if (!writeOneRound(t, Long.MAX_VALUE)) break;
        }
    }

    private void kupdateWriteback(SimTask t) {
        long expireNs = tun.dirtyExpireCentisecs() * 10_000_000L;
        writeOneRound(t, sim.nowNs() - expireNs);
    }

    /** One pass over the dirty inodes dirtied before {@code olderThanNs}: a chunk each (writeback_sb_inodes). */
    private boolean writeOneRound(SimTask t, long olderThanNs) {
        List<AddressSpace> io = new ArrayList<>();
        for (AddressSpace m : bDirty) if (m.dirtiedWhenNs <= olderThanNs) io.add(m);
        boolean progress = false;
        for (AddressSpace m : io) {
            if (m.nrDirty == 0) {
                dropFromDirtyList(m);
                continue;
            }
            WritebackControl wbc = new WritebackControl(WritebackControl.SyncMode.WB_SYNC_NONE, chunkPages());
            wbc.rangeCyclic = true;
            wbc.forBackground = olderThanNs == Long.MAX_VALUE;
            wbc.forKupdate = !wbc.forBackground;
            long written = m.ops.writepages(t, m, wbc);
            pagesWrittenByFlusher += written;
            if (written > 0) progress = true;
            if (m.nrDirty == 0) dropFromDirtyList(m);
            else requeue(m);
            if (olderThanNs == Long.MAX_VALUE && nrDirty + nrWriteback <= backgroundThresh) break;
        }
        return progress;
    }

    private void dropFromDirtyList(AddressSpace m) {
        bDirty.remove(m);
        m.onDirtyList = false;
    }

    private void requeue(AddressSpace m) {
        bDirty.remove(m);
        bDirty.addLast(m);
    }

    /** A mapping whose dirty pages were all written by someone else (fsync) leaves the list. */
    public void inodeClean(AddressSpace m) {
        if (m.onDirtyList && m.nrDirty == 0) dropFromDirtyList(m);
    }

    /** sync_inodes_sb: write every dirty inode with WB_SYNC_ALL and wait for it. */
    public void syncAll(SimTask t) {
        List<AddressSpace> all = new ArrayList<>(bDirty);
        for (AddressSpace m : all) {
            WritebackControl wbc = new WritebackControl(WritebackControl.SyncMode.WB_SYNC_ALL, Long.MAX_VALUE);
            wbc.forSync = true;
            m.ops.writepages(t, m, wbc);
            if (m.nrDirty == 0) dropFromDirtyList(m);
        }
        for (AddressSpace m : all) m.waitWriteback(t);
    }
}
