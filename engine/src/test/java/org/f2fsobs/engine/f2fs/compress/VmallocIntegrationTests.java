package org.f2fsobs.engine.f2fs.compress;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.f2fsobs.engine.f2fs.F2fsStat;
import org.f2fsobs.engine.f2fs.Optimizations;
import org.f2fsobs.engine.f2fs.Volume;
import org.f2fsobs.engine.f2fs.VolumeRig;
import org.f2fsobs.engine.f2fs.file.FileData;
import org.f2fsobs.engine.kernel.mm.vmalloc.Vmalloc;
import org.f2fsobs.engine.kernel.mm.vmalloc.VmallocEra;
import org.f2fsobs.engine.kernel.mm.vmalloc.VmallocProfile;
import org.f2fsobs.engine.platform.CpuOp;
import org.f2fsobs.engine.platform.Machine;
import org.f2fsobs.engine.platform.Profile;
import org.f2fsobs.engine.platform.TestProfiles;
import org.f2fsobs.engine.sim.SimTask;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Compression through the vmalloc model: 2 maps + 2 unmaps per cluster, purges, walks, the global lock. */
class VmallocIntegrationTests {

    static Profile profile(String vmalloc, String decompressContext) {
        return TestProfiles.ideal().set("device.capacity_bytes", 2L << 30).set("cpu.count", 4)
                .set("kernel.vmalloc", vmalloc).set("kernel.decompress_context", decompressContext).build();
    }

    static Optimizations flags(boolean vmMapRam) {
        return new Optimizations(false, vmMapRam, false, true);
    }

    /** Writes {@code bytes} of {@code data} into a compressed file in 1 MiB writes, syncs and drops caches. */
    static void writeCompressed(SimTask t, Volume v, String path, FileData data, long bytes) {
        v.mkdirs(t, "c", true);
        int fd = v.open(t, path, Volume.O_CREAT | Volume.O_WRONLY);
        for (long pos = 0; pos < bytes; pos += 1 << 20) v.pwrite(t, fd, pos, Math.min(1 << 20, bytes - pos), data);
        v.close(t, fd);
        v.sync(t);
        v.dropCaches(t);
    }

    static void readAll(SimTask t, Volume v, String path, long bytes) {
        int fd = v.open(t, path, Volume.O_RDONLY);
        for (long pos = 0; pos < bytes; pos += 512 << 10) v.pread(t, fd, pos, 512 << 10, (i, r, o, n) -> { });
        v.close(t, fd);
        t.sleepNs(1_000_000);                                  // deferred unmaps (6.14: f2fs_late_free_dic) run
    }

    @ParameterizedTest(name = "vm_map_ram={0} {1} {2}")
    @CsvSource({
        "false, list_walk_sync_purge, workqueue",
        "true, list_walk_sync_purge, workqueue",
        "false, rbtree_deferred_purge, completion",
        "true, rbtree_deferred_purge, completion",
    })
    void twoMapsAndTwoUnmapsPerClusterWrittenAndRead(boolean vmMapRam, String vmalloc, String context) {
        VolumeRig rig = new VolumeRig(profile(vmalloc, context), 1);
        CompressRig.Generated text = CompressRig.text(rig.store, 1);
        rig.boot(flags(vmMapRam), (t, v) -> {
            String map = vmMapRam ? "vm_map_ram_calls" : "vmap_calls";
            String unmap = vmMapRam ? "vm_unmap_ram_calls" : "vunmap_calls";
            String other = vmMapRam ? "vmap_calls" : "vm_map_ram_calls";
            F2fsStat st = v.sbi().stat();
            writeCompressed(t, v, "c/f", text, 1 << 20);
            Map<String, Long> w = v.vmallocStats();
            assertThat(st.compressedClustersWritten).isEqualTo(64);
            assertThat(st.compressEagain).isZero();
            assertThat(w.get(map)).isEqualTo(2 * st.compressedClustersWritten);
            assertThat(w.get(unmap)).isEqualTo(2 * st.compressedClustersWritten);
            assertThat(w.get(other)).isZero();
            v.vmalloc().stats().reset();
            readAll(t, v, "c/f", 1 << 20);
            Map<String, Long> r = v.vmallocStats();
            assertThat(st.compressedClustersRead).isEqualTo(64);
            assertThat(r.get(map)).isEqualTo(2 * st.compressedClustersRead);
            assertThat(r.get(unmap)).isEqualTo(2 * st.compressedClustersRead);
            assertThat(r.get(other)).isZero();
        });
    }

