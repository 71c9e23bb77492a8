package org.f2fsobs.engine.f2fs.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.UnaryOperator;
import org.f2fsobs.engine.f2fs.F2fsOptions;
import org.f2fsobs.engine.f2fs.Optimizations;
import org.f2fsobs.engine.f2fs.Volume;
import org.f2fsobs.engine.f2fs.VolumeRig;
import org.f2fsobs.engine.f2fs.fsck.Fsck;
import org.junit.jupiter.api.Test;

/** check_inplace_update_policy's SSR, UTIL and SSR_UTIL bits: in place exactly when their condition holds. */
class IpuPolicyTests {
    private static final long MIB = 1L << 20;

    /** Rewrites of 64 synced pages after a fill to {@code utilPercent} of the user blocks: {IPU blocks, utilization}. */
    private static long[] rewrite(String mount, int utilPercent, UnaryOperator<F2fsOptions> sysfs) {
        VolumeRig rig = new VolumeRig(256 * MIB, 1);
        long[] r = new long[3];
        rig.boot(F2fsOptions.defaults(Optimizations.linux614()).withMountOptions(mount), (t, v) -> {
            v.writeSysfs(sysfs);
            int pages = (int) (v.sbi().cp().ckpt().userBlockCount() * utilPercent / 100);
            VolumeRig.Pattern gen0 = new VolumeRig.Pattern(rig.store, 0);
            int fd = v.open(t, "/f", Volume.O_RDWR | Volume.O_CREAT);
            for (int i = 0; i < pages; i += 256) v.pwrite(t, fd, (long) i << 12, (long) Math.min(256, pages - i) << 12, gen0);
            v.sync(t);
            long before = v.sbi().stat().ipuBlocks;
            VolumeRig.Pattern gen1 = new VolumeRig.Pattern(rig.store, 1);
            for (int i = 0; i < 64; i++) v.pwrite(t, fd, (long) i * 97 << 12, 4096, gen1);
            v.sync(t);
            v.close(t, fd);
            r[0] = v.sbi().stat().ipuBlocks - before;
            r[1] = v.sbi().smI().utilization();
            r[2] = Fsck.check(v.sbi()).size();
        });
        return r;
    }

    @Test
    void utilBitUpdatesInPlaceOnlyOverMinIpuUtil() {
        long[] full = rewrite("background_gc=off", 80, o -> o.withIpuPolicy(1 << 2));
        long[] roomy = rewrite("background_gc=off", 30, o -> o.withIpuPolicy(1 << 2));
        long[] higherBar = rewrite("background_gc=off", 80, o -> o.withIpuPolicy(1 << 2).withMinIpuUtil(90));
        long[] lfs = rewrite("background_gc=off,mode=lfs", 80, o -> o.withIpuPolicy(1 << 2));
        assertThat(full[1]).as("utilization").isGreaterThan(70);
        assertThat(full[0]).as("IPU blocks at %d %% > min_ipu_util 70", full[1]).isEqualTo(64);
        assertThat(roomy[0]).as("IPU blocks at %d %%", roomy[1]).isZero();
        assertThat(higherBar[0]).as("IPU blocks at %d %% with min_ipu_util 90", higherBar[1]).isZero();
        assertThat(lfs[0]).as("mode=lfs: never in place").isZero();
        assertThat(full[2] + roomy[2] + higherBar[2] + lfs[2]).as("fsck problems").isZero();
    }

    @Test
    void ssrBitsUpdateInPlaceOnlyWhileNeedSsr() {
        // f2fs_need_SSR: true under gc_urgent high (GC_URGENT_HIGH), else only when free sections run low
        long[] urgent = rewrite("background_gc=off", 30, o -> o.withIpuPolicy(1 << 1).withGcUrgent(1));
        long[] normal = rewrite("background_gc=off", 30, o -> o.withIpuPolicy(1 << 1));
        long[] ssrUtilLow = rewrite("background_gc=off", 30, o -> o.withIpuPolicy(1 << 3).withGcUrgent(1));
        long[] ssrUtilHigh = rewrite("background_gc=off", 80, o -> o.withIpuPolicy(1 << 3).withGcUrgent(1));
        long[] ssrUtilNoSsr = rewrite("background_gc=off", 80, o -> o.withIpuPolicy(1 << 3));
        assertThat(urgent[0]).as("SSR bit while need_SSR").isEqualTo(64);
        assertThat(normal[0]).as("SSR bit on a roomy volume").isZero();
        assertThat(ssrUtilLow[0]).as("SSR_UTIL: need_SSR but utilization %d %%", ssrUtilLow[1]).isZero();
        assertThat(ssrUtilHigh[0]).as("SSR_UTIL: need_SSR and utilization %d %%", ssrUtilHigh[1]).isEqualTo(64);
        assertThat(ssrUtilNoSsr[0]).as("SSR_UTIL: utilization %d %% without need_SSR", ssrUtilNoSsr[1]).isZero();
    }
}
