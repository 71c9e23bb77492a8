package org.f2fsobs.engine.kernel.mm;

import org.f2fsobs.engine.platform.Machine;

/**
 * The memory-management side of one simulated machine that the file system leans on: the page cache's LRU and
 * the backing device's writeback ({@link Bdi}). Created per simulation; file systems make their mappings here.
 */
public final class Mm {
    final Machine machine;
    final Lru lru;
    final Bdi bdi;

    public Mm(Machine machine) {
        this.machine = machine;
        var p = machine.profile();
        this.lru = p.lruStart() != null ? new Lru(p.lruStart()) : new Lru(p.availableBytes() / 4096, p.dirtyableBytes() / 4096);
        this.bdi = new Bdi(this);
    }

    public Lru lru() { return lru; }
    public Bdi bdi() { return bdi; }
    public Machine machine() { return machine; }

    public AddressSpace newMapping(Object host, AddressSpaceOps ops, String name) {
        return new AddressSpace(this, host, ops, name);
    }
}