    @Test
    void fourXWithFourCpusPurgesSynchronouslyDuringALongVmapRead() {
        VolumeRig rig = new VolumeRig(profile("list_walk_sync_purge", "workqueue"), 1);
        CompressRig.Generated zeros = CompressRig.zeros(rig.store);
        long bytes = 64L << 20;                                // 4096 clusters x 7 pages of VA > lazy_max_pages
        rig.boot(flags(false), (t, v) -> {
            writeCompressed(t, v, "c/big", zeros, bytes);
            Vmalloc vm = v.vmalloc();
            assertThat(vm.lazyMaxPages()).isEqualTo(3 * 8192);   // fls(4) x 32 MiB / 4 KiB
            vm.stats().reset();
            readAll(t, v, "c/big", bytes);
            Map<String, Long> r = v.vmallocStats();
            assertThat(r.get("vmap_purges")).isPositive();
            assertThat(r.get("vmap_purges_by_caller")).as("4.x: the unmapping kworker purges").isEqualTo(r.get("vmap_purges"));
            assertThat(r.get("tlb_flush_all")).isPositive();
            assertThat(r.get("areas_freed_in_purge")).isGreaterThan(1000);
            assertThat(r.get("vmap_area_walk_steps")).isGreaterThanOrEqualTo(r.get("vmap_calls") - 1);
        });
    }

    /**
     * The next-fit cache of 4.x alloc_vmap_area fails whenever a request is smaller than a hole seen below it: with
     * holes at the bottom of the space (areas freed earlier), the alternating rbuf (4+1 pages) and cbuf (1+1 pages)
     * requests keep dropping the cache and walk the list, lazily freed areas included, so the walk grows with the
     * lazy list until a purge; the slower kworkers then overlap and contend on vmap_area_lock. vm_map_ram's per-CPU
     * blocks never search per call. On the Pixel 3 profile. The hole layout is made up for the test (the profiles hold
     * no vmallocinfo of a booted Pixel 3): a sensitivity check, not a scenario input.
     */
    @Test
    void fourXVmapWalksGrowWithTheLazyListWhenTheSpaceBelowHasHoles() {
        long[][] out = new long[2][];
        long bytes = 16L << 20;
        for (int k = 0; k < 2; k++) {
            boolean vmMapRam = k == 1;
            VolumeRig rig = new VolumeRig(P2MechanismTests.pixel3Small(), 1);
            CompressRig.Generated zeros = CompressRig.zeros(rig.store);
            rig.boot(flags(vmMapRam), (t, v) -> {
                Vmalloc vm = v.vmalloc();
                long[] a = new long[2000];
                for (int i = 0; i < a.length; i++) a[i] = vm.vmap(t, 1 + (i * 7) % 9);
                for (int i = 0; i < a.length; i += 2) vm.vunmap(t, a[i]);
                vm.vmUnmapAliases(t);                          // purge: every other area becomes a hole
                writeCompressed(t, v, "c/f", zeros, bytes);
                vm.stats().reset();
                long t0 = t.nowNs();
                readAll(t, v, "c/f", bytes);
                long readNs = t.nowNs() - t0 - 1_000_000;      // readAll's trailing sleep
                var s = vm.stats();
                out[vmMapRam ? 1 : 0] = new long[] {s.vmapAreaWalkSteps(), s.vmapAreaWalkStepsMax(), s.freeVmapCacheMisses(),
                        v.sbi().stat().compressedClustersRead, readNs, s.globalLockContended()};
            });
        }
        System.out.printf("holes below: vmap read %d ns, walk steps %d (max %d), cache misses %d, lock contended %d;"
                + " vm_map_ram read %d ns, walk steps %d%n", out[0][4], out[0][0], out[0][1], out[0][2], out[0][5],
                out[1][4], out[1][0]);
        long clusters = out[0][3];
        assertThat(out[0][2]).as("vmap: next-fit cache misses").isGreaterThan(clusters / 10);
        assertThat(out[0][1]).as("vmap: longest walk").isGreaterThan(1000);
        assertThat(out[0][0]).as("vmap: walk steps").isGreaterThan(100 * clusters);
        assertThat(out[1][0]).as("vm_map_ram: walk steps").isLessThan(clusters / 50);
        assertThat(out[1][4]).as("vm_map_ram read time").isLessThan(out[0][4]);
    }

