package org.f2fsobs.engine.f2fs.file;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.f2fsobs.engine.f2fs.F2fsSbInfo;
import org.f2fsobs.engine.sim.SimCompletion;
import org.f2fsobs.engine.sim.SimTask;

/**
 * Mirrors {@code struct flush_cmd_control} and f2fs_issue_flush (segment.c): with the flush_merge mount option a
 * kernel thread issues one cache flush for all the fsyncs queued while the previous one ran; without it each
 * caller flushes itself. A remount that turns flush_merge on creates the thread (f2fs_create_flush_cmd_control); one
 * that turns it off leaves it idle, the callers flushing themselves.
 */
public final class FlushCmdControl {
    private final F2fsSbInfo sbi;
    private final ArrayDeque<SimCompletion> queued = new ArrayDeque<>();
    private SimCompletion kick;
    private boolean busy;
    private long flushes;
    private long merged;

    public FlushCmdControl(F2fsSbInfo sbi) {
        this.sbi = sbi;
    }

    public long flushes() { return flushes; }
    public long merged() { return merged; }

    public void start() {
        if (!sbi.opts().flushMerge() || kick != null) return;
        kick = new SimCompletion(sbi.sim(), "flush_wait_queue");
        sbi.sim().spawn("f2fs_flush", true, this::thread);
    }

    /** f2fs_issue_flush */
    public void issueFlush(SimTask t) {
        if (sbi.opts().nobarrier()) return;              // test_opt(sbi, NOBARRIER)
        if (sbi.opts().flushMerge()) start();            // a remount turned flush_merge on
        if (kick == null || !sbi.opts().flushMerge()) {
            flushes++;
            sbi.rq().issueFlush(t);
            return;
        }
        SimCompletion done = new SimCompletion(sbi.sim(), "flush done");
        t.sync();
        queued.addLast(done);
        if (!busy) {
            busy = true;
            kick.complete();
        }
        done.await(t);
    }

    private void thread(SimTask t) {
        while (true) {
            kick.await(t);
            while (!queued.isEmpty()) {
                List<SimCompletion> batch = new ArrayList<>(queued);
                queued.clear();
                flushes++;
                merged += batch.size() - 1;
                sbi.rq().issueFlush(t);
                for (SimCompletion c : batch) c.complete();
            }
            busy = false;
        }
    }
}
