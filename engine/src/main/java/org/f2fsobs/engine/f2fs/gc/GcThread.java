package org.f2fsobs.engine.f2fs.gc;

import org.f2fsobs.engine.f2fs.F2fsOptions;
import org.f2fsobs.engine.f2fs.F2fsSbInfo;
import org.f2fsobs.engine.f2fs.segment.GcMode.GcType;
import org.f2fsobs.engine.sim.SimRwSem;
import org.f2fsobs.engine.sim.SimTask;

/**
 * The f2fs_gc kthread (fs/f2fs/gc.c gc_thread_func, 6.14) as a daemon task of the simulation: it sleeps wait_ms
 * (min_sleep_time first), then under gc_urgent high/mid collects at once every urgent_sleep_time; otherwise it
 * takes gc_lock if it can, skips while the I/O is not idle (is_idle(GC_TIME): requests in flight on the device or a
 * request to the file system within the last DEF_IDLE_INTERVAL seconds), shortens its sleep when need_to_boost_gc
 * (many invalid blocks and little free space) and lengthens it otherwise, and calls f2fs_gc with BG_GC
 * (background_gc=sync: FG_GC), nr_free_secs 0. No victim: it sleeps no_gc_sleep_time. Departures: no
 * f2fs_balance_fs_bg after a pass, no GC_MERGE hand-off, no gc_remaining_trials, and the idle check counts the
 * device's requests in flight rather than f2fs's read/writeback page counters.
 */
public final class GcThread {
    /** DEF_IDLE_INTERVAL: seconds without a request before the file system is idle (interval_time[GC_TIME]). */
    static final long DEF_IDLE_INTERVAL_NS = 5_000_000_000L;
    /** LIMIT_INVALID_BLOCK, LIMIT_FREE_BLOCK (gc.h), percent. */
    static final int LIMIT_INVALID_BLOCK = 40, LIMIT_FREE_BLOCK = 40;

    private final F2fsSbInfo sbi;
    private final GarbageCollector gc;
    private final SimRwSem gcLock;
    private SimTask task;
    private org.f2fsobs.engine.sim.SimCompletion exited;
    private boolean stop;
    private boolean gcWake;
    private boolean sleeping;
    private long sleepGen;

    GcThread(F2fsSbInfo sbi, GarbageCollector gc, SimRwSem gcLock) {
        this.sbi = sbi;
        this.gc = gc;
        this.gcLock = gcLock;
    }

    /** f2fs_start_gc_thread */
    void start() {
        exited = new org.f2fsobs.engine.sim.SimCompletion(sbi.sim(), "f2fs_gc exit");
        task = sbi.sim().spawn("f2fs_gc", true, t -> {
            gcThreadFunc(t);
            exited.complete();
        });
    }

    /** f2fs_stop_gc_thread: kthread_stop, which wakes the thread and waits until it has returned. */
    void stop(SimTask t) {
        stop = true;
        wakeUp();
        if (t != null && !(t instanceof org.f2fsobs.engine.sim.OfflineTask)) exited.await(t);
    }

    /** sysfs gc_urgent 1 or 3: gc_wake = true and wake_up_interruptible_all. */
    void wakeForUrgent() {
        gcWake = true;
        wakeUp();
    }

    private void wakeUp() {
        if (!sleeping) return;
        sleeping = false;
        sleepGen++;
        sbi.sim().wake(task);
    }

    /** wait_event_freezable_timeout(gc_wait_queue_head, kthread_should_stop() || gc_wake, wait_ms). */
    private void waitTimeout(SimTask t, long waitMs) {
        t.sync();
        if (stop || gcWake) return;
        long gen = ++sleepGen;
        sleeping = true;
        sbi.sim().schedule(t.nowNs() + waitMs * 1_000_000L, () -> {
            if (sleeping && sleepGen == gen) {
                sleeping = false;
                sbi.sim().wake(t);
            }
        });
        t.block(this);
    }

