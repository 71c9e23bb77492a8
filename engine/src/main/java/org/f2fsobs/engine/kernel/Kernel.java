package org.f2fsobs.engine.kernel;

import org.f2fsobs.engine.kernel.block.RequestQueue;
import org.f2fsobs.engine.kernel.mm.Mm;
import org.f2fsobs.engine.platform.Machine;
import org.f2fsobs.engine.platform.Profile;
import org.f2fsobs.engine.sim.device.DeviceStore;

/**
 * One booted simulated machine with one disk: the machine (CPUs, costs), the block device's request queue and
 * the memory-management side (page cache LRU, writeback with its flusher thread). A new Kernel is a new boot:
 * after a power cut the same {@link DeviceStore} is attached to a fresh one.
 */
public final class Kernel {
    private final Machine machine;
    private final RequestQueue rq;
    private final Mm mm;

    public Kernel(Profile profile, DeviceStore store, long seed) {
        this.machine = new Machine(profile, seed);
        this.rq = new RequestQueue(machine, store);
        this.mm = new Mm(machine);
        mm.bdi().startFlusher();
    }

    public Machine machine() { return machine; }
    public RequestQueue rq() { return rq; }
    public Mm mm() { return mm; }
    public DeviceStore store() { return rq.store(); }

    /** A disk for a profile: its capacity, and a volatile write cache if the profile's device has one. */
    public static DeviceStore newDisk(Profile profile) {
        return new DeviceStore(profile.device().capacityBytes() / 4096, profile.device().volatileCache());
    }
}
