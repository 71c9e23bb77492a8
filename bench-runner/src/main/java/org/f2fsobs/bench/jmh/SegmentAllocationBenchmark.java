package org.f2fsobs.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.f2fsobs.engine.f2fs.F2fsConst;
import org.f2fsobs.engine.f2fs.F2fsOptions;
import org.f2fsobs.engine.f2fs.Optimizations;
import org.f2fsobs.engine.f2fs.Volume;
import org.f2fsobs.engine.f2fs.segment.CursegType;
import org.f2fsobs.engine.f2fs.segment.SegmentManager;
import org.f2fsobs.engine.kernel.Kernel;
import org.f2fsobs.engine.platform.Profile;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.device.DeviceStore;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class SegmentAllocationBenchmark {
    /*
     * What this measures: the segment manager's two per-page hot spots, per wall-clock second, on a mounted
     * 64 GiB nullblk-x86 volume (mkfs -s segsPerSec), with and without the P1 patch (sec_ckpt_valid_blocks).
     *
     * hasNotEnoughFreeSecs: the check f2fs_balance_fs makes once per written page. With the flag off and a large
     * section it runs has_curseg_enough_space over 7 logs, each summing the section's seg_entries:
     * 7 x 128 = 896 get_seg_entry reads at -s 128; with the flag on, 7 sec_entry reads; at -s 1, 7 seg_entry reads.
     * The model literally loops over those entries, so this is also what the P1 mechanism costs the simulator.
     *
     * allocateDataBlock: f2fs_allocate_data_block on WARM_DATA, overwriting a 16 Ki-block file in a ring (each call
     * invalidates the block the ring slot held before, as an overwrite does); when the ring wraps, the prefree
     * segments are freed as a checkpoint would (clearPrefreeSegments), so the volume never fills.
     *
     * Both come in two forms:
     *   - plain: called from the benchmark thread with a null SimTask, which the segment manager accepts (no locks,
     *     no CPU charging): the data-structure cost alone;
     *   - inTask: a batch of BATCH calls inside the mounted simulation's task (SimWorker), with curseg_lock,
     *     curseg_mutex and sentry_lock taken and CPU charged as the write path does; the batch's two thread
     *     hand-offs are included (about 0.1 % at these batch sizes).
     */

    static final int BATCH = 1 << 14;
    static final int RING = 1 << 14;

    @State(Scope.Thread)
    public static class Vol {
        @Param({"1", "128"})
        int segsPerSec;

        @Param({"false", "true"})
        boolean secCkptValidBlocks;

        SimWorker<Volume> worker;
        SegmentManager sm;
        final long[] ring = new long[RING];
        int slot;
        final SegmentManager.Summary sum = new SegmentManager.Summary(4, 0, (byte) 0);

        @Setup(Level.Trial)
        public void setUp() {
            Profile p = Rigs.withCapacity("nullblk-x86", 64 * Rigs.GIB);
            DeviceStore store = Rigs.formatted(p, segsPerSec);
            Kernel k = new Kernel(p, store, 1);
            Optimizations o = new Optimizations(secCkptValidBlocks, true, false, true);
            worker = new SimWorker<>(k.machine().sim(), t -> Volume.mount(t, k, F2fsOptions.defaults(o)));
            sm = worker.state().sbi().smI();
            java.util.Arrays.fill(ring, F2fsConst.NULL_ADDR);
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            worker.close();
        }

        /** One overwrite of the ring's next block; t may be null. */
        long allocate(SimTask t) {
            int i = slot;
            long addr = sm.allocateDataBlock(t, ring[i], CursegType.WARM_DATA, sum, null);
            ring[i] = addr;
            if (++i == RING) {
                i = 0;
                sm.clearPrefreeSegments(t);         // what the next checkpoint does with the overwritten segments
            }
            slot = i;
            return addr;
        }
    }

    @Benchmark
    public void baseline() {
        // harness overhead (JMHSample_08)
    }

    @Benchmark
    public boolean hasNotEnoughFreeSecs(Vol v) {
        return v.sm.hasNotEnoughFreeSecs(null, 0, 0);
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long hasNotEnoughFreeSecsInTask(Vol v) {
        return v.worker.run((t, vol) -> {
            SegmentManager sm = vol.sbi().smI();
            long n = 0;
            for (int i = 0; i < BATCH; i++) if (sm.hasNotEnoughFreeSecs(t, 0, 0)) n++;
            return n;
        });
    }

    @Benchmark
    public long allocateDataBlock(Vol v) {
        return v.allocate(null);
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long allocateDataBlockInTask(Vol v) {
        return v.worker.run((t, vol) -> {
            long x = 0;
            for (int i = 0; i < BATCH; i++) x += v.allocate(t);
            return x;
        });
    }

    /*
     * ============================== HOW TO RUN THIS BENCHMARK: ==============================
     *   $ ./mvnw -B -o -pl bench-runner package -DskipTests
     *   $ java -jar bench-runner/target/benchmarks.jar SegmentAllocation -f 1 -wi 2 -i 3 -rf json -rff segment-allocation.json
     *
     * Results (RESULTS-PLACEHOLDER)
     */
}
