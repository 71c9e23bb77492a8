package org.f2fsobs.engine.f2fs.archfixture;

import org.f2fsobs.engine.sim.device.DeviceStore;

/** Breaks "nothing in f2fs reaches the device store except Mkfs and Fsck" on purpose (ArchitectureTests' fixture). */
public final class F2fsReachingTheStore {
    static long blocks(DeviceStore store) {
        return store.nrBlocks();
    }
}
