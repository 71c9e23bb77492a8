package org.f2fsobs.engine.f2fs.compress;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.f2fsobs.engine.f2fs.F2fsStat;
import org.f2fsobs.engine.f2fs.Optimizations;
import org.f2fsobs.engine.f2fs.Volume;
import org.f2fsobs.engine.f2fs.VolumeRig;
import org.f2fsobs.engine.f2fs.fsck.Fsck;
import org.f2fsobs.engine.f2fs.file.FileData;
import org.f2fsobs.engine.platform.Profile;
import org.f2fsobs.engine.platform.ProfileLoader;
import org.junit.jupiter.api.Test;

/**
 * Seed 001 (P2) at small size on the Pixel 3 profile (4.9: list-walk vmalloc with synchronous purge, decompression in
 * f2fs_post_read_wq): write a compressed file of zeros in 1 MiB writes, drop caches, read it in 512 KiB reads, with
 * vmap (flag off) and vm_map_ram (flag on). Direction only: the profile's costs are not final.
 */
class P2MechanismTests {
    static final long FILE_BYTES = 64L << 20;

    /** The shipped Pixel 3 profile with a 4 GiB device (mkfs of the 64 GiB original is slow and changes nothing here). */
    static Profile pixel3Small() {
        // an override (as --profile-set does): a what-if outside the capacity's sourced range is allowed and said so
        return ProfileLoader.fromResource("pixel3-ufs21-little4", new java.util.TreeMap<>(Map.of("device.capacity_bytes", 4L << 30)));
    }

    /** dd if=/dev/zero: every page is the zero block. */
    static FileData devZero(VolumeRig rig) {
        long zero = rig.store.registry().zeroRef();
        return new FileData() {
            @Override public long pageRef(long pageIndex) { return zero; }
            @Override public void fill(long fileOffset, byte[] dst, int off, int len) { java.util.Arrays.fill(dst, off, off + len, (byte) 0); }
        };
    }

    record Run(long readNs, long deviceBytesRead, long readRequests, F2fsStat stat, Map<String, Long> vmalloc, long bytesRead) {}

    static Run p2(boolean vmMapRam, boolean compressed) {
        VolumeRig rig = new VolumeRig(pixel3Small(), 1);
        FileData zero = devZero(rig);
        Optimizations o = new Optimizations(false, vmMapRam, false, true);     // the scenario's 2020 flags
        Run[] out = new Run[1];
        Volume vol = rig.boot(o, (t, v) -> {
            v.mkdirs(t, "data", compressed);
            int fd = v.open(t, "data/dummy", Volume.O_CREAT | Volume.O_WRONLY | Volume.O_TRUNC);
            for (long pos = 0; pos < FILE_BYTES; pos += 1 << 20) v.pwrite(t, fd, pos, 1 << 20, zero);
            v.close(t, fd);
            v.sync(t);
            v.dropCaches(t);
            v.sbi().rq().resetStats();
            v.vmalloc().stats().reset();
            F2fsStat before = v.sbi().stat().snapshot();
            long t0 = t.nowNs();
            fd = v.open(t, "data/dummy", Volume.O_RDONLY);
            long[] got = {0};
            long zeroRef = rig.store.registry().zeroRef();
            for (long pos = 0; pos < FILE_BYTES; pos += 512 << 10) {
                got[0] += v.pread(t, fd, pos, 512 << 10, (idx, ref, off, len) -> assertThat(ref).isEqualTo(zeroRef));
            }
            v.close(t, fd);
            long readNs = t.nowNs() - t0;
            t.sleepNs(1_000_000);                                     // let deferred work (unmaps) finish
            var rs = v.sbi().rq().stats();
            out[0] = new Run(readNs, rs.readBytes(), rs.readRequests(), v.sbi().stat().minus(before), v.vmallocStats(), got[0]);
        });
        assertThat(Fsck.check(vol.sbi())).isEmpty();
        return out[0];
    }

