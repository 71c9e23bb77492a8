package org.f2fsobs.bench.jmh;

import org.f2fsobs.engine.f2fs.Mkfs;
import org.f2fsobs.engine.f2fs.file.FileData;
import org.f2fsobs.engine.platform.DeviceSpec;
import org.f2fsobs.engine.platform.Profile;
import org.f2fsobs.engine.platform.Profiles;
import org.f2fsobs.engine.sim.device.ContentRegistry;
import org.f2fsobs.engine.sim.device.ContentSource;
import org.f2fsobs.engine.sim.device.DeviceStore;

/**
 * Set-up helpers of the benchmarks (the engine's test rigs, {@code F2fsRig} and {@code BlockRig}, are not on this
 * module's class path): shipped profiles with a smaller device, formatted disks, and cheap file content.
 */
final class Rigs {
    static final long GIB = 1L << 30;
    static final long MIB = 1L << 20;

    private Rigs() {}

    /** A shipped profile whose device has {@code capacityBytes} instead (the disk is sparse either way). */
    static Profile withCapacity(String profileName, long capacityBytes) {
        Profile p = Profiles.load(profileName);
        DeviceSpec d = p.device();
        DeviceSpec small = d.withCapacityBytes(capacityBytes);
        return new Profile(p.name(), p.title(), p.description(), p.userland(), p.cpu(), p.memoryBytes(),
                p.availableBytes(), p.dirtyableBytes(), small, p.tunables(), p.kernel(), p.constants(), p.lruStart());
    }

    /** An empty disk for the profile's device. */
    static DeviceStore disk(Profile p) {
        return new DeviceStore(p.device().capacityBytes() / 4096, p.device().volatileCache());
    }

    /** mkfs.f2fs -s {@code segsPerSec} on a fresh disk for the profile's device. */
    static DeviceStore formatted(Profile p, int segsPerSec) {
        DeviceStore store = disk(p);
        Mkfs.format(store, new Mkfs.Options(segsPerSec, 1, 0));
        return store;
    }

    /** Registers a content source whose pages are never materialised (nothing in these benchmarks reads bytes back). */
    static int source(DeviceStore store, String name) {
        return store.registry().register(new ContentSource() {
            @Override
            public void fill(long index, byte[] dst, int off) {
                throw new UnsupportedOperationException("benchmark content is never read back");
            }

            @Override
            public String describe() {
                return name;
            }
        });
    }

    /** Whole-page file content: page i of the file is reference (source, i). */
    static FileData pages(DeviceStore store, String name) {
        int src = source(store, name);
        return new FileData() {
            @Override
            public long pageRef(long pageIndex) {
                return ContentRegistry.ref(src, pageIndex);
            }

            @Override
            public void fill(long fileOffset, byte[] dst, int off, int len) {
                throw new UnsupportedOperationException("the benchmarks write whole pages only");
            }
        };
    }
}
