package org.f2fsobs.engine.kernel.block;

import static org.assertj.core.api.Assertions.assertThat;

import org.f2fsobs.engine.platform.TestProfiles;
import org.junit.jupiter.api.Test;

/** The legacy path's request_list: get_request sleeps at nr_requests per direction, batchers stop at 3/2 of it. */
class RequestListTests {

    /** A CFQ machine whose device takes one request at a time, so allocated requests pile up in the elevator. */
    static BlockRig rig(int nrRequests) {
        return new BlockRig(TestProfiles.ideal().cfq().set("device.cfq.slice_idle_ns", 0L)
                .set("device.queue_depth", 1).set("device.nr_requests", nrRequests).build(), 1);
    }

    @Test
    void anAsyncWriterSleepsInGetRequestAndABatcherNeverHoldsMoreThanOneAndAHalfTimesNrRequests() {
        BlockRig r = rig(8);
        int[] peak = {0};
        r.machine.sim().spawn("flusher", t -> {
            for (int i = 0; i < 40; i++) {                         // 40 non-contiguous pages: 40 requests
                r.q.submit(t, r.write(i * 2L, 1, 0));
                peak[0] = Math.max(peak[0], r.q.allocatedRequests(false));
            }
            t.sleepNs(100_000_000);                                 // let the device finish
        });
        r.machine.sim().run();
        assertThat(r.q.getRequestSleeps()).as("get_request sleeps").isPositive();
        assertThat(peak[0]).as("async requests allocated at once").isBetween(8, 12);
        assertThat(r.q.allocatedRequests(false)).as("every request freed at completion").isZero();
        assertThat(r.q.stats().writeRequests()).isEqualTo(40);
        for (int i = 0; i < 40; i++) assertThat(r.store.readRef(i * 2L)).isEqualTo(r.refWrittenAt(i * 2L));
    }

    @Test
    void syncRequestsComeFromTheirOwnListWhileTheAsyncOneIsFull() {
        BlockRig r = rig(8);
        long[] sleepsDuringReads = {-1};
        int[] asyncWhenReading = {0};
        r.machine.sim().spawn("flusher", t -> {
            for (int i = 0; i < 40; i++) r.q.submit(t, r.write(i * 2L, 1, 0));
        });
        r.machine.sim().spawn("reader", t -> {
            t.sleepNs(10_000);                                     // the flusher is asleep in get_request by now
            asyncWhenReading[0] = r.q.allocatedRequests(false);
            long s0 = r.q.getRequestSleeps();
            for (int i = 0; i < 4; i++) {
                Bio b = new Bio(ReqOp.READ, Bio.REQ_SYNC, 1000 + i * 2L, 1);
                b.addRead(null);
                r.q.submit(t, b);
            }
            sleepsDuringReads[0] = r.q.getRequestSleeps() - s0;    // nobody else ran: the reader did not sleep
            t.sleepNs(100_000_000);
        });
        r.machine.sim().run();
        assertThat(asyncWhenReading[0]).isGreaterThanOrEqualTo(7);
        assertThat(sleepsDuringReads[0]).isZero();
        assertThat(r.q.allocatedRequests(true)).isZero();
        assertThat(r.q.allocatedRequests(false)).isZero();
    }

    @Test
    void blkMqProfilesDoNotLimitAllocation() {
        BlockRig r = new BlockRig(TestProfiles.ideal().set("device.queue_depth", 1).set("device.nr_requests", 8).build(), 1);
        r.machine.sim().spawn("flusher", t -> {
            for (int i = 0; i < 40; i++) r.q.submit(t, r.write(i * 2L, 1, 0));
        });
        r.machine.sim().run();
        assertThat(r.q.getRequestSleeps()).isZero();
    }
}