    @Test
    void p2SmallOnPixel3VmMapRamReadsFasterThanVmapWithNoWalkOrPurge() {
        Run vmap = p2(false, true);
        Run ram = p2(true, true);
        Run plain = p2(false, false);
        System.out.printf("P2 small (%d MiB): vmap %d ns (%.1f MiB/s), vm_map_ram %d ns (%.1f MiB/s), uncompressed %d ns (%.1f MiB/s)%n",
                FILE_BYTES >> 20, vmap.readNs, mibps(vmap), ram.readNs, mibps(ram), plain.readNs, mibps(plain));
        System.out.println("vmap: " + vmap.vmalloc + " reqs " + vmap.readRequests + " bytes " + vmap.deviceBytesRead);
        System.out.println("vm_map_ram: " + ram.vmalloc + " reqs " + ram.readRequests + " bytes " + ram.deviceBytesRead);
        System.out.println("uncompressed: reqs " + plain.readRequests + " bytes " + plain.deviceBytesRead);
        long clusters = FILE_BYTES / 16384;
        for (Run r : new Run[] {vmap, ram}) {
            assertThat(r.bytesRead).isEqualTo(FILE_BYTES);
            assertThat(r.stat.compressedClustersRead).isEqualTo(clusters);
            assertThat(r.stat.compressedBlocksRead).as("one block per zero cluster").isEqualTo(clusters);
            // device bytes ≈ a quarter of the file (plus a few node blocks) and of the uncompressed file's
            assertThat((double) r.deviceBytesRead / FILE_BYTES).isBetween(0.25, 0.26);
            assertThat((double) r.deviceBytesRead / plain.deviceBytesRead).isBetween(0.24, 0.26);
            // consecutive clusters' compressed blocks are contiguous on COLD_DATA: one request per readahead window
            assertThat(r.readRequests).isLessThan(clusters / 16);
        }
        // 2 maps + 2 unmaps per cluster read, through the API the flag selects
        assertThat(vmap.vmalloc.get("vmap_calls")).isEqualTo(2 * clusters);
        assertThat(vmap.vmalloc.get("vunmap_calls")).isEqualTo(2 * clusters);
        assertThat(vmap.vmalloc.get("vm_map_ram_calls")).isZero();
        assertThat(ram.vmalloc.get("vm_map_ram_calls")).isEqualTo(2 * clusters);
        assertThat(ram.vmalloc.get("vm_unmap_ram_calls")).isEqualTo(2 * clusters);
        assertThat(ram.vmalloc.get("vmap_calls")).isZero();
        // vmap: every call searches vmap_area_list under the global lock, the freeing task purges synchronously with a
        // broadcast TLB flush and thousands of area frees; vm_map_ram: one search per 1024-page block, and its rare
        // purges free a block-sized area each
        assertThat(vmap.vmalloc.get("vmap_area_walk_steps")).isGreaterThanOrEqualTo(2 * clusters - 1);
        assertThat(vmap.vmalloc.get("vmap_purges_by_caller")).isPositive();
        assertThat(vmap.vmalloc.get("tlb_flush_all")).isPositive();
        assertThat(vmap.vmalloc.get("areas_freed_in_purge")).isGreaterThan(clusters);
        assertThat(ram.vmalloc.get("vmap_area_walk_steps")).isLessThanOrEqualTo(ram.vmalloc.get("vmap_blocks_allocated") + 1);
        assertThat(ram.vmalloc.get("areas_freed_in_purge")).isLessThan(vmap.vmalloc.get("areas_freed_in_purge") / 100);
        assertThat(ram.vmalloc.get("global_lock_acquisitions")).isLessThan(vmap.vmalloc.get("global_lock_acquisitions") / 100);
        assertThat(ram.readNs).as("vm_map_ram read time").isLessThan(vmap.readNs);
    }

    static double mibps(Run r) {
        return FILE_BYTES / 1048576.0 / (r.readNs / 1e9);
    }
}
