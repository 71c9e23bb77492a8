package org.f2fsobs.engine.kernel.block;

import org.f2fsobs.engine.platform.Machine;
import org.f2fsobs.engine.platform.Profile;
import org.f2fsobs.engine.sim.device.DeviceStore;

/** A machine, a device store and a request queue from one profile, for block-layer tests. */
final class BlockRig {
    final Machine machine;
    final DeviceStore store;
    final RequestQueue q;

    BlockRig(Profile p, long seed) {
        machine = new Machine(p, seed);
        store = new DeviceStore(p.device().capacityBytes() / 4096, p.device().volatileCache());
        q = new RequestQueue(machine, store);
    }

    Bio write(long blk, int pages, int flags) {
        Bio b = new Bio(ReqOp.WRITE, flags, blk, Math.min(pages, Bio.BIO_MAX_VECS));
        for (int i = 0; i < pages; i++) b.addData(null, store.registry().literal(new byte[] {(byte) (blk + i), 7}, 0, 2), 0);
        return b;
    }

    long refWrittenAt(long blk) {
        return store.registry().literal(new byte[] {(byte) blk, 7}, 0, 2);
    }
}