    @Test
    void vmMapRamTakesTheGlobalLockAboutOncePer1024MappedPages() {
        VolumeRig rig = new VolumeRig(profile("list_walk_sync_purge", "workqueue"), 1);
        CompressRig.Generated zeros = CompressRig.zeros(rig.store);
        long bytes = 16L << 20;
        rig.boot(flags(true), (t, v) -> {
            writeCompressed(t, v, "c/f", zeros, bytes);
            v.vmalloc().stats().reset();
            readAll(t, v, "c/f", bytes);
            Map<String, Long> r = v.vmallocStats();
            long clusters = v.sbi().stat().compressedClustersRead;
            long mappedPages = clusters * (4 + 1);                  // vm_map_ram(4) for rbuf, vm_map_ram(1) for cbuf
            long blocks = r.get("vmap_blocks_allocated");
            assertThat(blocks).isBetween(mappedPages / 1024, mappedPages / 1024 + 4 + 1);
            // each new block: alloc_vmap_area + the block-tree insert; each freed block: tree delete + lazy purge share
            assertThat(r.get("global_lock_acquisitions")).isLessThanOrEqualTo(4 * (blocks + 1));
            assertThat(r.get("global_lock_acquisitions")).isLessThan(clusters / 50);
        });
    }

    /** Same seed, same configuration: the same event digest, virtual time and counters (decompression threads included). */
    @Test
    void aCompressedWriteAndReadIsDeterministic() {
        String[] runs = new String[2];
        for (int k = 0; k < 2; k++) {
            VolumeRig rig = new VolumeRig(P2MechanismTests.pixel3Small(), 1);
            CompressRig.Generated text = CompressRig.text(rig.store, 1);
            rig.boot(flags(false), (t, v) -> {
                writeCompressed(t, v, "c/f", text, 4L << 20);
                readAll(t, v, "c/f", 4L << 20);
            });
            var sim = rig.lastKernel.machine().sim();
            runs[k] = sim.digest().hex() + " " + sim.nowNs() + " " + sim.accounting().nsByName();
        }
        assertThat(runs[1]).isEqualTo(runs[0]);
    }

    @Test
    void theAdapterTakesEraCpusAndCostsFromTheProfile() {
        Profile p = TestProfiles.ideal().set("cpu.count", 4).set("kernel.vmalloc", "list_walk_sync_purge")
                .set("cpu.costs_ps.vmap_walk_step", 20_000).set("cpu.costs_ps.tlb_flush_all", 2_000_000)
                .set("cpu.costs_ps.vmap_lock", 15_000).build();
        Machine m = new Machine(p, 1);
        Vmalloc vm = VmallocProfile.forMachine(m);
        assertThat(vm.config().era()).isEqualTo(VmallocEra.LIST_WALK_SYNC_PURGE);
        assertThat(vm.config().onlineCpus()).isEqualTo(4);
        assertThat(vm.lazyMaxPages()).isEqualTo(24_576);
        var c = VmallocProfile.costs(m);
        assertThat(c.walkStepPs()).isEqualTo(20_000);
        assertThat(c.tlbFlushAllPs()).isEqualTo(2_000_000);
        assertThat(c.lockAcquirePs()).isEqualTo(15_000);
        assertThat(c.rbLookupPs()).isEqualTo(VmallocProfile.RB_DESCENT_STEPS * 20_000L);
        m.overrideCostPs(CpuOp.VMAP_WALK_STEP, 1_000);
        assertThat(VmallocProfile.costs(m).walkStepPs()).isEqualTo(1_000);
        assertThat(VmallocProfile.era(TestProfiles.ideal().build().kernel())).isEqualTo(VmallocEra.RBTREE_DEFERRED_PURGE);
    }
}
