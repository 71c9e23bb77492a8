package org.f2fsobs.engine.f2fs.compress;

import org.f2fsobs.engine.kernel.mm.vmalloc.Vmalloc;
import org.f2fsobs.engine.sim.SimTask;

/**
 * How the compression buffers are mapped, per the seed-001 flag {@code vm_map_ram}: off = the 2020 code before the
 * patch, {@code vmap(pages, count, VM_MAP, PAGE_KERNEL)} / {@code vunmap}; on = {@code f2fs_vmap()}:
 * {@code vm_map_ram(pages, count, -1)} with up to MAX_VMAP_RETRIES attempts separated by {@code vm_unmap_aliases()},
 * and {@code vm_unmap_ram}. Every compressed cluster read or written maps twice (rbuf, cbuf) and unmaps twice.
 */
final class F2fsVmap {
    static final int MAX_VMAP_RETRIES = 3;

    private final Vmalloc vm;
    private final boolean vmMapRam;

    F2fsVmap(Vmalloc vm, boolean vmMapRam) {
        this.vm = vm;
        this.vmMapRam = vmMapRam;
    }

    Vmalloc vmalloc() {
        return vm;
    }

    /** Maps {@code count} pages; 0 (NULL) when the virtual space is exhausted (-ENOMEM for the caller). */
    long map(SimTask t, int count) {
        if (!vmMapRam) return vm.vmap(t, count);
        for (int i = 0; i < MAX_VMAP_RETRIES; i++) {
            long addr = vm.vmMapRam(t, count);
            if (addr != 0) return addr;
            vm.vmUnmapAliases(t);
        }
        return 0;
    }

    void unmap(SimTask t, long addr, int count) {
        if (addr == 0) return;
        if (vmMapRam) vm.vmUnmapRam(t, addr, count);
        else vm.vunmap(t, addr);
    }
}
