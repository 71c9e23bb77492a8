package org.f2fsobs.engine.kernel.block;

import java.util.ArrayDeque;
import java.util.Iterator;

/**
 * blk-mq without an elevator ({@code none}): FIFO; a bio may still merge into a request waiting in the software
 * queue (blk_mq_sched_bio_merge → blk_bio_list_merge), which only happens when the device is saturated.
 */
final class NoneScheduler implements IoScheduler {
    private final ArrayDeque<Request> queue = new ArrayDeque<>();
    private final BlockStats stats;

    NoneScheduler(BlockStats stats) {
        this.stats = stats;
    }

    @Override
    public boolean tryMerge(Bio bio, int start, int count, int maxBlocks) {
        // blk_bio_list_merge looks at the most recent requests of the software queue (newest first, a few entries)
        int looked = 0;
        for (Iterator<Request> it = queue.descendingIterator(); it.hasNext() && looked < 8; looked++) {
            Request rq = it.next();
            if (rq.backMerge(bio, start, count, maxBlocks) || rq.frontMerge(bio, start, count, maxBlocks)) {
                stats.merged(bio.op());
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean insert(Request rq) {
        queue.addLast(rq);
        return false;
    }

    @Override
    public Request dispatch(int inFlight) {
        return queue.pollFirst();
    }

    @Override
    public void completed(Request rq) {}

    @Override
    public boolean isEmpty() {
        return queue.isEmpty();
    }

    @Override
    public String name() {
        return "none";
    }
}
