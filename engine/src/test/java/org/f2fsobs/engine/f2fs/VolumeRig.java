package org.f2fsobs.engine.f2fs;

import java.util.function.Consumer;
import org.f2fsobs.engine.f2fs.file.FileData;
import org.f2fsobs.engine.kernel.Kernel;
import org.f2fsobs.engine.platform.Profile;
import org.f2fsobs.engine.platform.TestProfiles;
import org.f2fsobs.engine.sim.device.ContentRegistry;
import org.f2fsobs.engine.sim.device.ContentSource;
import org.f2fsobs.engine.sim.device.CrashMode;
import org.f2fsobs.engine.sim.device.DeviceStore;
import org.f2fsobs.engine.sim.device.PowerCutReport;
import org.f2fsobs.engine.sim.Prng;

/** A formatted disk that is mounted in a fresh simulation (a "boot") for each {@link #boot}. */
public final class VolumeRig {
    public final Profile profile;
    public final DeviceStore store;
    private long seed = 1;
    public Kernel lastKernel;

    public VolumeRig(Profile profile, int segsPerSec) {
        this.profile = profile;
        this.store = Kernel.newDisk(profile);
        Mkfs.format(store, new Mkfs.Options(segsPerSec, 1, 0));
    }

    public VolumeRig(long deviceBytes, int segsPerSec) {
        this(TestProfiles.ideal().set("device.capacity_bytes", deviceBytes).build(), segsPerSec);
    }

    /** Mounts (with recovery), runs the body in task "main", and returns the volume as the body left it. */
    public Volume boot(F2fsOptions opts, VolumeBody body) {
        Kernel k = new Kernel(profile, store, seed++);
        lastKernel = k;
        Volume[] out = new Volume[1];
        k.machine().sim().spawn("main", t -> {
            Volume v = Volume.mount(t, k, opts);
            out[0] = v;
            body.run(t, v);
        });
        k.machine().sim().run();
        return out[0];
    }

    public Volume boot(Optimizations o, VolumeBody body) {
        return boot(F2fsOptions.defaults(o), body);
    }

    public PowerCutReport powerCut(CrashMode mode) {
        return store.powerCut(mode, new Prng(99));
    }

    @FunctionalInterface
    public interface VolumeBody {
        void run(org.f2fsobs.engine.sim.SimTask t, Volume v);
    }

    /** File content where page i of generation g has its own bytes: refs from a registered pattern source. */
    public static final class Pattern implements FileData {
        final int sourceId;

        public Pattern(DeviceStore store, int generation) {
            this.sourceId = store.registry().register(new ContentSource() {
                @Override
                public void fill(long index, byte[] dst, int off) {
                    long x = index * 0x9E3779B97F4A7C15L + generation;
                    for (int i = 0; i < BLOCK; i += 8) {
                        x = x * 6364136223846793005L + 1442695040888963407L;
                        for (int b = 0; b < 8; b++) dst[off + i + b] = (byte) (x >>> (8 * b));
                    }
                }

                @Override
                public String describe() {
                    return "pattern gen " + generation;
                }
            });
        }

        @Override
        public long pageRef(long pageIndex) {
            return ContentRegistry.ref(sourceId, pageIndex);
        }

        @Override
        public void fill(long fileOffset, byte[] dst, int off, int len) {
            throw new UnsupportedOperationException("whole pages only");
        }
    }

    /** Reads a whole file and returns its page refs. */
    public static long[] readAll(org.f2fsobs.engine.sim.SimTask t, Volume v, String path) {
        int fd = v.open(t, path, Volume.O_RDONLY);
        long size = v.openFile(fd).inode.isize;
        long[] refs = new long[(int) ((size + 4095) / 4096)];
        v.pread(t, fd, 0, size, (idx, ref, off, len) -> refs[(int) idx] = ref);
        v.close(t, fd);
        return refs;
    }

    static Consumer<Void> none() {
        return x -> { };
    }
}