    private void gcThreadFunc(SimTask t) {
        long waitMs = sbi.opts().gcMinSleepTimeMs();
        while (!stop) {
            waitTimeout(t, waitMs);
            gcWake = false;                                   // give it a try one time
            if (stop) break;
            F2fsOptions o = sbi.opts();
            sbi.stat().bgGcWakeups++;
            if (o.gcUrgent() == VictimSelection.GC_URGENT_HIGH || o.gcUrgent() == VictimSelection.GC_URGENT_MID) {
                waitMs = o.gcUrgentSleepTimeMs();
                gcLock.downWrite(t);
            } else {
                if (!gcLock.tryDownWrite(t)) {
                    sbi.stat().bgGcSkipOther++;               // stat_other_skip_bggc_count
                    continue;
                }
                if (!isIdle(t, o)) {
                    waitMs = increaseSleepTime(o, waitMs);
                    gcLock.upWrite(t);
                    sbi.stat().bgGcSkipIo++;                  // stat_io_skip_bggc_count
                    continue;
                }
                waitMs = needToBoostGc() ? decreaseSleepTime(o, waitMs) : increaseSleepTime(o, waitMs);
            }
            waitMs = doGc(t, o, waitMs);
        }
    }

    /** do_gc: f2fs_gc with gc_lock held (f2fs_gc releases it), wait_ms set by the outcome. */
    private long doGc(SimTask t, F2fsOptions o, long waitMs) {
        sbi.stat().bgGcCalls++;                               // stat_inc_gc_call_count(sbi, BACKGROUND)
        GcType initGcType = o.bggcMode() == F2fsOptions.BggcMode.SYNC ? GcType.FG_GC : GcType.BG_GC;
        long start = t.nowNs();
        int ret;
        try {
            ret = gc.f2fsGc(t, initGcType, false, 0);
        } finally {
            gcLock.upWrite(t);
        }
        sbi.stat().bgGcTimeNs += t.nowNs() - start;
        if (ret != 0) return o.gcNoGcSleepTimeMs();           // no victim was selected
        return waitMs == o.gcNoGcSleepTimeMs() ? o.gcMinSleepTimeMs() : waitMs;
    }

    /**
     * is_idle(sbi, GC_TIME): gc_urgent high is always idle; otherwise no I/O in flight, then urgent mid and low are
     * idle, else f2fs_time_over(GC_TIME): DEF_IDLE_INTERVAL since the last request (f2fs_update_time REQ_TIME).
     */
    private boolean isIdle(SimTask t, F2fsOptions o) {
        if (o.gcUrgent() == VictimSelection.GC_URGENT_HIGH) return true;
        if (sbi.rq().inFlight() > 0) return false;          // departure: the device's requests for is_inflight_io
        if (o.gcUrgent() == VictimSelection.GC_URGENT_MID || o.gcUrgent() == VictimSelection.GC_URGENT_LOW) return true;
        return t.nowNs() > sbi.lastReqTimeNs() + DEF_IDLE_INTERVAL_NS;
    }

    /** increase_sleep_time */
    static long increaseSleepTime(F2fsOptions o, long wait) {
        if (wait == o.gcNoGcSleepTimeMs()) return wait;
        return wait + o.gcMinSleepTimeMs() > o.gcMaxSleepTimeMs() ? o.gcMaxSleepTimeMs() : wait + o.gcMinSleepTimeMs();
    }

    /** decrease_sleep_time */
    static long decreaseSleepTime(F2fsOptions o, long wait) {
        long w = wait == o.gcNoGcSleepTimeMs() ? o.gcMaxSleepTimeMs() : wait;
        return w - o.gcMinSleepTimeMs() < o.gcMinSleepTimeMs() ? o.gcMinSleepTimeMs() : w - o.gcMinSleepTimeMs();
    }

    /**
     * need_to_boost_gc → has_enough_invalid_blocks: invalid user blocks over LIMIT_INVALID_BLOCK % of the user
     * blocks, and free user blocks (free segments' blocks less the overprovision) under LIMIT_FREE_BLOCK % of them.
     */
    boolean needToBoostGc() {
        long userBlockCount = sbi.cp().ckpt().userBlockCount();
        long invalid = userBlockCount - sbi.sitI().writtenValidBlocks();   // written_block_count: the SIT's valid blocks
        long freeBlks = (long) sbi.smI().freeSegments() * org.f2fsobs.engine.f2fs.F2fsConst.BLKS_PER_SEG;
        long ovpBlks = (long) sbi.smI().ovpSegments() * org.f2fsobs.engine.f2fs.F2fsConst.BLKS_PER_SEG;
        long freeUser = freeBlks < ovpBlks ? 0 : freeBlks - ovpBlks;
        return invalid > userBlockCount * LIMIT_INVALID_BLOCK / 100 && freeUser < invalid * LIMIT_FREE_BLOCK / 100;
    }
}
