package org.f2fsobs.engine.kernel.mm;

import org.f2fsobs.engine.sim.SimTask;

/** {@code struct address_space_operations}: what the file system does for the generic page-cache code. */
public interface AddressSpaceOps {
    /** ->writepages: write back dirty pages as {@code wbc} asks; returns pages written. */
    long writepages(SimTask t, AddressSpace mapping, WritebackControl wbc);

    /**
     * ->readahead: the pages [start, start+nr) were added to the cache locked and not uptodate; read them (unlocking
     * each when its data is in).
     */
    void readahead(SimTask t, AddressSpace mapping, long start, int nr);
}
